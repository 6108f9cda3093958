"""CardPeeGee odds: a round, a fight to the end, a chest's trap (a Trap: ``odds.trap_odds``).

The model is the rule text with the project's rulings ((companion/cardpeegee/rulings.md)): every round
each fighter draws its Deal in score cards, all of the round's score cards drawn together
without replacement from the unknown cards, and put back after the round ("the deck count":
score cards are drawn and put back at once). So every round of a fight has the same odds,
and the fight is a Markov chain over (the Hero's HP, the opponent's HP): a tie changes
nothing, a won round takes the damage the round's rules give off the loser.

Every possible draw is scored by ``duel_numbers``, the arithmetic of the combat-round ask
itself (element boost, damage reduction, Critical Strikes), so the odds and the ask agree
by construction.

Counted by hand: the Hero (Attack 5, Deal 1) against a Monster (Attack 5, Deal 1) drawing
from 2, 3, 4 (one card each): 6 ordered pairs of different cards, the higher card wins
(3 pairs each way), never a tie; each won round deals 5.

>>> r = round_odds(OddsFighter(hp=5, attack=5, deal=1), OddsFighter(hp=5, attack=5, deal=1), cards("2H 3H 4H"))
>>> r.hero, r.tie, r.monster
(0.5, 0.0, 0.5)
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field

from card_companion.calculators.cardpeegee import (
    ELEMENT_DAMAGE_KEEP,
    Frozen,
    RuleError,
    beats,
    disarm,
    duel_numbers,
    value,
)
from card_companion.calculators.cards import Card, Suit, cards
from card_companion.calculators.odds import percent, ways
from card_companion.calculators.odds.draws import joint, value_counts
from card_companion.calculators.words import plural

SYMMETRY = ("cards in players' hands that the app was not told are unknown too: by symmetry, drawing from "
            "the deck is the same as drawing from all the unknown cards")


class OddsFighter(Frozen):
    """One side of a fight as the odds see it."""

    name: str = "the Hero"
    hp: int = Field(1, ge=1)
    attack: int = Field(ge=0)
    deal: int = Field(ge=0)
    element: Suit | None = None


class RoundOdds(Frozen):
    """The chances of the next round, over every draw of its score cards."""

    hero: float
    tie: float
    monster: float
    draws: int
    """equally likely draws of the round's score cards"""
    hero_damage: dict[int, float]
    """HP the opponent loses when the Hero wins → the chance of that (ties and no-damage wins excluded)"""
    monster_damage: dict[int, float]
    """HP the Hero loses when the opponent wins → the chance of that"""
    explanation: tuple[str, ...]


class FightOdds(Frozen):
    round: RoundOdds
    hero: float
    """the chance the Hero is the one left standing at the end of the fight"""
    monster: float
    expected_hero_hp_loss: float
    """over the whole fight, never more than the HP the Hero has"""
    explanation: tuple[str, ...]


def _values(deck: Sequence[Card]) -> dict[int, int]:
    return value_counts(value(c) for c in deck)


def _pool_line(deck: Sequence[Card], draws: str, total: int) -> str:
    return f"counted over the {plural(len(deck), 'unknown card')}: {draws} = {total:,} equally likely draws"


def _rule_lines(hero: OddsFighter, other: OddsFighter, critical_strikes: bool) -> list[str]:
    lines = [
        f"each round {hero.name} scores Attack {hero.attack} + {plural(hero.deal, 'score card')}, "
        f"{other.name} Attack {other.attack} + {plural(other.deal, 'score card')}; the higher score wins and "
        "the loser loses the winner's Attack; a tie does nothing",
    ]
    for me, them in ((hero, other), (other, hero)):
        if me.element is not None and them.element is not None and beats(me.element, them.element):
            lines.append(
                f"{me.element.word} are strong against {them.element.word}: {me.name}'s score +20 % (rounded up), "
                f"{them.name}'s damage −20 % → {-(-them.attack * ELEMENT_DAMAGE_KEEP // 10)} (rounded up)")
    if critical_strikes:
        lines.append("Critical Strikes: a score at least twice the other's doubles the damage, "
                     "at least 50 % more makes it × 1.5 (rounded up)")
    return lines


def _damage_words(damage: dict[int, int], total: int, loser: str) -> str:
    parts = [f"{d} HP in {ways(n, total)}" for d, n in sorted(damage.items())]
    return f"{loser} loses " + ", ".join(parts) if parts else f"{loser} loses no HP"


def round_odds(hero: OddsFighter, other: OddsFighter, deck: Sequence[Card],
               critical_strikes: bool = False) -> RoundOdds:
    """The chances the Hero wins, ties or loses the next round against ``other``, with the
    damage each way, over every draw of the round's score cards from ``deck``."""
    n = hero.deal + other.deal
    if n > len(deck):
        raise RuleError(f"the round draws {plural(n, 'score card')} ({hero.deal} + {other.deal}) but only "
                        f"{plural(len(deck), 'card')} {'is' if len(deck) == 1 else 'are'} unknown")
    table, total = joint(_values(deck), hero.deal, other.deal)
    hero_wins: dict[int, int] = {}
    other_wins: dict[int, int] = {}
    won = lost = tied = 0
    for (a, b), w in table.items():
        _, _, winner, damage, _ = duel_numbers(hero.attack, hero.element, hero.attack + a,
                                               other.attack, other.element, other.attack + b, critical_strikes)
        if winner is None:
            tied += w
        elif winner == 0:
            won += w
            hero_wins[damage] = hero_wins.get(damage, 0) + w
        else:
            lost += w
            other_wins[damage] = other_wins.get(damage, 0) + w
    draws = f"C({len(deck)}, {hero.deal}) × C({len(deck) - hero.deal}, {other.deal})"
    lines = [
        _pool_line(deck, draws, total),
        f"the model: the round's {plural(n, 'score card')} are drawn together without replacement and "
        "put back after the round",
        SYMMETRY,
        *_rule_lines(hero, other, critical_strikes),
        f"{hero.name} wins the round in {ways(won, total)}; a tie in {ways(tied, total)}; "
        f"{other.name} wins in {ways(lost, total)}",
    ]
    if won:
        lines.append(_damage_words(hero_wins, total, other.name))
    if lost:
        lines.append(_damage_words(other_wins, total, hero.name))
    return RoundOdds(
        hero=won / total, tie=tied / total, monster=lost / total, draws=total,
        hero_damage={d: w / total for d, w in sorted(hero_wins.items())},
        monster_damage={d: w / total for d, w in sorted(other_wins.items())},
        explanation=tuple(lines),
    )


def fight_odds(hero: OddsFighter, other: OddsFighter, deck: Sequence[Card],
               critical_strikes: bool = False) -> FightOdds:
    """The next round's chances, and the fight to the end: the chance the Hero is left
    standing and the HP the Hero can expect to lose (a Markov chain over both fighters' HP;
    every round has the same odds because the score cards go back)."""
    r = round_odds(hero, other, deck, critical_strikes)
    hit = {d: p for d, p in r.hero_damage.items() if d > 0}
    hurt = {d: p for d, p in r.monster_damage.items() if d > 0}
    moving = sum(hit.values()) + sum(hurt.values())
    if moving <= 0:
        raise RuleError(f"neither {hero.name} nor {other.name} can ever lose HP (no round can deal damage): "
                        "the fight cannot end")
    hit = {d: p / moving for d, p in hit.items()}  # a round that changes nothing is as if not played
    hurt = {d: p / moving for d, p in hurt.items()}
    hero_hps = _reachable(hero.hp, hurt)
    other_hps = _reachable(other.hp, hit)
    stands: dict[tuple[int, int], float] = {}
    loss: dict[tuple[int, int], float] = {}
    for h in hero_hps:  # ascending: every state needs only states with less HP
        for m in other_hps:
            p = e = 0.0
            for d, q in hit.items():
                if m - d <= 0:
                    p += q
                else:
                    p += q * stands[(h, m - d)]
                    e += q * loss[(h, m - d)]
            for d, q in hurt.items():
                if h - d > 0:
                    p += q * stands[(h - d, m)]
                    e += q * (d + loss[(h - d, m)])
                else:
                    e += q * h
            stands[(h, m)], loss[(h, m)] = p, e
    win = min(1.0, stands[(hero.hp, other.hp)])  # float rounding never claims more than certainty
    expected = min(float(hero.hp), loss[(hero.hp, other.hp)])
    lines = (
        *r.explanation,
        "the fight to the end: every round has these odds (the score cards go back after each), a tie "
        "changes nothing, and it goes on until one side has no HP left",
        f"from {hero.hp} HP against {other.hp} HP: {hero.name} is left standing with {percent(win)} "
        f"({win:.4f}), {other.name} with {percent(1 - win)}",
        f"{hero.name} can expect to lose {expected:.1f} HP over the fight (never more than the {hero.hp} HP "
        f"{hero.name} has)",
    )
    return FightOdds(round=r, hero=win, monster=1 - win, expected_hero_hp_loss=expected, explanation=lines)


def _reachable(start: int, damage: dict[int, float]) -> list[int]:
    """The HP a fighter can still have (above 0) after any run of these damages, ascending."""
    seen = {start}
    todo = [start]
    while todo:
        hp = todo.pop()
        for d in damage:
            if hp - d > 0 and hp - d not in seen:
                seen.add(hp - d)
                todo.append(hp - d)
    return sorted(seen)


# --- a chest's trap (a Trap's odds are odds.trap_odds) ------------------------------------------


class DisarmOdds(Frozen):
    disarmed: float
    tie: float
    triggered: float
    expected_hp_loss: float
    explanation: tuple[str, ...]


def disarm_odds(trap_card: Card, disarm_score: int, deck: Sequence[Card]) -> DisarmOdds:
    """One attempt at a chest's trap: a score card for the trap and one for the Hero, drawn
    together; each pair scored by ``disarm``, the rule of an attempt."""
    if disarm_score < 0:
        raise RuleError("a disarm score is never below 0")
    if len(deck) < 2:
        raise RuleError(f"an attempt draws 2 score cards (one for the Hero, one for the trap) but only "
                        f"{plural(len(deck), 'card')} {'is' if len(deck) == 1 else 'are'} unknown")
    table, total = joint(_values(deck), 1, 1)
    counts = {"disarmed": 0, "tie": 0, "triggered": 0}
    for (h, t), w in table.items():
        counts[disarm(trap_card, disarm_score, h, t).result] += w
    tv = value(trap_card)
    lines = (
        f"counted over the {plural(len(deck), 'unknown card')}: one score card for the Hero and one for the trap, "
        f"drawn together: {len(deck)} × {len(deck) - 1} = {total:,} equally likely draws",
        SYMMETRY,
        f"the Hero: disarm score {disarm_score} + a score card; the trap {trap_card.symbol}: {tv} + a score card",
        f"disarmed (the Hero's total higher) in {ways(counts['disarmed'], total)}; still armed, not triggered "
        f"(equal) in {ways(counts['tie'], total)}; triggered (the trap's higher: the Hero loses {tv} HP) in "
        f"{ways(counts['triggered'], total)}",
    )
    return DisarmOdds(disarmed=counts["disarmed"] / total, tie=counts["tie"] / total,
                      triggered=counts["triggered"] / total, expected_hp_loss=tv * counts["triggered"] / total,
                      explanation=lines)


__all__ = ["DisarmOdds", "FightOdds", "OddsFighter", "RoundOdds", "cards", "disarm_odds", "fight_odds",
           "round_odds"]
