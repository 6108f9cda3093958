"""What every screen may use and how work outside a render reaches a page: the app's
``Services`` (given at the root through ``ServicesContext``, and kept on the page for
``use_services``) with this browser's ``Prefs``, the page's ``PageLife`` (connected,
closed), ``on_page_loop`` (a live update run on a page's own event loop) and the browser's
optional services (``page_service``, ``fire_and_forget``). Flet only; no rules here."""

from __future__ import annotations

import contextvars
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from card_companion.views.flet_compat import bind_page

if TYPE_CHECKING:  # names for the types only
    from card_companion.companion.phones.devices import Device, Tables
    from card_companion.companion.saves.storage import Store


class PageLife:
    """Whether this browser page is connected now, and whether its session is gone for good
    (Flet's connect, disconnect and close events), for the work that outlives a render: live
    table updates are only sent to a page that is there."""

    def __init__(self) -> None:
        self.connected = True
        self.closed = False
        self._on_connect: list[Callable[[], None]] = []
        self._on_close: list[Callable[[], None]] = []

    def attach(self, page: ft.Page) -> PageLife:
        page.on_connect = lambda e: self._connect()
        page.on_disconnect = lambda e: setattr(self, "connected", False)
        page.on_close = lambda e: self._close()
        return self

    def on_connect(self, fn: Callable[[], None]) -> Callable[[], None]:
        self._on_connect.append(fn)
        return lambda: self._on_connect.remove(fn) if fn in self._on_connect else None

    def on_close(self, fn: Callable[[], None]) -> Callable[[], None]:
        """Call ``fn`` once when the session is gone for good; returns the way to take it back."""
        self._on_close.append(fn)
        return lambda: self._on_close.remove(fn) if fn in self._on_close else None

    def _connect(self) -> None:
        self.connected = True
        for fn in list(self._on_connect):
            fn()

    def _close(self) -> None:
        self.closed = True
        self.connected = False
        for fn in list(self._on_close):
            fn()
        self._on_close.clear()


@dataclass(frozen=True)
class Prefs:
    """This browser's preferences (kept in its storage; the settings screen changes them)."""

    theme: str = "system"
    text_scale: str = "1.0"
    phones: str = "one"
    """how the last new game was started: "one" phone for the whole table, or "several" (the
    new-game screen offers it again)"""

    @property
    def theme_mode(self) -> ft.ThemeMode:
        return {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}.get(self.theme, ft.ThemeMode.SYSTEM)

    @property
    def scale(self) -> float:
        try:
            return float(self.text_scale)
        except ValueError:
            return 1.0


@dataclass(frozen=True)
class Where:
    """Where the app runs: served to the table's phones by a server (``phone_app``: where that
    server offers the phone app, /phone/), or the phone app on its own (``on_phone``: no
    server, this one phone holds every game; a table's code and other phones are not offered)."""

    on_phone: bool = False
    phone_app: str | None = None


SERVED = Where()
"""the app served to the table's phones (the default)"""


@dataclass(frozen=True)
class Services:
    """What every screen may use: the save file and its startup problem, the app's
    preferences, and this browser's access to the saved games (``device``, a
    ``companion.devices.Device``: its games, joining by code, seats, committed steps).
    Provided once at the root through ServicesContext."""

    store: Store
    store_problem: str | None
    prefs: Prefs
    set_prefs: Callable[[Prefs], None]
    device: Device | None = None
    """companion.devices.Device; None only in view tests (then ``access()`` is the local one)"""
    join_base: str | None = None
    """the address other phones open: 'http://192.168.1.20:8550'"""
    reconnects: int = 0
    """how many times this page's connection came back (screens re-check the save then)"""
    life: PageLife | None = None
    notice: str | None = None
    """one sentence for the home screen (a device key that was refused and replaced)"""
    set_admin: Callable[[bool], None] | None = None
    where: Where = SERVED
    """served, or the phone app on its own"""

    @property
    def on_phone(self) -> bool:
        """The phone app on its own: no server, no other phones."""
        return self.where.on_phone

    def access(self) -> Device:
        """This browser's access to the saved games (companion.devices.Device)."""
        if self.device is not None:
            return self.device
        return local_tables(self.store).local()


_LOCAL: dict[int, Tables] = {}


def local_tables(store: Store) -> Tables:
    """One Tables per store for screens built without a browser (view tests): full access,
    and one live hub, so two screens on one game follow each other there too."""
    from card_companion.companion.phones.devices import Tables

    found = _LOCAL.get(id(store))
    if found is None or found.store is not store:
        found = _LOCAL[id(store)] = Tables(store)
    return found


ServicesContext: ft.ContextProvider[Services | None] = ft.create_context(None)


_PAGE_SERVICES_NOW: weakref.WeakKeyDictionary[Any, weakref.ref[Services]] = weakref.WeakKeyDictionary()
"""page -> a weak reference to the Services its root provides now (see ``use_services``): the
Services hold the page (their handlers do), so a strong one would keep every page forever"""


def provide_services(page: Any, services: Services) -> None:
    """The root's Services for this page, for ``use_services`` to fall back on."""
    try:
        _PAGE_SERVICES_NOW[page] = weakref.ref(services)
    except TypeError:  # a stand-in page that cannot be weakly referenced (view tests give the context)
        pass


def use_services() -> Services:
    """The Services the root provides (``ServicesContext``). A component drawn again on its own
    (its state changed: a panel that selects from the table) looks the context up through its
    parents, and Flet keeps a weak reference to the parent that made it: once that parent
    component was replaced by a newer drawing of it, the chain is cut and the context would
    read as missing. The page's Services, kept by the root, answer then."""
    found = ft.use_context(ServicesContext)
    if found is None:
        kept = _PAGE_SERVICES_NOW.get(getattr(ft.context, "page", None))
        found = kept() if kept is not None else None
    # None only for a component drawn with no app around it (a view test of one widget), and
    # use_text_scale, which such a test may reach, reads it with getattr
    return cast(Services, found)


def is_connected(page) -> bool:
    """False while the page's browser is away (Wi-Fi, locked screen): nothing can reach it."""
    try:
        session = getattr(page, "session", None)
    except RuntimeError:  # Flet raises for a session it has already destroyed: the page is gone
        return False
    if session is None:  # a stand-in page (view tests)
        return True
    return getattr(session, "connection", None) is not None


def on_page_loop(page: ft.Page, fn: Callable[[], None]) -> bool:
    """Run ``fn`` (which may set component state) on the page's event loop, bound to the
    page: live updates arrive from another page's handler. False (and nothing run) when the
    page is not connected: it catches up when it comes back."""
    if not is_connected(page):
        return False

    async def run() -> None:
        bind_page(page)  # Flet binds event handlers the same way
        fn()

    try:
        # in a copy of the context: Page.run_task binds *this* context to ``page``, and the
        # caller (another page's handler committing a step) must stay bound to its own page
        contextvars.copy_context().run(page.run_task, run)
    except (AttributeError, RuntimeError):  # the connection went away in between
        return False
    return True


_PAGE_SERVICES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def page_service(page, kind: type):
    """One instance of a Flet service (wake lock, haptics) per page: a new instance per use
    would be registered with the page, sent to the browser and dropped again each time."""
    found = _PAGE_SERVICES.setdefault(page, {})
    if kind not in found:
        found[kind] = kind()
    return found[kind]


def fire_and_forget(page, call: Callable, timeout: float = 3.0) -> None:
    """Ask the browser for something that may not exist there (wake lock, haptics):
    ``call(page_service)`` returns the awaitable; any failure is ignored, nothing waits."""
    import asyncio

    if not is_connected(page) or not hasattr(page, "run_task"):
        return

    async def run() -> None:
        try:
            await asyncio.wait_for(call(lambda kind: page_service(page, kind)), timeout)
        except Exception:
            pass

    try:
        contextvars.copy_context().run(page.run_task, run)
    except Exception:
        pass
