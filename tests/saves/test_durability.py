"""kill -9 durability: a process saving steps is killed at random moments, 100 times over the
five games; every step it acknowledged (printed after its commit) is in the save file, the
file passes SQLite's integrity check, and every game in it opens.

The child prints an acknowledgement only after the commit returns, so after a kill the saved
revision of a game is the acknowledged one, or one more (a commit whose acknowledgement the
kill cut off); never less."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import Store

KILLS = 100
ROOT = Path(__file__).resolve().parents[2]


def run_and_kill(path: Path, game_id: str, seed: int, rng: random.Random) -> list[tuple[str, int, int]]:
    errors = path.with_suffix(".stderr")
    with open(errors, "w") as err:
        child = subprocess.Popen([sys.executable, "-m", "tests.support.durability_child", str(path), game_id,
                                  str(seed)],
                                 cwd=ROOT, stdout=subprocess.PIPE, stderr=err, text=True)
    first = child.stdout.readline()  # started and committed at least once
    assert first.startswith("ACK"), errors.read_text()
    time.sleep(rng.uniform(0.0, 0.15))  # then killed at a random moment
    os.kill(child.pid, signal.SIGKILL)
    # the rest through the same reader: readline() may have read ahead, and a second reader
    # of the pipe (communicate) would not see what it holds (those acknowledgements were lost
    # by the test itself once)
    out = child.stdout.read()
    child.wait()
    assert "Traceback" not in errors.read_text(), errors.read_text()
    acks = []
    for line in [first, *out.splitlines()]:
        parts = line.split()
        if len(parts) == 4 and parts[0] == "ACK":  # a line cut by the kill is not an acknowledgement
            acks.append((parts[1], int(parts[2]), int(parts[3])))
    return acks


def test_no_acknowledged_step_is_lost_over_100_kills(tmp_path):
    rng = random.Random(2026)
    games = list(GAMES)
    path = tmp_path / "games.sqlite3"
    acknowledged: dict[str, tuple[int, int]] = {}
    steps = 0
    for k in range(KILLS):
        acks = run_and_kill(path, games[k % len(games)], k, rng)
        steps += len(acks)
        for gid, revision, live in acks:
            acknowledged[gid] = (revision, live)
    store = Store(path)
    try:
        for gid, (revision, live) in acknowledged.items():
            saved = store.revision(gid)
            assert saved in (revision, revision + 1), f"{gid}: acknowledged revision {revision}, saved {saved}"
            session = store.load(gid)  # every game opens: its log replays
            if saved == revision:
                assert len(session.actions) == live, f"{gid}: {live} steps acknowledged, {len(session.actions)} saved"
    finally:
        store.close()
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        db.close()
    assert steps >= KILLS  # every run acknowledged at least one step before its kill
    print(f"{KILLS} kills, {steps} steps acknowledged in {len(acknowledged)} games, none lost")
