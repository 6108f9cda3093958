"""FIGHT!: random play over whole matches, checked after every action with the text's
own bookkeeping (not the tracker's check_invariants): the 24 cards are all accounted for,
victory points equal the cards in the victory piles, at most one Tie Breaker holder (exactly
one once a card is won), undo is exact, save → load is exact."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from card_companion.companion.fight import winning
from card_companion.companion.registry import game
from card_companion.companion.session import Session

GAME = game("fight")


def check_table(s) -> None:
    state = s.state
    hands = sum(p.hand for p in state.players)
    piles = sum(len(p.pile) for p in state.players)
    on_table = len(state.played) if state.played else 0
    assert state.deck + len(state.row) + hands + piles + len(state.discards) + on_table == 24
    summary = GAME.summary(state)
    for i, p in enumerate(state.players):
        # A = 1, 2-6 their number
        points = sum(int(c.card.rank) for c in p.pile)
        assert summary[f"{state.name(i)}'s victory pile"].startswith(f"{points} point")
        assert state.phase == "over" or points < 13
    face_up_tops = [i for i, p in enumerate(state.players) if p.pile and p.pile[-1].face_up]
    assert len(face_up_tops) <= 1
    if any(p.pile for p in state.players):
        assert len(face_up_tops) == 1
        holder = face_up_tops[0]
        assert summary["Tie Breaker"].startswith(state.name(holder))
    else:
        assert summary["Tie Breaker"] == "nobody"
    for r in state.rounds:
        assert r.points == tuple(sum(int(c.card.rank) for c in pile) for pile in r.piles)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_whole_matches(seed: int) -> None:
    rng = random.Random(seed)
    s = Session.start(GAME, GAME.random_play().random_setup(rng))
    check_table(s)
    for _ in range(1000):
        if s.is_over:
            break
        after = s.push(GAME.random_play().random_action(s.state, rng))
        check_table(after)
        assert after.undo().state == s.state
        s = after
    assert s.is_over, "a match ends within 1000 actions"
    wins = winning.rounds_won(s.state)
    assert sorted(wins) in ([0, 2], [1, 2])
    assert len(s.state.rounds) == sum(wins)
    loaded = Session.from_json(s.to_json())
    assert loaded.state == s.state and loaded.actions == s.actions
    # replaying half the log and redoing the rest gives the same match
    half = len(s.actions) // 2
    undone = s
    for _ in range(len(s.actions) - half):
        undone = undone.undo()
    redone = undone
    while redone.can_redo:
        redone = redone.redo()
    assert redone.state == s.state


ANY_CARD = st.sampled_from(["AS", "6H", "4D", "2C", "3S", "5C", "7S", "KH", "JOKER", "AH", "6C", "3D"])
ANY_ACTION = st.one_of(
    st.builds(lambda c: {"kind": "row", "cards": c}, st.lists(ANY_CARD, max_size=4)),
    st.builds(lambda p, w: {"kind": "coin-flip", "purpose": p, "winner": w},
              st.sampled_from(["first-pick", "tie", "round"]), st.integers(-1, 2)),
    st.builds(lambda p, c: {"kind": "pick", "player": p, "card": c}, st.integers(-1, 2), ANY_CARD),
    st.builds(lambda a, b: {"kind": "fight", "cards": [a, b]}, ANY_CARD, ANY_CARD),
)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), steps=st.integers(0, 80),
       entries=st.lists(ANY_ACTION, min_size=1, max_size=10))
def test_anything_a_player_enters_is_applied_or_refused_never_a_crash(seed: int, steps: int, entries) -> None:
    from card_companion.companion.game import IllegalAction

    rng = random.Random(seed)
    s = Session.start(GAME, GAME.random_play().random_setup(rng))
    for _ in range(steps):
        if s.is_over:
            break
        s = s.push(GAME.random_play().random_action(s.state, rng))
    for entry in entries:
        try:
            s = s.push(GAME.parse_action(entry))
        except IllegalAction as exc:
            assert str(exc)
        else:
            GAME.random_play().check_invariants(s.state)
            check_table(s)
