"""The session keeps its states as checkpoints (every 64th plus the last ones): every state it
answers, after any mix of steps, undos and redos, must be exactly the state a plain list of
every state gives, and what every step said (its history line and working) must be what its
rule said when it was applied, all of them kept. Random play of every game crosses several
checkpoints."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.companion.registry import GAMES
from card_companion.companion.session import CHECKPOINT_EVERY, Session, States


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_checkpointed_states_equal_every_state(game_id: str, seed: int) -> None:
    game = GAMES[game_id]
    rng = random.Random(seed)
    session = Session.start(game, game.random_play().random_setup(rng))
    plain = [session.state]  # the reference: every state, kept by hand
    said = []  # and what each step's rule said when it was applied
    for _ in range(3 * CHECKPOINT_EVERY + 7):
        roll = rng.random()
        if roll < 0.15 and session.can_undo:
            session = session.undo()
            plain.pop()
            said.pop()
        elif roll < 0.25 and session.can_redo:
            said.append(game.step(session.state, session.redo_stack[-1]).said)
            session = session.redo()
            plain.append(session.state)
        elif not session.is_over:
            action = game.random_play().random_action(session.state, rng)
            said.append(game.step(session.state, action).said)
            session = session.push(action)
            plain.append(session.state)
        assert session.state == plain[-1]
        assert len(session.states) == len(plain) == len(session.actions) + 1
        assert session.said == tuple(said)
    assert list(session.states) == plain  # iteration, one pass
    for i in rng.sample(range(len(plain)), min(20, len(plain))):
        assert session.states[i] == plain[i] and session.states[i - len(plain)] == plain[i]
    # the log replayed from its save gives the same states
    loaded = Session.from_json(session.to_json())
    assert list(loaded.states) == plain
    assert loaded.said == tuple(said)
    # undo all the way back, across every checkpoint
    while session.can_undo:
        session = session.undo()
        plain.pop()
        said.pop()
        assert session.state == plain[-1]
        assert session.said == tuple(said)


def test_a_long_log_keeps_few_states():
    """A 1,000-action log keeps its checkpoints and the states since the last one, not
    1,001 states; every state is still there to read."""
    game = GAMES["pc-war"]
    rng = random.Random(7)
    for _ in range(50):  # a PC War game long enough
        session = Session.start(game, game.random_play().random_setup(rng))
        while not session.is_over and len(session.actions) < 1000:
            session = session.push(game.random_play().random_action(session.state, rng))
        if len(session.actions) >= 1000:
            break
    else:
        pytest.skip("no random PC War game reached 1,000 actions")
    states = session.states
    assert isinstance(states, States)
    kept = 1000 // CHECKPOINT_EVERY + 1 + 1000 % CHECKPOINT_EVERY  # 16 checkpoints (0, 64, ... 960) + 40
    assert repr(states) == f"<1001 states, {kept} kept>"
    assert Session.replay(game, session.setup, list(session.actions)).state == session.state
