"""CardPeeGee's encounter asks: a Monster, a Trap (the evasion draw, crafty evasion), a Healer
(her jailors, the fee paid) and one attempt at a chest's trap, each with its working."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from card_companion.calculators.cardpeegee import (
    RuleError,
    disarm,
    disarm_score,
    draw_refusal,
    evasion_draw,
    fee_paid,
    healer,
    jailor,
    monster,
    trap,
    trap_outcome,
    value,
)
from card_companion.calculators.cards import Card, Suit
from card_companion.calculators.words import plural
from card_companion.companion.ask import Answer, GrownAnswer
from card_companion.companion.cardpeegee.actions import score_total
from card_companion.companion.cardpeegee.asks import CardPeeGeeAsk, check_active, played_outside_a_fight, without_deal
from card_companion.companion.game import Frozen


class MonsterAsk(CardPeeGeeAsk):
    """A Monster's HP, Attack and Deal from its agitator and props."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["monster"] = "monster"
    agitator: Card
    props: tuple[Card, ...] = ()
    beast: Card | None = None

    def cards_entered(self) -> list[Card]:
        return [self.agitator, *self.props, *([self.beast] if self.beast else [])]

    def answer(self) -> MonsterAnswer:
        if self.agitator.suit != Suit.CLUBS:
            raise RuleError(f"a Monster's agitator is a club; {self.agitator.symbol} starts another encounter")
        self.check_deck()
        m = monster(self.agitator, self.props, self.beast)
        assert m.element is not None  # monster() with Elements on (its default) always gives one
        return MonsterAnswer(hp=m.hp, attack=m.attack, deal=m.deal, element=m.element.value,
                             explanation=list(m.explanation))


class MonsterAnswer(Answer):
    hp: int
    attack: int
    deal: int
    element: str


class TrapAsk(CardPeeGeeAsk):
    """A Trap's difficulty and damage, and the HP the evasion draw leaves the Hero to lose;
    ``active`` checks the draw (one card plus one per active card); ``crafty``: spades played
    after a successful evasion take their value off the damage."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["trap"] = "trap"
    agitator: Card
    props: tuple[Card, ...] = ()
    evasion: tuple[Card, ...] | Annotated[int, Field(ge=0)]
    active: tuple[Card, ...] | Annotated[int, Field(ge=0, le=64)] | None = Field(
        None, description="the Hero's active cards (or how many): the evasion draw is 1 + that many cards")
    crafty: tuple[Card, ...] | None = Field(None, description="crafty evasion: the spades played after evading")
    element: Suit | None = Field(None, description="the Hero's element (+20 % on the crafty spades)")
    as_: dict[Card, Suit] = Field(default_factory=dict, alias="as", description="crafty cards an active Jack "
                                  "converts to spades")

    def cards_entered(self) -> list[Card]:
        return [self.agitator, *self.props, *(() if isinstance(self.evasion, int) else self.evasion),
                *(() if self.active is None or isinstance(self.active, int) else self.active), *(self.crafty or ())]

    def answer(self) -> TrapAnswer:
        if self.agitator.suit != Suit.SPADES:
            what = ("a Joker does nothing" if self.agitator.is_joker
                    else f"{self.agitator.symbol} starts another encounter")
            raise RuleError(f"a Trap's agitator is a spade; {what}")
        if self.evasion == ():
            raise RuleError("the evasion draw is at least one card: one, plus one per active card")
        active = () if self.active is None or isinstance(self.active, int) else self.active
        check_active(active)
        self.check_deck()
        t = trap(self.agitator, self.props)
        drawn, shown = score_total(self.evasion)
        lines = list(t.explanation)
        draw = None
        if self.active is not None:
            n_active = self.active if isinstance(self.active, int) else len(self.active)
            draw = evasion_draw(n_active)
            refusal = draw_refusal(draw, drawn, shown, "the Hero", "card", " (one plus one per active card)")
            if refusal:
                raise RuleError(refusal)
            lines.append(f"the Hero draws {plural(draw, 'card')} to evade: one plus one per active card")
        crafty = None
        crafty_lines: list[str] = []
        if self.crafty is not None:
            if not self.crafty:
                raise RuleError("crafty evasion: give the spades played (or leave out \"crafty\")")
            pv = played_outside_a_fight(self.crafty, active, self.element, self.as_, (Suit.SPADES,), "crafty evasion")
            crafty = pv.values[Suit.SPADES]
            first = trap_outcome(t, drawn, evasion_cards=shown)
            if not first.evaded:
                raise RuleError(f"crafty evasion needs a successful evasion first: {first.explanation[-2]}")
            crafty_lines = list(pv.explanation)
        elif self.as_:
            raise RuleError("\"as\" converts crafty evasion cards: give \"crafty\" too")
        o = trap_outcome(t, drawn, crafty=crafty or 0, evasion_cards=shown)
        lines += [*o.explanation[:2], *crafty_lines, *o.explanation[2:]]
        answer = TrapAnswer(difficulty=t.difficulty, damage=t.damage, evasion=drawn, hp_loss=o.hp_loss,
                            evaded=o.evaded, draw=draw, crafty=crafty, explanation=lines)
        return answer.without(*(k for k, v in (("evaded", self.active is None and self.crafty is None),
                                               ("draw", draw is None), ("crafty", crafty is None)) if v))


class TrapAnswer(GrownAnswer):
    difficulty: int
    damage: int
    evasion: int
    hp_loss: int
    evaded: bool | None = None
    """evasion higher than the difficulty (crafty evasion possible); given with active or crafty"""
    draw: int | None = None
    """the cards of the evasion draw (given with active)"""
    crafty: int | None = None
    """the crafty spades' value"""


class HealerAsk(CardPeeGeeAsk):
    """A Healer from its agitator and props: the healing, the jailors to defeat first (with
    their HP, Attack and Deal), the fee (or, under gratitude with a jailor, the reward) and
    the potions; ``paid``: the cards the Hero plays for the fee (any suit), and whether they
    cover it."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["healer"] = "healer"
    agitator: Card
    props: tuple[Card, ...] = Field((), max_length=16 * 54)
    gratitude: bool = False
    elements: bool = Field(True, description="playing with Elements (a jailor's element is clubs)")
    paid: tuple[Card, ...] | None = Field(None, max_length=16 * 54, description="the cards played for the fee")
    active: tuple[Card, ...] = Field((), max_length=8, description="the Hero's active Jacks and Aces")
    element: Suit | None = Field(None, description="the Hero's element (+20 % on played cards of that suit)")
    as_: dict[Card, Suit] = Field(default_factory=dict, alias="as")

    def cards_entered(self) -> list[Card]:
        return [self.agitator, *self.props, *(self.paid or ()), *self.active]

    def answer(self) -> HealerAnswer:
        if self.agitator.suit != Suit.HEARTS:
            raise RuleError(f"a Healer's agitator is a heart; {self.agitator.symbol} starts another encounter")
        check_active(self.active)
        self.check_deck()
        h = healer(self.agitator, self.props, self.gratitude)
        lines = list(h.explanation)
        stats = []
        for j in h.jailors:
            js = jailor(j, self.elements)
            lines += js.explanation
            stats.append(JailorEntry(card=j, hp=js.hp, attack=js.attack, deal=js.deal,
                                     element=js.element.value if js.element else None))
        paid = covered = None
        if self.paid is not None:
            if not self.paid:
                raise RuleError("give the cards played for the fee (or leave out \"paid\")")
            pv = played_outside_a_fight(self.paid, self.active, self.element, self.as_, None, "the fee")
            paid = pv.total
            lines += pv.explanation
            if h.fee:
                covered, why = fee_paid(paid, h.fee)
                lines.append(why)
            else:
                covered = True
                lines.append("there is no fee to pay: the cards are not needed")
        elif self.as_:
            raise RuleError("\"as\" converts cards paid for the fee: give \"paid\" too")
        answer = HealerAnswer(heal=h.heal, jailors=list(h.jailors), fee=h.fee, reward=list(h.reward),
                              potions=list(h.potions), jailor_stats=stats, paid=paid, fee_covered=covered,
                              explanation=lines)
        return answer.without(*(("paid", "fee_covered") if paid is None else ()))


class JailorEntry(Frozen):
    card: Card
    hp: int
    attack: int
    deal: int
    element: str | None


class HealerAnswer(GrownAnswer):
    heal: int
    jailors: list[Card]
    fee: int
    reward: list[Card]
    potions: list[Card]
    jailor_stats: list[JailorEntry]
    """each jailor as it fights: base values only"""
    paid: int | None = None
    """the value of the cards paid (any suit, bonuses included)"""
    fee_covered: bool | None = None


class DisarmAsk(CardPeeGeeAsk):
    """One attempt at a chest's trap: the Hero's score card + the disarm score against the
    trap's score card + the trap card's value. The disarm score is given, or worked out from
    the ``spades`` played on the chest (with the active Aces and the element)."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["disarm"] = "disarm"
    trap: Card
    disarm_score: int | None = Field(None, ge=0, le=200, description="the Hero's disarm score (instead of spades)")
    spades: tuple[Card, ...] | None = Field(None, max_length=16 * 54,
                                            description="the cards played on the chest (spades, or converted)")
    active: tuple[Card, ...] = Field((), max_length=8, description="the Hero's active Jacks and Aces")
    element: Suit | None = None
    as_: dict[Card, Suit] = Field(default_factory=dict, alias="as")
    hero_draw: Card | Annotated[int, Field(ge=0, le=11)] = Field(description="the Hero's score card (or its value)")
    trap_draw: Card | Annotated[int, Field(ge=0, le=11)] = Field(description="the trap's score card (or its value)")

    def cards_entered(self) -> list[Card]:
        draws = [c for c in (self.hero_draw, self.trap_draw) if isinstance(c, Card)]
        return [self.trap, *(self.spades or ()), *self.active, *draws]

    def answer(self) -> DisarmAnswer:
        if self.trap.suit != Suit.SPADES:
            raise RuleError(f"a chest's traps are its spade props; {self.trap.symbol} is loot")
        if (self.disarm_score is None) == (self.spades is None):
            raise RuleError("give the disarm score, or the spades played on the chest (\"spades\"), not both")
        check_active(self.active)
        self.check_deck()
        lines: list[str] = []
        score = self.disarm_score
        if self.spades is not None:
            if self.spades:
                pv = played_outside_a_fight(self.spades, self.active, self.element, self.as_, (Suit.SPADES,),
                                            "disarming")
                score, working = disarm_score(pv.played, self.active, self.element)
                lines += without_deal(pv.explanation) + (working[-1],)
            else:
                score = 0
                lines.append("no spades played: disarm score 0")
        elif self.as_:
            raise RuleError("\"as\" converts cards played on the chest: give \"spades\" too")
        hero, trap_ = (value(d) if isinstance(d, Card) else d for d in (self.hero_draw, self.trap_draw))
        d = disarm(self.trap, score or 0, hero, trap_)
        answer = DisarmAnswer(result=d.result, hp_loss=d.hp_loss, disarm_score=score or 0,
                              explanation=lines + list(d.explanation))
        return answer.without(*(("disarm_score",) if self.spades is None else ()))


class DisarmAnswer(GrownAnswer):
    result: Literal["disarmed", "triggered", "tie"]
    hp_loss: int
    disarm_score: int | None = None
    """worked out from the spades played (given with spades)"""
