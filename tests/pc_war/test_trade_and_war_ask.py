"""PC War: the resolve ask "trade-and-war" (what each player lays and picks up). Expected
values worked by hand from card_companion/rules/pc-war.txt (a tie: swap hands, lay 3 face
down and 1 face up, an empty hand picks up its own pile, too few cards lay all but the last
face down) and the rulings in card_companion/rulings/pc-war.md."""

from __future__ import annotations

import pytest

from card_companion.companion.protocol import ProtocolError, resolve, schema

ASK = {"game": "pc-war", "ask": "trade-and-war"}


def test_a_hand_runs_out_while_laying_and_picks_up_its_pile() -> None:
    # hands 10 and 2 at the tie, piles 3 and 5, 2 cards on the table.
    # swap: player 0 now holds 2, player 1 holds 10.
    # player 0 lays 4: 2 from the hand, then picks up the pile of 3 → 2 + 3 - 4 = 1 in hand, pile 0
    # player 1 lays 4 from 10 → 6 in hand, pile 5 stays
    # table: 2 + 4 + 4 = 10; K♥ beats 7♠ → player 0 puts 10 on the pile: piles 10 and 5
    # nobody's hand is empty, nobody picks up. Cards kept: 10+2+3+5+2 = 22 = 1+6+10+5 ✓
    a = resolve({**ASK, "hands": [10, 2], "piles": [3, 5], "cards": ["KH", "7S"]})
    assert a["swapped"] == [2, 10]
    assert a["lays"] == [{"down": 3, "up": 1, "from_hand": 2, "picked_up": 3},
                         {"down": 3, "up": 1, "from_hand": 4, "picked_up": 0}]
    assert a["laid"] == 8 and a["takes"] == 0 and a["war_again"] is False
    assert (a["hands"], a["piles"], a["table"], a["picked_up"], a["out"]) == ([1, 6], [10, 5], 0, [0, 0], [])


def test_without_the_face_up_cards_the_walk_through_stops_at_the_table() -> None:
    # same counts, no war cards yet: 10 cards wait on the table, the piles as laid (0 and 5)
    a = resolve({**ASK, "hands": [10, 2], "piles": [3, 5]})
    assert (a["takes"], a["hands"], a["piles"], a["table"]) == (None, [1, 6], [0, 5], 10)
    assert a["explanation"][-1] == "turn up the face-up cards: the higher one takes everything on the table"


def test_too_few_cards_and_the_taker_picks_up_an_empty_hand() -> None:
    # hands 1 and 5, no piles. swap: player 0 holds 5, player 1 holds 1.
    # player 0 lays 3 down 1 up (hand 1 left); player 1 has only 1 card: the last face up.
    # table 2 + 4 + 1 = 7. 2♣ against 9♦: player 1's 9 is higher → 7 on player 1's pile;
    # player 1's hand is empty → picks up the 7 for the next flip
    a = resolve({**ASK, "hands": [1, 5], "cards": ["2C", "9D"]})
    assert a["lays"][1] == {"down": 0, "up": 1, "from_hand": 1, "picked_up": 0}
    assert a["laid"] == 5 and a["takes"] == 1
    assert (a["hands"], a["piles"], a["picked_up"], a["out"]) == ([1, 7], [0, 0], [0, 7], [])
    assert "player 1 has only 1 card: lays the last card face up" in a["explanation"]


def test_the_player_who_lays_the_last_card_and_loses_the_war_wins() -> None:
    # as above but player 0's 9♦ is higher: player 0 takes 7; player 1 has no cards in hand
    # or pile → "The first player with no cards in hand and pile wins": player 1
    a = resolve({**ASK, "hands": [1, 5], "cards": ["9D", "2C"]})
    assert (a["takes"], a["out"], a["hands"], a["piles"]) == (0, [1], [1, 0], [7, 0])


def test_no_card_to_lay_wins_and_the_table_goes_to_the_other_player() -> None:
    # hands 5 and 0, no piles: after the swap player 0 holds nothing and has no pile → has run
    # out of cards and wins; the 2 table cards go to player 1's pile
    a = resolve({**ASK, "hands": [5, 0]})
    assert (a["swapped"], a["lays"], a["laid"]) == ([0, 5], None, 0)
    assert (a["out"], a["hands"], a["piles"], a["table"]) == ([0], [0, 5], [0, 2], 0)


def test_last_card_wins_at_once_ends_at_the_tie() -> None:
    # player 0 laid their last card in the tied flip (hand 0, pile 0); with the setting on they
    # win before any swap; the 2 table cards go to player 1's pile: 3 + 2 = 5
    a = resolve({**ASK, "hands": [0, 7], "piles": [0, 3], "last_card_wins_at_once": True})
    assert (a["swapped"], a["out"], a["piles"], a["table"]) == (None, [0], [0, 5], 0)
    # the setting off: the swap hands player 0 the 7 cards and the war goes on
    a = resolve({**ASK, "hands": [0, 7], "piles": [0, 3]})
    assert a["swapped"] == [7, 0] and a["out"] == []
    # player 1 then holds nothing but has a pile of 3: lays 2 down and the last up from it
    assert a["lays"][1] == {"down": 2, "up": 1, "from_hand": 0, "picked_up": 3}


def test_a_tie_in_the_war_starts_again() -> None:
    # 9♦ against 9♠: a tie in the war; the table (10) stays and the counts are as laid
    a = resolve({**ASK, "hands": [10, 2], "piles": [3, 5], "cards": ["9D", "9S"]})
    assert (a["war_again"], a["takes"], a["table"], a["hands"], a["piles"]) == (True, None, 10, [1, 6], [0, 5])
    assert "the whole procedure again" in a["explanation"][-1]


@pytest.mark.parametrize("request_, words", [
    ({"hands": [-1, 3]}, "greater than or equal to 0"),
    ({"hands": [3, 3], "table": 1}, "table"),
    ({"hands": [30, 30]}, "54"),
    ({"hands": [5, 5], "cards": ["KH", "KH"]}, "deck holds only one"),
    ({"hands": [5, 5], "cards": ["KH"]}, "cards"),
])
def test_counts_and_cards_that_cannot_be_are_refused(request_, words) -> None:
    with pytest.raises(ProtocolError, match=words):
        resolve({**ASK, **request_})


def test_schema_lists_the_ask() -> None:
    assert "trade-and-war" in str(schema())
