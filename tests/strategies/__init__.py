"""Random play and the invariants every state keeps, one module per game (OpenSpiel's random
simulation test): test support, kept out of the production trackers.

``strategy(game)`` gives the game's ``random_setup(rng)``, ``random_action(state, rng)`` and
``check_invariants(state)``; the game's own queries (``defenders``, ``can_refresh``...) are
reached through it.
"""

from __future__ import annotations

from tests.strategies import card_stratego, cardpeegee, fight, pc_war, peace_and_love

_STRATEGIES = {
    "peace-and-love": peace_and_love.Strategy,
    "fight": fight.Strategy,
    "card-stratego": card_stratego.Strategy,
    "pc-war": pc_war.Strategy,
    "cardpeegee": cardpeegee.Strategy,
}


def strategy(game):
    """The random play and invariants of ``game`` (a companion Game)."""
    return _STRATEGIES[game.id](game)
