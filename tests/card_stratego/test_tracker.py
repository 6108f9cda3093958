"""Card Stratego tracker: hand-worked sequences (setup + actions → the numbers players track),
worked from the rule text (card_companion/rules/card-warfare.txt) and the rulings page.

Ann takes the first turn with the red army (hearts, diamonds, a Joker), Bea has the black one.
Columns and positions in actions count from 0 (column 0 is the players' "column 1", position
0 is the front rank); the texts the app shows count from 1.
Every army starts with 27 cards: a hand of 5 and a deck of 22.
"""

from __future__ import annotations

import pytest

from card_companion.calculators.cards import Card, cards
from card_companion.companion.card_stratego import (
    GAME,
    Army,
    CardStrategoState,
    Draw,
    EndTurn,
    InPlay,
    JackRearrange,
    JackReveal,
    JokerDestroy,
    Place,
    ScoutReveal,
    SixReturn,
    checks,
    choices,
    queries,
)
from card_companion.companion.card_stratego.choices import legal_actions
from card_companion.companion.game import IllegalAction
from card_companion.companion.session import Session

ANN, BEA = 0, 1


def start(**settings) -> Session:
    return Session.start(GAME, GAME.make_setup(["Ann", "Bea"], settings))


def push(session: Session, *actions: dict) -> Session:
    for action in actions:
        session = session.push(GAME.parse_action(action))
    return session


def play(column: int, position: int = 0) -> dict:
    return {"kind": "play", "column": column, "position": position}


def attack(column: int, attacker: str | None = None, defender: str | None = None) -> dict:
    return {"kind": "attack", "column": column, "attacker": attacker, "defender": defender}


DRAW = {"kind": "draw"}


def place(player: int, column: int, position: int = 0) -> dict:
    return {"player": player, "column": column, "position": position}


def shown(session: Session, player: int) -> list[list[str]]:
    """A side of the battlefield, front rank first: "?" for a face-down card."""
    return [["?" if x.card is None else str(x.card) for x in col] for col in session.state.armies[player].columns]


def counts(session: Session, player: int) -> tuple[int, int, int, int]:
    a = session.state.armies[player]
    return a.deck, a.hand, a.in_play, len(a.discard)


def hand_cards(state: CardStrategoState) -> dict[type, list[Card]]:
    """The cards of the hand each special step may discard now (the screen's hand choice)."""
    return {c.kind: list(c.hand_cards) for c in legal_actions(state).choices if isinstance(c, choices.FromHand)}


def refused(session: Session, action: dict, words: str) -> None:
    before = session.state
    with pytest.raises(IllegalAction, match=words):
        push(session, action)
    assert session.state == before


# --- the opening ------------------------------------------------------------------------


def test_the_opening_and_the_first_two_turns() -> None:
    s = start()
    st = s.state
    assert st.armies[ANN].colour == "red" and st.armies[BEA].colour == "black"
    assert counts(s, ANN) == (22, 5, 0, 0) and counts(s, BEA) == (22, 5, 0, 0)  # 22 + 5 = 27
    # "The first player to take a turn gets only one action."
    assert (st.turn, st.allotted, st.actions_left) == (ANN, 1, 1)
    assert queries.allowance_reason(st) == "the first turn of the game has 1 action"
    assert choices.jack_reveals(st) == 0  # no card on the battlefield yet
    s = push(s, DRAW)
    # "The other player then takes two actions."
    assert (s.state.turn, s.state.allotted, s.state.actions_left) == (BEA, 2, 2)
    assert queries.allowance_reason(s.state) == "the other player's first turn has 2 actions"
    s = push(s, play(2))
    assert s.state.actions_left == 1
    s = push(s, play(2, 1))
    # "From then on ... three, four or five actions": Ann has no card in play → 3
    assert (s.state.turn, s.state.turn_number, s.state.allotted) == (ANN, 3, 3)
    assert counts(s, ANN) == (21, 6, 0, 0)   # drew one: deck 22 - 1, hand 5 + 1
    assert counts(s, BEA) == (22, 3, 2, 0)   # played two: hand 5 - 2
    assert shown(s, BEA) == [[], [], ["?", "?"], []]
    assert choices.jack_reveals(s.state) == 2  # Bea's two face-down cards: a Jack turns up two
    summary = GAME.summary(s.state)
    assert summary["Turn"] == "Ann (turn 3)"
    assert summary["Actions left"] == "3 of 3"
    assert summary["Bea's hand"] == "3 cards"
    assert summary["Bea's battlefield"] == "2 cards: 1: — · 2: — · 3: ? ? · 4: —"


def test_the_first_army_can_be_black() -> None:
    s = start(first_army="black")
    assert [a.colour for a in s.state.armies] == ["black", "red"]


# --- battles on the board ---------------------------------------------------------------


def test_a_destroyed_front_card_with_two_behind_it() -> None:
    s = start()
    s = push(s, play(1))                                    # T1 Ann (1 action)
    s = push(s, play(1), DRAW)                              # T2 Bea (2 actions)
    s = push(s, play(1, 1), play(1, 2),                     # T3 Ann (3): column 2 holds 3 cards
             {"kind": "scout", "scout": "3H", "reveal": {"place": place(ANN, 1, 1), "card": "5H"}})
    assert shown(s, ANN)[1] == ["?", "5H", "?"]
    # Ann: hand 5 - 1 - 2 plays - 1 Scout = 1; the Scout is discarded
    assert counts(s, ANN) == (22, 1, 3, 1)
    assert (s.state.turn, s.state.allotted) == (BEA, 3)     # Bea has cards in 1 column → 3
    # T4 Bea: her face-down card (9♠) attacks Ann's front card (6♦): 9 > 6, 6♦ is destroyed,
    # the two cards behind it move up
    s = push(s, attack(1, "9S", "6D"))
    assert shown(s, ANN)[1] == ["5H", "?"]
    assert shown(s, BEA)[1] == ["9S"]                       # the winner stays face up
    assert s.state.last_battle.result.destroyed == ["defender"]
    assert s.state.last_battle.result.rule == "higher-number"
    assert s.history()[-1].text == ("Bea's 9♠ attacks Ann's 6♦ in column 2: 9 is higher than 6: "
                                    "the higher number wins → 9♠ wins; 6♦ is destroyed")
    # both cards are face up now: nothing to enter; 9 > 5, the 5♥ is destroyed
    s = push(s, attack(1))
    assert shown(s, ANN)[1] == ["?"]
    s = push(s, DRAW)
    # Ann: deck 22, hand 1, in play 1, discard 3♥ 6♦ 5♥: 22 + 1 + 1 + 3 = 27
    assert counts(s, ANN) == (22, 1, 1, 3)
    assert s.state.armies[ANN].discard == tuple(cards("3H 6D 5H"))
    # Bea: deck 22 - 2 draws = 20; hand 5 - 1 + 1 + 1 = 6; one card in play: 20 + 6 + 1 = 27
    assert counts(s, BEA) == (20, 6, 1, 0)
    assert (s.state.turn, s.state.turn_number, s.state.allotted) == (ANN, 5, 3)
    assert sorted(GAME.known_cards(s.state)) == sorted(cards("3H 6D 5H 9S"))


def test_a_face_down_card_must_be_entered_and_a_face_up_one_must_match() -> None:
    s = start()
    s = push(s, play(0), play(0), play(0, 1))               # T1 Ann; T2 Bea
    refused(s, attack(0, None, "7S"), "attacking card .*enter it")
    refused(s, attack(0, "7H", None), "defending card .*enter it")
    refused(s, attack(0, "7S", "8C"), "not in Ann's red army")
    refused(s, attack(0, "JH", "8C"), "cannot be J♥: a Jack never stands")
    refused(s, attack(0, "JOKER", "8C"), "a Joker never stands")
    refused(s, attack(1, "7H", "8C"), "no card in column 2")
    s = push(s, attack(0, "10H", "8C"))                      # 10 > 8: 8♣ destroyed
    assert shown(s, ANN)[0] == ["10H"] and shown(s, BEA)[0] == ["?"]
    refused(s, attack(0, "9H", "7C"), "already face up: it is 10♥, not 9♥")
    refused(s, attack(0, "10H", "8C"), "8♣ is already in Bea's discard pile")
    refused(s, attack(0, None, "10H"), "not in Bea's black army")


def test_a_scout_reveals_a_bomb_without_attacking_it() -> None:
    s = start()
    s = push(s, play(0), play(3), DRAW)                      # T1 Ann; T2 Bea
    s = push(s, {"kind": "scout", "scout": "2D", "reveal": {"place": place(BEA, 3), "card": "AS"}})
    # "If a Scout is played directly from hand to reveal an Ace, the Ace is not discarded."
    assert shown(s, BEA)[3] == ["AS"]
    assert s.state.armies[BEA].discard == ()
    assert s.state.armies[ANN].discard == (Card.parse("2D"),)
    assert s.history()[-1].text == ("Ann discards the Scout 2♦ to turn up Bea's A♠ (column 4, front rank): "
                                    "not an attack, the Bomb stays")
    refused(s, {"kind": "scout", "scout": "5D", "reveal": {"place": place(ANN, 0), "card": "7H"}},
            "5♦ is not a Scout")
    refused(s, {"kind": "scout", "scout": "2D", "reveal": {"place": place(ANN, 0), "card": "7H"}},
            "2♦ is already in Ann's discard pile")
    refused(s, {"kind": "scout", "scout": "3D", "reveal": {"place": place(BEA, 3), "card": "KS"}},
            "already face up")


# --- Jacks ------------------------------------------------------------------------------


def test_a_jack_rearranging_a_row() -> None:
    s = start()
    s = push(s, play(0))                                     # T1 Ann: column 1
    s = push(s, play(0), play(1))                            # T2 Bea: columns 1 and 2
    s = push(s, play(0, 1), play(2), DRAW)                   # T3 Ann: column 1 holds 2, column 3 one
    # T4 Bea (cards in 2 columns → 3 actions): 4♠ attacks 8♥ and is destroyed (8 > 4)
    s = push(s, attack(0, "4S", "8H"), play(0), DRAW)
    assert shown(s, ANN) == [["8H", "?"], [], ["?"], []]
    assert (s.state.turn, s.state.allotted) == (ANN, 3)      # Ann: columns 1 and 3 → 3
    # T5 Ann: J♥ swaps the front cards of her columns 1 and 3 (new column 1 takes old column 3's)
    s = push(s, {"kind": "jack-rearrange", "jack": "JH", "player": ANN, "line": "row", "index": 0,
                 "order": [2, 1, 0, 3]})
    assert shown(s, ANN) == [["?", "?"], [], ["8H"], []]
    assert s.history()[-1].text.startswith("Ann discards J♥ to rearrange Ann's front rank")
    # moving column 1's front card away would leave its second-rank card with a gap
    refused(s, {"kind": "jack-rearrange", "jack": "JD", "player": ANN, "line": "row", "index": 0,
                "order": [1, 0, 2, 3]}, "second rank of column 1 with no card in front")
    # ... but the second rank may move behind 8♥, which stands in column 3's front rank
    s = push(s, {"kind": "jack-rearrange", "jack": "JD", "player": ANN, "line": "row", "index": 1,
                 "order": [2, 1, 0, 3]})
    assert shown(s, ANN) == [["?"], [], ["8H", "?"], []]
    # Ann: hand 5 - 1 (T1) - 2 + 1 (T3) - 2 Jacks = 1; deck 22 - 1 = 21; discard J♥ J♦
    assert counts(s, ANN) == (21, 1, 3, 2)
    assert s.state.armies[ANN].discard == tuple(cards("JH JD"))
    assert s.state.actions_left == 1
    # both of Ann's Jacks are gone: a third one cannot be played
    refused(s, {"kind": "jack-rearrange", "jack": "JH", "player": BEA, "line": "row", "index": 0,
                "order": [1, 0, 2, 3]}, "J♥ is already in Ann's discard pile")


def test_a_jack_rearranges_a_column_and_may_not_leave_it_as_it_was() -> None:
    s = start()
    s = push(s, play(0), play(2), play(2, 1))               # T1 Ann; T2 Bea: column 3 holds 2
    refused(s, {"kind": "jack-rearrange", "jack": "JH", "player": BEA, "line": "column", "index": 2,
                "order": [0, 1]}, "leaves every card where it was")
    refused(s, {"kind": "jack-rearrange", "jack": "JS", "player": BEA, "line": "column", "index": 2,
                "order": [1, 0]}, "not in Ann's red army")
    refused(s, {"kind": "jack-rearrange", "jack": "QH", "player": BEA, "line": "column", "index": 2,
                "order": [1, 0]}, "Q♥ is not a Jack")
    refused(s, {"kind": "jack-rearrange", "jack": "JH", "player": BEA, "line": "column", "index": 1,
                "order": []}, "no card in column 2")
    s = push(s, {"kind": "jack-rearrange", "jack": "JH", "player": BEA, "line": "column", "index": 2,
                 "order": [1, 0]})
    assert shown(s, BEA)[2] == ["?", "?"]          # two face-down cards swapped: the app cannot tell
    assert counts(s, ANN) == (22, 3, 1, 1)          # hand 5 - 1 play - 1 Jack


def test_a_jack_may_leave_a_line_as_it_was_when_the_setting_says_so() -> None:
    s = start(jack_may_keep_order=True)
    s = push(s, play(0), play(2), play(2, 1))
    s = push(s, {"kind": "jack-rearrange", "jack": "JH", "player": BEA, "line": "column", "index": 2,
                 "order": [0, 1]})
    assert s.state.armies[ANN].discard == (Card.parse("JH"),)


def test_a_jack_turns_two_face_down_cards_up() -> None:
    s = start()
    s = push(s, play(0), play(0), play(1))                   # T1 Ann; T2 Bea
    two = {"kind": "jack-reveal", "jack": "JD",
           "reveals": [{"place": place(BEA, 0), "card": "QC"}, {"place": place(ANN, 0), "card": "KH"}]}
    s = push(s, two)
    assert shown(s, BEA)[0] == ["QC"] and shown(s, ANN)[0] == ["KH"]
    assert s.history()[-1].text == ("Ann discards J♦ to turn up Bea's Q♣ (column 1, front rank) and "
                                    "Ann's K♥ (column 1, front rank)")
    refused(s, {"kind": "jack-reveal", "jack": "JH",
                "reveals": [{"place": place(BEA, 1), "card": "QC"}]}, "Q♣ is already face up")
    refused(s, {"kind": "jack-reveal", "jack": "JH",
                "reveals": [{"place": place(BEA, 0), "card": "QC"}]}, "already face up")
    refused(s, {"kind": "jack-reveal", "jack": "JH",
                "reveals": [{"place": place(BEA, 1), "card": "AC"}, {"place": place(BEA, 1), "card": "2C"}]},
            "two different face-down cards")


def test_a_jack_with_only_one_face_down_card_in_play() -> None:
    one = {"kind": "jack-reveal", "jack": "JD", "reveals": [{"place": place(ANN, 0), "card": "KH"}]}
    s = push(start(), play(0), DRAW, DRAW)          # only Ann's card lies face down
    assert choices.jack_reveals(s.state) == 1
    s2 = push(s, one)                               # default: the lone card is turned up
    assert shown(s2, ANN)[0] == ["KH"]
    refused(push(start(jack_turns_up_one=False), play(0), DRAW, DRAW), one, "setting for a lone")
    refused(push(start(), play(0), play(0), DRAW), one, "choose a second one")


# --- Jokers and 6s ----------------------------------------------------------------------


def test_a_joker_destroys_any_card_and_the_cards_behind_move_up() -> None:
    s = start()
    s = push(s, play(0), play(0), play(0, 1))                # Bea's column 1 holds 2 face-down cards
    refused(s, {"kind": "joker", "target": place(BEA, 0)}, "enter it")
    s = push(s, {"kind": "joker", "target": place(BEA, 0), "card": "KS"})
    # the destroyed card is discarded face up (seen); the one behind moves to the front
    assert shown(s, BEA)[0] == ["?"]
    assert s.state.armies[BEA].discard == (Card.parse("KS"),)
    assert s.state.armies[ANN].discard == (Card.parse("JOKER"),)
    assert counts(s, BEA) == (22, 3, 1, 1)   # 22 + 3 + 1 + 1 = 27
    assert counts(s, ANN) == (22, 3, 1, 1)   # hand 5 - 1 play - 1 Joker
    refused(s, {"kind": "joker", "target": place(BEA, 0), "card": "QS"}, "Joker is already in Ann's discard")


def test_a_six_returns_a_card_to_its_owners_hand() -> None:
    s = start()
    s = push(s, play(0))                                     # T1 Ann
    s = push(s, play(0), play(0, 1))                         # T2 Bea: column 1 holds 2
    # T3 Ann: her 2♥ attacks Bea's K♠; a King beats the even 2
    s = push(s, attack(0, "2H", "KS"))
    assert shown(s, ANN)[0] == [] and shown(s, BEA)[0] == ["KS", "?"]
    # Ann's 6♥ returns the face-up K♠ to Bea's hand; the card behind it moves up
    s = push(s, {"kind": "six", "six": "6H", "target": place(BEA, 0)})
    assert shown(s, BEA)[0] == ["?"]
    assert s.history()[-1].text == "Ann discards 6♥ to return Bea's K♠ (column 1, front rank) to Bea's hand"
    s = push(s, play(0))
    # Ann: hand 5 - 1 (T1) - 1 (6♥) - 1 (play) = 2; discard 2♥ 6♥: 22 + 2 + 1 + 2 = 27
    assert counts(s, ANN) == (22, 2, 1, 2)
    # Bea: hand 5 - 2 + 1 (K♠ back) = 4; deck 22; one card in play: 22 + 4 + 1 = 27
    assert counts(s, BEA) == (22, 4, 1, 0)
    assert sorted(GAME.known_cards(s.state)) == sorted(cards("2H 6H"))  # K♠ is in a hand again
    # T4 Bea plays a card (maybe the K♠: it is face down and unknown again) and attacks with it
    s = push(s, play(1))
    assert s.state.armies[BEA].columns[1] == (InPlay(card=None),)
    s = push(s, attack(0, "KS", "10D"))                      # a King beats the even 10
    assert s.state.armies[ANN].discard == tuple(cards("2H 6H 10D"))
    assert shown(s, BEA)[0] == ["KS"]


# --- the action count -------------------------------------------------------------------


def test_the_action_count_after_columns_are_emptied() -> None:
    s = start()
    s = push(s, play(0))                                     # T1 Ann: 1 action
    s = push(s, play(0), play(1))                            # T2 Bea: 2 actions
    s = push(s, play(1), play(2), play(3))                   # T3 Ann: cards in all 4 columns
    # T4 Bea (2 columns → 3 actions): 9♠ destroys Ann's 2♥, emptying Ann's column 1
    s = push(s, attack(0, "9S", "2H"), DRAW, DRAW)
    # Ann starts T5 with cards in 3 columns → 4 actions
    assert (s.state.turn, s.state.turn_number, s.state.allotted, s.state.start_columns) == (ANN, 5, 4, 3)
    # her 3♥ attacks Bea's 10♣ in column 2 and is destroyed: column 2 is empty now, but the
    # count is taken at the start of the turn: 3 actions are still left
    s = push(s, attack(1, "3H", "10C"))
    assert (s.state.allotted, s.state.actions_left) == (4, 3)
    assert [bool(c) for c in s.state.armies[ANN].columns] == [False, False, True, True]
    s = push(s, DRAW, DRAW, DRAW)
    assert (s.state.turn, s.state.allotted) == (BEA, 3)      # Bea: columns 1 and 2
    s = push(s, DRAW, DRAW, DRAW)
    # T7 Ann: cards in columns 3 and 4 only → 3 actions
    assert (s.state.turn, s.state.turn_number, s.state.allotted) == (ANN, 7, 3)
    assert queries.allowance_reason(s.state) == "cards in 2 columns at the start of the turn: 3 actions"
    # Ann: 22 - 3 draws = 19 in the deck; hand 5 - 4 plays + 3 = 4; in play 2; discard 2♥ 3♥
    assert counts(s, ANN) == (19, 4, 2, 2)
    # Bea: deck 22 - 2 - 3 = 17; hand 5 - 2 + 2 + 3 = 8; in play 9♠ 10♣: 17 + 8 + 2 = 27
    assert counts(s, BEA) == (17, 8, 2, 0)


def test_five_actions_with_cards_in_all_four_columns() -> None:
    s = start()
    s = push(s, play(0), play(0), play(1), play(1), play(2), play(3))  # T1, T2, T3
    s = push(s, DRAW, DRAW, DRAW)                            # T4 Bea
    assert (s.state.turn, s.state.allotted) == (ANN, 5)
    assert GAME.summary(s.state)["Actions left"] == "5 of 5"


def test_every_action_must_be_used() -> None:
    s = push(start(), play(0))
    assert not legal_actions(s.state).allows(EndTurn)
    refused(s, {"kind": "end-turn"}, "must use every action and can still draw a card")


# --- Generals ---------------------------------------------------------------------------


def test_consolidate() -> None:
    s = start()
    s = push(s, play(0))                                     # T1 Ann: column 1 (deck 22, hand 4)
    s = push(s, play(3), DRAW)                               # T2 Bea: column 4 (deck 21, hand 5)
    # T3-T15: Ann draws 3 a turn (cards in 1 column → 3 actions): 22 - 7 × 3 = 1 left;
    # T4-T16: Bea draws 3 a turn: 21 - 7 × 3 = 0, Bea is a General after T16
    for turn in range(3, 17):
        assert s.state.turn_number == turn and s.state.allotted == 3
        if turn == 15:  # Ann's deck: 22 - 6 turns × 3 = 4
            refused(s, {"kind": "consolidate", "mine": 0, "theirs": 3, "into": 0},
                    "only a General can Consolidate: Ann becomes a General when the deck is empty "
                    r"\(4 cards left\)")
        s = push(s, DRAW, DRAW, DRAW)
    assert counts(s, ANN) == (1, 25, 1, 0)                   # 4 + 21 drawn
    assert counts(s, BEA) == (0, 26, 1, 0)                   # 5 + 21 drawn
    assert queries.is_general(s.state, BEA) and not queries.is_general(s.state, ANN)
    assert GAME.summary(s.state)["Bea's status"] == "General"
    # T17 Ann draws her last card and is a General at once
    s = push(s, DRAW)
    assert s.history()[-1].text == "Ann draws a card; Ann's deck is empty: Ann is now a General"
    assert choices.consolidations(s.state) == [(0, 3)]
    assert choices.attack_columns(s.state) == []
    refused(s, {"kind": "consolidate", "mine": 3, "theirs": 0, "into": 0}, "column 4 must be one where Ann")
    refused(s, {"kind": "consolidate", "mine": 0, "theirs": 3, "into": 1}, "combined in column 1 or column 4")
    # Bea's card moves from column 4 to column 1, facing Ann's card
    s = push(s, {"kind": "consolidate", "mine": 0, "theirs": 3, "into": 0})
    assert shown(s, ANN) == [["?"], [], [], []] and shown(s, BEA) == [["?"], [], [], []]
    assert s.history()[-1].text == ("General Ann consolidates columns 1 and 4: Bea's cards move from "
                                    "column 4 to column 1")
    s = push(s, attack(0, "8H", "8C"))                       # equal ranks: both destroyed
    assert counts(s, ANN) == (0, 26, 0, 1) and counts(s, BEA) == (0, 26, 0, 1)
    # T18 Bea, no card in play → 3 actions; Ann's deck is empty: a Drain takes a random card
    # from her hand (the app drew the 7th of 26)
    assert (s.state.turn, s.state.allotted) == (BEA, 3)
    assert choices.drain_from(s.state) == "hand"
    refused(s, {"kind": "drain", "card": "QH", "pick": 27}, "holds 26 cards")
    s = push(s, {"kind": "drain", "card": "QH", "pick": 7})
    assert counts(s, ANN) == (0, 25, 0, 2)
    assert s.history()[-1].text == ("General Bea drains Ann: card 7 of the 26 in Ann's hand, picked at "
                                    "random, Q♥, is discarded")


def test_drain_takes_the_top_of_the_deck_first() -> None:
    s = push(start(), play(0))                               # T1 Ann: column 1 (deck 22, hand 4)
    s = push(s, play(0), DRAW)                               # T2 Bea: column 1 (deck 21, hand 5)
    for _ in range(7):                                       # T3-T16: 3 draws a turn each
        s = push(s, DRAW, DRAW, DRAW, DRAW, DRAW, DRAW)
    # Ann: deck 22 - 21 = 1, hand 4 + 21 = 25; Bea: deck 21 - 21 = 0 (a General), hand 5 + 21 = 26
    assert counts(s, ANN) == (1, 25, 1, 0) and counts(s, BEA) == (0, 26, 1, 0)
    assert (s.state.turn, s.state.turn_number) == (ANN, 17)
    refused(s, {"kind": "drain", "card": "KS"}, "only a General can Drain")
    s = push(s, attack(0, "9H", "2S"), play(1), play(2))     # T17 Ann: 9 > 2
    # T18 Bea, a General with no card in play (3 actions); Ann's deck still holds 1 card
    assert (s.state.turn, s.state.allotted) == (BEA, 3)
    assert choices.drain_from(s.state) == "deck"
    refused(s, {"kind": "drain", "card": "QH", "pick": 1}, "the top card of the deck is discarded")
    refused(s, {"kind": "drain", "card": "QS"}, "not in Ann's red army")
    refused(s, {"kind": "drain", "card": "9H"}, "9♥ is already face up")
    s = push(s, {"kind": "drain", "card": "QH"})
    # Ann: deck 0, hand 25 - 2 = 23, in play 9♥ and two face-down cards, discard Q♥: 23 + 3 + 1 = 27
    assert counts(s, ANN) == (0, 23, 3, 1)
    assert s.history()[-1].text == ("General Bea drains Ann: the top card of Ann's deck, Q♥, is discarded; "
                                    "Ann's deck is empty: Ann is now a General")
    assert choices.drain_from(s.state) == "hand"


# --- the end ----------------------------------------------------------------------------


def position(ann: Army, bea: Army, turn: int = ANN, **settings) -> Session:
    """A session resumed at a constructed position (Ann to play, 3 actions)."""
    setup = GAME.make_setup(["Ann", "Bea"], settings)
    state = CardStrategoState(setup=setup, armies=(ann, bea), turn=turn, turn_number=11 + turn,
                              allotted=3, actions_left=3, start_columns=1)
    return Session(GAME, setup, (), (), (state,))


def all_but(colour: str, keep: str) -> tuple[Card, ...]:
    from card_companion.calculators.card_stratego import ARMIES

    return tuple(c for c in ARMIES[colour].faces() if c != Card.parse(keep))


def face_up(text: str) -> tuple[InPlay, ...]:
    return tuple(InPlay(card=c) for c in cards(text))


def test_the_last_card_destroyed_wins_the_game() -> None:
    ann = Army(colour="red", deck=0, hand=0, columns=(face_up("8H"), (), (), ()), discard=all_but("red", "8H"))
    bea = Army(colour="black", deck=0, hand=0, columns=(face_up("7S"), (), (), ()), discard=all_but("black", "7S"))
    s = position(ann, bea)
    GAME.random_play().check_invariants(s.state)
    s = push(s, attack(0))                                   # 8 > 7: Bea's 27th card is discarded
    assert s.is_over
    assert s.outcome.winners == (ANN,)
    assert s.outcome.headline == "Ann wins: Bea's army is destroyed"
    with pytest.raises(IllegalAction, match="game is over"):
        push(s, DRAW)


def test_both_armies_destroyed_at_once_is_a_tie() -> None:
    ann = Army(colour="red", deck=0, hand=0, columns=(face_up("9H"), (), (), ()), discard=all_but("red", "9H"))
    bea = Army(colour="black", deck=0, hand=0, columns=((InPlay(),), (), (), ()), discard=all_but("black", "9S"))
    s = push(position(ann, bea), attack(0, None, "9S"))     # equal ranks: both destroyed
    assert s.is_over
    assert s.outcome.winners == ()
    assert s.outcome.headline == "A tie: both armies are destroyed at once"


def test_a_drain_can_end_the_game() -> None:
    ann = Army(colour="red", deck=0, hand=2, columns=(face_up("8H"), (), (), ()),
               discard=tuple(c for c in all_but("red", "8H") if c not in cards("QH KH")))
    bea = Army(colour="black", deck=0, hand=1, columns=((), (), (), ()), discard=all_but("black", "5C"))
    s = push(position(ann, bea), {"kind": "drain", "card": "5C", "pick": 1})
    assert s.is_over and s.outcome.winners == (ANN,)


def test_unseen_jacks_and_the_joker_must_be_in_the_deck_or_hand() -> None:
    # Ann has seen every card but J♥, J♦ and the Joker and her last 3 cards are in her hand:
    # they are those three, and none of them can be put into play
    seen = tuple(c for c in all_but("red", "JH") if c not in cards("JD JOKER 5H"))
    ann = Army(colour="red", deck=0, hand=3, columns=(face_up("5H"), (), (), ()), discard=seen)
    # Bea: deck 5 + hand 5 + 1 in play + 16 discarded (A-K of spades, A-3 of clubs) = 27
    bea = Army(colour="black", deck=5, hand=5, columns=((InPlay(),), (), (), ()), discard=all_but("black", "X")[:16])
    s = position(ann, bea)
    GAME.random_play().check_invariants(s.state)
    assert choices.play_places(s.state) == {}
    refused(s, play(1), "hand can only hold J♥ J♦ Joker")
    # the 2♥ was seen in the discard pile, so it cannot be played from the hand
    refused(s, {"kind": "scout", "scout": "2H", "reveal": {"place": place(BEA, 0), "card": "KS"}},
            "2♥ is already in Ann's discard pile")
    s = push(s, {"kind": "joker", "target": place(BEA, 0), "card": "KC"})
    assert hand_cards(s.state).keys() == {JackRearrange}


# --- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(("action", "words"), [
    ({"kind": "play", "column": 4}, "column"),
    ({"kind": "play", "column": 0, "position": 3}, "position"),
    ({"kind": "six", "six": "6H", "target": {"player": 2, "column": 0, "position": 0}}, "player"),
    ({"kind": "attack", "column": 0, "attacker": "1H"}, "is not a card"),
    ({"kind": "fly"}, "'fly' is not a step of this game; the steps are draw, play"),
    ({"kind": "draw", "player": 1}, "player"),
])
def test_unreadable_actions_are_refused_with_a_message(action: dict, words: str) -> None:
    with pytest.raises(IllegalAction, match=words):
        GAME.parse_action(action)


def test_board_rules_are_checked() -> None:
    s = push(start(), play(0), play(0), play(0, 1), play(0, 1), play(0, 2))  # T3 Ann, 1 action left
    assert shown(s, ANN)[0] == ["?", "?", "?"]
    refused(s, play(0), "already holds 3 cards")
    refused(s, play(1, 1), "column 2 has no card in the front rank")
    refused(s, {"kind": "six", "six": "6H", "target": place(BEA, 1)}, "Bea has no card at the front rank of column 2")
    refused(s, {"kind": "six", "six": "7H", "target": place(BEA, 0)}, "7♥ is not a 6")
    refused(s, {"kind": "consolidate", "mine": 0, "theirs": 1, "into": 0}, "only a General")
    assert choices.play_places(s.state) == {1: [0], 2: [0], 3: [0]}
    assert choices.attack_columns(s.state) == [0]


def test_save_and_load_a_hand_worked_game() -> None:
    s = push(start(first_army="black"), play(0), play(0), play(0, 1), attack(0, "9S", "2H"))
    loaded = Session.from_json(s.to_json())
    assert loaded.state == s.state
    assert loaded.undo().state == s.undo().state


def test_what_the_views_ask() -> None:
    s = push(start(), play(0), play(0), play(1))
    st = s.state
    assert legal_actions(st).allows(Draw)
    assert choices.attack_columns(st) == [0]
    assert checks.cards_in_play(st) == [Place(player=ANN, column=0, position=0),
                                      Place(player=BEA, column=0, position=0),
                                      Place(player=BEA, column=1, position=0)]
    assert checks.face_down_places(st) == checks.cards_in_play(st)
    specials = hand_cards(st)
    assert specials[JokerDestroy] == [Card.parse("JOKER")]
    assert specials[ScoutReveal] == cards("2H 3H 4H 2D 3D 4D")
    assert specials[SixReturn] == cards("6H 6D")
    assert specials[JackReveal] == cards("JH JD")
    assert choices.drain_from(st) is None and choices.consolidations(st) == []
    assert queries.counts(st, BEA) == {"deck": 22, "hand": 3, "battlefield": 2, "discard": 0}
    assert len(choices.card_choices(st, BEA)) == 24           # 27 less two Jacks and the Joker
    assert (ANN, "row", 0) in choices.jack_lines(st)
    # Ann's lone front card (column 1) can go to any of the three empty columns of the front
    # rank: three distinct rearrangements (new column c takes the card of old column order[c])
    orders = choices.rearrangements(st, ANN, "row", 0)
    assert len(orders) == 3
    assert sorted(o.index(0) for o in orders) == [1, 2, 3]
    # Bea's front row holds two cards (columns 1 and 2), nothing behind them: each can stay or
    # go to one of the 4 places, distinct places: 4 × 3 = 12 layouts, less the one unchanged
    assert len(choices.rearrangements(st, BEA, "row", 0)) == 11
    assert choices.rearrangements(st, BEA, "column", 0) == []      # one card: nothing to reorder


def test_an_action_of_another_game_is_refused() -> None:
    from card_companion.companion.peace_and_love import Refresh

    s = start()
    with pytest.raises(IllegalAction, match="Card Stratego has no step .refresh."):
        GAME.apply(s.state, Refresh(fighter=0))
    assert choices.rearrangements(s.state, 2, "row", 0) == []
    assert choices.rearrangements(s.state, 0, "column", 4) == []


def test_the_table_views_helpers() -> None:
    import random

    from card_companion.calculators.cards import Rank

    # Ann: a card in column 2 with one behind it; Bea: one card in column 2
    s = push(start(), play(1), play(1), DRAW, play(1, 1))
    st = s.state
    # Ann's front rank: the front card of column 2 to column 4 leaves the card behind it alone
    assert queries.rearrangement_refusal(st, ANN, "row", 0, (0, 3, 2, 1)) == (
        "that leaves a card in the second rank of column 2 with no card in front of it")
    assert queries.rearrangement_refusal(st, ANN, "column", 1, (1, 0)) is None
    assert queries.rearrangement_refusal(st, ANN, "column", 1, (0, 1)).startswith("that leaves every card where it was")
    assert (queries.rearrangement_refusal(st, BEA, "row", 1, (1, 0, 2, 3))
            == "Bea has no card in the second rank to rearrange")
    # the picker's cards: Ann's red army; a card in play is never a Jack or the Joker
    standing = queries.entry_deck(st, ANN)
    assert standing.contains(Card.parse("QH")) and not standing.contains(Card.parse("JH"))
    assert not standing.contains(Card.parse("QS")) and not standing.jokers
    anything = queries.entry_deck(st, BEA, standing=False)
    assert anything.contains(Card.parse("JS")) and anything.jokers == 1 and Rank.JACK in anything.ranks
    # a Drain's random pick: only a General, and only from an empty deck's hand
    assert queries.drain_pick(st, random.Random(1)) is None
