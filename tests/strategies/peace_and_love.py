"""Random play and invariants for peace-and-love (test support: the generic random-play test, the
durability test and the property tests use them; moved out of the production module)."""

from __future__ import annotations

import random

from card_companion.calculators.cards import Card, Deck
from card_companion.companion.peace_and_love import (
    FIGHTERS,
    Deal,
    FirstPlayer,
    NewFighter,
    PeaceAndLoveSetup,
    PeaceAndLoveState,
    PlayCards,
    Refresh,
    Retire,
    StartFight,
    Stop,
)
from tests.strategies.base import GameStrategy


class Strategy(GameStrategy):
    """The game's random play and invariants; the game's own queries through ``self``."""

    def random_setup(self, rng: random.Random) -> PeaceAndLoveSetup:
        n = rng.choice([2, 2, 3, 4, 6, 11, 12])
        return self.make_setup(
            [f"P{i}" for i in range(n)],
            {"shoot_the_moon": rng.random() < 0.5 and n >= 3, "anti_math_geek": rng.random() < 0.5},
        )

    def random_action(self, state: PeaceAndLoveState, rng: random.Random):
        faces = self.deck(state.setup).faces()

        def any_card() -> Card:
            return rng.choice(faces)

        if state.phase == "deal":
            p = rng.choice([i for i, pl in enumerate(state.players) if not pl.dealt])
            pool = Deck(copies=state.decks).all_cards()  # the packs less the fighters already face up
            for f in (f for pl in state.players if pl.dealt for f in pl.fighters):
                pool.remove(f.card)
            a, b, c = rng.sample(pool, 3)
            return Deal(player=p, fighters=(a, b, c))
        if state.phase == "first-player":
            return FirstPlayer(player=rng.choice(state.tied_first))
        if state.phase == "fight":
            fight = state.fight
            if fight.awaiting_replacement is not None:
                return NewFighter(card=any_card())
            return PlayCards(cards={p: any_card() for p, _ in fight.remaining})
        if state.phase == "turn":
            me = state.players[state.turn]
            choice = rng.random()
            if choice < 0.7:
                defenders = self.defenders(state)
                d = rng.choice(sorted(defenders))
                joining = {}
                for p, pl in enumerate(state.players):
                    if p not in (state.turn, d) and pl.untapped() and rng.random() < 0.5:
                        joining[p] = rng.choice(pl.untapped())
                return StartFight(fighter=rng.choice(me.untapped()), defender=d,
                                  defender_fighter=rng.choice(defenders[d]), joining=joining)
            if choice < 0.85 and self.can_refresh(state):
                return Refresh(fighter=rng.choice(me.untapped()))
            place = rng.choice(me.untapped())
            card = any_card()
            while card == me.fighters[place].card and state.decks == 1:
                card = any_card()
            if rng.random() < 0.02:
                return Stop(counts=rng.random() < 0.5)  # scored as it stands, or abandoned
            return Retire(fighter=place, new_fighter=card)
        return None

    def check_invariants(self, state: PeaceAndLoveState) -> None:
        assert state.deck >= 0, "the deck count went below zero"
        assert state.phase == "over" or state.deck > 0, "the deck is empty but the game goes on"
        on_table = 0
        for p in state.players:
            assert p.hand >= 0, "a hand count went below zero"
            on_table += sum(1 for f in p.fighters if f is not None) if p.dealt else FIGHTERS
        total = (state.deck + sum(p.hand for p in state.players) + on_table
                 + sum(len(p.pile) for p in state.players) + len(state.discards))
        assert total == state.decks * 52, f"cards not conserved: {total} != {state.decks * 52}"
        if state.phase == "turn":
            for i, p in enumerate(state.players):
                assert not p.all_tapped(), f"{state.name(i)} starts a turn with three tapped fighters"
                assert all(f is not None for f in p.fighters), "a fighter is missing outside a fight"
