"""The exact-odds asks (issue 16): the cost of one request in-process, over a whole deck of
unknown cards (every card counted once, no sampling)."""

from __future__ import annotations

import json

from benchmarks import report, timed
from card_companion.calculators.cards import Deck
from card_companion.companion.protocol import resolve_line


def main() -> None:
    cards = [str(c) for c in Deck().all_cards()]
    stratego = json.dumps({"game": "card-stratego", "ask": "attack-odds", "attacker": "7S",
                           "unknown": [c for c in cards if c != "7S"]})
    pal = json.dumps({"game": "peace-and-love", "ask": "fight-odds", "players": 2, "attacker": 0, "defender": 1,
                      "fighters": [{"player": 0, "fighter": "9H", "card": "7H"}, {"player": 1, "fighter": "5S"}],
                      "unknown": [c for c in cards if c not in ("9H", "7H", "5S")]})
    for name, line in (("card-stratego attack-odds (53 unknown)", stratego),
                       ("peace-and-love fight-odds (49 unknown)", pal)):
        def run(line: str = line) -> str:
            return resolve_line(line)

        timed(run, 20)
        report(name, timed(run, 200), unit="ms", budget=20)


if __name__ == "__main__":
    main()
