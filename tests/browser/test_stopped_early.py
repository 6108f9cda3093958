"""In Chromium at 390×844, light and dark: Peace and Love's Stop dialog says the
game counts and offers Stop without counting; a game stopped and counted is a record marked
"stopped early" on the Players screen, and Tonight and the Players screen say how many stopped
games counted; the one stopped without counting is among the unfinished ones."""

from __future__ import annotations

import pytest

from tests.browser.support.harness import by_id, choose_theme, into_view, save_game, see, tap, to_top
from tests.records.test_one_standing import PAL, mid_game

pytestmark = pytest.mark.browser

PHONE = (390, 844)
COUNTS = "It counts in the records and the ratings, marked stopped early."
ONE_COUNTED = "1 game stopped early counts, as it was scored at its stop."


def test_stop_that_counts_and_stop_without_counting(open_page, start_server, tmp_path, shots):
    data = tmp_path / "data"
    counted, abandoned = mid_game(1), mid_game(2)  # Ann, Bob and Cy, Anti Math Geek, turns played
    gids = [save_game(data, s) for s in (counted, abandoned)]
    stopped = counted.push(PAL.parse_action({"kind": "stop"}))
    words = PAL.headline(stopped.state)  # "Stopped early: ... wins with ... points"
    page = open_page(start_server(data).url, *PHONE)

    # light: the dialog, Stop now, the result, Tonight, the Players screen
    choose_theme(page, "Light")
    tap(page, f"resume-{gids[0]}")
    into_view(page, "stop")
    tap(page, "stop")
    see(page, COUNTS)
    into_view(page, "stop-panel")
    shots(page, "stop-dialog-light")
    tap(page, "stop-confirm")
    see(page, words)
    to_top(page)
    shots(page, "stopped-and-counted-light")
    tap(page, "back")
    see(page, f"Peace and Love: {words}")  # tonight's results: the record's line
    see(page, ONE_COUNTED)
    into_view(page, "tonight")
    shots(page, "tonight-light")
    tap(page, "players")
    see(page, "Standings")
    see(page, ONE_COUNTED)
    shots(page, "players-light")
    into_view(page, "latest")
    see(page, "stopped early")
    shots(page, "players-latest-light")
    to_top(page)
    tap(page, "back")

    # dark: the dialog again, Stop without counting: no record, one unfinished game
    choose_theme(page, "Dark")
    tap(page, f"resume-{gids[1]}")
    into_view(page, "stop")
    tap(page, "stop")
    see(page, COUNTS)
    into_view(page, "stop-panel")
    shots(page, "stop-dialog-dark")
    tap(page, "stop-uncounted")
    see(page, "Stopped early, not counted:")
    to_top(page)
    shots(page, "stopped-not-counted-dark")
    tap(page, "back")
    see(page, ONE_COUNTED)
    tap(page, "players")
    see(page, "Standings")
    see(page, ONE_COUNTED)
    see(page, "1 unfinished game (still being played, or stopped without counting) counts for nothing.")
    assert by_id(page, f"record-{gids[1]}").count() == 0
    shots(page, "players-dark")
    into_view(page, "latest")
    see(page, "stopped early")
    shots(page, "players-latest-dark")
