"""`companion import` of a file of many games: its time and its memory, as the file grows.

Two files of ``export --all`` (500 and 2,000 games of the five games played at random to their
end, tests/support/recorded.py, about 100 steps a game), made once and kept in build/bench/ under a
key of what makes them, are each imported into a new save file by a process of its own (the
file opened for bytes, as the command line gives it), twice, the sizes interleaved. Prints

    import: 500 games, X s, peak Y MB
    import: 2000 games, X s, peak Y MB

(X: the faster of the two runs; Y: the importing process's peak resident memory, ru_maxrss,
the Python and the app it loads included: what it had before the import is said after), then
how the two compare, and the same for files of one long game (a PC War game of alternating
flips: 10,000 and 40,000 steps), for how the import grows with a game's steps.
"""

from __future__ import annotations

import inspect
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import GENERATOR, KEPT, kept_file, key_of
from benchmarks.bench_session import long_log
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import ALL_FORMAT, Store
from card_companion.companion.session import FORMAT_VERSION, Session
from tests.support.recorded import random_game

SIZES = (500, 2000)
LONG = (10_000, 40_000)
SEED = 34
RUNS = 2


def games_file(path: Path, n: int) -> None:
    """``n`` games played at random, in the file ``companion export --all`` writes."""
    rng = random.Random(SEED)
    kinds = list(GAMES.values())
    write(path, (json.loads(random_game(kinds[i % len(kinds)], rng).to_json()) for i in range(n)))


def long_file(path: Path, steps: int) -> None:
    """One PC War game of ``steps`` alternating flips, in the same file."""
    start, actions = long_log(steps)
    write(path, [json.loads(Session.replay(start.game, start.setup, actions).to_json())])


def write(path: Path, games) -> None:
    """The file, written a game at a time (as ``export --all`` would write it, indented)."""
    with path.open("w", encoding="utf-8") as f:
        f.write(f'{{"format": "{ALL_FORMAT}", "version": {FORMAT_VERSION}, "games": [\n')
        for i, game in enumerate(games):
            f.write((",\n" if i else "") + json.dumps(game, indent=1, ensure_ascii=False))
        f.write("\n]}\n")


def kept(make, n: int) -> Path:
    key = key_of(n, SEED, FORMAT_VERSION, inspect.getsource(make), inspect.getsource(write), sources=GENERATOR)
    return kept_file(f"import-{make.__name__.removesuffix('_file')}-{n}", ".json", key, lambda p: make(p, n))


def child(path: str) -> None:
    """Import the file into a new save file; print the seconds, the peak and the memory before."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "games.sqlite3")
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        t = time.perf_counter()
        with open(path, "rb") as f:
            ids = store.import_file(f)
        seconds = time.perf_counter() - t
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        store.close()
    print(json.dumps({"games": len(ids), "seconds": seconds, "peak": peak / 1024, "before": before / 1024}))


def run(path: Path) -> dict:
    out = subprocess.run([sys.executable, "-m", "benchmarks.bench_import", "--child", str(path)], check=True,
                         capture_output=True, text=True, cwd=KEPT.parent.parent)
    return json.loads(out.stdout)


def measured(files: dict[int, Path]) -> dict[int, dict]:
    """Each file imported RUNS times, the files interleaved: the faster time, the higher peak."""
    runs: dict[int, list[dict]] = {n: [] for n in files}
    loads = []
    for _ in range(RUNS):
        for n, path in files.items():
            runs[n].append(run(path))
            loads.append(os.getloadavg()[0])
    return {n: {"games": rs[0]["games"], "seconds": min(r["seconds"] for r in rs),
                "peak": max(r["peak"] for r in rs), "before": max(r["before"] for r in rs),
                "load": max(loads)} for n, rs in runs.items()}


def main() -> None:
    got = measured({n: kept(games_file, n) for n in SIZES})
    for n, m in got.items():
        print(f"import: {n} games, {m['seconds']:.1f} s, peak {m['peak']:.0f} MB", flush=True)
    small, large = (got[n] for n in SIZES)
    print(f"  ({large['games'] / small['games']:.0f}x the games: {large['seconds'] / small['seconds']:.1f}x the "
          f"time, peak {large['peak'] - small['peak']:+.0f} MB; the faster of {RUNS} runs each, interleaved; "
          f"peak: the importing process's resident memory, {small['before']:.0f} MB of it before the import; "
          f"load average up to {max(m['load'] for m in got.values()):.2f})", flush=True)
    long = measured({n: kept(long_file, n) for n in LONG})
    print("  one game of " + "; of ".join(f"{n} steps: {m['seconds']:.1f} s, peak {m['peak']:.0f} MB"
                                           for n, m in long.items()), flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2])
    else:
        main()
