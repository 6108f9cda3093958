"""Playing cards: the value type every game shares, its notation and deck specs.

Notation (RULINGS.md): rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` for 10, any case),
suit ``S H D C`` (also ``♠ ♥ ♦ ♣`` and ``◇`` for diamonds), jokers ``JOKER``
(also ``X``, ``JK``), the blank card ``BLANK`` (also ``BL``; only PC War's deck may hold it).
The canonical form is ``10H``, ``QS``, ``AD``, ``JOKER``, ``BLANK``.

>>> Card.parse("10h")
Card('10H')
>>> str(Card.parse("T♦")), str(Card.parse("qs")), str(Card.parse("A♠"))
('10D', 'QS', 'AS')
>>> Card.parse("x").is_joker
True
>>> Card.parse("blank").symbol, Deck().contains(BLANK), Deck(blank=1).size
('Blank', False, 53)
>>> Card.parse("1H")
Traceback (most recent call last):
...
card_companion.calculators.cards.CardError: '1H' is not a card: use a rank A 2-10 J Q K and a suit S H D C (like 10H or QS), or JOKER
"""  # noqa: E501 (doctest output)

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from enum import Enum, IntEnum
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_serializer, model_validator


class RulesError(ValueError):
    """The rules refuse this input: the base of every calculator's own error (a card, a fight,
    a battle, a flip, a count of odds), so the table turns any of them into one refusal a
    player reads, in one place (``Game.step``)."""


class CardError(RulesError):
    """A card that cannot be read, or that is not in the game's deck."""


class Rank(IntEnum):
    """Ranks by their face number: Ace 1 ... King 13; the Joker is 0; the blank card 14 (a
    card without a face, which a game's own rules rank: PC War's blank card)."""

    JOKER = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    BLANK = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]

    @property
    def is_face(self) -> bool:
        """Jack, Queen or King."""
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)

    @property
    def word(self) -> str:
        return _RANK_WORDS[self]


_RANK_LETTERS = {
    Rank.JOKER: "JOKER",
    Rank.BLANK: "BLANK",
    Rank.ACE: "A",
    **{Rank(n): str(n) for n in range(2, 11)},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANK_WORDS = {
    Rank.JOKER: "Joker",
    Rank.BLANK: "Blank",
    Rank.ACE: "Ace",
    **{Rank(n): str(n) for n in range(2, 11)},
    Rank.JACK: "Jack",
    Rank.QUEEN: "Queen",
    Rank.KING: "King",
}


class Suit(str, Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def word(self) -> str:
        """Plural name, as players say it: "hearts"."""
        return self.name.lower()


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RANKS: tuple[Rank, ...] = tuple(Rank(n) for n in range(1, 14))

_PARSE_ERROR = (
    "{text!r} is not a card: use a rank A 2-10 J Q K and a suit S H D C "
    "(like 10H or QS), or JOKER"
)
_SUITLESS = (Rank.JOKER, Rank.BLANK)
"""the cards without a suit"""


class Card(BaseModel):
    """One playing card. Immutable; JSON form is its notation string ("10H", "JOKER").

    There is exactly one Card object per card face (``Card.parse`` interns them),
    so cards are cheap to compare, hash and copy.
    """

    model_config = ConfigDict(frozen=True)

    rank: Rank
    suit: Suit | None = None

    @model_validator(mode="wrap")
    @classmethod
    def _from_notation(cls, value: Any, handler: Any) -> Any:
        if isinstance(value, str):
            return cls.parse(value)  # the interned card: no validation needed
        if isinstance(value, Card):
            return value
        card = handler(value)  # {"rank": 10, "suit": "H"}
        if (card.rank in _SUITLESS) != (card.suit is None):
            raise ValueError("a Joker or the blank card has no suit and every other card has one")
        return _NOTATIONS[str(card)]

    @model_serializer
    def _to_notation(self) -> str:
        return str(self)

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: Any, handler: Any) -> dict[str, Any]:
        return {
            "type": "string",
            "title": "Card",
            "description": "A card: rank A 2-10 (or T) J Q K and suit S H D C (or ♠ ♥ ♦ ♣), "
            "any case, like 10H, qs, A♠; or JOKER; or BLANK (the blank card, only where a game's deck "
            "has it)",
            "examples": ["10H", "QS", "AD", "JOKER"],
        }

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in any accepted notation; raise CardError with a readable message."""
        card = _NOTATIONS.get(text.strip().upper())
        if card is None:
            raise CardError(_PARSE_ERROR.format(text=text))
        return card

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | str | None) -> Card:
        """The card of this rank and suit (the shared instance): ``Card.of(10, "H")``."""
        rank = Rank(rank)
        if rank == Rank.JOKER:
            if suit is not None:
                raise CardError("a Joker has no suit")
            return JOKER
        if rank == Rank.BLANK:
            if suit is not None:
                raise CardError("the blank card has no suit")
            return BLANK
        if suit is None:
            raise CardError(f"a {rank.word} needs a suit")
        return _NOTATIONS[f"{rank.letter}{Suit(suit).value}"]

    @property
    def is_joker(self) -> bool:
        return self.rank == Rank.JOKER

    @property
    def is_blank(self) -> bool:
        """The blank card (PC War's deck may hold one)."""
        return self.rank == Rank.BLANK

    @property
    def suited(self) -> Suit:
        """The suit of a card that has one; a Joker or the blank card is a ``CardError``.
        For code that has already set them aside, so the type says the suit is there."""
        if self.suit is None:
            raise CardError(f"{'the blank card' if self.is_blank else 'a Joker'} has no suit")
        return self.suit

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    @property
    def is_black(self) -> bool:
        return self.suit is not None and not self.suit.is_red

    @property
    def symbol(self) -> str:
        """For people: "10♥", "Q♠", "Joker"."""
        return _SYMBOL[(self.rank, self.suit)]

    def __str__(self) -> str:
        return _NOTATION[(self.rank, self.suit)]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __hash__(self) -> int:
        return hash((self.rank, self.suit))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.rank == other.rank and self.suit == other.suit

    def __lt__(self, other: Card) -> bool:
        """A stable display order: by suit (♠ ♥ ♦ ♣), then rank; the Joker, then the blank card last."""
        return _sort_key(self) < _sort_key(other)


def _sort_key(card: Card) -> tuple[int, int]:
    if card.suit is None:
        return (len(SUITS), int(card.rank))
    return (SUITS.index(card.suit), int(card.rank))


def _build_notations() -> dict[str, Card]:
    table: dict[str, Card] = {}
    suit_spellings = {
        Suit.SPADES: ("S", "♠", "♤"),
        Suit.HEARTS: ("H", "♥", "♡"),
        Suit.DIAMONDS: ("D", "♦", "◇", "♢"),
        Suit.CLUBS: ("C", "♣", "♧"),
    }
    for rank in RANKS:
        spellings = [rank.letter]
        if rank == Rank.TEN:
            spellings.append("T")
        for suit, suit_marks in suit_spellings.items():
            card = Card.model_construct(rank=rank, suit=suit)
            for r in spellings:
                for s in suit_marks:
                    table[f"{r}{s}"] = card
    joker = Card.model_construct(rank=Rank.JOKER, suit=None)
    for spelling in ("JOKER", "X", "JK"):
        table[spelling] = joker
    blank = Card.model_construct(rank=Rank.BLANK, suit=None)
    for spelling in ("BLANK", "BL"):
        table[spelling] = blank
    return table


_NOTATIONS = _build_notations()
_NOTATION = {(c.rank, c.suit): c.rank.letter if c.suit is None else f"{c.rank.letter}{c.suit.value}"
             for c in _NOTATIONS.values()}
_SYMBOL = {(c.rank, c.suit): c.rank.word if c.suit is None else f"{c.rank.letter}{c.suit.symbol}"
           for c in _NOTATIONS.values()}
JOKER: Card = _NOTATIONS["JOKER"]
BLANK: Card = _NOTATIONS["BLANK"]


def _named(c: Card) -> str:
    """A card in a sentence: "10♥", "Joker", "the blank card"."""
    return "the blank card" if c.is_blank else c.symbol


def count(n: int, word: str = "card", plural: str | None = None) -> str:
    """"1 card", "3 cards", "0 points": numbers in the players' words.

    >>> count(1), count(3), count(1, "point"), count(2, "war")
    ('1 card', '3 cards', '1 point', '2 wars')
    """
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def card(text: str) -> Card:
    """Shorthand for ``Card.parse``."""
    return Card.parse(text)


def cards(text: str | Iterable[str]) -> list[Card]:
    """Several cards: ``cards("9H 7H")`` or ``cards(["9H", "7H"])``."""
    parts = text.split() if isinstance(text, str) else list(text)
    return [Card.parse(p) for p in parts]


def all_faces() -> list[Card]:
    """The 52 suited cards, the Joker and the blank card, once each, in display order."""
    return sorted({c for c in _NOTATIONS.values()})


class Deck(BaseModel):
    """Which cards a game's deck holds and how many copies of each.

    >>> Deck(ranks=(1, 2, 3, 4, 5, 6)).size
    24
    >>> Deck(copies=2, jokers=1).size
    105
    """

    model_config = ConfigDict(frozen=True)

    ranks: tuple[Rank, ...] = RANKS
    suits: tuple[Suit, ...] = SUITS
    copies: int = 1
    """Copies of every suited card (number of packs shuffled together)."""
    jokers: int = 0
    """Jokers in all, not per pack."""
    suit_names: tuple[tuple[Suit, str], ...] = ()
    """what the game calls each suit, where it has a name of its own (FIGHT!: ♠ Punch ...)"""

    def suit_name(self, suit: Suit) -> str | None:
        return dict(self.suit_names).get(suit)
    blank: Annotated[int, Field(ge=0, le=1)] = 0
    """the blank card (PC War's): 0 or 1"""

    @property
    def size(self) -> int:
        return len(self.ranks) * len(self.suits) * self.copies + self.jokers + self.blank

    def faces(self) -> list[Card]:
        """Each distinct card of the deck once, in display order."""
        return list(_faces(self))

    def all_cards(self) -> list[Card]:
        """Every physical card, copies included."""
        out: list[Card] = []
        for face in self.faces():
            out.extend([face] * self.copies_of(face))
        return out

    def copies_of(self, card: Card) -> int:
        """How many of this card the deck holds (0 if it is not in the deck)."""
        if card.is_joker:
            return self.jokers
        if card.is_blank:
            return self.blank
        if card.rank in self.ranks and card.suit in self.suits:
            return self.copies
        return 0

    def contains(self, card: Card) -> bool:
        return self.copies_of(card) > 0

    def check(self, card: Card, game: str = "this game") -> Card:
        """Return the card if the deck holds it, else raise a CardError that says why."""
        if not self.contains(card):
            raise CardError(f"{_named(card)} is not in the deck of {game}")
        return card

    def parse(self, text: str, game: str = "this game") -> Card:
        """Read a card and check that this deck holds it."""
        return self.check(Card.parse(text), game)

    def check_copies(self, entered: Sequence[Card], game: str = "this game") -> None:
        """Raise a CardError when more cards are entered than the deck has, or a card more
        often than the deck holds it (one pack holds one 5♣).

        >>> Deck(copies=2).check_copies(cards("5C 5C 5C"), "CardPeeGee")
        Traceback (most recent call last):
        ...
        card_companion.calculators.cards.CardError: 5♣ is entered 3 times, but the deck of CardPeeGee holds 2
        """
        if len(entered) > self.size:
            raise CardError(f"{len(entered)} cards are entered, but the deck of {game} has only {self.size}")
        for c, n in Counter(entered).items():
            held = self.copies_of(c)
            if held == 0:
                raise CardError(f"{_named(c)} is not in the deck of {game}")
            if n > held:
                holds = "only one" if held == 1 else str(held)
                raise CardError(f"{c.symbol} is entered {n} times, but the deck of {game} holds {holds}")

    def overused(self, entered: Iterable[Card]) -> list[Card]:
        """Cards entered more often than the deck holds them (for the picker's warning)."""
        counts = Counter(entered)
        return sorted(c for c, n in counts.items() if n > self.copies_of(c))


@functools.lru_cache(maxsize=32)
def _faces(deck: Deck) -> tuple[Card, ...]:
    """``Deck.faces``, once per deck (a deck is a value: a game's few decks are asked about at
    every step, by the checks and the card picker)."""
    faces = [_NOTATIONS[str(Card.model_construct(rank=r, suit=s))] for s in deck.suits for r in deck.ranks]
    if deck.jokers:
        faces.append(JOKER)
    if deck.blank:
        faces.append(BLANK)
    return tuple(faces)
