"""`make bench`: every module benchmarks/bench_*.py has a main() that prints its numbers.

Numbers are medians and percentiles over repeated runs (the machines are shared and noisy);
docs/performance.md records them and how to reproduce them.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


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
