"""The app's entry point: opens the saves and serves the Flet views. It sits above the
layers: the one module that wires views (and the companion they render) together."""

from __future__ import annotations

import asyncio
import ctypes
import gc
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import flet as ft

from card_companion.companion.saves.storage import open_store
from card_companion.memory import settle_memory
from card_companion.server import (
    NEW_PER_MINUTE,
    PER_ADDRESS,
    PHONE_URL,
    SESSION_TIMEOUT,
    WILDCARD,
    AddressLimits,
    HostCheck,
    build_app,
    lan_address,
    listening_socket,
    run,
)

ASSETS = Path(str(resources.files("card_companion") / "assets"))
"""the icon, the suit font: package data, so an installed wheel serves them too"""
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550
COLLECT_AFTER_CLOSE = 5.0
"""seconds from a page's session closing to the full collection that frees what it drew"""
_collection: list[tuple[asyncio.AbstractEventLoop, asyncio.TimerHandle]] = []
"""the full collection waiting to run (at most one), and the loop it waits on"""


def give_back_memory() -> None:
    """Hand the memory freed by a collection back to the system (glibc's ``malloc_trim``):
    without it the C heap keeps the freed pages, and the server's RSS stays at the most
    phones it ever had (docs/performance.md). Nothing happens where the C library has no
    ``malloc_trim`` (macOS, Windows, musl)."""
    global _malloc_trim
    if _malloc_trim is None:
        try:
            _malloc_trim = ctypes.CDLL(None).malloc_trim
        except (AttributeError, OSError, TypeError):  # no such function; no C library by that name
            _malloc_trim = False
    if _malloc_trim:
        _malloc_trim(0)


_malloc_trim: Any = None
"""glibc's malloc_trim, looked up once (False: this C library has none)"""


def collect_closed_pages() -> None:
    """A page's session is gone for good. What it drew (its controls, components, the table
    it held) is a web of cycles that only a full collection frees, and the thresholds of
    ``settle_memory`` make a full collection rare: without this, every phone that came and
    went stayed in memory (docs/performance.md, RSS after the phones left). One full
    collection runs a few seconds after a page closes, for all the pages closed meanwhile
    (a whole table leaving is one collection), between taps rather than inside one."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # not on the server's loop (a test): collect now
        gc.collect()
        return
    if _collection:
        waiting_on, handle = _collection[0]
        if waiting_on is loop and not handle.cancelled():
            return
        _collection.clear()  # its loop ended before it ran (a test's server, stopped): wait here

    def collect() -> None:
        _collection.clear()
        gc.collect()
        give_back_memory()

    _collection.append((loop, loop.call_later(COLLECT_AFTER_CLOSE, collect)))


def _warm_up_once_serving(host: str, port: int) -> None:
    """Import the views and every game as soon as the server listens, while the first
    browser is still loading Flutter (about a second): the first screen and the first table
    then do not wait for them, and the server does not start later for them."""
    target = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((target, port), timeout=0.2):
                break
        except OSError:
            time.sleep(0.02)
    from card_companion.views.root import load_every_game

    load_every_game()
    settle_memory()


def make_main(data_dir: str | Path | None = None, *, admin_password: str | None = None,
              join_base: str | None = None, phone_app: str | None = None):
    """The Flet page handler: one saves store (behind the access rules) for the server, one
    App per browser tab. ``phone_app``: where this server offers the phone app (/phone/)."""
    from card_companion.companion.phones.devices import Tables

    opened = open_store(data_dir)
    tables = Tables(opened.store, admin_password=admin_password)

    def main(page: ft.Page) -> None:
        from card_companion.views.root import App, Where, prepare_page

        life = prepare_page(page)
        session = page.session
        # Flet's update scheduler may have died of a race when the connection ended
        # (server.flet_races): a page that comes back gets it again (a live one is kept)
        life.on_connect(session.start_updates_scheduler)
        life.on_close(lambda: tables.pages.forget(session.id))
        life.on_close(collect_closed_pages)
        page.render_views(App, tables, opened.problem, join_base, life, Where(phone_app=phone_app))

    main.tables = tables  # type: ignore[attr-defined]
    return main, opened


def join_base_for(host: str, port: int) -> str:
    """The address other phones open (the join links and QR codes use it)."""
    shown = lan_address() if host in WILDCARD else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, data_dir: str | Path | None = None,
          open_browser: bool = True, *, admin_password: str | None = None, allow_hosts: tuple[str, ...] = (),
          per_address: int = PER_ADDRESS, new_per_minute: int = NEW_PER_MINUTE,
          session_timeout: int = SESSION_TIMEOUT, phone_dir: Path | None = None,
          on_listening: Callable[[], None] | None = None) -> None:
    """Serve the app on the table's network, hardened (card_companion/server/); ``phone_dir``:
    the phone app's build (``server.phone_build``), offered at /phone/ and on the home screen,
    so that the line is shown only where the files are there to open. ``on_listening`` once
    the server listens (the command prints the address then, not before: a port another
    program has is ``server.CannotListen``, and no address was promised)."""
    level = os.environ.get("FLET_LOG_LEVEL")
    if level:
        logging.basicConfig(level=logging.getLevelName(level.strip().upper()))
    sock = listening_socket(host, port)  # first: a port that cannot be had opens nothing, and is one sentence
    try:
        main, _ = make_main(data_dir, admin_password=admin_password, join_base=join_base_for(host, port),
                            phone_app=PHONE_URL if phone_dir is not None else None)
        threading.Thread(target=_warm_up_once_serving, args=(host, port), name="warm-up", daemon=True).start()
        app = build_app(main, assets_dir=str(ASSETS), hosts=HostCheck(host, allow_hosts),
                        limits=AddressLimits(per_address, new_per_minute), session_timeout=session_timeout,
                        owners=main.tables.pages, phone_dir=phone_dir)  # type: ignore[attr-defined]
        local = "127.0.0.1" if host in WILDCARD else host

        def started() -> None:
            if on_listening is not None:
                on_listening()
            if open_browser:
                import webbrowser

                webbrowser.open(f"http://{local}:{port}/")

        run(app, host, port, on_started=started, sock=sock)
    finally:
        sock.close()


def run_packaged() -> None:
    """A `flet build` app (phone, desktop): the same app in the platform's own window."""
    main, _ = make_main()
    import card_companion.views.root  # noqa: F401  (loaded before the freeze)

    settle_memory()
    ft.run(main, assets_dir=str(ASSETS))
