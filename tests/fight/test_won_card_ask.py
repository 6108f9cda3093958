"""FIGHT!: the resolve ask "won-card" (where a won card goes on the victory piles and who
holds the Tie Breaker afterwards). Expected values are worked by hand from the TIE BREAKER
CARD section of card_companion/rules/fight.txt."""

from __future__ import annotations

import pytest

from card_companion.companion.protocol import ProtocolError, resolve, schema

ASK = {"game": "fight", "ask": "won-card"}


def up(c: str) -> dict:
    return {"card": c, "face_up": True}


def down(c: str) -> dict:
    return {"card": c, "face_up": False}


def test_the_first_card_won_is_the_tie_breaker() -> None:
    # "On the first turn in a round that a player wins a card they place it in their victory
    # pile face up. This is the Tie Breaker card." Piles empty, player 1 wins 3♠: face up on
    # player 1's pile; player 1 holds the Tie Breaker; points 0 and 3
    a = resolve({**ASK, "piles": [[], []], "winner": 1, "card": "3S"})
    assert a["placed"] == "first"
    assert (a["holder_before"], a["holder"], a["tie_breaker"]) == (None, 1, "3S")
    assert a["piles"] == [[], [up("3S")]]
    assert a["points"] == [0, 3] and a["round_won"] is None
    # the piles may be left out: both empty
    assert resolve({**ASK, "winner": 1, "card": "3S"}) == a


def test_the_holder_wins_a_lower_card_it_goes_to_the_bottom() -> None:
    # player 0 holds the Tie Breaker 4♠ and wins 2♥: 2 < 4 → "at the bottom of their victory
    # pile" (face down); player 0 keeps the Tie Breaker 4♠; points 2 + 4 = 6
    a = resolve({**ASK, "piles": [[up("4S")], []], "winner": 0, "card": "2H"})
    assert a["placed"] == "bottom"
    assert a["piles"] == [[down("2H"), up("4S")], []]
    assert (a["holder"], a["tie_breaker"], a["points"]) == (0, "4S", [6, 0])


def test_the_holder_wins_an_equal_card_it_goes_on_top() -> None:
    # player 0 holds 4♠ and wins 4♣: "higher or equal" → on top, face up: the new Tie Breaker
    # is 4♣; points 4 + 4 = 8
    a = resolve({**ASK, "piles": [[up("4S")], [down("6D")]], "winner": 0, "card": "4C"})
    assert a["placed"] == "top"
    assert a["piles"][0][-1] == up("4C") and len(a["piles"][0]) == 2
    assert (a["holder"], a["tie_breaker"], a["points"]) == (0, "4C", [8, 6])


def test_the_other_player_wins_a_lower_card_face_down() -> None:
    # player 0 holds 4♠; player 1 wins 3♦: lower than the Tie Breaker → face down on player
    # 1's pile; player 0 keeps the Tie Breaker; points 4 and 6 + 3 = 9
    a = resolve({**ASK, "piles": [[up("4S")], [down("6D")]], "winner": 1, "card": "3D"})
    assert a["placed"] == "face-down"
    assert a["piles"] == [[up("4S")], [down("6D"), down("3D")]]
    assert (a["holder_before"], a["holder"], a["tie_breaker"], a["points"]) == (0, 0, "4S", [4, 9])


def test_the_other_player_wins_an_equal_card_and_takes_the_tie_breaker() -> None:
    # player 0 holds 4♠; player 1 wins 4♥: equal → face up on top of player 1's pile, and
    # player 0 "flips the topmost card on their victory pile to be face down": player 1 now
    # holds the Tie Breaker 4♥
    a = resolve({**ASK, "piles": [[down("AS"), up("4S")], []], "winner": 1, "card": "4H"})
    assert a["placed"] == "takes-tie-breaker"
    assert a["piles"] == [[down("AS"), down("4S")], [up("4H")]]
    assert (a["holder_before"], a["holder"], a["tie_breaker"]) == (0, 1, "4H")
    assert "player 0 turns 4♠ face down" in a["explanation"][0]


def test_thirteen_victory_points_win_the_round() -> None:
    # player 1 holds the Tie Breaker 5♣ on top of 6♦ (11 points) and
    # wins 2♠: 2 < 5 → bottom; 6 + 5 + 2 = 13 → "The first player to accumulate 13 victory
    # points wins the round"
    a = resolve({**ASK, "piles": [[down("AH")], [down("6D"), up("5C")]], "winner": 1, "card": "2S"})
    assert a["points"] == [1, 13] and a["round_won"] == 1
    # one point fewer is not enough: 6 + 5 + 1 = 12
    a = resolve({**ASK, "piles": [[down("AH")], [down("6D"), up("5C")]], "winner": 1, "card": "AS"})
    assert a["points"] == [1, 12] and a["round_won"] is None


@pytest.mark.parametrize("request_, words", [
    ({"piles": [[up("4S")], [up("5S")]], "winner": 0, "card": "2H"}, "only one player can hold the Tie Breaker"),
    ({"piles": [[down("4S")], []], "winner": 0, "card": "2H"}, "neither shows a face-up top card"),
    ({"piles": [[up("4S")], []], "winner": 1, "card": "4S"}, "already in a victory pile"),
    ({"piles": [[up("4S"), down("4S")], []], "winner": 1, "card": "2H"}, "in the victory piles twice"),
    ({"piles": [[up("9S")], []], "winner": 1, "card": "2H"}, "not in the deck of FIGHT!"),
    ({"piles": [[], []], "winner": 1, "card": "7H"}, "not in the deck of FIGHT!"),
    ({"piles": [[], []], "winner": 2, "card": "2H"}, "winner"),
])
def test_piles_that_cannot_happen_are_refused(request_, words) -> None:
    with pytest.raises(ProtocolError, match=words):
        resolve({**ASK, **request_})


def test_schema_lists_the_ask() -> None:
    text = str(schema())
    assert "won-card" in text
