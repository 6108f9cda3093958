"""What FIGHT!'s rules share: what the table does next (and the refusal of a step out of its
turn, in those words), and where each card seen this round is (a card entered twice, a card
a player cannot hold)."""

from __future__ import annotations

from card_companion.calculators.cards import Card
from card_companion.calculators.fight import DECK, ROW
from card_companion.calculators.words import symbols
from card_companion.companion.fight.state import FightState, FlipPurpose, Phase
from card_companion.companion.fight.winning import outcome
from card_companion.companion.game import IllegalAction

FLIP_QUESTION: dict[FlipPurpose, str] = {
    "first-pick": "who picks first from the row?",
    "tie": "who wins the tie of two attack cards?",
    "round": "who wins the round? (nobody holds the Tie Breaker)",
}


def count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def cards_word(n: int) -> str:
    return "card" if n == 1 else "cards"


# --- what the table does next ----------------------------------------------------------------


def opening(s: FightState) -> bool:
    """The round's first row is still to be turned (nobody holds cards yet)."""
    return s.turns == 0 and s.players[0].hand == 0 and s.players[1].hand == 0


def refill_count(s: FightState) -> int:
    """The cards that bring the row back to three, as far as the deck has them."""
    return min(ROW - len(s.row), s.deck)


def row_needed(state: FightState) -> int:
    """How many cards to turn up into the row now (0 outside phase row)."""
    if state.phase != "row":
        return 0
    return ROW if opening(state) else refill_count(state)


def prompt(state: FightState) -> str:
    """One line: what the table does next."""
    n = state.name
    if state.phase == "row":
        k = row_needed(state)
        if opening(state):
            return f"Round {state.round}: turn up {ROW} cards for the row and enter them"
        them = "it" if k == 1 else "them"
        return f"Refill the row: turn up {count(k, 'card')} from the deck and enter {them}"
    if state.phase == "coin-flip":
        assert state.flip is not None  # phase coin-flip always says what the flip decides
        return f"Flip a coin: {FLIP_QUESTION[state.flip]}"
    if state.phase == "pick":
        return f"{n(state.pickers[0])} picks a face-up card from the row"
    if state.phase == "fight":
        return "Ready, set, FIGHT! Enter the card each player played"
    result = outcome(state)
    return result.headline if result else ""


def expect(s: FightState, phase: Phase) -> None:
    """IllegalAction, saying what the table does next, unless the table is in ``phase``."""
    if s.phase == phase:
        return
    raise IllegalAction(f"that is not the next step; now: {prompt(s)}")


# --- where the cards are -----------------------------------------------------------------------


def known_cards(state: FightState) -> list[Card]:
    """The cards seen this round: the row, the discards, the cards waiting for a coin, the
    face-up picks and the victory piles."""
    known = list(state.row) + list(state.discards) + list(state.played or ())
    for p in state.players:
        known += p.face_up
        known += [x.card for x in p.pile]
    return known


def unseen(state: FightState) -> list[Card]:
    """The cards nobody has seen this round (in the deck or face down in a hand): the
    choices when turning up row cards."""
    known = set(known_cards(state))
    return [c for c in DECK.faces() if c not in known]


def whereabouts(s: FightState, c: Card) -> str | None:
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


def check_off_the_deck(s: FightState, c: Card) -> None:
    """IllegalAction unless ``c`` can be turned up from the deck (nobody has seen it)."""
    where = whereabouts(s, c)
    if where:
        raise IllegalAction(f"{c.symbol} cannot come off the deck: it is {where}")


def check_playable(s: FightState, p: int, c: Card) -> None:
    """IllegalAction unless player ``p`` can have played ``c``: one of their face-up picks, or
    an unseen card while they hold a face-down one."""
    player = s.players[p]
    if c in player.face_up:
        return
    where = whereabouts(s, c)
    if where:
        raise IllegalAction(f"{s.name(p)} cannot play {c.symbol}: it is {where}")
    if player.face_down < 1:
        raise IllegalAction(
            f"{s.name(p)}'s hand is {symbols(player.face_up)}, all picked face up: "
            f"{c.symbol} is not one of them"
        )
