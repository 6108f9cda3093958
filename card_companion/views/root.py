"""The root component: this browser's device key, preferences, theme, the page's connection
and the routes (one per screen)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import NamedTuple

import flet as ft

from card_companion.companion.phones.devices import Tables
from card_companion.companion.registry import GAMES
from card_companion.views.calculator.screen import CalculatorScreen
from card_companion.views.flet_compat import MutableRef, construct_set_fields, walk_set_fields
from card_companion.views.game_views import calculator_component, setup_extra, table_component
from card_companion.views.history import HistoryScreen
from card_companion.views.home import HomeScreen
from card_companion.views.hooks import use_maybe
from card_companion.views.joining import AdminScreen, JoinScreen
from card_companion.views.new_game import NewGameScreen
from card_companion.views.players_screen import PlayersScreen
from card_companion.views.rules_screen import RulesScreen
from card_companion.views.services import SERVED, PageLife, Prefs, Services, ServicesContext, Where, provide_services
from card_companion.views.settings import FONTS, SettingsScreen, app_theme
from card_companion.views.table_screen import TableScreen

PREFS_KEY = "card-companion.prefs"
DEVICE_KEY = "card-companion.device"
CLIENT_WAIT = 0.75
"""seconds to wait for the browser's storage before asking again (doubled at each try, so a
slow phone still gets 0.75 + 1.5 + 3 + 6 s in all): right after a page
(re)connects, Flet's web client may not be listening for the service yet, and then it answers
only after its own 10 s timeout (measured: the first reconnect after a server restart showed
the table 10.5 s after the connection was back)"""
CLIENT_TRIES = 4
"""this browser's device key, in its own storage (localStorage)"""
NEW_KEY_NOTICE = ("This browser's device key was not made by this server (changed by hand, or another "
                  "server's): it got a new one. Join your tables again with their codes.")


def load_every_game() -> None:
    """Every game's rules, table and calculator, loaded now. The app itself loads a game
    when it is first opened (in the phone app the first screen would wait for all five); a
    server loads them all once it listens, before its first page and before its memory is
    settled (app.py), so that no table waits for an import and they are kept out of the
    collector with the rest."""
    for game_id in GAMES:
        GAMES[game_id]
        table_component(game_id)
        setup_extra(game_id)
        calculator_component(game_id)


@ft.component
def NotFound() -> ft.Control:
    return ft.Column([ft.Text("There is nothing here."),
                      ft.TextButton("Home", on_click=lambda: ft.context.page.navigate("/"))])


def apply_prefs(page: ft.Page, prefs: Prefs) -> None:
    page.fonts = FONTS
    page.theme_mode = prefs.theme_mode
    page.theme = app_theme(prefs)
    page.dark_theme = app_theme(prefs)


def prepare_page(page: ft.Page) -> PageLife:
    """Title, fonts and the default theme, set before the first frame (no second round trip
    for the theme when this browser keeps the default preferences); the page's connection
    events. Flet's diff walks and its construction of controls, in this process, pass over the
    fields left at their defaults (``flet_compat.walk_set_fields``, ``construct_set_fields``)."""
    walk_set_fields()
    construct_set_fields()
    page.title = "Card Companion"
    apply_prefs(page, Prefs())
    return PageLife().attach(page)


async def client_call(call, tries: int = CLIENT_TRIES, wait: float = CLIENT_WAIT):
    """A call to the browser's storage that asks again (a fresh call) when no answer comes
    within ``wait`` seconds (twice as long at each try); the last failure is raised."""
    last: BaseException = TimeoutError("no answer from the browser's storage")
    for attempt in range(tries):
        try:
            return await asyncio.wait_for(call(), wait * 2 ** attempt)
        except (TimeoutError, RuntimeError) as exc:  # no answer yet, or the client's own timeout
            last = exc
    raise last


class DeviceKey(NamedTuple):
    """This browser's device key, and the notice when the one it had was refused."""

    key: str
    notice: str | None


async def device_key(tables: Tables) -> DeviceKey:
    """This browser's key (made and kept on first use), and a notice if the one it had was
    refused."""
    storage = ft.SharedPreferences()
    notice = None
    key = None
    try:
        key = await client_call(lambda: storage.get(DEVICE_KEY))
    except Exception:
        pass
    if key and not tables.is_valid_key(key):
        notice, key = NEW_KEY_NOTICE, None
    if not key:
        key = tables.new_device_key()
        try:
            await client_call(lambda: storage.set(DEVICE_KEY, key))
        except Exception:  # no storage: the key lasts as long as this page
            pass
    return DeviceKey(key, notice)


@ft.component
def App(tables: Tables, store_problem: str | None = None, join_base: str | None = None,
        life: PageLife | None = None, where: Where = SERVED) -> list[ft.View] | ft.Control:
    page = ft.context.page
    prefs, set_prefs, key = use_browser_storage(tables, page, keyed=not where.on_phone)
    admin, set_admin = ft.use_state(False)
    reconnects = use_reconnects(life)
    use_theme(page, prefs)
    device = ft.use_memo(
        # the phone app's one phone holds every game of its own saves: no device key
        lambda: tables.this_phone() if where.on_phone else
        tables.device(key[0], getattr(page, "client_ip", "") or "", admin=admin) if key else None,
        dependencies=[key, admin],
    )
    if device is None:  # one round trip to the browser's storage, before the first screen
        return [ft.View(route=page.route or "/", controls=[])]

    services = Services(store=tables.store, store_problem=store_problem, prefs=prefs, set_prefs=set_prefs,
                        device=device, join_base=join_base, reconnects=reconnects, life=life,
                        notice=key.notice if key else None, set_admin=set_admin, where=where)
    provide_services(page, services)
    return ServicesContext(services, routes)


def use_browser_storage(tables: Tables, page: ft.Page,
                        keyed: bool = True) -> tuple[Prefs, Callable[[Prefs], None], DeviceKey | None]:
    """The preferences and the device key this browser keeps (read once, after the first
    frame; the key None until then), and the setter that saves the preferences there too.
    ``keyed`` False (the phone app): no device key."""
    prefs, set_prefs_state = ft.use_state(Prefs())
    key, set_key = use_maybe(DeviceKey)  # screens wait for it

    async def load_client_storage() -> None:
        try:
            raw = await client_call(lambda: ft.SharedPreferences().get(PREFS_KEY))
            if raw:
                data = json.loads(raw)
                set_prefs_state(Prefs(theme=str(data.get("theme", "system")),
                                      text_scale=str(data.get("text_scale", "1.0")),
                                      phones="several" if data.get("phones") == "several" else "one"))
        except Exception:  # preferences are a comfort: a broken value falls back to defaults
            pass
        if not keyed:
            return
        found = await device_key(tables)
        # this page's session belongs to this phone from now on (the server checks it when the
        # page reconnects: issue 25, item 4)
        tables.pages.bind(page.session.id, found.key, getattr(page, "client_ip", "") or "")
        set_key(found)

    def set_prefs(new: Prefs) -> None:
        set_prefs_state(new)

        async def save() -> None:
            try:
                await ft.SharedPreferences().set(PREFS_KEY, json.dumps(
                    {"theme": new.theme, "text_scale": new.text_scale, "phones": new.phones}))
            except Exception:
                pass

        page.run_task(save)

    ft.use_effect(lambda: page.run_task(load_client_storage), dependencies=[])
    return prefs, set_prefs, key


def use_reconnects(life: PageLife | None) -> int:
    """How many times this page's connection came back (screens re-check the save then)."""
    reconnects, set_reconnects = ft.use_state(0)

    def follow_connection() -> Callable[[], object] | None:
        if life is not None:
            return life.on_connect(lambda: set_reconnects(lambda n: n + 1))
        return None

    stop_following: MutableRef[Callable[[], object]] = ft.use_ref(None)

    def listen() -> None:
        stop_following.current = follow_connection()

    ft.use_effect(listen, dependencies=[],
                  cleanup=lambda: stop_following.current() if stop_following.current else None)
    return reconnects


def use_theme(page: ft.Page, prefs: Prefs) -> None:
    """The page's theme follows the preferences (a round trip only when they differ from what
    the page has)."""
    applied = ft.use_ref(Prefs())  # prepare_page() applied the defaults before the first frame

    def apply_theme() -> None:
        if applied.current == prefs:
            return
        applied.current = prefs
        apply_prefs(page, prefs)
        page.update()

    ft.use_effect(apply_theme, dependencies=[prefs])


def routes() -> ft.Control:
    """One route per screen."""
    return ft.Router(
        [
            ft.Route(index=True, component=HomeScreen),
            ft.Route(path="new/:game", component=NewGameScreen),
            ft.Route(path="play/:gid", component=TableScreen),
            ft.Route(path="play/:gid/history", component=HistoryScreen),
            ft.Route(path="join/:code", component=JoinScreen),
            ft.Route(path="rules/:game", component=RulesScreen),
            ft.Route(path="calc/:game", component=CalculatorScreen),
            ft.Route(path="settings", component=SettingsScreen),
            ft.Route(path="players", component=PlayersScreen),
            ft.Route(path="admin", component=AdminScreen),
        ],
        not_found=NotFound,
        manage_views=True,
    )
