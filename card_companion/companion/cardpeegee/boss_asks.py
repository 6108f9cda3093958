"""CardPeeGee's Boss Battle asks: each Boss of a stack, and the super powers (who the Kings
and Queens force onto a side, the Jacks' Attack bonus)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from card_companion.calculators.cardpeegee import (
    BOSS_BASE,
    BOSS_DEAL,
    JACK_BOSS_BONUS,
    Contestant,
    RuleError,
    boss_stack,
    forced_players,
    jack_bonus,
)
from card_companion.calculators.cards import Card, Rank
from card_companion.calculators.words import symbols
from card_companion.companion.ask import Answer
from card_companion.companion.cardpeegee.asks import CardPeeGeeAsk, check_active
from card_companion.companion.game import Frozen


class BossEntry(Frozen):
    card: Card
    hp: int
    attack: int
    deal: int


class BossStackAsk(CardPeeGeeAsk):
    """Each Boss of a stack: HP, Attack and Deal (``super_powers``: Jacks give +2 Attack)."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["boss-stack"] = "boss-stack"
    cards: tuple[Card, ...] = Field(min_length=1, max_length=16 * 54)
    super_powers: bool = False

    def cards_entered(self) -> list[Card]:
        return list(self.cards)

    def answer(self) -> BossStackAnswer:
        self.check_deck()
        bosses = boss_stack(self.cards, self.super_powers)
        if not bosses:
            raise RuleError("a Boss stack needs at least one face card (every face card is a Boss)")
        lines = [line for b in bosses for line in b.explanation]
        jacks = [c for c in self.cards if c.rank == Rank.JACK]
        if jacks and not self.super_powers:
            lines.append("super powers off: Jacks give no +2 Attack")
        return BossStackAnswer(
            bosses=[BossEntry(card=b.card, hp=b.hp, attack=b.attack, deal=b.deal) for b in bosses],
            explanation=lines)


class BossStackAnswer(Answer):
    bosses: list[BossEntry]


class PowerPlayer(Frozen):
    name: str | None = Field(None, max_length=100)
    character: Card
    active: tuple[Card, ...] = Field((), max_length=8, description="the player's active Jacks and Aces")


class SuperPowersAsk(CardPeeGeeAsk):
    """Boss super powers for a table: who the stack's Kings force onto the Hero's side, who its
    Queens force onto the Bosses' side, and the Jacks' Attack bonus for every Boss."""

    game: Literal["cardpeegee"] = "cardpeegee"
    ask: Literal["super-powers"] = "super-powers"
    stack: tuple[Card, ...] = Field(min_length=1, max_length=16 * 54, description="the Boss stack")
    players: tuple[PowerPlayer, ...] = Field(min_length=1, max_length=64, description="every living player, "
                                             "in turn order, with their Character and active cards")
    hero: int = Field(0, ge=0, le=63, description="which player is the Hero (never forced)")
    boss_base: int = Field(BOSS_BASE, ge=0, le=100)
    boss_deal: int = Field(BOSS_DEAL, ge=0, le=60)

    def cards_entered(self) -> list[Card]:
        return [*self.stack, *(c for p in self.players for c in (p.character, *p.active))]

    def answer(self) -> SuperPowersAnswer:
        if self.hero >= len(self.players):
            raise RuleError(f"the Hero is one of the players: 0 to {len(self.players) - 1}")
        names = [p.name or f"Player {i}" for i, p in enumerate(self.players)]
        for name, p in zip(names, self.players):
            if p.character.is_joker:
                raise RuleError(f"{name}: a Joker cannot be a Character")
            check_active(p.active)
        self.check_deck()
        bosses = boss_stack(self.stack, True, base=self.boss_base, base_deal=self.boss_deal)
        if not bosses:
            raise RuleError("a Boss stack needs at least one face card (every face card is a Boss)")
        others = [Contestant(player=i, name=names[i], character=p.character.suited,
                             active=tuple(c.suited for c in p.active))
                  for i, p in enumerate(self.players) if i != self.hero]
        forced = {f.player: f for f in forced_players(self.stack, others)}
        bonus, jacks = jack_bonus(self.stack)
        lines = [f"{names[self.hero]} is the Hero: never forced"]
        lines += [forced[i].why for i in sorted(forced)]
        free = [names[i] for i in range(len(self.players)) if i != self.hero and i not in forced]
        if free:
            lines.append(f"no power forces {' or '.join(free)}: they may join only by Cry for help")
        if jacks:
            lines.append(f"{symbols(jacks)}: +{JACK_BOSS_BONUS} Attack for every Boss per Jack → +{bonus}")
        else:
            lines.append("no Jack in the stack: no Attack bonus")
        lines += [line for b in bosses for line in b.explanation]
        entries = []
        for i, name in enumerate(names):
            f = forced.get(i)
            side: Literal["hero", "bosses"] | None = "hero" if i == self.hero or (f and f.side == 0) else (
                "bosses" if f else None)
            entries.append(PowerEntry(player=i, name=name, side=side, forced=f is not None,
                                      by=f.by if f else None))
        return SuperPowersAnswer(
            players=entries, attack_bonus=bonus, jacks=list(jacks),
            bosses=[BossEntry(card=b.card, hp=b.hp, attack=b.attack, deal=b.deal) for b in bosses],
            explanation=lines)


class PowerEntry(Frozen):
    player: int
    name: str
    side: Literal["hero", "bosses"] | None
    """the side the player fights on: the Hero's, the Bosses', None when free to stay out"""
    forced: bool
    by: Card | None
    """the King or Queen that forces them"""


class SuperPowersAnswer(Answer):
    players: list[PowerEntry]
    attack_bonus: int
    """every Boss's Attack bonus from the Jacks (already in bosses' attack)"""
    jacks: list[Card]
    bosses: list[BossEntry]
    """each Boss with super powers on"""
