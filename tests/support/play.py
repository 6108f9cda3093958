"""Random play through what the rules allow, for every game (OpenSpiel's random simulation):
the game's own ``random_play()`` draws each step from ``legal_actions``, and every step is
checked against them and against the rules' own refusals."""

from __future__ import annotations

import random

from card_companion.companion.session import Session

MAX_ACTIONS = 4000


def play(game, seed: int, check_every_step: bool = True) -> Session:
    """A game of ``game`` played at random from a random setup to its end (or MAX_ACTIONS).
    After each step (``check_every_step``): the invariants hold, undo and redo are exact, the
    step was one of ``legal_actions``, and the step before it, tried again on the new state,
    is legal exactly when the rules take it (otherwise it is refused with a sentence)."""
    rng = random.Random(seed)
    randomly = game.random_play()
    session = Session.start(game, randomly.random_setup(rng))
    randomly.check_invariants(session.state)
    for _ in range(MAX_ACTIONS):
        if session.is_over:
            break
        action = randomly.random_action(session.state, rng)
        assert action is not None, "a game that is not over must offer an action"
        if check_every_step:
            legal = game.legal_actions(session.state)
            assert action in legal, f"{action!r} was taken but is not one of the legal actions"
        after = session.push(action)
        if check_every_step:
            randomly.check_invariants(after.state)
            assert after.undo().state == session.state, "undo must restore the exact previous state"
            assert after.undo().redo().state == after.state, "redo must give back the same state"
            agrees_with_the_rules(game, after.state, action)
        session = after
    return session


def agrees_with_the_rules(game, state, action) -> None:
    """``action`` is among ``legal_actions(state)`` exactly when the rules take it; refused, it
    is refused with a sentence a player can read."""
    refusal = game.refusal(state, action)
    legal = action in game.legal_actions(state)
    assert legal == (refusal is None), (
        f"legal_actions says {'yes' if legal else 'no'} to {action!r}, the rules say {refusal or 'yes'}")
    if refusal is not None:
        assert len(refusal) > 8 and refusal[0].isalnum(), f"a refusal that says nothing: {refusal!r}"


def finished_has_no_legal_action(game, session: Session) -> None:
    """A finished game offers no step and refuses any, with the sentence every game says."""
    assert not game.legal_actions(session.state), "a finished game still offers steps"
    assert list(game.legal_actions(session.state)) == []
    assert game.random_play().random_action(session.state, random.Random(0)) is None
    assert game.refusal(session.state, session.actions[-1]) == "the game is over: undo to change it"


def random_steps(game, rng: random.Random, steps: int) -> Session:
    """A session of ``game`` after ``steps`` random legal steps from a random setup (fewer if
    the game ends first)."""
    randomly = game.random_play()
    session = Session.start(game, randomly.random_setup(rng))
    while len(session.actions) < steps and not game.is_over(session.state):
        action = randomly.random_action(session.state, rng)
        if action is None:
            break
        session = session.push(action)
    return session
