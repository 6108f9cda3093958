"""Non-Violent, Politically-Correct War in Chromium: the odds on the new-game screen, flips
by tap and by cards through a war with a tie inside it, undo; and Stop and Recount (dialogs
over the flip's entry: kept playing, cancelled, stopped and undone), a recount into a pile
pick-up and the end of the game with its numbers."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.support.harness import by_id, pick_cards, see, tap, type_into

pytestmark = pytest.mark.browser


def scroll(page, dy: int) -> None:
    """Flutter scrolls its own canvas: the mouse wheel over the screen."""
    page.mouse.move(200, 500)
    page.mouse.wheel(0, dy)
    page.wait_for_timeout(300)


def enter_cards(page, kind: str, cards: str) -> None:
    """Pick both cards, wait until the app has them (the button turns on), then compare."""
    pick_cards(page, f"{kind}-picker", cards)
    expect(by_id(page, f"{kind}-submit").get_by_role("button").first).to_be_enabled()
    tap(page, f"{kind}-submit")


def new_game(page, shots=None) -> None:
    tap(page, "new-pc-war")
    expect(by_id(page, "start")).to_be_visible()
    type_into(page, "player-0", "Ann")
    type_into(page, "player-1", "Bea")
    see(page, "Ann 27, Bea 26")  # 53 cards with 1 Joker: Ann, dealt first, gets the odd card
    if shots:
        shots(page, "new-game")


def test_odds_then_flips_through_a_war_with_a_tie_inside(app, shots):
    page = app
    new_game(page, shots)
    # a look at the odds: 10,000 games off the UI thread, the bar moves, then the histogram
    tap(page, "odds-run")
    expect(by_id(page, "odds-progress")).to_be_visible(timeout=10_000)
    scroll(page, 5000)
    # the bar moves while it runs: a count between the first chunk and the end shows up
    midway = re.compile(r"\b[1-9],[05]00 of 10,000 games played")
    expect(page.get_by_text(midway).or_(page.get_by_label(midway)).first).to_be_visible(timeout=30_000)
    shots(page, "odds-running")
    expect(by_id(page, "odds-progress")).to_have_count(0, timeout=40_000)
    expect(by_id(page, "odds-histogram")).to_be_visible()
    see(page, "of the finished games are won by Ann, the first player")
    see(page, "10,000 games with random deals of 53 cards")
    scroll(page, 5000)
    shots(page, "odds-histogram")
    tap(page, "start")

    # flip 1 by one tap: Ann's card is higher, Ann takes both: Ann 26 in hand, 2 in the pile
    see(page, "Flip 1")
    shots(page, "table-start")
    tap(page, "flip-left")
    see(page, "Flip 1: Ann's card is higher → Ann takes both")
    see(page, "Ann's hand: 26 cards")
    see(page, "Ann's pile: 2 cards")
    # flip 2 as the two cards: 7♥ against 9♣, Bea takes both
    enter_cards(page, "flip", "7H 9C")
    see(page, "Flip 2: Ann 7♥, Bea 9♣ → Bea takes both")
    see(page, "9♣ (9) is higher than 7♥ (7)")
    see(page, "Bea's pile: 2 cards")
    shots(page, "after-two-flips")
    # flip 3: K♥ against K♠, a tie → the walk-through: swap hands 24 ⇄ 23
    enter_cards(page, "flip", "KH KS")
    see(page, "A tie! Trade and war")
    see(page, "Swap hands: Ann hands 24 cards to Bea and takes Bea's 23 cards")
    see(page, "On the table: 2 cards")
    shots(page, "tie-walk-through")
    tap(page, "swap")
    # swapped and laid: Ann 23 - 4 = 19, Bea 24 - 4 = 20; 2 + 8 = 10 on the table
    see(page, "War · round 1")
    see(page, "Ann's hand: 19 cards")
    see(page, "Bea's hand: 20 cards")
    see(page, "On the table: 10 cards")
    shots(page, "war-laid")
    # a tie inside the war: the whole procedure again
    tap(page, "war-tie")
    see(page, "A tie in the war: trade and war again (round 2)")
    see(page, "Swap hands: Ann hands 19 cards to Bea and takes Bea's 20 cards")
    shots(page, "tie-inside-the-war")
    tap(page, "swap")
    # Ann 20 - 4 = 16, Bea 19 - 4 = 15; 10 + 8 = 18 on the table
    see(page, "War · round 2")
    see(page, "On the table: 18 cards")
    enter_cards(page, "war", "AH 2D")
    # Ann's A♥ is higher: Ann takes all 18 cards onto her pile (2 + 18 = 20)
    see(page, "War, face up: Ann A♥, Bea 2♦ → Ann takes all 18 cards")
    see(page, "Ann's pile: 20 cards")
    see(page, "Wars: 2   Longest: 2 wars in a row (18 cards)")
    shots(page, "war-won")
    # undo: back to the war's face-up cards, the counts as they were
    tap(page, "undo")
    see(page, "War · round 2")
    see(page, "On the table: 18 cards")
    shots(page, "after-undo")
    tap(page, "redo")
    see(page, "Ann's pile: 20 cards")
    tap(page, "more")  # the menu of history, rules, calculator
    tap(page, "history")
    see(page, "Ann and Bea swap hands")
    shots(page, "history")


def test_recount_pile_pick_up_and_the_end(app, shots):
    page = app
    new_game(page)
    tap(page, "start")
    see(page, "Flip 1")
    # Stop and Recount open over the flip's entry (a modal dialog each) and close back onto it
    tap(page, "stop")
    expect(by_id(page, "stop-panel")).to_be_visible()
    see(page, "The player with fewer cards (hand and pile) wins: Ann has 27, Bea has 26.")
    shots(page, "stop-dialog")
    tap(page, "stop-cancel")
    expect(by_id(page, "stop-panel")).to_have_count(0)
    tap(page, "recount")
    expect(by_id(page, "recount-panel")).to_be_visible()
    tap(page, "recount-cancel")
    expect(by_id(page, "recount-panel")).to_have_count(0)
    expect(by_id(page, "flip-left")).to_be_visible()
    # the players count their cards: Ann 1 in hand and 20 in the pile, Bea 1 and 31
    tap(page, "recount")
    for ident, value in (("recount-hand-0", "1"), ("recount-pile-0", "20"),
                         ("recount-hand-1", "1"), ("recount-pile-1", "31")):
        type_into(page, ident, value)
    see(page, "Together: 53 of 53 cards")
    tap(page, "recount-submit")
    see(page, "Ann's hand: 1 cards")
    # the last cards in both hands: Bea's is higher; both hands are empty: both pick up their piles
    tap(page, "flip-right")
    see(page, "Ann's hand is empty: Ann picks up and shuffles the pile (20 cards)")
    see(page, "Bea's hand is empty: Bea picks up and shuffles the pile (33 cards)")
    see(page, "Ann's hand: 20 cards")
    scroll(page, -5000)
    shots(page, "pile-pick-up")
    # stopped here, the fewer cards win (Ann 20 against Bea 33); Undo brings the game back
    tap(page, "stop")
    see(page, "Ann has 20, Bea has 33.")
    tap(page, "stop-confirm")
    expect(by_id(page, "outcome")).to_be_visible()
    see(page, "Stopped early: fewest cards leads, Ann")
    shots(page, "stopped")
    tap(page, "undo")
    expect(by_id(page, "outcome")).to_have_count(0)
    expect(by_id(page, "flip-left")).to_be_visible()
    # a recount to the end: Ann has her last card, Bea's card is higher: Bea takes it, Ann wins
    tap(page, "recount")
    for ident, value in (("recount-hand-0", "1"), ("recount-pile-0", "0"),
                         ("recount-hand-1", "30"), ("recount-pile-1", "22")):
        type_into(page, ident, value)
    see(page, "Together: 53 of 53 cards")
    tap(page, "recount-submit")
    see(page, "Recount: Ann 1 in hand, 0 in the pile; Bea 30 in hand, 22 in the pile")
    tap(page, "flip-right")
    expect(by_id(page, "outcome")).to_be_visible()
    see(page, "Ann wins: no cards left")
    see(page, "2 flips, 0 wars")
    expect(by_id(page, "final-numbers")).to_be_visible()
    scroll(page, -5000)
    shots(page, "the-end")
