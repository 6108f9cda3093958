"""The encounters an agitator starts: Monster, jailor, Trap, Healer, chest."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from card_companion.calculators.cardpeegee.played import Played, convert, value_played  # noqa: F401 (convert: a doctest)
from card_companion.calculators.cardpeegee.values import (
    JAILOR_DEAL,
    MONSTER_DEAL,
    Frozen,
    RuleError,
    _count,
    _decimal,
    _of_suit,
    _sum_line,
    half_up,
    total,
    value,
)
from card_companion.calculators.cards import Card, Suit, card, cards  # noqa: F401 (the doctests' names)
from card_companion.calculators.words import noun, symbols


def encounter_kind(agitator: Card, boss_battles: bool = False) -> str:
    """The encounter an agitator starts: monster, chest, healer, trap or boss.

    >>> [encounter_kind(c) for c in cards("9C 4D 2H 7S")], encounter_kind(card("QH"), boss_battles=True)
    (['monster', 'chest', 'healer', 'trap'], 'boss')
    """
    if agitator.is_joker:
        raise RuleError("a Joker does nothing: put it back and draw another agitator")
    if boss_battles and agitator.rank.is_face:
        return "boss"
    return {Suit.CLUBS: "monster", Suit.DIAMONDS: "chest", Suit.HEARTS: "healer", Suit.SPADES: "trap"}[agitator.suited]


class MonsterStats(Frozen):
    hp: int
    attack: int
    deal: int
    element: Suit | None
    explanation: tuple[str, ...]


def monster(agitator: Card, props: Sequence[Card], beast: Card | None = None, elements: bool = True,
            base_deal: int = MONSTER_DEAL) -> MonsterStats:
    """A Monster: HP = agitator + heart props; Attack = agitator + club props; Deal = 3 + one
    per spade prop. Its element is clubs, or the Elemental beast card's suit.

    >>> m = monster(card("9C"), cards("5C 3S"))
    >>> m.hp, m.attack, m.deal
    (9, 14, 4)
    """
    if agitator.is_joker:
        raise RuleError("a Joker does nothing: put it back and draw another agitator")
    a = value(agitator)
    hearts, clubs, spades = (_of_suit(props, s) for s in (Suit.HEARTS, Suit.CLUBS, Suit.SPADES))
    lines = [
        f"Monster HP: agitator {agitator.symbol} {a} + heart props {_sum_line(hearts)} = {a + total(hearts)}",
        f"Monster Attack: agitator {a} + club props {_sum_line(clubs)} = {a + total(clubs)}",
        f"Monster Deal: {base_deal} + {_count(spades, 'spade prop')} = {base_deal + len(spades)}",
    ]
    idle = [c for c in props if c.suit == Suit.DIAMONDS or c.is_joker]
    if idle:
        lines.append(f"{symbols(idle)}: no effect in a fight")
    element = None
    if elements:
        if beast is not None:
            if beast.is_joker:
                raise RuleError("a Joker has no element: draw another card for the beast")
            element = beast.suited
            lines.append(f"Elemental beast {beast.symbol}: the Monster's element is {beast.suited.word}")
        else:
            element = Suit.CLUBS
            lines.append("the Monster's element is clubs")
    return MonsterStats(
        hp=a + total(hearts), attack=a + total(clubs), deal=base_deal + len(spades), element=element,
        explanation=tuple(lines),
    )


def jailor(c: Card, elements: bool = True) -> MonsterStats:
    """A Healer's jailor fights with base values only: Attack and HP its value, Deal 3.

    >>> j = jailor(card("7C")); (j.hp, j.attack, j.deal)
    (7, 7, 3)
    """
    v = value(c)
    return MonsterStats(
        hp=v, attack=v, deal=JAILOR_DEAL, element=Suit.CLUBS if elements else None,
        explanation=(f"jailor {c.symbol}: base values only → HP {v}, Attack {v}, Deal {JAILOR_DEAL}",),
    )


class TrapStats(Frozen):
    difficulty: int
    damage: int
    explanation: tuple[str, ...]


def trap(agitator: Card, props: Sequence[Card]) -> TrapStats:
    """Difficulty = agitator + spade props + half the diamond props (rounded up); damage =
    agitator + club props + half the heart props (rounded up).

    >>> t = trap(card("7S"), cards("3D 5H")); (t.difficulty, t.damage)
    (9, 10)
    """
    if agitator.is_joker:
        raise RuleError("a Joker does nothing: put it back and draw another agitator")
    a = value(agitator)
    spades, diamonds, clubs, hearts = (_of_suit(props, s)
                                       for s in (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS))
    d_half, h_half = half_up(total(diamonds)), half_up(total(hearts))

    def half(cs: list[Card], h: int) -> str:
        if not cs:
            return "none (0)"
        rounding = f" = {_decimal(total(cs) * 5)}, rounded up to {h}" if total(cs) % 2 else f" = {h}"
        return f"half of {total(cs)} ({symbols(cs)}){rounding}"

    difficulty = a + total(spades) + d_half
    damage = a + total(clubs) + h_half
    lines = (
        f"Trap difficulty: agitator {agitator.symbol} {a} + spade props {_sum_line(spades)} + diamond props "
        f"{half(diamonds, d_half)} → {difficulty}",
        f"Trap damage: agitator {a} + club props {_sum_line(clubs)} + heart props {half(hearts, h_half)} → {damage}",
    )
    return TrapStats(difficulty=difficulty, damage=damage, explanation=lines)


class TrapOutcome(Frozen):
    evasion: int
    evaded: bool
    """evasion higher than the difficulty (crafty evasion is possible)"""
    hp_loss: int
    explanation: tuple[str, ...]


def trap_outcome(stats: TrapStats, evasion: int, crafty: int = 0,
                 evasion_cards: Sequence[Card] | None = None) -> TrapOutcome:
    """The damage a Hero takes: full damage unless the evasion score beats the difficulty,
    then damage − 2 × (evasion − difficulty), never below 0; crafty evasion takes the value
    of spades played off that (only after a successful evasion). A tie deals full damage.

    >>> trap_outcome(trap(card("7S"), cards("3D 5H")), 11).hp_loss
    6
    """
    d, dmg = stats.difficulty, stats.damage
    shown = f"{symbols(evasion_cards)} = {evasion}" if evasion_cards else f"{evasion}"
    lines = [f"Evasion score: {shown}"]
    if evasion < d:
        lines.append(f"evasion {evasion} is lower than the difficulty {d}: full damage {dmg}")
        loss, evaded = dmg, False
    elif evasion == d:
        lines.append(f"evasion {evasion} equals the difficulty {d}: not higher, so full damage {dmg}")
        loss, evaded = dmg, False
    else:
        diff = evasion - d
        loss, evaded = max(0, dmg - 2 * diff), True
        floor = ", but traps don't heal: 0" if dmg - 2 * diff < 0 else ""
        lines.append(
            f"evasion {evasion} beats the difficulty {d} by {diff}: damage {dmg} − 2 × {diff} = {dmg - 2 * diff}{floor}"
        )
    if crafty:
        if not evaded:
            raise RuleError("crafty evasion needs a successful evasion first")
        new = max(0, loss - crafty)
        lines.append(f"crafty evasion: spades worth {crafty} → {loss} − {crafty} = {loss - crafty}"
                     + (", never below 0: 0" if loss - crafty < 0 else ""))
        loss = new
    lines.append(f"the Hero loses {loss} HP" if loss else "the Hero takes no damage")
    return TrapOutcome(evasion=evasion, evaded=evaded, hp_loss=loss, explanation=tuple(lines))


class HealerStats(Frozen):
    heal: int
    jailors: tuple[Card, ...]
    fee: int
    fee_cards: tuple[Card, ...]
    reward: tuple[Card, ...]
    """diamond props that are a reward, not a fee (gratitude)"""
    potions: tuple[Card, ...]
    explanation: tuple[str, ...]


def healer(agitator: Card, props: Sequence[Card], gratitude: bool = False) -> HealerStats:
    """Healing = agitator + half of all props (rounded up); club props are jailors; diamond
    props a fee (a reward under gratitude when a jailor is present too); heart props potions.

    >>> h = healer(card("6H"), cards("7C 5D"))
    >>> h.heal, h.jailors, h.fee
    (12, (Card('7C'),), 5)
    """
    if agitator.is_joker:
        raise RuleError("a Joker does nothing: put it back and draw another agitator")
    a = value(agitator)
    props_total = total(props)
    half = half_up(props_total)
    rounding = f" = {_decimal(props_total * 5)}, rounded up to {half}" if props_total % 2 else f" = {half}"
    lines = [f"Healing: agitator {agitator.symbol} {a} + half of the props' {props_total} ({symbols(props) or 'none'})"
             f"{rounding} → {a + half} HP"]
    jailors = tuple(_of_suit(props, Suit.CLUBS))
    diamonds = tuple(_of_suit(props, Suit.DIAMONDS))
    potions = tuple(_of_suit(props, Suit.HEARTS))
    if jailors:
        lines.append(f"{noun(len(jailors), 'jailor')} to defeat first: {symbols(jailors)}")
    fee = 0
    fee_cards: tuple[Card, ...] = ()
    reward: tuple[Card, ...] = ()
    if diamonds and gratitude and jailors:
        reward = diamonds
        lines.append(f"gratitude: {symbols(diamonds)} is not a fee but a reward for freeing the Healer")
    elif diamonds:
        fee, fee_cards = total(diamonds), diamonds
        lines.append(f"fee: {_sum_line(list(diamonds))} → pay cards worth at least {fee}")
    if potions:
        lines.append(f"potions for the Hero's hand if healed: {symbols(potions)}")
    return HealerStats(heal=a + half, jailors=jailors, fee=fee, fee_cards=fee_cards, reward=reward,
                       potions=potions, explanation=tuple(lines))


def fee_paid(paid: int, fee: int) -> tuple[bool, str]:
    """Whether cards worth ``paid`` (any suit, bonuses included) pay a Healer's fee: they
    must equal or exceed it.

    >>> fee_paid(12, 12), fee_paid(9, 12)
    ((True, '12 pays the fee of 12'), (False, 'the cards are worth 9: the fee is 12'))
    """
    if paid >= fee:
        return True, f"{paid} pays the fee of {fee}"
    return False, f"the cards are worth {paid}: the fee is {fee}"


class ChestStats(Frozen):
    loot: tuple[Card, ...]
    traps: tuple[Card, ...]
    explanation: tuple[str, ...]


def chest(agitator: Card, props: Sequence[Card]) -> ChestStats:
    """Diamonds, clubs and hearts (agitator and props) are the loot; spade props are traps.

    >>> c = chest(card("4D"), cards("9S 2H")); (c.loot, c.traps)
    ((Card('4D'), Card('2H')), (Card('9S'),))
    """
    everything = (agitator, *props)
    loot = tuple(c for c in everything if c.suit in (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS))
    traps = tuple(c for c in props if c.suit == Suit.SPADES)
    lines = [f"the chest holds {symbols(loot) or 'nothing'}"]
    lines.append(f"{noun(len(traps), 'trap')} to disarm one at a time: {symbols(traps)}" if traps
                 else "no trap: the loot is the Hero's")
    return ChestStats(loot=loot, traps=traps, explanation=tuple(lines))


class DisarmAttempt(Frozen):
    hero_total: int
    trap_total: int
    result: Literal["disarmed", "triggered", "tie"]
    hp_loss: int
    explanation: tuple[str, ...]


def disarm_score(played: Sequence[Played], active: Iterable[Card] = (), element: Suit | None = None
                 ) -> tuple[int, tuple[str, ...]]:
    """A chest's disarm score: the value of the spades played on it (converted ones
    included), with the active Aces' and the element's bonus.

    >>> score, why = disarm_score(convert(cards("5S 7S"))[0], cards("AS"))
    >>> score, why[1], why[-1]
    (18, 'A♠ active (+50 %): half of 12 = 6 → 12 + 6 = 18', 'disarm score: 18')
    """
    pv = value_played(played, active, element)
    score = pv.values[Suit.SPADES]
    return score, pv.explanation + (f"disarm score: {score}",)


def disarm(trap_card: Card, disarm_score: int, hero_draw: int, trap_draw: int) -> DisarmAttempt:
    """One attempt: the Hero's score card + the disarm score against the trap's score card +
    the trap card's value. Higher Hero: disarmed; higher trap: triggered (HP − trap value);
    equal: still armed, not triggered.

    >>> disarm(card("9S"), 7, 4, 1).result, disarm(card("9S"), 0, 3, 5).hp_loss
    ('disarmed', 9)
    """
    tv = value(trap_card)
    h, t = disarm_score + hero_draw, tv + trap_draw
    lines = [f"Hero: disarm score {disarm_score} + score card {hero_draw} = {h}",
             f"trap {trap_card.symbol}: {tv} + score card {trap_draw} = {t}"]
    if h > t:
        lines.append(f"{h} beats {t}: the trap {trap_card.symbol} is disarmed")
        return DisarmAttempt(hero_total=h, trap_total=t, result="disarmed", hp_loss=0, explanation=tuple(lines))
    if t > h:
        lines.append(f"{t} beats {h}: the trap is triggered, the Hero loses {tv} HP (the trap card's value); "
                     "still armed")
        return DisarmAttempt(hero_total=h, trap_total=t, result="triggered", hp_loss=tv, explanation=tuple(lines))
    lines.append(f"{h} equals {t}: the trap is still armed but not triggered")
    return DisarmAttempt(hero_total=h, trap_total=t, result="tie", hp_loss=0, explanation=tuple(lines))
