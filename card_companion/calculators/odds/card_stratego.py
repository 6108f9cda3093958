"""Card Stratego odds: a known card against a face-down one.

The face-down card is any of the opponent's unseen cards that can stand on the battlefield
(a Jack or a Joker never does), each as likely as the others. Each candidate is settled by
``battle``, the battle ask's own rule.

Counted by hand: 7♠ attacks a face-down card that is 2♥, 7♥ or Q♥: it beats the 2 (higher
number), both are destroyed by the 7 (equal ranks), the Queen beats the odd 7. One in three
each way.

>>> r = attack_odds(Card.parse("7S"), None, [Card.parse(c) for c in ("2H", "7H", "QH", "JH")])
>>> r.attacker_wins, r.both_destroyed, r.defender_wins, r.counted
(0.3333333333333333, 0.3333333333333333, 0.3333333333333333, 3)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from card_companion.calculators.card_stratego import RULES, BattleError, army_of, battle, can_stand
from card_companion.calculators.cards import Card
from card_companion.calculators.odds import percent
from card_companion.calculators.words import card_list, plural


class AttackOdds(BaseModel):
    model_config = ConfigDict(frozen=True)

    attacker_wins: float
    defender_wins: float
    both_destroyed: float
    counted: int
    """the unseen cards that can stand on the battlefield"""
    explanation: tuple[str, ...]


def attack_odds(attacker: Card | None, defender: Card | None, unknown: Sequence[Card]) -> AttackOdds:
    """Exactly one of ``attacker`` and ``defender`` is known; the other is one of ``unknown``."""
    if (attacker is None) == (defender is None):
        raise BattleError("name exactly one known card: the attacker or the defender (the other is face down)")
    known = attacker if attacker is not None else defender
    role = "attacker" if attacker is not None else "defender"
    if not can_stand(known):
        battle(known, known)  # raises the battle ask's own words for a Jack or a Joker
    if not unknown:
        raise BattleError("the list of unseen cards is empty: there is nothing the face-down card can be")
    twice = sorted(c.symbol for c, n in Counter(unknown).items() if n > 1)
    if twice:
        raise BattleError(f"{', '.join(twice)} {'is' if len(twice) == 1 else 'are'} listed twice, but the pack "
                          "holds each card once")
    if known in unknown:
        raise BattleError(f"{known.symbol} is the known card, so it cannot also be unseen")
    own = [c for c in unknown if army_of(c) is not None and army_of(c) == army_of(known)]
    if own:
        raise BattleError(f"the face-down card is the other army's: {card_list(own)} "
                          f"{'is' if len(own) == 1 else 'are'} in {known.symbol}'s own army")
    standing = [c for c in unknown if can_stand(c)]
    idle = [c for c in unknown if not can_stand(c)]
    if not standing:
        raise BattleError("no unseen card can stand on the battlefield (Jacks and Jokers never do): "
                          "there is nothing the face-down card can be")
    outcome: dict[str, list[Card]] = {"attacker": [], "defender": [], "both": []}
    rules: dict[tuple[str, str], list[Card]] = {}
    for c in standing:
        r = battle(known, c) if role == "attacker" else battle(c, known)
        key = r.winner or "both"
        outcome[key].append(c)
        rules.setdefault((key, r.rule), []).append(c)
    n = len(standing)
    face_down = "defender" if role == "attacker" else "attacker"
    lines = [
        f"counted over the {plural(n, 'unseen card')} of the other army that can stand on the battlefield, "
        f"each as likely as the others: {card_list(standing)}",
    ]
    if idle:
        lines.append(f"not counted: {card_list(idle)} (Jacks and Jokers never stand on the battlefield)")
    lines.append("cards in the opponent's hand are unseen too: by symmetry the face-down card is equally likely "
                 "to be any unseen card")
    words = {"attacker": "the attacker wins", "defender": "the defender wins", "both": "both are destroyed"}
    for (key, rule), cs in sorted(rules.items(), key=lambda t: (list(words).index(t[0][0]), t[0][1])):
        lines.append(f"if the {face_down} is {card_list(cs)}: {words[key]} ({RULES[rule]})")
    p = {k: len(v) / n for k, v in outcome.items()}
    lines.append(f"{known.symbol} attacking" if role == "attacker" else f"{known.symbol} defending")
    lines[-1] += (f": the attacker wins {len(outcome['attacker'])} of {n} ({percent(p['attacker'])}), "
                  f"the defender {len(outcome['defender'])} of {n} ({percent(p['defender'])}), both destroyed "
                  f"{len(outcome['both'])} of {n} ({percent(p['both'])})")
    return AttackOdds(attacker_wins=p["attacker"], defender_wins=p["defender"], both_destroyed=p["both"],
                      counted=n, explanation=tuple(lines))


__all__ = ["AttackOdds", "attack_odds"]
