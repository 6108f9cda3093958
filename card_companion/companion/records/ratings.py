"""Skill ratings: one per player per game, from the finished games in the order they were
played, with openskill's Plackett-Luce model (two to many players, ties, and sides of several
players for a shared win). The same records in the same order give the same ratings.

A rating is a mean and its uncertainty: "24.1 ± 3.2 after 12 games". Every player starts at
the model's 25 ± 8.3; a game of one side only (a solo CardPeeGee) moves nobody.

>>> before = {"Ann": START, "Bea": START}
>>> after = rate_game(before, [Side(("Ann",), 1), Side(("Bea",), 2)])
>>> after["Ann"].mu > 25 > after["Bea"].mu, after["Ann"].sigma < START.sigma
(True, True)
>>> str(after["Ann"])
'27.6 ± 8.1'
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from openskill.models import PlackettLuce


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    """the rating's mean"""
    sigma: float
    """its uncertainty (one standard deviation)"""

    def __str__(self) -> str:
        return f"{self.mu:.1f} ± {self.sigma:.1f}"


@dataclass(frozen=True, slots=True)
class Side:
    """Players rated as one side of a game, and its place (1 is first; tied sides share one)."""

    players: tuple[Hashable, ...]
    place: int


@cache
def model() -> PlackettLuce:
    """The model every rating uses (its defaults: mu 25, sigma 25/3, tau 25/300), imported
    when a game is first rated: the home screen reads the records and rates nothing (openskill
    and the statistics module under it cost about 0.08 s in the phone app)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


START = Rating(25.0, 25 / 3)
"""a player's rating before their first game: the model's own defaults (tests/records/test_stats.py
checks them), written here so that knowing it loads no openskill"""


def rate_game(before: Mapping[Hashable, Rating], sides: Sequence[Side]) -> dict[Hashable, Rating]:
    """Every player's rating after one game, from their ratings before it (a player missing
    from ``before`` starts at ``START``)."""
    if len(sides) < 2:
        return {p: before.get(p, START) for side in sides for p in side.players}
    m = model()
    teams = [[m.rating(mu=r.mu, sigma=r.sigma) for r in (before.get(p, START) for p in side.players)]
             for side in sides]
    rated = m.rate(teams, ranks=[side.place for side in sides])
    return {p: Rating(new.mu, new.sigma) for side, team in zip(sides, rated) for p, new in zip(side.players, team)}
