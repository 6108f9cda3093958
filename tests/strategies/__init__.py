"""Random play and the invariants every state keeps, one module per game (OpenSpiel's random
simulation test): test support, kept out of the production trackers.

``strategy(game)`` gives the game's ``random_setup(rng)``, ``random_action(state, rng)`` and
``check_invariants(state)``; the game's own queries (``defenders``, ``can_refresh``...) are
reached through it.
"""

from __future__ import annotations

from tests.strategies import card_stratego, fight, pc_war, peace_and_love

_STRATEGIES = {
    "peace-and-love": peace_and_love.Strategy,
    "fight": fight.Strategy,
    "card-stratego": card_stratego.Strategy,
    "pc-war": pc_war.Strategy,
}


def strategy(game):
    """The random play and invariants of ``game`` (a companion Game)."""
    return game.random_play() if game.id not in _STRATEGIES else _STRATEGIES[game.id](game)


def random_game(game, rng, steps: int):
    """A session of ``game`` after ``steps`` random legal steps from a random setup (fewer if
    the game ends first, or no step is left)."""
    from card_companion.companion.session import Session

    play = strategy(game)
    session = Session.start(game, play.random_setup(rng))
    while len(session.actions) < steps and not game.is_over(session.state):
        action = play.random_action(session.state, rng)
        if action is None:
            break
        session = session.push(action)
    return session
