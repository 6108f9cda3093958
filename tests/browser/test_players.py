"""In Chromium at 390×844: three FIGHT! matches played to their end on the table
screen (each saved one turn short of it), then tonight's results on the home screen, the
Players screen with its standings, a head-to-head and the charts, in the light and the dark
theme, with screenshots to look at."""

from __future__ import annotations

import pytest

from card_companion.calculators.cards import card
from card_companion.companion.registry import game
from card_companion.companion.session import Session
from tests.browser.support.harness import by_id, choose_theme, into_view, pick_cards, save_game, see, tap, to_top
from tests.fight.test_tracker import a_match_best_of_three

pytestmark = pytest.mark.browser

PHONE = (390, 844)
SEATINGS = (("Ann", "Bea"), ("Cy", "Ann"), ("Bea", "Ann"))
"""the second seat wins the match: Bea, then Ann twice"""


def last_turn(page, names: tuple[str, str]) -> None:
    """The match's last turn: A♥ against 6♠ (6♠ Punch beats A♥ Dodge: 14 points, the match)."""
    see(page, "Ready, set, FIGHT!")
    pick_cards(page, "fight-picker", "AH 6S")
    see(page, f"{names[1]}'s card: {card('6S').symbol}")
    tap(page, "fight-submit")
    see(page, f"{names[1]} wins 2 rounds to 1")


def test_three_games_then_the_players_screen(open_page, start_server, tmp_path, shots):
    data = tmp_path / "data"
    fight = game("fight")
    match = a_match_best_of_three()
    gids = [save_game(data, Session.replay(fight, fight.make_setup(list(names)), list(match.actions[:-1])))
            for names in SEATINGS]
    page = open_page(start_server(data).url, *PHONE)
    for gid, names in zip(gids, SEATINGS):
        see(page, "Saved games")
        tap(page, f"resume-{gid}")
        last_turn(page, names)
        tap(page, "back")
    see(page, "Leader of the night: Ann (2 wins)")
    shots(page, "home-tonight")
    for theme in ("Light", "Dark"):
        choose_theme(page, theme)
        tap(page, "players")
        see(page, "Standings")
        see(page, "2 of 3 won")  # Ann
        shots(page, f"players-{theme.lower()}")
        into_view(page, "head-to-head")
        see(page, "2 games together: Ann won 1, Bea won 1.")
        by_id(page, "h2h-b").first.click()
        page.get_by_role("menuitem", name="Cy").or_(page.get_by_text("Cy", exact=True)).last.click()
        see(page, "1 game together: Ann won 1, Cy won 0.")
        shots(page, f"head-to-head-{theme.lower()}")
        into_view(page, "charts")
        see(page, "Ann: wins per game")
        assert by_id(page, "chart-wins").count() == 1 and by_id(page, "chart-rate").count() == 1
        shots(page, f"charts-{theme.lower()}")
        to_top(page)
        tap(page, "back")
