"""CardPeeGee's numbers: the constants, card values, the elements and the shared bases."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import ceil

from pydantic import BaseModel, ConfigDict

from card_companion.calculators.cards import (
    Card,
    Deck,
    Rank,
    RulesError,
    Suit,
    cards,  # noqa: F401 (the doctests' names),
)
from card_companion.calculators.words import plural, symbols

GAME = "CardPeeGee"
PLAYERS_PER_PACK = 4
JOKERS_PER_PACK = 2

HERO_DEAL = 3
MONSTER_DEAL = 3
JAILOR_DEAL = 3
BOSS_BASE = 10
BOSS_DEAL = 3
JACK_PENALTY = 2
ACE_BONUS = 5  # tenths: +50 %
ELEMENT_BONUS = 2  # tenths: +20 %
ELEMENT_SCORE_BOOST = 2  # tenths: the stronger element's round score +20 %
ELEMENT_DAMAGE_KEEP = 8  # tenths: the weaker element's damage −20 %
JACK_BOSS_BONUS = 2


class RuleError(RulesError):
    """Input the rules cannot accept; the message says why in plain words."""


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- card values and the elements ------------------------------------------------------


def value(c: Card) -> int:
    """Blackjack values with Aces high: A 11, J Q K 10, number cards their number, Joker 0.

    >>> [value(x) for x in cards("AS 10H JD QC KS 2H JOKER")]
    [11, 10, 10, 10, 10, 2, 0]
    """
    return _VALUES[c.rank]


_VALUES: dict[Rank, int] = {
    Rank.JOKER: 0, Rank.ACE: 11, Rank.JACK: 10, Rank.QUEEN: 10, Rank.KING: 10,
    **{Rank(n): n for n in range(2, 11)},
}


def total(cs: Iterable[Card]) -> int:
    return sum(value(c) for c in cs)


def half_up(n: int) -> int:
    """Half, rounded up: ``half_up(5) == 3``."""
    return -(-n // 2)


def tenths_up(n: int, tenths: int) -> int:
    """``n × tenths / 10``, rounded up (integers only, no float error)."""
    return -(-n * tenths // 10)


def _decimal(n_tenths: int) -> str:
    """34 → "3.4", 60 → "6"."""
    whole, frac = divmod(n_tenths, 10)
    return f"{whole}" if frac == 0 else f"{whole}.{frac}"


def packs_for(players: int) -> int:
    """One pack for every four players, all shuffled together.

    >>> [packs_for(n) for n in (1, 4, 5, 8, 9)]
    [1, 1, 2, 2, 3]
    """
    if players < 1:
        raise RuleError("CardPeeGee needs at least one player")
    return ceil(players / PLAYERS_PER_PACK)


def deck_for(players: int, jokers: bool = False) -> Deck:
    packs = packs_for(players)
    return Deck(copies=packs, jokers=JOKERS_PER_PACK * packs if jokers else 0)


STRONG_AGAINST: dict[Suit, Suit] = {
    Suit.DIAMONDS: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}
"""The element cycle: each element is strong against the one it points to."""


def beats(a: Suit | None, b: Suit | None) -> bool:
    """True when element ``a`` is strong against element ``b``.

    >>> beats(Suit.DIAMONDS, Suit.CLUBS), beats(Suit.CLUBS, Suit.DIAMONDS), beats(Suit.CLUBS, Suit.HEARTS)
    (True, False, False)
    """
    return a is not None and b is not None and STRONG_AGAINST[a] == b


def element_word(s: Suit) -> str:
    """Singular, as in "a club element": club, heart, diamond, spade."""
    return s.word[:-1]


# --- the working's phrases, shared by the encounters and the Boss Battles ------------------


def _of_suit(cs: Iterable[Card], suit: Suit) -> list[Card]:
    return [c for c in cs if c.suit == suit]


def _count(cs: Sequence[Card], noun: str) -> str:
    """"0 spade props", "1 spade prop (K♠)", "2 spade props (3♠ 9♠)"."""
    if not cs:
        return plural(0, noun)
    return f"{plural(len(cs), noun)} ({symbols(cs)})"


def _sum_line(cs: Sequence[Card]) -> str:
    """"none (0)", "7♣ (7)", "7♣ + J♣ (17)"."""
    if not cs:
        return "none (0)"
    return f"{' + '.join(c.symbol for c in cs)} ({total(cs)})"
