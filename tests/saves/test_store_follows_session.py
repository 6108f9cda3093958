"""Undo, redo and edit are decided once, by the session: the store only
writes what the session's log became. After any mix of steps, undos, redos, jumps back
(``undo_to``), ``redo_all`` and edits (``replace``), made on a Session and through the Store,
the game a fresh Store reads from the same file is the session: the same actions, the same
redo stack (the undone steps and the undone edits waiting in it), the same edits, the same
state. A change the session refuses, the store refuses, and writes nothing."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.companion.action_cards import card_places, with_cards
from card_companion.companion.game import IllegalAction
from card_companion.companion.log_changes import EditStep, EnterStep, Redo, RedoAll, Undo, UndoTo
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import Store
from card_companion.companion.session import Session
from tests.support.play import random_steps

OPS = ("step", "step", "undo", "undo", "redo", "undo_to", "redo_all", "edit", "edit")


def an_edit(session: Session, rng: random.Random):
    """``EditStep(step, action)`` for a step with one card entered again, one that the session
    takes (the later steps still apply), or None."""
    g = session.game
    steps = [i + 1 for i, a in enumerate(session.actions) if card_places(a)]
    if not steps:
        return None
    deck = g.deck(session.setup).all_cards()
    for _ in range(20):
        step = rng.choice(steps)
        cards = [p.card for p in card_places(session.actions[step - 1])]
        cards[rng.randrange(len(cards))] = rng.choice(deck)
        try:
            action = with_cards(g, session.actions[step - 1], cards)
            session.replace(step, action)
        except IllegalAction:
            continue
        return EditStep(step, action)
    return None


def a_change(op: str, session: Session, rng: random.Random):
    """The change ``op`` as a LogChange (made on whichever session it is given)."""
    if op == "step":
        action = session.game.random_play().random_action(session.state, rng)
        return None if action is None else EnterStep(action)
    if op == "undo_to":
        step = rng.randrange(max(len(session.actions), 1))
        return UndoTo(step)
    if op == "edit":
        return an_edit(session, rng)
    return {"undo": Undo(), "redo": Redo(), "redo_all": RedoAll()}[op]


def same(saved: Session, session: Session) -> bool:
    return (saved.actions == session.actions and saved.redo_stack == session.redo_stack
            and saved.edits == session.edits and saved.state == session.state)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), length=st.integers(0, 40),
       ops=st.lists(st.sampled_from(OPS), min_size=1, max_size=40), pass_shown=st.booleans())
def test_the_stored_log_is_the_sessions_after_any_mix_of_changes(game_id, seed, length, ops, pass_shown):
    rng = random.Random(seed)
    session = random_steps(GAMES[game_id], rng, length)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.sqlite3"
        store = Store(path)
        gid = store.create(session)
        revision = store.revision(gid)
        for op in ops:
            change = a_change(op, session, rng)
            if change is None:
                continue
            shown = session if pass_shown else None  # the phone's session, or the store reads its own
            try:
                after = change(session)
            except IllegalAction as refused:
                try:
                    store.commit(gid, revision, change, shown=shown)
                except IllegalAction as also:
                    assert str(also) == str(refused)
                else:
                    raise AssertionError(f"the store took a {op} the session refuses: {refused}")
                assert store.revision(gid) == revision, "a refusal writes nothing"
                continue
            now = store.commit(gid, revision, change, shown=shown)
            assert now.revision == revision + 1 and same(now.session, after), op
            session, revision = after, now.revision
        store.close()
        fresh = Store(path)
        try:
            saved = fresh.snapshot(gid)
        finally:
            fresh.close()
    assert saved.revision == revision
    assert same(saved.session, session), ops
