"""What FIGHT!'s table may enter now, said once: ``legal_actions(state)``, one kind of step per
phase. Phase row: the cards turned up into the row (``RowChoices``: any of the unseen cards,
as many as the row needs, in the order they are turned); phase coin-flip: the coin's two
outcomes (``CoinChoices``); phase pick: the picker's choice of a row card (``Among`` the
row); phase fight: the two cards played (``FightChoices``: player 0's and player 1's, each one
the player can hold, never the same card). A finished FIGHT! has none.

The two large kinds check a card with the rules' own functions (checks.py), so a card a place
cannot take is refused in the words ``Game.step`` says it with (``card_refusal``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import permutations, product

from card_companion.calculators.cards import Card
from card_companion.calculators.fight import FightError, check_card, coin_flip
from card_companion.companion.fight.actions import CoinFlip, Fight, Pick, TurnUp
from card_companion.companion.fight.checks import check_off_the_deck, check_playable, row_needed, unseen
from card_companion.companion.fight.state import PLAYERS, FightState
from card_companion.companion.game import IllegalAction
from card_companion.companion.legal import Among, Choices, Legal


def _refusal(check: Callable[..., object], *args: object) -> str | None:
    """The sentence a rule's check refuses with (its IllegalAction or the deck's FightError)."""
    try:
        check(*args)
    except (IllegalAction, FightError) as exc:
        return str(exc)
    return None


@dataclass(frozen=True)
class RowChoices(Choices[TurnUp]):
    """The cards turned up into the row: ``needed`` different cards nobody has seen this
    round, in the order they are turned (the round's three, or the refill)."""

    state: FightState
    needed: int
    cards: tuple[Card, ...]
    """the unseen cards (in the deck or face down in a hand): what each place may take"""
    kind: type = field(default=TurnUp, init=False)

    def __iter__(self) -> Iterator[TurnUp]:
        return (TurnUp(cards=c) for c in permutations(self.cards, self.needed))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, TurnUp) or len(action.cards) != self.needed:
            return False
        unseen = set(self.cards)
        return len(set(action.cards)) == self.needed and all(c in unseen for c in action.cards)

    def __bool__(self) -> bool:
        return len(self.cards) >= self.needed

    def sample(self, rng: random.Random) -> TurnUp:
        return TurnUp(cards=tuple(rng.sample(self.cards, self.needed)))

    def card_refusal(self, place: int, card: Card) -> str | None:
        """Why ``card`` cannot be turned up into the row (the deck's or the tracker's words)."""
        return _refusal(check_card, card) or _refusal(check_off_the_deck, self.state, card)


@dataclass(frozen=True)
class CoinChoices(Among[CoinFlip]):
    """The coin's two outcomes for the flip due; drawn like the app's coin (``coin_flip``)."""

    def sample(self, rng: random.Random) -> CoinFlip:
        winner = coin_flip(rng)
        return next(a for a in self.actions if a.winner == winner)


@dataclass(frozen=True)
class FightChoices(Choices[Fight]):
    """The two cards of a turn: a card each player can have played (their face-up picks, or
    any unseen card while they hold a face-down one), never both the same card."""

    state: FightState
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    """each player's cards they can have played, sorted"""
    kind: type = field(default=Fight, init=False)

    def __iter__(self) -> Iterator[Fight]:
        return (Fight(cards=(a, b)) for a, b in product(*self.hands) if a != b)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Fight):
            return False
        a, b = action.cards
        return a != b and a in self.hands[0] and b in self.hands[1]

    def __bool__(self) -> bool:
        a, b = self.hands
        # none only when a hand can play nothing, or both only the same one card
        return bool(a) and bool(b) and (len(b) > 1 or a != b)

    def sample(self, rng: random.Random) -> Fight:
        """Player 0's card at random, then player 1's among the others (each hand holds four
        cards, so player 1 always has another)."""
        first = rng.choice(self.hands[0])
        second = rng.choice([c for c in self.hands[1] if c != first])
        return Fight(cards=(first, second))

    def card_refusal(self, place: int, card: Card) -> str | None:
        """Why player ``place`` cannot have played ``card`` (the deck's or the tracker's words)."""
        return _refusal(check_card, card) or _refusal(check_playable, self.state, place, card)


def playable(state: FightState, player: int) -> tuple[Card, ...]:
    """The cards this player can have played now (phase fight): their face-up picks, and every
    unseen card while they hold a face-down one; sorted."""
    p = state.players[player]
    cards = list(p.face_up)
    if p.face_down > 0:
        cards += unseen(state)
    return tuple(sorted(cards))


def legal_actions(state: FightState) -> Legal:
    """Every step the table may take now: one kind per phase; none once the FIGHT! is over."""
    phase = state.phase
    if phase == "row":
        return Legal.of(RowChoices(state, row_needed(state), tuple(unseen(state))))
    if phase == "coin-flip":
        assert state.flip is not None  # phase coin-flip always says what the flip decides
        purpose = state.flip
        return Legal.of(CoinChoices(CoinFlip, tuple(CoinFlip(purpose=purpose, winner=w) for w in range(PLAYERS))))
    if phase == "pick":
        return Legal.of(Among(Pick, tuple(Pick(player=state.pickers[0], card=c) for c in state.row)))
    if phase == "fight":
        return Legal.of(FightChoices(state, (playable(state, 0), playable(state, 1))))
    return Legal()
