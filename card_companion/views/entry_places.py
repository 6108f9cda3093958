"""The places of a card entry (``CardSlots``, views/card_picker.py) and the picker's taps
toward the next card: values, with no Flet, so that what a tap does to them is tested alone
(tests/views/test_card_picker_taps.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from card_companion.calculators.cards import Card, Rank, Suit


@dataclass(frozen=True)
class Taps:
    """The picker's taps so far: a rank, a suit, or neither (two taps make a card, in either
    order; tapping the chosen rank or suit again takes it back)."""

    rank: Rank | None = None
    suit: Suit | None = None

    def rank_tapped(self, rank: Rank) -> tuple[Taps, Card | None]:
        """The taps after a rank is tapped, and the card they make (None: not yet)."""
        if self.suit is not None:
            return Taps(), Card.of(rank, self.suit)
        return Taps(rank=None if self.rank == rank else rank), None

    def suit_tapped(self, suit: Suit) -> tuple[Taps, Card | None]:
        """The taps after a suit is tapped, and the card they make (None: not yet)."""
        if self.rank is not None:
            return Taps(), Card.of(self.rank, suit)
        return Taps(suit=None if self.suit == suit else suit), None


@dataclass(frozen=True)
class Places:
    """The named places of ``CardSlots``: the card in each (None: not entered), the place the
    picker fills next, whether the picker is out, and the picker's taps toward the next card.
    Filling a place moves on to the next empty place after it (else the first empty one) and
    starts the taps again; once every place is filled the picker folds away (``fold``) or stays
    on the place just filled, for the next change.

    The taps live here, not in the picker, so that the tap that makes a card changes one state:
    the places are drawn once, with the picker, and a calculator's ruling is not sent after
    two other updates."""

    cards: tuple[Card | None, ...]
    active: int = 0
    picking: bool = True
    taps: Taps = Taps()

    @staticmethod
    def start(count: int, initial: Sequence[Card | None] | None = None) -> Places:
        cards = tuple(initial) if initial is not None and len(initial) == count else (None,) * count
        empty = [i for i, c in enumerate(cards) if c is None]
        return Places(cards, empty[0] if empty else 0, bool(empty) or not cards)

    @property
    def complete(self) -> bool:
        return all(c is not None for c in self.cards)

    def chosen(self, place: int, keep_taps: bool = True) -> Places:
        """A place tapped: the picker fills it next (with the rank or suit tapped so far, unless
        the place takes another deck: ``keep_taps=False``)."""
        return replace(self, active=place, picking=True, taps=self.taps if keep_taps else Taps())

    def tapped(self, move: Callable[[Taps], tuple[Taps, Card | None]], fold: bool = True) -> Places:
        """A rank or suit tapped on the picker (``move``: ``Taps.rank_tapped`` or
        ``suit_tapped`` with the button's rank or suit): the taps so far, or the active place
        filled with the card they make."""
        taps, card = move(self.taps)
        return self.picked(card, fold) if card is not None else replace(self, taps=taps)

    def picked(self, card: Card, fold: bool = True) -> Places:
        """The picker gave a card for the active place."""
        cards = self.cards[:self.active] + (card,) + self.cards[self.active + 1:]
        empty = [i for i, c in enumerate(cards) if c is None]
        after = [i for i in empty if i > self.active]
        active = after[0] if after else (empty[0] if empty else self.active)
        return Places(cards, active, bool(empty) or not fold)
