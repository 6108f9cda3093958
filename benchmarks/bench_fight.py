"""FIGHT!: the resolve ask "turn" through companion.protocol.resolve_line (budget 100 µs)."""

from __future__ import annotations

from benchmarks import report, timed
from card_companion.companion.protocol import resolve_line

REQUESTS = [
    '{"game": "fight", "ask": "turn", "cards": ["3S", "5D"], "tie_breaker": 0, "cycle": "default"}',
    '{"game": "fight", "ask": "turn", "cards": ["4S", "4C"], "tie_breaker": null, "cycle": "reverse"}',
    '{"game": "fight", "ask": "turn", "cards": ["4S", "4C"], "tie_breaker": null, "coin": 1}',
    '{"game": "fight", "ask": "turn", "cards": ["2D", "6H"], "tie_breaker": 1}',
    '{"game": "fight", "ask": "turn", "cards": ["7S", "5D"], "tie_breaker": 0}',
]


def main() -> None:
    for r in REQUESTS:
        resolve_line(r)  # warm up the adapters
    samples: list[float] = []
    for _ in range(400):
        for r in REQUESTS:
            samples += timed(lambda r=r: resolve_line(r), 1)
    report("fight turn ask (resolve_line)", samples, unit="µs", budget=100)
    for name, r in zip(["defence win", "attack tie, coin needed", "attack tie, coin", "two defences",
                        "error: 7♠"], REQUESTS):
        report(f"  {name}", timed(lambda r=r: resolve_line(r), 2000), unit="µs")


if __name__ == "__main__":
    main()
