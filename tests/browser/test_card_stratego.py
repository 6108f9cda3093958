"""Card Stratego in Chromium: a new game, four turns with two battles (a Queen against a 7,
then a Bomb defending), undo, reload and the history; screenshots of the battlefield and of
each battle result.

The window is phone-wide and tall, so that each screenshot shows the whole table.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.support.harness import by_id, enable_semantics, pick_cards, see, tap, type_into

pytestmark = pytest.mark.browser


def put_into_play(page, cell: str) -> None:
    tap(page, "action-play")
    tap(page, cell)
    tap(page, "play-submit")


def test_turns_with_battles_undo_and_reload(open_page, server, shots):
    page = open_page(server.url, 400, 1600)
    see(page, "Card Companion")
    tap(page, "new-card-stratego")
    expect(by_id(page, "start")).to_be_visible()
    type_into(page, "player-0", "Ann")
    type_into(page, "player-1", "Bea")
    tap(page, "start")
    see(page, "Ann's turn")
    see(page, "Actions left: 1 of 1")
    # turn 1, Ann (1 action): a face-down card in column 2
    put_into_play(page, "cell-0-1-0")
    # turn 2, Bea (2 actions): draw, then a card facing Ann's
    see(page, "Actions left: 2 of 2")
    tap(page, "action-draw")
    see(page, "Actions left: 1 of 2")
    put_into_play(page, "cell-1-1-0")
    # turn 3, Ann (3 actions: cards in 1 column): a card in column 1, one behind column 2
    see(page, "Actions left: 3 of 3")
    put_into_play(page, "cell-0-0-0")
    put_into_play(page, "cell-0-1-1")
    see(page, "Actions left: 1 of 3")
    tap(page, "action-attack")
    tap(page, "cell-0-1-0")
    expect(by_id(page, "battle-slot-0")).to_be_visible()
    shots(page, "battlefield-attack-chosen")
    # both cards are turned up: Ann's 7♥ attacks Bea's Q♠; a Queen beats an odd card
    pick_cards(page, "battle-picker", "7H QS")
    tap(page, "battle-submit")
    see(page, "Battle: Ann's 7♥ is destroyed")
    see(page, "Rule: Queen against odd/even")
    see(page, "Bea's turn")
    expect(by_id(page, "battle-result")).to_be_visible()
    shots(page, "battle-result-queen")
    # turn 4, Bea: her Q♠, face up, attacks Ann's card that moved up: only Ann's is entered
    tap(page, "action-attack")
    tap(page, "cell-1-1-0")
    expect(by_id(page, "battle-slot-0")).to_be_visible()
    expect(by_id(page, "battle-slot-1")).to_have_count(0)
    pick_cards(page, "battle-picker", "AH")
    tap(page, "battle-submit")
    see(page, "Battle: Bea's Q♠ is destroyed")
    see(page, "Rule: Bomb defending")
    see(page, "Actions left: 2 of 3")
    shots(page, "battle-result-bomb")
    # undo the Bomb's battle: the Queen's is shown again; a reload keeps the game as it was
    tap(page, "undo")
    see(page, "Battle: Ann's 7♥ is destroyed")
    page.reload()
    enable_semantics(page)
    see(page, "Battle: Ann's 7♥ is destroyed")
    see(page, "Actions left: 3 of 3")
    tap(page, "redo")
    see(page, "Battle: Bea's Q♠ is destroyed")
    shots(page, "after-reload-and-redo")
    tap(page, "more")  # the menu of history, rules, calculator
    tap(page, "history")
    see(page, "Ann's 7♥ attacks Bea's Q♠ in column 2")
    shots(page, "history", full_page=False)
