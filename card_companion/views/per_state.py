"""What every phone of a table asks of the same state after a step, asked once for them all."""

from __future__ import annotations

from collections.abc import Callable

_ANSWERS: dict[tuple, tuple[object, object]] = {}
"""(the question, id(state), its arguments) -> (the state, the answer): the last few asked"""
_KEEP = 16


def per_state(ask: Callable, game, s, *args):
    """``ask(game, s, *args)``, asked once per state (or session) ``s`` for all the phones of
    the table: every phone draws the same state after a step (an advisor's odds take a while;
    a score strip is asked by each of its tiles). The state is kept with its answer, so its id
    is not reused meanwhile."""
    key = (ask, id(s), args)
    found = _ANSWERS.get(key)
    if found is not None and found[0] is s:
        return found[1]
    answer = ask(game, s, *args)
    if len(_ANSWERS) >= _KEEP:
        _ANSWERS.pop(next(iter(_ANSWERS)))
    _ANSWERS[key] = (s, answer)
    return answer
