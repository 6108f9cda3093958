"""The advisor's odds asks through resolve, each against a Monte Carlo estimate.

Goal: ≤ 20 ms a request for a 2-pack CardPeeGee deck with Deal 6 against Deal 6, and at least
100× faster than Monte Carlo. The exact answer is exact (to float rounding); a Monte Carlo
estimate only reaches a standard error of √(p(1−p)/n). The ratio printed is against Monte
Carlo to a standard error of 0.001 (three decimals, a million times coarser than the exact
answer's 1e-9): its cost is timed on real samples (the same rule functions, plain lists, no
explanations) and scaled to the samples that standard error needs when p is not known in
advance (p(1 − p) = 1/4: 250,000 samples). Matching 1e-9 would need
10^12 times more samples still.

The exact asks are timed cold: the draw tables' caches are emptied before every request.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable

from benchmarks import report, timed
from card_companion.calculators.card_stratego import battle
from card_companion.calculators.cardpeegee import deck_for, disarm, duel_numbers, trap, trap_outcome, value
from card_companion.calculators.cards import Card, Suit, cards
from card_companion.calculators.odds.draws import _joint
from card_companion.calculators.peace_and_love import Entry, FightRound, resolve_round
from card_companion.companion.protocol import resolve

SE = 0.001
TWO_PACKS = [str(c) for c in deck_for(8).all_cards()]  # 104 cards
rng = random.Random(1)
SIXTY = rng.sample(TWO_PACKS, 60)
HERO = {"hp": 40, "attack": 14, "deal": 6, "element": "D"}
MONSTER = {"hp": 36, "attack": 15, "deal": 6, "element": "C"}


def _less(deck: list[str], *gone: str) -> list[str]:
    """The deck less one copy of each card on the table."""
    out = list(deck)
    for c in gone:
        out.remove(c)
    return out


RED = [f"{r}{s}" for s in "HD" for r in "A 2 3 4 5 6 7 8 9 10 Q K".split()]
PL_UNKNOWN = [f"{r}{s}" for s in "SHDC" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() if f"{r}{s}" not in
              ("9H", "7H", "5S", "2C", "KD", "4S", "8C")]

REQUESTS = {
    "cardpeegee fight-odds, 2 packs, Deal 6 against 6, Critical Strikes": {
        "game": "cardpeegee", "ask": "fight-odds", "hero": HERO, "monster": MONSTER, "deck": TWO_PACKS,
        "critical_strikes": True, "packs": 2},
    "cardpeegee fight-odds, 60 cards, Deal 3 against 4": {
        "game": "cardpeegee", "ask": "fight-odds", "hero": {**HERO, "deal": 3, "hp": 25},
        "monster": {**MONSTER, "deal": 4, "hp": 14}, "deck": SIXTY, "packs": 2},
    "cardpeegee trap-odds, 2 packs, 3 evasion cards": {
        "game": "cardpeegee", "ask": "trap-odds", "agitator": "9S", "props": ["4D", "3C"], "active": 2,
        "deck": _less(TWO_PACKS, "9S", "4D", "3C"), "packs": 2},
    "cardpeegee disarm-odds, 2 packs": {
        "game": "cardpeegee", "ask": "disarm-odds", "trap": "9S", "disarm_score": 6, "deck": _less(TWO_PACKS, "9S"),
        "packs": 2},
    "card-stratego attack-odds, 24 unseen": {
        "game": "card-stratego", "ask": "attack-odds", "attacker": "7S", "unknown": RED},
    "peace-and-love fight-odds, 45 unknown": {
        "game": "peace-and-love", "ask": "fight-odds", "players": 2, "attacker": 0, "defender": 1,
        "fighters": [{"player": 0, "fighter": "9H", "card": "7H"}, {"player": 1, "fighter": "5S"}],
        "unknown": PL_UNKNOWN},
    "peace-and-love hand-odds, 3 cards against 45 unknown": {
        "game": "peace-and-love", "ask": "hand-odds", "players": 2, "attacker": 0, "defender": 1, "player": 0,
        "hand": ["7H", "2C", "KD"], "fighters": [{"player": 0, "fighter": "9H"}, {"player": 1, "fighter": "5S"}],
        "unknown": PL_UNKNOWN},
}


# --- Monte Carlo estimates of the same questions (plain values, the same rule functions) -------------

def _mc_fight(request: dict) -> Callable[[], object]:
    h, m = request["hero"], request["monster"]
    values = [value(Card.parse(c)) for c in request["deck"]]
    he, me = Suit(h["element"]), Suit(m["element"])
    crit = request.get("critical_strikes", False)
    n = h["deal"] + m["deal"]

    def fight() -> bool:
        hp, mp = h["hp"], m["hp"]
        while hp > 0 and mp > 0:
            drawn = rng.sample(values, n)
            _, _, w, d, _ = duel_numbers(h["attack"], he, h["attack"] + sum(drawn[:h["deal"]]),
                                         m["attack"], me, m["attack"] + sum(drawn[h["deal"]:]), crit)
            if w == 0:
                mp -= d
            elif w == 1:
                hp -= d
        return hp > 0
    return fight


def _mc_trap(request: dict) -> Callable[[], object]:
    stats = trap(Card.parse(request["agitator"]), cards(" ".join(request["props"])))
    values = [value(Card.parse(c)) for c in request["deck"]]
    k = 1 + request["active"]
    return lambda: trap_outcome(stats, sum(rng.sample(values, k))).hp_loss


def _mc_disarm(request: dict) -> Callable[[], object]:
    t = Card.parse(request["trap"])
    values = [value(Card.parse(c)) for c in request["deck"]]

    def attempt() -> str:
        h, x = rng.sample(values, 2)
        return disarm(t, request["disarm_score"], h, x).result
    return attempt


def _mc_stratego(request: dict) -> Callable[[], object]:
    a = Card.parse(request["attacker"])
    unknown = [Card.parse(c) for c in request["unknown"]]
    return lambda: battle(a, rng.choice(unknown)).winner


def _mc_peace(request: dict) -> Callable[[], object]:
    unknown = [Card.parse(c) for c in request["unknown"]]
    hands = [Card.parse(c) for c in request.get("hand", ())] or [None]

    def one() -> int:
        c = rng.choice(unknown)
        for h in hands:
            resolve_round(FightRound(players=2, attacker=0, defender=1, fighters=[
                Entry(player=0, fighter=Card.parse("9H"), card=h or Card.parse("7H")),
                Entry(player=1, fighter=Card.parse("5S"), card=c)]))
        return 0
    return one


MONTE_CARLO = [_mc_fight, _mc_fight, _mc_trap, _mc_disarm, _mc_stratego, _mc_peace, _mc_peace]


def _clear() -> None:
    _joint.cache_clear()


def main() -> None:
    for (name, request), mc in zip(REQUESTS.items(), MONTE_CARLO, strict=True):
        line = json.dumps(request)

        def ask(line: str = line) -> dict:
            _clear()
            return resolve(line)
        answer = ask()
        repeat = 15 if "Deal 6" in name else 100
        samples = timed(ask, repeat)
        exact = statistics.median(samples)
        report(name, samples, unit="ms", budget=20)
        # a sampler that does not know p plans for the worst, p(1 − p) = 1/4: 250,000 samples
        needed = 0.25 / SE ** 2
        sample = mc(request)
        n = 300 if "fight" in name and "cardpeegee" in name else 3000
        t = time.perf_counter()
        for _ in range(n):
            sample()
        per = (time.perf_counter() - t) / n
        print(f"  Monte Carlo to a standard error of {SE} (headline {_headline(answer):.3f}): "
              f"{needed:,.0f} samples × {per * 1e6:.0f} µs = "
              f"{needed * per:.2f} s; exact is {needed * per / exact:,.0f}× faster", flush=True)


def _headline(answer: dict) -> float:
    for key in ("fight", "round"):
        if key in answer:
            return answer[key]["hero"]
    for key in ("attacker_wins", "disarmed"):
        if key in answer:
            return answer[key]
    if "loses" in answer:
        return answer["loses"][0]
    if "cards" in answer:
        return answer["cards"][0]["wins"]
    return max(answer["hp_loss"].values())


if __name__ == "__main__":
    main()
