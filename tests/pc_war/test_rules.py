"""PC War rules against the rule text (card_companion/rules/pc-war.txt) and the rulings
(card_companion/rulings/pc-war.md). Every expected value is worked out by hand from the text.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from card_companion.calculators.cards import cards
from card_companion.calculators.pc_war import (
    PCWarError,
    check_pair,
    deal,
    deck_for,
    flip,
    hand_over_table,
    lay,
    out_at_tie,
    take,
    trade_and_war,
)
from card_companion.companion.protocol import ProtocolError, resolve, resolve_line

# Rule 3: "Aces are the highest-ranking cards, followed by King, Queen, Jack, 10, 9, 8, 7, 6,
# 5, 4, 3, 2, Joker. All suits have the same rank."
# Row card (left, player 0) against column card (right, player 1):
#   L = the left card is higher (player 0 takes both), R = the right card is higher, = a tie.
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "JOKER"]
TABLE = """
      A K Q J 10 9 8 7 6 5 4 3 2 JOKER
A     = L L L L  L L L L L L L L L
K     R = L L L  L L L L L L L L L
Q     R R = L L  L L L L L L L L L
J     R R R = L  L L L L L L L L L
10    R R R R =  L L L L L L L L L
9     R R R R R  = L L L L L L L L
8     R R R R R  R = L L L L L L L
7     R R R R R  R R = L L L L L L
6     R R R R R  R R R = L L L L L
5     R R R R R  R R R R = L L L L
4     R R R R R  R R R R R = L L L
3     R R R R R  R R R R R R = L L
2     R R R R R  R R R R R R R = L
JOKER R R R R R  R R R R R R R R =
"""


def _table() -> list[tuple[str, str, str]]:
    lines = [line.split() for line in TABLE.strip().splitlines()]
    header = lines[0]
    assert header == RANKS
    out = []
    for row in lines[1:]:
        left, marks = row[0], row[1:]
        assert len(marks) == len(RANKS)
        out += [(left, right, mark) for right, mark in zip(header, marks)]
    return out


PAIRS = _table()
EXPECTED_TAKES = {"L": 0, "R": 1, "=": None}


def _card(rank: str, suit: str) -> str:
    return "JOKER" if rank == "JOKER" else rank + suit


@pytest.mark.parametrize(("left", "right", "mark"), PAIRS)
def test_every_rank_against_every_rank(left: str, right: str, mark: str) -> None:
    # suits do not matter: try the left card in every suit against the right card in another
    for suit_left, suit_right in (("S", "H"), ("H", "D"), ("D", "C"), ("C", "S")):
        a, b = cards([_card(left, suit_left), _card(right, suit_right)])
        r = flip(a, b)
        assert r.takes == EXPECTED_TAKES[mark], (a, b)
        assert r.war == (mark == "=")


def test_every_pair_through_the_ask() -> None:
    for left, right, mark in PAIRS:
        answer = resolve({"game": "pc-war", "ask": "flip", "cards": [_card(left, "S"), _card(right, "D")]})
        assert answer["takes"] == EXPECTED_TAKES[mark]
        assert answer["war"] == (mark == "=")
        assert len(answer["explanation"]) == 2


def test_the_table_is_the_written_order() -> None:
    # the hand-written table agrees with the sentence of rule 3: a card takes exactly the ones after it
    for i, left in enumerate(RANKS):
        for j, right in enumerate(RANKS):
            mark = next(m for a, b, m in PAIRS if (a, b) == (left, right))
            assert mark == ("=" if i == j else "L" if i < j else "R")


# --- explanations ----------------------------------------------------------------------


def test_explanation_of_a_flip() -> None:
    r = flip(*cards("QD 4C"), names=("Ann", "Bea"))
    assert r.explanation == [
        "Q♦ (Queen) is higher than 4♣ (4): A > K > Q > J > 10 > … > 2 > Joker",
        "the higher card takes both: Ann puts Q♦ and 4♣ on their pile",
    ]
    r = flip(*cards("3H AS"), names=("Ann", "Bea"))
    assert r.takes == 1
    assert r.explanation[1] == "the higher card takes both: Bea puts 3♥ and A♠ on their pile"


def test_explanation_of_the_joker_and_ties() -> None:
    assert flip(*cards("2S JOKER")).explanation[0] == "the Joker is the lowest card: 2♠ is higher"
    tie = flip(*cards("JH JC"))
    assert tie.explanation[0] == "J♥ and J♣ are both Jacks: a tie (suits do not matter)"
    assert tie.explanation[1].startswith("a tie → trade and war: the players swap hands")
    in_war = flip(*cards("AH AD"), in_war=True)
    assert in_war.explanation[1].startswith("a tie in the war → the whole procedure again")


# --- the deck and the deal --------------------------------------------------------------


def test_deck_sizes() -> None:
    # 52 cards + the Jokers of the setting; the blank card and the Old Bachelor are removed
    assert [deck_for(j).size for j in (0, 1, 2)] == [52, 53, 54]
    with pytest.raises(PCWarError, match="0, 1 or 2 Jokers"):
        deck_for(3)


def test_deal_gives_the_odd_card_to_player_0() -> None:
    # "deal out the entire deck ... two piles, each with half the deck": one at a time,
    # player 0 first. 53 = 27 + 26; 52 = 26 + 26; 54 = 27 + 27
    assert deal(53) == (27, 26)
    assert deal(52) == (26, 26)
    assert deal(54) == (27, 27)


def test_same_card_twice_is_refused() -> None:
    with pytest.raises(PCWarError, match="only one K♥"):
        check_pair(*cards("KH KH"))
    check_pair(*cards("JOKER JOKER"))  # possible with 2 Jokers
    with pytest.raises(PCWarError, match="one Joker"):
        check_pair(*cards("JOKER JOKER"), deck_for(1))
    check_pair(*cards("JOKER JOKER"), deck_for(2))
    with pytest.raises(PCWarError, match="not in the deck.*without Jokers"):
        check_pair(*cards("JOKER 5H"), deck_for(0))


# --- laying cards: pickups and too few cards ----------------------------------------------

# (hand, pile, wanted) -> (down, up, from_hand, picked_up, hand after, pile after), by hand:
LAYS = [
    # a flip: one card from the hand
    ((26, 0, 1), (0, 1, 1, 0, 25, 0)),
    ((3, 8, 1), (0, 1, 1, 0, 2, 8)),
    # empty hand: pick up the pile (6), lay 1: 6 - 1 = 5 in hand
    ((0, 6, 1), (0, 1, 0, 6, 5, 0)),
    # a war: 3 down, 1 up
    ((20, 5, 4), (3, 1, 4, 0, 16, 5)),
    ((4, 5, 4), (3, 1, 4, 0, 0, 5)),
    # hand of 2, pile 10: lay 2, pick up 10, lay 2 more: 10 - 2 = 8 in hand
    ((2, 10, 4), (3, 1, 2, 10, 8, 0)),
    # too few cards: 3 cards → 2 down and the last up; 2 → 1 + 1; 1 → 0 + 1
    ((3, 0, 4), (2, 1, 3, 0, 0, 0)),
    ((1, 1, 4), (1, 1, 1, 1, 0, 0)),
    ((0, 1, 4), (0, 1, 0, 1, 0, 0)),
    # no card at all
    ((0, 0, 4), (0, 0, 0, 0, 0, 0)),
]


@pytest.mark.parametrize(("given_", "expected"), LAYS)
def test_lay(given_: tuple[int, int, int], expected: tuple[int, ...]) -> None:
    assert tuple(lay(*given_)) == expected


@given(hand=st.integers(0, 60), pile=st.integers(0, 60), wanted=st.sampled_from([1, 4]))
def test_lay_conserves_cards(hand: int, pile: int, wanted: int) -> None:
    r = lay(hand, pile, wanted)
    laid = r.down + r.up
    assert laid == min(wanted, hand + pile)  # all the cards asked for, or all there are
    assert r.up == (1 if hand + pile else 0)  # always exactly one face up when there is a card
    assert r.hand + r.pile == hand + pile - laid
    assert (r.picked_up > 0) == (hand < laid)  # the pile only when the hand cannot supply
    if r.picked_up:
        assert r.picked_up == pile and r.pile == 0 and r.from_hand == hand


def test_negative_counts_are_refused() -> None:
    with pytest.raises(PCWarError):
        lay(-1, 3, 1)


# --- the trade and war ----------------------------------------------------------------------


def test_trade_and_war_swaps_hands_not_piles() -> None:
    # Ann hand 20 pile 5, Bea hand 9 pile 30: Ann takes Bea's 9, Bea takes Ann's 20.
    # Ann lays 4 of 9 → 5; Bea lays 4 of 20 → 16; piles unchanged; 8 cards laid.
    t = trade_and_war((20, 9), (5, 30))
    assert t.hands == (5, 16)
    assert t.piles == (5, 30)
    assert t.laid == 8
    assert t.out == ()
    assert [tuple(x[:2]) for x in t.lays] == [(3, 1), (3, 1)]


def test_trade_and_war_with_two_cards_and_a_pickup() -> None:
    # Ann hand 30 pile 0, Bea hand 2 pile 7: after the swap Ann holds 2 with pile 0 (too few:
    # 1 down, 1 up → 0 left), Bea holds 30 → 26. 2 + 4 = 6 laid.
    t = trade_and_war((30, 2), (0, 7))
    assert t.hands == (0, 26)
    assert t.piles == (0, 7)
    assert tuple(t.lays[0]) == (1, 1, 2, 0, 0, 0)
    assert t.laid == 6
    assert t.out == ()  # Ann laid her last card, but the war is played out first
    assert trade_and_war((30, 2), (0, 7), at_once=True).out == (0,)


def test_trade_and_war_when_a_player_gets_no_card() -> None:
    # Ann hand 0 pile 0 (tied with her last card), Bea hand 0 pile 12: the swap gives Ann
    # nothing and Bea nothing; Bea could pick up 12, Ann has no card at all → Ann wins.
    t = trade_and_war((0, 0), (0, 12))
    assert t.out == (0,)
    assert t.laid == 0
    # the empty hand is swapped as empty: Ann (0/0) gets Bea's 7 and keeps playing
    t = trade_and_war((0, 7), (0, 12))
    assert t.out == ()
    assert t.hands == (3, 8)  # Ann 7 - 4 = 3; Bea picks up 12, lays 4 → 8


def test_out_at_tie_only_with_the_setting() -> None:
    assert out_at_tie((0, 10), (0, 5), at_once=False) == ()
    assert out_at_tie((0, 10), (0, 5), at_once=True) == (0,)
    assert out_at_tie((0, 10), (3, 5), at_once=True) == ()  # Ann still has a pile


def test_take() -> None:
    # Bea takes the 2 cards of a flip: Bea pile 4 + 2 = 6; Ann's hand is empty and her pile
    # holds 3: she picks it up (hand 3, pile 0)
    t = take((0, 5), (3, 4), taker=1, table=2)
    assert t == ((3, 5), (0, 6), (), (3, 0))
    # Ann's last card was lower: she has nothing in hand or pile → out
    assert take((0, 5), (0, 4), taker=1, table=2).out == (0,)
    # Ann takes a war of 18 cards: her pile 0 + 18
    assert take((10, 7), (0, 18), taker=0, table=18).piles == (18, 18)


def test_hand_over_table() -> None:
    assert hand_over_table((3, 4), (0,), 10) == (3, 14)
    assert hand_over_table((3, 4), (0, 1), 10) == (3, 4)  # both out: nobody takes


# --- the resolve ask --------------------------------------------------------------------------


def test_a_tie_of_two_kings_through_the_flip_ask() -> None:
    assert resolve({"game": "pc-war", "ask": "flip", "cards": ["KH", "KS"]}) == {
        "takes": None,
        "war": True,
        "explanation": [
            "K♥ and K♠ are both Kings: a tie (suits do not matter)",
            "a tie → trade and war: the players swap hands, then each lays 3 cards face down and 1 face up; "
            "the higher face-up card takes everything",
        ],
    }
    answer = resolve({"game": "pc-war", "ask": "flip", "cards": ["JOKER", "2C"]})
    assert answer["takes"] == 1 and answer["war"] is False
    answer = resolve({"game": "pc-war", "ask": "flip", "cards": ["ad", "K♥"]})
    assert answer["takes"] == 0


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ('{"game": "pc-war", "ask": "flip", "cards": ["KH"]}', "a flip is two cards, one per player, not 1"),
        ('{"game": "pc-war", "ask": "flip", "cards": ["KH", "QS", "2D"]}', "not 3"),
        ('{"game": "pc-war", "ask": "flip", "cards": ["KH", "KH"]}', "only one K♥"),
        ('{"game": "pc-war", "ask": "flip", "cards": ["1H", "KH"]}', "'1H' is not a card"),
        ('{"game": "pc-war", "ask": "flip"}', "cards is missing"),
        ('{"game": "pc-war", "ask": "flip", "cards": ["KH", "QS"], "jokers": 1}', "jokers"),
        ('{"game": "pc-war", "ask": "battle", "cards": ["KH", "QS"]}',
         "pc-war has no ask 'battle': it answers flip, trade-and-war"),
        ('{"game": "pc-war", "ask": "flip", "cards": "KH QS"}', "valid list"),
        ("not json", "not JSON"),
    ],
)
def test_bad_requests(request_: str, message: str) -> None:
    import json

    answer = json.loads(resolve_line(request_))
    assert list(answer) == ["error"]
    assert message in answer["error"]
    with pytest.raises(ProtocolError):
        resolve(request_)
