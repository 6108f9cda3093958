"""The phone app (``make phone``) as a phone holds it: built from this checkout, served by a
plain static file server, opened in a Chromium with a profile on disk. It starts, plays and
keeps its games with no server of ours; after one visit it starts and plays offline; a step
acknowledged on the screen is still there after the browser is killed and opened again offline;
Chrome finds it installable; a game moves between it and the served app by export and import."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.support.harness import by_id, see, tap, type_into
from tests.browser.support.phone_app import PhoneBrowser, StaticServer, build_phone, offline_ready, open_phone

# on one worker: the module's build of the phone app (build/phone) is made once
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("phone-app")]


@pytest.fixture(scope="module")
def phone_build():
    return build_phone()


@pytest.fixture
def phone_host(phone_build):
    host = StaticServer(phone_build).start()
    yield host
    host.stop()


@pytest.fixture
def phone_browser(playwright_driver, tmp_path):
    """A Chromium on a profile of its own (tmp_path/profile) that the test may kill and open
    again."""
    opened: list[PhoneBrowser] = []

    def start() -> PhoneBrowser:
        browser = PhoneBrowser(playwright_driver.playwright, tmp_path / "profile").start()
        opened.append(browser)
        return browser

    yield start
    for browser in opened:
        browser.close()


def pc_war(page, shots) -> str:
    """A new PC War game of Ann and Bea from the home screen: its id."""
    tap(page, "new-pc-war")
    expect(by_id(page, "start")).to_be_visible()
    type_into(page, "player-0", "Ann")
    type_into(page, "player-1", "Bea")
    tap(page, "start")
    see(page, "Flip 1", 30_000)
    shots(page, "table-start")
    found = re.search(r"#/play/([0-9a-f]+)", page.url)
    assert found, f"the table's address names the game: {page.url}"
    return found.group(1)


def flip(page, n: int) -> None:
    """Flip n by one tap (Ann's card is higher); acknowledged once flip n+1 is asked."""
    tap(page, "flip-left")
    see(page, f"Flip {n + 1}", 15_000)


def test_plays_offline_and_keeps_a_step_through_a_killed_browser(phone_host, phone_browser, shots):
    phone = phone_browser()
    page = phone.new_page()
    open_phone(page, phone_host.url)
    see(page, "Card Companion", 60_000)
    see(page, "Every game is kept on this phone")  # no table code, no joining: said in one line
    expect(by_id(page, "join")).to_have_count(0)
    shots(page, "home")
    gid = pc_war(page, shots)
    expect(by_id(page, "table-code")).to_have_count(0)  # no server: no code for other phones
    for n in (1, 2, 3):
        flip(page, n)
    offline_ready(page)

    # airplane mode: a reload starts the app from the phone's own copy and shows the game
    phone.context.set_offline(True)
    page.reload()
    open_phone(page, page.url)
    see(page, "Flip 4", 60_000)
    see(page, "Flips: 3")
    shots(page, "offline-reload")
    # a screen's address in the path form (a link from elsewhere) opens the same screen
    open_phone(page, f"{phone_host.url}play/{gid}")
    see(page, "Flip 4", 60_000)
    assert page.url.endswith(f"/#/play/{gid}"), page.url
    flip(page, 4)  # a step entered offline, acknowledged (drawn) ...
    phone.kill()  # ... then the browser is killed at once
    phone_host.stop()  # and there is no network at all

    phone = phone_browser()
    phone.context.set_offline(True)
    page = phone.new_page()
    open_phone(page, f"{phone_host.url}#/play/{gid}")
    see(page, "Flip 5", 60_000)
    see(page, "Flips: 4")
    shots(page, "after-kill-offline")
    tap(page, "back")
    see(page, "Saved games")
    expect(by_id(page, f"saved-{gid}")).to_be_visible()
    shots(page, "home-after-kill")


def test_installable(phone_host, phone_browser, shots):
    phone = phone_browser()
    page = phone.new_page()
    open_phone(page, phone_host.url)
    see(page, "Card Companion", 60_000)
    offline_ready(page)
    cdp = phone.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest.get("errors")
    assert '"display": "standalone"' in manifest["data"]
    shots(page, "installable")


def export_by_file(page, gid: str, shots, name: str) -> str:
    """Export a saved game from the home screen with Download: the file's text."""
    tap(page, f"export-{gid}")
    expect(by_id(page, "export-download")).to_be_visible()
    shots(page, name)
    with page.expect_download(timeout=20_000) as done:
        tap(page, "export-download")
    text = Path(done.value.path()).read_text(encoding="utf-8")
    tap(page, "export-close")
    return text


def import_text(page, text: str) -> None:
    """Import a game by pasting its text on the home screen: the game opens."""
    tap(page, "import")
    type_into(page, "import-text", text)
    tap(page, "import-submit")


def test_a_game_moves_between_the_phone_app_and_the_served_app(phone_host, phone_browser, open_page, server, shots):
    phone = phone_browser()
    page = phone.new_page()
    open_phone(page, phone_host.url)
    see(page, "Card Companion", 60_000)
    gid = pc_war(page, shots)
    for n in (1, 2):
        flip(page, n)
    tap(page, "back")
    exported = export_by_file(page, gid, shots, "phone-export")
    # the format `companion export` writes: the game's JSON, read back by the save file as it is
    from card_companion.companion.session import Session

    assert Session.from_json(exported).actions and len(Session.from_json(exported).actions) == 2

    served = open_page(server.url)
    see(served, "Card Companion")
    import_text(served, exported)
    see(served, "Flip 3")  # the served app opens it where the phone stopped
    see(served, "Flips: 2")
    flip(served, 3)
    shots(served, "served-after-import")
    served_gid = re.search(r"/play/([0-9a-f]+)", served.url).group(1)
    tap(served, "back")
    back_again = export_by_file(served, served_gid, shots, "served-export")

    import_text(page, back_again)
    see(page, "Flip 4", 30_000)  # and the phone takes it back with the served app's step
    see(page, "Flips: 3")
    shots(page, "phone-after-import")


def imported(page, session) -> None:
    """A game built through the tracker, imported into the phone app by its text: it opens."""
    tap(page, "back") if by_id(page, "back").count() else None
    see(page, "Saved games")
    import_text(page, session.to_json())


def test_every_use_of_one_phone(phone_host, phone_browser, shots):
    """The five games' screens, odds, a finished game's record, the Players screen with its
    charts and ratings, the history, the rules and a calculator: all inside the phone app."""
    from card_companion.companion.registry import game
    from card_companion.companion.session import Session
    from tests.browser.support.harness import into_view, pick_cards
    from tests.browser.test_odds import (
        cardpeegee_before_the_round,
        peace_and_love_first_round,
        stratego_face_down_columns,
    )
    from tests.fight.test_tracker import a_match_best_of_three

    phone = phone_browser()
    page = phone.new_page()
    open_phone(page, phone_host.url)
    see(page, "Card Companion", 60_000)

    # CardPeeGee: the fight's exact odds before the round (the numbers of tests/browser/test_odds.py)
    imported(page, cardpeegee_before_the_round())
    expect(by_id(page, "fight-odds")).to_have_attribute(
        "aria-label", re.compile(r"^Odds: Ann wins the round 5 % · tie 2 % · the Monster 9♣ wins the round 93 %"),
        timeout=30_000)
    shots(page, "cardpeegee-odds")

    # Card Stratego: a battle entered, then the odds of an attack on a face-down card
    imported(page, stratego_face_down_columns())
    see(page, "Ann's turn", 30_000)
    tap(page, "action-attack")
    tap(page, "cell-0-1-0")
    pick_cards(page, "battle-picker", "7H QS")
    tap(page, "battle-submit")
    see(page, "Battle: Ann's 7♥ is destroyed")
    tap(page, "action-attack")
    tap(page, "cell-1-1-0")
    expect(by_id(page, "attack-odds")).to_have_attribute(
        "aria-label", re.compile(r"^Odds: Ann wins 43 % · Bea wins 48 % · both destroyed 9 %"))
    shots(page, "stratego-odds")
    # the history: the battle is its last line; undo and redo from the table
    tap(page, "more")
    tap(page, "history")
    see(page, "step 5: Ann's 7♥ attacks Bea's Q♠ in column 2")
    shots(page, "history")
    tap(page, "back")
    tap(page, "undo")
    see(page, "Undid: Ann's 7♥ attacks Bea's Q♠")
    tap(page, "redo")
    see(page, "Redid: Ann's 7♥ attacks Bea's Q♠")

    # Peace and Love: this phone sits as Ann (a seat of its own: her hand's odds)
    imported(page, peace_and_love_first_round())
    see(page, "Fight · round 1", 30_000)
    tap(page, "seat")
    tap(page, "seat-player-0")
    see(page, "You: Ann")
    pick_cards(page, "play-picker", "3C")
    expect(by_id(page, "fight-odds")).to_have_attribute("aria-label", re.compile(r"^Odds: Bea's 5♠ loses "))
    shots(page, "peace-and-love-odds")

    # FIGHT!: a match played to its end is a record: tonight's results, the Players screen
    fight = game("fight")
    match = a_match_best_of_three()
    imported(page, Session.replay(fight, fight.make_setup(["Ann", "Bea"]), list(match.actions[:-1])))
    see(page, "Ready, set, FIGHT!", 30_000)
    pick_cards(page, "fight-picker", "AH 6S")
    tap(page, "fight-submit")
    see(page, "Bea wins 2 rounds to 1")
    shots(page, "fight-won")
    tap(page, "back")
    see(page, "Leader of the night: Bea (1 win)")
    tap(page, "players")
    see(page, "Standings", 30_000)
    see(page, "1 of 1 won")  # Bea
    see(page, "after 1 game")  # her rating (openskill)
    shots(page, "players-standings")
    into_view(page, "charts")
    expect(by_id(page, "chart-wins")).to_have_count(1)  # flet-charts' bar chart (one game: no rate line yet)
    shots(page, "players-charts")
    tap(page, "back")

    # the rules and a calculator, from the home screen
    tap(page, "rules-cardpeegee")
    see(page, "Contents", 30_000)
    type_into(page, "rule-search", "revolution")
    see(page, "found 1 time in 1 paragraph")
    shots(page, "rules-search")
    tap(page, "back")
    tap(page, "calc-peace-and-love")
    see(page, "Each fighter in the fight", 30_000)
    pick_cards(page, "calc-slots-picker", "9H 7H 5S 2C 8D 5C")
    see(page, "Defender's 5♠ loses the round: it goes to Attacker's victory pile")
    shots(page, "calculator")


NO_STORAGE = ('navigator.storage.getDirectory = () => Promise.reject(new DOMException("a private window", '
              '"SecurityError"));\n')
"""put before storage.js: the browser keeps no files for the page (a private window that keeps none)"""


def test_a_browser_that_keeps_nothing_says_so_and_plays_in_memory(phone_host, phone_browser, browser, shots):
    # another tab of the app holds the saves: this one says so, and plays in memory
    phone = phone_browser()
    first = phone.new_page()
    open_phone(first, phone_host.url)
    see(first, "Saved games", 60_000)
    second = phone.new_page()
    open_phone(second, phone_host.url)
    see(second, "The app is open in another tab or window", 60_000)
    shots(second, "second-tab")
    pc_war(second, shots)
    flip(second, 1)
    second.close()

    # a browser that keeps no files at all (a private window): said, and the game plays
    context = browser.new_context(service_workers="block")
    try:
        def without_storage(route):
            answer = route.fetch()
            route.fulfill(response=answer, body=NO_STORAGE + answer.text())

        context.route("**/storage.js", without_storage)
        page = context.new_page()
        page.set_viewport_size({"width": 390, "height": 844})
        open_phone(page, phone_host.url)
        see(page, "This browser keeps no files for the app here", 60_000)
        shots(page, "keeps-nothing")
        pc_war(page, shots)
        flip(page, 1)
        flip(page, 2)
        shots(page, "played-in-memory")
    finally:
        context.close()
