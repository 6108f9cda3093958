"""The ways to win: Full Court, Elemental Union, Master of the Elements."""

from __future__ import annotations

from collections.abc import Iterable

from card_companion.calculators.cards import (
    SUITS,
    Card,
    Rank,
    Suit,
    cards,  # noqa: F401 (the doctests' names)
)


def full_court(held: Iterable[Card]) -> Suit | None:
    """The suit whose Jack, Queen and King are all held (hand and active cards), if any.

    >>> full_court(cards("JH QH KH 2C")), full_court(cards("JH QH KS"))
    (<Suit.HEARTS: 'H'>, None)
    """
    held = set(held)
    for s in SUITS:
        if all(Card.model_construct(rank=r, suit=s) in held for r in (Rank.JACK, Rank.QUEEN, Rank.KING)):
            return s
    return None


def elemental_union(held: Iterable[Card]) -> bool:
    """At least one face card of every suit (hand and active cards).

    >>> elemental_union(cards("JH QS KD JC")), elemental_union(cards("JH QS KD AC"))
    (True, False)
    """
    return {c.suit for c in held if c.rank.is_face} >= set(SUITS)


def master_of_the_elements(active: Iterable[Card]) -> bool:
    """At least one active card of every suit.

    >>> master_of_the_elements(cards("AH JS AD JC")), master_of_the_elements(cards("AH JS AD"))
    (True, False)
    """
    return {c.suit for c in active} >= set(SUITS)
