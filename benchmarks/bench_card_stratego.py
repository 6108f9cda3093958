"""Card Stratego: the battle ask through resolve_line (budget: well under 100 µs a request)."""

from __future__ import annotations

import json

from benchmarks import report, timed
from card_companion.companion.protocol import resolve_line

PAIRS = [("QS", "7H"), ("2C", "AH"), ("9S", "9H"), ("10D", "5C"), ("KH", "QC"), ("AS", "8D")]


def main() -> None:
    lines = [json.dumps({"game": "card-stratego", "ask": "battle", "attacker": a, "defender": d}).encode()
             for a, d in PAIRS]
    bad = json.dumps({"game": "card-stratego", "ask": "battle", "attacker": "JS", "defender": "7H"}).encode()
    for line in lines * 200:  # warm up (adapter build, caches)
        resolve_line(line)
    samples: list[float] = []
    for line in lines:
        samples += timed(lambda line=line: resolve_line(line), 5000)
    report("card-stratego battle ask", samples, unit="µs", budget=100)
    report("card-stratego battle ask, Jack error", timed(lambda: resolve_line(bad), 5000), unit="µs", budget=100)


if __name__ == "__main__":
    main()
