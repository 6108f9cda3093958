"""The server under faults, in Chromium. After 40 websockets that close before
they register, a real page opens, starts a game and plays; SIGTERM ends the server within
5 s; the server started again has every step once, and the page comes back to it by itself.
A page whose websocket drops gets its own session back (its device key reaches the
registration as a cookie: assets/connection.js), and a page whose key was changed by hand
does not get it."""

from __future__ import annotations

import re
import signal
import time

import pytest

from card_companion.companion.saves.storage import Store
from tests.browser.support.harness import enable_semantics, pick_cards, see, tap
from tests.support.fake_pages import Phone
from tests.support.viewkit import run_coroutine

pytestmark = pytest.mark.browser

CATCH_SOCKETS = """(() => { const Native = window.WebSocket; window.__sockets = [];
  function Caught(url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    window.__sockets.push(ws);
    return ws;
  }
  Caught.prototype = Native.prototype;
  Object.assign(Caught, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Caught; })()"""
"""run before the page's scripts: the test can drop the page's websocket as a Wi-Fi drop would"""


async def dropped_pages(port: int, n: int) -> None:
    for _ in range(n):
        p = await Phone(port).connect()
        await p.close()


def test_after_40_dropped_pages_a_page_plays_and_sigterm_stops_within_5_s(
        open_page, tmp_path, shots, start_server):
    data = tmp_path / "data"
    server = start_server(data)
    run_coroutine(dropped_pages(server.port, 40))  # on the old code: the address is refused from the 17th on
    page = open_page(server.url)
    tap(page, "new-peace-and-love")
    tap(page, "start")
    see(page, "Deal: Player 1's three fighters")
    pick_cards(page, "deal-picker", "9H KD QC")
    tap(page, "deal-submit")
    see(page, "Deal: Player 2's three fighters")
    pick_cards(page, "deal-picker", "5S 2C 7D")  # 5 + 2 + 7 = 14 < 9 + 13 + 12 = 34: Player 2 goes first
    tap(page, "deal-submit")
    see(page, "Player 2's turn")
    shots(page, "played-after-40-dropped-pages")

    t0 = time.perf_counter()
    server.proc.send_signal(signal.SIGTERM)
    server.proc.wait(10)
    stopped = time.perf_counter() - t0
    assert stopped < 5, f"the server took {stopped:.1f} s to stop"

    store = Store(data / "games.sqlite3")
    try:
        (saved,) = store.saved_games()
        logged = [str(a.fighters[0]) for a in store.load(saved.id).actions]
    finally:
        store.close()
    assert logged == ["9H", "5S"]  # both steps, once each: nothing lost, nothing saved twice

    start_server.again(server)
    see(page, "Player 2's turn", timeout=30_000)  # the page reconnects by itself to the same table
    shots(page, "back-after-restart")


def test_a_page_gets_its_own_session_back_and_a_changed_key_does_not(browser, start_server, tmp_path):
    server = start_server(tmp_path / "data")
    page = browser.new_page(viewport={"width": 400, "height": 860})
    page.add_init_script(CATCH_SOCKETS)
    page.goto(server.url)
    enable_semantics(page)
    see(page, "Card Companion")
    page.wait_for_timeout(500)  # the page's device key is made and kept (localStorage)
    assert page.evaluate("() => localStorage.getItem('flutter.card-companion.device')")

    page.evaluate("() => window.__sockets.forEach(ws => ws.close())")  # the Wi-Fi drops
    see(page, "Reconnected", timeout=20_000)
    log = server.log_path.read_text()
    (first,) = re.findall(r"Start session: (\w+)", log)
    assert f"Session reconnected: _{first}_" in log and "a new session" not in log

    # the page's key changed by hand (another phone's, a forged one): its session is not given
    page.evaluate("() => localStorage.setItem('flutter.card-companion.device', JSON.stringify('forged.key'))")
    page.evaluate("() => window.__sockets.forEach(ws => ws.close())")
    deadline = time.monotonic() + 20

    def answered(log: str) -> bool:  # (flet-web logs the new session's start after the server's warning)
        return "another phone opened" in log and len(re.findall(r"Start session: (\w+)", log)) >= 2

    while not answered(server.log_path.read_text()) and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    log = server.log_path.read_text()
    assert "asked for a session another phone opened: a new session" in log
    assert len(re.findall(r"Start session: (\w+)", log)) == 2  # a new, empty session
    page.close()
