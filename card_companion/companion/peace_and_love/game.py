"""Peace and Love at the table: the game, which applies the actions and answers what the players can do."""

from __future__ import annotations

import random

from card_companion.calculators.cards import Card, Deck, count
from card_companion.calculators.peace_and_love import (
    Entry,
    FightRound,
    RoundResult,
    deck_for,
    decks_for,
    final_score,
    pile_score,
    pile_total,
    resolve_round,
    value,
)
from card_companion.calculators.words import plural
from card_companion.companion.game import Applied, Game, IllegalAction, Outcome, lead_line, won_line
from card_companion.companion.peace_and_love.actions import (
    Action,
    Deal,
    FirstPlayer,
    NewFighter,
    PlayCards,
    Refresh,
    Retire,
    StartFight,
    Stop,
)
from card_companion.companion.peace_and_love.state import (
    DEAL,
    REFRESH_MIN_DECK,
    Fighter,
    FightInProgress,
    LastRound,
    PeaceAndLoveSettings,
    PeaceAndLoveSetup,
    PeaceAndLoveState,
    Player,
)

# --- the game ------------------------------------------------------------------------


class PeaceAndLove(Game[PeaceAndLoveSetup, PeaceAndLoveState, Action]):
    id = "peace-and-love"
    name = "Peace and Love"
    blurb = "Beat the bluff out of each other: fighters, trumps and victory piles."
    min_players = 2
    max_players = None  # "ten and eleven use five, and so on": any table the packs deal to (up to TABLE_MAX)
    rules_file = "peace-and-love.txt"
    Settings = PeaceAndLoveSettings
    Setup = PeaceAndLoveSetup
    State = PeaceAndLoveState
    action_type = Action

    def deck(self, setup: PeaceAndLoveSetup) -> Deck:
        return deck_for(len(setup.players))

    def deal_counts(self, players: int) -> tuple[int, int, int]:
        """Before the game starts: (packs shuffled together, cards in all, cards left in the
        deck after the deal of 5 in hand and 3 fighters each)."""
        decks = decks_for(players)
        return decks, decks * 52, decks * 52 - DEAL * players

    def initial_state(self, setup: PeaceAndLoveSetup) -> PeaceAndLoveState:
        n = len(setup.players)
        decks = decks_for(n)
        return PeaceAndLoveState(
            setup=setup,
            decks=decks,
            deck=decks * 52 - DEAL * n,
            players=tuple(Player() for _ in range(n)),
        )

    # --- applying actions --------------------------------------------------------------

    handlers = {Deal: "_deal", FirstPlayer: "_first_player", StartFight: "_start_fight", PlayCards: "_play",
                NewFighter: "_new_fighter", Retire: "_retire", Refresh: "_refresh", Stop: "_stop"}

    def _stop(self, s: PeaceAndLoveState, a: Stop) -> Applied:
        if s.phase == "fight":
            raise IllegalAction("finish the fight first: the game can be stopped between turns")
        if s.phase != "turn":
            raise IllegalAction("the game can be stopped once play has started, between turns"
                                if s.phase != "over" else "the game is already over")
        why = (f"stopped early after {plural(s.turns, 'turn')}, with {count(s.deck)} left in the deck: scored as "
               "it stands (the app's ruling; the rules end the game when the deck runs out)")
        return Applied(_end_game(s.model_copy(update={"stopped": True}), why),
                       f"The players stop the game after {plural(s.turns, 'turn')}: scored as it stands")

    def _check_cards(self, state: PeaceAndLoveState, cards) -> None:
        deck = self.deck(state.setup)
        for c in cards:
            deck.check(c, self.name)

    def _deal(self, s: PeaceAndLoveState, a: Deal) -> Applied:
        if s.phase != "deal":
            raise IllegalAction("the fighters have all been dealt")
        if not 0 <= a.player < len(s.players):
            raise IllegalAction(f"there is no player {a.player}")
        if s.players[a.player].dealt:
            raise IllegalAction(f"{s.name(a.player)}'s fighters are already entered")
        self._check_cards(s, a.fighters)
        # the fighters already dealt (every place holds one until a fight)
        face_up = [f.card for p in s.players if p.dealt for f in p.fighters if f is not None]
        Deck(copies=s.decks).check_copies(list(a.fighters) + face_up, self.name
                                          + (f" with {s.decks} packs" if s.decks > 1 else ""))
        player = s.players[a.player].model_copy(
            update={"dealt": True, "fighters": tuple(Fighter(card=c) for c in a.fighters)}
        )
        s = _with_player(s, a.player, player)
        total = sum(value(c) for c in a.fighters)
        text = f"{s.name(a.player)}'s fighters: {' '.join(c.symbol for c in a.fighters)} (total {total})"
        if not all(p.dealt for p in s.players):
            return Applied(s, text)
        totals = [sum(value(f.card) for f in p.fighters if f is not None) for p in s.players]
        low = min(totals)
        tied = tuple(i for i, t in enumerate(totals) if t == low)
        if len(tied) == 1:
            return Applied(s.model_copy(update={"phase": "turn", "turn": tied[0]}),
                           f"{text}; {s.name(tied[0])} has the lowest total and goes first")
        return Applied(s.model_copy(update={"phase": "first-player", "tied_first": tied}),
                       f"{text}; {' and '.join(s.name(p) for p in tied)} tie for the lowest total")

    def _first_player(self, s: PeaceAndLoveState, a: FirstPlayer) -> Applied:
        if s.phase != "first-player":
            raise IllegalAction("the first player is already known")
        if a.player not in s.tied_first:
            names = ", ".join(s.name(p) for p in s.tied_first)
            raise IllegalAction(f"the first player is picked among {names}")
        tied = " and ".join(s.name(p) for p in s.tied_first)
        return Applied(s.model_copy(update={"phase": "turn", "turn": a.player}),
                       f"Random pick among {tied}: {s.name(a.player)} goes first")

    def _start_fight(self, s: PeaceAndLoveState, a: StartFight) -> Applied:
        self._expect_turn(s)
        me = s.turn
        n = len(s.players)
        if a.fighter not in s.players[me].untapped():
            raise IllegalAction(f"{s.name(me)} can only attack with an untapped fighter")
        if not 0 <= a.defender < n or a.defender == me:
            raise IllegalAction("choose another player to attack")
        if a.defender_fighter not in s.players[a.defender].untapped():
            raise IllegalAction(f"{s.name(a.defender)} must defend with an untapped fighter")
        for p, place in a.joining.items():
            if not 0 <= p < n or p in (me, a.defender):
                raise IllegalAction("only players other than the attacker and the defender can join a fight")
            if place not in s.players[p].untapped():
                raise IllegalAction(f"{s.name(p)} can only join with an untapped fighter")
        entrants = {me: a.fighter, a.defender: a.defender_fighter, **a.joining}
        order = sorted(entrants, key=lambda p: (p - me) % n)
        fight = FightInProgress(
            attacker=me, defender=a.defender, remaining=tuple((p, entrants[p]) for p in order)
        )
        mine = s.players[me].fighter(a.fighter).card.symbol
        theirs = s.players[a.defender].fighter(a.defender_fighter).card.symbol
        text = f"{s.name(me)} attacks {s.name(a.defender)}'s {theirs} with {mine}"
        for p, place in a.joining.items():
            text += f"; {s.name(p)} joins with {s.players[p].fighter(place).card.symbol}"
        return Applied(s.model_copy(update={"phase": "fight", "fight": fight, "last_round": None, "untapped": ()}),
                       text)

    def preview_round(self, s: PeaceAndLoveState, cards: dict[int, Card]) -> tuple[tuple[Entry, ...], RoundResult]:
        """The round's result for these played cards, without applying it (the Resolve
        button); IllegalAction if the cards do not fit the fight."""
        fight = self._expect_fight(s)
        if fight.awaiting_replacement is not None:
            raise IllegalAction(f"first enter {s.name(fight.awaiting_replacement)}'s new fighter")
        owners = [p for p, _ in fight.remaining]
        if sorted(cards) != sorted(owners):
            names = ", ".join(s.name(p) for p in owners)
            raise IllegalAction(f"enter one card for each fighter in the fight: {names}")
        self._check_cards(s, cards.values())
        for p in owners:
            if s.players[p].hand < 1:
                raise IllegalAction(f"{s.name(p)} has no card in hand to play")
        entries = tuple(
            Entry(player=p, fighter=s.players[p].fighter(place).card, card=cards[p])
            for p, place in fight.remaining
        )
        result = resolve_round(
            FightRound(players=len(s.players), attacker=fight.attacker, defender=fight.defender,
                       fighters=list(entries)),
            names=s.names,
        )
        return entries, result

    def _play(self, s: PeaceAndLoveState, a: PlayCards) -> Applied:
        entries, result = self.preview_round(s, a.cards)
        fight = self._expect_fight(s)  # preview_round checked it already
        owners = [p for p, _ in fight.remaining]
        loser_p, loser_place = fight.remaining[result.loser]
        winner_p = fight.remaining[result.winner][0]
        loser_card = s.players[loser_p].fighter(loser_place).card
        players = list(s.players)
        for p in owners:
            players[p] = players[p].model_copy(update={"hand": players[p].hand - 1})
        fighters = list(players[loser_p].fighters)
        fighters[loser_place] = None
        players[loser_p] = players[loser_p].model_copy(update={"fighters": tuple(fighters)})
        players[winner_p] = players[winner_p].model_copy(update={"pile": players[winner_p].pile + (loser_card,)})
        number = fight.rounds + 1
        fight = fight.model_copy(update={
            "remaining": tuple(r for i, r in enumerate(fight.remaining) if i != result.loser),
            "rounds": number,
            "awaiting_replacement": loser_p,
            "involved": tuple(owners),
        })
        played = ", ".join(f"{s.name(e.player)} {e.card.symbol} on {e.fighter.symbol}" for e in entries)
        return Applied(s.model_copy(update={
            "players": tuple(players),
            "discards": s.discards + tuple(a.cards[p] for p in owners),
            "fight": fight,
            "last_round": LastRound(number=number, entries=entries, result=result),
        }), f"Round {number}: {played} → {result.explanation[-1]}")

    def _new_fighter(self, s: PeaceAndLoveState, a: NewFighter) -> Applied:
        after = self._after_new_fighter(s, a)
        who = self._expect_fight(s).awaiting_replacement
        assert who is not None  # _after_new_fighter refuses a step with no fighter to replace
        text = f"{s.name(who)}'s new fighter: {a.card.symbol}"
        if after.phase == "over":
            return Applied(after, f"{text}; the game is over ({after.ended_by})")
        if after.fight is None:
            text += "; the fight is over"
        return Applied(after, text + _untap_note(after))

    def _after_new_fighter(self, s: PeaceAndLoveState, a: NewFighter) -> PeaceAndLoveState:
        fight = self._expect_fight(s)
        p = fight.awaiting_replacement
        if p is None:
            raise IllegalAction("no fighter is waiting to be replaced")
        self._check_cards(s, [a.card])
        fighters = list(s.players[p].fighters)
        place = fighters.index(None)
        fighters[place] = Fighter(card=a.card)
        s = _with_player(s, p, s.players[p].model_copy(update={"fighters": tuple(fighters)}))
        fight = fight.model_copy(update={"awaiting_replacement": None})
        s = s.model_copy(update={"deck": s.deck - 1, "fight": fight})
        if s.deck == 0:
            return _end_game(s, f"{s.name(p)}'s new fighter was the last card of the deck")
        # everyone involved in the round draws a card, in turn order from the attacker
        for q in fight.involved:
            s = _with_player(s, q, s.players[q].model_copy(update={"hand": s.players[q].hand + 1}))
            s = s.model_copy(update={"deck": s.deck - 1})
            if s.deck == 0:
                return _end_game(s, f"{s.name(q)} drew the last card of the deck")
        if len(fight.remaining) == 1:
            (wp, wplace), = fight.remaining
            fighters = list(s.players[wp].fighters)
            fighters[wplace] = s.players[wp].fighter(wplace).model_copy(update={"tapped": True})
            s = _with_player(s, wp, s.players[wp].model_copy(update={"fighters": tuple(fighters)}))
            return _end_turn(s)
        return s

    def _retire(self, s: PeaceAndLoveState, a: Retire) -> Applied:
        self._expect_turn(s)
        me = s.turn
        player = s.players[me]
        if a.fighter not in player.untapped():
            raise IllegalAction("only an untapped fighter can retire")
        self._check_cards(s, [a.new_fighter])
        old = player.fighter(a.fighter).card
        if old == a.new_fighter and s.decks == 1:
            raise IllegalAction(f"{old.symbol} goes to the hand: bring in another card as the new fighter")
        fighters = list(player.fighters)
        fighters[a.fighter] = Fighter(card=a.new_fighter, tapped=True)
        after = _end_turn(_with_player(s, me, player.model_copy(update={"fighters": tuple(fighters)})))
        return Applied(after, f"{s.name(me)} retires {old.symbol} and brings in {a.new_fighter.symbol} (tapped)"
                              + _untap_note(after))

    def _refresh(self, s: PeaceAndLoveState, a: Refresh) -> Applied:
        self._expect_turn(s)
        me = s.turn
        player = s.players[me]
        refusal = self.refresh_refusal(s)
        if refusal:
            raise IllegalAction(refusal)
        if a.fighter not in player.untapped():
            raise IllegalAction("a refresh taps one of your untapped fighters")
        fighters = list(player.fighters)
        tapped = player.fighter(a.fighter).card.symbol
        fighters[a.fighter] = player.fighter(a.fighter).model_copy(update={"tapped": True})
        after = _end_turn(_with_player(s, me, player.model_copy(update={"fighters": tuple(fighters)})))
        return Applied(after, f"{s.name(me)} refreshes their hand, tapping {tapped}" + _untap_note(after))

    def _expect_turn(self, s: PeaceAndLoveState) -> None:
        if s.phase == "deal":
            raise IllegalAction("first enter every player's three fighters")
        if s.phase == "first-player":
            raise IllegalAction("first pick who goes first")
        if s.phase == "fight":
            raise IllegalAction("finish the fight first")
        if s.phase == "over":
            raise IllegalAction("the game is over")

    def _expect_fight(self, s: PeaceAndLoveState) -> FightInProgress:
        if s.phase != "fight" or s.fight is None:
            raise IllegalAction("there is no fight going on")
        return s.fight

    # --- reading the state ----------------------------------------------------------------

    def is_over(self, state: PeaceAndLoveState) -> bool:
        return state.phase == "over"

    def scores(self, state: PeaceAndLoveState) -> list[tuple[int, int]]:
        """(total value, card count) per player, with Anti Math Geek's fighters if it is on."""
        amg = state.setup.settings.anti_math_geek
        return [pile_score(p.pile, [f.card for f in p.fighters if f is not None], amg) for p in state.players]

    def leading(self, state: PeaceAndLoveState) -> str:
        """Who would win if the game ended now, in one phrase (Stop asks first with it)."""
        settings = state.setup.settings
        f = final_score(self.scores(state), [not p.pile for p in state.players], state.names,
                        settings.shoot_the_moon, settings.anti_math_geek)
        return f.headline

    def outcome(self, state: PeaceAndLoveState) -> Outcome | None:
        if state.phase != "over":
            return None
        settings = state.setup.settings
        f = final_score(self.scores(state), [not p.pile for p in state.players], state.names,
                        settings.shoot_the_moon, settings.anti_math_geek, state.ended_by)
        headline = f"Stopped early: {f.headline}" if state.stopped else f.headline
        return Outcome(winners=f.winners, headline=headline, details=f.details)

    def summary(self, state: PeaceAndLoveState) -> dict[str, str]:
        out = {"Deck": count(state.deck)}
        if state.phase in ("turn", "fight"):
            out["Turn"] = state.name(state.turn)
        for i, p in enumerate(state.players):
            name = state.name(i)
            if p.dealt:
                out[f"{name}'s fighters"] = " ".join(
                    "—" if f is None else f.card.symbol + (" (tapped)" if f.tapped else "") for f in p.fighters
                )
            out[f"{name}'s victory pile"] = f"{count(pile_total(p.pile), 'point')}, {count(len(p.pile))}"
            out[f"{name}'s hand"] = count(p.hand)
        return out

    def headline(self, state: PeaceAndLoveState) -> str:
        """"Bea leads 12–9 · turn 5", "Ann won 34–20", "dealing the fighters"."""
        totals = [t for t, _ in self.scores(state)]
        outcome = self.outcome(state)
        if outcome is not None:
            line = won_line(state.names, outcome, totals)
            return f"{line} (stopped early)" if state.stopped else line
        if state.phase == "deal":
            return "dealing the fighters"
        if state.phase == "first-player":
            return "picking who goes first"
        return f"{lead_line(state.names, totals)} · turn {state.turns + 1}"

    def known_cards(self, state: PeaceAndLoveState) -> list[Card]:
        known = list(state.discards)
        for p in state.players:
            known += [f.card for f in p.fighters if f is not None]
            known += p.pile
        return known

    # --- what the players can do now (the views ask these) ------------------------------

    def attackers(self, state: PeaceAndLoveState) -> list[int]:
        return state.players[state.turn].untapped() if state.phase == "turn" else []

    def defenders(self, state: PeaceAndLoveState) -> dict[int, list[int]]:
        """Players that can be attacked now, with their untapped fighters' places."""
        if state.phase != "turn":
            return {}
        return {i: p.untapped() for i, p in enumerate(state.players) if i != state.turn and p.untapped()}

    def tap_refusal(self, state: PeaceAndLoveState, player: int, place: int, mode: str = "fight") -> str | None:
        """Why tapping this fighter does nothing now (None when the tap is allowed): the table
        says so instead of ignoring the tap."""
        if state.phase != "turn":
            return None
        fighter = state.players[player].fighters[place]
        if fighter is None:
            return None
        who, card = state.name(player), fighter.card.symbol
        if player == state.turn:
            if fighter.tapped:
                return f"{who}'s {card} is tapped: it cannot fight, retire or refresh until it is untapped"
            return None
        if mode != "fight":
            return f"it is {state.name(state.turn)}'s turn: tap one of {state.name(state.turn)}'s fighters"
        if fighter.tapped:
            return f"{who}'s {card} is tapped: a tapped fighter cannot be attacked or join a fight"
        return None

    def refresh_refusal(self, state: PeaceAndLoveState) -> str | None:
        """Why a refresh cannot be made now (the deck too short), or None."""
        if state.deck < REFRESH_MIN_DECK:
            return f"a refresh needs at least {REFRESH_MIN_DECK} cards in the deck; it has {state.deck}"
        return None

    def can_refresh(self, state: PeaceAndLoveState) -> bool:
        return state.phase == "turn" and self.refresh_refusal(state) is None

    def joiners(self, state: PeaceAndLoveState, defender: int | None) -> dict[int, list[int]]:
        """Players who may add a fighter to a fight against ``defender``, with their
        untapped fighters' places."""
        return {p: places for p, places in self.defenders(state).items() if p != defender}

    def starting_totals(self, state: PeaceAndLoveState) -> list[int | None]:
        """Each player's total of starting fighters (None until entered)."""
        # before any fight, every place of a dealt player holds a fighter
        return [sum(value(f.card) for f in p.fighters if f is not None) if p.dealt else None for p in state.players]

    def starting_line(self, state: PeaceAndLoveState) -> str | None:
        """Before the first turn is played: who starts and why, in players' words."""
        if state.phase != "turn" or state.turns != 0:
            return None
        p = state.turn
        total = self.starting_totals(state)[p]
        if len(state.tied_first) > 1:
            tied = " and ".join(state.name(q) for q in state.tied_first)
            return f"{state.name(p)} starts: picked at random among {tied}, tied for the lowest total ({total})"
        return f"{state.name(p)} starts: lowest total, {total}"

    def next_to_deal(self, state: PeaceAndLoveState) -> int | None:
        """The first player, in seating order, whose fighters are not entered yet."""
        if state.phase != "deal":
            return None
        return next(i for i, p in enumerate(state.players) if not p.dealt)

    def pick_first_player(self, state: PeaceAndLoveState, rng: random.Random) -> FirstPlayer:
        """Draw the random pick among the tied players (the action records it)."""
        return FirstPlayer(player=rng.choice(state.tied_first))


def _with_player(s: PeaceAndLoveState, i: int, player: Player) -> PeaceAndLoveState:
    players = list(s.players)
    players[i] = player
    return s.model_copy(update={"players": tuple(players)})


def _end_turn(s: PeaceAndLoveState) -> PeaceAndLoveState:
    """After every turn, a player whose three fighters are all tapped untaps them."""
    players = list(s.players)
    untapped = []
    for i, p in enumerate(players):
        if p.all_tapped():
            # all tapped: every place holds a fighter
            fresh = tuple(f.model_copy(update={"tapped": False}) for f in p.fighters if f is not None)
            players[i] = p.model_copy(update={"fighters": fresh})
            untapped.append(i)
    return s.model_copy(update={
        "players": tuple(players),
        "phase": "turn",
        "turn": (s.turn + 1) % len(players),
        "turns": s.turns + 1,
        "fight": None,
        "untapped": tuple(untapped),
    })


def _end_game(s: PeaceAndLoveState, why: str) -> PeaceAndLoveState:
    return s.model_copy(update={"phase": "over", "ended_by": why})


def _untap_note(after: PeaceAndLoveState) -> str:
    if not after.untapped:
        return ""
    names = " and ".join(after.name(p) for p in after.untapped)
    return f"; all three of {names}'s fighters were tapped: untapped"



GAME = PeaceAndLove()
