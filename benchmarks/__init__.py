"""`make bench`: every module benchmarks/bench_*.py has a main() that prints its numbers.

Numbers are medians and percentiles over repeated runs (the machines are shared and noisy);
docs/performance.md records them and how to reproduce them.
"""

from __future__ import annotations

import hashlib
import statistics
import time
from collections.abc import Callable, Iterable
from pathlib import Path


def percentile(samples: list[float], p: float) -> float:
    """The p-th percentile (0-100) by linear interpolation."""
    data = sorted(samples)
    if not data:
        raise ValueError("no samples")
    k = (len(data) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (k - lo)


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Seconds per call of fn, once per repeat."""
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def report(name: str, samples: list[float], unit: str = "ms", budget: float | None = None) -> str:
    scale = {"s": 1, "ms": 1e3, "µs": 1e6}[unit]
    med = statistics.median(samples) * scale
    p95 = percentile(samples, 95) * scale
    line = f"{name}: median {med:.3g} {unit}, p95 {p95:.3g} {unit} (n={len(samples)})"
    if budget is not None:
        line += f"; budget {budget:g} {unit}: {'OK' if p95 <= budget else 'OVER'}"
    print(line, flush=True)
    return line


KEPT = Path(__file__).resolve().parent.parent / "build" / "bench"
"""where the benchmarks keep what takes minutes to make (`make clean` removes it)"""


def key_of(*parts: object, sources: Iterable[str] = ()) -> str:
    """A short hash of what makes a kept file: its parameters and the source files of the code
    that makes it (paths from the repository's root), so a change to either makes it again."""
    root = KEPT.parent.parent
    digest = hashlib.sha256(repr(parts).encode())
    for name in sorted(sources):
        digest.update(name.encode() + b"\0" + (root / name).read_bytes())
    return digest.hexdigest()[:12]


def kept_file(stem: str, suffix: str, key: str, make: Callable[[Path], None]) -> Path:
    """``build/bench/<stem>-<key><suffix>``, made by ``make`` (into a partial file, renamed once
    made) when it is missing; the files of the same stem with another key go."""
    path = KEPT / f"{stem}-{key}{suffix}"
    if path.exists():
        return path
    KEPT.mkdir(parents=True, exist_ok=True)
    for old in KEPT.glob(f"{stem}-*{suffix}"):
        old.unlink()
    partial = path.with_name(path.name + ".partial")
    for p in (partial, Path(f"{partial}-wal"), Path(f"{partial}-shm")):
        p.unlink(missing_ok=True)
    print(f"  making {path.relative_to(KEPT.parent.parent)} (kept for the next runs)", flush=True)
    make(partial)
    partial.rename(path)
    return path


GENERATOR = ("tests/support/recorded.py", "tests/support/play.py", *(
    str(p.relative_to(KEPT.parent.parent)) for p in sorted((KEPT.parent.parent / "card_companion" / "companion").glob(
        "*/random_play.py")) + sorted((KEPT.parent.parent / "card_companion" / "companion").glob("*/choices.py"))))
"""the source of the random games the benchmarks play: each game's random play and the legal
actions it draws from"""
