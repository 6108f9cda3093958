"""Card Stratego's random play (the generic random-play test, the durability test, the property
tests and the benchmarks use it): a random setup, a random one of the table's ``legal_actions``
and the invariants every state keeps."""

from __future__ import annotations

import random
from collections.abc import Sequence

from card_companion.calculators.card_stratego import ARMIES, ARMY_SIZE, COLUMNS, DEPTH, can_stand, columns_occupied
from card_companion.companion.card_stratego.actions import (
    Action,
    Attack,
    Consolidate,
    Drain,
    Draw,
    EndTurn,
    JackRearrange,
    JackReveal,
    JokerDestroy,
    PutIntoPlay,
    ScoutReveal,
    SixReturn,
)
from card_companion.companion.card_stratego.checks import unseen
from card_companion.companion.card_stratego.state import CardStrategoSetup, CardStrategoState
from card_companion.companion.legal import Legal, RandomPlay

SPECIALS = (JackRearrange, JackReveal, JokerDestroy, ScoutReveal, SixReturn)
"""the steps that discard a special card from the hand: one weight shared among those possible"""
WEIGHTS: dict[type, float] = {Draw: 3, PutIntoPlay: 3, Attack: 5, EndTurn: 1}
"""how often a kind is drawn against the others: drawing and playing cards fill the battlefield,
attacks (the most often) empty it, so a random game ends; the special cards share 1 and a
General's two powers 4 (a Consolidate 30 % of it when a Drain is possible too)"""
SPECIAL_SHARE = 1.0
GENERAL_SHARE = 4.0
CONSOLIDATE_SHARE = 0.3


class CardStrategoRandomPlay(RandomPlay[CardStrategoSetup, CardStrategoState, Action]):
    """A random Card Stratego: either army first, each setting on or off; each step one of the
    legal ones, its kind drawn by ``weights``, then its cards at random among the unseen ones."""

    def random_setup(self, rng: random.Random) -> CardStrategoSetup:
        setup: CardStrategoSetup = self.game.make_setup(["P0", "P1"], {
            "first_army": rng.choice(["red", "black"]),
            "jack_turns_up_one": rng.random() < 0.5,
            "jack_may_keep_order": rng.random() < 0.5,
        })
        return setup

    def weights(self, state: CardStrategoState, legal: Legal) -> Sequence[float] | None:
        kinds = legal.kinds()
        specials = sum(1 for k in kinds if k in SPECIALS)
        both = Drain in kinds and Consolidate in kinds
        general: dict[type, float] = {Drain: GENERAL_SHARE * (1 - CONSOLIDATE_SHARE if both else 1),
                   Consolidate: GENERAL_SHARE * (CONSOLIDATE_SHARE if both else 1)}
        return [SPECIAL_SHARE / specials if k in SPECIALS else general.get(k, WEIGHTS.get(k, 1)) for k in kinds]

    def check_invariants(self, state: CardStrategoState) -> None:
        for i, army in enumerate(state.armies):
            who = state.name(i)
            assert army.deck >= 0 and army.hand >= 0, f"{who}: a count went below zero"
            total = army.deck + army.hand + army.in_play + len(army.discard)
            assert total == ARMY_SIZE, f"{who}: {total} cards accounted for, not {ARMY_SIZE}"
            assert len(army.columns) == COLUMNS
            assert all(len(col) <= DEPTH for col in army.columns), f"{who}: a column holds more than 3 cards"
            seen = army.discard + tuple(army.face_up())
            assert len(set(seen)) == len(seen), f"{who}: a card was seen twice"
            assert all(ARMIES[army.colour].contains(c) for c in seen), f"{who}: a card of the other army"
            assert all(can_stand(c) for c in army.face_up()), f"{who}: a Jack or Joker stands in play"
            hidden = [c for c in unseen(state, i) if not can_stand(c)]
            assert len(hidden) <= army.deck + army.hand, f"{who}: an unseen Jack or Joker would be in play"
        assert {a.colour for a in state.armies} == {"red", "black"}
        out = [i for i, a in enumerate(state.armies) if len(a.discard) == ARMY_SIZE]
        assert (state.phase == "over") == bool(out), "the game ends exactly when an army is all discarded"
        if state.phase == "turn":
            self._check_turn(state)

    def _check_turn(self, state: CardStrategoState) -> None:
        assert state.turn == (state.turn_number - 1) % 2, "the players alternate"
        expected = 1 if state.turn_number == 1 else 2 if state.turn_number == 2 else \
            {4: 5, 3: 4}.get(state.start_columns, 3)
        assert state.allotted == expected, f"turn {state.turn_number}: {state.allotted} actions, not {expected}"
        assert 1 <= state.actions_left <= state.allotted, "actions left out of range"
        if state.actions_left == state.allotted:
            occupied = columns_occupied(state.armies[state.turn].columns)
            assert state.start_columns == occupied, "columns at the start of the turn miscounted"
