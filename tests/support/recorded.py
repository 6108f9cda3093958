"""Test and benchmark support: whole games played at random through the trackers, with the
players' names drawn from a pool (so that the records have players in common)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from card_companion.companion.game import Game
from card_companion.companion.session import Session

POOL = ("Ann", "Bea", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou")
"""twelve players"""


def random_game(game: Game, rng: random.Random, pool: Sequence[str] = POOL, max_steps: int = 4000) -> Session:
    """A game of ``game`` played at random to its end (or ``max_steps``), seated from ``pool``
    (the strategy's player count and settings; a larger table than the pool takes ``P12``...)."""
    drawn = game.random_play().random_setup(rng)
    n = len(drawn.players)
    names = rng.sample(list(pool), n) if n <= len(pool) else list(pool) + [f"P{i}" for i in range(len(pool), n)]
    session = Session.start(game, game.make_setup(names, drawn.settings.model_dump()))
    for _ in range(max_steps):
        if session.is_over:
            break
        session = session.push(game.random_play().random_action(session.state, rng))
    return session
