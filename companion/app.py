"""The app's entry point: opens the saves and serves the Flet views. The one place in
companion/ that wires views in."""

from __future__ import annotations

import os
from pathlib import Path

import flet as ft

from companion.storage import open_store

ASSETS = Path(__file__).resolve().parents[1] / "assets"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550


def make_main(data_dir: str | Path | None = None):
    """The Flet page handler: one saves store for the server, one App per browser tab."""
    opened = open_store(data_dir)

    def main(page: ft.Page) -> None:
        from views.app import App

        page.title = "Card Companion"
        page.render_views(App, opened.store, opened.problem)

    return main, opened


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, data_dir: str | Path | None = None,
          open_browser: bool = True) -> None:
    main, _ = make_main(data_dir)
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
