"""The phone app (``make phone``) against its floor, printed as these lines

    phone start: cold median X s, warm median Y s, offline median Z s; floor cold A s, warm B s, offline C s; ratio R
    phone start against the served app: warm median Y s, served median S s; ratio Q
    phone tap: median X ms, p95 Y ms; floor median A ms, p95 B ms; ratio R
    phone saves: N steps acknowledged, M after the browser was killed and reopened offline
    phone size: X MB (floor A MB)

- The **floor** is a one-button Flet app (benchmarks/floor_app.py) built exactly as the phone
  app is (``python -m tools.phone.build --floor``: the same Pyodide, worker, service worker and
  storage), so a ratio is what the app costs beyond Flet and Pyodide themselves.
- **phone start**: from the page's navigation to the first screen's first tap answered (the
  app: the Settings button of the home screen until the settings screen shows "Theme"; the
  floor: its button until "count 1"), timed inside the page (``performance.now()``, whose zero
  is the navigation). Cold: a fresh browser profile, nothing kept; warm: the second visit (the
  service worker holds every file); offline: the second visit with the network off. Five runs
  each, the app and the floor in turn. R = warm / floor warm.
- **against the served app**: the same tap on the app served by ``companion`` (second visit).
- **phone tap**: a card entered on a Peace and Love deal in the phone app (the suit's tap, the
  rank picked before it, until the deal's place shows the card), 25 cards after 3 untimed ones,
  against the floor's button (its tap until the new count shows).
- **phone saves**: 20 steps (PC War flips by one tap), each acknowledged (its result drawn), the
  browser killed (SIGKILL, every process) right after the last, then opened again on the same
  profile with no network (the static server stopped too): the steps the game shows.
- **phone size**: the bytes of the files a first visit downloads (what the static server sent,
  the service worker's own copy of the build included; a second download of a file the browser
  already had counts only if the server sent it again).

Run: ``python -m benchmarks phone`` (about 6 minutes; needs Chromium and a phone build, which
it makes when missing).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import percentile

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RUNS = int(os.environ.get("COMPANION_PHONE_RUNS", "5"))
TAPS, WARM_TAPS = 25, 3
SAVED_STEPS = 20

# In the page, from the navigation on: turn on the accessibility tree, wait for the control
# ``ready``, click it, wait for ``answer`` anywhere in the tree: [drawn, answered] in ms since
# the navigation started.
FIRST_TAP_JS = """
async ([ready, answer]) => {
  const until = (f, ms) => new Promise((resolve, reject) => {
    const end = performance.now() + ms;
    const tick = () => { const v = f(); if (v) resolve(v);
      else if (performance.now() > end) reject(new Error('not seen: ' + ready + ' / ' + answer));
      else setTimeout(tick, 10); };
    tick();
  });
  const placeholder = await until(() => document.querySelector('flt-semantics-placeholder'), 120000);
  placeholder.dispatchEvent(new Event('click', {bubbles: true}));
  const target = await until(() => {
    const host = document.querySelector(`[flt-semantics-identifier="${ready}"]`);
    return host && (host.matches('[flt-tappable]') ? host : host.querySelector('[flt-tappable]'));
  }, 120000);
  const drawn = performance.now();
  target.click();
  await until(() => document.body.innerText.includes(answer) ||
                    document.querySelector(`[aria-label*="${answer}"]`), 30000);
  return [drawn, performance.now()];
}
"""

# In the page: click the tappable node of ``ident`` (found by the first of its selectors that
# matches: the table's keyboard's key, tests/support/keyboard.py) and time until a node whose
# label or text holds ``answer`` is inside the control ``where`` (ms).
TAP_JS = """
async ([ident, found, where, answer]) => {
  const tappable = () => { const host = found.map((s) => document.querySelector(s)).find((h) => h);
    return host && (host.matches('[flt-tappable]') ? host : host.querySelector('[flt-tappable]')); };
  const shown = () => { const host = document.querySelector(`[flt-semantics-identifier="${where}"]`);
    if (!host) return false;
    if ((host.getAttribute('aria-label') || '').includes(answer) || host.innerText.includes(answer)) return true;
    return !!host.querySelector(`[aria-label*="${answer}"]`); };
  const target = tappable();
  if (!target) throw new Error('no control ' + ident);
  return await new Promise((resolve, reject) => {
    const t0 = performance.now();
    const obs = new MutationObserver(() => { if (shown()) { obs.disconnect(); resolve(performance.now() - t0); } });
    obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    setTimeout(() => { obs.disconnect(); reject(new Error('no answer after 10 s: ' + answer)); }, 10000);
    target.click();
  });
}
"""


def first_tap(context, url: str, ready: str, answer: str) -> float:
    """Seconds from the navigation to ``ready``'s tap answered, on a new page of ``context``."""
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.goto(url, wait_until="commit")
        drawn, answered = page.evaluate(FIRST_TAP_JS, [ready, answer])
        return answered / 1000
    finally:
        page.close()


APP_TAP = ("settings", "Theme")
FLOOR_TAP = ("floor-button", "count 1")


def starts(browser, app, floor) -> dict[str, list[float]]:
    """Cold, warm and offline starts of the app and the floor, in turn, RUNS times."""
    from tests.browser.support.phone_app import offline_ready

    times: dict[str, list[float]] = {f"{who} {how}": [] for who in ("app", "floor")
                                     for how in ("cold", "warm", "offline")}
    for _ in range(RUNS):
        for who, host, tap in (("app", app, APP_TAP), ("floor", floor, FLOOR_TAP)):
            context = browser.new_context()
            try:
                times[f"{who} cold"].append(first_tap(context, host.url, *tap))
                keeper = context.new_page()
                keeper.goto(host.url, wait_until="commit")
                offline_ready(keeper)
                keeper.close()
                times[f"{who} warm"].append(first_tap(context, host.url, *tap))
                context.set_offline(True)
                times[f"{who} offline"].append(first_tap(context, host.url, *tap))
            finally:
                context.close()
    return times


def served_starts(browser) -> list[float]:
    """The app served by ``companion``: the same tap, second visits."""
    from tests.browser.support.harness import Server

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "data").start()
        try:
            context = browser.new_context()
            first_tap(context, server.url + "/", *APP_TAP)
            for _ in range(RUNS):
                out.append(first_tap(context, server.url + "/", *APP_TAP))
            context.close()
        finally:
            server.stop()
    return out


DEAL_CARDS = ["2H", "3S", "4D", "5C", "6H", "7S", "8D", "9C", "10H", "JS", "QD", "KC", "AH", "2S", "3D", "4C",
              "5H", "6S", "7D", "8C", "9H", "10S", "JD", "QC", "KH", "AS", "2D", "3C"]


def card_taps(browser, host) -> list[float]:
    """A card entered on a Peace and Love deal, ``TAPS`` times: seconds from the suit's tap until
    the place shows the card."""
    from card_companion.calculators.cards import Card
    from tests.browser.support.harness import by_id, tap, type_into
    from tests.browser.support.phone_app import open_phone
    from tests.support.keyboard import selectors
    context = browser.new_context()
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    open_phone(page, host.url)
    tap(page, "new-peace-and-love")
    by_id(page, "start").wait_for()
    type_into(page, "player-0", "Ann")
    type_into(page, "player-1", "Bea")
    tap(page, "start")
    by_id(page, "deal-panel").wait_for()
    out = []
    for i, card in enumerate(DEAL_CARDS[:TAPS + WARM_TAPS]):
        place = f"deal-slot-{i % 3}"
        if i >= 3:
            tap(page, place)  # a filled place: the picker enters it again
        rank, suit = card[:-1], card[-1]
        tap(page, f"deal-picker-rank-{rank}")
        page.wait_for_timeout(120)
        key = f"deal-picker-suit-{suit}"  # (the table's keyboard's key while it serves the deal: its selectors)
        took = page.evaluate(TAP_JS, [key, selectors(key), place, Card.parse(card).symbol])
        if i >= WARM_TAPS:
            out.append(took / 1000)
        page.wait_for_timeout(150)
    context.close()
    return out


def floor_taps(browser, host) -> list[float]:
    from tests.browser.support.phone_app import open_phone
    from tests.support.keyboard import selectors

    context = browser.new_context()
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    open_phone(page, host.url)
    page.locator('[flt-semantics-identifier="floor-button"]').wait_for()
    out = []
    for i in range(TAPS + WARM_TAPS):
        took = page.evaluate(TAP_JS, ["floor-button", selectors("floor-button"), "floor-result", f"count {i + 1}"])
        if i >= WARM_TAPS:
            out.append(took / 1000)
        page.wait_for_timeout(150)
    context.close()
    return out


def saves(playwright, app) -> tuple[int, int]:
    """Steps acknowledged, and the steps the game shows after the browser was killed and
    reopened offline."""
    import re

    from tests.browser.support.harness import see, tap, type_into
    from tests.browser.support.phone_app import PhoneBrowser, offline_ready, open_phone

    with tempfile.TemporaryDirectory() as tmp:
        phone = PhoneBrowser(playwright, Path(tmp) / "profile").start()
        try:
            page = phone.new_page()
            open_phone(page, app.url)
            offline_ready(page)
            tap(page, "new-pc-war")
            type_into(page, "player-0", "Ann")
            type_into(page, "player-1", "Bea")
            tap(page, "start")
            see(page, "Flip 1", 30_000)
            gid = re.search(r"#/play/([0-9a-f]+)", page.url).group(1)
            acknowledged = 0
            for n in range(1, SAVED_STEPS + 1):
                tap(page, "flip-left")
                see(page, f"Flips: {n}", 15_000)
                acknowledged = n
            phone.kill()
            app.stop()
            phone = PhoneBrowser(playwright, Path(tmp) / "profile").start()
            phone.context.set_offline(True)
            page = phone.new_page()
            open_phone(page, f"{app.url}#/play/{gid}")
            page.locator('[flt-semantics-identifier="flip-left"]').first.wait_for(timeout=60_000)
            label = page.get_by_text(re.compile(r"^Flips: \d+")).first.inner_text(timeout=10_000)
            kept = int(re.search(r"Flips: (\d+)", label).group(1))
        finally:
            phone.close()
            app.start()
    return acknowledged, kept


def first_visit_bytes(playwright, folder: Path) -> int:
    """What a first visit downloads: the page's files and the service worker's copy of the build,
    in a browser with a profile on disk (a phone's browser keeps what it loaded in its cache, so
    the service worker's copy is a 304 for most files)."""
    from tests.browser.support.phone_app import PhoneBrowser, StaticServer, offline_ready

    host = StaticServer(folder, counting=True).start()
    with tempfile.TemporaryDirectory() as tmp:
        phone = PhoneBrowser(playwright, Path(tmp) / "profile").start()
        try:
            page = phone.new_page()
            page.goto(host.url)
            offline_ready(page)
            page.wait_for_timeout(1000)
            return host.bytes_served()
        finally:
            phone.close()
            host.stop()


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3]) if Path("/proc/loadavg").exists() else "?"


def main() -> None:
    from playwright.sync_api import sync_playwright

    from tests.browser.support.harness import LAUNCH_ARGS, chromium_path
    from tests.browser.support.phone_app import StaticServer, build_phone

    path = chromium_path()
    if not path:
        print("phone skipped: no Chromium (apt-get install chromium)")
        return
    app_dir, floor_dir = build_phone(), build_phone(floor=True)
    app, floor = StaticServer(app_dir).start(), StaticServer(floor_dir).start()
    started = time.monotonic()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, headless=True, args=LAUNCH_ARGS)
        try:
            t = starts(browser, app, floor)
            med = {k: statistics.median(v) for k, v in t.items()}
            print(f"phone start: cold median {med['app cold']:.1f} s, warm median {med['app warm']:.1f} s, offline "
                  f"median {med['app offline']:.1f} s; floor cold {med['floor cold']:.1f} s, warm "
                  f"{med['floor warm']:.1f} s, offline {med['floor offline']:.1f} s; ratio "
                  f"{med['app warm'] / med['floor warm']:.2f}  (load {load()})", flush=True)
            served = statistics.median(served_starts(browser))
            print(f"phone start against the served app: warm median {med['app warm']:.1f} s, served median "
                  f"{served:.1f} s; ratio {med['app warm'] / served:.2f}  (load {load()})", flush=True)
            taps, base = card_taps(browser, app), floor_taps(browser, floor)
            print(f"phone tap: median {statistics.median(taps) * 1e3:.0f} ms, p95 {percentile(taps, 95) * 1e3:.0f} ms; "
                  f"floor median {statistics.median(base) * 1e3:.0f} ms, p95 {percentile(base, 95) * 1e3:.0f} ms; "
                  f"ratio {statistics.median(taps) / statistics.median(base):.2f}  (load {load()})", flush=True)
            acknowledged, kept = saves(p, app)
            print(f"phone saves: {acknowledged} steps acknowledged, {kept} after the browser was killed and reopened "
                  "offline", flush=True)
            size, floor_size = first_visit_bytes(p, app_dir), first_visit_bytes(p, floor_dir)
            print(f"phone size: {size / 1e6:.1f} MB (floor {floor_size / 1e6:.1f} MB)", flush=True)
        finally:
            browser.close()
            app.stop()
            floor.stop()
    print(f"(phone benchmarks took {time.monotonic() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
