"""The Players screen's data over 10,000 recorded games: the server's time to compute it.

10,000 games of all five games (2,000 each) are played at random through the trackers by
twelve players (tests/recorded.py), one game finishing every 105 minutes over two years, each
saved as a table saves it: the game made at its start, its last step pushed at its end (the
store keeps its record and ratings in that step's transaction). Playing them takes a few
minutes, so the save file is kept in test-output/bench/ and made again only when it is missing
or its format changed.

Prints ``stats: 10000 games, 12 players, open median X ms, p95 Y ms`` (opening the Players
screen: every player's statistics and ratings, every game's, the head-to-head of the first
two players and the latest records; all time, every game) with the load average, and the
same with the filters (one game; this month).
"""

from __future__ import annotations

import os
import random
import time
import types
from pathlib import Path

from benchmarks import percentile, timed
from card_companion.companion import storage, store_log
from card_companion.companion.log_changes import Redo
from card_companion.companion.registry import GAMES
from card_companion.companion.stats import Filter, Scope, players_screen
from card_companion.companion.storage import Store
from tests.recorded import POOL, random_game

GAMES_RECORDED = 10_000
EVERY = 105 * 60
"""seconds between two games' ends"""
DATA_VERSION = 2
"""made again when the way the games are made changes"""


def save_file() -> Path:
    return Path("test-output") / "bench" / f"stats-{GAMES_RECORDED}-v{DATA_VERSION}-f{storage.SCHEMA_VERSION}.sqlite3"


def make(path: Path, n: int = GAMES_RECORDED) -> None:
    """``n`` finished games played at random, their times set by a clock the store reads."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    for p in (partial, Path(f"{partial}-wal"), Path(f"{partial}-shm")):
        p.unlink(missing_ok=True)
    store = Store(partial)
    clock = [0.0]
    real_time = store_log.time
    store_log.time = types.SimpleNamespace(time=lambda: clock[0])  # type: ignore[assignment]
    rng = random.Random(2026)
    games = list(GAMES.values())
    end = time.time() - 3600
    t = time.perf_counter()
    try:
        for i in range(n):
            game = games[i % len(games)]
            session = random_game(game, rng)
            while not session.is_over or getattr(session.state, "stopped", False):
                session = random_game(game, rng)
            finished = end - (n - 1 - i) * EVERY
            clock[0] = finished - rng.uniform(5, 60) * 60
            before = session.undo()
            gid = store.create(before)
            clock[0] = finished
            store.commit(gid, 0, Redo(), shown=before)
            if (i + 1) % 1000 == 0:
                print(f"  {i + 1} games played and saved ({time.perf_counter() - t:.0f} s)", flush=True)
    finally:
        store_log.time = real_time
        store.close()
    partial.rename(path)


def main() -> None:
    path = save_file()
    if not path.exists():
        print(f"playing {GAMES_RECORDED} games for {path} (kept for the next run)", flush=True)
        make(path)
    store = Store(path)
    players_screen(store, None, Filter())  # the first read warms SQLite's page cache
    half = Scope("a phone holding half the games")  # its ratings are folded over its own games
    with store.writing() as db:
        db.execute("DELETE FROM members WHERE device = ?", (half.device,))
        db.execute("INSERT INTO members (game_id, device, seat, joined) SELECT id, ?, 'table', 0 FROM games "
                   "WHERE rowid % 2 = 0", (half.device,))
    for label, scope, flt in (("open", None, Filter()), ("one game", None, Filter(game="peace-and-love")),
                              ("this month", None, Filter(period="month")), ("this year", None, Filter(period="year")),
                              ("the host machine's browser (every game)", Scope("x", True), Filter()),
                              ("a phone holding half the games", half, Filter())):
        samples = timed(lambda f=flt, s=scope: players_screen(store, s, f), 41 if scope is not half else 11)
        med, p95 = percentile(samples, 50) * 1000, percentile(samples, 95) * 1000
        load = os.getloadavg()[0]
        if label == "open":
            print(f"stats: {GAMES_RECORDED} games, {len(POOL)} players, open median {med:.0f} ms, p95 {p95:.0f} ms",
                  flush=True)
            print(f"  (load average {load:.2f}; goal p95 <= 100 ms: {'OK' if p95 <= 100 else 'OVER'})", flush=True)
        else:
            print(f"  {label}: median {med:.0f} ms, p95 {p95:.0f} ms (load average {load:.2f})", flush=True)
    store.close()


if __name__ == "__main__":
    main()
