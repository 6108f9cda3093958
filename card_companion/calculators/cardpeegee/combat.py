"""A round of combat: duels, rounds with several fighters, running away, draws."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import Field

from card_companion.calculators.cardpeegee.values import (
    ELEMENT_DAMAGE_KEEP,
    ELEMENT_SCORE_BOOST,
    Frozen,
    _decimal,
    beats,
    tenths_up,
)
from card_companion.calculators.cards import (
    Card,
    Suit,
    cards,  # noqa: F401 (the doctests' names)
)
from card_companion.calculators.words import plural


class Contender(Frozen):
    """One fighter in a round: Attack, element and the score cards drawn."""

    name: str
    attack: int = Field(ge=0)
    element: Suit | None = None
    drawn: int = Field(0, ge=0)
    """the total value of the score cards drawn"""
    cards: tuple[Card, ...] | None = None
    """the score cards, when entered as cards (for the working)"""
    deals_damage: bool = True
    """False while fleeing or healing and defending: wins do no damage"""
    why_no_damage: str = ""

    @property
    def raw_score(self) -> int:
        return self.attack + self.drawn

    def score_line(self) -> str:
        if self.cards:
            drawn = f"score cards {' '.join(c.symbol for c in self.cards)} ({self.drawn})"
        elif self.cards is not None:
            drawn = "no score cards (0)"
        else:
            drawn = f"score cards worth {self.drawn}"
        return f"{self.name}: Attack {self.attack} + {drawn} = {self.raw_score}"


class Duel(Frozen):
    """One fighter against one opponent in a round."""

    scores: tuple[int, int]
    """round scores after the element boost"""
    winner: int | None
    """0 or 1; None on a tie"""
    damage: int
    """HP the loser loses (0 on a tie or when the winner deals no damage)"""
    hp_loss: tuple[int, int]
    critical: str = ""
    """"", "×1.5" or "×2" """
    explanation: tuple[str, ...]


def duel_numbers(
    attack_a: int, element_a: Suit | None, raw_a: int, attack_b: int, element_b: Suit | None, raw_b: int,
    critical_strikes: bool = False, deals_a: bool = True, deals_b: bool = True,
) -> tuple[int, int, int | None, int, str]:
    """The arithmetic of :func:`duel` alone (the odds call it for every possible draw):
    the round scores after the element boost, the winner (0, 1 or None on a tie), the HP the
    loser loses and the Critical Strike ("", "×1.5" or "×2").

    >>> duel_numbers(11, Suit.CLUBS, 24, 7, Suit.DIAMONDS, 17)
    (24, 21, 0, 9, '')
    """
    sa = raw_a + tenths_up(raw_a, ELEMENT_SCORE_BOOST) if beats(element_a, element_b) else raw_a
    sb = raw_b + tenths_up(raw_b, ELEMENT_SCORE_BOOST) if beats(element_b, element_a) else raw_b
    if sa == sb:
        return sa, sb, None, 0, ""
    if sa > sb:
        w, attack, deals, ws, ls, weak = 0, attack_a, deals_a, sa, sb, beats(element_b, element_a)
    else:
        w, attack, deals, ws, ls, weak = 1, attack_b, deals_b, sb, sa, beats(element_a, element_b)
    if not deals:
        return sa, sb, w, 0, ""
    damage = tenths_up(attack, ELEMENT_DAMAGE_KEEP) if weak else attack
    crit = ""
    if critical_strikes:
        if ws >= 2 * ls:
            crit, damage = "×2", damage * 2
        elif 2 * ws >= 3 * ls:
            crit, damage = "×1.5", -(-damage * 3 // 2)
    return sa, sb, w, damage, crit


def duel(a: Contender, b: Contender, critical_strikes: bool = False, show_scores: bool = True) -> Duel:
    """Score each fighter (Attack + score cards; the stronger element +20 %, rounded up); the
    higher score wins and the loser loses the winner's Attack (−20 % if the winner's element
    is the weaker, rounded up; Critical Strikes ×1.5 or ×2 on the boosted scores); a tie does
    nothing. The numbers are :func:`duel_numbers`'; this adds the words."""
    sa, sb, w, damage, crit = duel_numbers(a.attack, a.element, a.raw_score, b.attack, b.element, b.raw_score,
                                           critical_strikes, a.deals_damage, b.deals_damage)
    lines: list[str] = []
    if show_scores:
        lines += [a.score_line(), b.score_line()]
    fighters = (a, b)
    for me, other, boosted in ((a, b, sa), (b, a, sb)):
        if me.element is not None and other.element is not None and beats(me.element, other.element):
            raw = me.raw_score
            exact = raw * (10 + ELEMENT_SCORE_BOOST)
            rounding = f" ({_decimal(exact)} rounded up)" if exact % 10 else ""
            lines.append(
                f"{me.element.word} are strong against {other.element.word}: {me.name}'s score +20 %: "
                f"{raw} + {_decimal(raw * ELEMENT_SCORE_BOOST)} = {boosted}{rounding}"
            )
    if w is None:
        lines.append(f"{sa} against {sb}: a tie, no-one loses HP")
        return Duel(scores=(sa, sb), winner=None, damage=0, hp_loss=(0, 0), explanation=tuple(lines))
    winner, loser = fighters[w], fighters[1 - w]
    ws, ls = (sa, sb) if w == 0 else (sb, sa)
    lines.append(f"{ws} beats {ls}: {winner.name} wins the round")
    if not winner.deals_damage:
        why = f" ({winner.why_no_damage})" if winner.why_no_damage else ""
        lines.append(f"{winner.name} deals no damage{why}")
        return Duel(scores=(sa, sb), winner=w, damage=0, hp_loss=(0, 0), explanation=tuple(lines))
    base = winner.attack
    if loser.element is not None and winner.element is not None and beats(loser.element, winner.element):
        exact = winner.attack * ELEMENT_DAMAGE_KEEP
        base = tenths_up(winner.attack, ELEMENT_DAMAGE_KEEP)
        rounding = f" = {_decimal(exact)}, rounded up to {base}" if exact % 10 else f" = {base}"
        lines.append(
            f"{winner.name} deals their Attack {winner.attack}; {winner.element.word} are weak against "
            f"{loser.element.word}: −20 % → {winner.attack} − {_decimal(winner.attack * 2)}{rounding}"
        )
    else:
        lines.append(f"{winner.name} deals their Attack: {base}")
    if crit == "×2":
        lines.append(f"Critical Strike: {ws} is at least twice {ls} → double damage: {base} × 2 = {damage}")
    elif crit == "×1.5":
        rounding = f" = {_decimal(base * 15)}, rounded up to {damage}" if base % 2 else f" = {damage}"
        lines.append(f"Critical Strike: {ws} is at least 50 % more than {ls} → damage × 1.5: {base} × 1.5{rounding}")
    lines.append(f"{loser.name} loses {damage} HP")
    loss = (0, damage) if w == 0 else (damage, 0)
    return Duel(scores=(sa, sb), winner=w, damage=damage, hp_loss=loss, critical=crit, explanation=tuple(lines))


class RoundFighter(Contender):
    side: int = Field(ge=0, le=1)
    """0: the Hero's side; 1: the other side"""


class Clash(Frozen):
    """One pairing of a round: fighter ``a`` (Hero's side) against ``b``."""

    a: int
    b: int
    duel: Duel


class BattleRound(Frozen):
    """A round where every fighter is compared against every opponent."""

    raw_scores: tuple[int, ...]
    clashes: tuple[Clash, ...]
    hp_loss: tuple[int, ...]
    """total HP each fighter loses this round, in the fighters' order"""
    explanation: tuple[str, ...]


def battle_round(fighters: Sequence[RoundFighter], critical_strikes: bool = False) -> BattleRound:
    """Every fighter against every opponent on the other side; each pairing is its own duel
    (elements compared pair by pair); all damage of the round is dealt at once.

    >>> r = battle_round([RoundFighter(name="Ann", side=0, attack=14, drawn=12),
    ...                   RoundFighter(name="Bea", side=0, attack=10, drawn=3),
    ...                   RoundFighter(name="the monster", side=1, attack=9, drawn=15)])
    >>> r.raw_scores, r.hp_loss
    ((26, 13, 24), (0, 9, 14))
    """
    lines = [f.score_line() for f in fighters]
    clashes: list[Clash] = []
    loss = [0] * len(fighters)
    for i, a in enumerate(fighters):
        if a.side != 0:
            continue
        for j, b in enumerate(fighters):
            if b.side != 1:
                continue
            d = duel(a, b, critical_strikes, show_scores=False)
            clashes.append(Clash(a=i, b=j, duel=d))
            loss[i] += d.hp_loss[0]
            loss[j] += d.hp_loss[1]
            prefix = f"{a.name} against {b.name}: " if len(fighters) > 2 else ""
            lines += [prefix + line for line in d.explanation]
    return BattleRound(
        raw_scores=tuple(f.raw_score for f in fighters), clashes=tuple(clashes), hp_loss=tuple(loss),
        explanation=tuple(lines),
    )


def flee_deal(deal: int, others_stay: bool) -> tuple[int, str]:
    """Run away: the penalty round's Deal is 1 less when another player stays in the fight
    (on either side; a Monster, jailor or Boss is not a player), 2 less when none does;
    never below 0.

    >>> flee_deal(3, True), flee_deal(3, False), flee_deal(1, False)[0]
    ((2, 'another player stays in the fight: Deal 3 − 1 = 2'), (1, 'no other player stays in the fight: Deal 3 − 2 = 1'), 0)
    """  # noqa: E501 (doctest output)
    cut = 1 if others_stay else 2
    left = "another player stays in the fight" if others_stay else "no other player stays in the fight"
    new = max(0, deal - cut)
    return new, f"{left}: Deal {deal} − {cut} = {new}"


def after_round(hp: int, fleeing: bool) -> Literal["", "dead", "fled"]:
    """A fighter after the round's damage: dead at 0 HP or below; otherwise a fleeing fighter
    escapes ("if they survive, they escape"); else still fighting ("").

    >>> after_round(0, False), after_round(3, True), after_round(-2, True), after_round(5, False)
    ('dead', 'fled', 'dead', '')
    """
    if hp <= 0:
        return "dead"
    return "fled" if fleeing else ""


def draw_refusal(deal: int, drawn: int, shown: Sequence[Card] | None, who: str, word: str = "score card",
                 why: str = "") -> str | None:
    """Why a draw of ``deal`` cards by ``who`` (entered as the cards ``shown``, or as their
    total ``drawn``) cannot be right, or None: exactly ``deal`` cards, a total at most 11 a card.

    >>> draw_refusal(3, 0, cards("2H 5S"), "Ann", why=" (Deal 3)")
    'Ann draws 3 score cards (Deal 3), not 2'
    >>> draw_refusal(2, 23, None, "Ann"), draw_refusal(2, 22, None, "Ann")
    ("Ann's 2 score cards cannot be worth 23", None)
    """
    if shown is not None:
        if len(shown) != deal:
            return f"{who} draws {plural(deal, word)}{why}, not {len(shown)}"
    elif drawn > 11 * deal:
        return f"{who}'s {plural(deal, word)} cannot be worth {drawn}"
    return None


def evasion_draw(active: int) -> int:
    """Cards the Hero draws to evade a trap: one, plus one per card already active.

    >>> evasion_draw(0), evasion_draw(2)
    (1, 3)
    """
    return 1 + active
