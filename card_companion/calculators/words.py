"""Words for numbers and cards in the players' language: the one place for plurals and card
lists, used by every layer (explanations, history lines, screens).

>>> plural(1, "turn"), plural(2, "turn"), plural(0, "card")
('1 turn', '2 turns', '0 cards')
>>> plural(3, "ally"), plural(2, "match"), plural(1, "Boss"), plural(2, "Boss")
('3 allies', '2 matches', '1 Boss', '2 Bosses')
>>> plural(2, "victory point"), plural(2, "HP")
('2 victory points', '2 HP')
>>> noun(1, "flip"), noun(4, "flip")
('flip', 'flips')
>>> from card_companion.calculators.cards import Card
>>> card_list([Card.parse("10H"), Card.parse("QS")])
'10♥ Q♠'
>>> card_list([])
'no cards'
>>> names(["Ann"]), names(["Ann", "Bea"]), names(["Ann", "Bea", "Cy"])
('Ann', 'Ann and Bea', 'Ann, Bea and Cy')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from card_companion.calculators.cards import Card

_UNCHANGED = {"HP", "hp", "Deal", "Attack", "XP"}
"""words that stay as they are after a number (game terms and abbreviations)"""


def noun(n: int, word: str, many: str | None = None) -> str:
    """``word`` as it reads after the number ``n``: singular for exactly 1, else the plural
    (``many`` when English does not follow the rule)."""
    if n == 1 or word in _UNCHANGED:
        return word
    if many is not None:
        return many
    head, _, last = word.rpartition(" ")
    prefix = f"{head} " if head else ""
    if last in _UNCHANGED:
        return word
    if last.endswith("y") and last[-2:-1] not in tuple("aeiou"):
        return f"{prefix}{last[:-1]}ies"
    if last.endswith(("s", "x", "z", "ch", "sh")):
        return f"{prefix}{last}es"
    return f"{prefix}{last}s"


def plural(n: int, word: str, many: str | None = None) -> str:
    """The number and the word: "1 card", "2 cards"."""
    return f"{n} {noun(n, word, many)}"


def symbols(cards: Iterable[Card]) -> str:
    """Cards as the players see them, separated by spaces ("" if none): "10♥ Q♠".

    >>> symbols([]), symbols([Card.parse("AS"), Card.parse("10D")])
    ('', 'A♠ 10♦')
    """
    return " ".join(c.symbol for c in cards)


def card_list(cards: Iterable[Card]) -> str:
    """Cards as the players see them, separated by spaces: "10♥ Q♠" ("no cards" if none)."""
    text = " ".join(c.symbol for c in cards)
    return text or "no cards"


def names(items: Sequence[str]) -> str:
    """"Ann", "Ann and Bea", "Ann, Bea and Cy"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


_PLAYER = re.compile(r"\b[Pp]layer (\d+)\b")


def in_seats(text: str, seats: Sequence[str]) -> str:
    """The asks number players from 0 ("player 0"); a table names them ("Ann"), a calculator
    its seats ("Attacker", "Defender", "Player 3"): one pass, so a name is never renamed again.

    >>> in_seats("player 0's 9♥ beats player 1's 5♠; player 10", ["Attacker", "Defender"])
    "Attacker's 9♥ beats Defender's 5♠; player 10"
    """
    def name(m: re.Match[str]) -> str:
        i = int(m.group(1))
        return seats[i] if i < len(seats) else m.group(0)

    return _PLAYER.sub(name, text)
