"""Every ask knows how many copies of a card its decks hold, and no list is
longer than a deck's worth. Expected counts from the texts: Peace and Love deals from one pack
for two players, two for three to five, n // 2 for n >= 6; CardPeeGee shuffles one pack per
four players (each pack: 52 cards and, when used, its 2 Jokers)."""

from __future__ import annotations

import json
import time

import pytest

from card_companion.companion.game import IllegalAction
from card_companion.companion.peace_and_love import GAME as PAL
from card_companion.companion.protocol import resolve_line
from card_companion.companion.session import Session


def answer(request: dict) -> dict:
    return json.loads(resolve_line(json.dumps(request)))


def pal_fight(cards: tuple[str, str, str, str], **more) -> dict:
    f1, c1, f2, c2 = cards
    return answer({"game": "peace-and-love", "ask": "fight", "players": 2, "attacker": 0, "defender": 1,
                   "fighters": [{"player": 0, "fighter": f1, "card": c1}, {"player": 1, "fighter": f2, "card": c2}],
                   **more})


def test_peace_and_love_fight_refuses_a_card_twice_from_one_pack():
    # 2 players: one pack, so one 9♥ (the repro: the same card as fighter and as played card)
    r = pal_fight(("9H", "9H", "5S", "2C"))
    assert r == {"error": "9♥ is entered 2 times, but the deck of Peace and Love holds only one"}
    # three times
    assert "entered 3 times" in pal_fight(("9H", "9H", "9H", "2C"))["error"]
    # with two packs shuffled together (a table that uses them), two 9♥ are possible
    assert "error" not in pal_fight(("9H", "9H", "5S", "2C"), decks=2)
    assert "holds 2" in pal_fight(("9H", "9H", "9H", "2C"), decks=2)["error"]


def test_peace_and_love_deal_refuses_a_card_twice_and_one_already_face_up():
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea"]))  # 2 players: one pack
    with pytest.raises(IllegalAction, match="K♦ is entered 2 times"):
        s.push(PAL.parse_action({"kind": "deal", "player": 0, "fighters": ["KD", "KD", "QC"]}))
    s = s.push(PAL.parse_action({"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]}))
    before = s.state
    with pytest.raises(IllegalAction, match="K♦ is entered 2 times"):  # Ann's K♦ is face up already
        s.push(PAL.parse_action({"kind": "deal", "player": 1, "fighters": ["KD", "2C", "3C"]}))
    assert s.state == before
    # three players play with two packs: a second K♦ is there
    s3 = Session.start(PAL, PAL.make_setup(["Ann", "Bea", "Cy"]))
    s3 = s3.push(PAL.parse_action({"kind": "deal", "player": 0, "fighters": ["KD", "KD", "QC"]}))
    with pytest.raises(IllegalAction, match="K♦ is entered 3 times, but the deck of Peace and Love with 2 packs"):
        s3.push(PAL.parse_action({"kind": "deal", "player": 1, "fighters": ["KD", "2C", "3C"]}))


def test_cardpeegee_play_takes_no_more_copies_than_the_packs_hold():
    nine = ["5C"] * 9  # the repro: nine 5♣ from one pack
    r = answer({"game": "cardpeegee", "ask": "play", "cards": nine})
    assert r == {"error": "5♣ is entered 9 times, but the deck of CardPeeGee (one pack) holds only one"}
    assert "error" in answer({"game": "cardpeegee", "ask": "play", "cards": nine, "packs": 8})  # 8 packs: eight 5♣
    ok = answer({"game": "cardpeegee", "ask": "play", "cards": nine, "packs": 9})
    assert ok["values"]["C"] == 45  # 9 × 5 (no active cards, no element)
    # an active card counts too: 5♣ played while the only A♣ of the pack is active... and a second A♣ played
    r = answer({"game": "cardpeegee", "ask": "play", "cards": ["AC", "5C"], "active": ["AC"]})
    assert "A♣ is entered 2 times" in r["error"]


def test_boss_stack_of_two_million_cards_is_refused_at_once():
    huge = json.dumps({"game": "cardpeegee", "ask": "boss-stack", "cards": ["KH"] * 2_000_000})
    assert json.loads(resolve_line(huge)) == {"error": "the request is longer than 1,000,000 bytes"}
    request = json.dumps({"game": "cardpeegee", "ask": "boss-stack", "cards": ["KH"] * 150_000})  # 900 KB
    t = time.perf_counter()
    r = json.loads(resolve_line(request))
    took = time.perf_counter() - t
    assert "error" in r and "864" in r["error"]  # 16 packs × 54 cards at the most
    assert took < 5, f"{took:.1f} s"
    r = answer({"game": "cardpeegee", "ask": "boss-stack", "cards": ["KH", "KH", "QH"]})
    assert r["error"] == "K♥ is entered 2 times, but the deck of CardPeeGee (one pack) holds only one"
    assert "error" not in answer({"game": "cardpeegee", "ask": "boss-stack", "cards": ["KH", "KH", "QH"], "packs": 2})


def test_trap_and_monster_count_the_agitator_with_the_props():
    r = answer({"game": "cardpeegee", "ask": "trap", "agitator": "9S", "props": ["9S"], "evasion": 2})
    assert r["error"] == "9♠ is entered 2 times, but the deck of CardPeeGee (one pack) holds only one"
    r = answer({"game": "cardpeegee", "ask": "monster", "agitator": "9C", "props": ["4D", "4D"]})
    assert "4♦ is entered 2 times" in r["error"]
