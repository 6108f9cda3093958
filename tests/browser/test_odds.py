"""In Chromium at 390×844: the advisor's odds where a player decides, in a CardPeeGee
fight, a Card Stratego attack on a face-down card and a Peace and Love round with one card
left to enter; the explanation opens on a tap, and the odds never cover the action buttons."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from card_companion.calculators.cards import card
from card_companion.companion.card_stratego import GAME as STRATEGO
from card_companion.companion.card_stratego import PutIntoPlay
from card_companion.companion.cardpeegee import GAME as CPG
from card_companion.companion.cardpeegee import DrawEncounter, NewHero
from card_companion.companion.peace_and_love import GAME as PAL
from card_companion.companion.peace_and_love import Deal, StartFight
from card_companion.companion.session import Session
from tests.browser.support.harness import by_id, into_view, pick_cards, save_game, see, tap

pytestmark = pytest.mark.browser

PHONE = (390, 844)


def starts(text: str) -> re.Pattern:
    """The panel's label (Flutter adds the texts inside it after a line break)."""
    return re.compile("^" + re.escape(text) + "(\n|$)")


def boxes_apart(page, a: str, b: str) -> None:
    """The two controls' boxes on screen do not overlap (the odds never cover a button)."""
    x, y = by_id(page, a).first.bounding_box(), by_id(page, b).first.bounding_box()
    assert x is not None and y is not None
    apart = (x["y"] + x["height"] <= y["y"] or y["y"] + y["height"] <= x["y"]
             or x["x"] + x["width"] <= y["x"] or y["x"] + y["width"] <= x["x"])
    assert apart, f"{a} {x} overlaps {b} {y}"


def resume(open_page, start_server, tmp_path, session) -> object:
    data = tmp_path / "data"
    gid = save_game(data, session)
    page = open_page(start_server(data).url, *PHONE)
    see(page, "Saved games")
    tap(page, f"resume-{gid}")
    return page


def cardpeegee_before_the_round() -> Session:
    """Ann (K♥) and Bea (Q♠), and the Monster 9♣ drawn: its fight's first round to come."""
    s = Session.start(CPG, CPG.make_setup(["Ann", "Bea"], {"run_away": True}))
    s = s.push(NewHero(player=0, character=card("KH"), hp_cards=(card("7H"), card("KS"), card("2C"))))
    s = s.push(NewHero(player=1, character=card("QS"), hp_cards=(card("5D"), card("5C"), card("5S"))))
    return s.push(DrawEncounter(agitator=card("9C"), props=(card("6C"), card("3S"))))


def stratego_face_down_columns() -> Session:
    """Card Stratego, Ann's turn 3: two face-down cards of hers and two of Bea's in play."""
    s = Session.start(STRATEGO, STRATEGO.make_setup(["Ann", "Bea"]))
    for a in (PutIntoPlay(column=1), PutIntoPlay(column=1), PutIntoPlay(column=2), PutIntoPlay(column=1, position=1)):
        s = s.push(a)
    return s


def peace_and_love_first_round() -> Session:
    """Peace and Love: both dealt, Ann's 9♥ attacked by Bea's 5♠, round 1 to play."""
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea"]))
    s = s.push(Deal(player=0, fighters=(card("9H"), card("KD"), card("QC"))))
    s = s.push(Deal(player=1, fighters=(card("5S"), card("2C"), card("7D"))))
    return s.push(StartFight(fighter=0, defender=0, defender_fighter=0))


def test_cardpeegee_fight_odds_before_the_round(open_page, start_server, tmp_path, shots):
    page = resume(open_page, start_server, tmp_path, cardpeegee_before_the_round())
    odds = by_id(page, "fight-odds")
    expect(odds).to_be_visible()
    # Ann: Attack 10, Deal 3, 34 HP against the Monster 9♣: Attack 15, Deal 4, 9 HP, over the 47
    # unknown cards: the fight-odds ask's numbers (the screen is checked against the ask in
    # tests/views/test_advisor.py)
    expect(odds).to_have_attribute("aria-label", starts("Odds: Ann wins the round 5 % · tie 2 % · the Monster 9♣ wins "
                                                        "the round 93 % · Ann left standing 15 %"), timeout=10_000)
    shots(page, "fight-odds")
    tap(page, "fight-odds-how")
    see(page, "the fight to the end: every round has these odds (the score cards go back after each), a tie "
              "changes nothing, and it goes on until one side has no HP left")
    shots(page, "fight-odds-how-counted")
    tap(page, "mode-flee")
    expect(by_id(page, "flee-odds")).to_be_visible()
    boxes_apart(page, "flee-odds", "flee-0")
    # Ann fights alone: no other player stays, so her penalty round has Deal 3 − 2 = 1
    see(page, "If Ann runs away: no other player stays in the fight: Deal 3 − 2 = 1.")
    into_view(page, "flee-0")
    page.mouse.wheel(0, -220)  # the notes above the button: what running away costs her
    page.wait_for_timeout(250)
    shots(page, "ann-may-run-away")
    into_view(page, "flee-odds")
    shots(page, "if-ann-runs-away")


def test_card_stratego_attack_on_a_face_down_card(open_page, start_server, tmp_path, shots):
    page = resume(open_page, start_server, tmp_path, stratego_face_down_columns())
    see(page, "Ann's turn")
    tap(page, "action-attack")
    tap(page, "cell-0-1-0")
    pick_cards(page, "battle-picker", "7H QS")
    tap(page, "battle-submit")
    see(page, "Battle: Ann's 7♥ is destroyed")
    tap(page, "action-attack")
    tap(page, "cell-1-1-0")
    # Ann's next face-down card against Bea's Q♠: 10 of 23 win, 11 lose, 2 both (tests/card_stratego/test_views.py)
    odds = by_id(page, "attack-odds")
    expect(odds).to_have_attribute("aria-label", starts("Odds: Ann wins 43 % · Bea wins 48 % · both destroyed 9 %"))
    tap(page, "attack-odds-how")
    see(page, "the defender wins (Queen against King): 2 of 23")
    boxes_apart(page, "attack-odds", "battle-picker-rank-2")
    into_view(page, "attack-odds")
    shots(page, "attack-odds")


def test_peace_and_love_one_card_left(open_page, start_server, tmp_path, shots):
    page = resume(open_page, start_server, tmp_path, peace_and_love_first_round())
    see(page, "Fight · round 1")
    # the odds only where a choice is open: on Ann's own phone, while her
    # card is the one not entered (the whole table enters the cards once they are face up)
    tap(page, "seat")
    tap(page, "seat-player-0")
    see(page, "You: Ann")
    pick_cards(page, "play-picker", "3C")
    odds = by_id(page, "fight-odds")
    expect(odds).to_be_visible()
    label = odds.first.get_attribute("aria-label")
    assert label.startswith("Odds: Bea's 5♠ loses ") and "Ann's 9♥ loses" in label
    boxes_apart(page, "fight-odds", "play-submit")
    into_view(page, "fight-odds")
    shots(page, "one-card-left")


def test_peace_and_love_stopped_early(open_page, start_server, tmp_path, shots):
    """In Chromium: Stop asks first with who leads, then the result says
    "Stopped early"."""
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea"]))
    s = s.push(Deal(player=0, fighters=(card("9H"), card("KD"), card("QC"))))
    s = s.push(Deal(player=1, fighters=(card("5S"), card("2C"), card("7D"))))
    page = resume(open_page, start_server, tmp_path, s)
    see(page, "Bea's turn")
    into_view(page, "stop")
    tap(page, "stop")
    see(page, "Stop the game?")
    shots(page, "stop-asks-first")
    tap(page, "stop-confirm")
    see(page, "Game over")
    expect(by_id(page, "outcome")).to_be_visible()
    shots(page, "stopped-early")
