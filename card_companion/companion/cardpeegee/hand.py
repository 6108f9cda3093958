"""The cards a hand the app cannot see may put down: CardPeeGee knows only how many cards a
hand holds, so cards played from it are any cards of the table's deck, as many as it holds,
with any of the player's active cards, each as it is or turned by an active Jack. ``Entered`` is
the shape of choices.py's large kinds of step (listed lazily, membership the rules' own answer,
drawn at random without listing); the kinds of cards played are here."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, product
from typing import Any

from card_companion.calculators.cardpeegee import value
from card_companion.calculators.cards import Card, Suit
from card_companion.companion.cardpeegee.actions import (
    CraftyEvasion,
    Heal,
    HealAndDefend,
    PayFee,
    PlayIntoEncounter,
    Shop,
)
from card_companion.companion.cardpeegee.queries import conversion_suits
from card_companion.companion.cardpeegee.settings import table_deck
from card_companion.companion.cardpeegee.state import CardPeeGeeState, ChestEncounter, HealerEncounter
from card_companion.companion.cardpeegee.steps import refusal
from card_companion.companion.legal import Choices

Played = tuple[tuple[Card, ...], tuple[Card, ...], dict[Card, Suit]]
"""cards from the hand, cards off the active display, and the suits active Jacks turn them into"""


def faces(s: CardPeeGeeState) -> list[Card]:
    """Every card of the table's deck, once (the Joker too when it is played with)."""
    return table_deck(s.setup).faces()


def suited(s: CardPeeGeeState) -> list[Card]:
    """The deck's cards with a suit (no Joker)."""
    return [c for c in faces(s) if not c.is_joker]


def of_suit(s: CardPeeGeeState, suit: Suit) -> list[Card]:
    return [c for c in suited(s) if c.suit == suit]


@dataclass(frozen=True, eq=False)
class Entered(Choices[Any]):
    """A kind of step that carries what the players entered (cards, scores, shares): too many
    forms to list at each render. ``players``: who may take it now (the one player of a Hero's
    own step)."""

    state: CardPeeGeeState
    players: tuple[int, ...] = ()
    sure = True
    """``draw`` gives only legal actions; else a drawn one is checked and ``probes`` stand in"""

    def __contains__(self, action: object) -> bool:
        return isinstance(action, self.kind) and refusal(self.state, action) is None

    def __iter__(self) -> Iterator[Any]:
        """The legal ones of ``probes`` first (found at once), then every other legal form."""
        first = [a for a in self.probes() if a in self]
        yield from first
        yield from (a for a in self.candidates() if a not in first and a in self)

    def __bool__(self) -> bool:
        return any(a in self for a in self.probes())

    def candidates(self) -> Iterator[Any]:
        """Every form this step can take now (the rules then keep the legal ones); finite."""
        raise NotImplementedError

    def probes(self) -> Iterator[Any]:
        """A few actions of which one is legal whenever any is (the kind is possible now)."""
        return iter(())

    def draw(self, rng: random.Random) -> Any:
        raise NotImplementedError

    def sample(self, rng: random.Random) -> Any:
        for _ in range(1 if self.sure else 4):
            action = self.draw(rng)
            if self.sure or action in self:
                return action
        return next(a for a in self.probes() if a in self)


def played_forms(s: CardPeeGeeState, p: int) -> Iterator[Played]:
    """Every way player ``p`` can put cards down now: up to their hand's count of any cards
    of the deck, any of their active cards, each card as it is or turned by an active Jack."""
    hero = s.heroes[p]
    offs = sorted({fa for k in range(len(hero.active) + 1) for fa in combinations(sorted(hero.active), k)},
                  key=len)
    for n in range(hero.hand + 1):
        for cards in combinations_with_replacement(suited(s), n):
            for fa in offs:
                if cards or fa:
                    yield from _converted(s, p, cards, fa)


def _converted(s: CardPeeGeeState, p: int, cards: tuple[Card, ...], fa: tuple[Card, ...]) -> Iterator[Played]:
    played = list(dict.fromkeys((*cards, *fa)))
    options = [[None, *conversion_suits(s, p, c, fa)] for c in played]
    for chosen in product(*options):
        yield cards, fa, {c: x for c, x in zip(played, chosen) if x is not None}


def off_display(s: CardPeeGeeState, p: int) -> Iterator[Played]:
    """One active card played, as it is or turned: what a player with an empty hand can put down
    (one card is legal whenever more are: every card must count in a suit the step takes)."""
    for c in dict.fromkeys(s.heroes[p].active):
        yield from _converted(s, p, (), (c,))


class PlayedStep(Entered):
    """A step of cards played (a fight, a chest, the fee, crafty evasion, shopping, potions):
    ``make`` builds it from the played cards; a hand's card of ``suit`` is always one."""

    suit: Suit = Suit.SPADES
    most = 1

    def make(self, p: int, played: Played) -> Any:
        cards, fa, convert = played
        return self.kind(cards=cards, from_active=fa, convert=convert)

    def candidates(self) -> Iterator[Any]:
        return (self.make(p, x) for p in self.players for x in played_forms(self.state, p))

    def probes(self) -> Iterator[Any]:
        for p in self.players:
            if self.state.heroes[p].hand:
                yield self.make(p, (tuple(of_suit(self.state, self.suit)[:1]), (), {}))
            yield from (self.make(p, x) for x in off_display(self.state, p))

    def draw(self, rng: random.Random) -> Any:
        s = self.state
        handed = [p for p in self.players if s.heroes[p].hand]
        if not handed:
            return next(a for a in self.probes() if a in self)
        p = rng.choice(handed)
        k = rng.randint(1, min(self.most, s.heroes[p].hand))
        return self.make(p, (tuple(rng.choice(self.pool()) for _ in range(k)), (), {}))

    def pool(self) -> list[Card]:
        return of_suit(self.state, self.suit)


class PlayChoices(PlayedStep):
    """Cards played into a fight (clubs, spades) or on a chest (spades), by ``players``."""

    kind = PlayIntoEncounter
    most = 2

    def make(self, p: int, played: Played) -> Any:
        cards, fa, convert = played
        return PlayIntoEncounter(player=p, cards=cards, from_active=fa, convert=convert)

    def pool(self) -> list[Card]:
        if isinstance(self.state.encounter, ChestEncounter):
            return of_suit(self.state, Suit.SPADES)
        return [*of_suit(self.state, Suit.CLUBS), *of_suit(self.state, Suit.SPADES)]


class CraftyChoices(PlayedStep):
    kind = CraftyEvasion


class HealChoices(PlayedStep):
    """Potions in town."""

    kind = Heal
    suit = Suit.HEARTS


class ShopChoices(PlayedStep):
    """Diamonds for new cards: enough for one card at least, and a deck to draw them from."""

    kind = Shop
    suit = Suit.DIAMONDS
    most = 2
    sure = False

    def probes(self) -> Iterator[Any]:
        s = self.state
        price, hand = s.settings.card_price, s.heroes[s.turn].hand
        for c in sorted(of_suit(s, Suit.DIAMONDS), key=lambda c: -value(c)):
            k = -(-price // value(c))
            if k <= hand:
                yield Shop(cards=(c,) * k)
        yield from (self.make(s.turn, x) for x in off_display(s, s.turn))

    def pool(self) -> list[Card]:
        return [c for c in of_suit(self.state, Suit.DIAMONDS) if value(c) >= 6]


class FeeChoices(PlayedStep):
    """Cards of any suit worth the Healer's fee."""

    kind = PayFee
    sure = False

    def probes(self) -> Iterator[Any]:
        s = self.state
        hero, fee = s.heroes[s.turn], s.encounter.fee if isinstance(s.encounter, HealerEncounter) else 0
        aces = -(-fee // 11) or 1
        if aces <= hero.hand:
            yield PayFee(cards=(Card.parse("AS"),) * aces)
        yield PayFee(cards=(Card.parse("AS"),) * hero.hand, from_active=hero.active)
        yield from (self.make(s.turn, x) for x in off_display(s, s.turn))

    def draw(self, rng: random.Random) -> Any:
        s = self.state
        fee = s.encounter.fee if isinstance(s.encounter, HealerEncounter) else 0
        k = max(1, -(-fee // 10))
        return PayFee(cards=tuple(Card.parse(f"10{rng.choice('SHDC')}") for _ in range(k)))


class DefendChoices(Entered):
    """One heart played at the start of a round (from the hand or the display, maybe turned)."""

    kind = HealAndDefend

    def candidates(self) -> Iterator[Any]:
        s = self.state
        for p in self.players:
            active = s.heroes[p].active
            for c in suited(s):
                for fa in (False, True) if c in active else (False,):
                    for x in [None, *conversion_suits(s, p, c, (c,) if fa else ())]:
                        yield HealAndDefend(player=p, card=c, from_active=fa, convert=x)

    def probes(self) -> Iterator[Any]:
        s = self.state
        for p in self.players:
            if s.heroes[p].hand:
                yield HealAndDefend(player=p, card=of_suit(s, Suit.HEARTS)[0])
            for _, fa, convert in off_display(s, p):
                yield HealAndDefend(player=p, card=fa[0], from_active=True, convert=convert.get(fa[0]))

    def draw(self, rng: random.Random) -> Any:
        s = self.state
        handed = [p for p in self.players if s.heroes[p].hand]
        if not handed:
            return next(a for a in self.probes() if a in self)
        return HealAndDefend(player=rng.choice(handed), card=rng.choice(of_suit(s, Suit.HEARTS)))
