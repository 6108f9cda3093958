"""What every phone of a table asks of the same state after a step, asked once for them all."""

from __future__ import annotations

from collections.abc import Callable

_ANSWERS: dict[int, tuple[object, dict]] = {}
"""id(state) -> (the state, {(the question, its arguments): the answer}): the last states asked about"""
_KEEP = 64
"""states kept: one a step for each of many tables on one server, whose steps interleave"""


def answered(ask: Callable, s, args: tuple, answer: Callable[[], object]):
    """The answer to ``ask`` about state (or session) ``s`` with ``args``: ``answer()``, called
    once per state for all the phones of the table (every phone draws the same state after a
    step, and each asks as it hears of the step and again as it draws). The state is kept with
    its answers, so its id is not reused meanwhile; arguments that cannot be a key (a list) are
    asked every time."""
    found = _ANSWERS.get(id(s))
    if found is None or found[0] is not s:
        if len(_ANSWERS) >= _KEEP:
            _ANSWERS.pop(next(iter(_ANSWERS), -1), None)  # (the oldest; gone already if another page took it)
        found = _ANSWERS[id(s)] = (s, {})
    try:
        return found[1][ask, args]
    except KeyError:
        value = found[1][ask, args] = answer()
        return value
    except TypeError:  # (an argument with no hash)
        return answer()


def per_state(ask: Callable, game, s, *args):
    """``ask(game, s, *args)``, asked once per state ``s`` for all the phones of the table (an
    advisor's odds take a while; a score strip is asked by each of its tiles)."""
    return answered(ask, s, (game, *args), lambda: ask(game, s, *args))
