"""Drive the real server in Chromium (Playwright + Debian's /usr/bin/chromium).

Flutter draws on a canvas; its accessibility tree (turned on once the page is up) gives
every button and field a DOM node: ``[flt-semantics-identifier=...]`` for our ids, and
roles/names for ``get_by_role``/``get_by_text``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.support.keyboard import selectors

ROOT = Path(__file__).resolve().parents[3]
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
LAUNCH_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path() -> str | None:
    env = os.environ.get("COMPANION_CHROMIUM")
    if env:
        return env if Path(env).exists() else None
    for c in CHROMIUM_CANDIDATES:
        if Path(c).exists():
            return c
    return shutil.which("chromium")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`python -m card_companion` on a free port with its own data folder."""

    def __init__(self, data_dir: Path, port: int | None = None, log: Path | None = None, args: tuple[str, ...] = ()):
        self.args = tuple(args)
        """more `companion` options (the benchmarks raise the per-address limits)"""
        self.port = port or free_port()
        self.data_dir = data_dir
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log or data_dir / "server.log"
        self.proc: subprocess.Popen | None = None
        self.started_in = 0.0

    def start(self, timeout: float = 60) -> Server:
        # info logging: a failed test's server.log shows what the server saw
        env = dict(os.environ, COMPANION_DATA_DIR=str(self.data_dir), PYTHONPATH=str(ROOT),
                   FLET_LOG_LEVEL=os.environ.get("FLET_LOG_LEVEL", "info"))
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.log = open(self.log_path, "w")
        t0 = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "card_companion", "--port", str(self.port), "--no-open", *self.args],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log_path.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=1) as r:
                    if r.status == 200:
                        self.started_in = time.perf_counter() - t0
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not answer in time")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        if getattr(self, "log", None):
            self.log.close()


def open_app(browser, url: str, width: int = 400, height: int = 860):
    """A new page at the app, with Flutter's accessibility tree on, ready to click."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url)
    enable_semantics(page)
    return page


def enable_semantics(page, timeout: float = 30_000) -> None:
    page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=timeout)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.locator("flt-semantics").first.wait_for(state="attached", timeout=timeout)


def by_id(page, ident: str):
    """The control with this test id (a key of the table's keyboard also under the name the
    entry it serves gives it: tests/support/keyboard.py)."""
    return page.locator(", ".join(selectors(ident)))


def tap(page, ident: str, timeout: float = 10_000) -> None:
    """Tap the control with this test id once it can be tapped. The id sits on a wrapper:
    the node Flutter marks ``flt-tappable`` is the wrapper or inside it, and is only there
    while the control is enabled (a place that just became a target, a button the last card
    entered has just enabled). A tap a moment earlier would be lost on a busy machine."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    target = page.locator(tappable(ident)).first
    try:
        target.wait_for(state="attached", timeout=timeout)
    except PlaywrightTimeout:
        target = by_id(page, ident).first  # a control Flutter does not mark (e.g. a switch)
    still(target)
    target.click()


def tappable(ident: str) -> str:
    """The CSS selector of the node Flutter marks tappable for the control with this test id."""
    return ", ".join(f"{sel}[flt-tappable], {sel} [flt-tappable]" for sel in selectors(ident))


def still(target, polls: int = 20) -> None:
    """Wait (at most a second) until the control stays where it is for 50 ms: the app may be
    bringing it into view (views/reach.py), and a tap on a screen that still moves only stops it."""
    box = None
    for _ in range(polls):
        now = target.bounding_box()
        if now is not None and now == box:
            return
        box = now
        target.page.wait_for_timeout(50)


def settle(page, ms: int = 400) -> None:
    """Let Flutter paint the last frame before a screenshot."""
    page.wait_for_timeout(ms)
    # two frames, or two seconds where frames do not come (a page in the background)
    page.evaluate("() => new Promise(r => { requestAnimationFrame(() => requestAnimationFrame(r));"
                  " setTimeout(r, 2000); })")


def pick_card(page, picker: str, card: str) -> None:
    """Two taps: rank then suit (``card`` in notation, e.g. "10H"); the Joker and the blank
    card are one tap."""
    if card.upper() in ("JOKER", "BLANK"):
        tap(page, f"{picker}-{card.lower()}")
        return
    import re

    from card_companion.calculators.cards import Card

    rank, suit = card[:-1].upper(), card[-1].upper()
    # a place of the entry, once it holds the card: its accessible name is "<place>: <card>"
    shown = page.get_by_role("button", name=re.compile(re.escape(f": {Card.parse(card).symbol}")))
    before = shown.count()
    tap(page, f"{picker}-rank-{rank}")
    tap(page, f"{picker}-suit-{suit}")
    # the next card's taps wait for this one to be in its place: when the places take cards of
    # two decks (Card Stratego's armies), the next place gets a picker of its own, and a tap on
    # the old one while it is being replaced would be lost on a busy machine
    deadline = time.monotonic() + 3
    while shown.count() <= before and time.monotonic() < deadline:  # else a picker named otherwise: as before
        page.wait_for_timeout(50)


def pick_cards(page, picker: str, cards: str) -> None:
    for c in cards.split():
        pick_card(page, picker, c)


def save_game(data_dir: Path, session) -> str:
    """Put a game (built through the tracker) in a save folder before its server starts."""
    from card_companion.companion.saves.storage import Store

    data_dir.mkdir(parents=True, exist_ok=True)
    store = Store(data_dir / "games.sqlite3")
    try:
        return store.create(session)
    finally:
        store.close()


def type_into(page, ident: str, text: str) -> None:
    """Type into the text field inside the control with this test id."""
    from playwright.sync_api import expect

    field = by_id(page, ident).locator("input, textarea").first
    for attempt in range(3):  # Flutter may still be attaching its editing element on a busy machine
        field.click()
        # The click focuses the element at once; Flutter connects its text input to it a moment
        # later and then writes the field's own text into it: what was filled before that is
        # wiped without the app hearing of it (a round's total typed into a field that had just
        # appeared came back empty). So fill once the element has focus and Flutter had a frame,
        # and look at the value again after the next one.
        try:
            expect(field).to_be_focused(timeout=3000)
        except AssertionError:
            if attempt == 2:
                raise
            continue
        page.wait_for_timeout(100)
        field.fill(text)
        page.wait_for_timeout(150)
        try:
            expect(field).to_have_value(text, timeout=3000)
            break
        except AssertionError:
            if attempt == 2:
                raise
    page.keyboard.press("Tab")  # leave the field: the app has seen the whole text
    page.wait_for_timeout(150)


def find(page, text: str):
    """Elements showing ``text``: as their text, or inside a merged semantics label."""
    quoted = text.replace("\\", "\\\\").replace('"', '\\"')
    return page.get_by_text(text).or_(page.locator(f'[aria-label*="{quoted}"]'))


def see(page, text: str, timeout: float = 10_000) -> None:
    """Wait until ``text`` is on the screen."""
    from playwright.sync_api import expect

    expect(find(page, text).first).to_be_visible(timeout=timeout)


def into_view(page, ident: str) -> None:
    """Scroll with the mouse wheel, as a thumb would, until the control's top is in view."""
    loc = by_id(page, ident).first
    for _ in range(12):
        box = loc.bounding_box()
        height = page.viewport_size["height"]
        if box is not None and 0 <= box["y"] <= height * 0.4:
            return
        page.mouse.move(200, height / 2)
        page.mouse.wheel(0, (box["y"] - 60) if box is not None else 500)
        page.wait_for_timeout(250)


def to_top(page) -> None:
    page.mouse.move(200, 300)
    page.mouse.wheel(0, -20000)
    page.wait_for_timeout(250)


def choose_theme(page, theme: str) -> None:
    """From the home screen: Settings, the theme ("Light", "Dark" or "System"), back home."""
    see(page, "Card Companion")
    tap(page, "settings")
    by_id(page, "theme").get_by_text(theme).click()
    page.wait_for_timeout(400)
    tap(page, "back")
