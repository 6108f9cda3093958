"""Browser-test fixtures: the real server on a free port, Chromium through Playwright, and
a screenshot folder named after the run (test-output/screenshots/<run>/<test>/).

Without a Chromium the browser tests skip with a message on a laptop; in CI
(COMPANION_REQUIRE_BROWSER=1, set by .ci/run) they fail instead.
"""

from __future__ import annotations

import faulthandler
import os
import re
import signal
import threading
import time
from pathlib import Path

import pytest

from tests.browser.support.harness import LAUNCH_ARGS, ROOT, Server, chromium_path, open_app

RUN_NAME = os.environ.get("COMPANION_RUN_NAME") or time.strftime("run-%Y%m%d-%H%M%S")
SHOTS = ROOT / "test-output" / "screenshots" / RUN_NAME
REQUIRED = os.environ.get("COMPANION_REQUIRE_BROWSER") == "1"
NO_BROWSER = ("no Chromium found (/usr/bin/chromium): install Debian's chromium "
              "(apt-get install chromium) to run the browser tests")


def pytest_collection_modifyitems(config, items):
    if chromium_path() or REQUIRED:
        # Rarely (a few times in hundreds of runs, on a loaded machine) Flet's web client
        # falls back to its "Working..." screen mid-test and the page never comes back; the
        # game itself is saved. One rerun keeps such a stall from failing the whole run; the
        # report still shows the rerun (R), and a real failure fails twice.
        for item in items:
            if "browser" in item.keywords:
                item.add_marker(pytest.mark.flaky(reruns=1))
        return
    skip = pytest.mark.skip(reason=NO_BROWSER)
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives the real server in Chromium")


# Every Chromium this run starts carries this switch (Chromium ignores switches it does not
# know), so the watchdog below can find and stop exactly these processes.
RUN_MARK = f"--companion-test-run={os.getpid()}"


@pytest.fixture(scope="session")
def playwright_driver():
    path = chromium_path()
    if not path:
        pytest.fail(f"browser tests are required here (COMPANION_REQUIRE_BROWSER=1) but {NO_BROWSER}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = Launched(p, path)
        yield launched
        launched.close()


class Launched:
    """One Chromium for the run, started again if it stopped (the watchdog stops a hung one)."""

    def __init__(self, playwright, path: str):
        self.playwright = playwright
        self.path = path
        self.current = None

    def browser(self):
        if self.current is None or not self.current.is_connected():
            self.current = self.playwright.chromium.launch(
                executable_path=self.path, headless=True, args=[*LAUNCH_ARGS, RUN_MARK])
        return self.current

    def close(self) -> None:
        if self.current is not None and self.current.is_connected():
            self.current.close()


@pytest.fixture
def browser(playwright_driver):
    return playwright_driver.browser()


@pytest.fixture
def server(tmp_path):
    """A fresh server with an empty save folder."""
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()


@pytest.fixture
def start_server():
    """Start a server on a save folder prepared by the test (a seeded game, a bad file);
    it stops when the test ends."""
    started = []

    def start(data_dir: Path) -> Server:
        server = Server(data_dir).start()
        started.append(server)
        return server

    def again(stopped: Server) -> Server:
        """The same server started again (same port, same save folder) after a stop."""
        server = Server(stopped.data_dir, port=stopped.port,
                        log=stopped.data_dir / f"server-{len(started) + 1}.log").start()
        started.append(server)
        return server

    start.again = again
    yield start
    for server in started:
        server.stop()


class Shots:
    """Numbered screenshots of one test: shots("table") → 01-table.png."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.n = 0

    def __call__(self, page, name: str, full_page: bool = False) -> Path:
        from tests.browser.support.harness import settle

        settle(page)
        self.n += 1
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{self.n:02d}-{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path


@pytest.fixture
def shots(request):
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name)
    return Shots(SHOTS / name)


@pytest.fixture
def app(browser, server, request, shots):
    """A phone-sized page at the app's home screen."""
    page = open_app(browser, server.url)
    yield page
    shoot_if_failed(request, page, shots)
    page.close()


@pytest.fixture
def open_page(browser, request, shots):
    """Open more pages (another server, a second phone); failures screenshot them too."""
    opened = []

    def opener(url: str, width: int = 400, height: int = 860):
        page = open_app(browser, url, width, height)
        opened.append(page)
        return page

    yield opener
    for p in opened:
        shoot_if_failed(request, p, shots)
        if not p.is_closed():
            p.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.failed_call = report.failed


def shoot_if_failed(request, page, shots) -> None:
    """A failed browser test leaves a picture of where it stopped (9x-FAILED.png)."""
    if getattr(request.node, "failed_call", False) and not page.is_closed():
        shots.n = max(shots.n, 90)
        shots(page, "FAILED")


BROWSER_TEST_LIMIT = float(os.environ.get("COMPANION_BROWSER_TEST_LIMIT", 240))  # s; slowest ~85 (2 workers)
STILL_STUCK = 60  # seconds more after its Chromium was stopped


@pytest.fixture(autouse=True)
def time_limit(request):
    """A browser test that hangs fails instead of stalling the run.

    A watchdog thread, not a signal: an exception raised by a signal handler lands in
    whatever runs at that moment, and inside Playwright's event loop that can be one of
    the driver connection's own tasks, which then hangs every later call for good. At the
    limit the watchdog writes every thread's stack to the terminal and stops this run's
    Chromium: the call the test waits in fails at once, the test fails (and reruns in a
    new Chromium). If the test is still stuck a minute later, the run stops, with the
    stacks printed, rather than running into CI's own limit with nothing said (under
    pytest-xdist: this worker stops, its test is reported as crashed, and RUN_MARK, which
    holds the worker's own pid, keeps it from stopping the other worker's Chromium)."""
    if "browser" not in request.keywords:
        yield
        return
    watchdog = Watchdog(request.node.nodeid, request.config)
    watchdog.start()
    yield
    watchdog.finished.set()


class Watchdog(threading.Thread):
    def __init__(self, test: str, config):
        super().__init__(daemon=True, name="browser-test-watchdog")
        self.test = test
        self.config = config
        self.finished = threading.Event()

    def run(self) -> None:
        if self.finished.wait(BROWSER_TEST_LIMIT):
            return
        self.say(f"{self.test} ran past {BROWSER_TEST_LIMIT} s; stopping its Chromium. Stacks:")
        stop_chromium()
        if self.finished.wait(STILL_STUCK):
            return
        capture = self.config.pluginmanager.getplugin("capturemanager")
        if capture is not None:
            capture.suspend_global_capture(in_=True)  # what follows reaches the CI log
        self.say(f"{self.test} is still stuck {STILL_STUCK} s later; stopping the run. Stacks:")
        os._exit(3)

    def say(self, line: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        dump = SHOTS / "hung-tests.txt"
        with open(dump, "a") as f:
            f.write(line + "\n")
            f.flush()
            faulthandler.dump_traceback(file=f, all_threads=True)
        writer = self.config.get_terminal_writer()
        writer.line()
        writer.line(line, red=True)
        writer.write(dump.read_text().split(line)[-1])
        writer.flush()


def stop_chromium() -> None:
    """Kill every process of the Chromium this run started (found by RUN_MARK)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            args = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if RUN_MARK.encode() in args:
            try:
                os.kill(int(proc.name), signal.SIGKILL)
            except OSError:
                pass
