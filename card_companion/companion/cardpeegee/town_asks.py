"""CardPeeGee's asks of setup, levels and town: a Hero's starting HP, charity, tax, shopping
and potions in town, and the props of the next encounter (Level Up)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from card_companion.calculators.cardpeegee import RuleError, props_for, shopping, starting_hp, town_levy
from card_companion.calculators.cards import Card, Suit
from card_companion.calculators.words import symbols
from card_companion.companion.ask import Answer, GrownAnswer
from card_companion.companion.cardpeegee.asks import CardPeeGeeAsk, check_active, played_outside_a_fight


class StartingHpAsk(CardPeeGeeAsk):
    """A Hero's starting HP: the base plus the cards drawn for it."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["starting-hp"] = "starting-hp"
    cards: tuple[Card, ...] = Field(max_length=5)
    base: int = Field(15, ge=1, le=100)

    def cards_entered(self) -> list[Card]:
        return list(self.cards)

    def answer(self) -> StartingHpAnswer:
        self.check_deck()
        hp, line = starting_hp(self.cards, self.base)
        return StartingHpAnswer(hp=hp, explanation=[line])


class StartingHpAnswer(Answer):
    hp: int


class TownAsk(CardPeeGeeAsk):
    """A Hero in town: charity (fewer cards than ``charity_below``, active ones included) or tax
    (more than ``tax_above``) from ``held``; shopping (``shop``: the diamonds played, a new card
    for every ``price`` diamonds, the rest lost); potions (``heal``: the hearts played, their
    value in HP). Active Jacks and Aces and the element work as usual."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["town"] = "town"
    held: int | None = Field(None, ge=0, le=16 * 54, description="cards the Hero holds: hand and active")
    charity_below: int = Field(4, ge=0, le=20)
    tax_above: int = Field(6, ge=0, le=100)
    shop: tuple[Card, ...] | None = Field(None, max_length=16 * 54, description="the diamonds played to shop")
    price: int = Field(8, ge=1, le=100, description="diamonds a new card costs")
    heal: tuple[Card, ...] | None = Field(None, max_length=16 * 54, description="the potions (hearts) played")
    active: tuple[Card, ...] = Field((), max_length=8, description="the Hero's active Jacks and Aces")
    element: Suit | None = None
    as_: dict[Card, Suit] = Field(default_factory=dict, alias="as")

    def cards_entered(self) -> list[Card]:
        return [*(self.shop or ()), *(self.heal or ()), *self.active]

    def answer(self) -> TownAnswer:
        if self.held is None and self.shop is None and self.heal is None:
            raise RuleError("ask about charity and tax (\"held\"), shopping (\"shop\") or potions (\"heal\")")
        check_active(self.active)
        self.check_deck()
        lines: list[str] = []
        levy = None
        if self.held is not None:
            levy = town_levy(self.held, self.charity_below, self.tax_above)
            lines.append({
                "charity": f"{self.held} cards, fewer than {self.charity_below}: charity, one card from the deck",
                "tax": f"{self.held} cards, more than {self.tax_above}: tax, one card back to the deck",
                None: f"{self.held} cards: neither charity (below {self.charity_below}) nor tax "
                      f"(above {self.tax_above})"}[levy])
        diamonds = bought = lost = healed = None
        known = set(self.shop or ()) | set(self.heal or ())
        stray = [c for c in self.as_ if c not in known]
        if stray:
            raise RuleError(f"{symbols(stray)} is not among the cards played")
        if self.shop is not None:
            if not self.shop:
                raise RuleError("give the diamonds played to shop (or leave out \"shop\")")
            conv = {c: x for c, x in self.as_.items() if c in self.shop}
            pv = played_outside_a_fight(self.shop, self.active, self.element, conv, (Suit.DIAMONDS,), "shopping")
            diamonds = pv.values[Suit.DIAMONDS]
            buy = shopping(diamonds, self.price)
            bought, lost = buy.bought, buy.lost
            lines += [*pv.explanation, *buy.explanation]
        if self.heal is not None:
            if not self.heal:
                raise RuleError("give the hearts played as potions (or leave out \"heal\")")
            conv = {c: x for c, x in self.as_.items() if c in self.heal}
            pv = played_outside_a_fight(self.heal, self.active, self.element, conv, (Suit.HEARTS,), "healing")
            healed = pv.values[Suit.HEARTS]
            lines += [*pv.explanation, f"potions: the Hero heals {healed} HP"]
        answer = TownAnswer(levy=levy, diamonds=diamonds, bought=bought, lost=lost, healed=healed,
                            explanation=lines)
        return answer.without(*(("levy",) if self.held is None else ()),
                              *(("diamonds", "bought", "lost") if self.shop is None else ()),
                              *(("healed",) if self.heal is None else ()))


class TownAnswer(GrownAnswer):
    levy: Literal["charity", "tax"] | None = None
    diamonds: int | None = None
    """the diamonds spent: the shopping cards' value, bonuses included"""
    bought: int | None = None
    """new cards from the deck"""
    lost: int | None = None
    """diamonds left over, lost"""
    healed: int | None = None
    """HP the potions restore"""


class PropsAsk(CardPeeGeeAsk):
    """The props of the next encounter: the base, Level Up v1 (+1 per lap) and v2 (+1 per
    started step of HP above the threshold)."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["props"] = "props"
    base: int = Field(2, ge=0, le=6)
    laps: int = Field(0, ge=0, le=1000)
    hp: int = Field(0, ge=0, le=10_000)
    level_up_v1: bool = False
    level_up_v2: bool = False
    v2_start: int = Field(60, ge=1, le=500)
    v2_step: int = Field(30, ge=1, le=500)

    def answer(self) -> PropsAnswer:
        n, why = props_for(self.base, self.laps, self.hp, self.level_up_v1, self.level_up_v2, self.v2_start,
                           self.v2_step)
        return PropsAnswer(props=n, explanation=[why])


class PropsAnswer(Answer):
    props: int
