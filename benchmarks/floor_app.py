"""The trivial Flet app the calculator is measured against: one declarative component, one
button; a click puts a new text on the screen. Served like the app (web, no CDN).

With ``--table``, the floor of a table's phone-to-phone time: every page shows one count, and
a tap on any page changes it on all of them through the app's own live hub
(benchmarks/page_updates.py: ``FloorPage``).

Run: python -m benchmarks.floor_app PORT [--table]

The phone app's floor is this same app built as the phone app is (``python -m tools.phone.build
--floor``: the same Pyodide, worker, service worker and storage), run in the browser's Python.
"""

from __future__ import annotations

import sys

import flet as ft


@ft.component
def Floor() -> ft.Control:
    n, set_n = ft.use_state(0)
    return ft.Column([
        ft.Semantics(identifier="floor-button", button=True,
                     content=ft.FilledButton("Tap", on_click=lambda: set_n(n + 1))),
        ft.Semantics(identifier="floor-result", label=f"count {n}", content=ft.Text(f"count {n}")),
    ])


def main(page: ft.Page) -> None:
    page.render(Floor)


def table_main():
    from benchmarks.page_updates import floor_main
    from card_companion.companion.phones.live import Hub

    return floor_main(Hub())


if __name__ == "__main__" and sys.platform == "emscripten":  # the phone app's floor: in the browser's Python
    ft.run(main)
elif __name__ == "__main__":
    ft.run(table_main() if "--table" in sys.argv else main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1",
           port=int(sys.argv[1]), no_cdn=True)
