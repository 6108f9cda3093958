"""FIGHT! at the table: two players, best of three rounds, from the row to the match.

The app never sees the face-down cards. It knows the face-up row (every card is entered
as it is turned), the face-up picks in each hand, both cards of every turn, the victory
piles card by card with each card's face, and the discard pile; by counting it knows the
deck and the size of each hand at every moment. Coin flips are actions that carry their
outcome, so undo and replay never flip again.

Rules: card_companion/rules/fight.txt; rulings: card_companion/rulings/fight.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Annotated, Literal, cast

from pydantic import Field, field_validator

from card_companion.calculators.cards import Card, Deck
from card_companion.calculators.fight import (
    DECK,
    FACE_DOWN_DRAWS,
    ROUND_POINTS,
    ROUNDS_TO_WIN,
    ROW,
    Cycle,
    FightError,
    Pile,
    PileCard,
    Placement,
    Turn,
    TurnResult,
    check_card,
    coin_flip,
    cycle_text,
    place_won_card,
    resolve_turn,
    tie_breaker_holder,
    victory_points,
)
from card_companion.calculators.fight import (
    GAME as GAME_NAME,
)
from card_companion.calculators.words import symbols
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
    lead_line,
    won_line,
)

PLAYERS = 2
FlipPurpose = Literal["first-pick", "tie", "round"]
Phase = Literal["row", "coin-flip", "pick", "fight", "over"]
DecidedBy = Literal["points", "tie-breaker", "coin"]
"""what gave a round to its winner"""


# --- setup ---------------------------------------------------------------------------


class FightSettings(Settings):
    cycle: Cycle = Field(
        "default",
        title="Which move beats which",
        description=(
            "The rule text lost its picture of the moves. Default: " + cycle_text("default")
            + ". Reverse: " + cycle_text("reverse") + "."
        ),
    )


class FightSetup(Setup):
    settings: FightSettings = FightSettings()

    @field_validator("players")
    @classmethod
    def _two_players(cls, players: tuple[str, ...]) -> tuple[str, ...]:
        if len(players) != PLAYERS:
            raise ValueError(f"{GAME_NAME} is for {PLAYERS} players, not {len(players)}")
        return players


# --- state ---------------------------------------------------------------------------


class Player(Frozen):
    hand: int = 0
    """cards in the hand (face down and face-up picks)"""
    face_up: tuple[Card, ...] = ()
    """the face-up picks from the row still in the hand (everyone saw them)"""
    pile: Pile = ()
    """the victory pile, from the bottom card to the top card, each face up or down"""

    @property
    def face_down(self) -> int:
        return self.hand - len(self.face_up)


class TurnRecord(Frozen):
    """The latest turn, for the table screen: the cards, who won, where the card went."""

    round: int
    number: int
    cards: tuple[Card, Card]
    result: TurnResult
    placement: Placement | None = None

    @property
    def explanation(self) -> list[str]:
        return self.result.explanation + (self.placement.explanation if self.placement else [])


class RoundRecord(Frozen):
    """A finished round, with the table as it was at its end."""

    number: int
    winner: int
    points: tuple[int, int]
    piles: tuple[Pile, Pile]
    turns: int
    decided_by: DecidedBy
    ended_by: str
    """why the round ended, in plain words"""


class FightState(TableState):
    setup: FightSetup
    round: int = 1
    turns: int = 0
    """turns played in this round"""
    phase: Phase = "row"
    flip: FlipPurpose | None = None
    """what the pending coin flip decides (phase coin-flip)"""
    deck: int = DECK.size
    """cards left in the deck"""
    row: tuple[Card, ...] = ()
    """the face-up cards next to the deck"""
    players: tuple[Player, ...] = (Player(), Player())
    discards: tuple[Card, ...] = ()
    played: tuple[Card, Card] | None = None
    """the two cards on the table while a coin flip decides a tie"""
    pickers: tuple[int, ...] = ()
    """who still picks a face-up card from the row, in order (phase pick)"""
    last_turn: TurnRecord | None = None
    rounds: tuple[RoundRecord, ...] = ()
    """the finished rounds"""
    ending: str = ""
    """why the round is ending, while the coin flip for its winner is pending"""

    @property
    def piles(self) -> tuple[Pile, Pile]:
        return (self.players[0].pile, self.players[1].pile)


# --- actions -------------------------------------------------------------------------


class TurnUp(Frozen):
    """Cards turned face up into the row: the round's three, or the refill after the draws."""

    kind: Literal["row"] = "row"
    cards: tuple[Card, ...]


class CoinFlip(Frozen):
    """A coin flip and its outcome: who picks first from the row, who wins a tie of two
    attack cards, or who wins a round that ended with nobody holding the Tie Breaker."""

    kind: Literal["coin-flip"] = "coin-flip"
    purpose: FlipPurpose
    winner: int = Field(description="the player the coin favours")


class Pick(Frozen):
    """A player takes a face-up card from the row into their hand."""

    kind: Literal["pick"] = "pick"
    player: int
    card: Card


class Fight(Frozen):
    """After "Ready, set, FIGHT!": the card each player played (player 0's, player 1's)."""

    kind: Literal["fight"] = "fight"
    cards: tuple[Card, Card]


Action = Annotated[TurnUp | CoinFlip | Pick | Fight, Field(discriminator="kind")]


# --- the game ------------------------------------------------------------------------


class FightGame(Game[FightSetup, FightState, Action]):
    id = "fight"
    name = GAME_NAME
    blurb = "Punch, Kick, Parry, Dodge: two fighters, a row of cards and the Tie Breaker."
    min_players = 2
    max_players = 2
    rules_file = "fight.txt"
    Settings = FightSettings
    Setup = FightSetup
    State = FightState
    action_type = Action

    def deck(self, setup: FightSetup) -> Deck:
        return DECK

    def initial_state(self, setup: FightSetup) -> FightState:
        return FightState(setup=setup)

    # --- applying actions --------------------------------------------------------------

    handlers = {TurnUp: "_turn_up", CoinFlip: "_coin_flip", Pick: "_pick", Fight: "_fight"}

    def _turn_up(self, s: FightState, a: TurnUp) -> Applied:
        self._expect(s, "row")
        needed = self.row_needed(s)
        opening = _opening(s)
        if len(a.cards) != needed:
            if opening:
                raise IllegalAction(f"a round starts with {ROW} cards turned face up in the row: enter {ROW}")
            raise IllegalAction(
                f"the row needs {needed} {_cards_word(needed)} to have {ROW} again "
                f"(the deck has {s.deck}): enter {needed}, not {len(a.cards)}"
            )
        seen: set[Card] = set()
        for c in a.cards:
            self._check_card(c)
            if c in seen:
                raise IllegalAction(f"{c.symbol} is entered twice: a {GAME_NAME} deck has one of each card")
            where = self._whereabouts(s, c)
            if where:
                raise IllegalAction(f"{c.symbol} cannot come off the deck: it is {where}")
            seen.add(c)
        s = s.model_copy(update={"row": s.row + a.cards, "deck": s.deck - len(a.cards)})
        cards = symbols(a.cards)
        if opening:
            # both players draw 3 face down, then a coin flip says who picks first from the row
            players = tuple(p.model_copy(update={"hand": FACE_DOWN_DRAWS}) for p in s.players)
            return Applied(s.model_copy(update={
                "players": players, "deck": s.deck - PLAYERS * FACE_DOWN_DRAWS,
                "phase": "coin-flip", "flip": "first-pick",
            }), f"Round {s.round}: {cards} turned face up in the row; "
                f"each player draws {FACE_DOWN_DRAWS} cards face down")
        return Applied(s.model_copy(update={"phase": "fight"}), f"Row refilled with {cards} (row: {symbols(s.row)})")

    def _coin_flip(self, s: FightState, a: CoinFlip) -> Applied:
        self._expect(s, "coin-flip")
        assert s.flip is not None  # phase coin-flip always says what the flip decides
        if a.purpose != s.flip:
            raise IllegalAction(f"the coin flip now is {_FLIP_QUESTION[s.flip]}")
        if a.winner not in (0, 1):
            raise IllegalAction(f"a coin flip favours player 0 or player 1, not {a.winner}")
        w = a.winner
        if s.flip == "first-pick":
            return Applied(s.model_copy(update={"phase": "pick", "flip": None, "pickers": (w, 1 - w)}),
                           f"Coin flip: {s.name(w)} picks first from the row")
        if s.flip == "tie":
            cards = s.played
            # a tie's flip comes after the turn that played the two cards (_play_turn)
            assert cards is not None and s.last_turn is not None
            coin = cast(Literal[0, 1], w)  # the check above: a coin favours player 0 or player 1
            result = resolve_turn(
                Turn(cards=cards, tie_breaker=None, cycle=s.setup.settings.cycle, coin=coin), s.names
            )
            record = s.last_turn.model_copy(update={"result": result})
            after = self._collect(s.model_copy(update={"played": None, "flip": None, "last_turn": record}))
            return Applied(after, f"Coin flip for the tie: {s.name(w)} wins the turn" + _turn_tail(s, after))
        after = self._end_round(
            s.model_copy(update={"flip": None, "ending": ""}), w, "coin",
            f"{s.ending}; nobody held the Tie Breaker, so a coin flip gave the round to {s.name(w)}",
        )
        return Applied(after, f"Coin flip: {s.name(w)} wins round {s.round}" + _round_tail(s, after))

    def _pick(self, s: FightState, a: Pick) -> Applied:
        self._expect(s, "pick")
        p = s.pickers[0]
        if a.player != p:
            if a.player not in (0, 1):
                raise IllegalAction(f"there is no player {a.player}")
            raise IllegalAction(f"it is {s.name(p)}'s turn to pick from the row")
        self._check_card(a.card)
        if a.card not in s.row:
            raise IllegalAction(f"{a.card.symbol} is not in the row: pick one of {symbols(s.row)}")
        player = s.players[p]
        player = player.model_copy(update={"hand": player.hand + 1, "face_up": player.face_up + (a.card,)})
        s = _with_player(s, p, player)
        s = s.model_copy(update={"row": tuple(c for c in s.row if c != a.card), "pickers": s.pickers[1:]})
        line = f"{s.name(p)} picks {a.card.symbol} from the row"
        if s.pickers:
            return Applied(s, line)
        # step IV (and after the opening picks): the row is refilled to three from the deck
        if self._refill_count(s) > 0:
            s = s.model_copy(update={"phase": "row"})
            return Applied(s, line + f"; the row needs {_count(self.row_needed(s), 'card')}")
        return Applied(s.model_copy(update={"phase": "fight"}), line)

    def _fight(self, s: FightState, a: Fight) -> Applied:
        after = self._play_turn(s, a)
        n = s.name
        first, second = a.cards
        turn = after.last_turn
        assert turn is not None  # _play_turn records the turn
        text = f"Turn {turn.number}: {n(0)} plays {first.symbol}, {n(1)} plays {second.symbol} → "
        result = turn.result
        if result.outcome == "coin-flip-needed":
            return Applied(after, text + "a tie of two attack cards and nobody holds the Tie Breaker: flip a coin")
        if result.outcome == "both-discard":
            text += "two defence cards, both discarded"
            if after.phase == "pick":
                text += f"; {n(after.pickers[0])} picks first from the row"
            elif after.flip == "first-pick":
                text += "; nobody holds the Tie Breaker: flip a coin for who picks first"
            return Applied(after, text + _round_tail(s, after))
        assert result.winner is not None  # the outcome left is a win
        return Applied(after, text + f"{n(result.winner)} wins" + _turn_tail(s, after))

    def _play_turn(self, s: FightState, a: Fight) -> FightState:
        """The state after a turn: the cards played, the turn's result and what follows."""
        self._expect(s, "fight")
        first, second = a.cards
        self._check_card(first)
        self._check_card(second)
        if first == second:
            raise IllegalAction(
                f"both players cannot play {first.symbol}: a {GAME_NAME} deck has one of each card"
            )
        for p, c in enumerate(a.cards):
            self._check_playable(s, p, c)
        # two piles: the holder is player 0, player 1 or nobody (tie_breaker_holder says int | None)
        tie_breaker = cast(Literal[0, 1] | None, tie_breaker_holder(s.piles))
        turn = Turn(cards=a.cards, tie_breaker=tie_breaker, cycle=s.setup.settings.cycle)
        result = resolve_turn(turn, s.names)
        players = tuple(
            pl.model_copy(update={"hand": pl.hand - 1, "face_up": tuple(x for x in pl.face_up if x != c)})
            for pl, c in zip(s.players, a.cards)
        )
        record = TurnRecord(round=s.round, number=s.turns + 1, cards=a.cards, result=result)
        s = s.model_copy(update={"players": players, "turns": s.turns + 1, "last_turn": record})
        if result.outcome == "coin-flip-needed":
            return s.model_copy(update={"phase": "coin-flip", "flip": "tie", "played": a.cards})
        if result.outcome == "win":
            return self._collect(s)
        # two defence cards: both discarded, both pick from the row
        s = s.model_copy(update={"discards": s.discards + result.discarded})
        if len(s.row) < PLAYERS:
            return self._depleted(
                s, f"both players had to pick from the row, which had {_count(len(s.row), 'card')}"
            )
        holder = tie_breaker_holder(s.piles)
        if holder is None:
            return s.model_copy(update={"phase": "coin-flip", "flip": "first-pick"})
        return s.model_copy(update={"phase": "pick", "pickers": (holder, 1 - holder)})

    def _collect(self, s: FightState) -> FightState:
        """The winner's card goes to their victory pile; then the round ends, or the draws."""
        record = s.last_turn
        assert record is not None  # a won turn is recorded before its card is collected
        result = record.result
        w = result.winner
        assert w is not None and result.collected is not None  # a won turn: its winner collects a card
        placement = place_won_card(s.piles, w, result.collected, s.names)
        players = tuple(pl.model_copy(update={"pile": pile}) for pl, pile in zip(s.players, placement.piles))
        s = s.model_copy(update={
            "players": players,
            "discards": s.discards + result.discarded,
            "last_turn": record.model_copy(update={"placement": placement}),
        })
        points = victory_points(s.players[w].pile)
        if points >= ROUND_POINTS:
            return self._end_round(s, w, "points", f"{s.name(w)} reached {points} victory points")
        loser = 1 - w
        if not s.row:
            return self._depleted(s, f"{s.name(w)} had to pick a face-up card and the row was empty")
        if s.deck == 0:
            return self._depleted(s, f"{s.name(loser)} had to draw from the deck and it was empty")
        s = _with_player(s, loser, s.players[loser].model_copy(update={"hand": s.players[loser].hand + 1}))
        return s.model_copy(update={"deck": s.deck - 1, "phase": "pick", "pickers": (w,)})

    def _depleted(self, s: FightState, why: str) -> FightState:
        """A draw found no card: the Tie Breaker holder wins the round (a coin flip if nobody)."""
        holder = tie_breaker_holder(s.piles)
        if holder is None:
            return s.model_copy(update={"phase": "coin-flip", "flip": "round", "pickers": (), "ending": why})
        return self._end_round(s, holder, "tie-breaker", f"{why}; {s.name(holder)} held the Tie Breaker")

    def _end_round(self, s: FightState, winner: int, decided_by: DecidedBy, why: str) -> FightState:
        record = RoundRecord(
            number=s.round,
            winner=winner,
            points=(victory_points(s.players[0].pile), victory_points(s.players[1].pile)),
            piles=s.piles,
            turns=s.turns,
            decided_by=decided_by,
            ended_by=why,
        )
        rounds = s.rounds + (record,)
        if sum(1 for r in rounds if r.winner == winner) >= ROUNDS_TO_WIN:
            return s.model_copy(update={"rounds": rounds, "phase": "over", "pickers": (), "flip": None})
        # everything is reshuffled into the deck and a new round begins
        return FightState(setup=s.setup, round=s.round + 1, rounds=rounds, last_turn=s.last_turn)

    # --- checks ----------------------------------------------------------------------

    def _expect(self, s: FightState, phase: Phase) -> None:
        if s.phase == phase:
            return
        raise IllegalAction(f"that is not the next step; now: {self.prompt(s)}")

    def _check_card(self, c: Card) -> None:
        check_card(c)  # its FightError is refused as an IllegalAction by Game.step

    def _whereabouts(self, s: FightState, c: Card) -> str | None:
        """Where a card entered earlier this round is now (None: unseen, in the deck or face down
        in a hand)."""
        if c in s.row:
            return "in the face-up row"
        for i, p in enumerate(s.players):
            if c in p.face_up:
                return f"in {s.name(i)}'s hand (picked face up)"
            if any(x.card == c for x in p.pile):
                return f"in {s.name(i)}'s victory pile"
        if c in s.discards:
            return "in the discard pile"
        if s.played and c in s.played:
            return "on the table"
        return None

    def _check_playable(self, s: FightState, p: int, c: Card) -> None:
        player = s.players[p]
        if c in player.face_up:
            return
        where = self._whereabouts(s, c)
        if where:
            raise IllegalAction(f"{s.name(p)} cannot play {c.symbol}: it is {where}")
        if player.face_down < 1:
            raise IllegalAction(
                f"{s.name(p)}'s hand is {symbols(player.face_up)}, all picked face up: "
                f"{c.symbol} is not one of them"
            )

    def _refill_count(self, s: FightState) -> int:
        return min(ROW - len(s.row), s.deck)

    # --- reading the state ----------------------------------------------------------------

    def is_over(self, state: FightState) -> bool:
        return state.phase == "over"

    def outcome(self, state: FightState) -> Outcome | None:
        if state.phase != "over":
            return None
        wins = self.rounds_won(state)
        cycle = state.setup.settings.cycle
        w = 0 if wins[0] > wins[1] else 1
        details = tuple(_round_line(state, r) for r in state.rounds)
        return Outcome(
            winners=(w,),
            headline=f"{state.name(w)} wins the FIGHT! {wins[w]}–{wins[1 - w]}",
            details=details + (f"Moves: {cycle_text(cycle)} ({cycle} cycle)",),
        )

    def summary(self, state: FightState) -> dict[str, str]:
        wins = self.rounds_won(state)
        out = {
            "Round": str(state.round),
            "Rounds won": f"{state.name(0)} {wins[0]}, {state.name(1)} {wins[1]}",
            "Deck": _count(state.deck, "card"),
            "Row": symbols(state.row) if state.row else "empty",
        }
        for i, p in enumerate(state.players):
            name = state.name(i)
            hand = _count(p.hand, "card")
            if p.face_up:
                hand += f" (face up: {symbols(p.face_up)})"
            out[f"{name}'s hand"] = hand
            pile = f"{_count(victory_points(p.pile), 'point')}, {_count(len(p.pile), 'card')}"
            if p.pile:
                pile += f", top {p.pile[-1].symbol}"
            out[f"{name}'s victory pile"] = pile
        holder = tie_breaker_holder(state.piles)
        if holder is None:
            out["Tie Breaker"] = "nobody"
        else:
            out["Tie Breaker"] = f"{state.name(holder)} ({state.players[holder].pile[-1].card.symbol})"
        out["Discards"] = _count(len(state.discards), "card")
        if state.played:
            out["On the table"] = (f"{state.name(0)}'s {state.played[0].symbol}, "
                                   f"{state.name(1)}'s {state.played[1].symbol} (waiting for the coin)")
        return out

    def headline(self, state: FightState) -> str:
        """Rounds won: "Bea leads 3–1 · round 5", "Ann won 4–2"."""
        wins = list(self.rounds_won(state))
        outcome = self.outcome(state)
        if outcome is not None:
            return won_line(state.names, outcome, wins)
        return f"{lead_line(state.names, wins)} · round {state.round}"

    def known_cards(self, state: FightState) -> list[Card]:
        known = list(state.row) + list(state.discards) + list(state.played or ())
        for p in state.players:
            known += p.face_up
            known += [x.card for x in p.pile]
        return known

    # --- what the players can do now (the views ask these) ------------------------------

    def prompt(self, state: FightState) -> str:
        """One line: what the table does next."""
        n = state.name
        if state.phase == "row":
            k = self.row_needed(state)
            if _opening(state):
                return f"Round {state.round}: turn up {ROW} cards for the row and enter them"
            them = "it" if k == 1 else "them"
            return f"Refill the row: turn up {_count(k, 'card')} from the deck and enter {them}"
        if state.phase == "coin-flip":
            assert state.flip is not None  # phase coin-flip always says what the flip decides
            return f"Flip a coin: {_FLIP_QUESTION[state.flip]}"
        if state.phase == "pick":
            return f"{n(state.pickers[0])} picks a face-up card from the row"
        if state.phase == "fight":
            return "Ready, set, FIGHT! Enter the card each player played"
        outcome = self.outcome(state)
        return outcome.headline if outcome else ""

    def opening(self, state: FightState) -> bool:
        """The round's first row is still to be turned up (a new round, nobody holds cards)."""
        return state.phase == "row" and _opening(state)

    def row_needed(self, state: FightState) -> int:
        """How many cards to turn up into the row now (0 outside phase row)."""
        if state.phase != "row":
            return 0
        return ROW if _opening(state) else self._refill_count(state)

    def unseen(self, state: FightState) -> list[Card]:
        """The cards nobody has seen this round (in the deck or face down in a hand): the
        choices when turning up row cards."""
        known = set(self.known_cards(state))
        return [c for c in DECK.faces() if c not in known]

    def flip_purpose(self, state: FightState) -> FlipPurpose | None:
        return state.flip if state.phase == "coin-flip" else None

    def flip_question(self, state: FightState) -> str:
        """What the pending coin flip decides, as a question ("" when none is pending)."""
        purpose = self.flip_purpose(state)
        return _FLIP_QUESTION[purpose] if purpose else ""

    def flip_coin(self, state: FightState, rng: random.Random | None = None) -> CoinFlip:
        """The coin-flip action with its outcome drawn now (the UI animates it, then pushes it)."""
        purpose = self.flip_purpose(state)
        if purpose is None:
            raise IllegalAction("no coin flip is needed now")
        return CoinFlip(purpose=purpose, winner=coin_flip(rng or random.Random()))

    def picker(self, state: FightState) -> int | None:
        """Who picks a face-up card from the row now."""
        return state.pickers[0] if state.phase == "pick" else None

    def pick_choices(self, state: FightState) -> list[Card]:
        return list(state.row) if state.phase == "pick" else []

    def playable(self, state: FightState, player: int) -> list[Card]:
        """The cards this player could have played now: their face-up picks, and every unseen
        card while they hold face-down cards."""
        if state.phase != "fight":
            return []
        p = state.players[player]
        cards = list(p.face_up)
        if p.face_down > 0:
            cards += self.unseen(state)
        return sorted(cards)

    def entry_problems(self, state: FightState, cards: Sequence[Card | None]) -> list[str]:
        """What is wrong with the cards entered so far (``None``: a place not filled yet), in
        the words the tracker would refuse them with; [] when nothing is. Phase row: the
        cards turned up into the row; phase fight: player 0's and player 1's cards. A card
        entered twice is left to the card entry's own over-count warning. For the table's
        warning while the cards are being entered."""
        if state.phase not in ("row", "fight"):
            return [f"that is not the next step; now: {self.prompt(state)}"]
        problems: list[str] = []
        for i, c in enumerate(cards):
            if c is None:
                continue
            try:
                self._check_card(c)
                if state.phase == "fight":
                    self._check_playable(state, i, c)
                else:
                    where = self._whereabouts(state, c)
                    if where:
                        raise IllegalAction(f"{c.symbol} cannot come off the deck: it is {where}")
            except (IllegalAction, FightError) as exc:  # the tracker's words, or the deck's
                problems.append(str(exc))
        return problems

    def tie_breaker(self, state: FightState) -> int | None:
        """The Tie Breaker holder (whoever has a face-up card on top of their victory pile)."""
        return tie_breaker_holder(state.piles)

    def tie_breaker_card(self, state: FightState) -> Card | None:
        holder = self.tie_breaker(state)
        return None if holder is None else state.players[holder].pile[-1].card

    def pile_top(self, state: FightState, player: int) -> PileCard | None:
        """The top card of a player's victory pile and its face (None: empty pile)."""
        pile = state.players[player].pile
        return pile[-1] if pile else None

    def points(self, state: FightState) -> tuple[int, int]:
        """Each player's victory points this round."""
        return (victory_points(state.players[0].pile), victory_points(state.players[1].pile))

    def rounds_won(self, state: FightState) -> tuple[int, int]:
        return (sum(1 for r in state.rounds if r.winner == 0), sum(1 for r in state.rounds if r.winner == 1))

    def last_round(self, state: FightState) -> RoundRecord | None:
        """The latest finished round (the round result screen between rounds)."""
        return state.rounds[-1] if state.rounds else None

    def turn_result(self, state: FightState) -> TurnRecord | None:
        """The latest turn of the current round (None at a round's start)."""
        t = state.last_turn
        return t if t is not None and t.round == state.round else None


def _with_player(s: FightState, i: int, player: Player) -> FightState:
    players = list(s.players)
    players[i] = player
    return s.model_copy(update={"players": tuple(players)})


def _opening(s: FightState) -> bool:
    """The round's first row is still to be turned (nobody holds cards yet)."""
    return s.turns == 0 and s.players[0].hand == 0 and s.players[1].hand == 0


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cards_word(n: int) -> str:
    return "card" if n == 1 else "cards"


_FLIP_QUESTION: dict[FlipPurpose, str] = {
    "first-pick": "who picks first from the row?",
    "tie": "who wins the tie of two attack cards?",
    "round": "who wins the round? (nobody holds the Tie Breaker)",
}


def _round_line(s: FightState, r: RoundRecord) -> str:
    return (f"Round {r.number}: {s.name(r.winner)} wins, {s.name(0)} {r.points[0]} – "
            f"{s.name(1)} {r.points[1]} victory points ({r.ended_by})")


def _turn_tail(before: FightState, after: FightState) -> str:
    """What happened after a turn was won: where the card went, the draw or the round's end."""
    turn = after.last_turn if after.last_turn else None
    text = ""
    if turn and turn.placement:
        w = turn.result.winner
        assert w is not None and turn.result.collected is not None  # a placed card is a won turn's
        text += f" and collects {turn.result.collected.symbol}"
        text += {
            "first": " (face up: the Tie Breaker)",
            "top": " (face up on top: the new Tie Breaker)",
            "bottom": " (at the bottom of the pile)",
            "face-down": " (face down)",
            "takes-tie-breaker": f" (face up: {before.name(w)} takes the Tie Breaker)",
        }[turn.placement.placed]
    if after.phase == "pick" and after.round == before.round:
        w = after.pickers[0]
        text += f"; {before.name(1 - w)} draws from the deck, {before.name(w)} picks from the row"
    return text + _round_tail(before, after)


def _round_tail(before: FightState, after: FightState) -> str:
    if len(after.rounds) > len(before.rounds):
        r = after.rounds[-1]
        wins = (sum(1 for x in after.rounds if x.winner == 0), sum(1 for x in after.rounds if x.winner == 1))
        score = f"{before.name(0)} {wins[0]} – {before.name(1)} {wins[1]}"
        text = f"; {r.ended_by}: {before.name(r.winner)} wins round {r.number} ({score})"
        if after.phase == "over":
            text += f"; {before.name(r.winner)} wins the FIGHT!"
        return text
    if after.flip == "round" and before.flip != "round":
        return f"; the round ends: {after.ending}; nobody holds the Tie Breaker: flip a coin"
    return ""


# --- the resolve protocol ------------------------------------------------------------


class TurnAsk(Ask, Turn):
    """One FIGHT! turn: the two cards played, the Tie Breaker holder, the cycle."""

    game: Literal["fight"] = "fight"
    ask: Literal["turn"] = "turn"

    def answer(self) -> TurnAnswer:
        r = resolve_turn(self)
        return TurnAnswer.model_construct(
            outcome=r.outcome, winner=r.winner, collected=r.collected, discarded=list(r.discarded),
            picks_first=r.first_pick, explanation=r.explanation
        )


class TurnAnswer(Answer):
    outcome: Literal["win", "both-discard", "coin-flip-needed"]
    winner: int | None
    collected: Card | None
    discarded: list[Card]
    """the cards that go to the discard pile"""
    picks_first: int | None = None
    """two defence cards: who picks first from the row (None: not that case, or a coin is needed)"""


class WonCardAsk(Ask):
    """Where a won card goes on the victory piles (the TIE BREAKER CARD section) and who
    holds the Tie Breaker afterwards, given both piles."""

    game: Literal["fight"] = "fight"
    ask: Literal["won-card"] = "won-card"
    piles: tuple[tuple[PileCard, ...], tuple[PileCard, ...]] = Field(
        ((), ()), description="each player's victory pile from the bottom card to the top card, like "
        "[[{\"card\": \"4S\", \"face_up\": true}], []]; only the top cards decide, the rest count the points")
    winner: Literal[0, 1] = Field(description="the player who won the turn: 0 or 1")
    card: Card = Field(description="the card they collect, like \"2H\"")

    def answer(self) -> WonCardAnswer:
        seen: set[Card] = set()
        for pile in self.piles:
            for p in pile:
                check_card(p.card)
                if p.card in seen:
                    raise FightError(f"{p.card.symbol} is in the victory piles twice: a {GAME_NAME} deck has one "
                                     "of each card")
                seen.add(p.card)
        before = tie_breaker_holder(self.piles)
        placement = place_won_card(self.piles, self.winner, self.card)
        points = [victory_points(pile) for pile in placement.piles]
        w = self.winner
        holder = placement.holder
        return WonCardAnswer(
            placed=placement.placed, holder_before=before, holder=holder,
            tie_breaker=placement.piles[holder][-1].card,
            piles=placement.piles, points=points, round_won=w if points[w] >= ROUND_POINTS else None,
            explanation=placement.explanation)


class WonCardAnswer(Answer):
    placed: Literal["first", "top", "bottom", "face-down", "takes-tie-breaker"]
    """first: the round's first won card; top / bottom: the holder won it; face-down: the
    other player won a lower card; takes-tie-breaker: the other player won an equal or higher one"""
    holder_before: int | None
    holder: int
    """who holds the Tie Breaker afterwards"""
    tie_breaker: Card
    """the Tie Breaker afterwards: the face-up card on top of the holder's pile"""
    piles: tuple[tuple[PileCard, ...], tuple[PileCard, ...]]
    points: list[int]
    """the victory points of each pile afterwards (of the cards given)"""
    round_won: int | None
    """the winner reached 13 victory points and wins the round; null otherwise"""


FightGame.asks = (TurnAsk, WonCardAsk)

GAME = FightGame()
