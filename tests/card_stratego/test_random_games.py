"""Random play of Card Stratego with its checks written out here, independent of the
game's own check_invariants: every army's 27 cards accounted for, no gap in a column, the
action count the text gives, undo exact, save → load exact."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.calculators.cards import Card
from card_companion.companion.card_stratego import GAME
from card_companion.companion.session import Session

RED = {Card.parse(f"{r}{s}") for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "HD"} | {Card.parse("JOKER")}
BLACK = {Card.parse(f"{r}{s}") for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "SC"} | {Card.parse("JOKER")}


def expected_actions(turn_number: int, columns_with_cards: int) -> int:
    # "The first player to take a turn gets only one action. The other player then takes two
    # actions. ... If you have cards in all four columns, you get five actions. If you have
    # cards in three columns, you get four actions. Otherwise, you get three actions."
    if turn_number == 1:
        return 1
    if turn_number == 2:
        return 2
    return 5 if columns_with_cards == 4 else 4 if columns_with_cards == 3 else 3


def check(before, action, after) -> None:
    for army in after.armies:
        # 27 cards: deck + hand + battlefield + discard pile
        on_field = sum(len(col) for col in army.columns)
        assert army.deck >= 0 and army.hand >= 0
        assert army.deck + army.hand + on_field + len(army.discard) == 27
        # at most 3 a column, and a column lists its cards from the front rank: a card in play
        # is never behind an empty place
        assert len(army.columns) == 4 and all(len(col) <= 3 for col in army.columns)
        assert all(x is not None for col in army.columns for x in col)
        # discarded cards are seen and belong to the army; Jacks and Jokers never stand in play
        own = RED if army.colour == "red" else BLACK
        assert set(army.discard) <= own and len(set(army.discard)) == len(army.discard)
        for col in army.columns:
            for x in col:
                if x.card is not None:
                    assert x.card in own and x.card.rank not in (0, 11)
    if after.phase == "over":
        assert any(len(a.discard) == 27 for a in after.armies)
        return
    if action.kind == "end-turn" or after.turn != before.turn:
        assert after.turn == 1 - before.turn and after.turn_number == before.turn_number + 1
        occupied = sum(1 for col in after.armies[after.turn].columns if col)
        assert after.allotted == after.actions_left == expected_actions(after.turn_number, occupied)
        assert action.kind == "end-turn" or before.actions_left == 1
    else:
        assert after.actions_left == before.actions_left - 1
        assert after.allotted == before.allotted


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games(seed: int) -> None:
    rng = random.Random(seed)
    session = Session.start(GAME, GAME.random_play().random_setup(rng))
    start = session.state
    assert (start.allotted, [(a.deck, a.hand) for a in start.armies]) == (1, [(22, 5), (22, 5)])
    for _ in range(2000):
        if session.is_over:
            break
        action = GAME.random_play().random_action(session.state, rng)
        after = session.push(action)
        check(session.state, action, after.state)
        assert after.undo().state == session.state
        session = after
    assert session.is_over
    loaded = Session.from_json(session.to_json())
    assert loaded.state == session.state and loaded.actions == session.actions
    assert len(session.history()) == len(session.actions)
