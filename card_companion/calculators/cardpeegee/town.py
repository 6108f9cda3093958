"""Setup, levels and town: starting HP, props per encounter, charity and tax, shopping."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from card_companion.calculators.cardpeegee.values import Frozen, RuleError, total, value
from card_companion.calculators.cards import Card, cards  # noqa: F401 (the doctests' names)
from card_companion.calculators.words import plural


def starting_hp(drawn: Sequence[Card], base: int = 15) -> tuple[int, str]:
    """Initial HP: the base (15) plus the cards drawn.

    >>> starting_hp(cards("7H KS 2C"))
    (34, 'HP: 15 + 7♥ 7 + K♠ 10 + 2♣ 2 = 34')
    """
    hp = base + total(drawn)
    terms = " + ".join(f"{c.symbol} {value(c)}" for c in drawn)
    return hp, f"HP: {base}{' + ' + terms if terms else ''} = {hp}"


def props_for(
    base: int = 2, laps: int = 0, hp: int = 0, level_up_v1: bool = False, level_up_v2: bool = False,
    v2_start: int = 60, v2_step: int = 30,
) -> tuple[int, str]:
    """How many props an encounter has: the base, +1 per time play returned to the first
    Hero (Level Up v1), +1 per started 30 HP above 60 (Level Up v2).

    >>> [props_for(hp=h, level_up_v2=True)[0] for h in (60, 61, 90, 91, 120, 121)]
    [2, 3, 3, 4, 4, 5]
    >>> props_for(laps=3, level_up_v1=True)[0]
    5
    """
    n = base
    parts = [f"{base} props"]
    if level_up_v1 and laps:
        n += laps
        parts.append(f"+ {laps} for Level Up (play returned to the first Hero {plural(laps, 'time')})")
    if level_up_v2 and hp > v2_start:
        extra = -(-(hp - v2_start) // v2_step)
        n += extra
        parts.append(f"+ {extra} for Level Up ({hp} HP is above {v2_start})")
    return n, " ".join(parts) + (f" = {n}" if len(parts) > 1 else "")


Levy = Literal["charity", "tax"]
"""what a Hero in town owes or is owed by the hand size"""


def town_levy(hand_size: int, charity_below: int = 4, tax_above: int = 6) -> Levy | None:
    """"charity" (fewer than 4 cards, active ones included), "tax" (more than 6) or None.

    >>> town_levy(3), town_levy(4), town_levy(6), town_levy(7)
    ('charity', None, None, 'tax')
    """
    if hand_size < charity_below:
        return "charity"
    if hand_size > tax_above:
        return "tax"
    return None


class Purchase(Frozen):
    spent: int
    bought: int
    lost: int
    explanation: tuple[str, ...]


def shopping(diamonds: int, price: int = 8) -> Purchase:
    """New cards for diamonds: one per full price; what is left over is lost.

    >>> shopping(9).bought, shopping(18).bought, shopping(18).lost
    (1, 2, 2)
    """
    if price < 1:
        raise RuleError("a card costs at least 1 diamond")
    bought, lost = divmod(diamonds, price)
    lines = (
        f"{diamonds} diamonds at {price} a card → {plural(bought, 'new card')} "
        f"(costing {bought * price})" + (f", {lost} left over and lost" if lost else ""),
    )
    return Purchase(spent=diamonds, bought=bought, lost=lost, explanation=lines)
