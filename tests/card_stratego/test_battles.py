"""Card Stratego battles, checked against the rule text (card_companion/rules/card-warfare.txt) and the
battle order given with the project (card_companion/rulings/card-stratego.md), never against the code.

Both tables below were written out by hand, one cell at a time, from the text:
- SPECIAL POWERS, Aces: "Aces always win when they are attacked, with one exception given below.
  They may attack, but they always lose when attacking, even when attacking other Bombs."
- Scouts: "2's, 3's and 4's are the only cards that can defeat Aces when attacking."
- "When a 5 and a 10 do battle, the 5 wins."
- "Queens win against any odd card aside from Bombs (3, 5, 7 or 9), but lose to any even card
  (2, 4, 6, 8 or 10.) Kings win against any even card (2, 4, 6, 8 or 10), but lose to any odd
  card (3, 5, 7 or 9). When a Queen battles a King, the Queen wins."
- Attacking: "The card with the higher number wins ... If both cards have the same value, both
  are discarded."
"""

from __future__ import annotations

import pytest

from card_companion.calculators.card_stratego import BattleError, battle
from card_companion.calculators.cards import Card

# Rows: the attacker; columns: the defender, both in the order A 2 3 4 5 6 7 8 9 10 Q K.
# A = the attacker is destroyed, D = the defender is destroyed, B = both are destroyed.
ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Q", "K"]
DESTROYED = {
    #      A    2    3    4    5    6    7    8    9    10   Q    K
    "A":  "A    A    A    A    A    A    A    A    A    A    A    A",  # an attacking Bomb always loses, also against a Bomb  # noqa: E501
    "2":  "D    B    A    A    A    A    A    A    A    A    D    A",  # Scout beats Bomb; Q loses to even 2; K beats even 2  # noqa: E501
    "3":  "D    D    B    A    A    A    A    A    A    A    A    D",  # Q beats odd 3; K loses to odd 3
    "4":  "D    D    D    B    A    A    A    A    A    A    D    A",  # Scout beats Bomb; Q loses to even; K beats even
    "5":  "A    D    D    D    B    A    A    A    A    D    A    D",  # Bomb defends; 5 beats 10; Q beats 5; K loses to 5  # noqa: E501
    "6":  "A    D    D    D    D    B    A    A    A    A    D    A",
    "7":  "A    D    D    D    D    D    B    A    A    A    A    D",
    "8":  "A    D    D    D    D    D    D    B    A    A    D    A",
    "9":  "A    D    D    D    D    D    D    D    B    A    A    D",
    "10": "A    D    D    D    A    D    D    D    D    B    D    A",  # 10 loses to the 5
    "Q":  "A    A    D    A    D    A    D    A    D    A    B    D",  # Q loses to A (Bomb defending), to evens; beats odds, K  # noqa: E501
    "K":  "A    D    A    D    A    D    A    D    A    D    A    B",  # K beats evens, loses to odds, to the Queen
}

# The rule that decides each cell, by the project's battle order (first that applies):
# bd = Bomb defending (rule 1, not a Scout), sb = Scout against a Bomb (rule 1), ab = attacking
# Bomb (rule 2), ft = 5 against 10 (3), qk = Queen against King (4), qo = Queen odd/even (5),
# ko = King odd/even (6), eq = equal ranks (7), hi = higher number (8).
RULE = {
    #      A    2    3    4    5    6    7    8    9    10   Q    K
    "A":  "bd   ab   ab   ab   ab   ab   ab   ab   ab   ab   ab   ab",
    "2":  "sb   eq   hi   hi   hi   hi   hi   hi   hi   hi   qo   ko",
    "3":  "sb   hi   eq   hi   hi   hi   hi   hi   hi   hi   qo   ko",
    "4":  "sb   hi   hi   eq   hi   hi   hi   hi   hi   hi   qo   ko",
    "5":  "bd   hi   hi   hi   eq   hi   hi   hi   hi   ft   qo   ko",
    "6":  "bd   hi   hi   hi   hi   eq   hi   hi   hi   hi   qo   ko",
    "7":  "bd   hi   hi   hi   hi   hi   eq   hi   hi   hi   qo   ko",
    "8":  "bd   hi   hi   hi   hi   hi   hi   eq   hi   hi   qo   ko",
    "9":  "bd   hi   hi   hi   hi   hi   hi   hi   eq   hi   qo   ko",
    "10": "bd   hi   hi   hi   ft   hi   hi   hi   hi   eq   qo   ko",
    "Q":  "bd   qo   qo   qo   qo   qo   qo   qo   qo   qo   eq   qk",
    "K":  "bd   ko   ko   ko   ko   ko   ko   ko   ko   ko   qk   eq",
}
RULE_NAMES = {
    "bd": "bomb-defending", "sb": "scout-against-bomb", "ab": "attacking-bomb", "ft": "five-against-ten",
    "qk": "queen-against-king", "qo": "queen-odd-even", "ko": "king-odd-even", "eq": "equal-ranks",
    "hi": "higher-number",
}
CODES = {"A": ["attacker"], "D": ["defender"], "B": ["attacker", "defender"]}


def _cells(table: dict[str, str]) -> list[tuple[str, str, str]]:
    out = []
    for attacker, row in table.items():
        values = row.split()
        assert len(values) == 12, f"row {attacker} of the hand-written table has {len(values)} cells"
        out += [(attacker, defender, v) for defender, v in zip(ORDER, values)]
    return out


def test_the_tables_are_complete() -> None:
    assert list(DESTROYED) == ORDER and list(RULE) == ORDER
    assert len(_cells(DESTROYED)) == 144 and len(_cells(RULE)) == 144


@pytest.mark.parametrize(("attacker", "defender", "code"), _cells(DESTROYED))
def test_battle_table(attacker: str, defender: str, code: str) -> None:
    # the red army attacks the black one; suits never matter in a battle
    r = battle(Card.parse(attacker + "H"), Card.parse(defender + "S"))
    assert r.destroyed == CODES[code], f"{attacker} attacking {defender}"
    assert r.winner == {"A": "defender", "D": "attacker", "B": None}[code]


@pytest.mark.parametrize(("attacker", "defender", "code"), _cells(RULE))
def test_deciding_rule_table(attacker: str, defender: str, code: str) -> None:
    r = battle(Card.parse(attacker + "C"), Card.parse(defender + "D"))
    assert r.rule == RULE_NAMES[code], f"{attacker} attacking {defender}"


def test_explanations_say_what_decided() -> None:
    r = battle(Card.parse("AS"), Card.parse("AH"))
    # Ace attacking an Ace: the defending Bomb wins, and an attacking Bomb always loses
    assert r.explanation == [
        "A♠ attacks A♥",
        "A♥ is a Bomb defending: a Bomb always wins when attacked (only a Scout defeats it), "
        "and an attacking Bomb always loses, even against a Bomb",
        "A♥ wins; A♠ is destroyed",
    ]
    r = battle(Card.parse("KD"), Card.parse("8C"))
    assert r.explanation[1] == "a King against an 8 (even): a King beats the even 2, 4, 6, 8 and 10"
    assert r.explanation[-1] == "K♦ wins; 8♣ is destroyed"
    r = battle(Card.parse("10H"), Card.parse("5S"))
    assert r.explanation[1] == "a 5 against a 10: the 5 wins (the exception to the higher number)"
    assert r.explanation[-1] == "5♠ wins; 10♥ is destroyed"
    r = battle(Card.parse("QH"), Card.parse("QS"))
    assert r.explanation[-1] == "Q♥ and Q♠ are both destroyed"


@pytest.mark.parametrize(("attacker", "defender", "word"), [
    ("JH", "7S", "Jack"), ("7S", "JD", "Jack"), ("JOKER", "7S", "Joker"), ("QS", "JOKER", "Joker"),
])
def test_jacks_and_jokers_never_battle(attacker: str, defender: str, word: str) -> None:
    with pytest.raises(BattleError, match=word):
        battle(Card.parse(attacker), Card.parse(defender))
    assert issubclass(BattleError, ValueError)
