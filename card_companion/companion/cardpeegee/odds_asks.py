"""CardPeeGee's odds asks: a Trap's HP loss over every evasion draw, a fight against one
opponent (the next round and the fight to the end), one attempt at a chest's trap. The
advice (advice.py) answers the same from a tracker's state."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from card_companion.calculators.cardpeegee import RuleError
from card_companion.calculators.cards import Card, Suit
from card_companion.calculators.odds import trap_odds
from card_companion.calculators.odds.cardpeegee import OddsFighter, disarm_odds, fight_odds
from card_companion.companion.ask import Answer
from card_companion.companion.cardpeegee.asks import CardPeeGeeAsk
from card_companion.companion.game import Frozen


class TrapOddsAsk(CardPeeGeeAsk):
    """The HP a Trap takes, over every evasion draw: 1 + ``active`` cards drawn together from
    ``deck`` (the unknown cards), each total as the trap ask computes it."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["trap-odds"] = "trap-odds"
    agitator: Card
    props: tuple[Card, ...] = ()
    active: int = Field(0, ge=0, le=16, description="the Hero's active cards (each adds an evasion card)")
    deck: list[Card] = Field(min_length=1, max_length=16 * 54)

    def cards_entered(self) -> list[Card]:
        return [self.agitator, *self.props, *self.deck]

    def answer(self) -> TrapOddsAnswer:
        if self.agitator.suit != Suit.SPADES:
            raise RuleError(f"a Trap's agitator is a spade; {self.agitator.symbol} starts another encounter")
        self.check_deck()
        o = trap_odds(self.agitator, self.props, 1 + self.active, self.deck)
        return TrapOddsAnswer(hp_loss={str(h): float(p) for h, p in o.hp_loss.items()},
                              expected_hp_loss=float(o.expected_hp_loss), evaded=float(o.evaded),
                              explanation=o.explanation)


class TrapOddsAnswer(Answer):
    hp_loss: dict[str, float]
    expected_hp_loss: float
    evaded: float


class CombatOddsEntry(Frozen):
    hp: int = Field(ge=1)
    attack: int = Field(ge=0)
    deal: int = Field(ge=0, le=60)
    element: Suit | None = None


class CombatOddsAsk(CardPeeGeeAsk):
    """The Hero's odds against one opponent: the next round (win, tie, lose), the fight to the
    end, the HP the Hero can expect to lose. Score cards come from ``deck`` (the unknown
    cards), drawn together each round and put back after it."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["fight-odds"] = "fight-odds"
    hero: CombatOddsEntry
    monster: CombatOddsEntry
    deck: list[Card] = Field(max_length=16 * 54)
    critical_strikes: bool = False

    def cards_entered(self) -> list[Card]:
        return list(self.deck)

    def answer(self) -> CombatOddsAnswer:
        self.check_deck()
        h, m = (OddsFighter(name=name, **e.model_dump())
                for name, e in (("the Hero", self.hero), ("the Monster", self.monster)))
        f = fight_odds(h, m, self.deck, self.critical_strikes)
        r = f.round
        return CombatOddsAnswer(
            round=RoundChances(hero=r.hero, tie=r.tie, monster=r.monster),
            fight=FightChances(hero=f.hero, monster=f.monster),
            expected_hero_hp_loss=f.expected_hero_hp_loss,
            round_damage=RoundDamage(to_monster={str(d): p for d, p in r.hero_damage.items()},
                                     to_hero={str(d): p for d, p in r.monster_damage.items()}),
            explanation=list(f.explanation))


class RoundChances(Frozen):
    hero: float
    tie: float
    monster: float


class FightChances(Frozen):
    hero: float
    monster: float


class RoundDamage(Frozen):
    to_monster: dict[str, float]
    """HP the Monster loses in a round the Hero wins → its chance"""
    to_hero: dict[str, float]


class CombatOddsAnswer(Answer):
    round: RoundChances
    fight: FightChances
    expected_hero_hp_loss: float
    round_damage: RoundDamage


class DisarmOddsAsk(CardPeeGeeAsk):
    """One attempt at a chest's trap: the chance it is disarmed, a tie (still armed), or
    triggered."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["disarm-odds"] = "disarm-odds"
    trap: Card
    disarm_score: int = Field(0, ge=0)
    deck: list[Card] = Field(max_length=16 * 54)

    def cards_entered(self) -> list[Card]:
        return [self.trap, *self.deck]

    def answer(self) -> DisarmOddsAnswer:
        if self.trap.suit != Suit.SPADES:
            raise RuleError(f"a chest's traps are its spade props; {self.trap.symbol} is loot, not a trap")
        self.check_deck()
        d = disarm_odds(self.trap, self.disarm_score, self.deck)
        return DisarmOddsAnswer(disarmed=d.disarmed, tie=d.tie, triggered=d.triggered,
                                expected_hp_loss=d.expected_hp_loss, explanation=list(d.explanation))


class DisarmOddsAnswer(Answer):
    disarmed: float
    tie: float
    triggered: float
    expected_hp_loss: float
