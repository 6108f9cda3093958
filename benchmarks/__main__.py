"""Run every benchmark: python -m benchmarks [name ...]"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import benchmarks


def main(argv: list[str]) -> int:
    names = sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name.startswith("bench_"))
    wanted = [n for n in names if not argv or any(a in n for a in argv)]
    for name in wanted:
        print(f"== {name.removeprefix('bench_')}", flush=True)
        importlib.import_module(f"benchmarks.{name}").main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
