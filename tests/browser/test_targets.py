"""In Chromium at 390×844: every tappable control of every screen is at least
48×48 px (Material's minimum), found by walking Flutter's semantics tree (tests/browser/
targets.py): home with a saved game of each game, its delete, export and import dialogs, the
players and settings screens, a table's code; and for each game its new-game screen, its table
mid-game (a saved game still going, as tests/browser/test_themes.py does) with the ⋮ menu open, its
history, its rules and its calculator. Each offender is listed with its label and size."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from card_companion.companion.registry import GAMES
from tests.browser.support.harness import by_id, save_game, see, tap
from tests.browser.support.targets import small_targets, targets
from tests.views.test_contrast import played

pytestmark = pytest.mark.browser

PHONE = (390, 844)
CALCULATOR_PART = {"cardpeegee": "part"}
"""a control each game's calculator opens with: the card slots, or CardPeeGee's choice of what to count"""


def under_way(game_id: str):
    """A seeded random game 25 steps in and still going (seed 3 ends Peace and Love and
    CardPeeGee early: their tables would show only the result)."""
    return next(s for seed in range(3, 60) if not (s := played(game_id, seed, 25)).is_over)


def judged(page, screen: str, must_see: tuple[str, ...] = ()) -> list[str]:
    """The offenders of the screen on show; ``must_see``: test ids the walk has to meet (a
    walk that found nothing would pass for nothing)."""
    seen = targets(page)  # one walk for both: it scrolls the whole screen through
    if must_see:
        ids = {t["id"] for t in seen}
        missing = [i for i in must_see if not any(i == x or x.startswith(i + "-") for x in ids)]
        assert not missing, f"{screen}: the walk did not meet {missing}"
    return small_targets(page, screen, seen)


def report(offenders: list[str]) -> str:
    return f"{len(offenders)} tappable controls under 48×48 px:\n" + "\n".join(offenders)


def test_home_and_its_dialogs_players_settings(open_page, start_server, tmp_path, shots):
    data = tmp_path / "data"
    gids = {game_id: save_game(data, played(game_id, 3, 25)) for game_id in sorted(GAMES)}
    save_game(data, played("fight", 5, 400))  # a finished game: the players screen has records
    page = open_page(start_server(data).url, *PHONE)
    see(page, "Saved games")
    gid = gids["fight"]
    bad = judged(page, "home", ("players", "settings", f"resume-{gid}", f"delete-{gid}", "join-submit", "new-fight"))
    tap(page, f"delete-{gid}")
    expect(by_id(page, "cancel-delete")).to_be_visible()
    bad += judged(page, "delete dialog", ("confirm-delete", "cancel-delete"))
    tap(page, "cancel-delete")
    tap(page, f"export-{gid}")
    expect(by_id(page, "export-close")).to_be_visible()
    bad += judged(page, "export dialog", ("export-download", "export-close"))
    tap(page, "export-close")
    tap(page, "import")
    expect(by_id(page, "import-cancel")).to_be_visible()
    bad += judged(page, "import dialog", ("import-submit", "import-cancel"))
    tap(page, "import-cancel")
    tap(page, "players")
    see(page, "Players")
    page.wait_for_timeout(500)
    bad += judged(page, "players", ("back",))
    tap(page, "back")
    tap(page, "settings")
    expect(by_id(page, "theme")).to_be_visible()
    bad += judged(page, "settings", ("back", "theme"))
    tap(page, "back")
    assert not bad, report(bad)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_screen_of_a_game(open_page, start_server, tmp_path, shots, game_id):
    data = tmp_path / "data"
    gid = save_game(data, under_way(game_id))
    page = open_page(start_server(data).url, *PHONE)
    see(page, "Saved games")
    tap(page, f"new-{game_id}")
    expect(by_id(page, "start")).to_be_visible()
    bad = judged(page, "new game", ("back", "add-player", "start"))
    tap(page, "back")
    see(page, "Saved games")
    tap(page, f"resume-{gid}")
    see(page, GAMES[game_id].name)
    expect(by_id(page, "undo")).to_be_visible()
    page.wait_for_timeout(500)
    bad += judged(page, "table", ("back", "undo", "redo", "more"))
    shots(page, "table")
    tap(page, "more")
    expect(by_id(page, "history")).to_be_visible()
    bad += judged(page, "table's ⋮ menu", ("history", "rules", "calculator"))
    tap(page, "history")
    expect(by_id(page, "history-standing")).to_be_visible()
    bad += judged(page, "history", ("back",))
    tap(page, "back")
    expect(by_id(page, "undo")).to_be_visible()
    tap(page, "back")
    see(page, "Saved games")
    tap(page, f"rules-{game_id}")
    expect(by_id(page, "rules-tab")).to_be_visible()
    bad += judged(page, "rules", ("back", "rules-tab", "rule-search"))
    tap(page, "back")
    see(page, "Saved games")
    tap(page, f"calc-{game_id}")
    page.wait_for_timeout(800)
    bad += judged(page, "calculator", ("back", CALCULATOR_PART.get(game_id, "calc-slots")))
    assert not bad, report([f"{game_id} {line}" for line in bad])


def test_screens_after_the_sizes_in_light_and_dark(open_page, start_server, tmp_path, shots):
    """Pictures to look at: home, settings, a table with a card picker and a new-game screen with
    its segmented settings (PC War's jokers and blank card) at 390 px, light and dark (nothing cut
    or crowded by the 48 px targets)."""
    from tests.browser.support.harness import choose_theme

    data = tmp_path / "data"
    gid = save_game(data, under_way("peace-and-love"))
    page = open_page(start_server(data).url, *PHONE)
    for theme in ("Light", "Dark"):
        choose_theme(page, theme)
        see(page, "Saved games")
        shots(page, f"home-{theme.lower()}")
        tap(page, "settings")
        expect(by_id(page, "theme")).to_be_visible()
        page.wait_for_timeout(300)
        shots(page, f"settings-{theme.lower()}")
        tap(page, "back")
        see(page, "Saved games")
        tap(page, f"resume-{gid}")
        expect(by_id(page, "undo")).to_be_visible()
        expect(by_id(page, "mode")).to_be_visible()  # the turn's Fight / Retire / Refresh
        page.wait_for_timeout(800)  # the table's page slides in over home
        shots(page, f"table-{theme.lower()}")
        tap(page, "back")
        see(page, "Saved games")
        tap(page, "new-pc-war")
        expect(by_id(page, "setting-jokers")).to_be_visible()
        shots(page, f"new-game-{theme.lower()}")
        tap(page, "back")
