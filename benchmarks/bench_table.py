"""One table, many phones: what a step costs the server and the phones, printed as these lines

    page update: GAME median X ms, p95 Y ms; floor median A ms; ratio R        (x 5 games)
    controls per step: GAME N                                                  (x 5 games)
    controls created per step: GAME N                                          (x 5 games)
    controls created by a phase change: GAME max N (BEFORE -> AFTER; K of M steps)  (x 5 games)
    phone-to-phone: median X ms, p95 Y ms; floor median A ms, p95 B ms; ratio R, p95 ratio S
    tables under load: 50 tables, 200 phones, a step every 5 s, tap p95 Z ms
    tables under load: 75 tables, 300 phones, a step every 8 s, tap p95 Z ms, steps lost N
    own tap: median X ms, p95 Y ms; floor p95 B ms; ratio R
    tables at a step a second: N tables with tap p95 under 100 ms
    reconnect: median X s

- **page update** and **controls per step** (benchmarks/page_updates.py, in-process, no
  browser): each game mid-game on 4 phones of the app, 40 steps (real steps, undo and redo
  mixed) entered by another phone; the server time of each phone's page update (render, diff,
  encoding), against a two-page floor app's update through the same live hub, interleaved.
  **controls created per step**: the median of the controls a step mounts for the first time
  on one watching phone (new ids in its session's index); **by a phase change**: the most
  one step that changed the state's phase created.
- **phone-to-phone**: a step tapped on phone A until the new state is in the DOM of phone B
  (two Chromium pages on one game; a MutationObserver inside B stamps the moment, A stamps its
  click; both with ``performance.timeOrigin + performance.now()``, one clock), 40 steps (undo
  and redo in turn) after 3 warm-up steps; and the same for the two-page floor app
  (``python -m benchmarks.floor_app PORT --table``), one floor tap after each table step.
- **tables under load**: 50 tables with 4 phones each on 127.0.0.1. The 200 phones are plain
  Flet websocket clients (``LoadPhone``: the protocol Flet's web client speaks, msgpack frames
  over ``/ws``: register, answer the server's method calls, keep the page as the patches
  change it, report the size of the drawing marker as a browser does, click by control id),
  because 200 Chromium pages on 2 cores would measure Chromium. One phone per table steps once
  in every 5 s, at a random moment of it, for 60 s (the three others receive every step); one
  measured Chromium phone taps on a table of its own meanwhile: its tap -> result p95. The
  server's CPU share and RSS are printed before the phones come, while they play, and after
  they left (sessions expire after 10 s here).
- **75 tables**: the same with 75 tables of 4 phones and a step every 8 s per table (each
  one undoes or redoes Bea's deal: the step that mounts the most), and **steps lost**: the
  steps the server's log says it committed whose revision the saved game does not reach
  afterwards. The load phones run in the bench's own process, on the same two cores: the
  line of details gives that process's CPU share beside the server's.
- **own tap**: the measured Chromium phone's undo/redo tap on its table with no other table
  on the server (median and p95), against the floor app's p95 tap of the phone-to-phone run
  (measured before, in the same bench).
- **tables at a step a second**: the same with a step a second per table, for 30 s, with 5,
  10, 20, 30 and 50 tables in turn until the tap p95 is over 100 ms: the largest that held.
- **reconnect**: the server is killed (SIGKILL) under an open table, a step is saved while
  it is down (another process), the server is started again: the time from starting it until
  the phone shows that step, by itself. 5 runs.

Run: ``python -m benchmarks table`` (about 12 minutes; needs Chromium).
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from benchmarks import percentile
from benchmarks.load_phone import LoadPhone
from card_companion.companion.log_changes import Redo, Undo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FAST_LIMITS = ("--per-address", "2000", "--new-per-minute", "100000", "--session-timeout", "10")

# In the page: click the control with this id (its tappable node) and return the time.
CLICK_JS = """
(ident) => {
  const host = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
  if (!host) return null;
  const target = host.matches('[flt-tappable]') ? host : (host.querySelector('[flt-tappable]') || host);
  const t = performance.timeOrigin + performance.now();
  target.click();
  return t;
}
"""
# In the page: stamp the moment the deal entry (Bea's "deal-submit") appears or goes away.
WATCH_JS = """
(present) => {
  window.__stamp = null;
  const done = () => !!document.querySelector('[flt-semantics-identifier="deal-submit"]') === present;
  if (done()) { window.__stamp = -1; return; }
  const obs = new MutationObserver(() => {
    if (done()) { window.__stamp = performance.timeOrigin + performance.now(); obs.disconnect(); }
  });
  obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}
"""
# In the page: click and wait for its own result (the Resolve benchmark's way)
TAP_JS = """
async ([ident, present]) => {
  const host = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
  const target = host.matches('[flt-tappable]') ? host : (host.querySelector('[flt-tappable]') || host);
  return await new Promise((resolve, reject) => {
    const done = () => !!document.querySelector('[flt-semantics-identifier="deal-submit"]') === present;
    const t0 = performance.now();
    const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); resolve(performance.now() - t0); } });
    obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    setTimeout(() => { obs.disconnect(); reject(new Error('no result after 5 s')); }, 5000);
    target.click();
  });
}
"""


def dealt_game():
    """Peace and Love with both deals entered: undo brings Bea's deal entry back, redo takes
    it away again (one committed step each)."""
    from card_companion.companion.registry import game
    from card_companion.companion.session import Session

    pal = game("peace-and-love")
    s = Session.start(pal, pal.make_setup(["Ann", "Bea"]))
    s = s.push(pal.parse_action({"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]}))
    return s.push(pal.parse_action({"kind": "deal", "player": 1, "fighters": ["5S", "2C", "7D"]}))


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def launch():
    from playwright.sync_api import sync_playwright

    from tests.browser.support.harness import LAUNCH_ARGS, chromium_path

    path = chromium_path()
    if not path:
        return None, None
    p = sync_playwright().start()
    return p, p.chromium.launch(executable_path=path, headless=True, args=LAUNCH_ARGS)


def open_phone(browser, url: str, ready: str):
    """A phone-sized page at ``url``, once the control ``ready`` is there."""
    from tests.browser.support.harness import enable_semantics

    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(url)
    enable_semantics(page)
    page.locator(f'[flt-semantics-identifier="{ready}"]').first.wait_for()
    return page


def open_table(browser, url: str):
    return open_phone(browser, url, "undo")


def wait_ident(page, ident: str, present: bool, timeout: float = 15_000) -> None:
    page.wait_for_function(
        "([i, p]) => !!document.querySelector(`[flt-semantics-identifier=\"${i}\"]`) === p", arg=[ident, present],
        timeout=timeout)


def settle_tappable(page, ident: str) -> None:
    page.locator(f'[flt-semantics-identifier="{ident}"] [flt-tappable], '
                 f'[flt-semantics-identifier="{ident}"][flt-tappable]').first.wait_for(timeout=15_000)


# --- phone-to-phone -----------------------------------------------------------------------------


FLOOR_WATCH_JS = """
(expected) => {
  window.__stamp = null;
  const done = () => { const e = document.querySelector('[flt-semantics-identifier="floor-result"]');
                       return !!e && ((e.getAttribute('aria-label') || '') + e.textContent).includes(expected); };
  if (done()) { window.__stamp = -1; return; }
  const obs = new MutationObserver(() => {
    if (done()) { window.__stamp = performance.timeOrigin + performance.now(); obs.disconnect(); }
  });
  obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}
"""


def timed_tap(tapper, watcher, ident: str, watch_js: str, arg) -> float | None:
    """One tap on ``tapper``'s control ``ident`` until ``watcher`` shows it (``watch_js``
    stamps the moment it does): seconds, or None if either clock missed."""
    watcher.evaluate(watch_js, arg)
    tapper.wait_for_timeout(60)
    clicked = tapper.evaluate(CLICK_JS, ident)
    watcher.wait_for_function("() => window.__stamp !== null", timeout=10_000)
    seen = watcher.evaluate("() => window.__stamp")
    return (seen - clicked) / 1000 if clicked and seen and seen > 0 else None


def phone_to_phone(steps: int = 40, warm: int = 3) -> tuple[list[float], list[float]] | None:
    """(the table's times, the floor's times), seconds, one floor tap after each table step."""
    from benchmarks.bench_calculator import start_floor
    from tests.browser.support.harness import Server, free_port, save_game

    p, browser = launch()
    if browser is None:
        print("phone-to-phone skipped: no Chromium (apt-get install chromium)")
        return None
    table, floor = [], []
    floor_proc = start_floor(free_port(), "--table")
    with tempfile.TemporaryDirectory() as tmp:
        gid = save_game(Path(tmp), dealt_game())
        server = Server(Path(tmp)).start()
        try:
            a = open_table(browser, f"{server.url}/play/{gid}")
            b = open_table(browser, f"{server.url}/play/{gid}")
            floor_url = f"http://127.0.0.1:{floor_proc.args[-2]}/"
            fa, fb = open_phone(browser, floor_url, "floor-button"), open_phone(browser, floor_url, "floor-button")
            for i in range(steps + warm):
                undo = i % 2 == 0
                ident = "undo" if undo else "redo"
                settle_tappable(a, ident)
                took = timed_tap(a, b, ident, WATCH_JS, undo)
                wait_ident(a, "deal-submit", undo)
                # the floor, right after: one tap on its page A until its page B shows the count
                floor_took = timed_tap(fa, fb, "floor-button", FLOOR_WATCH_JS, f"count {i + 1}")
                if i >= warm:
                    table += [took] if took is not None else []
                    floor += [floor_took] if floor_took is not None else []
        finally:
            server.stop()
            floor_proc.kill()
            browser.close()
            p.stop()
    return table, floor


# --- tables under load --------------------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def steps_lost(log: str, store) -> int:
    """The steps the server said it committed (its log: "game G revision R: ...") whose revision
    the saved game does not reach once the server is gone: acknowledged and not in storage."""
    committed: dict[str, int] = {}
    for gid, revision in re.findall(r"game (\S+) revision (\d+):", log):
        committed[gid] = max(committed.get(gid, 0), int(revision))
    try:
        return sum(max(0, revision - store.snapshot(gid).revision) for gid, revision in committed.items())
    finally:
        store.close()


def tables_under_load(n_tables: int, period: float, seconds: int, phones: int = 4, seed: int = 5):
    """``n_tables`` tables of ``phones`` load phones, one step per table in every ``period``
    seconds at a random moment of it, for ``seconds``; one Chromium phone taps on its own
    table meanwhile."""
    import random

    from playwright.sync_api import Error as PlaywrightError

    from card_companion.companion.phones.access import TABLE
    from card_companion.companion.phones.devices import Tables
    from card_companion.companion.saves.storage import Store
    from tests.browser.support.harness import Server, save_game

    p, browser = launch()
    if browser is None:
        print("tables under load skipped: no Chromium")
        return None
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        measured_gid = save_game(data, dealt_game())  # the measured Chromium phone's own table
        store = Store(data / "games.sqlite3")
        tables = Tables(store)
        seats = []  # (game id, [device keys])
        for _ in range(n_tables):
            keys = [tables.new_device_key() for _ in range(phones)]
            gid = tables.device(keys[0], "127.0.0.1").create(dealt_game())
            for k in keys[1:]:
                store.set_seat(k, gid, str(TABLE), only_one=False)
            seats.append((gid, keys))
        store.close()
        server = Server(data, args=FAST_LIMITS).start()
        pid = server.proc.pid
        loop = asyncio.new_event_loop()
        threading.Thread(target=loop.run_forever, daemon=True).start()

        def run(coro, timeout=600):
            return asyncio.run_coroutine_threadsafe(coro, loop).result(timeout)

        try:
            page = open_table(browser, f"{server.url}/play/{measured_gid}")
            time.sleep(3)
            rss_before = rss_mb(pid)
            cpu0, t0 = cpu_seconds(pid), time.monotonic()
            time.sleep(3)
            cpu_idle = (cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)
            load = [LoadPhone(server.url, f"/play/{gid}", key) for gid, keys in seats for key in keys]

            async def connect_all():
                for i in range(0, len(load), 10):
                    await asyncio.gather(*(ph.connect() for ph in load[i:i + 10]))
                    await asyncio.sleep(0.2)
                deadline = time.monotonic() + 120
                while time.monotonic() < deadline and not all(ph.ready for ph in load):
                    await asyncio.sleep(0.5)

            t = time.perf_counter()
            run(connect_all())
            connected_in = time.perf_counter() - t
            ready = sum(1 for ph in load if ph.ready)
            steppers = [load[i * phones] for i in range(n_tables)]
            offsets = [[rng.uniform(0, period) for _ in range(int(seconds / period) + 2)] for _ in steppers]
            stop = threading.Event()
            stepped = [0]

            async def stepping(ph: LoadPhone, moments: list[float]):
                start = time.monotonic()
                for k, moment in enumerate(moments):
                    await asyncio.sleep(max(0.0, start + k * period + moment - time.monotonic()))
                    if stop.is_set():
                        return
                    if await ph.step():
                        stepped[0] += 1

            cpu0, t0 = cpu_seconds(pid), time.monotonic()
            own0 = time.process_time()  # the load phones run in this process (their share of the cores)
            futures = [asyncio.run_coroutine_threadsafe(stepping(ph, offsets[i]), loop)
                       for i, ph in enumerate(steppers)]
            taps = []
            late = [0]
            end = time.monotonic() + seconds
            i = 0
            while time.monotonic() < end:
                undo = i % 2 == 0
                ident = "undo" if undo else "redo"
                try:
                    settle_tappable(page, ident)
                    page.wait_for_timeout(100)
                    ms = page.evaluate(TAP_JS, [ident, undo])
                except PlaywrightError:  # not tappable, or no result within TAP_JS's 5 s: counted, at 5 s
                    ms = 5000.0
                    late[0] += 1
                if i >= 2:
                    taps.append(ms / 1000)
                i += 1
                page.wait_for_timeout(900)
            cpu_loaded = (cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)
            cpu_clients = (time.process_time() - own0) / (time.monotonic() - t0)
            rss_loaded = rss_mb(pid)
            stop.set()
            for f in futures:
                f.result(30)
            received = sum(ph.received for ph in load)

            async def close_all():
                await asyncio.gather(*(ph.close() for ph in load))

            run(close_all())
            page.close()
            cpu0, t0 = cpu_seconds(pid), time.monotonic()
            time.sleep(35)  # sessions expire 10 s after their phone left; evicted every 10 s
            cpu_after = (cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)
            rss_after = rss_mb(pid)
        finally:
            loop.call_soon_threadsafe(loop.stop)
            server.stop()
            browser.close()
            p.stop()
        log = (data / "server.log").read_text()
        told = [int(m) for m in re.findall(r"by [^,]+, told (\d+) other", log)]
        lost = steps_lost(log, Store(data / "games.sqlite3"))
    return dict(taps=taps, late=late[0], tables=n_tables, phones=n_tables * phones, ready=ready, lost=lost,
                cpu_clients=cpu_clients,
                connected_in=connected_in, stepped=stepped[0], received=received,
                told_median=statistics.median(told) if told else 0,
                rss=(rss_before, rss_loaded, rss_after), cpu=(cpu_idle, cpu_loaded, cpu_after))


# --- reconnect -------------------------------------------------------------------------------------


def reconnect(runs: int = 5) -> list[float] | None:
    from card_companion.companion.saves.storage import Store
    from tests.browser.support.harness import Server, save_game

    p, browser = launch()
    if browser is None:
        print("reconnect skipped: no Chromium")
        return None
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        gid = save_game(data, dealt_game())
        server = Server(data).start()
        try:
            page = open_table(browser, f"{server.url}/play/{gid}")
            wait_ident(page, "deal-submit", False)
            for run in range(runs):
                os.kill(server.proc.pid, signal.SIGKILL)  # killed, not stopped
                server.proc.wait()
                page.wait_for_function("() => { const e = document.getElementById('companion-connection');"
                                       " return e && e.dataset.state === 'down'; }", timeout=15_000)
                undone = run % 2 == 0
                store = Store(data / "games.sqlite3")  # a step saved while the server is down
                rev = store.revision(gid)
                store.commit(gid, rev, Undo() if undone else Redo())
                store.close()
                server = Server(data, port=server.port, log=data / f"server-{run}.log")
                t = time.perf_counter()
                server.start()
                wait_ident(page, "deal-submit", undone, timeout=60_000)
                out.append(time.perf_counter() - t)
        finally:
            server.stop()
            browser.close()
            p.stop()
    return out


def page_updates(steps: int = 40) -> None:
    from benchmarks.page_updates import GAMES, measure
    from tests.support.phones import run

    for game in GAMES:
        with tempfile.TemporaryDirectory() as tmp:
            m = run(lambda: measure(game, steps, Path(tmp)), timeout=900)  # noqa: B023 (run at once)
        med, p95, floor = (statistics.median(m.updates) * 1000, percentile(m.updates, 95) * 1000,
                           statistics.median(m.floor) * 1000)
        print(f"page update: {game} median {med:.1f} ms, p95 {p95:.1f} ms; floor median {floor:.2f} ms; "
              f"ratio {med / floor:.1f}", flush=True)
        print(f"controls per step: {game} {statistics.median(m.controls):.0f}", flush=True)
        print("\n".join(m.created_lines()), flush=True)


def main() -> None:
    print(f"  (load average {os.getloadavg()[0]:.2f})", flush=True)
    page_updates()
    p2p = phone_to_phone()
    if p2p and p2p[0] and p2p[1]:
        table, floor = p2p
        med, p95 = statistics.median(table) * 1000, percentile(table, 95) * 1000
        fmed, fp95 = statistics.median(floor) * 1000, percentile(floor, 95) * 1000
        print(f"phone-to-phone: median {med:.0f} ms, p95 {p95:.0f} ms; floor median {fmed:.0f} ms, p95 {fp95:.0f} ms; "
              f"ratio {med / fmed:.1f}, p95 ratio {p95 / fp95:.1f}", flush=True)
        print(f"  ({len(table)} steps, {len(floor)} floor taps, interleaved; load average "
              f"{os.getloadavg()[0]:.2f})", flush=True)
    load = under_load(50, period=5.0, seconds=60)
    if load:
        print(f"tables under load: 50 tables, 200 phones, a step every 5 s, tap p95 {load['p95']:.0f} ms", flush=True)
    heavy = under_load(75, period=8.0, seconds=60)  # each step the deal undone or redone: the heaviest
    if heavy:
        print(f"tables under load: 75 tables, 300 phones, a step every 8 s, tap p95 {heavy['p95']:.0f} ms, "
              f"steps lost {heavy['lost']}", flush=True)
    alone = under_load(0, period=1.0, seconds=30)  # the measured phone's own tap, no other table: the floor
    if alone and p2p and p2p[1]:
        floor_p95 = percentile(p2p[1], 95) * 1000
        print(f"own tap: median {alone['median']:.0f} ms, p95 {alone['p95']:.0f} ms; floor p95 {floor_p95:.0f} ms; "
              f"ratio {alone['p95'] / floor_p95:.1f}", flush=True)
    alone = alone['p95'] if alone else None
    held = 0
    for n in CAPACITY if alone is not None and alone < 100 else CAPACITY[:1]:
        run = under_load(n, period=1.0, seconds=30)
        p95 = run['p95'] if run else None
        if p95 is None or p95 >= 100:
            break
        held = n
    print(f"tables at a step a second: {held} tables with tap p95 under 100 ms", flush=True)
    if alone is not None:
        print(f"  (the measured phone's tap alone on the server, no other table: p95 {alone:.0f} ms)", flush=True)
    rec = reconnect()
    if rec:
        print(f"reconnect: median {statistics.median(rec):.1f} s", flush=True)
        print(f"  (from starting the killed server again to the step saved meanwhile on the phone; "
              f"{len(rec)} runs, max {max(rec):.1f} s)", flush=True)


CAPACITY = (5, 10, 20, 30, 50)
"""tables at a step a second, tried in turn until the tap p95 is over 100 ms"""


def under_load(n_tables: int, period: float, seconds: int) -> dict | None:
    """One load run, its details on a line of their own; the tap's p95 and median in ms and the
    steps lost (None: not run)."""
    try:
        load = tables_under_load(n_tables, period, seconds)
    except Exception as exc:  # a run that could not finish says so, and the other lines still print
        print(f"  ({n_tables} tables, a step every {period:g} s: did not finish ({type(exc).__name__}: "
              f"{str(exc).splitlines()[0]}))", flush=True)
        return None
    if not load:
        return None
    p95 = percentile(load["taps"], 95) * 1000
    before, loaded, after = load["rss"]
    cpu_idle, cpu_loaded, cpu_after = load["cpu"]
    print(f"  ({n_tables} tables, a step every {period:g} s for {seconds} s: tap p95 {p95:.0f} ms, median "
          f"{statistics.median(load['taps']) * 1000:.0f} ms over {len(load['taps'])} taps; {load['late']} with no "
          f"result within 5 s; {load['ready']} of {load['phones']} phones connected in {load['connected_in']:.1f} s; "
          f"{load['stepped']} steps by the stepping phones, each told to {load['told_median']:.0f} other pages; "
          f"server CPU {cpu_idle:.0%} of a core before, {cpu_loaded:.0%} with the phones, {cpu_after:.0%} after; "
          f"the load phones' own process {load['cpu_clients']:.0%} of a core; {load['lost']} steps lost; "
          f"RSS {before:.0f} MB before, {loaded:.0f} MB with the phones, {after:.0f} MB after they left; "
          f"load average {os.getloadavg()[0]:.2f})", flush=True)
    return dict(p95=p95, median=statistics.median(load["taps"]) * 1000, lost=load["lost"])


if __name__ == "__main__":
    main()
