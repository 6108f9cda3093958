"""Replaying a saved game's log, and what an open game holds in memory.

A game is opened (a page loads it, the server restarts, an import) by replaying its log; an
open page holds the session. The log here is a PC War game of alternating flips (each player
takes one flip in turn, so it never ends), the longest kind of log a real table makes.
Prints ``replay N steps: median X ms`` for 1k, 10k and 80k steps, and the memory a session of
that length holds (tracemalloc, the session's own objects).
"""

from __future__ import annotations

import statistics
import time
import tracemalloc

from card_companion.companion.registry import GAMES
from card_companion.companion.session import Session


def long_log(n: int) -> tuple[Session, list]:
    game = GAMES["pc-war"]
    setup = game.make_setup(["Ann", "Bea"])
    actions = [game.parse_action({"kind": "flip", "higher": "left" if i % 2 == 0 else "right"}) for i in range(n)]
    return Session.start(game, setup), actions


def replay_seconds(n: int, repeat: int) -> list[float]:
    start, actions = long_log(n)
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        session = Session.replay(start.game, start.setup, actions)
        out.append(time.perf_counter() - t)
    assert len(session.actions) == n and not session.is_over
    return out


def session_kb(n: int) -> float:
    start, actions = long_log(n)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    session = Session.replay(start.game, start.setup, actions)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    del session
    return size / 1024


def main() -> None:
    for n, repeat in ((1_000, 15), (10_000, 7), (80_000, 3)):
        med = statistics.median(replay_seconds(n, repeat)) * 1000
        kb = session_kb(n)
        print(f"replay {n} steps: median {med:.0f} ms ({med / n * 1000:.1f} µs a step); "
              f"an open session of {n} steps holds {kb / 1024:.1f} MB", flush=True)


if __name__ == "__main__":
    main()
