"""One table, many phones, in Chromium: three browser contexts as three phones (A creates the
game, B joins by the code and sits as Bea, C joins by the link and watches), steps on A and B
appear on the others without a reload, C's step is refused by the server, the server is
restarted mid-game and all three come back by themselves, a stranger D sees nothing;
table-mode screenshots of every two-player game; a game opened and closed 20 times costs
nothing afterwards; a page of another site cannot drive the app."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from card_companion.companion.registry import GAMES
from card_companion.companion.session import Session
from tests.browser.support.harness import by_id, enable_semantics, find, pick_cards, save_game, see, tap, type_into

pytestmark = pytest.mark.browser

PHONE = (390, 844)


def phone(open_page, url):
    return open_page(url, *PHONE)


def table_code(page) -> str:
    node = by_id(page, "invite-code").first
    node.wait_for(state="attached")
    label = node.evaluate("e => [e.getAttribute('aria-label'), e.textContent,"
                          " ...[...e.querySelectorAll('[aria-label]')].map(x => x.getAttribute('aria-label'))]"
                          ".filter(Boolean).join(' ')")
    found = re.search(r"[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{3}", label)
    assert found, label
    return found.group(0)


def connection_line(page) -> str | None:
    return page.evaluate("() => { const e = document.getElementById('companion-connection');"
                         " return e ? e.dataset.state : null; }")


def test_three_phones_one_table(open_page, tmp_path, shots, start_server):
    server = start_server(tmp_path / "data")
    a = phone(open_page, server.url)
    tap(a, "new-peace-and-love")
    type_into(a, "player-0", "Ann")
    type_into(a, "player-1", "Bea")
    by_id(a, "phones").get_by_text("Several phones").click()  # the table opens with the invite
    tap(a, "start")
    see(a, "Get the other phones in")
    code = table_code(a)
    gid = a.url.rstrip("/").split("/")[-1]
    shots(a, "A-new-table-invite")

    # B types the code on its home screen (a wrong one first), and sits as Bea
    b = phone(open_page, server.url)
    see(b, "No saved games yet")
    type_into(b, "join-code", "ABC-DEF-GH0")
    tap(b, "join-submit")
    see(b, "'0' is not one of them")
    type_into(b, "join-code", code.replace("-", " "))  # read out in groups
    tap(b, "join-submit")
    see(b, "Where does this phone sit?")
    shots(b, "B-seat-picker")
    tap(b, "seat-player-1")
    see(b, "You: Bea")

    # C opens the link (what the QR code holds) and watches
    c = phone(open_page, f"{server.url}/join/{code}")
    see(c, "Where does this phone sit?")
    see(c, "I am Bea — taken by another phone")
    tap(c, "seat-watch")
    see(c, "This phone is watching")

    # steps on A and on B appear on the other phones without a reload
    pick_cards(a, "deal-picker", "9H KD QC")
    tap(a, "deal-submit")
    for p in (b, c):
        see(p, "Deal: Bea's three fighters")
    see(b, "The table phone: Ann's fighters: 9♥ K♦ Q♣ (total 34)")  # the history's own words
    pick_cards(b, "deal-picker", "5S 2C 7D")
    tap(b, "deal-submit")
    for p in (a, c):
        see(p, "Bea's turn")
    # the name once: Bea's own step names her already
    see(a, "Bea's fighters: 5♠ 2♣ 7♦ (total 14); Bea has the lowest total and goes first")
    expect(find(a, "Bea: Bea's fighters")).to_have_count(0)
    shots(a, "A-whole-table")
    shots(b, "B-sits-as-Bea")
    shots(c, "C-watching")

    # the watcher has nothing to tap: its undo and the turn's entries are off (the server
    # refuses a watcher's step all the same: tests/phones/test_access.py), and a tap changes nothing
    for ident in ("undo", "stop"):
        expect(by_id(a, ident).locator("[flt-tappable]")).to_have_count(1)
        expect(by_id(c, ident)).not_to_have_count(0)  # shown, and off
        expect(by_id(c, ident).locator("[flt-tappable]")).to_have_count(0)
    by_id(c, "undo").first.click()
    see(c, "To play from it, tap Watching and pick a seat.")
    shots(c, "C-nothing-to-tap")
    see(a, "Bea's turn")
    expect(by_id(a, "redo").locator("[flt-tappable]")).to_have_count(0)  # nothing was undone

    # the server is restarted mid-game: all three come back by themselves
    server.stop()
    for p in (a, b, c):
        p.wait_for_function("() => { const e = document.getElementById('companion-connection');"
                            " return e && e.dataset.state === 'down'; }", timeout=15_000)
    for p in (a, b, c):  # the last table stays, dimmed, under the line (not a blank spinner)
        assert p.evaluate("() => !!document.getElementById('companion-last-screen')")
    shots(a, "A-reconnecting")
    server = start_server.again(server)  # the same port and save folder; stopped at the end
    for p in (a, b, c):
        p.wait_for_function("() => document.getElementById('companion-connection').dataset.state !== 'down'",
                            timeout=30_000)
        see(p, "Bea's turn", timeout=30_000)
        p.wait_for_function("() => !document.getElementById('companion-last-screen')", timeout=10_000)
    see(b, "You: Bea")
    see(c, "This phone is watching")
    shots(a, "A-back")
    # and the table is live again
    tap(a, "undo")
    for p in (b, c):
        see(p, "Deal: Bea's three fighters")

    # a stranger: nothing listed, and the game's address does not open it
    d = phone(open_page, server.url)
    see(d, "No saved games yet")
    expect(by_id(d, f"saved-{gid}")).to_have_count(0)
    d.goto(f"{server.url}/play/{gid}")
    enable_semantics(d)
    see(d, "This game is not open to this phone")
    shots(d, "D-stranger")


def seeded(game_id: str, names=("Ann", "Bea"), steps=()):
    g = GAMES[game_id]
    s = Session.start(g, g.make_setup(list(names)))
    for step in steps:
        s = s.push(g.parse_action(step))
    return s


TWO_PLAYER_TABLES = {
    "fight": seeded("fight"),
    "card-stratego": seeded("card-stratego"),
    "pc-war": seeded("pc-war"),
    "peace-and-love": seeded("peace-and-love", steps=[
        {"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]},
        {"kind": "deal", "player": 1, "fighters": ["5S", "2C", "7D"]}]),
    "cardpeegee": seeded("cardpeegee"),
}


@pytest.mark.parametrize("game_id", sorted(TWO_PLAYER_TABLES))
def test_table_mode_turns_the_far_players_side(game_id, open_page, tmp_path, shots, start_server):
    data = tmp_path / "data"
    gid = save_game(data, TWO_PLAYER_TABLES[game_id])
    server = start_server(data)
    page = phone(open_page, f"{server.url}/play/{gid}")
    by_id(page, "table-mode").first.wait_for()  # opened for play: the invite folded into the code chip
    page.wait_for_timeout(300)
    shots(page, f"{game_id}-normal")
    tap(page, "table-mode")
    page.wait_for_timeout(500)
    shots(page, f"{game_id}-table-mode")
    # the far player's panel is turned: Flutter draws the turned box's text upside down, and
    # the semantics node of Bea's (player 1) panel comes first on the page now
    idents = page.evaluate("() => [...document.querySelectorAll('[flt-semantics-identifier]')]"
                           ".map(e => e.getAttribute('flt-semantics-identifier'))")
    first = next(i for i in idents if re.fullmatch(r"(player|hero|army)-\d", i) or i.startswith("player-"))
    assert first.endswith("1"), idents


def test_a_game_opened_and_closed_20_times_costs_nothing_afterwards(open_page, tmp_path, start_server):
    """Pages that went away are unsubscribed: one step afterwards tells one
    other page, and the server log has no errors."""
    data = tmp_path / "data"
    s = seeded("peace-and-love")
    s = s.push(GAMES["peace-and-love"].parse_action({"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]}))
    gid = save_game(data, s)
    server = start_server(data)
    wanderer = phone(open_page, server.url)
    for _ in range(20):
        tap(wanderer, f"resume-{gid}")
        see(wanderer, "Deal: Bea's three fighters")
        tap(wanderer, "back")
        see(wanderer, "Saved games")
    other = phone(open_page, f"{server.url}/play/{gid}")
    watcher = phone(open_page, f"{server.url}/play/{gid}")
    see(watcher, "Deal: Bea's three fighters")
    pick_cards(other, "deal-picker", "5S 2C 7D")
    tap(other, "deal-submit")
    see(watcher, "Bea's turn")
    log = server.log_path.read_text()
    told = re.findall(r"revision \d+: enter by [^,]+, told (\d+) other page", log)
    assert told == ["1"], told  # the watcher only: none of the 20 closed pages
    assert "Traceback" not in log and "'NoneType' object has no attribute 'loop'" not in log


def test_a_page_of_another_site_cannot_drive_the_app(browser, tmp_path, start_server):
    """In a real browser: a page from another origin opens a websocket to
    the app on 127.0.0.1: refused before Flet sees it."""
    import functools
    import http.server
    import threading

    server = start_server(tmp_path / "data")
    # another site served on this machine (Chromium itself blocks public sites from reaching
    # 127.0.0.1 now; a local one it lets through, so that is the attack the server must refuse)
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><body>a page of another site</body></html>")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    evil = f"http://127.0.0.1:{other.server_address[1]}"
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{evil}/")
    port = server.port
    result = page.evaluate(
        """async (port) => await new Promise((resolve) => {
             const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
             ws.onopen = () => resolve('open');
             ws.onclose = (e) => resolve('closed ' + e.code);
             setTimeout(() => resolve('timeout'), 8000);
           })""", port)
    assert result.startswith("closed"), result
    status = page.evaluate("async (port) => { try { const r = await fetch(`http://127.0.0.1:${port}/`);"
                           " return 'read ' + r.status; } catch (e) { return 'blocked'; } }", port)
    assert status == "blocked"  # no Access-Control-Allow-Origin: the other site cannot read the app
    context.close()
    other.shutdown()
    assert f"refused: websocket Origin '{evil}'" in server.log_path.read_text()



def test_a_tampered_device_key_gets_one_sentence_and_a_new_key(browser, tmp_path, start_server, shots):
    """The key in the browser's storage was changed by hand (say, to reach someone else's
    games): the server refuses it in one sentence, gives this browser a new key, lists
    nothing, and changes nothing."""
    from tests.browser.support.harness import enable_semantics

    server = start_server(tmp_path / "data")
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    context.add_init_script("localStorage.setItem('flutter.card-companion.device', "
                            "JSON.stringify('AAAAAAAAAAAAAAAAAAAAAA.forged-signature'))")
    page = context.new_page()
    page.goto(server.url)
    enable_semantics(page)
    see(page, "This browser's device key was not made by this server")
    see(page, "No saved games yet")
    shots(page, "tampered-key")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('flutter.card-companion.device'))")
    assert stored != "AAAAAAAAAAAAAAAAAAAAAA.forged-signature" and "." in stored
    context.close()


def said_it_is_back(page, seconds: float = 60) -> None:
    """Wait for the page's line to say the connection is back ('back' for 4 s, then 'up';
    there is no line at all before the first drop)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if connection_line(page) in ("back", "up"):
            return
        time.sleep(0.25)
    raise AssertionError(f"the page did not say it is back within {seconds} s: {connection_line(page)!r}")


def test_a_dropped_connection_comes_back_to_the_latest_state(browser, open_page, tmp_path, start_server, shots):
    """Wi-Fi drops (the page's websocket closes) while another phone enters a step: the page
    reconnects by itself, says so, and shows the step it missed at once (a table's page is
    drawn anew from the save: taken back onto its old session, Flet's web client kept the
    browser busy for 95-135 s)."""
    from tests.browser.support.harness import enable_semantics

    data = tmp_path / "data"
    s = seeded("peace-and-love")
    s = s.push(GAMES["peace-and-love"].parse_action({"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]}))
    gid = save_game(data, s)
    server = start_server(data)
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    context.add_init_script("""(() => { const N = window.WebSocket; window.__sockets = [];
        const W = function (u, p) { const w = p === undefined ? new N(u) : new N(u, p); window.__sockets.push(w);
                                    return w; };
        W.prototype = N.prototype; window.WebSocket = W; })();""")
    away = context.new_page()
    away.goto(f"{server.url}/play/{gid}")
    enable_semantics(away)
    see(away, "Deal: Bea's three fighters")
    other = phone(open_page, f"{server.url}/play/{gid}")
    see(other, "Deal: Bea's three fighters")
    away.evaluate("() => window.__sockets.forEach((w) => w.close())")  # the Wi-Fi drops
    pick_cards(other, "deal-picker", "5S 2C 7D")
    tap(other, "deal-submit")
    see(other, "Bea's turn")
    # back by itself, with the step it missed, saying so
    t = time.monotonic()
    said_it_is_back(away)  # semantics stay on: the page is the same page
    see(away, "Bea's turn")
    assert time.monotonic() - t < 15, "the table came back slowly"
    shots(away, "caught-up")
    assert "Traceback" not in server.log_path.read_text()
    context.close()


# Holds back the page's reports of what it has drawn (Flet's "size_change" events, which the
# table's drawing marker sends after each frame) while window.__hold is true, as a slow phone
# whose frame has not come yet; window.__release() sends them.
HOLD_DRAWN = """(() => { const N = window.WebSocket; window.__hold = false; window.__held = [];
  const needle = Array.from(new TextEncoder().encode("size_change"));
  const has = (d) => { const a = ArrayBuffer.isView(d) ? new Uint8Array(d.buffer, d.byteOffset, d.byteLength)
                                 : d instanceof ArrayBuffer ? new Uint8Array(d) : null;
    if (!a) return false;
    outer: for (let i = 0; i + needle.length <= a.length; i++) {
      for (let j = 0; j < needle.length; j++) if (a[i + j] !== needle[j]) continue outer;
      return true; }
    return false; };
  const W = function (u, p) { const w = p === undefined ? new N(u) : new N(u, p); const send = w.send.bind(w);
    w.send = (d) => { if (window.__hold && has(d)) { window.__held.push(() => send(d)); return; } send(d); };
    return w; };
  W.prototype = N.prototype; W.CONNECTING = 0; W.OPEN = 1; W.CLOSING = 2; W.CLOSED = 3;
  window.WebSocket = W;
  window.__release = () => { window.__hold = false; window.__held.splice(0).forEach((f) => f()); }; })();"""


def stored_steps(data, gid: str) -> int:
    from card_companion.companion.saves.storage import Store

    store = Store(data / "games.sqlite3")
    try:
        return len(store.load(gid).actions)
    finally:
        store.close()


def test_three_phones_a_tap_before_the_step_is_drawn_is_refused(browser, open_page, tmp_path, start_server, shots):
    """Three phones at a PC War table. B's browser is slow: it has not reported drawing Ann's
    flip that A entered (its reports are held back) when B taps "Ann's card is higher" — the
    tap is refused with the stale sentence and nothing changes, on any phone. Once B has drawn
    it, the same tap is taken, and every phone shows it."""
    data = tmp_path / "data"
    gid = save_game(data, seeded("pc-war"))
    server = start_server(data)
    url = f"{server.url}/play/{gid}"
    a = phone(open_page, url)
    slow = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    slow.add_init_script(HOLD_DRAWN)
    b = slow.new_page()
    b.goto(url)
    enable_semantics(b)
    c = phone(open_page, url)
    for p in (a, b, c):
        see(p, "Flip 1")
    b.wait_for_timeout(500)  # B's drawing of flip 1 is reported
    b.evaluate("() => { window.__hold = true; }")
    tap(a, "flip-right")  # A: Bea's card is higher
    for p in (a, b, c):
        see(p, "Flip 1: Bea's card is higher → Bea takes both")
    tap(b, "flip-left")  # B taps before its browser said it drew flip 1's result
    see(b, "Another phone changed this game since this screen was drawn")
    shots(b, "stale-tap-refused")
    assert stored_steps(data, gid) == 1
    see(c, "Flip 2")  # C still shows flip 2 waiting: B's tap changed nothing
    b.evaluate("() => window.__release()")
    b.wait_for_timeout(300)
    tap(b, "flip-left")
    for p in (a, b, c):
        see(p, "Flip 2: Ann's card is higher → Ann takes both")
    assert stored_steps(data, gid) == 2
    shots(c, "stale-tap-then-taken")
    slow.close()


def test_names_fit_at_the_largest_text_size(open_page, tmp_path, shots, start_server):
    """At 390 px and the Larger text size, the game's whole name reads in the
    bar (two lines for a long one), and the seat line stays one line with table mode on it."""
    data = tmp_path / "data"
    gid = save_game(data, seeded("pc-war"))
    server = start_server(data)
    page = phone(open_page, server.url)
    see(page, "Card Companion")
    tap(page, "settings")
    by_id(page, "text-size").get_by_text("Larger").click()
    page.wait_for_timeout(400)
    tap(page, "back")
    page.goto(f"{server.url}/play/{gid}")
    enable_semantics(page)
    see(page, "Flip 1")
    expect(page.get_by_role("heading", name="Non-Violent, Politically-Correct War")).to_be_visible()
    seat, mode = by_id(page, "seat").first.bounding_box(), by_id(page, "table-mode").first.bounding_box()
    assert abs((seat["y"] + seat["height"] / 2) - (mode["y"] + mode["height"] / 2)) < 12, (seat, mode)
    shots(page, "larger-text-names-fit")
