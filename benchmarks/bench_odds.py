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
    two_packs = [str(c) for c in Deck(copies=2, jokers=4).all_cards() if str(c) not in ("KS", "9S", "4D", "3C")]
    # difficulty 10 + 9 + half of 4 = 21, damage 10 + 3 = 13: three evasion cards make it a contest
    trap = json.dumps({"game": "cardpeegee", "ask": "trap-odds", "agitator": "KS", "props": ["9S", "4D", "3C"],
                       "active": 2, "packs": 2, "deck": two_packs})
    for name, line in (("card-stratego attack-odds (53 unknown)", stratego),
                       ("peace-and-love fight-odds (49 unknown)", pal),
                       (f"cardpeegee trap-odds (3 evasion cards from {len(two_packs)})", trap)):
        def run(line: str = line) -> str:
            return resolve_line(line)

        timed(run, 20)
        report(name, timed(run, 200), unit="ms", budget=20)
    monte_carlo_ratio(trap, two_packs)


def monte_carlo_ratio(trap_line: str, deck: list[str]) -> None:
    """What sampling would cost for the trap: the samples a Monte Carlo needs to give every
    probability of the HP-loss distribution to ±0.001 (95 %), each sample one trap ask, against
    the exact ask (which is exact to the last bit; ±1e-9 would take about 10^18 samples)."""
    import math
    import random
    import statistics

    answer = json.loads(resolve_line(trap_line))
    var = max(p * (1 - p) for p in answer["hp_loss"].values())
    needed = math.ceil((1.96 * math.sqrt(var) / 0.001) ** 2)
    rng = random.Random(1)

    def sample() -> str:
        return resolve_line(json.dumps({"game": "cardpeegee", "ask": "trap", "agitator": "KS",
                                        "props": ["9S", "4D", "3C"], "packs": 2, "evasion": rng.sample(deck, 3)}))

    per_sample = statistics.median(timed(sample, 300))
    exact = statistics.median(timed(lambda: resolve_line(trap_line), 50))
    print(f"trap-odds against Monte Carlo: {needed:,} samples for ±0.001 × {per_sample * 1e6:.0f} µs = "
          f"{needed * per_sample:.1f} s, exact {exact * 1000:.2f} ms: {needed * per_sample / exact:,.0f}× faster",
          flush=True)


if __name__ == "__main__":
    main()
