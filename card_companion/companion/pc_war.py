"""Non-Violent, Politically-Correct War at the table: two players, from the deal to the
first player with no cards left.

The app never sees the hands. It counts: cards in each hand (it does not know their
order), in each face-up pile and on the table. Each flip is entered as the two face-up
cards (the app compares them) or with one tap ("left higher", "right higher", "tie");
player 0 is on the left. A tie walks the players through the trade and war: swap hands,
lay 3 face down and 1 face up, enter the face-up cards. Rules: card_companion/rules/pc-war.txt;
rulings: card_companion/rulings/pc-war.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field, model_validator

from card_companion.calculators.cards import Card, Deck
from card_companion.calculators.pc_war import (
    MAX_FLIPS,
    WAR_CARDS,
    BlankCard,
    FlipResult,
    Lay,
    SimulationProgress,
    TradeAndWar,
    called,
    check_pair,
    deal,
    deck_for,
    flip,
    hand_over_table,
    lay,
    out_at_tie,
    out_of_cards,
    simulate,
    take,
    trade_and_war,
)
from card_companion.calculators.words import plural
from card_companion.companion.ask import Answer, Ask
from card_companion.companion.game import (
    Applied,
    Frozen,
    Game,
    IllegalAction,
    Outcome,
    Settings,
    Setup,
    TableState,
    won_line,
)

SIDES = ("left", "right")
"""player 0 is shown on the left, player 1 on the right"""


# --- setup ---------------------------------------------------------------------------


class PCWarSettings(Settings):
    jokers: Literal[0, 1, 2] = Field(
        1,
        title="Jokers",
        description="Jokers in the deck: 0, 1 or 2. The Joker is the lowest card.",
    )
    blank_card: BlankCard = Field(
        "none",
        title="Blank card",
        description="The pack's blank card: none (rule 1 removes it), or shuffled in as a wild card that is the "
        "strongest card (above the Ace) or the weakest (below the Joker): \"you decide!\"",
    )
    last_card_wins_at_once: bool = Field(
        False,
        title="Last card wins at once",
        description="A player who lays their last card wins at once, even in a tie or a war "
        "(the table goes to the other player). Off: the tie or war is played out first, "
        "and the swap can hand them new cards.",
    )


class PCWarSetup(Setup):
    settings: PCWarSettings = PCWarSettings()


# --- state ---------------------------------------------------------------------------


class Player(Frozen):
    hand: int
    """cards in hand (their order is unknown to the app)"""
    pile: int = 0
    """cards in the face-up pile: the cards this player took"""
    pile_cards: tuple[Card, ...] = ()
    """the cards of the pile that were entered face up (for the card picker's warning)"""

    @property
    def cards(self) -> int:
        """hand and pile together: the cards this player still has to get rid of"""
        return self.hand + self.pile


class LaidCards(Frozen):
    """What one player laid in the current war round."""

    down: int
    up: int
    from_hand: int
    picked_up: int
    """the pile picked up (and shuffled) when the hand ran out, 0 if none"""


class LastReveal(Frozen):
    """The latest flip or war face-up comparison, for the table screen."""

    in_war: bool
    cards: tuple[Card, Card] | None
    """player 0's and player 1's card, when entered as cards (None: one tap)"""
    takes: int | None
    explanation: tuple[str, ...]


class PCWarState(TableState):
    setup: PCWarSetup
    deck: int
    """cards in the deck"""
    players: tuple[Player, Player]
    phase: Literal["flip", "swap", "war", "over"] = "flip"
    """flip: both turn a card; swap: a tie, swap hands; war: enter the face-up cards"""
    table: int = 0
    """cards on the table in a tie or war"""
    table_cards: tuple[Card, ...] = ()
    """the table's cards that were entered face up"""
    flips: int = 0
    wars: int = 0
    """war rounds played (a tie inside a war starts another one)"""
    war_rounds: int = 0
    """rounds of the current trade and war"""
    longest_war: int = 0
    """most war rounds after one tie"""
    longest_war_cards: int = 0
    """cards taken at the end of that longest war"""
    lays: tuple[LaidCards, LaidCards] | None = None
    """phase war: what each player laid this round"""
    picked_up: tuple[int, int] = (0, 0)
    """cards each player picked up from their pile in the last action"""
    last: LastReveal | None = None
    winners: tuple[int, ...] = ()
    stopped: bool = False
    """the players stopped the game (the fewest cards won)"""
    ended_by: str = ""


# --- actions -------------------------------------------------------------------------


class _Reveal(Frozen):
    cards: tuple[Card, Card] | None = Field(
        None, description="the face-up cards: player 0's (left) and player 1's (right)"
    )
    higher: Literal["left", "right", "tie"] | None = Field(
        None, description="one tap instead of the cards: whose card is higher, or a tie"
    )


class Flip(_Reveal):
    """Both players turn their top card face up; the higher card takes both."""

    kind: Literal["flip"] = "flip"


class SwapHands(Frozen):
    """After a tie: the players swap hands, then each lays 3 face down and 1 face up."""

    kind: Literal["swap"] = "swap"


class War(_Reveal):
    """The war's face-up cards; the higher one takes everything on the table."""

    kind: Literal["war"] = "war"


class Stop(Frozen):
    """The players stop the game between flips: the fewest cards wins."""

    kind: Literal["stop"] = "stop"


class Recount(Frozen):
    """The players counted their cards and the app's counts were off: correct them
    (between flips; the total must still be the whole deck)."""

    kind: Literal["recount"] = "recount"
    hands: tuple[int, int]
    piles: tuple[int, int]

    @model_validator(mode="after")
    def _not_negative(self) -> Recount:
        if min(self.hands + self.piles) < 0:
            raise ValueError("a count cannot be negative")
        return self


Action = Annotated[Flip | SwapHands | War | Stop | Recount, Field(discriminator="kind")]


# --- the game ------------------------------------------------------------------------


class PCWar(Game[PCWarSetup, PCWarState, Action]):
    id = "pc-war"
    name = "Non-Violent, Politically-Correct War"
    blurb = "War where the higher card takes the cards and the first to lose them all wins."
    min_players = 2
    max_players = 2
    rules_file = "pc-war.txt"
    Settings = PCWarSettings
    Setup = PCWarSetup
    State = PCWarState
    action_type = Action

    def deck(self, setup: PCWarSetup) -> Deck:
        return deck_for(setup.settings.jokers, setup.settings.blank_card)

    def initial_state(self, setup: PCWarSetup) -> PCWarState:
        size = self.deck(setup).size
        n0, n1 = deal(size)
        return PCWarState(setup=setup, deck=size, players=(Player(hand=n0), Player(hand=n1)))

    # --- applying actions --------------------------------------------------------------

    handlers = {Flip: "_flip", SwapHands: "_swap", War: "_war", Stop: "_stop", Recount: "_recount"}

    def _reveal(self, s: PCWarState, a: Flip | War, in_war: bool) -> FlipResult:
        """Who takes, from the entered cards or the tap (checked against each other)."""
        if a.cards is None and a.higher is None:
            raise IllegalAction("enter both face-up cards, or tap whose card is higher (or tie)")
        result = None
        if a.cards is not None:
            check_pair(a.cards[0], a.cards[1], self.deck(s.setup))
            result = flip(a.cards[0], a.cards[1], s.names, in_war, s.setup.settings.blank_card)
        if a.higher is not None:
            takes = {"left": 0, "right": 1, "tie": None}[a.higher]
            if result is not None and result.takes != takes:
                raise IllegalAction(f"the cards say {_verdict(s, result.takes)} but the tap says "
                                    f"{_verdict(s, takes)}: enter one or the other")
            if result is None:
                result = called(takes, s.names, in_war)
        assert result is not None  # the first check: the cards or the tap set it
        return result

    def _flip(self, s: PCWarState, a: Flip) -> Applied:
        after = self._after_flip(s, a)
        return self._said(after, _reveal_line(s, after, f"Flip {after.flips}: ", in_war=False))

    def _swap(self, s: PCWarState, a: SwapHands) -> Applied:
        after = self._after_swap(s)
        assert after.lays is not None  # _after_swap records what each player laid
        n = s.name
        b0, b1 = s.players
        return self._said(after, f"{n(0)} and {n(1)} swap hands ({n(0)} gets {_cards(b1.hand)}, "
                                 f"{n(1)} gets {_cards(b0.hand)}); " + "; ".join(_war_words(after, after.lays)))

    def _war(self, s: PCWarState, a: War) -> Applied:
        after = self._after_war(s, a)
        return self._said(after, _reveal_line(s, after, "War, face up: ", in_war=True))

    def _stop(self, s: PCWarState, a: Stop) -> Applied:
        return self._said(self._after_stop(s), "The players stop the game")

    def _recount(self, s: PCWarState, a: Recount) -> Applied:
        return self._said(self._after_recount(s, a), "Recount: " + "; ".join(
            f"{s.name(i)} {h} in hand, {q} in the pile" for i, (h, q) in enumerate(zip(a.hands, a.piles))))

    @staticmethod
    def _said(after: PCWarState, text: str) -> Applied:
        """A step's line with what follows every step: the pickups, the end of the game."""
        text += "".join(f"; {note}" for note in _pickup_notes(after))
        if after.phase == "over":
            text += f"; the game is over: {after.ended_by}"
        return Applied(after, text)

    def _after_flip(self, s: PCWarState, a: Flip) -> PCWarState:
        if s.phase == "swap":
            raise IllegalAction("it is a tie: swap hands first (trade and war)")
        if s.phase == "war":
            raise IllegalAction("a war is on: enter the war's face-up cards")
        result = self._reveal(s, a, in_war=False)
        p0, p1 = s.players
        l0, l1 = lay(p0.hand, p0.pile, 1), lay(p1.hand, p1.pile, 1)
        hands, piles = (l0.hand, l1.hand), (l0.pile, l1.pile)
        shown = a.cards or ()
        players = tuple(
            p.model_copy(update={"hand": lay.hand, "pile": lay.pile,
                                 "pile_cards": () if lay.picked_up else p.pile_cards})
            for p, lay in zip(s.players, (l0, l1))
        )
        s = s.model_copy(update={
            "players": players,
            "flips": s.flips + 1,
            "picked_up": (l0.picked_up, l1.picked_up),
            "last": LastReveal(in_war=False, cards=a.cards, takes=result.takes, explanation=tuple(result.explanation)),
        })
        if result.takes is None:
            s = s.model_copy(update={"phase": "swap", "table": 2, "table_cards": tuple(shown), "war_rounds": 0})
            out = out_at_tie(hands, piles, s.setup.settings.last_card_wins_at_once)
            if out:
                return self._run_out(s, out, "laid their last card in a tie")
            return s
        return self._taken(s.model_copy(update={"table": 2, "table_cards": tuple(shown)}), result.takes)

    def _after_swap(self, s: PCWarState) -> PCWarState:
        if s.phase == "flip":
            raise IllegalAction("hands are only swapped after a tie")
        if s.phase == "war":
            raise IllegalAction("the hands are already swapped: enter the war's face-up cards")
        p0, p1 = s.players
        tw = trade_and_war((p0.hand, p1.hand), (p0.pile, p1.pile), s.setup.settings.last_card_wins_at_once)
        players = tuple(
            p.model_copy(update={"hand": lay.hand, "pile": lay.pile,
                                 "pile_cards": () if lay.picked_up else p.pile_cards})
            for p, lay in zip(s.players, tw.lays)
        )
        s = s.model_copy(update={
            "players": players,
            "phase": "war",
            "table": s.table + tw.laid,
            "wars": s.wars + (1 if tw.laid else 0),
            "war_rounds": s.war_rounds + (1 if tw.laid else 0),
            "lays": tuple(LaidCards(down=lay.down, up=lay.up, from_hand=lay.from_hand, picked_up=lay.picked_up)
                          for lay in tw.lays),
            "picked_up": (0, 0),  # the pickups of the laying are in the lays
        })
        if tw.out:
            why = "laid their last card in the war" if tw.laid else "had no card to lay in the war"
            return self._run_out(s, tw.out, why)
        return s

    def _after_war(self, s: PCWarState, a: War) -> PCWarState:
        if s.phase == "flip":
            raise IllegalAction("there is no war: enter a flip")
        if s.phase == "swap":
            raise IllegalAction("swap hands first, then lay the war's cards")
        result = self._reveal(s, a, in_war=True)
        s = s.model_copy(update={
            "table_cards": s.table_cards + tuple(a.cards or ()),
            "picked_up": (0, 0),
            "last": LastReveal(in_war=True, cards=a.cards, takes=result.takes, explanation=tuple(result.explanation)),
        })
        if result.takes is None:
            p0, p1 = s.players
            s = s.model_copy(update={"phase": "swap", "lays": None})
            out = out_at_tie((p0.hand, p1.hand), (p0.pile, p1.pile), s.setup.settings.last_card_wins_at_once)
            if out:
                return self._run_out(s, out, "laid their last card in a tie")
            return s
        return self._taken(s, result.takes)

    def _taken(self, s: PCWarState, taker: int) -> PCWarState:
        """The taker puts the table on their pile; then a player out of cards wins, and an
        empty hand picks up its pile."""
        p0, p1 = s.players
        t = take((p0.hand, p1.hand), (p0.pile, p1.pile), taker, s.table)
        players = []
        for i, p in enumerate(s.players):
            known = p.pile_cards + s.table_cards if i == taker else p.pile_cards
            if t.picked_up[i]:
                known = ()
            players.append(p.model_copy(update={"hand": t.hands[i], "pile": t.piles[i], "pile_cards": known}))
        s = self._end_war(s).model_copy(update={
            "players": tuple(players),
            "phase": "flip",
            "table": 0,
            "table_cards": (),
            "lays": None,
            "picked_up": tuple(a + b for a, b in zip(s.picked_up, t.picked_up)),
        })
        if t.out:
            return self._end(s, t.out, f"{self._names(s, t.out)} {'has' if len(t.out) == 1 else 'have'} "
                                       "no cards left in hand or pile")
        return s

    def _run_out(self, s: PCWarState, out: tuple[int, ...], why: str) -> PCWarState:
        """A player has no card where one must be laid (or, with "last card wins at once",
        laid their last one): they win; the table goes to the other player."""
        p0, p1 = s.players
        piles = hand_over_table((p0.pile, p1.pile), out, s.table)
        players = list(s.players)
        table, table_cards = s.table, s.table_cards
        if len(out) == 1:
            other = 1 - out[0]
            players[other] = players[other].model_copy(
                update={"pile": piles[other], "pile_cards": players[other].pile_cards + s.table_cards})
            table, table_cards = 0, ()
        s = self._end_war(s).model_copy(update={"players": tuple(players), "table": table, "table_cards": table_cards})
        names = self._names(s, out)
        text = f"{names} {why} and {'has' if len(out) == 1 else 'have'} run out of cards"
        if len(out) == 1:
            text += f"; the table goes to {s.name(1 - out[0])}"
        return self._end(s, out, text)

    def _end_war(self, s: PCWarState) -> PCWarState:
        if s.war_rounds == 0:
            return s
        if (s.war_rounds, s.table) > (s.longest_war, s.longest_war_cards):
            s = s.model_copy(update={"longest_war": s.war_rounds, "longest_war_cards": s.table})
        return s.model_copy(update={"war_rounds": 0})

    def _end(self, s: PCWarState, winners: tuple[int, ...], why: str, stopped: bool = False) -> PCWarState:
        return s.model_copy(update={"phase": "over", "winners": tuple(winners), "ended_by": why, "stopped": stopped})

    @staticmethod
    def _names(s: PCWarState, players: tuple[int, ...]) -> str:
        return " and ".join(s.name(p) for p in players)

    def _after_stop(self, s: PCWarState) -> PCWarState:
        if s.phase != "flip":
            raise IllegalAction("finish the war first: the game can be stopped between flips")
        c0, c1 = (p.cards for p in s.players)
        if c0 == c1:
            why = f"the players stopped after {s.flips} flips with {c0} cards each"
            return self._end(s, (0, 1), why, stopped=True)
        w = 0 if c0 < c1 else 1
        why = (f"the players stopped after {s.flips} flips: {s.name(w)} has fewer cards "
               f"({min(c0, c1)} against {max(c0, c1)})")
        return self._end(s, (w,), why, stopped=True)

    def _after_recount(self, s: PCWarState, a: Recount) -> PCWarState:
        if s.phase != "flip":
            raise IllegalAction("finish the war first: cards can be recounted between flips")
        if min(a.hands + a.piles) < 0:
            raise IllegalAction("a count cannot be negative")
        total = sum(a.hands) + sum(a.piles)
        if total != s.deck:
            raise IllegalAction(f"the counts add up to {total} cards, but the deck has {s.deck}: count again")
        if all((p.hand, p.pile) == (h, q) for p, h, q in zip(s.players, a.hands, a.piles)):
            raise IllegalAction("these are the counts the app already has")
        players = tuple(
            p.model_copy(update={"hand": h, "pile": q, "pile_cards": p.pile_cards if q == p.pile else ()})
            for p, h, q in zip(s.players, a.hands, a.piles)
        )
        s = s.model_copy(update={"players": players, "picked_up": (0, 0), "last": None})
        out = tuple(i for i in (0, 1) if out_of_cards(a.hands[i], a.piles[i]))
        if out:
            return self._end(s, out, f"{self._names(s, out)} has no cards left (recount)")
        # an empty hand picks up its pile for the next flip
        picked = tuple(p.pile if p.hand == 0 else 0 for p in players)
        players = tuple(
            p.model_copy(update={"hand": p.pile, "pile": 0, "pile_cards": ()}) if p.hand == 0 else p for p in players
        )
        return s.model_copy(update={"players": players, "picked_up": picked})

    # --- reading the state ----------------------------------------------------------------

    def is_over(self, state: PCWarState) -> bool:
        return state.phase == "over"

    def outcome(self, state: PCWarState) -> Outcome | None:
        if state.phase != "over":
            return None
        names = state.names
        w = state.winners
        if len(w) == 2 and state.stopped:
            headline = f"Stopped early: {names[0]} and {names[1]} hold as many cards (the app's ruling)"
        elif len(w) == 2:
            headline = f"{names[0]} and {names[1]} share the win"
        elif state.stopped:
            headline = f"Stopped early: fewest cards leads, {names[w[0]]} (the app's ruling)"
        else:
            headline = f"{names[w[0]]} wins: no cards left"
        details = [f"The game ended: {state.ended_by}."]
        if state.stopped:
            details.append("The rules end PC War only when a player runs out of cards; a game stopped "
                           "before that is scored by this app's own ruling: fewest cards leads.")
        details.append(self._numbers(state))
        for i, p in enumerate(state.players):
            details.append(f"{names[i]}: {p.hand} in hand, {p.pile} in the pile")
        if state.table:
            details.append(f"{state.table} cards stayed on the table")
        if state.setup.settings.last_card_wins_at_once:
            details.append("Last card wins at once: a player who lays their last card wins")
        return Outcome(winners=w, headline=headline, details=tuple(details))

    @staticmethod
    def _numbers(state: PCWarState) -> str:
        text = f"{state.flips} flips, {state.wars} {'war' if state.wars == 1 else 'wars'}"
        if state.longest_war:
            text += f", longest war: {_rounds(state.longest_war)} ({state.longest_war_cards} cards)"
        return text

    def summary(self, state: PCWarState) -> dict[str, str]:
        out = {"Flips": str(state.flips), "Wars": str(state.wars)}
        for i, p in enumerate(state.players):
            name = state.name(i)
            out[f"{name}'s hand"] = _cards(p.hand)
            out[f"{name}'s pile"] = _cards(p.pile)
        if state.table:
            out["On the table"] = _cards(state.table)
        if state.longest_war:
            out["Longest war"] = f"{_rounds(state.longest_war)} ({state.longest_war_cards} cards)"
        return out

    def headline(self, state: PCWarState) -> str:
        """The cards each player still has to get rid of: "Ann 20 cards, Bea 32 · flip 12",
        "Ann won · 140 flips"."""
        outcome = self.outcome(state)
        flips = f"{state.flips} flip{'s' * (state.flips != 1)}"
        if outcome is not None:
            if len(outcome.winners) == 1:
                early = " (stopped early)" if state.stopped else ""
                return f"{state.name(outcome.winners[0])} won{early} · {flips}"
            return f"{won_line(state.names, outcome)} · {flips}"
        held = ", ".join(f"{state.name(i)} {p.cards}" for i, p in enumerate(state.players))
        return f"{held} cards · flip {state.flips + 1}"

    def known_cards(self, state: PCWarState) -> list[Card]:
        known = list(state.table_cards)
        for p in state.players:
            known += p.pile_cards
        return known

    # --- what the players can do now (the views ask these) ------------------------------

    def dealt(self, setup: PCWarSetup) -> tuple[int, int]:
        """Each player's hand count after the deal (setup screen): player 0 gets the odd card."""
        return deal(self.deck(setup).size)

    def can_flip(self, state: PCWarState) -> bool:
        return state.phase == "flip"

    def can_swap(self, state: PCWarState) -> bool:
        return state.phase == "swap"

    def can_war(self, state: PCWarState) -> bool:
        """The war's cards are laid: enter the face-up cards (or tap)."""
        return state.phase == "war"

    def can_stop(self, state: PCWarState) -> bool:
        return state.phase == "flip"

    def can_recount(self, state: PCWarState) -> bool:
        return state.phase == "flip"

    def tap_choices(self, state: PCWarState) -> dict[str, str]:
        """The one-tap buttons (the action's ``higher`` value → label), when cards are due."""
        if state.phase not in ("flip", "war"):
            return {}
        return {
            "left": f"{state.name(0)}'s card is higher",
            "right": f"{state.name(1)}'s card is higher",
            "tie": "Tie",
        }

    def prompt(self, state: PCWarState) -> str:
        """What the players do now, in one line."""
        if state.phase == "flip":
            return "Flip: both turn their top card face up"
        if state.phase == "swap":
            return "A tie! Swap hands, then each lays 3 cards face down and 1 face up"
        if state.phase == "war":
            return "Enter the war's face-up cards: the higher one takes everything on the table"
        outcome = self.outcome(state)
        assert outcome is not None  # the phases above are the game going on: this one is over
        return outcome.headline

    def war_preview(self, state: PCWarState) -> TradeAndWar | None:
        """Phase swap: what the swap and the laying will do (counts, pickups, too few cards)."""
        if state.phase != "swap":
            return None
        p0, p1 = state.players
        return trade_and_war((p0.hand, p1.hand), (p0.pile, p1.pile), state.setup.settings.last_card_wins_at_once)

    def war_steps(self, state: PCWarState) -> list[str]:
        """Phase swap: the walk-through in plain words; phase war: what each player laid."""
        if state.phase == "swap":
            p0, p1 = state.players
            preview = self.war_preview(state)
            assert preview is not None  # phase swap: war_preview answers
            steps = [f"Swap hands: {state.name(0)} hands {_cards(p0.hand)} to {state.name(1)} "
                     f"and takes {state.name(1)}'s {_cards(p1.hand)}"]
            after = state.model_copy(update={"players": (p0.model_copy(update={"hand": p1.hand}),
                                                         p1.model_copy(update={"hand": p0.hand}))})
            steps += _war_words(after, preview.lays)
            if preview.out and preview.laid:
                who = self._names(state, preview.out)
                verb = ("lays their last card and wins" if len(preview.out) == 1
                        else "lay their last cards and share the win")
                steps.append(f"{who} {verb} at once (Last card wins at once)")
            return steps
        if state.phase == "war" and state.lays:
            return _war_words(state, state.lays, done=True)
        return []

    def announcements(self, state: PCWarState) -> list[str]:
        """What the app says after the last action: pickups and the end."""
        notes = _pickup_notes(state)
        outcome = self.outcome(state)  # an outcome once the phase is over
        if outcome is not None:
            notes.append(outcome.headline)
        return notes

    def cards_left(self, state: PCWarState, player: int) -> int:
        """Hand and pile together: the cards this player still has to get rid of."""
        return state.players[player].cards

    def simulate(self, setup: PCWarSetup, *, seed: int | str, games: int = 10_000,
                 chunk: int = 500) -> Iterator[SimulationProgress]:
        """A look at the odds for this setup: random games, progress after every chunk (the
        last step holds the final result). The view draws the seed (a new one per run)."""
        s = setup.settings
        return simulate(games, seed, jokers=s.jokers, at_once=s.last_card_wins_at_once, chunk=chunk,
                        max_flips=MAX_FLIPS, names=setup.players, blank=s.blank_card)


def _cards(n: int) -> str:
    return plural(n, "card")


def _rounds(n: int) -> str:
    return "1 war" if n == 1 else f"{n} wars in a row"


def _side(takes: int | None) -> str:
    return "tie" if takes is None else SIDES[takes]


def _reveal_line(before: PCWarState, after: PCWarState, head: str, in_war: bool) -> str:
    """A flip or a war's face-up cards: what was shown and who takes ("Flip 3: Ann K♥, Bea 7♠
    → Ann takes both")."""
    n = before.name
    last = after.last
    assert last is not None  # a flip and a war's face-up cards record what they showed
    if last.cards is not None:
        shown = f"{n(0)} {last.cards[0].symbol}, {n(1)} {last.cards[1].symbol}"
    else:
        shown = _verdict(before, last.takes)
    if last.takes is None:
        then = "swap hands again and war again" if last.in_war else "trade and war"
        return f"{head}{shown} → {then}" if last.cards is None else f"{head}{shown} → a tie: {then}"
    if in_war:
        return f"{head}{shown} → {n(last.takes)} takes all {before.table} cards"
    return f"{head}{shown} → {n(last.takes)} takes both"


def _verdict(s: PCWarState, takes: int | None) -> str:
    return "a tie" if takes is None else f"{s.name(takes)}'s card is higher"


def _war_words(s: PCWarState, lays: tuple[Lay | LaidCards, ...], done: bool = False) -> list[str]:
    """Each player's war cards in plain words; when a player has no card to lay, only that."""
    if all(lay.up == 0 for lay in lays):
        who = [s.name(i) for i, p in enumerate(s.players) if p.hand == 0 and p.pile == 0] or list(s.names)
        return [f"{w} has no card to lay: {w} has run out of cards" for w in who]
    return [_lay_words(s, i, lay, done) for i, lay in enumerate(lays)]


def _lay_words(s: PCWarState, i: int, lay: Lay | LaidCards, done: bool = False) -> str:
    """One player's war cards in plain words."""
    who = s.name(i)
    lays, picks = ("laid", "picked up") if done else ("lays", "picks up")
    n = lay.down + lay.up
    text = f"{who} {lays} {lay.down} face down and 1 face up"
    if n < WAR_CARDS:
        text = f"{who} has only {_cards(n)}: {lays} " + (
            f"{lay.down} face down and the last face up" if lay.down else "the last card face up")
    if lay.picked_up:
        text += (f" ({who}'s hand ran out after {_cards(lay.from_hand)}: {who} {picks} and shuffles "
                 f"the pile of {_cards(lay.picked_up)})")
    return text


def _pickup_notes(s: PCWarState) -> list[str]:
    notes = []
    for i, n in enumerate(s.picked_up):
        if n:
            notes.append(f"{s.name(i)}'s hand is empty: {s.name(i)} picks up and shuffles the pile ({_cards(n)})")
    return notes


# --- the resolve protocol ------------------------------------------------------------


class FlipAsk(Ask):
    """Two face-up cards, player 0's first: who takes them, or a tie (trade and war)."""

    game: Literal["pc-war"] = "pc-war"
    ask: Literal["flip"] = "flip"
    cards: list[Card] = Field(description="player 0's and player 1's face-up card, like [\"KH\", \"JOKER\"]")
    blank_card: BlankCard = Field("none", description="the game's Blank card setting: none (not in the deck), "
                                  "strongest or weakest; the blank card is entered as BLANK")

    @model_validator(mode="after")
    def _two_cards(self) -> FlipAsk:
        if len(self.cards) != 2:
            raise ValueError(f"a flip is two cards, one per player, not {len(self.cards)}")
        check_pair(self.cards[0], self.cards[1], deck_for(2, self.blank_card))
        return self

    def answer(self) -> FlipAnswer:
        r = flip(self.cards[0], self.cards[1], blank=self.blank_card)
        return FlipAnswer.model_construct(takes=r.takes, war=r.war, explanation=r.explanation)


class FlipAnswer(Answer):
    takes: int | None
    """0 or 1: the player with the higher card takes both; null on a tie"""
    war: bool
    """a tie: trade and war"""


class TradeAndWarAsk(Ask):
    """After a tie: what each player lays and picks up in the trade and war, by counts; with
    the war's face-up cards, who takes the table and what each has afterwards."""

    game: Literal["pc-war"] = "pc-war"
    ask: Literal["trade-and-war"] = "trade-and-war"
    hands: tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]] = Field(
        description="cards in player 0's and player 1's hand at the tie (the tied cards already laid)")
    piles: tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]] = Field(
        (0, 0), description="cards in each player's face-up pile")
    table: int = Field(2, ge=2, description="cards on the table: 2 after a tied flip, more after a tie in a war")
    last_card_wins_at_once: bool = Field(False, description="the game's setting of that name")
    cards: tuple[Card, Card] | None = Field(
        None, description="the war's face-up cards, player 0's and player 1's, like [\"KH\", \"7S\"]")
    blank_card: BlankCard = Field("none", description="the game's Blank card setting: none (not in the deck), "
                                  "strongest or weakest; the blank card is entered as BLANK")

    @model_validator(mode="after")
    def _counts(self) -> TradeAndWarAsk:
        deck = deck_for(2, self.blank_card)  # a pack with both Jokers (and the blank card if it is in)
        most = deck.size
        total = sum(self.hands) + sum(self.piles) + self.table
        if total > most:
            raise ValueError(f"the hands, piles and table add up to {total} cards, but the deck holds at most {most}")
        if self.cards is not None:
            check_pair(self.cards[0], self.cards[1], deck)
        return self

    def answer(self) -> TradeAndWarAnswer:
        at_once = self.last_card_wins_at_once
        hands, piles, table = self.hands, self.piles, self.table
        lines: list[str] = []

        def ran_out(out: tuple[int, ...], why: str, hands: tuple[int, int], piles: tuple[int, int], table: int,
                    swapped: tuple[int, int] | None = None, lays: list[LaidCards] | None = None,
                    laid: int = 0) -> TradeAndWarAnswer:
            who = " and ".join(f"player {i}" for i in out)
            line = f"{who} {why} and {'has' if len(out) == 1 else 'have'} run out of cards: "
            line += f"{who} {'wins' if len(out) == 1 else 'share the win'}"
            if len(out) == 1:
                line += f"; the table ({plural(table, 'card')}) goes to player {1 - out[0]}'s pile"
                piles, table = hand_over_table(piles, out, table), 0
            return TradeAndWarAnswer(swapped=swapped, lays=lays, laid=laid, takes=None, war_again=False,
                                     picked_up=(0, 0), out=list(out), hands=hands, piles=piles,
                                     table=table, explanation=[*lines, line])

        out = out_at_tie(hands, piles, at_once)
        if out:
            return ran_out(out, "laid their last card in the tie (Last card wins at once)", hands, piles, table)
        swapped = (hands[1], hands[0])
        lines.append(f"swap hands: player 0 takes player 1's {plural(hands[1], 'card')}, player 1 takes "
                     f"player 0's {plural(hands[0], 'card')}")
        tw = trade_and_war(hands, piles, at_once)
        if not tw.laid:
            return ran_out(tw.out, "has no card to lay in the war", tw.hands, tw.piles, table, swapped=swapped)
        lays = [LaidCards(down=x.down, up=x.up, from_hand=x.from_hand, picked_up=x.picked_up) for x in tw.lays]
        for i, x in enumerate(tw.lays):
            n = x.down + x.up
            if n == WAR_CARDS:
                line = f"player {i} lays {x.down} face down and 1 face up"
            else:
                last = f"{x.down} face down and the last face up" if x.down else "the last card face up"
                line = f"player {i} has only {plural(n, 'card')}: lays {last}"
            if x.picked_up:
                line += (f" (the hand ran out after {plural(x.from_hand, 'card')}: player {i} picks up and "
                         f"shuffles the pile of {plural(x.picked_up, 'card')})")
            lines.append(line)
        table += tw.laid
        lines.append(f"{plural(table, 'card')} on the table")
        if tw.out:
            return ran_out(tw.out, "laid their last card in the war (Last card wins at once)", tw.hands, tw.piles,
                           table, swapped=swapped, lays=lays, laid=tw.laid)
        if self.cards is None:
            lines.append("turn up the face-up cards: the higher one takes everything on the table")
            return TradeAndWarAnswer(swapped=swapped, lays=lays, laid=tw.laid, takes=None, war_again=False, out=[],
                                     hands=tw.hands, piles=tw.piles, table=table, picked_up=(0, 0), explanation=lines)
        r = flip(self.cards[0], self.cards[1], in_war=True, blank=self.blank_card)
        lines += r.explanation
        if r.takes is None:
            return TradeAndWarAnswer(swapped=swapped, lays=lays, laid=tw.laid, takes=None, war_again=True, out=[],
                                     hands=tw.hands, piles=tw.piles, table=table, picked_up=(0, 0), explanation=lines)
        t = take(tw.hands, tw.piles, r.takes, table)
        for i in (0, 1):
            if t.picked_up[i]:
                lines.append(f"player {i}'s hand is empty: player {i} picks up and shuffles the pile "
                             f"({plural(t.picked_up[i], 'card')})")
        if t.out:
            who = " and ".join(f"player {i}" for i in t.out)
            lines.append(f"{who} {'has' if len(t.out) == 1 else 'have'} no cards left in hand or pile: "
                         f"{who} {'wins' if len(t.out) == 1 else 'share the win'}")
        return TradeAndWarAnswer(swapped=swapped, lays=lays, laid=tw.laid, takes=r.takes, war_again=False,
                                 out=list(t.out), hands=t.hands, piles=t.piles, table=0, picked_up=t.picked_up,
                                 explanation=lines)


class TradeAndWarAnswer(Answer):
    swapped: tuple[int, int] | None
    """each hand after the swap (null: the game ended at the tie, nobody swapped)"""
    lays: list[LaidCards] | None
    """what each player laid (null: nobody laid)"""
    laid: int
    takes: int | None
    """who takes the table (null: no war cards given, a tie again, or someone ran out)"""
    war_again: bool
    """the war's face-up cards tie: swap and lay again (ask again with the new counts)"""
    out: list[int]
    """players who ran out of cards: they win"""
    hands: tuple[int, int]
    piles: tuple[int, int]
    table: int
    """the counts where the walk-through stops"""
    picked_up: tuple[int, int]
    """after taking: each empty hand picks up its pile for the next flip"""


PCWar.asks = (FlipAsk, TradeAndWarAsk)

GAME = PCWar()
