"""The app's shell in Chromium: home, rules, settings, saved games (export, delete, import),
a save file that cannot be read, and two phones sharing one game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from card_companion.calculators.cards import card
from card_companion.companion.peace_and_love import GAME, Deal
from card_companion.companion.session import Session
from tests.browser.support.harness import by_id, enable_semantics, pick_cards, save_game, see, tap, type_into

pytestmark = pytest.mark.browser


def saved_game(data_dir) -> str:
    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
    s = s.push(Deal(player=0, fighters=(card("9H"), card("KD"), card("QC"))))
    return save_game(data_dir, s)


def test_home_rules_and_settings(app, shots):
    page = app
    for name in ("Peace and Love", "FIGHT!", "Card Stratego", "Non-Violent, Politically-Correct War", "CardPeeGee"):
        see(page, name)
    see(page, "2+ players")
    see(page, "No saved games yet")
    shots(page, "home")
    tap(page, "rules-fight")
    see(page, "by Ashley Pringle")
    shots(page, "rule-text", full_page=False)
    by_id(page, "rules-tab").get_by_text("Rulings").click()
    see(page, "Parry beats Punch")
    shots(page, "rulings", full_page=False)
    tap(page, "back")
    tap(page, "settings")
    by_id(page, "theme").get_by_text("Dark").click()
    by_id(page, "text-size").get_by_text("Larger").click()
    page.wait_for_timeout(500)
    shots(page, "settings-dark-larger")
    tap(page, "back")
    see(page, "Saved games")
    shots(page, "home-dark-larger")
    # the choice is kept in this browser
    page.reload()
    enable_semantics(page)
    tap(page, "settings")
    expect(by_id(page, "theme").get_by_role("button", name="Dark")).to_have_attribute("aria-current", "true")


def test_saved_games_export_delete_import(open_page, tmp_path, shots, start_server):
    data = tmp_path / "data"
    gid = saved_game(data)
    server = start_server(data)
    page = open_page(server.url)
    see(page, "Ann, Bea")
    shots(page, "saved-game")
    tap(page, f"export-{gid}")
    field = by_id(page, "export-text").locator("textarea, input").first
    field.click()  # Flutter fills the text into the DOM field once it has the focus
    expect(field).to_have_value(re.compile('"game": "peace-and-love"'))
    exported = field.input_value()
    shots(page, "export")
    tap(page, "export-close")
    tap(page, f"delete-{gid}")
    see(page, "This cannot be undone")
    tap(page, "confirm-delete")
    see(page, "The game was deleted.")
    see(page, "No saved games yet")
    tap(page, "import")
    type_into(page, "import-text", "garbage")
    tap(page, "import-submit")
    see(page, "could not be imported")
    shots(page, "import-refused")
    type_into(page, "import-text", exported)
    tap(page, "import-submit")
    see(page, "Deal: Bea's three fighters")  # the imported game opens where it stopped
    shots(page, "imported")


def test_unreadable_save_file_is_reported_and_left_untouched(open_page, tmp_path, shots, start_server):
    data = tmp_path / "data"
    data.mkdir()
    bad = data / "games.sqlite3"
    bad.write_bytes(b"not a database " * 64)
    before = bad.read_bytes()
    server = start_server(data)
    page = open_page(server.url)
    see(page, "is not a readable save file")
    see(page, "left untouched")
    shots(page, "bad-save-file")
    tap(page, "new-peace-and-love")
    tap(page, "start")
    see(page, "Deal: Player 1's three fighters")  # the app still works and saves elsewhere
    assert bad.read_bytes() == before


def test_two_phones_share_one_game(open_page, tmp_path, shots, start_server):
    data = tmp_path / "data"
    gid = saved_game(data)
    server = start_server(data)
    one = open_page(f"{server.url}/play/{gid}")
    two = open_page(f"{server.url}/play/{gid}")
    see(one, "Deal: Bea's three fighters")
    see(two, "Deal: Bea's three fighters")
    pick_cards(one, "deal-picker", "5S 2C 7D")
    tap(one, "deal-submit")
    see(one, "Bea's turn")
    see(two, "Bea's turn")  # the other phone follows without a reload
    shots(two, "second-phone-follows")
    tap(two, "undo")
    see(one, "Deal: Bea's three fighters")


def test_a_game_table_in_the_dark_theme(open_page, tmp_path, shots, start_server):
    """On the dark theme the names, the scores, the deck line and the hints are
    light on dark (each text style carries the scheme's on-surface colour)."""
    data = tmp_path / "data"
    s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
    s = s.push(Deal(player=0, fighters=(card("9H"), card("KD"), card("QC"))))
    s = s.push(Deal(player=1, fighters=(card("5S"), card("2C"), card("7D"))))
    gid = save_game(data, s)
    server = start_server(data)
    page = open_page(server.url)
    tap(page, "settings")
    by_id(page, "theme").get_by_text("Dark").click()
    page.wait_for_timeout(300)
    page.goto(f"{server.url}/play/{gid}")
    enable_semantics(page)
    see(page, "Bea's turn")
    shots(page, "peace-and-love-dark")
