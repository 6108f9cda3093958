"""PC War's random play (the generic random-play test, the durability test, the property tests
and the benchmarks play it): a random table, each step drawn from ``legal_actions`` (flips
mostly, a recount now and then, the stop once a game runs long), and the invariants every state
keeps."""

from __future__ import annotations

import random
from collections.abc import Sequence

from card_companion.calculators.pc_war import out_of_cards
from card_companion.companion.legal import Legal, RandomPlay
from card_companion.companion.pc_war.actions import Action, Recount, Stop
from card_companion.companion.pc_war.state import PCWarSetup, PCWarState, table_deck

RANDOM_PLAY_STOP = 1500
"""random play stops a game that is still going after this many flips"""
RECOUNTS = 0.003
"""how often a random step between flips is a recount"""


class PCWarRandomPlay(RandomPlay[PCWarSetup, PCWarState, Action]):
    """Ann and Bea with random Jokers, "last card wins at once" and blank card; the flips and the
    war's face-up cards drawn as choices.py's ``Reveals`` draws them (half taps, half cards)."""

    def random_setup(self, rng: random.Random) -> PCWarSetup:
        setup: PCWarSetup = self.game.make_setup(
            ["Ann", "Bea"],
            {"jokers": rng.choice([0, 1, 1, 2]), "last_card_wins_at_once": rng.random() < 0.3,
             "blank_card": rng.choice(["none", "none", "strongest", "weakest"])},
        )
        return setup

    def weights(self, state: PCWarState, legal: Legal) -> Sequence[float] | None:
        """Between flips: a flip, or now and then a recount; never a stop before
        ``RANDOM_PLAY_STOP`` flips, and only a stop (counting or not, alike) after them.
        A swap or the war's cards: the one kind there is."""
        if not legal.allows(Stop):
            return None
        if state.flips >= RANDOM_PLAY_STOP:
            return [1.0 if c.kind is Stop else 0.0 for c in legal.choices]
        return [0.0 if c.kind is Stop else RECOUNTS if c.kind is Recount else 1 - RECOUNTS for c in legal.choices]

    def check_invariants(self, state: PCWarState) -> None:
        players = state.players
        for p in players:
            assert p.hand >= 0 and p.pile >= 0, "a count went below zero"
            assert len(p.pile_cards) <= p.pile, "more known cards in a pile than cards"
        assert state.table >= 0 and len(state.table_cards) <= state.table, "table count wrong"
        total = sum(p.hand + p.pile for p in players) + state.table
        assert total == state.deck, f"cards not conserved: {total} != {state.deck}"
        assert state.deck == table_deck(state.setup).size
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
