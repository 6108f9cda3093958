"""In Chromium at 390×844: the saved-games list tells two games of
the same players apart by how they stand; in a Peace and Love game's history a mistyped
card of an earlier step is entered again (the later steps replayed on it), the game jumps
back to an earlier step and every step comes back, and Undo on the table takes the edit
back. Screenshots in test-output/screenshots/<run>/<test>/."""

from __future__ import annotations

import pytest

from tests.browser.support.harness import into_view, pick_card, save_game, see, tap, to_top
from tests.games.test_history_edit import played

pytestmark = pytest.mark.browser

PHONE = (390, 844)


def test_edit_a_card_in_the_history_and_jump_back(open_page, tmp_path, shots, start_server):
    data = tmp_path / "data"
    save_game(data, played(3))  # the same players, an earlier game: only the attack entered
    gid = save_game(data, played())
    server = start_server(data)
    page = open_page(server.url, *PHONE)

    # the list: each game as it stands, not "5 steps"
    see(page, "Bea leads 9–0 · turn 2")
    see(page, "level at 0–0 · turn 1")
    shots(page, "home-two-games-of-ann-and-bea")

    tap(page, f"resume-{gid}")
    see(page, "Ann's turn")
    tap(page, "more")  # the menu of history, rules, calculator
    tap(page, "history")
    see(page, "5. Ann's new fighter: 8♠; the fight is over")
    shots(page, "history")

    # step 4: Bea's 3♣ was a 4♣
    into_view(page, "edit-step-4")
    tap(page, "edit-step-4")
    see(page, "New cards for step 4")
    into_view(page, "edit-4")
    shots(page, "edit-step-4-prefilled")
    tap(page, "edit-slot-0")
    pick_card(page, "edit-picker", "4C")
    into_view(page, "edit-submit")
    tap(page, "edit-submit")
    see(page, "Step 4 now reads: Round 1: Bea 4♣ on 5♠")
    to_top(page)
    shots(page, "step-4-edited")

    # jump back to step 2, then bring every step back
    into_view(page, "undo-to-2")
    tap(page, "undo-to-2")
    see(page, "Back to step 2: 3 later steps undone.")
    to_top(page)
    shots(page, "back-to-step-2")
    tap(page, "redo-all")
    see(page, "Every undone step is back: 5 steps.")
    see(page, "4. Round 1: Bea 4♣ on 5♠")  # the edit is kept through the jump
    shots(page, "all-steps-back")

    # on the table, Undo takes the edit back: Bea's 3♣ again
    tap(page, "back")
    see(page, "Ann's turn")
    tap(page, "undo")
    see(page, "Undid: the new cards of step 4")
    shots(page, "table-undid-the-edit")
    tap(page, "more")  # the menu of history, rules, calculator
    tap(page, "history")
    see(page, "4. Round 1: Bea 3♣ on 5♠")
    see(page, "1 undone change waits to be redone (next: the new cards of step 4")
    shots(page, "history-after-undo")
    tap(page, "back")
    see(page, "Ann's turn")
    tap(page, "redo")  # nothing entered is lost: Redo puts the 4♣ back
    see(page, "Redid: the new cards of step 4")
    tap(page, "back")
    see(page, "Bea leads 9–0 · turn 2")
