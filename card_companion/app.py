"""The app's entry point: opens the saves and serves the Flet views. It sits above the
layers: the one module that wires views (and the companion they render) together."""

from __future__ import annotations

import os
import socket
import threading
import time
from importlib import resources
from pathlib import Path

import flet as ft

from card_companion.companion.storage import open_store

ASSETS = Path(str(resources.files("card_companion") / "assets"))
"""the icon, the suit font: package data, so an installed wheel serves them too"""
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550


def _warm_up_once_serving(host: str, port: int) -> None:
    """Import the views and the games as soon as the server listens, while the first
    browser is still loading Flutter (about a second): the first screen then does not wait
    for them, and the server does not start later for them."""
    target = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((target, port), timeout=0.2):
                break
        except OSError:
            time.sleep(0.02)
    import card_companion.views.app  # noqa: F401


def make_main(data_dir: str | Path | None = None):
    """The Flet page handler: one saves store for the server, one App per browser tab."""
    opened = open_store(data_dir)

    def main(page: ft.Page) -> None:
        from card_companion.views.app import App, prepare_page

        prepare_page(page)
        page.render_views(App, opened.store, opened.problem)

    return main, opened


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, data_dir: str | Path | None = None,
          open_browser: bool = True) -> None:
    main, _ = make_main(data_dir)
    threading.Thread(target=_warm_up_once_serving, args=(host, port), name="warm-up", daemon=True).start()
    if not open_browser:
        os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    ft.run(
        main,
        name="",
        view=ft.AppView.WEB_BROWSER,
        host=host,
        port=port,
        no_cdn=True,
        assets_dir=str(ASSETS),
        web_renderer=ft.WebRenderer.AUTO,
    )


def run_packaged() -> None:
    """A `flet build` app (phone, desktop): the same app in the platform's own window."""
    main, _ = make_main()
    ft.run(main, assets_dir=str(ASSETS))
