"""PC War: simulated games per second (one core and two processes), the 10,000-game
simulation of the setup screen (budget 5 s), and the resolve ask (budget 100 µs).

Run: python -m benchmarks pc_war
"""

from __future__ import annotations

import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from benchmarks import report, timed
from card_companion.calculators.pc_war import Tally, play_games, simulate, summarize

GAMES = 10_000
BATCH = 1_000
REPEAT = 5
WORKERS = 2


def _games(args: tuple[int, int]) -> Tally:
    """One process's share: ``games`` games from its own seed."""
    games, seed = args
    return play_games(games, random.Random(seed))


def simulate_parallel(games: int, seed: int, pool: ProcessPoolExecutor, workers: int = WORKERS) -> Tally:
    """``games`` games split over the pool's processes, one seed each; the tallies added up."""
    shares = [games // workers + (1 if i < games % workers else 0) for i in range(workers)]
    tallies = list(pool.map(_games, [(n, seed * workers + i) for i, n in enumerate(shares)]))
    total = tallies[0]
    for t in tallies[1:]:
        total = total.merge(t)
    return total


def _rate(samples: list[float], games: int) -> float:
    return games / statistics.median(samples)


def main() -> None:
    seeds = iter(range(1_000_000))

    single = timed(lambda: play_games(BATCH, random.Random(next(seeds))), REPEAT)
    report(f"{BATCH:,} games, one core", single, "ms")
    print(f"one core: {_rate(single, BATCH):,.0f} games/s (median of {REPEAT})", flush=True)

    with ProcessPoolExecutor(WORKERS) as pool:
        simulate_parallel(WORKERS, 0, pool)  # start the workers
        both = timed(lambda: simulate_parallel(2 * BATCH, next(seeds), pool), REPEAT)
    report(f"{2 * BATCH:,} games, {WORKERS} processes", both, "ms")
    print(f"{WORKERS} processes: {_rate(both, 2 * BATCH):,.0f} games/s (median of {REPEAT})", flush=True)

    def whole_simulation() -> None:
        for _ in simulate(GAMES, seed=next(seeds), chunk=500):
            pass  # the progress bar's steps, as the setup screen drives them

    report(f"{GAMES:,}-game simulation, one core (with progress every 500)", timed(whole_simulation, 3), "s", budget=5)

    def whole_parallel() -> None:
        with ProcessPoolExecutor(WORKERS) as pool:  # the pool's start-up counts
            summarize(simulate_parallel(GAMES, next(seeds), pool))

    report(f"{GAMES:,}-game simulation, {WORKERS} processes", timed(whole_parallel, 3), "s", budget=5)

    from card_companion.companion.protocol import resolve_line

    line = '{"game": "pc-war", "ask": "flip", "cards": ["KH", "7S"]}'
    tie = '{"game": "pc-war", "ask": "flip", "cards": ["KH", "KS"]}'
    for text in (line, tie):
        resolve_line(text)
    samples = []
    for _ in range(2000):
        t = time.perf_counter()
        resolve_line(line)
        resolve_line(tie)
        samples.append((time.perf_counter() - t) / 2)
    report("resolve pc-war/flip", samples, "µs", budget=100)


if __name__ == "__main__":
    main()
