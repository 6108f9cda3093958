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

from tests.browser.harness import by_id, see, tap, type_into
from tests.browser.phone_app import PhoneBrowser, StaticServer, build_phone, offline_ready, open_phone

pytestmark = pytest.mark.browser


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
