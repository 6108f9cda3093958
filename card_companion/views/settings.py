"""Settings screen: light/dark theme and text size, kept per device (browser storage)."""

from __future__ import annotations

from dataclasses import replace

import flet as ft

from card_companion.views.navigation import screen
from card_companion.views.services import Prefs, use_services
from card_companion.views.widgets import section, tagged, touch_segments

SYMBOLS_FONT = "CardSymbols"
"""assets/fonts/CardSymbols.ttf: the suit symbols and arrows the default font lacks"""
FONTS = {SYMBOLS_FONT: "fonts/CardSymbols.ttf"}

THEMES = {"system": "Like the device", "light": "Light", "dark": "Dark"}
TEXT_SIZES = {"1.0": "Normal", "1.15": "Large", "1.3": "Larger"}


def app_theme(prefs: Prefs) -> ft.Theme:
    """Material theme with the chosen text size applied to every text style."""
    s = prefs.scale
    sizes = {
        "body_small": 12, "body_medium": 14, "body_large": 16,
        "label_small": 11, "label_medium": 12, "label_large": 14,
        "title_small": 14, "title_medium": 16, "title_large": 22,
        "headline_small": 24, "headline_medium": 28, "headline_large": 32,
    }
    # Each style names its colour: the scheme's on-surface colour (near-black in light, near-white
    # in dark). Left without one, Flet's web client drew every text near-black on the dark
    # theme's surfaces. Buttons, chips and segments keep their own colours (their foreground
    # colour wins over the style's).
    text_theme = ft.TextTheme(**{
        k: ft.TextStyle(size=round(v * s, 1), font_family_fallback=[SYMBOLS_FONT], color=ft.Colors.ON_SURFACE)
        for k, v in sizes.items()
    })
    return ft.Theme(color_scheme_seed=ft.Colors.GREEN_800, text_theme=text_theme)


@ft.component
def SettingsScreen() -> ft.View:
    services = use_services()
    prefs: Prefs = services.prefs

    def choose_theme(e) -> None:
        services.set_prefs(replace(prefs, theme=next(iter(e.control.selected))))

    def choose_size(e) -> None:
        services.set_prefs(replace(prefs, text_scale=next(iter(e.control.selected))))

    return screen(
        "Settings",
        [
            section("Theme", [tagged("theme", touch_segments(
                segments=[ft.Segment(value=k, label=ft.Text(v)) for k, v in THEMES.items()],
                selected=[prefs.theme],
                on_change=choose_theme,
            ), label="theme")]),
            section("Text size", [tagged("text-size", touch_segments(
                segments=[ft.Segment(value=k, label=ft.Text(v)) for k, v in TEXT_SIZES.items()],
                selected=[prefs.text_scale],
                on_change=choose_size,
            ), label="text size")]),
            ft.Text("These settings are kept in this browser.", italic=True, size=12),
        ],
        route="/settings",
    )
