"""FIGHT!: victory piles and the Tie Breaker, checked against the TIE BREAKER CARD section.

Piles are written bottom → top; "4S↑" is 4♠ face up, "2H↓" is 2♥ face down.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_companion.calculators.cards import card
from card_companion.calculators.fight import (
    DECK,
    PileCard,
    place_won_card,
    tie_breaker_card,
    tie_breaker_holder,
    victory_points,
)


def pile(text: str) -> tuple[PileCard, ...]:
    """ "2H↓ 4S↑" → the pile with 2♥ face down at the bottom and 4♠ face up on top."""
    return tuple(PileCard(card=t[:-1], face_up=t[-1] == "↑") for t in text.split())


def show(p) -> str:
    return " ".join(str(c) for c in p)


EMPTY = ((), ())


def test_the_first_card_won_in_a_round_is_the_tie_breaker() -> None:
    # "On the first turn in a round that a player wins a card they place it in their victory
    # pile face up. This is the Tie Breaker card."
    p = place_won_card(EMPTY, 1, card("3S"), names=["Ann", "Bea"])
    assert (p.placed, p.holder) == ("first", 1)
    assert (show(p.piles[0]), show(p.piles[1])) == ("", "3S↑")
    assert p.explanation == [
        "the first card won this round: 3♠ goes face up on Bea's victory pile and is the Tie Breaker; Bea holds it"
    ]


def test_the_holder_puts_a_lower_card_at_the_bottom() -> None:
    # Ann holds 4♠ and wins 2♥: 2 < 4 → "at the bottom of their victory pile"
    p = place_won_card((pile("4S↑"), ()), 0, card("2H"), names=["Ann", "Bea"])
    assert (p.placed, p.holder, show(p.piles[0])) == ("bottom", 0, "2H↓ 4S↑")
    assert tie_breaker_card(p.piles) == card("4S")
    assert p.explanation == ["Ann holds the Tie Breaker (4♠); 2♥ is lower → at the bottom of Ann's victory pile"]


def test_the_holder_puts_an_equal_card_on_top_face_up() -> None:
    # Ann holds 4♠ and wins 4♦: "higher or equal ... on top of the victory pile, face up"
    p = place_won_card((pile("4S↑"), pile("2C↓")), 0, card("4D"))
    assert (p.placed, p.holder, show(p.piles[0]), show(p.piles[1])) == ("top", 0, "4S↑ 4D↑", "2C↓")
    assert tie_breaker_card(p.piles) == card("4D")


def test_the_holder_puts_a_higher_card_on_top_face_up() -> None:
    p = place_won_card((pile("AS↓ 4S↑"), ()), 0, card("6C"))
    assert (p.placed, p.holder, show(p.piles[0])) == ("top", 0, "AS↓ 4S↑ 6C↑")
    assert tie_breaker_card(p.piles) == card("6C")


def test_the_other_player_puts_a_lower_card_face_down() -> None:
    # Ann holds 4♠; Bea wins 3♦: "lower value than the Tie Breaker ... face down"
    p = place_won_card((pile("4S↑"), ()), 1, card("3D"), names=["Ann", "Bea"])
    assert (p.placed, p.holder, show(p.piles[0]), show(p.piles[1])) == ("face-down", 0, "4S↑", "3D↓")
    assert p.explanation == ["Ann holds the Tie Breaker (4♠); 3♦ is lower → face down on Bea's victory pile"]


def test_the_other_player_takes_the_tie_breaker_with_an_equal_card() -> None:
    # Ann holds 4♠; Bea wins 4♥: "equal or higher ... face up on top of their victory pile.
    # Their opponent then flips the topmost card on their victory pile to be face down."
    p = place_won_card((pile("2C↓ 4S↑"), pile("AD↓")), 1, card("4H"), names=["Ann", "Bea"])
    assert (p.placed, p.holder) == ("takes-tie-breaker", 1)
    assert (show(p.piles[0]), show(p.piles[1])) == ("2C↓ 4S↓", "AD↓ 4H↑")
    assert tie_breaker_card(p.piles) == card("4H")
    assert p.explanation == [
        "Ann holds the Tie Breaker (4♠); 4♥ is equal → face up on top of Bea's victory pile; "
        "Ann turns 4♠ face down: Bea now holds the Tie Breaker"
    ]


def test_the_other_player_takes_the_tie_breaker_with_a_higher_card() -> None:
    p = place_won_card((pile("3S↑ 4S↑"), ()), 1, card("5C"))
    # only the topmost card turns face down; 3♠ stays as it lay, under 4♠
    assert (show(p.piles[0]), show(p.piles[1]), p.holder) == ("3S↑ 4S↓", "5C↑", 1)


def test_a_round_of_wins_by_hand() -> None:
    """Ann and Bea win in turn; the piles and points worked out from the text."""
    names = ["Ann", "Bea"]
    piles = EMPTY
    steps = [
        # (winner, card, Ann's pile, Bea's pile, holder, (Ann's points, Bea's points))
        (0, "3C", "3C↑", "", 0, (3, 0)),  # first card won: face up, Ann holds it
        (1, "2S", "3C↑", "2S↓", 0, (3, 2)),  # Bea: 2 < 3 → face down
        (0, "AH", "AH↓ 3C↑", "2S↓", 0, (4, 2)),  # Ann holds it: 1 < 3 → bottom
        (1, "3H", "AH↓ 3C↓", "2S↓ 3H↑", 1, (4, 5)),  # Bea: 3 = 3 → takes it, Ann turns 3♣ down
        (0, "5D", "AH↓ 3C↓ 5D↑", "2S↓ 3H↓", 0, (9, 5)),  # Ann: 5 ≥ 3 → takes it back
        (0, "5S", "AH↓ 3C↓ 5D↑ 5S↑", "2S↓ 3H↓", 0, (14, 5)),  # Ann holds it: 5 = 5 → on top
    ]
    for winner, won, ann, bea, holder, points in steps:
        p = place_won_card(piles, winner, card(won), names)
        piles = p.piles
        assert (show(piles[0]), show(piles[1])) == (ann, bea), won
        assert p.holder == holder == tie_breaker_holder(piles)
        assert (victory_points(piles[0]), victory_points(piles[1])) == points


def test_holder_is_whoever_shows_a_face_up_top() -> None:
    assert tie_breaker_holder(EMPTY) is None
    assert tie_breaker_holder((pile("4S↑ 2C↓"), pile("AD↑"))) == 1  # 4♠ is face up but covered
    assert tie_breaker_card((pile("4S↑ 2C↓"), pile("AD↑"))) == card("AD")
    with pytest.raises(ValueError, match="only one player can hold the Tie Breaker"):
        tie_breaker_holder((pile("4S↑"), pile("AD↑")))


@pytest.mark.parametrize(
    ("piles", "winner", "won", "message"),
    [
        ((pile("4S↑"), ()), 0, "4S", "4♠ is already in a victory pile"),
        ((pile("4S↓"), ()), 1, "2D", "neither shows a face-up top card"),
        (EMPTY, 2, "2D", "there is no player 2"),
        (EMPTY, 0, "9D", "9♦ is not in the deck of FIGHT!"),
    ],
)
def test_impossible_placements_are_refused(piles, winner: int, won: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        place_won_card(piles, winner, card(won))


FACES = DECK.faces()


@settings(max_examples=200, deadline=None)
@given(
    wins=st.lists(st.tuples(st.integers(0, 1), st.integers(0, 23)), max_size=24, unique_by=lambda w: w[1])
)
def test_pile_invariants_over_any_sequence_of_wins(wins: list[tuple[int, int]]) -> None:
    piles = EMPTY
    won = ([], [])
    tb_value = 0
    for winner, i in wins:
        c = FACES[i]
        p = place_won_card(piles, winner, c)
        piles = p.piles
        won[winner].append(c)
        # exactly one holder once a card is won, and it is the player with the face-up top
        tops = [k for k in (0, 1) if piles[k] and piles[k][-1].face_up]
        assert tops == [p.holder]
        # every won card is in its winner's pile once; points are the values of the pile
        for k in (0, 1):
            assert sorted(x.card for x in piles[k]) == sorted(won[k])
            assert victory_points(piles[k]) == sum(int(x.rank) for x in won[k])
        # the Tie Breaker only changes to an equal or higher card within a round
        value = int(tie_breaker_card(piles).rank)
        assert value >= tb_value
        tb_value = value
