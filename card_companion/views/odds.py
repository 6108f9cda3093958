"""The advisor's odds on a game screen: one panel for every game and every decision.

It shows an ``Advice`` (companion.advisor) as it is: the chances as big numbers with their
outcome, the figures worth a glance, and "How it was counted" folded away until asked for. It
sits inline, above the buttons of the decision it is about, so it never covers them.
"""

from __future__ import annotations

import flet as ft

from card_companion.companion.advisor import Advice
from card_companion.views.hooks import FletKey, sized, use_text_scale
from card_companion.views.widgets import TOUCH_HIGH, explanation, tagged

_TONE = {True: ft.Colors.PRIMARY, False: ft.Colors.ERROR, None: ft.Colors.ON_SURFACE}


def _chance_tile(label: str, text: str, good: bool | None, ident: str) -> ft.Control:
    return tagged(ident, ft.Container(
        content=ft.Column([
            ft.Text(text, size=sized(22), weight=ft.FontWeight.BOLD, color=_TONE[good]),
            ft.Text(label, size=13, color=ft.Colors.ON_SURFACE),
        ], spacing=0, tight=True),
        padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        border_radius=8,
        bgcolor=ft.Colors.SURFACE,
    ), label=f"{label}: {text}")


@ft.component
def OddsPanel(advice: Advice | None, ident: str = "odds", key: FletKey = None) -> ft.Control | None:
    """The odds of the decision at hand (nothing when there is no chance to count)."""
    use_text_scale()  # sizes below follow the text-size setting
    open_, set_open = ft.use_state(False)
    if advice is None:
        return None
    rows: list[ft.Control] = [ft.Row([
        ft.Icon(ft.Icons.CASINO_OUTLINED, size=18),
        ft.Text(f"Odds · {advice.title}", weight=ft.FontWeight.BOLD, size=14, expand=True),
    ], spacing=6)]
    if advice.chances:
        rows.append(ft.Row([_chance_tile(c.label, c.text, c.good, f"{ident}-chance-{i}")
                            for i, c in enumerate(advice.chances)], wrap=True, spacing=6, run_spacing=6))
    elif advice.explanation:
        rows.append(ft.Text(f"No odds here: {advice.explanation[0]}", size=13, italic=True))
    if advice.figures:
        rows.append(ft.Text(" · ".join(f"{label}: {value}" for label, value in advice.figures), size=13))
    if advice.explanation and advice.chances:
        rows.append(tagged(f"{ident}-how", ft.TextButton(
            "Hide how it was counted" if open_ else "How it was counted",
            icon=ft.Icons.EXPAND_LESS if open_ else ft.Icons.EXPAND_MORE,
            on_click=lambda: set_open(not open_), **TOUCH_HIGH), label="How it was counted"))
        if open_:
            rows.append(explanation(advice.explanation, ident=f"{ident}-why"))
    return tagged(ident, ft.Container(
        content=ft.Column(rows, spacing=6, tight=True),
        padding=10,
        border_radius=10,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    ), label=f"Odds: {advice.headline()}" if advice.chances else None)
