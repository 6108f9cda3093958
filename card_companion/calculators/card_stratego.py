"""Card Stratego (Card Warfare, by Thorin N. Tatge): the armies, battles, actions per turn
and the shape of a battlefield.

Rules: card_companion/companion/card_stratego/rules.txt; rulings: card_companion/companion/card_stratego/rulings.md.

>>> r = battle(Card.parse("QS"), Card.parse("7H"))
>>> r.destroyed, r.rule
(['defender'], 'queen-odd-even')
>>> r.explanation[-1]
'Q♠ wins; 7♥ is destroyed'
>>> battle(Card.parse("2C"), Card.parse("AD")).destroyed
['defender']
>>> battle(Card.parse("JS"), Card.parse("7H"))
Traceback (most recent call last):
...
card_companion.calculators.card_stratego.BattleError: J♠ is a Jack: Jacks are played from the hand to the discard pile and never stand on the battlefield, so they never battle
"""  # noqa: E501 (doctest output)

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from card_companion.calculators.cards import Card, Deck, Rank, RulesError, Suit

GAME = "Card Stratego"
ARMY_SIZE = 27
"""two suits of A-K and one Joker"""
HAND = 5
"""the hand each player draws at the start"""
COLUMNS = 4
DEPTH = 3
"""cards a player can have in one column: the front rank, the second and the third"""

Colour = Literal["red", "black"]
Side = Literal["attacker", "defender"]

ARMIES: dict[str, Deck] = {
    "red": Deck(suits=(Suit.HEARTS, Suit.DIAMONDS), jokers=1),
    "black": Deck(suits=(Suit.SPADES, Suit.CLUBS), jokers=1),
}
"""Each player's army: the cards of one colour and one Joker (27 cards)."""
DECK = Deck(jokers=2)
"""The whole pack the two armies are sorted from."""

SCOUTS = (Rank.TWO, Rank.THREE, Rank.FOUR)
ODD = (Rank.THREE, Rank.FIVE, Rank.SEVEN, Rank.NINE)
EVEN = (Rank.TWO, Rank.FOUR, Rank.SIX, Rank.EIGHT, Rank.TEN)

RULES: dict[str, str] = {
    "bomb-defending": "Bomb defending",
    "scout-against-bomb": "Scout against a Bomb",
    "attacking-bomb": "attacking Bomb",
    "five-against-ten": "5 against 10",
    "queen-against-king": "Queen against King",
    "queen-odd-even": "Queen against odd/even",
    "king-odd-even": "King against odd/even",
    "equal-ranks": "equal ranks",
    "higher-number": "higher number",
}
"""The rules that can decide a battle: short name → the players' words for it."""


class BattleError(RulesError):
    """A battle the rules cannot have (a Jack or a Joker on the battlefield)."""


class BoardError(RulesError):
    """A battlefield move the rules do not allow (a gap, a fourth card in a column...)."""


def army_of(card: Card) -> Colour | None:
    """The army a card belongs to: "red" (hearts, diamonds), "black" (spades, clubs);
    None for a Joker (each army has one).

    >>> army_of(Card.parse("7H")), army_of(Card.parse("QS")), army_of(Card.parse("JOKER"))
    ('red', 'black', None)
    """
    if card.suit is None:
        return None
    return "red" if card.suit.is_red else "black"


def can_stand(card: Card) -> bool:
    """Whether the card can stand on the battlefield: every card but Jacks and Jokers.

    >>> [can_stand(Card.parse(c)) for c in ("AS", "10H", "KD", "JC", "JOKER")]
    [True, True, True, False, False]
    """
    return not (card.is_joker or card.rank == Rank.JACK)


def is_scout(card: Card) -> bool:
    """2s, 3s and 4s are Scouts."""
    return card.rank in SCOUTS


def _check_fighter(card: Card) -> None:
    if card.is_blank:
        raise BattleError("the blank card is not in the deck of Card Stratego")
    if card.is_joker:
        raise BattleError("a Joker is played from the hand to the discard pile and never stands "
                          "on the battlefield, so it never battles")
    if card.rank == Rank.JACK:
        raise BattleError(f"{card.symbol} is a Jack: Jacks are played from the hand to the discard "
                          "pile and never stand on the battlefield, so they never battle")


class BattleResult(BaseModel):
    """Who is destroyed in a battle, by which rule, and why."""

    model_config = ConfigDict(frozen=True)

    attacker: Card
    defender: Card
    destroyed: list[Side]
    """sorted: ["attacker"], ["defender"] or ["attacker", "defender"]"""
    winner: Side | None
    """None when both are destroyed"""
    rule: str
    """the short name of the rule that decided (a key of RULES)"""
    explanation: list[str]


def _a(rank: Rank) -> str:
    """ "a 7", "an 8" """
    return f"an {rank.word}" if rank == Rank.EIGHT else f"a {rank.word}"


def _parity(rank: Rank) -> str:
    return "odd" if rank in ODD else "even"


_ODD_EVEN: dict[Rank, tuple[tuple[Rank, ...], str, str]] = {
    Rank.QUEEN: (ODD, "odd 3, 5, 7 and 9", "even 2, 4, 6, 8 and 10"),
    Rank.KING: (EVEN, "even 2, 4, 6, 8 and 10", "odd 3, 5, 7 and 9"),
}
"""Queens and Kings against 2-10: the cards each beats, in words, and the cards it loses to"""


def _odd_even(a: Rank, d: Rank) -> tuple[str, Side, str] | None:
    """A Queen or a King against 2-10 (a Queen against a King is decided before; a Queen's
    rule first, as the text gives it): a Queen beats the odd cards and loses to the even ones,
    a King the other way round. The rule's name, the winning side and the step in words; None
    when neither card is a Queen or a King, or both are."""
    face = next((f for f in _ODD_EVEN if f in (a, d)), None)
    if face is None or a == d:
        return None
    beaten, beats, loses_to = _ODD_EVEN[face]
    face_attacks = a == face
    other = d if face_attacks else a
    face_wins = other in beaten
    winner: Side = "attacker" if face_attacks == face_wins else "defender"
    said = f"beats the {beats}" if face_wins else f"loses to the {loses_to}"
    return (f"{face.word.lower()}-odd-even", winner,
            f"a {face.word} against {_a(other)} ({_parity(other)}): a {face.word} {said}")


def battle(attacker: Card, defender: Card) -> BattleResult:
    """Resolve a battle: the first rule that applies decides (RULINGS.md).

    1. The defender is an Ace (a Bomb): a Scout (2, 3, 4) attacking destroys it; any other
       attacker, an Ace too, is destroyed.
    2. The attacker is an Ace: it always loses when attacking.
    3. A 5 against a 10, either side: the 5 wins.
    4. A Queen against a King, either side: the Queen wins.
    5. A Queen against 2-10: it beats the odd 3, 5, 7, 9 and loses to the even 2, 4, 6, 8, 10.
    6. A King against 2-10: it beats the even cards and loses to the odd ones.
    7. Equal ranks: both are destroyed.
    8. Otherwise the higher number wins.

    >>> battle(Card.parse("AS"), Card.parse("AH")).destroyed
    ['attacker']
    >>> battle(Card.parse("5D"), Card.parse("10C")).rule
    'five-against-ten'
    >>> battle(Card.parse("9S"), Card.parse("9H")).destroyed
    ['attacker', 'defender']
    """
    _check_fighter(attacker)
    _check_fighter(defender)
    att, dfn = attacker.symbol, defender.symbol
    rule, winner, why = _the_deciding_rule(attacker.rank, defender.rank, att, dfn)
    destroyed, after = _who_is_destroyed(winner, att, dfn)
    return BattleResult(attacker=attacker, defender=defender, destroyed=destroyed, winner=winner,
                        rule=rule, explanation=[f"{att} attacks {dfn}", why, after])


def _the_deciding_rule(a: Rank, d: Rank, att: str, dfn: str) -> tuple[str, Side | None, str]:
    """The first rule of the list that applies: its name, the winning side (None: both
    destroyed) and the step in words."""
    if d == Rank.ACE:
        return _a_bomb_defends(a, att, dfn)
    if a == Rank.ACE:
        return "attacking-bomb", "defender", f"{att} is a Bomb attacking: a Bomb always loses when it attacks"
    if {a, d} == {Rank.FIVE, Rank.TEN}:
        return ("five-against-ten", "attacker" if a == Rank.FIVE else "defender",
                "a 5 against a 10: the 5 wins (the exception to the higher number)")
    if {a, d} == {Rank.QUEEN, Rank.KING}:
        return ("queen-against-king", "attacker" if a == Rank.QUEEN else "defender",
                "a Queen against a King: the Queen wins")
    if (odd_even := _odd_even(a, d)) is not None:
        return odd_even
    if a == d:
        return "equal-ranks", None, f"both are {a.word}s: equal ranks destroy each other"
    hi, lo = (a, d) if a > d else (d, a)
    return ("higher-number", "attacker" if a > d else "defender",
            f"{hi.word} is higher than {lo.word}: the higher number wins")


def _a_bomb_defends(a: Rank, att: str, dfn: str) -> tuple[str, Side, str]:
    """The defender is an Ace: a Scout attacking destroys it, any other attacker is destroyed."""
    if a in SCOUTS:
        return ("scout-against-bomb", "attacker",
                f"{dfn} is a Bomb, and {att} is a Scout: Scouts (2, 3, 4) on the "
                "battlefield are the only cards that defeat a Bomb when attacking")
    if a == Rank.ACE:
        return ("bomb-defending", "defender",
                f"{dfn} is a Bomb defending: a Bomb always wins when attacked (only a "
                "Scout defeats it), and an attacking Bomb always loses, even against a Bomb")
    return ("bomb-defending", "defender",
            f"{dfn} is a Bomb defending: a Bomb always wins when attacked, "
            "unless a Scout (2, 3, 4) attacks it")


def _who_is_destroyed(winner: Side | None, att: str, dfn: str) -> tuple[list[Side], str]:
    """The losing side (both, without a winner) and the step that says so."""
    if winner is None:
        return ["attacker", "defender"], f"{att} and {dfn} are both destroyed"
    if winner == "attacker":
        return ["defender"], f"{att} wins; {dfn} is destroyed"
    return ["attacker"], f"{dfn} wins; {att} is destroyed"


def actions_per_turn(turn_number: int, columns_occupied: int) -> int:
    """Actions of a turn: the first turn of the game 1, the second 2; later 5 with cards in
    all four columns at the start of the turn, 4 with three, otherwise 3.

    >>> actions_per_turn(1, 0), actions_per_turn(2, 1)
    (1, 2)
    >>> [actions_per_turn(3, n) for n in range(5)]
    [3, 3, 3, 4, 5]
    """
    if turn_number < 1:
        raise ValueError("turns are numbered from 1")
    if not 0 <= columns_occupied <= COLUMNS:
        raise ValueError(f"a player has cards in 0 to {COLUMNS} columns")
    if turn_number == 1:
        return 1
    if turn_number == 2:
        return 2
    return {4: 5, 3: 4}.get(columns_occupied, 3)


# --- the shape of one player's side of the battlefield ------------------------------------
#
# A side is four columns; each column lists its cards from the front rank (next to the
# battle line) backwards, so a column can never have a gap. The functions below work on any
# card-like value (the tracker stores its face-down and face-up cards in them).

T = TypeVar("T")
Grid = tuple[tuple[T, ...], ...]


def rank_name(position: int) -> str:
    """0 → "front rank", 1 → "second rank", 2 → "third rank"."""
    return ("front rank", "second rank", "third rank")[position]


def insert(side: Grid[T], column: int, position: int, card: T) -> Grid[T]:
    """Put a card into play at a column and position (0 = front rank); cards at and behind
    that position move back.

    >>> insert(((), ("x",), (), ()), 1, 0, "y")
    ((), ('y', 'x'), (), ())
    >>> insert(((), (), (), ()), 0, 1, "y")
    Traceback (most recent call last):
    ...
    card_companion.calculators.card_stratego.BoardError: column 1 has no card in the front rank: a card is played as close to the battle line as possible
    """  # noqa: E501 (doctest output)
    if not 0 <= column < COLUMNS:
        raise BoardError(f"there are columns 1 to {COLUMNS}, not {column + 1}")
    cards = side[column]
    if len(cards) >= DEPTH:
        raise BoardError(f"column {column + 1} already holds {DEPTH} cards")
    if not 0 <= position < DEPTH:
        raise BoardError(f"a column has the front, second and third rank (positions 0 to {DEPTH - 1})")
    if position > len(cards):
        missing = rank_name(len(cards))
        raise BoardError(f"column {column + 1} has no card in the {missing}: a card is played as "
                         "close to the battle line as possible")
    new_column = cards[:position] + (card,) + cards[position:]
    return side[:column] + (new_column,) + side[column + 1:]


def remove(side: Grid[T], column: int, position: int) -> tuple[Grid[T], T]:
    """Take a card off the battlefield; the cards behind it move forward.

    >>> remove(((), ("a", "b", "c"), (), ()), 1, 0)
    (((), ('b', 'c'), (), ()), 'a')
    """
    cards = side[column]
    if not 0 <= position < len(cards):
        raise BoardError(f"there is no card at the {rank_name(position)} of column {column + 1}")
    return side[:column] + (cards[:position] + cards[position + 1:],) + side[column + 1:], cards[position]


def columns_occupied(side: Grid[T]) -> int:
    """In how many columns the player has at least one card."""
    return sum(1 for c in side if c)


def rearrange(side: Grid[T], line: Literal["row", "column"], index: int, order: Sequence[int]) -> Grid[T]:
    """A Jack's rearrangement of one row or column of a side.

    ``order`` says where each place takes its card from: for a row, ``order[c]`` is the
    column whose card (or empty place) in that row moves to column ``c`` (a permutation of
    0-3; cards may move into empty places); for a column, ``order[p]`` is the position whose
    card moves to position ``p`` (a permutation of the column's cards). No card may be left
    with a gap between it and the battle line.

    >>> rearrange((("a", "b"), ("c",), (), ()), "row", 0, (1, 0, 2, 3))
    (('c', 'b'), ('a',), (), ())
    >>> rearrange((("a", "b", "c"), (), (), ()), "column", 0, (2, 0, 1))
    (('c', 'a', 'b'), (), (), ())
    >>> rearrange((("a", "b"), ("c",), (), ()), "row", 0, (2, 1, 0, 3))
    Traceback (most recent call last):
    ...
    card_companion.calculators.card_stratego.BoardError: that leaves a card in the second rank of column 1 with no card in front of it
    """  # noqa: E501 (doctest output)
    if line == "column":
        if not 0 <= index < COLUMNS:
            raise BoardError(f"there are columns 1 to {COLUMNS}, not {index + 1}")
        cards = side[index]
        if sorted(order) != list(range(len(cards))):
            raise BoardError(f"column {index + 1} holds {len(cards)} cards: give a new order for "
                             f"exactly these positions ({', '.join(str(i) for i in range(len(cards)))})")
        new_column = tuple(cards[i] for i in order)
        return side[:index] + (new_column,) + side[index + 1:]
    if line != "row":
        raise BoardError('a Jack rearranges a "row" or a "column"')
    if not 0 <= index < DEPTH:
        raise BoardError(f"there are rows 0 (the front rank) to {DEPTH - 1}, not {index}")
    if sorted(order) != list(range(COLUMNS)):
        raise BoardError(f"a row has {COLUMNS} places: give a new order of all of them (0 to {COLUMNS - 1})")
    grid = [list(c) + [None] * (DEPTH - len(c)) for c in side]
    row = [grid[c][index] for c in range(COLUMNS)]
    for c in range(COLUMNS):
        grid[c][index] = row[order[c]]
    for c in range(COLUMNS):
        for p in range(1, DEPTH):
            if grid[c][p] is not None and grid[c][p - 1] is None:
                raise BoardError(f"that leaves a card in the {rank_name(p)} of column {c + 1} "
                                 "with no card in front of it")
    return tuple(tuple(x for x in col if x is not None) for col in grid)


def moves_a_card(side: Grid[T], line: Literal["row", "column"], index: int, order: Sequence[int]) -> bool:
    """Whether a rearrangement moves at least one card (not only empty places). Two
    face-down cards look alike, so this is judged by the order, not by the result.

    >>> moves_a_card((("a",), (), (), ()), "row", 0, (0, 2, 1, 3))
    False
    >>> moves_a_card((("a",), (), (), ()), "row", 0, (1, 0, 2, 3))
    True
    """
    if line == "column":
        return any(src != dst for dst, src in enumerate(order))
    return any(src != dst and len(side[src]) > index for dst, src in enumerate(order))


__all__ = [
    "ARMIES",
    "ARMY_SIZE",
    "BattleError",
    "BattleResult",
    "BoardError",
    "COLUMNS",
    "DECK",
    "DEPTH",
    "HAND",
    "RULES",
    "actions_per_turn",
    "army_of",
    "battle",
    "can_stand",
    "columns_occupied",
    "insert",
    "is_scout",
    "moves_a_card",
    "rank_name",
    "rearrange",
    "remove",
]
