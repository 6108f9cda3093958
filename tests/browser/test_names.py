"""In Chromium at 390×844: a name typed with a zero-width space is
said on the new-game screen and kept as it looks; two phones on the Players screen rename the
same player, and the one that renames second is told the player's name now. Screenshots in
the light and the dark theme."""

from __future__ import annotations

import pytest

from card_companion.companion.registry import game
from card_companion.companion.session import Session
from tests.browser.support.harness import by_id, choose_theme, into_view, save_game, see, tap, to_top, type_into
from tests.fight.test_tracker import a_match_best_of_three

pytestmark = pytest.mark.browser

PHONE = (390, 844)
NOTE = "Ann is kept without the invisible character U+200B (zero width space)."
LOST = "Ann is called Anna now (renamed or merged meanwhile, on another phone?): nothing was changed."


def rename_on(page, who: str, new: str) -> None:
    """The Players screen's rename: the player chosen, the new name typed, Rename tapped."""
    into_view(page, "edit-players")
    by_id(page, "edit-who").first.click()
    page.get_by_role("menuitem", name=who).or_(page.get_by_text(who, exact=True)).last.click()
    type_into(page, "edit-name", new)
    tap(page, "rename-player")


def test_a_look_alike_name_is_said_and_two_renames_at_once(open_page, start_server, tmp_path, shots):
    data = tmp_path / "data"
    fight = game("fight")
    save_game(data, Session.replay(fight, fight.make_setup(["Ann", "Bea"]), list(a_match_best_of_three().actions)))
    url = start_server(data).url
    here, there = open_page(url, *PHONE), open_page(url, *PHONE)
    for theme in ("Light", "Dark"):
        choose_theme(here, theme)
        tap(here, "new-fight")
        type_into(here, "player-0", "Ann\u200b")
        see(here, NOTE)
        shots(here, f"new-game-note-{theme.lower()}")
        tap(here, "back")
    choose_theme(here, "Light")  # this phone in the light theme, the other in the dark
    choose_theme(there, "Dark")
    for page in (here, there):  # both phones open the Players screen on Ann and Bea
        tap(page, "players")
        see(page, "Standings")
    rename_on(here, "Ann", "Anna")
    see(here, "Renamed: every record says Anna now.")
    into_view(here, "edit-said")
    shots(here, "rename-won-light")
    rename_on(there, "Ann", "Annie")  # this screen still lists Ann
    see(there, LOST)
    into_view(there, "edit-said")
    shots(there, "rename-lost-dark")
    to_top(there)
    assert by_id(there, "player-Anna").count() == 1 and by_id(there, "player-Ann").count() == 0
    shots(there, "rename-lost-standings-dark")
