"""Random play and invariants for pc-war (test support: the generic random-play test, the
durability test and the property tests use them; moved out of the production module)."""

from __future__ import annotations

import random

from card_companion.calculators.pc_war import (
    flip,
    out_of_cards,
)
from card_companion.companion.pc_war import (
    Flip,
    PCWarSetup,
    PCWarState,
    Recount,
    Stop,
    SwapHands,
    War,
    tap_for,
)
from tests.strategies.base import GameStrategy

RANDOM_PLAY_STOP = 1500
"""random play stops a game that is still going after this many flips"""


class Strategy(GameStrategy):
    """The game's random play and invariants; the game's own queries through ``self``."""

    def random_setup(self, rng: random.Random) -> PCWarSetup:
        return self.make_setup(
            ["Ann", "Bea"],
            {"jokers": rng.choice([0, 1, 1, 2]), "last_card_wins_at_once": rng.random() < 0.3,
             "blank_card": rng.choice(["none", "none", "strongest", "weakest"])},
        )

    def random_action(self, state: PCWarState, rng: random.Random):
        if state.phase == "over":
            return None
        if state.phase == "swap":
            return SwapHands()
        if state.phase == "flip":
            if state.flips >= RANDOM_PLAY_STOP:
                return Stop(counts=rng.random() < 0.5)  # scored by the fewest cards, or abandoned
            if rng.random() < 0.003:
                return _random_recount(state, rng)
        kind = Flip if state.phase == "flip" else War
        if rng.random() < 0.5:
            return kind(higher=rng.choices(("left", "right", "tie"), weights=(47, 47, 6))[0])
        faces = self.deck(state.setup).faces()
        left, right = rng.sample(faces, 2)
        if state.setup.settings.jokers == 2 and rng.random() < 0.01:
            left = right = next(c for c in faces if c.is_joker)  # two Jokers tie
        blank = state.setup.settings.blank_card
        return kind(cards=(left, right), higher=rng.choice([None, None, tap_for(flip(left, right, blank=blank).takes)]))

    def check_invariants(self, state: PCWarState) -> None:
        players = state.players
        for p in players:
            assert p.hand >= 0 and p.pile >= 0, "a count went below zero"
            assert len(p.pile_cards) <= p.pile, "more known cards in a pile than cards"
        assert state.table >= 0 and len(state.table_cards) <= state.table, "table count wrong"
        total = sum(p.hand + p.pile for p in players) + state.table
        assert total == state.deck, f"cards not conserved: {total} != {state.deck}"
        assert state.deck == self.deck(state.setup).size
        assert 0 <= state.longest_war <= state.wars and state.war_rounds <= state.wars
        if state.phase == "flip":
            assert state.table == 0 and state.war_rounds == 0 and state.lays is None
            assert all(p.hand >= 1 for p in players), "a flip is due but a hand is empty"
        elif state.phase == "swap":
            assert state.table >= 2 and state.lays is None
        elif state.phase == "war":
            assert state.table >= 4 and state.lays is not None and state.war_rounds >= 1
        else:
            assert state.ended_by and set(state.winners) <= {0, 1}
            assert bool(state.winners) == state.counted, "a game stopped without counting has no winner"
            assert state.counted or state.stopped, "only a stop goes uncounted"
            if not state.stopped:
                assert all(out_of_cards(players[w].hand, players[w].pile) for w in state.winners), \
                    "a winner still has cards"


def _random_recount(state: PCWarState, rng: random.Random) -> Recount:
    """Counts that differ from the app's and still add up to the deck."""
    total = state.deck
    while True:
        first = rng.randint(1, total - 1)
        h0 = rng.randint(0, first)
        h1 = rng.randint(0, total - first)
        counts = ((h0, h1), (first - h0, total - first - h1))
        if counts != tuple(zip(*((p.hand, p.pile) for p in state.players))):
            return Recount(hands=counts[0], piles=counts[1])
