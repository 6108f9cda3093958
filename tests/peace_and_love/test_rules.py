"""One round of a Peace and Love fight, worked by hand from card_companion/rules/peace-and-love.txt and
the rulings (card_companion/rulings/peace-and-love.md).

Values: A=1 ... 10, J=11, Q=12, K=13. Result = fighter - card. A trump: card suit = fighter
suit. Odd number of trumps: the lowest result wins; even (also 0): the highest wins.
Ties (two players): the attacker. Several fighters: a tie for losing is lost by the defender
if involved, never by the attacker, else by the tied player farthest from the attacker's left;
a tie for winning is won by the attacker if involved, else by the non-defender nearest the
attacker's left, else by the defender.
"""

from __future__ import annotations

import pytest

from card_companion.calculators.peace_and_love import Entry, FightRound, decks_for, resolve_round
from card_companion.companion.protocol import ProtocolError, resolve, resolve_line


def fight(players: int, attacker: int, defender: int, *entries: tuple[int, str, str]):
    return resolve_round(FightRound(
        players=players, attacker=attacker, defender=defender,
        fighters=[Entry(player=p, fighter=f, card=c) for p, f, c in entries],
    ))


def owners(r, *entries):
    return entries[r.loser][0], entries[r.winner][0]


# --- two fighters --------------------------------------------------------------------


def test_no_trump_highest_wins():
    # 9♥ - 4♣ = 5; 8♠ - 2♦ = 6; no suit matches → highest wins: 8♠ (6) beats 9♥ (5)
    e = [(0, "9H", "4C"), (1, "8S", "2D")]
    r = fight(2, 0, 1, *e)
    assert r.results == [5, 6] and r.trumps == 0 and not r.lowest_wins
    assert owners(r, *e) == (0, 1)  # loser player 0, winner player 1
    assert r.explanation[1] == "no trump → the highest result wins"


def test_one_trump_lowest_wins():
    # a two-fighter round with a trump: 9♥ - 7♥ = 2 (trump), 5♠ - 2♣ = 3; 1 trump → lowest wins: 9♥
    e = [(0, "9H", "7H"), (1, "5S", "2C")]
    r = fight(2, 0, 1, *e)
    assert r.results == [2, 3] and r.trumps == 1 and r.lowest_wins
    assert owners(r, *e) == (1, 0)
    assert r.explanation[1] == "1 trump: 7♥ on 9♥ → the lowest result wins"


def test_two_trumps_highest_wins():
    # K♠ - 3♠ = 10 (trump), 4♦ - A♦ = 3 (trump); 2 trumps → highest wins: K♠
    e = [(0, "KS", "3S"), (1, "4D", "AD")]
    r = fight(2, 0, 1, *e)
    assert r.results == [10, 3] and r.trumps == 2 and not r.lowest_wins
    assert owners(r, *e) == (1, 0)
    assert "2 trumps" in r.explanation[1] and "highest result wins" in r.explanation[1]


def test_negative_results():
    # A♣ - K♥ = 1 - 13 = -12; 2♥ - Q♣ = 2 - 12 = -10; no trump → highest: 2♥ (-10)
    e = [(0, "AC", "KH"), (1, "2H", "QC")]
    r = fight(2, 0, 1, *e)
    assert r.results == [-12, -10]
    assert owners(r, *e) == (0, 1)
    # with one trump (A♣ - K♣ = -12) the lowest wins: A♣
    e = [(0, "AC", "KC"), (1, "2H", "QC")]
    r = fight(2, 0, 1, *e)
    assert r.results == [-12, -10] and r.trumps == 1
    assert owners(r, *e) == (1, 0)


@pytest.mark.parametrize("trump", [False, True])
def test_two_player_tie_goes_to_the_attacker(trump):
    # 9♥ - 4♣ = 5 and 8♠ - 3♦ = 5 (or 8♠ - 3♠ = 5 with a trump): tied → the attacker wins,
    # whichever way the trumps turn it. Attacker is player 1 here.
    e = [(0, "9H", "4C"), (1, "8S", "3S" if trump else "3D")]
    r = fight(2, 1, 0, *e)
    assert r.results == [5, 5]
    assert owners(r, *e) == (0, 1)
    assert any("ties go to the attacker" in step for step in r.explanation)


# --- three and four fighters ---------------------------------------------------------


def test_three_fighters_three_trumps_lowest_loses_highest():
    # 3 trumps (odd) → the lowest result wins the round and the highest loses it.
    # P0 10♣-2♣ = 8, P1 7♦-5♦ = 2, P2 Q♠-A♠ = 11 → loser: P2 (11), winner: P1 (2)
    e = [(0, "10C", "2C"), (1, "7D", "5D"), (2, "QS", "AS")]
    r = fight(3, 0, 1, *e)
    assert r.results == [8, 2, 11] and r.trumps == 3 and r.lowest_wins
    assert owners(r, *e) == (2, 1)


def test_tie_for_losing_the_defender_loses():
    # 4 players, attacker P0, defender P2. No trump, highest wins.
    # P0 9♠-2♥ = 7, P1 6♦-3♣ = 3, P2 8♣-5♥ = 3, P3 K♥-4♠ = 9
    # tie for losing between P1 and P2 (3): the defender P2 loses; winner P3 (9).
    e = [(0, "9S", "2H"), (1, "6D", "3C"), (2, "8C", "5H"), (3, "KH", "4S")]
    r = fight(4, 0, 2, *e)
    assert r.results == [7, 3, 3, 9]
    assert owners(r, *e) == (2, 3)


def test_tie_for_losing_never_the_attacker():
    # 3 players, attacker P1, defender P2. P0 7♣-3♦ = 4, P1 5♠-A♥ = 4, P2 J♦-2♣ = 9.
    # tie for losing between P0 and P1 (the attacker): the attacker never loses a tie → P0.
    e = [(0, "7C", "3D"), (1, "5S", "AH"), (2, "JD", "2C")]
    r = fight(3, 1, 2, *e)
    assert r.results == [4, 4, 9]
    assert owners(r, *e) == (0, 2)


def test_tie_for_losing_without_attacker_or_defender_farthest_from_the_left_loses():
    # 4 players, attacker P1, defender P2. Seats from the attacker's left: P2 1, P3 2, P0 3.
    # P0 6♥-4♣ = 2, P1 10♠-A♦ = 9, P2 Q♦-3♠ = 9, P3 8♣-6♦ = 2 → tie for losing P0/P3:
    # farthest from the attacker's left is P0 (3 seats) → P0 loses.
    # tie for winning P1/P2: the attacker P1 wins it.
    e = [(0, "6H", "4C"), (1, "10S", "AD"), (2, "QD", "3S"), (3, "8C", "6D")]
    r = fight(4, 1, 2, *e)
    assert r.results == [2, 9, 9, 2]
    assert owners(r, *e) == (0, 1)


def test_tie_for_winning_without_the_attacker_nearest_left_non_defender():
    # A later round: the attacker's fighter is gone. 4 players, attacker P0, defender P1.
    # Seats from P0's left: P1 1, P2 2, P3 3.
    # P1 9♥-3♣ = 6, P2 10♦-4♠ = 6, P3 K♣-7♥ = 6, no trump: all three tie.
    # losing: the defender P1 loses. winning (among P2, P3): nearest the attacker's left → P2.
    e = [(1, "9H", "3C"), (2, "10D", "4S"), (3, "KC", "7H")]
    r = fight(4, 0, 1, *e)
    assert r.results == [6, 6, 6]
    assert owners(r, *e) == (1, 2)


def test_last_two_fighters_tied_without_the_attacker_the_defender_loses():
    # 3 players, attacker P0 (its fighter already lost), defender P1, P2 joined.
    # P1 8♠-2♦ = 6, P2 9♣-3♥ = 6, no trump: tie → the defender P1 loses, P2 wins.
    e = [(1, "8S", "2D"), (2, "9C", "3H")]
    r = fight(3, 0, 1, *e)
    assert r.results == [6, 6]
    assert owners(r, *e) == (1, 2)


def test_tie_for_winning_between_defender_and_another_goes_to_the_other():
    # 4 players, attacker P0 out of the fight, defender P1.
    # P1 K♠-4♦ = 9, P2 Q♣-3♥ = 9, P3 7♦-5♣ = 2, no trump: P3 loses (lowest);
    # P1 and P2 tie for winning: no attacker → the non-defender nearest the attacker's
    # left wins: P2.
    e = [(1, "KS", "4D"), (2, "QC", "3H"), (3, "7D", "5C")]
    r = fight(4, 0, 1, *e)
    assert r.results == [9, 9, 2]
    assert owners(r, *e) == (3, 2)


def test_four_fighters_with_attacker_and_defender_and_two_trumps():
    # attacker P3, defender P1 (4 players). Cards: P0 J♥-2♥ = 9 (trump), P1 5♣-5♣... same card
    # twice is possible with two decks: 5♣-5♣ = 0 (trump), P2 3♦-A♠ = 2, P3 7♠-K♦ = -6.
    # 2 trumps → highest wins: P0 (9); lowest loses: P3 (-6) - the attacker can lose outright.
    e = [(0, "JH", "2H"), (1, "5C", "5C"), (2, "3D", "AS"), (3, "7S", "KD")]
    r = fight(4, 3, 1, *e)
    assert r.results == [9, 0, 2, -6] and r.trumps == 2
    assert owners(r, *e) == (3, 0)


def test_decks_for_players():
    # 2 players 1; 3-5 2; 6-7 3; 8-9 4; 10-11 5 (the text's table, and n // 2 for n >= 6)
    assert [decks_for(n) for n in range(2, 12)] == [1, 2, 2, 2, 3, 3, 4, 4, 5, 5]


# --- the resolve ask -----------------------------------------------------------------


ROUND_WITH_A_TRUMP = {"game": "peace-and-love", "ask": "fight", "players": 2, "attacker": 0, "defender": 1,
                 "fighters": [{"player": 0, "fighter": "9H", "card": "7H"},
                              {"player": 1, "fighter": "5S", "card": "2C"}]}


def test_ask_answers_a_round_with_a_trump():
    a = resolve(ROUND_WITH_A_TRUMP)
    # 9 - 7 = 2, 5 - 2 = 3; one trump (7♥ on 9♥) → lowest wins: player 0; 5♠ to player 0
    assert a["results"] == [2, 3]
    assert a["trumps"] == 1 and a["lowest_wins"] is True
    assert a["loser"] == {"player": 1, "fighter": "5S"}
    assert a["taken_by"] == 0
    assert a["explanation"][1] == "1 trump: 7♥ on 9♥ → the lowest result wins"


def test_ask_multi_player_round():
    req = {**ROUND_WITH_A_TRUMP, "players": 3, "attacker": 1, "defender": 2,
           "fighters": [{"player": 0, "fighter": "7C", "card": "3D"}, {"player": 1, "fighter": "5S", "card": "AH"},
                        {"player": 2, "fighter": "JD", "card": "2C"}]}
    a = resolve(req)
    assert a["results"] == [4, 4, 9] and a["loser"] == {"player": 0, "fighter": "7C"} and a["taken_by"] == 2


@pytest.mark.parametrize(
    "change, message",
    [
        ({"fighters": [{"player": 0, "fighter": "9H", "card": "7H"}]}, "at least 2"),
        ({"attacker": 1}, "cannot attack themselves"),
        ({"attacker": 5}, "numbered 0 to 1"),
        ({"fighters": [{"player": 0, "fighter": "JOKER", "card": "7H"},
                       {"player": 1, "fighter": "5S", "card": "2C"}]}, "without jokers"),
        ({"fighters": [{"player": 0, "fighter": "9H", "card": "7H"},
                       {"player": 0, "fighter": "5S", "card": "2C"}]}, "at most one fighter"),
        ({"fighters": [{"player": 0, "fighter": "9X", "card": "7H"},
                       {"player": 1, "fighter": "5S", "card": "2C"}]}, "'9X' is not a card"),
        ({"colour": "red"}, "Extra inputs are not permitted"),
    ],
)
def test_ask_refuses_bad_requests_plainly(change, message):
    with pytest.raises(ProtocolError, match=message):
        resolve({**ROUND_WITH_A_TRUMP, **change})
    assert message.split("'")[0] in resolve_line(__import__("json").dumps({**ROUND_WITH_A_TRUMP, **change}))
