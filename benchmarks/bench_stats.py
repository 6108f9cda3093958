"""The Players screen's data over 10,000 recorded games: the server's time to compute it.

10,000 games of all five games (2,000 each) are played at random through the trackers by
twelve players (tests/support/recorded.py), one game finishing every 105 minutes over two years, each
saved as a table saves it: the game made at its start, its last step pushed at its end (the
store keeps its record and ratings in that step's transaction). Playing them takes a few
minutes (about three on an idle machine), so the save file is made once and kept in
build/bench/, under a key of what makes it (the seed, the number of games, the save format,
and the source of the random games and of the records: ``SOURCES``); it is made again when
one of them changes. A change to a game's rules alone does not: the games kept are still
10,000 games of records.

Prints ``stats: 10000 games, 12 players, open median X ms, p95 Y ms`` (opening the Players
screen: every player's statistics and ratings, every game's, the head-to-head of the first
two players and the latest records; all time, every game) with the load average, and the
same with the filters (one game; this month; this year) and for the phones that see some games.
"""

from __future__ import annotations

import inspect
import os
import random
import time
import types
from pathlib import Path

from benchmarks import GENERATOR, KEPT, kept_file, key_of, percentile, timed
from card_companion.companion.log_changes import Redo
from card_companion.companion.records import totals
from card_companion.companion.records.stats import Filter, Scope, players_screen
from card_companion.companion.registry import GAMES
from card_companion.companion.saves import log as store_log
from card_companion.companion.saves import storage
from card_companion.companion.saves.storage import Store
from tests.support.recorded import POOL, random_game

GAMES_RECORDED = 10_000
EVERY = 105 * 60
"""seconds between two games' ends"""
SEED = 2026
DATA_VERSION = 3
"""made again when the way the games are made changes"""
ROOT = KEPT.parent.parent
SOURCES = (*GENERATOR, "card_companion/companion/saves/schema.py",
           *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "card_companion/companion/records").glob("*.py")))
"""what the kept save file is made by (with ``make`` itself)"""


def save_file() -> Path:
    """The kept save file of the 10,000 games, made first if it is missing or stale."""
    key = key_of(GAMES_RECORDED, SEED, EVERY, DATA_VERSION, storage.SCHEMA_VERSION, inspect.getsource(make),
                 sources=SOURCES)
    return kept_file(f"stats-{GAMES_RECORDED}", ".sqlite3", key, make)


def make(path: Path, n: int = GAMES_RECORDED) -> None:
    """``n`` finished games played at random, their times set by a clock the store reads."""
    store = Store(path)
    clock = [0.0]
    real_time = store_log.time
    store_log.time = types.SimpleNamespace(time=lambda: clock[0])  # type: ignore[assignment]
    rng = random.Random(SEED)
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


def main() -> None:
    store = Store(save_file())
    half = Scope("a phone holding half the games")  # its ratings are folded over its own games
    with store.writing() as db:
        totals.keep_current(db)  # the file was made in another month, maybe: what its next write does
        db.execute("DELETE FROM members WHERE device = ?", (half.device,))
        db.execute("INSERT INTO members (game_id, device, seat, joined) SELECT id, ?, 'table', 0 FROM games "
                   "WHERE rowid % 2 = 0", (half.device,))
    players_screen(store, None, Filter())  # the first read warms SQLite's page cache
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
