"""The root component: services, preferences, theme and the routes (one per screen)."""

from __future__ import annotations

import json

import flet as ft

from card_companion.views.common import Services, ServicesContext
from card_companion.views.history import HistoryScreen
from card_companion.views.home import HomeScreen
from card_companion.views.new_game import NewGameScreen
from card_companion.views.rules import RulesScreen
from card_companion.views.settings import FONTS, Prefs, SettingsScreen, app_theme
from card_companion.views.table import TableScreen

PREFS_KEY = "card-companion.prefs"


@ft.component
def NotFound() -> ft.Control:
    return ft.Column([ft.Text("There is nothing here."),
                      ft.TextButton("Home", on_click=lambda: ft.context.page.navigate("/"))])


def apply_prefs(page: ft.Page, prefs: Prefs) -> None:
    page.fonts = FONTS
    page.theme_mode = prefs.theme_mode
    page.theme = app_theme(prefs)
    page.dark_theme = app_theme(prefs)


def prepare_page(page: ft.Page) -> None:
    """Title, fonts and the default theme, set before the first frame (no second round trip
    for the theme when this browser keeps the default preferences)."""
    page.title = "Card Companion"
    apply_prefs(page, Prefs())


@ft.component
def App(tables, store_problem: str | None = None, join_base: str | None = None) -> list[ft.View]:
    store = tables.store
    prefs, set_prefs_state = ft.use_state(Prefs())
    page = ft.context.page

    async def load_prefs() -> None:
        try:
            raw = await ft.SharedPreferences().get(PREFS_KEY)
            if raw:
                data = json.loads(raw)
                set_prefs_state(Prefs(theme=str(data.get("theme", "system")),
                                      text_scale=str(data.get("text_scale", "1.0"))))
        except Exception:  # preferences are a comfort: a broken value falls back to defaults
            pass

    def set_prefs(new: Prefs) -> None:
        set_prefs_state(new)

        async def save() -> None:
            try:
                await ft.SharedPreferences().set(PREFS_KEY, json.dumps(
                    {"theme": new.theme, "text_scale": new.text_scale}))
            except Exception:
                pass

        page.run_task(save)

    ft.use_effect(lambda: page.run_task(load_prefs), dependencies=[])

    applied = ft.use_ref(Prefs())  # prepare_page() applied the defaults before the first frame

    def apply_theme() -> None:
        if applied.current == prefs:
            return
        applied.current = prefs
        apply_prefs(page, prefs)
        page.update()

    ft.use_effect(apply_theme, dependencies=[prefs])

    services = Services(store=store, store_problem=store_problem, prefs=prefs, set_prefs=set_prefs)
    return ServicesContext(
        services,
        lambda: ft.Router(
            [
                ft.Route(index=True, component=HomeScreen),
                ft.Route(path="new/:game", component=NewGameScreen),
                ft.Route(path="play/:gid", component=TableScreen),
                ft.Route(path="play/:gid/history", component=HistoryScreen),
                ft.Route(path="rules/:game", component=RulesScreen),
                ft.Route(path="settings", component=SettingsScreen),
            ],
            not_found=NotFound,
            manage_views=True,
        ),
    )
