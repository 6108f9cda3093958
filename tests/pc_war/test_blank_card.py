"""PC War's blank card: "This game includes one blank card to replace lost or
damaged cards, or to make a personal wild card (for example, draw a picture of a friend,
which becomes the strongest or weakest card—you decide!)". Rule 1 removes it from the deck;
the setting ``blank_card`` (none / strongest / weakest) shuffles it in as that wild card.
Every number is worked out by hand from the text (rule 1: "deal out the entire deck ... two
piles, each with half the deck"; the odd card to player 0, dealt first)."""

from __future__ import annotations

import json
import random

import pytest

from card_companion.calculators.cards import BLANK, Card, Deck, card
from card_companion.calculators.pc_war import check_pair, deal, deck_for, flip, play_games, strength
from card_companion.companion.game import IllegalAction
from card_companion.companion.protocol import ProtocolError, resolve
from card_companion.companion.registry import GAMES, game
from card_companion.companion.session import Session

G = game("pc-war")


def start(**settings) -> Session:
    return Session.start(G, G.make_setup(["Ann", "Bea"], settings))


def act(s: Session, **action) -> Session:
    return s.push(G.parse_action(action))


# --- the card -------------------------------------------------------------------------------


def test_the_blank_card_is_read_and_written() -> None:
    assert Card.parse("blank") is BLANK and Card.parse("BL") is BLANK and card(" Blank ") is BLANK
    assert str(BLANK) == "BLANK" and BLANK.symbol == "Blank" and BLANK.is_blank and not BLANK.is_joker
    assert BLANK.suit is None and Card.model_validate("blank") is BLANK
    # only a deck that holds it has it: 52 + 1 Joker + the blank card = 54
    assert not Deck(jokers=1).contains(BLANK) and Deck(jokers=1, blank=1).size == 54
    assert Deck(jokers=1, blank=1).faces()[-1] is BLANK


def test_the_blank_card_ranks_as_the_players_decided() -> None:
    # strongest: above the Ace (13); weakest: below the Joker (0)
    assert strength(BLANK, "strongest") > strength(card("AS")) and strength(BLANK, "weakest") < strength(card("X"))
    r = flip(BLANK, card("AS"), ("Ann", "Bea"), blank="strongest")
    assert r.takes == 0 and r.explanation[0] == ("the blank card is the strongest card (the players' choice): "
                                                 "A♠ is lower")
    r = flip(card("JOKER"), BLANK, ("Ann", "Bea"), blank="weakest")
    assert r.takes == 0 and r.explanation[0] == ("the blank card is the weakest card (the players' choice): "
                                                 "Joker is higher")
    # one blank card: it never ties, and two of it are refused
    with pytest.raises(ValueError, match="only one Blank"):
        check_pair(BLANK, BLANK, deck_for(1, "strongest"))
    with pytest.raises(ValueError, match="the blank card is not in the deck"):
        check_pair(BLANK, card("2C"), deck_for(1))


def test_the_deck_and_the_deal() -> None:
    # 52 + Jokers + the blank card, dealt one at a time from player 0: the odd card to player 0
    assert deck_for(1, "strongest").size == 54 and deal(54) == (27, 27)
    assert deck_for(0, "weakest").size == 53 and deal(53) == (27, 26)
    assert deck_for(2, "strongest").size == 55 and deal(55) == (28, 27)
    for jokers, blank, hands in ((1, "none", (27, 26)), (1, "strongest", (27, 27)), (0, "weakest", (27, 26)),
                                 (2, "weakest", (28, 27))):
        s = start(jokers=jokers, blank_card=blank)
        assert (s.state.players[0].hand, s.state.players[1].hand) == hands


# --- the tracker ---------------------------------------------------------------------------


def test_a_flip_with_the_blank_card() -> None:
    s = start(blank_card="strongest")
    # Ann's blank card against Bea's A♠: the blank is the strongest, Ann takes both (pile 2);
    # Ann 27 − 1 = 26 in hand, Bea 27 − 1 = 26
    s = act(s, kind="flip", cards=["BLANK", "AS"])
    ann, bea = s.state.players
    assert (ann.hand, ann.pile, bea.hand, bea.pile) == (26, 2, 26, 0)
    w = start(blank_card="weakest")
    # weakest: Bea's Joker is higher than Ann's blank card, Bea takes both
    w = act(w, kind="flip", cards=["BLANK", "JOKER"])
    assert (w.state.players[0].pile, w.state.players[1].pile) == (0, 2)
    # the tap must agree with the cards
    with pytest.raises(IllegalAction, match="the cards say"):
        act(start(blank_card="weakest"), kind="flip", cards=["BLANK", "2C"], higher="left")


def test_the_blank_card_is_refused_when_it_is_not_in_the_deck() -> None:
    s = start()
    with pytest.raises(IllegalAction, match="the blank card is not in the deck of Non-Violent, Politically-Correct "
                                            "War \\(the Blank card setting is none: rule 1 removes it\\)"):
        act(s, kind="flip", cards=["BLANK", "AS"])


def test_the_setup_screen_shows_the_setting() -> None:
    from card_companion.views.new_game import field_choices, visible_settings

    shown = visible_settings(G, 2)
    assert "blank_card" in shown
    assert field_choices(shown["blank_card"]) == [("none", "none"), ("strongest", "strongest"),
                                                  ("weakest", "weakest")]


def test_random_play_and_the_simulation_with_the_blank_card() -> None:
    t = play_games(20, random.Random(3), jokers=1, blank="strongest")
    assert t.games == 20 and t.blank == "strongest"
    s = start(blank_card="weakest")
    rng = random.Random(5)
    for _ in range(300):
        if s.is_over:
            break
        s = s.push(G.random_play().random_action(s.state, rng))
        G.random_play().check_invariants(s.state)


# --- the asks ------------------------------------------------------------------------------------


def test_the_flip_ask_takes_the_blank_card_setting() -> None:
    r = resolve({"game": "pc-war", "ask": "flip", "cards": ["BLANK", "KH"], "blank_card": "strongest"})
    assert r["takes"] == 0
    r = resolve({"game": "pc-war", "ask": "flip", "cards": ["BLANK", "KH"], "blank_card": "weakest"})
    assert r["takes"] == 1
    with pytest.raises(ProtocolError, match="the blank card is not in the deck"):
        resolve({"game": "pc-war", "ask": "flip", "cards": ["BLANK", "KH"]})


def test_the_trade_and_war_ask_takes_the_blank_card_setting() -> None:
    # a tie with 10 and 12 cards in hand: swap (12, 10); each lays 3 down and 1 up; 2 + 8 = 10
    # on the table; Bea's blank card (strongest) beats Ann's 2♣: Bea takes the 10 cards
    r = resolve({"game": "pc-war", "ask": "trade-and-war", "hands": [10, 12], "cards": ["2C", "BLANK"],
                 "blank_card": "strongest"})
    assert r["takes"] == 1 and r["piles"] == [0, 10]
    with pytest.raises(ProtocolError, match="the blank card is not in the deck"):
        resolve({"game": "pc-war", "ask": "trade-and-war", "hands": [10, 12], "cards": ["2C", "BLANK"]})


# --- every other game refuses it ---------------------------------------------------------------


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != "pc-war"])
def test_no_other_game_holds_the_blank_card(game_id: str) -> None:
    g = GAMES[game_id]
    assert not g.deck(g.random_play().random_setup(random.Random(1))).contains(BLANK)


def test_other_games_refuse_the_blank_card_in_plain_words() -> None:
    cpg = game("cardpeegee")
    s = Session.start(cpg, cpg.make_setup(["Ann", "Bea"]))
    with pytest.raises(IllegalAction, match="the blank card is not in this game's deck"):
        s.push(cpg.parse_action({"kind": "hero", "player": 0, "character": "KH", "hp_cards": ["BLANK", "2C", "3C"]}))
    with pytest.raises(ProtocolError, match="the blank card is not in the deck of CardPeeGee"):
        resolve({"game": "cardpeegee", "ask": "play", "cards": ["BLANK"]})
    for request in ({"game": "card-stratego", "ask": "battle", "attacker": "BLANK", "defender": "5C"},
                    {"game": "card-stratego", "ask": "attack-odds", "defender": "BL", "unknown": ["2C", "3C"]}):
        with pytest.raises(ProtocolError, match="the blank card is not in the deck of Card Stratego"):
            resolve(request)
    with pytest.raises(ProtocolError, match="Blank is not in the deck of FIGHT!"):
        resolve({"game": "fight", "ask": "won-card", "winner": 0, "card": "BLANK"})


@pytest.mark.parametrize("request_", [
    {"ask": "trap", "agitator": "BLANK", "evasion": 3},
    {"ask": "healer", "agitator": "BLANK"},
    {"ask": "disarm", "trap": "BLANK", "disarm_score": 3, "hero_draw": 2, "trap_draw": 3},
    {"ask": "fight-odds", "hero": {"hp": 5, "attack": 3, "deal": 1}, "monster": {"hp": 5, "attack": 3, "deal": 1},
     "deck": ["BLANK", "2H", "3H"]},
])
def test_every_cardpeegee_ask_says_the_blank_card_is_not_in_its_deck(request_):
    """Not "Blank starts another encounter" or "Blank is loot": the card is in no CardPeeGee deck."""
    from card_companion.companion.protocol import resolve_line

    answer = json.loads(resolve_line(json.dumps({"game": "cardpeegee", **request_})))
    assert answer == {"error": "the blank card is not in the deck of CardPeeGee (only PC War's deck may hold it)"}
