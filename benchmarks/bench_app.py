"""The Foundation's numbers: Resolve → result visible in the browser, server start → first
screen interactive, and one request through `companion resolve -`.

Budgets: Resolve → visible under 100 ms at the 95th percentile; start → interactive under
3 s; one resolve request under 100 µs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import report

ROOT = Path(__file__).resolve().parents[1]
REQUEST = {"game": "peace-and-love", "ask": "fight", "players": 2, "attacker": 0, "defender": 1,
           "fighters": [{"player": 0, "fighter": "9H", "card": "7H"}, {"player": 1, "fighter": "5S", "card": "2C"}]}

# How long from the click on Resolve until the result's semantics node is in the page,
# measured inside the page (a MutationObserver), so Playwright's own polling is not counted.
CLICK_TO_VISIBLE_JS = """
async ([button, result]) => {
  const host = document.querySelector(`[flt-semantics-identifier="${button}"]`);
  const target = host.querySelector('[flt-tappable]') || host;
  return await new Promise((resolve, reject) => {
    const found = () => document.querySelector(`[flt-semantics-identifier="${result}"]`);
    const t0 = performance.now();
    const obs = new MutationObserver(() => {
      if (found()) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    setTimeout(() => { obs.disconnect(); reject(new Error('no result after 5 s')); }, 5000);
    target.click();
  });
}
"""


def resolve_cli(requests: int, repeats: int = 5) -> list[float]:
    """Seconds per request through `companion resolve -`: a run of one request (start-up and
    the first request's one-time set-up) is subtracted from a run of requests + 1."""
    line = (json.dumps(REQUEST) + "\n").encode()
    env = dict(os.environ, PYTHONPATH=str(ROOT))

    def run(n: int) -> float:
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "card_companion", "resolve", "-"], input=line * n,
                             capture_output=True, cwd=ROOT, env=env, check=True).stdout
        elapsed = time.perf_counter() - t
        assert out.count(b"\n") == n and b'"taken_by":0' in out.splitlines()[0] if n else True
        return elapsed

    per_request = []
    for _ in range(repeats):
        one = run(1)
        full = run(requests + 1)
        per_request.append((full - one) / requests)
    return per_request


def resolve_in_process(n: int = 20000) -> list[float]:
    from card_companion.companion.protocol import resolve_line

    text = json.dumps(REQUEST)
    resolve_line(text)
    out = []
    for _ in range(n):
        t = time.perf_counter()
        resolve_line(text)
        out.append(time.perf_counter() - t)
    return out


def browser_numbers(resolves: int = 40, starts: int = 5) -> tuple[list[float], list[float]] | None:
    sys.path.insert(0, str(ROOT))
    from tests.browser.support.harness import LAUNCH_ARGS, Server, chromium_path, enable_semantics, pick_card, tap

    path = chromium_path()
    if not path:
        print("browser numbers skipped: no Chromium (apt-get install chromium)")
        return None
    from playwright.sync_api import sync_playwright

    from card_companion.calculators.cards import card
    from card_companion.companion.peace_and_love import GAME, Deal, StartFight
    from card_companion.companion.saves.storage import Store
    from card_companion.companion.session import Session

    start_times, click_times = [], []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, headless=True, args=LAUNCH_ARGS)
        data = Path(tmp)
        s = Session.start(GAME, GAME.make_setup(["Ann", "Bea"]))
        s = s.push(Deal(player=0, fighters=(card("9H"), card("KD"), card("QC"))))
        s = s.push(Deal(player=1, fighters=(card("5S"), card("2C"), card("7D"))))
        s = s.push(StartFight(fighter=0, defender=0, defender_fighter=0))
        store = Store(data / "games.sqlite3")
        gid = store.create(s)
        store.close()
        # server start → first screen interactive (a fresh server and browser page each time)
        for _ in range(starts):
            server = Server(data)
            t0 = time.perf_counter()
            server.start()
            page = browser.new_page(viewport={"width": 400, "height": 860})
            page.goto(server.url)
            enable_semantics(page)
            page.locator('[flt-semantics-identifier="new-peace-and-love"]').wait_for(state="visible")
            start_times.append(time.perf_counter() - t0)
            page.close()
            if len(start_times) < starts:
                server.stop()
        # Resolve → result visible, on the running server
        page = browser.new_page(viewport={"width": 400, "height": 860})
        page.goto(f"{server.url}/play/{gid}")
        enable_semantics(page)
        page.locator('[flt-semantics-identifier="play-submit"]').wait_for()
        pick_card(page, "play-picker", "3C")  # on Bea's 5♠
        for i in range(resolves + 3):
            # a different card on Ann's 9♥ each time: the preview goes away until Resolve
            tap(page, "play-slot-1")
            pick_card(page, "play-picker", ["7H", "8D", "4S", "2H"][i % 4])
            page.locator('[flt-semantics-identifier="preview"]').wait_for(state="detached")
            page.wait_for_timeout(50)
            ms = page.evaluate(CLICK_TO_VISIBLE_JS, ["play-submit", "preview"])
            if i >= 3:  # the first few warm the server and the page up
                click_times.append(ms / 1000)
        page.close()
        server.stop()
        browser.close()
    return click_times, start_times


def main() -> None:
    cli = resolve_cli(10_000)
    report("one resolve request through `companion resolve -` (10,000 requests, 5 runs)", cli, "µs",
           budget=100)
    report("one resolve request in-process (resolve_line)", resolve_in_process(), "µs", budget=100)
    numbers = browser_numbers()
    if numbers:
        clicks, starts = numbers
        report("Resolve click → result visible in Chromium", clicks, "ms", budget=100)
        report("server start → first screen interactive", starts, "s", budget=3)


if __name__ == "__main__":
    main()
