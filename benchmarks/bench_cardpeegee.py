"""CardPeeGee's five resolve asks through companion.protocol.resolve_line (budget: well under
100 µs a request)."""

from __future__ import annotations

import json

from benchmarks import report, timed
from card_companion.companion.protocol import resolve_line

REQUESTS = {
    "play": {"game": "cardpeegee", "ask": "play", "cards": ["5C", "7C"], "active": ["AC"], "element": "S",
             "as": {"8C": "H"}, "in_fight": False},
    "combat-round": {"game": "cardpeegee", "ask": "combat-round", "critical_strikes": False, "fighters": [
        {"attack": 11, "element": "C", "drawn": ["7H", "6S"]}, {"attack": 7, "element": "D", "drawn": ["10C"]}]},
    "monster": {"game": "cardpeegee", "ask": "monster", "agitator": "9C", "props": ["5C", "3S"]},
    "trap": {"game": "cardpeegee", "ask": "trap", "agitator": "7S", "props": ["3D", "5H"], "evasion": ["9C", "2H"]},
    "boss-stack": {"game": "cardpeegee", "ask": "boss-stack", "cards": ["QH", "KS", "7C", "4D"]},
}


def main() -> None:
    for name, request in REQUESTS.items():
        line = json.dumps(request)
        def answer(line: str = line) -> str:
            return resolve_line(line)

        timed(answer, 200)  # warm up
        report(f"cardpeegee {name}", timed(answer, 5000), unit="µs", budget=100)


if __name__ == "__main__":
    main()
