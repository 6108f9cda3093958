"""Drive the phone app (``make phone``: build/phone/) as a phone would: its files from a plain
static file server (``python -m http.server``: no rule of ours, no fallback), a Chromium with a
profile of its own on disk that can be killed (SIGKILL, the whole process group) and started
again on the same profile, as a phone's browser is killed and reopened.

Used by tests/browser/test_phone.py and benchmarks/bench_phone.py.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.browser.support.harness import LAUNCH_ARGS, ROOT, chromium_path, enable_semantics, free_port

PHONE_VIEWPORT = {"width": 390, "height": 844}
START_WAIT = 120_000
"""ms a phone app's start may take in a test (a cold start on a busy 2-core machine: ~15 s)"""


def build_phone(floor: bool = False) -> Path:
    """The phone app (or its floor) built from this checkout, once (the build skips itself when
    nothing it is made from changed)."""
    from tools.phone.build import FLOOR_OUT, OUT, build

    return build(FLOOR_OUT if floor else OUT, floor=floor).out


BYTES_PATH = "/.bytes-served"
"""the counting server's own address: how many bytes of files it has sent (benchmarks only)"""


class StaticServer:
    """A plain static file server on a free port: what any host does, nothing more (Python's
    ``http.server``). ``counting``: the same server counting the bytes of the files it sends
    (``bytes_served``), for the benchmarks' size of a first visit."""

    def __init__(self, folder: Path, port: int | None = None, counting: bool = False):
        self.folder = folder
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.counting = counting
        self.proc: subprocess.Popen | None = None

    def start(self) -> StaticServer:
        serve = ([sys.executable, "-m", "tests.browser.support.phone_app", str(self.folder), str(self.port)]
                 if self.counting
                 else [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "--directory",
                       str(self.folder)])
        self.proc = subprocess.Popen(serve, cwd=ROOT, stdout=subprocess.DEVNULL,
                                     stderr=None if os.environ.get("COMPANION_LOG_REQUESTS") else subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url, timeout=1) as answer:
                    if answer.status == 200:
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"the static server for {self.folder} did not answer")

    def bytes_served(self) -> int:
        with urllib.request.urlopen(self.url.rstrip("/") + BYTES_PATH, timeout=5) as answer:
            return int(answer.read())

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


class PhoneBrowser:
    """A Chromium process on a profile folder, driven over its debugging port (so that the
    process can be killed outright, as a phone kills its browser, and started again on the
    same profile)."""

    def __init__(self, playwright, profile: Path, extra_args: tuple[str, ...] = ()):
        self.playwright = playwright
        self.profile = profile
        self.extra_args = extra_args
        self.proc: subprocess.Popen | None = None
        self.browser = None

    def start(self) -> PhoneBrowser:
        path = chromium_path()
        if not path:
            raise RuntimeError("no Chromium (/usr/bin/chromium)")
        self.profile.mkdir(parents=True, exist_ok=True)
        port_file = self.profile / "DevToolsActivePort"
        port_file.unlink(missing_ok=True)
        self.proc = subprocess.Popen(
            [path, "--headless", *LAUNCH_ARGS, f"--user-data-dir={self.profile}", "--remote-debugging-port=0",
             "--remote-debugging-address=127.0.0.1", *self.extra_args, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if port_file.exists() and port_file.read_text().strip():
                port = port_file.read_text().split()[0]
                self.browser = self.playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
                return self
            if self.proc.poll() is not None:
                raise RuntimeError("Chromium stopped at start")
            time.sleep(0.05)
        raise RuntimeError("Chromium did not open its debugging port")

    @property
    def context(self):
        return self.browser.contexts[0]

    def new_page(self):
        page = self.context.new_page()
        page.set_viewport_size(PHONE_VIEWPORT)
        return page

    def kill(self) -> None:
        """SIGKILL to every process of this Chromium: nothing is closed, nothing flushed."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None
        self.browser = None

    def close(self) -> None:
        if self.browser is not None:
            try:
                self.browser.close()
            except Exception:  # it was killed meanwhile
                pass
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc = None
        self.browser = None


def open_phone(page, url: str, timeout: float = START_WAIT) -> None:
    """Open the phone app at ``url`` and wait for its first screen (accessibility tree on)."""
    page.goto(url)
    enable_semantics(page, timeout)


def offline_ready(page, timeout: float = 120.0) -> str:
    """Wait until the service worker holds every file of the build (so the next start needs no
    network): its version."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        version = page.evaluate("""async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            if (!reg || !reg.active || !navigator.serviceWorker.controller) return null;
            const keys = await caches.keys();
            return keys.find((k) => k.startsWith("card-companion-")) || null;
        }""")
        if version:
            return version.removeprefix("card-companion-")
        page.wait_for_timeout(250)
    raise AssertionError("the service worker did not take over the page in time")


STARTED = "Card Companion started: "


def started_timings(lines: list[str]) -> dict:
    """The worker's timings of the last start (``python-worker.js`` logs them)."""
    import json

    for line in reversed(lines):
        if STARTED in line:
            return json.loads(line.split(STARTED, 1)[1])
    return {}


def serve_counting(folder: str, port: int) -> None:
    """``http.server``'s static files, counting the bytes of every file sent."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    sent = [0]
    lock = threading.Lock()

    class Counting(SimpleHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            if self.path == BYTES_PATH:
                body = str(sent[0]).encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()

        def copyfile(self, source, outputfile):
            data = source.read()
            with lock:
                sent[0] += len(data)
            outputfile.write(data)

        def log_message(self, fmt, *args):
            if os.environ.get("COMPANION_LOG_REQUESTS"):
                sys.stderr.write(f"{self.requestline} {args[1] if len(args) > 1 else ''} "
                                 f"ims={self.headers.get('If-Modified-Since')}\n")

    handler = functools.partial(Counting, directory=folder)
    ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()


__all__ = ["PHONE_VIEWPORT", "ROOT", "PhoneBrowser", "StaticServer", "build_phone", "offline_ready", "open_phone",
           "started_timings"]


if __name__ == "__main__":
    serve_counting(sys.argv[1], int(sys.argv[2]))
