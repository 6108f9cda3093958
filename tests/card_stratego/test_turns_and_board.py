"""Card Stratego rules other than battles: actions per turn and the battlefield's shape, from
the text (card_companion/rules/card-warfare.txt), worked by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from card_companion.calculators.card_stratego import (
    ARMIES,
    ARMY_SIZE,
    BoardError,
    actions_per_turn,
    army_of,
    can_stand,
    columns_occupied,
    insert,
    moves_a_card,
    rearrange,
    remove,
)
from card_companion.calculators.cards import Card, cards

EMPTY = ((), (), (), ())


def test_armies() -> None:
    # "Sort the cards into red and black, with one joker in each stack": 2 suits x 13 + 1 = 27
    assert ARMY_SIZE == 27
    assert ARMIES["red"].size == 27 and ARMIES["black"].size == 27
    assert set(ARMIES["red"].faces()) & set(ARMIES["black"].faces()) == {Card.parse("JOKER")}
    assert all(army_of(c) == "red" for c in cards("AH KD 7D 10H"))
    assert all(army_of(c) == "black" for c in cards("AS KC 7C 10S"))
    # "Jacks and Jokers ... are never played to the battlefield"
    assert [can_stand(c) for c in cards("JH JS JOKER QH AS 2C")] == [False, False, False, True, True, True]


@pytest.mark.parametrize(("turn", "columns", "expected"), [
    (1, 0, 1),  # "The first player to take a turn gets only one action."
    (2, 1, 2),  # "The other player then takes two actions."
    (2, 4, 2),
    (3, 0, 3),  # "Otherwise, you get three actions."
    (3, 1, 3),
    (3, 2, 3),
    (3, 3, 4),  # "If you have cards in three columns, you get four actions."
    (3, 4, 5),  # "If you have cards in all four columns, you get five actions."
    (10, 3, 4),
    (57, 4, 5),
])
def test_actions_per_turn(turn: int, columns: int, expected: int) -> None:
    assert actions_per_turn(turn, columns) == expected


def test_actions_per_turn_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        actions_per_turn(0, 1)
    with pytest.raises(ValueError):
        actions_per_turn(3, 5)


def test_insert_in_front_between_and_behind() -> None:
    # "If the column has two cards in it, you can place a new card in front of them, behind
    # them, or between them." Columns list cards from the front rank back.
    side = ((), ("a", "b"), (), ())
    assert insert(side, 1, 0, "x")[1] == ("x", "a", "b")
    assert insert(side, 1, 1, "x")[1] == ("a", "x", "b")
    assert insert(side, 1, 2, "x")[1] == ("a", "b", "x")
    assert insert(EMPTY, 3, 0, "x") == ((), (), (), ("x",))


def test_insert_refuses_a_gap_and_a_fourth_card() -> None:
    # "you may not place a card in the second rank unless the column ... has a card in the front rank"
    with pytest.raises(BoardError, match="no card in the front rank"):
        insert(EMPTY, 0, 1, "x")
    with pytest.raises(BoardError, match="no card in the second rank"):
        insert((("a",), (), (), ()), 0, 2, "x")
    # "You may not play a card in a column that already contains three of your cards."
    with pytest.raises(BoardError, match="already holds 3 cards"):
        insert((("a", "b", "c"), (), (), ()), 0, 0, "x")
    with pytest.raises(BoardError, match="columns 1 to 4"):
        insert(EMPTY, 4, 0, "x")


def test_remove_moves_the_cards_behind_forward() -> None:
    # "If a card that is destroyed has a card behind it, the latter card moves up ... If there
    # is another card behind that, it also moves up."
    side = (("a", "b", "c"), ("d",), (), ())
    assert remove(side, 0, 0) == ((("b", "c"), ("d",), (), ()), "a")
    assert remove(side, 0, 1) == ((("a", "c"), ("d",), (), ()), "b")
    assert remove(side, 1, 0) == ((("a", "b", "c"), (), (), ()), "d")
    with pytest.raises(BoardError):
        remove(side, 1, 1)


def test_rearrange_a_row_into_empty_places() -> None:
    # Front row: a in column 1 (with b behind it), c in column 2. Moving c to column 4 is
    # allowed ("to move cards into formerly unoccupied locations"): new column 4 takes old
    # column 2's card, new column 2 takes old column 4's empty place.
    side = (("a", "b"), ("c",), (), ())
    assert rearrange(side, "row", 0, (0, 3, 2, 1)) == (("a", "b"), (), (), ("c",))
    # Swapping a and c: b stays in the second rank of column 1, now behind c.
    assert rearrange(side, "row", 0, (1, 0, 2, 3)) == (("c", "b"), ("a",), (), ())


def test_rearrange_a_row_refuses_gaps() -> None:
    side = (("a", "b"), ("c",), (), ())
    # moving a out of column 1 would leave b with nothing in front of it
    with pytest.raises(BoardError, match="second rank of column 1"):
        rearrange(side, "row", 0, (2, 1, 0, 3))
    # "you may not move a card in the second rank to a column which has no card in the front rank"
    with pytest.raises(BoardError, match="second rank of column 3"):
        rearrange(side, "row", 1, (2, 1, 0, 3))
    # the second-rank card may go behind c, which stands in the front rank of column 2
    assert rearrange(side, "row", 1, (1, 0, 2, 3)) == (("a",), ("c", "b"), (), ())


def test_rearrange_a_column() -> None:
    side = (("a", "b", "c"), (), (), ())
    # new position p takes the card of old position order[p]: c, a, b
    assert rearrange(side, "column", 0, (2, 0, 1)) == (("c", "a", "b"), (), (), ())
    with pytest.raises(BoardError, match="holds 3 cards"):
        rearrange(side, "column", 0, (1, 0))
    with pytest.raises(BoardError, match="new order"):
        rearrange(side, "row", 0, (0, 0, 1, 2))


def test_moves_a_card() -> None:
    side = (("a", "b"), ("c",), (), ())
    assert not moves_a_card(side, "row", 0, (0, 1, 3, 2))  # only the two empty places swap
    assert moves_a_card(side, "row", 0, (0, 3, 2, 1))      # c moves to column 4
    assert not moves_a_card(side, "column", 0, (0, 1))
    assert moves_a_card(side, "column", 0, (1, 0))


@st.composite
def sides(draw):
    names = iter(range(100))
    return tuple(tuple(next(names) for _ in range(draw(st.integers(0, 3)))) for _ in range(4))


@given(side=sides(), line=st.sampled_from(["row", "column"]), index=st.integers(0, 3),
       order=st.permutations(range(4)))
def test_rearranging_keeps_every_card_and_never_leaves_a_gap(side, line, index, order) -> None:
    if line == "row" and index > 2:
        return
    if line == "column":
        order = [i for i in order if i < len(side[index])]
    try:
        new = rearrange(side, line, index, order)
    except BoardError:
        return
    # the same cards, at most three a column; columns list cards from the front, so a
    # column of n cards fills exactly the first n ranks: no gap is possible
    assert sorted(x for col in new for x in col) == sorted(x for col in side for x in col)
    assert all(len(col) <= 3 for col in new)
    # cards of the other lines stay where they were
    if line == "row":
        for c in range(4):
            for p in range(3):
                if p != index and p < len(side[c]):
                    assert new[c][p] == side[c][p]
    else:
        assert all(new[c] == side[c] for c in range(4) if c != index)
    assert columns_occupied(new) <= 4
