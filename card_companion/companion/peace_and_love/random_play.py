"""Peace and Love's random play (the generic random-play test, the durability test, the property
tests and the benchmarks use it): a random table, each step drawn from ``legal_actions``, and
the invariants every state keeps."""

from __future__ import annotations

import random
from collections.abc import Sequence

from card_companion.companion.legal import Legal, RandomPlay
from card_companion.companion.peace_and_love.actions import Action, Refresh, Retire, StartFight, Stop
from card_companion.companion.peace_and_love.state import FIGHTERS, PeaceAndLoveSetup, PeaceAndLoveState

TURN_WEIGHTS: dict[type, float] = {StartFight: 0.7, Refresh: 0.15, Retire: 0.15 * 0.98, Stop: 0.15 * 0.02}
"""A turn's kinds: mostly fights (so that the deck runs down and games end), a refresh or a
retire now and then, and rarely the players' stop (scored as it stands, or abandoned)"""


class PeaceAndLoveRandomPlay(RandomPlay[PeaceAndLoveSetup, PeaceAndLoveState, Action]):
    """Tables of 2 to 12, either variant; in a turn the kinds weighed by ``TURN_WEIGHTS``."""

    def random_setup(self, rng: random.Random) -> PeaceAndLoveSetup:
        n = rng.choice([2, 2, 3, 4, 6, 11, 12])
        setup: PeaceAndLoveSetup = self.game.make_setup(
            [f"P{i}" for i in range(n)],
            {"shoot_the_moon": rng.random() < 0.5 and n >= 3, "anti_math_geek": rng.random() < 0.5},
        )
        return setup

    def weights(self, state: PeaceAndLoveState, legal: Legal) -> Sequence[float] | None:
        if state.phase != "turn":
            return None
        # a deck too short to refresh: its share goes to the retire, as the strategy before
        # it drew a retire (or, one time in fifty, the stop) when a refresh could not be made
        spare = 0.0 if legal.allows(Refresh) else TURN_WEIGHTS[Refresh]
        return [TURN_WEIGHTS[kind] + (spare * (0.02 if kind is Stop else 0.98) if kind in (Retire, Stop) else 0.0)
                for kind in legal.kinds()]

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
