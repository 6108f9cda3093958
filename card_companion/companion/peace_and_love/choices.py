"""What may be entered now in Peace and Love: ``legal_actions(state)``, one ``Choices`` per kind
of step (companion/legal.py), the one source the screens, the random play and the tests read.

The deal: each player not dealt yet enters three fighters of this table's packs (no card more
often than the packs hold it, with the fighters already face up). A tie for the lowest total:
the pick among the tied. A turn: a fight (an untapped fighter of the player to play against
another player's untapped one, any other player adding one of theirs), a retire (an untapped
fighter, any card of the packs as the new one: with one pack, not the retired card itself), a
refresh (an untapped fighter; a deck of at least five) or the players' stop. A fight: the cards
revealed on the fighters still in it (one card of the packs each: the app does not know the
hands), or the new fighter drawn off the deck. The fights' starts, the cards revealed and
the fighters entered are many: their kinds list them lazily, say membership from the rules
and pick one at random without listing them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import product

from card_companion.calculators.cards import Card
from card_companion.calculators.peace_and_love import deck_for
from card_companion.companion.legal import Among, Choices, Legal
from card_companion.companion.peace_and_love.actions import (
    Deal,
    FirstPlayer,
    NewFighter,
    PlayCards,
    Refresh,
    Retire,
    StartFight,
    Stop,
)
from card_companion.companion.peace_and_love.state import PeaceAndLoveState
from card_companion.companion.peace_and_love.turns import refresh_refusal


def legal_actions(state: PeaceAndLoveState) -> Legal:
    """Every step the players may take now, kind by kind; none once the game is over."""
    if state.phase == "deal":
        return Legal.of(Deals(state))
    if state.phase == "first-player":
        return Legal.of(Among(FirstPlayer, tuple(FirstPlayer(player=p) for p in state.tied_first)))
    if state.phase == "fight" and state.fight is not None:
        if state.fight.awaiting_replacement is not None:
            return Legal.of(NewFighters(state))
        return Legal.of(PlayedCards(state))
    if state.phase == "turn":
        return Legal.of(fight_starts(state), Retires(state), refreshes(state),
                        Among(Stop, (Stop(counts=True), Stop(counts=False))))
    return Legal()


def refreshes(state: PeaceAndLoveState) -> Among[Refresh]:
    """A refresh taps one of the player to play's untapped fighters; none with a deck under five."""
    if state.phase != "turn" or refresh_refusal(state) is not None:
        return Among(Refresh, ())
    return Among(Refresh, tuple(Refresh(fighter=f) for f in state.players[state.turn].untapped()))


def _faces(state: PeaceAndLoveState) -> list[Card]:
    """Each card of this table's packs once (no Jokers)."""
    return deck_for(len(state.players)).faces()


def _in_packs(state: PeaceAndLoveState, card: object) -> bool:
    return isinstance(card, Card) and deck_for(len(state.players)).contains(card)


class Deals(Choices[Deal]):
    """Each player not dealt yet, with any three fighters the packs still hold (less the
    fighters already face up), in the order of the three places."""

    kind = Deal

    def __init__(self, state: PeaceAndLoveState) -> None:
        self.state = state
        self.players = tuple(i for i, p in enumerate(state.players) if not p.dealt) if state.phase == "deal" else ()
        self.face_up = Counter(f.card for p in state.players if p.dealt for f in p.fighters if f is not None)

    def _fits(self, cards: tuple[Card, ...]) -> bool:
        copies = self.state.decks
        return all(self.face_up[c] + n <= copies for c, n in Counter(cards).items())

    def __iter__(self) -> Iterator[Deal]:
        faces = _faces(self.state)
        for p in self.players:
            for a, b, c in product(faces, repeat=3):
                if self._fits((a, b, c)):
                    yield Deal(player=p, fighters=(a, b, c))

    def __contains__(self, action: object) -> bool:
        return (isinstance(action, Deal) and action.player in self.players
                and all(_in_packs(self.state, c) for c in action.fighters) and self._fits(action.fighters))

    def sample(self, rng: random.Random) -> Deal:
        """A player not dealt yet, three cards off what the packs hold less the face-up fighters."""
        pool = deck_for(len(self.state.players)).all_cards()
        for c, n in self.face_up.items():
            for _ in range(n):
                pool.remove(c)
        a, b, c = rng.sample(pool, 3)
        return Deal(player=rng.choice(self.players), fighters=(a, b, c))

    def __bool__(self) -> bool:
        return bool(self.players)


class FightStarts(Choices[StartFight]):
    """The fights the player to play may start: an untapped fighter (``attackers``) against
    another player's untapped one (``defenders``), each other player with an untapped fighter
    adding one or not (``joiners``)."""

    kind = StartFight

    def __init__(self, state: PeaceAndLoveState) -> None:
        turn = state.phase == "turn"
        me = state.turn
        self.attackers: list[int] = state.players[me].untapped() if turn else []
        """the places of the player to play's fighters that may attack"""
        self.defenders: dict[int, list[int]] = {
            i: p.untapped() for i, p in enumerate(state.players) if i != me and p.untapped()} if turn else {}
        """the players that may be attacked, with the places of their fighters that may defend"""

    def joiners(self, defender: int | None) -> dict[int, list[int]]:
        """The players who may add a fighter to a fight against ``defender``, with the places
        of their fighters that may join."""
        return {p: places for p, places in self.defenders.items() if p != defender}

    def __iter__(self) -> Iterator[StartFight]:
        for fighter in self.attackers:
            for defender, places in self.defenders.items():
                joiners = self.joiners(defender)
                for defender_fighter in places:
                    for joins in product(*([None, *ps] for ps in joiners.values())):
                        joining = {p: place for p, place in zip(joiners, joins) if place is not None}
                        yield StartFight(fighter=fighter, defender=defender, defender_fighter=defender_fighter,
                                         joining=joining)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, StartFight) or action.fighter not in self.attackers:
            return False
        if action.defender_fighter not in self.defenders.get(action.defender, []):
            return False
        joiners = self.joiners(action.defender)
        return all(place in joiners.get(p, []) for p, place in action.joining.items())

    def sample(self, rng: random.Random) -> StartFight:
        """An attacker and a defender at random; each other player joins half the time."""
        defender = rng.choice(sorted(self.defenders))
        joining = {p: rng.choice(places) for p, places in self.joiners(defender).items() if rng.random() < 0.5}
        return StartFight(fighter=rng.choice(self.attackers), defender=defender,
                          defender_fighter=rng.choice(self.defenders[defender]), joining=joining)

    def __bool__(self) -> bool:
        return bool(self.attackers) and bool(self.defenders)


def fight_starts(state: PeaceAndLoveState) -> FightStarts:
    """The fights that may start now (none outside a turn): the fighters a tap may choose."""
    return FightStarts(state)


class Retires(Choices[Retire]):
    """An untapped fighter of the player to play, and any card of the packs as the new fighter
    (with one pack, not the retired card: it goes to the hand)."""

    kind = Retire

    def __init__(self, state: PeaceAndLoveState) -> None:
        self.state = state
        self.places = state.players[state.turn].untapped() if state.phase == "turn" else []

    def _old(self, place: int) -> Card | None:
        """The retired card where the new fighter may not be it (one pack), else None."""
        return self.state.players[self.state.turn].fighter(place).card if self.state.decks == 1 else None

    def __iter__(self) -> Iterator[Retire]:
        faces = _faces(self.state)
        for place in self.places:
            old = self._old(place)
            yield from (Retire(fighter=place, new_fighter=c) for c in faces if c != old)

    def __contains__(self, action: object) -> bool:
        return (isinstance(action, Retire) and action.fighter in self.places
                and _in_packs(self.state, action.new_fighter) and action.new_fighter != self._old(action.fighter))

    def sample(self, rng: random.Random) -> Retire:
        place = rng.choice(self.places)
        faces, old = _faces(self.state), self._old(place)
        card = rng.choice(faces)
        while card == old:
            card = rng.choice(faces)
        return Retire(fighter=place, new_fighter=card)

    def __bool__(self) -> bool:
        return bool(self.places)


class PlayedCards(Choices[PlayCards]):
    """A card of the packs on each fighter still in the fight (the hands are not known: any
    card), each of their players holding one."""

    kind = PlayCards

    def __init__(self, state: PeaceAndLoveState) -> None:
        self.state = state
        fight = state.fight
        ready = state.phase == "fight" and fight is not None and fight.awaiting_replacement is None
        self.owners: tuple[int, ...] = tuple(p for p, _ in fight.remaining) if ready and fight is not None else ()
        """the players of the fighters still in, in turn order from the attacker"""

    def __iter__(self) -> Iterator[PlayCards]:
        if self:
            for cards in product(_faces(self.state), repeat=len(self.owners)):
                yield PlayCards(cards=dict(zip(self.owners, cards)))

    def __contains__(self, action: object) -> bool:
        return (isinstance(action, PlayCards) and bool(self) and sorted(action.cards) == sorted(self.owners)
                and all(_in_packs(self.state, c) for c in action.cards.values()))

    def sample(self, rng: random.Random) -> PlayCards:
        faces = _faces(self.state)
        return PlayCards(cards={p: rng.choice(faces) for p in self.owners})

    def __bool__(self) -> bool:
        return bool(self.owners) and all(self.state.players[p].hand >= 1 for p in self.owners)


class NewFighters(Choices[NewFighter]):
    """The fighter drawn off the deck for a defeated one: any card of the packs."""

    kind = NewFighter

    def __init__(self, state: PeaceAndLoveState) -> None:
        self.state = state
        fight = state.fight
        self.waiting = state.phase == "fight" and fight is not None and fight.awaiting_replacement is not None

    def __iter__(self) -> Iterator[NewFighter]:
        if self.waiting:
            yield from (NewFighter(card=c) for c in _faces(self.state))

    def __contains__(self, action: object) -> bool:
        return isinstance(action, NewFighter) and self.waiting and _in_packs(self.state, action.card)

    def sample(self, rng: random.Random) -> NewFighter:
        return NewFighter(card=rng.choice(_faces(self.state)))

    def __bool__(self) -> bool:
        return self.waiting
