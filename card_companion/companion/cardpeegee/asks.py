"""CardPeeGee's resolve-protocol asks, what they share: the base (the packs, no card entered
more often than they hold it, no blank card), cards played checked and valued as the tracker
does it, and the ask of what cards played are worth. The asks of each section of the text
are siblings: ``fight_asks`` (a combat round), ``encounter_asks`` (a Monster, a Trap, a Healer,
a chest's trap), ``town_asks`` (the starting HP, town, the props), ``boss_asks`` (a Boss stack,
super powers) and ``odds_asks``; each answers with its working."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from card_companion.calculators.cardpeegee import (
    JOKERS_PER_PACK,
    PlayValue,
    RuleError,
    check_suits,
    convert,
    play_value,
    value_played,
)
from card_companion.calculators.cards import Card, Deck, Rank, Suit
from card_companion.calculators.words import symbols
from card_companion.companion.ask import Answer, Ask


class CardPeeGeeAsk(Ask):
    """Base of the CardPeeGee asks: the packs shuffled together (one per four players), so
    that no card is entered more often than the packs hold it, and no list is longer than
    the deck."""

    packs: int = Field(1, ge=1, le=16, description="packs shuffled together (one for every four players)")

    @model_validator(mode="after")
    def _no_blank_card(self) -> CardPeeGeeAsk:
        """PC War's blank card is in no CardPeeGee deck: refused before any rule reads it (a
        blank agitator is not "another encounter", a blank trap not "loot")."""
        def cards_in(x: Any) -> Iterator[Card]:
            if isinstance(x, Card):
                yield x
            elif isinstance(x, BaseModel):
                for v in x.__dict__.values():
                    yield from cards_in(v)
            elif isinstance(x, dict):
                for k, v in x.items():
                    yield from cards_in(k)
                    yield from cards_in(v)
            elif isinstance(x, (list, tuple)):
                for v in x:
                    yield from cards_in(v)

        if any(c.is_blank for c in cards_in(self)):
            raise ValueError("the blank card is not in the deck of CardPeeGee (only PC War's deck may hold it)")
        return self

    def cards_entered(self) -> list[Card]:
        return []

    def check_deck(self) -> None:
        deck = Deck(copies=self.packs, jokers=JOKERS_PER_PACK * self.packs)
        deck.check_copies(self.cards_entered(),
                          "CardPeeGee" + (f" with {self.packs} packs" if self.packs > 1 else " (one pack)"))


class PlayAsk(CardPeeGeeAsk):
    """The value of cards played: active Jacks first (``as``: card → suit), then the active
    Aces and the player's element."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["play"] = "play"
    cards: tuple[Card, ...] = Field(min_length=1)
    active: tuple[Card, ...] = ()
    element: Suit | None = None
    as_: dict[Card, Suit] = Field(default_factory=dict, alias="as")
    in_fight: bool = False

    def cards_entered(self) -> list[Card]:
        return [*self.cards, *self.active]

    def answer(self) -> PlayAnswer:
        check_active(self.active)
        self.check_deck()
        conversions = self.as_
        notes: tuple[str, ...] = ()
        stray = [c for c in conversions if c not in self.cards]
        if stray:
            conversions = {c: x for c, x in conversions.items() if c in self.cards}
            notes = (f"{symbols(stray)} {'is' if len(stray) == 1 else 'are'} not among the cards played: "
                     "no conversion",)
        r = play_value(self.cards, self.active, self.element, conversions, self.in_fight)
        return PlayAnswer(values={x.value: v for x, v in r.values.items()}, deal=r.deal,
                          explanation=list(notes + r.explanation))


class PlayAnswer(Answer):
    values: dict[str, int]
    deal: int


def check_active(active: Sequence[Card]) -> None:
    """Only Jacks and Aces are active cards."""
    wrong = [c.symbol for c in active if c.rank not in (Rank.JACK, Rank.ACE)]
    if wrong:
        raise RuleError(f"only Jacks and Aces can be active, not {', '.join(wrong)}")


def played_outside_a_fight(cards: Sequence[Card], active: Sequence[Card], element: Suit | None,
                           conversions: dict[Card, Suit], suits: tuple[Suit, ...] | None, purpose: str) -> PlayValue:
    """Cards played in one play outside a fight, checked as the tracker checks them (no Joker,
    the Jacks' conversions, only the suits the purpose takes) and valued with the bonuses."""
    if any(c.is_joker for c in cards):
        raise RuleError("a Joker does nothing: keep it")
    stray = [c for c in conversions if c not in cards]
    if stray:
        raise RuleError(f"{symbols(stray)} is not among the cards played")
    converted, lines = convert(cards, active, conversions)
    if suits is not None:
        check_suits(converted, suits, purpose)
    pv = value_played(converted, active, element)
    return pv.model_copy(update={"explanation": tuple(lines) + without_deal(pv.explanation)})


def without_deal(lines: Sequence[str]) -> tuple[str, ...]:
    """The working without the Deal line (spades played outside a fight add no Deal)."""
    return tuple(line for line in lines if not line.startswith("Deal: "))
