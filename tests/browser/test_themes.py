"""In Chromium at 390×844: every game's table mid-game, in the light and the
dark theme, with screenshots to look at (the contrast itself is checked for every text in
tests/views/test_contrast.py)."""

from __future__ import annotations

import pytest

from card_companion.companion.registry import GAMES
from tests.browser.support.harness import choose_theme, save_game, see, tap
from tests.views.test_contrast import played

pytestmark = pytest.mark.browser

PHONE = (390, 844)


def test_every_table_in_light_and_dark(open_page, start_server, tmp_path, shots):
    data = tmp_path / "data"
    games = {game_id: save_game(data, played(game_id, 3, 25)) for game_id in sorted(GAMES)}
    page = open_page(start_server(data).url, *PHONE)
    for theme in ("Light", "Dark"):
        choose_theme(page, theme)
        for game_id, gid in games.items():
            see(page, "Saved games")
            tap(page, f"resume-{gid}")
            see(page, GAMES[game_id].name)
            shots(page, f"{game_id}-{theme.lower()}")
            tap(page, "back")
