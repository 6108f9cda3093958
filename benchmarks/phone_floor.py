"""The phone app's floor: a one-button Flet app built exactly as the phone app is
(``python -m tools.phone.build --floor``: the same Pyodide, worker, service worker and
storage), so what the phone app costs beyond it is the app's own (benchmarks/bench_phone.py).
A tap puts a new text on the screen."""

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


ft.run(main)
