"""Peace and Love at the table: 2 or more players, from the deal to the final score.

The app never sees the hands. It knows the fighters (face up), every card played on a
fighter (revealed, then discarded), the victory piles and, by counting, the deck and the
number of cards in each hand. Rules: card_companion/rules/peace-and-love.txt; rulings: docs/rules.md.
"""

from __future__ import annotations

import random
from typing import Annotated, Literal

from pydantic import Field

from card_companion.calculators.cards import Card, CardError, Deck, count
from card_companion.calculators.odds import SYMMETRY, best_cards, peace_and_love_fight_odds, percent
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
from card_companion.companion.ask import Answer, Ask
from card_companion.companion.game import (
    Frozen,
    Game,
    IllegalAction,
    Outcome,
    Settings,
    Setup,
    TableState,
    lead_line,
    won_line,
)

HAND = 5
FIGHTERS = 3
DEAL = HAND + FIGHTERS
REFRESH_MIN_DECK = 5


# --- setup ---------------------------------------------------------------------------


class PeaceAndLoveSettings(Settings):
    shoot_the_moon: bool = Field(
        False,
        title="Shoot the Moon",
        description="With 3 or more players, the one player who wins no fights wins the game.",
        json_schema_extra={"min_players": 3},
    )
    anti_math_geek: bool = Field(
        False,
        title="Anti Math Geek",
        description="Add your three remaining fighters to your victory pile before scoring.",
    )


class PeaceAndLoveSetup(Setup):
    settings: PeaceAndLoveSettings = PeaceAndLoveSettings()


# --- state ---------------------------------------------------------------------------


class Fighter(Frozen):
    card: Card
    tapped: bool = False


class Player(Frozen):
    dealt: bool = False
    """False until the player's three starting fighters are entered"""
    fighters: tuple[Fighter | None, ...] = (None, None, None)
    """three places; None: not dealt yet, or waiting for a replacement"""
    hand: int = HAND
    pile: tuple[Card, ...] = ()
    """the victory pile: the fighters this player defeated"""

    def untapped(self) -> list[int]:
        return [i for i, f in enumerate(self.fighters) if f is not None and not f.tapped]

    def all_tapped(self) -> bool:
        return all(f is not None and f.tapped for f in self.fighters)


class FightInProgress(Frozen):
    attacker: int
    defender: int
    remaining: tuple[tuple[int, int], ...]
    """(player, fighter place) still in the fight, in turn order from the attacker"""
    rounds: int = 0
    awaiting_replacement: int | None = None
    """the player who must enter the new fighter drawn for their defeated one"""
    involved: tuple[int, ...] = ()
    """the players of the last round (they draw once the replacement is in)"""


class LastRound(Frozen):
    """The latest resolved round, for the table screen."""

    number: int
    entries: tuple[Entry, ...]
    result: RoundResult


class PeaceAndLoveState(TableState):
    setup: PeaceAndLoveSetup
    decks: int
    deck: int
    """cards left in the deck"""
    players: tuple[Player, ...]
    discards: tuple[Card, ...] = ()
    phase: Literal["deal", "first-player", "turn", "fight", "over"] = "deal"
    turn: int = 0
    """whose turn it is (or who goes first, once known)"""
    turns: int = 0
    """turns completed"""
    tied_first: tuple[int, ...] = ()
    """players tied for the lowest starting total (phase first-player)"""
    fight: FightInProgress | None = None
    last_round: LastRound | None = None
    untapped: tuple[int, ...] = ()
    """players whose three tapped fighters were untapped at the end of the last turn"""
    ended_by: str = ""
    stopped: bool = False
    """the players stopped before the deck ran out (scored as it stood)"""


# --- actions -------------------------------------------------------------------------


class Deal(Frozen):
    """A player's three starting fighters, as dealt face up."""

    kind: Literal["deal"] = "deal"
    player: int
    fighters: tuple[Card, Card, Card]


class FirstPlayer(Frozen):
    """The random pick among the players tied for the lowest total (recorded, so replay
    gives the same starting player)."""

    kind: Literal["first-player"] = "first-player"
    player: int


class StartFight(Frozen):
    """The player whose turn it is attacks with an untapped fighter."""

    kind: Literal["fight"] = "fight"
    fighter: int = Field(ge=0, lt=FIGHTERS, description="the attacking fighter's place (0-2)")
    defender: int = Field(ge=0, description="the attacked player")
    defender_fighter: int = Field(ge=0, lt=FIGHTERS)
    joining: dict[int, int] = Field(default_factory=dict, description="other players joining: player → fighter place")


class PlayCards(Frozen):
    """The cards revealed on the fighters still in the fight: player → card."""

    kind: Literal["play"] = "play"
    cards: dict[int, Card]


class NewFighter(Frozen):
    """The fighter drawn off the deck for a defeated one (comes in untapped)."""

    kind: Literal["new-fighter"] = "new-fighter"
    card: Card


class Retire(Frozen):
    """An untapped fighter goes to the hand; a card from the hand comes in tapped."""

    kind: Literal["retire"] = "retire"
    fighter: int = Field(ge=0, lt=FIGHTERS)
    new_fighter: Card


class Refresh(Frozen):
    """Tap a fighter, put three cards under the deck, draw three."""

    kind: Literal["refresh"] = "refresh"
    fighter: int = Field(ge=0, lt=FIGHTERS)


class Stop(Frozen):
    """The players stop before the deck runs out: the game is scored as it stands (the app's
    own ruling; the rules end it only when the deck runs out)."""

    kind: Literal["stop"] = "stop"


Action = Annotated[
    Deal | FirstPlayer | StartFight | PlayCards | NewFighter | Retire | Refresh | Stop,
    Field(discriminator="kind"),
]


# --- the game ------------------------------------------------------------------------


class PeaceAndLove(Game):
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

    def deck(self, setup: Setup) -> Deck:
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

    def _stop(self, s: PeaceAndLoveState, a: Stop) -> PeaceAndLoveState:
        if s.phase == "fight":
            raise IllegalAction("finish the fight first: the game can be stopped between turns")
        if s.phase != "turn":
            raise IllegalAction("the game can be stopped once play has started, between turns"
                                if s.phase != "over" else "the game is already over")
        why = (f"stopped early after {plural(s.turns, 'turn')}, with {count(s.deck)} left in the deck: scored as "
               "it stands (the app's ruling; the rules end the game when the deck runs out)")
        return _end_game(s.model_copy(update={"stopped": True}), why)

    def _check_cards(self, state: PeaceAndLoveState, cards) -> None:
        deck = self.deck(state.setup)
        for c in cards:
            try:
                deck.check(c, self.name)
            except CardError as exc:
                raise IllegalAction(str(exc)) from None

    def _deal(self, s: PeaceAndLoveState, a: Deal) -> PeaceAndLoveState:
        if s.phase != "deal":
            raise IllegalAction("the fighters have all been dealt")
        if not 0 <= a.player < len(s.players):
            raise IllegalAction(f"there is no player {a.player}")
        if s.players[a.player].dealt:
            raise IllegalAction(f"{s.name(a.player)}'s fighters are already entered")
        self._check_cards(s, a.fighters)
        face_up = [f.card for p in s.players if p.dealt for f in p.fighters]  # the fighters already dealt
        try:
            Deck(copies=s.decks).check_copies(list(a.fighters) + face_up, self.name
                                              + (f" with {s.decks} packs" if s.decks > 1 else ""))
        except CardError as exc:
            raise IllegalAction(str(exc)) from None
        player = s.players[a.player].model_copy(
            update={"dealt": True, "fighters": tuple(Fighter(card=c) for c in a.fighters)}
        )
        s = _replace_player(s, a.player, player)
        if not all(p.dealt for p in s.players):
            return s
        totals = [sum(value(f.card) for f in p.fighters) for p in s.players]
        low = min(totals)
        tied = tuple(i for i, t in enumerate(totals) if t == low)
        if len(tied) == 1:
            return s.model_copy(update={"phase": "turn", "turn": tied[0]})
        return s.model_copy(update={"phase": "first-player", "tied_first": tied})

    def _first_player(self, s: PeaceAndLoveState, a: FirstPlayer) -> PeaceAndLoveState:
        if s.phase != "first-player":
            raise IllegalAction("the first player is already known")
        if a.player not in s.tied_first:
            names = ", ".join(s.name(p) for p in s.tied_first)
            raise IllegalAction(f"the first player is picked among {names}")
        return s.model_copy(update={"phase": "turn", "turn": a.player})

    def _start_fight(self, s: PeaceAndLoveState, a: StartFight) -> PeaceAndLoveState:
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
        return s.model_copy(update={"phase": "fight", "fight": fight, "last_round": None, "untapped": ()})

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
            Entry(player=p, fighter=s.players[p].fighters[place].card, card=cards[p])
            for p, place in fight.remaining
        )
        result = resolve_round(
            FightRound(players=len(s.players), attacker=fight.attacker, defender=fight.defender,
                       fighters=list(entries)),
            names=s.names,
        )
        return entries, result

    def _play(self, s: PeaceAndLoveState, a: PlayCards) -> PeaceAndLoveState:
        entries, result = self.preview_round(s, a.cards)
        fight = s.fight
        owners = [p for p, _ in fight.remaining]
        loser_p, loser_place = fight.remaining[result.loser]
        winner_p = fight.remaining[result.winner][0]
        loser_card = s.players[loser_p].fighters[loser_place].card
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
        return s.model_copy(update={
            "players": tuple(players),
            "discards": s.discards + tuple(a.cards[p] for p in owners),
            "fight": fight,
            "last_round": LastRound(number=number, entries=entries, result=result),
        })

    def _new_fighter(self, s: PeaceAndLoveState, a: NewFighter) -> PeaceAndLoveState:
        fight = self._expect_fight(s)
        p = fight.awaiting_replacement
        if p is None:
            raise IllegalAction("no fighter is waiting to be replaced")
        self._check_cards(s, [a.card])
        fighters = list(s.players[p].fighters)
        place = fighters.index(None)
        fighters[place] = Fighter(card=a.card)
        s = _replace_player(s, p, s.players[p].model_copy(update={"fighters": tuple(fighters)}))
        s = s.model_copy(update={"deck": s.deck - 1,
                                 "fight": fight.model_copy(update={"awaiting_replacement": None})})
        if s.deck == 0:
            return _end_game(s, f"{s.name(p)}'s new fighter was the last card of the deck")
        # everyone involved in the round draws a card, in turn order from the attacker
        for q in fight.involved:
            s = _replace_player(s, q, s.players[q].model_copy(update={"hand": s.players[q].hand + 1}))
            s = s.model_copy(update={"deck": s.deck - 1})
            if s.deck == 0:
                return _end_game(s, f"{s.name(q)} drew the last card of the deck")
        if len(s.fight.remaining) == 1:
            (wp, wplace), = s.fight.remaining
            fighters = list(s.players[wp].fighters)
            fighters[wplace] = fighters[wplace].model_copy(update={"tapped": True})
            s = _replace_player(s, wp, s.players[wp].model_copy(update={"fighters": tuple(fighters)}))
            return _end_turn(s)
        return s

    def _retire(self, s: PeaceAndLoveState, a: Retire) -> PeaceAndLoveState:
        self._expect_turn(s)
        me = s.turn
        player = s.players[me]
        if a.fighter not in player.untapped():
            raise IllegalAction("only an untapped fighter can retire")
        self._check_cards(s, [a.new_fighter])
        old = player.fighters[a.fighter].card
        if old == a.new_fighter and s.decks == 1:
            raise IllegalAction(f"{old.symbol} goes to the hand: bring in another card as the new fighter")
        fighters = list(player.fighters)
        fighters[a.fighter] = Fighter(card=a.new_fighter, tapped=True)
        s = _replace_player(s, me, player.model_copy(update={"fighters": tuple(fighters)}))
        return _end_turn(s)

    def _refresh(self, s: PeaceAndLoveState, a: Refresh) -> PeaceAndLoveState:
        self._expect_turn(s)
        me = s.turn
        player = s.players[me]
        refusal = self.refresh_refusal(s)
        if refusal:
            raise IllegalAction(refusal)
        if a.fighter not in player.untapped():
            raise IllegalAction("a refresh taps one of your untapped fighters")
        fighters = list(player.fighters)
        fighters[a.fighter] = fighters[a.fighter].model_copy(update={"tapped": True})
        s = _replace_player(s, me, player.model_copy(update={"fighters": tuple(fighters)}))
        return _end_turn(s)

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

    def describe(self, before: PeaceAndLoveState, action, after: PeaceAndLoveState) -> str:
        n = before.name
        if isinstance(action, Deal):
            total = sum(value(c) for c in action.fighters)
            text = f"{n(action.player)}'s fighters: {' '.join(c.symbol for c in action.fighters)} (total {total})"
            if after.phase == "turn":
                text += f"; {n(after.turn)} has the lowest total and goes first"
            elif after.phase == "first-player":
                text += f"; {' and '.join(n(p) for p in after.tied_first)} tie for the lowest total"
            return text
        if isinstance(action, FirstPlayer):
            tied = " and ".join(n(p) for p in before.tied_first)
            return f"Random pick among {tied}: {n(action.player)} goes first"
        if isinstance(action, StartFight):
            me = before.turn
            mine = before.players[me].fighters[action.fighter].card.symbol
            theirs = before.players[action.defender].fighters[action.defender_fighter].card.symbol
            text = f"{n(me)} attacks {n(action.defender)}'s {theirs} with {mine}"
            for p, place in action.joining.items():
                text += f"; {n(p)} joins with {before.players[p].fighters[place].card.symbol}"
            return text
        if isinstance(action, PlayCards):
            last = after.last_round
            played = ", ".join(f"{n(e.player)} {e.card.symbol} on {e.fighter.symbol}" for e in last.entries)
            return f"Round {last.number}: {played} → {last.result.explanation[-1]}"
        if isinstance(action, NewFighter):
            p = before.fight.awaiting_replacement
            text = f"{n(p)}'s new fighter: {action.card.symbol}"
            if after.phase == "over":
                return f"{text}; the game is over ({after.ended_by})"
            if after.fight is None and before.fight is not None:
                text += "; the fight is over"
            return text + _untap_note(after)
        if isinstance(action, Retire):
            me = before.turn
            old = before.players[me].fighters[action.fighter].card.symbol
            return f"{n(me)} retires {old} and brings in {action.new_fighter.symbol} (tapped)" + _untap_note(after)
        if isinstance(action, Refresh):
            me = before.turn
            tapped = before.players[me].fighters[action.fighter].card.symbol
            return f"{n(me)} refreshes their hand, tapping {tapped}" + _untap_note(after)
        if isinstance(action, Stop):
            return f"The players stop the game after {plural(before.turns, 'turn')}: scored as it stands"
        return action.kind

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
        return [sum(value(f.card) for f in p.fighters) if p.dealt else None for p in state.players]

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


def _replace_player(s: PeaceAndLoveState, i: int, player: Player) -> PeaceAndLoveState:
    players = list(s.players)
    players[i] = player
    return s.model_copy(update={"players": tuple(players)})


def _end_turn(s: PeaceAndLoveState) -> PeaceAndLoveState:
    """After every turn, a player whose three fighters are all tapped untaps them."""
    players = list(s.players)
    untapped = []
    for i, p in enumerate(players):
        if p.all_tapped():
            fresh = tuple(f.model_copy(update={"tapped": False}) for f in p.fighters)
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


# --- the resolve protocol ------------------------------------------------------------


class FighterRef(Frozen):
    player: int
    fighter: Card


class FightAsk(Ask, FightRound):
    """One round of a Peace and Love fight (two or more fighters)."""

    game: Literal["peace-and-love"] = "peace-and-love"
    ask: Literal["fight"] = "fight"
    decks: int | None = Field(None, ge=1, le=32, description="packs shuffled together (default: the number "
                              "the rules give for this many players)")

    def answer(self) -> FightAnswer:
        decks = self.decks or decks_for(self.players)
        Deck(copies=decks).check_copies([c for e in self.fighters for c in (e.fighter, e.card)], "Peace and Love"
                                        + (f" with {decks} packs" if decks > 1 else ""))
        r = resolve_round(self)
        loser, winner = self.fighters[r.loser], self.fighters[r.winner]
        return FightAnswer(
            results=r.results,
            trumps=r.trumps,
            lowest_wins=r.lowest_wins,
            loser=FighterRef(player=loser.player, fighter=loser.fighter),
            winner=FighterRef(player=winner.player, fighter=winner.fighter),
            taken_by=winner.player,
            explanation=r.explanation,
        )


class FightAnswer(Answer):
    results: list[int]
    trumps: int
    lowest_wins: bool
    loser: FighterRef
    winner: FighterRef
    taken_by: int


class OddsEntry(Frozen):
    player: int = Field(ge=0)
    fighter: Card
    card: Card | None = None


class FightOddsAsk(Ask):
    """A round with exactly one played card unknown: each fighter's chance to lose, counted
    over the unknown cards (``unknown``: the cards the players have not seen)."""

    game: Literal["peace-and-love"] = "peace-and-love"
    ask: Literal["fight-odds"] = "fight-odds"
    players: int = Field(ge=2, le=64)
    attacker: int = Field(ge=0)
    defender: int = Field(ge=0)
    fighters: list[OddsEntry] = Field(min_length=2, max_length=64)
    unknown: list[Card] = Field(min_length=1, max_length=64 * 52)

    def answer(self) -> FightOddsAnswer:
        hidden = [i for i, e in enumerate(self.fighters) if e.card is None]
        if len(hidden) != 1:
            raise ValueError(f"exactly one fighter's card is unknown (leave out its \"card\"), not {len(hidden)}")
        Deck(copies=decks_for(self.players)).check_copies(
            [*(c for e in self.fighters for c in (e.fighter, e.card) if c is not None), *self.unknown],
            "Peace and Love")
        placeholder = self.fighters[hidden[0]].fighter  # replaced by each unknown card in turn
        fight = FightRound(players=self.players, attacker=self.attacker, defender=self.defender,
                           fighters=[Entry(player=e.player, fighter=e.fighter, card=e.card or placeholder)
                                     for e in self.fighters])
        o = peace_and_love_fight_odds(fight, hidden[0], self.unknown)
        return FightOddsAnswer(loses=[float(p) for p in o.loses], counted=o.counted, explanation=o.explanation)


class FightOddsAnswer(Answer):
    loses: list[float]
    counted: int


class DecksAsk(Ask):
    """The packs shuffled together for a table, the cards in all, and the deck after the deal
    (five in hand and three fighters each)."""

    game: Literal["peace-and-love"] = "peace-and-love"
    ask: Literal["decks"] = "decks"
    players: int = Field(ge=2, le=64)

    def answer(self) -> DecksAnswer:
        n = self.players
        decks, cards, left = GAME.deal_counts(n)
        rule = ("two players use one pack" if n == 2 else "three to five players use two packs" if n <= 5
                else f"six or more players use one pack for every two players: {n} ÷ 2 = {decks}"
                + (" (rounded down)" if n % 2 else ""))
        return DecksAnswer(decks=decks, cards=cards, deck_after_deal=left, explanation=[
            rule, f"{decks} × 52 = {cards} cards",
            f"each player gets {HAND} in hand and {FIGHTERS} fighters: {cards} − {DEAL} × {n} = {left} in the deck"])


class DecksAnswer(Answer):
    decks: int
    cards: int
    deck_after_deal: int


class FirstPlayerAsk(Ask):
    """Who starts, from each player's three face-up fighters: the lowest total (a tie is
    picked at random among the tied players)."""

    game: Literal["peace-and-love"] = "peace-and-love"
    ask: Literal["first-player"] = "first-player"
    fighters: list[tuple[Card, Card, Card]] = Field(min_length=2, max_length=64)

    def answer(self) -> FirstPlayerAnswer:
        if any(c.is_joker for three in self.fighters for c in three):
            raise ValueError("Peace and Love is played without jokers")
        Deck(copies=decks_for(len(self.fighters))).check_copies(
            [c for three in self.fighters for c in three], "Peace and Love")
        totals = [sum(value(c) for c in three) for three in self.fighters]
        low = min(totals)
        tied = [i for i, t in enumerate(totals) if t == low]
        lines = [f"Player {i}: {' + '.join(str(value(c)) for c in three)} = {t}"
                 for i, (three, t) in enumerate(zip(self.fighters, totals))]
        if len(tied) == 1:
            lines.append(f"the lowest total is {low}: player {tied[0]} starts")
        else:
            lines.append(f"players {' and '.join(map(str, tied))} tie for the lowest total ({low}): "
                         "pick one of them at random")
        return FirstPlayerAnswer(totals=totals, starts=tied[0] if len(tied) == 1 else None, tied=tied,
                                 explanation=lines)


class FirstPlayerAnswer(Answer):
    totals: list[int]
    starts: int | None
    tied: list[int]


class HandOddsAsk(Ask):
    """A player's own choice: each card of ``hand`` tried on ``player``'s fighter (no played card
    yet) against the one other unknown played card; best first."""

    game: Literal["peace-and-love"] = "peace-and-love"
    ask: Literal["hand-odds"] = "hand-odds"
    players: int = Field(ge=2, le=64)
    attacker: int = Field(ge=0)
    defender: int = Field(ge=0)
    fighters: list[OddsEntry] = Field(min_length=2, max_length=64)
    player: int = Field(ge=0, description="whose hand: that player's fighter has no \"card\" yet")
    hand: list[Card] = Field(min_length=1, max_length=64)
    unknown: list[Card] = Field(min_length=1, max_length=64 * 52)

    def answer(self) -> HandOddsAnswer:
        mine = [i for i, e in enumerate(self.fighters) if e.player == self.player]
        if not mine:
            raise ValueError(f"player {self.player} has no fighter in this fight")
        if self.fighters[mine[0]].card is not None:
            raise ValueError(f"player {self.player}'s fighter already has a played card: leave out its \"card\"")
        hidden = [i for i, e in enumerate(self.fighters) if e.card is None and i != mine[0]]
        if len(hidden) != 1:
            raise ValueError(f"exactly one other fighter's card is unknown (leave out its \"card\"), not {len(hidden)}")
        Deck(copies=decks_for(self.players)).check_copies(
            [*(c for e in self.fighters for c in (e.fighter, e.card) if c is not None), *self.hand, *self.unknown],
            "Peace and Love")
        fight = FightRound(players=self.players, attacker=self.attacker, defender=self.defender,
                           fighters=[Entry(player=e.player, fighter=e.fighter, card=e.card or e.fighter)
                                     for e in self.fighters])
        ranked = best_cards(fight, mine[0], hidden[0], self.hand, self.unknown)
        me = self.fighters[mine[0]]
        lines = [f"each card of player {self.player}'s hand played on {me.fighter.symbol}, against every one of the "
                 f"{len(self.unknown)} unknown cards the other card can be (each once): "
                 "the chance of not losing the round",
                 SYMMETRY, *(f"play {c.symbol}: wins {percent(float(p))}" for c, p in ranked)]
        return HandOddsAnswer(cards=[HandCard(card=c, wins=float(p)) for c, p in ranked], explanation=lines)


class HandCard(Frozen):
    card: Card
    wins: float
    """the chance the fighter does not lose the round with this card"""


class HandOddsAnswer(Answer):
    cards: list[HandCard]
    """best first"""


class PileEntry(Frozen):
    """One player's victory pile at the end: its cards, or its points and card count."""

    name: str | None = Field(None, max_length=100)
    pile: list[Card] | None = Field(None, max_length=64 * 52, description="the victory pile's cards")
    points: int | None = Field(None, ge=0, le=64 * 52 * 13, description="the pile's total (instead of the cards)")
    cards: int | None = Field(None, ge=0, le=64 * 52, description="the pile's card count (with points)")
    fighters: list[Card] = Field(default_factory=list, max_length=3,
                                 description="the fighters still in play (Anti Math Geek)")


class FinalScoreAsk(Ask):
    """The end of the game: each victory pile's points and cards, the ranking and the winners
    (ties: most cards, then a shared win), with Shoot the Moon and Anti Math Geek."""

    game: Literal["peace-and-love"] = "peace-and-love"
    ask: Literal["final-score"] = "final-score"
    players: list[PileEntry] = Field(min_length=2, max_length=64)
    shoot_the_moon: bool = False
    anti_math_geek: bool = False
    decks: int | None = Field(None, ge=1, le=32, description="packs shuffled together (default: the number "
                              "the rules give for this many players)")

    def answer(self) -> FinalScoreAnswer:
        n = len(self.players)
        names = [e.name or f"Player {i}" for i, e in enumerate(self.players)]
        seen: list[Card] = []
        scores: list[tuple[int, int]] = []
        won_none: list[bool] = []
        for name, e in zip(names, self.players):
            if e.pile is not None and (e.points is not None or e.cards is not None):
                raise ValueError(f"{name}: give the victory pile's cards, or its points and cards, not both")
            if e.pile is None and (e.points is None or e.cards is None):
                raise ValueError(f"{name}: give the victory pile's cards (\"pile\"), or its \"points\" and "
                                 "\"cards\" (a count alone does not score)")
            if self.anti_math_geek and not e.fighters:
                raise ValueError(f"{name}: Anti Math Geek adds the fighters still in play: give \"fighters\"")
            if e.pile is not None:
                seen += e.pile
                points, cards = pile_score(e.pile)
            else:
                points, cards = e.points or 0, e.cards or 0
                if not cards <= points <= 13 * cards:
                    raise ValueError(f"{name}: {count(cards)} cannot be worth {count(points, 'point')} "
                                     "(each card is worth 1 to 13)")
            seen += e.fighters
            won_none.append(cards == 0)
            if self.anti_math_geek:
                points, cards = points + pile_total(e.fighters), cards + len(e.fighters)
            scores.append((points, cards))
        if any(c.is_joker for c in seen):
            raise ValueError("Peace and Love is played without jokers")
        decks = self.decks or decks_for(n)
        Deck(copies=decks).check_copies(seen, "Peace and Love" + (f" with {decks} packs" if decks > 1 else ""))
        f = final_score(scores, won_none, names, self.shoot_the_moon, self.anti_math_geek)
        lines = list(f.details)
        if self.shoot_the_moon and n < 3:
            lines.append("Shoot the Moon is for three or more players: not applied")
        lines.append(f.headline)
        return FinalScoreAnswer(
            winners=list(f.winners), moon=f.moon,
            ranking=[Ranked(player=i, name=names[i], points=scores[i][0], cards=scores[i][1], place=f.places[i])
                     for i in f.ranking],
            explanation=lines)


class Ranked(Frozen):
    player: int
    name: str
    points: int
    cards: int
    place: int
    """1 = first; players tied on points and cards share a place"""


class FinalScoreAnswer(Answer):
    winners: list[int]
    moon: int | None
    """the player who shot the moon"""
    ranking: list[Ranked]
    """best first"""


PeaceAndLove.asks = (FightAsk, FightOddsAsk, DecksAsk, FirstPlayerAsk, HandOddsAsk, FinalScoreAsk)

GAME = PeaceAndLove()
