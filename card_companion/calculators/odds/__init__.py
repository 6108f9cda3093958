"""Exact odds wherever chance decides: pure counting over the unknown cards.

No Flet, no I/O, no randomness. Every chance is counted exactly (integers of ways over the
number of equally likely draws) and reported as a float; each result explains how it counted.
The rules themselves are never written twice: each game's odds call that game's own rule code
(``calculators.cardpeegee.duel_numbers`` and ``trap_outcome``, ``card_stratego.battle``,
``peace_and_love.resolve_round``) once for every possible draw.
"""

from __future__ import annotations

from card_companion.calculators.words import plural


def percent(p: float) -> str:
    """A chance as players read it: "61 %"; "< 1 %" and "> 99 %" when it is neither
    impossible nor certain, so rounding never claims certainty.

    >>> percent(0.614), percent(0.0), percent(0.003), percent(0.999), percent(1.0), percent(0.5)
    ('61 %', '0 %', '< 1 %', '> 99 %', '100 %', '50 %')
    """
    if 0 < p < 0.005:
        return "< 1 %"
    if 0.995 < p < 1:
        return "> 99 %"
    return f"{round(p * 100)} %"


def ways(n: int, total: int) -> str:
    """ "12 of 45 draws (27 %)"; only the chance when the numbers are too long to read.

    >>> ways(12, 45), ways(10**9, 3 * 10**9)
    ('12 of 45 draws (27 %)', '33 % of the draws')
    """
    if total > 100_000:
        return f"{percent(n / total)} of the draws"
    return f"{n:,} of {total:,} draws ({percent(n / total)})"


SYMMETRY = ("cards in players' hands that the app was not told are unknown too: by symmetry, drawing "
            "from the deck is the same as drawing from all the unknown cards")


def counted(n: int, what: str = "unknown card") -> str:
    return f"counted over {plural(n, what)}"


__all__ = ["SYMMETRY", "counted", "percent", "ways"]
