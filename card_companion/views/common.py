"""Small building blocks every screen shares: the screen frame, a card face, labelled
buttons, the explanation box, messages. Flet only; no rules here."""

from __future__ import annotations

import contextvars
import functools
import math
import re
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from card_companion.calculators.cards import Card

RED = "#c62828"
BLACK = "#1b1b1b"
CARD_BG = "#fffdf7"
CARD_BACK = "#3a5a98"
TOUCH = 48
"""minimum height of anything a thumb taps (px)"""


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
class Services:
    """What every screen may use: the save file and its startup problem, the app's
    preferences, and this browser's access to the saved games (``device``, a
    ``companion.tables.Device``: its games, joining by code, seats, committed steps).
    Provided once at the root through ServicesContext."""

    store: object
    store_problem: str | None
    prefs: object  # views.settings.Prefs
    set_prefs: Callable[[object], None]
    device: object | None = None
    """companion.tables.Device; None only in view tests (then ``access()`` is the local one)"""
    join_base: str | None = None
    """the address other phones open: 'http://192.168.1.20:8550'"""
    reconnects: int = 0
    """how many times this page's connection came back (screens re-check the save then)"""
    life: PageLife | None = None
    notice: str | None = None
    """one sentence for the home screen (a device key that was refused and replaced)"""
    set_admin: Callable[[bool], None] | None = None

    def access(self):
        """This browser's access to the saved games (companion.tables.Device)."""
        if self.device is not None:
            return self.device
        return local_tables(self.store).local()


_LOCAL: dict[int, object] = {}


def local_tables(store) -> object:
    """One Tables per store for screens built without a browser (view tests): full access,
    and one live hub, so two screens on one game follow each other there too."""
    from card_companion.companion.tables import Tables

    found = _LOCAL.get(id(store))
    if found is None or found.store is not store:
        found = _LOCAL[id(store)] = Tables(store)
    return found


ServicesContext = ft.create_context(None)


_PAGE_SERVICES_NOW: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
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
    return found


_TEXT_SCALE: contextvars.ContextVar[float] = contextvars.ContextVar("text_scale", default=1.0)


def use_text_scale() -> float:
    """The text-size setting (1.0, 1.15, 1.3) for what the theme's text styles do not scale by
    themselves: big numbers (``sized``), card faces and the picker's buttons. A hook: every
    component that draws those calls it first, so what its body draws uses this phone's
    setting (it is kept for the rest of the component's body, which runs at once)."""
    services = use_services()
    scale = float(getattr(getattr(services, "prefs", None), "scale", 1.0))
    _TEXT_SCALE.set(scale)
    return scale


def use_stable(fn: Callable) -> Callable:
    """A handler whose identity never changes between renders (so a memoized child's props stay
    equal) and which always calls this render's ``fn``. Given to a control as its event
    handler, it passes the event on only if ``fn`` takes an argument, as Flet does."""
    latest = ft.use_ref(None)
    latest.current = fn

    def call(*args: Any, **kwargs: Any) -> Any:
        target = latest.current
        if args and not kwargs and not _takes_arguments(target):
            return target()
        return target(*args, **kwargs)

    return ft.use_callback(call, [])


@functools.lru_cache(maxsize=4096)
def _code_takes_arguments(code: Any, bound: bool) -> bool:
    return bool(code.co_argcount > bound or code.co_flags & 0x04)  # positional parameters or *args


def _takes_arguments(fn: Callable) -> bool:
    code = getattr(fn, "__code__", None)
    if code is None:
        import inspect

        return bool(inspect.signature(fn).parameters)
    return _code_takes_arguments(code, getattr(fn, "__self__", None) is not None)


def at_scale(scale: float) -> float:
    """The text-size setting for a memoized component, which has it as a prop (a memoized
    component is not drawn again when the setting's context changes, so the setting must be
    one of its props): ``sized`` and the card faces of its body follow it."""
    _TEXT_SCALE.set(scale)
    return scale


def sized(size: float) -> float:
    """A font size that follows the text-size setting (inside a component that called
    ``use_text_scale``)."""
    return round(size * _TEXT_SCALE.get(), 1)


def navigate(route: str) -> None:
    ft.context.page.navigate(route)


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
    from flet.controls.context import _context_page  # Flet binds event handlers the same way

    if not is_connected(page):
        return False

    async def run() -> None:
        _context_page.set(page)
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


def scroll_to_top() -> None:
    """Bring the screen on top back to its beginning. Call it from an effect, so that the
    screen it scrolls is the one just drawn (after an action entered at the bottom of a long
    screen, where the action's result and the next step are at the top)."""
    page = ft.context.page
    views = ft.unwrap_component(getattr(page, "views", None)) or []
    view = ft.unwrap_component(views[-1]) if views else None
    if isinstance(view, ft.View):
        page.run_task(view.scroll_to, offset=0, duration=200)


def tagged(identifier: str, control: ft.Control, label: str | None = None) -> ft.Semantics:
    """Give a control a stable test id (``[flt-semantics-identifier=...]``) and, if
    asked, a screen-reader label. A control that expands in its Row/Column keeps doing
    so (the wrapper takes its ``expand``)."""
    expand = getattr(control, "expand", None)
    return ft.Semantics(identifier=identifier, label=label, content=control, expand=expand)


def button(
    text: str,
    on_click: Callable | None,
    ident: str,
    *,
    icon: str | None = None,
    primary: bool = True,
    disabled: bool = False,
    expand: bool | int | None = None,
    tooltip: str | None = None,
    key: str | None = None,
) -> ft.Control:
    """A big, labelled button. ``primary`` picks the filled style."""
    cls = ft.FilledButton if primary else ft.OutlinedButton
    b = cls(
        text,
        icon=icon,
        on_click=on_click,
        disabled=disabled or on_click is None,
        height=TOUCH,
        tooltip=tooltip,
    )
    return ft.Semantics(identifier=ident, button=True, content=b, expand=expand, key=key)


def icon_button(icon: str, label: str, on_click: Callable | None, ident: str, disabled: bool = False,
                key: str | None = None) -> ft.Control:
    return ft.Semantics(
        identifier=ident,
        label=label,
        button=True,
        key=key,
        content=ft.IconButton(icon=icon, tooltip=label, on_click=on_click, disabled=disabled or on_click is None),
    )


def suit_color(card: Card | None) -> str:
    return RED if card is not None and card.is_red else BLACK


def card_face(
    card: Card | None,
    *,
    ident: str | None = None,
    label: str | None = None,
    tapped: bool = False,
    face_down: bool = False,
    selected: bool = False,
    dimmed: bool = False,
    on_click: Callable | None = None,
    width: int = 58,
    caption: str | None = None,
) -> ft.Control:
    """A playing card as it lies on the table. Tapped cards are drawn turned sideways;
    a face-down card shows its back; ``card=None`` is an empty place. Its size follows the
    text-size setting of the component drawing it (``use_text_scale``)."""
    width = round(width * _TEXT_SCALE.get())
    height = int(width * 1.4)
    if face_down:
        inner = ft.Container(
            width=width,
            height=height,
            bgcolor=CARD_BACK,
            border_radius=6,
            border=ft.Border.all(3 if selected else 1, ft.Colors.AMBER if selected else "#22345a"),
            content=ft.Text(card.symbol if card else "", color="white", size=width * 0.28,
                            weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
            alignment=ft.Alignment.CENTER,
        )
    elif card is None:
        inner = ft.Container(
            width=width,
            height=height,
            border_radius=6,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            content=ft.Text("—", size=width * 0.3, color=ft.Colors.ON_SURFACE_VARIANT),
            alignment=ft.Alignment.CENTER,
        )
    else:
        inner = ft.Container(
            width=width,
            height=height,
            bgcolor=CARD_BG,
            border_radius=6,
            border=ft.Border.all(4 if selected else 1, ft.Colors.AMBER_700 if selected else "#9e9e9e"),
            content=ft.Text(
                card.symbol,
                color=suit_color(card),
                size=width * (0.3 if len(card.symbol) > 2 else 0.36),
                weight=ft.FontWeight.BOLD,
                text_align=ft.TextAlign.CENTER,
            ),
            alignment=ft.Alignment.CENTER,
            opacity=0.45 if dimmed else 1.0,
        )
    if tapped:
        inner = ft.Container(
            content=ft.Container(content=inner, rotate=ft.Rotate(angle=math.pi / 2)),
            width=height,
            height=height,
            alignment=ft.Alignment.CENTER,
        )
    # as few controls as draw the card: a table shows dozens of cards, and every control costs
    # the server a diff at each step (docs/performance.md)
    content = inner if not caption else ft.Column(
        [inner, ft.Text(caption, size=11, text_align=ft.TextAlign.CENTER)],
        spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True)
    body = ft.Container(
        content=content,
        on_click=on_click,
        ink=on_click is not None,
        border_radius=6,
        padding=2,
    )
    if label is None:
        what = "face-down card" if face_down and card is None else (card.symbol if card else "empty place")
        label = what + (", tapped" if tapped else "") + (", selected" if selected else "")
    # A card that becomes tappable (or stops being) is a new control: Flutter's web semantics
    # drops the identifier of a node that gains a tap action in place.
    key = f"{ident}-{'tap' if on_click is not None else 'still'}" if ident else None
    return ft.Semantics(identifier=ident, label=label, button=on_click is not None, selected=selected,
                        content=body, container=True, key=key)


_RED_SUITS = re.compile("([♥♦])")


def suited(text: str, **style: Any) -> ft.Text:
    """Running text with the red suits (♥ ♦) in red, as on the cards: the theme's error red,
    which reads on light and dark panels alike (♠ ♣ keep the text's own colour)."""
    parts = [p for p in _RED_SUITS.split(text) if p]
    if len(parts) <= 1 and not _RED_SUITS.fullmatch(text):
        return ft.Text(text, **style)
    return ft.Text(spans=[ft.TextSpan(p, style=ft.TextStyle(color=ft.Colors.ERROR) if _RED_SUITS.fullmatch(p)
                                      else None) for p in parts], **style)


def explanation(lines: Sequence[str], ident: str = "explanation", title: str | None = None) -> ft.Control:
    """The steps that decided a result, one per line."""
    rows: list[ft.Control] = []
    if title:
        rows.append(suited(title, weight=ft.FontWeight.BOLD, size=17))
    rows += [suited(f"• {line}") for line in lines]
    return tagged(
        ident,
        ft.Container(
            content=ft.Column(rows, spacing=4, tight=True),
            padding=12,
            border_radius=8,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
        ),
    )


def message(text: str | None, ident: str = "message", kind: str = "error") -> ft.Control | None:
    """A plain-words message box (error / warning / info); None when there is nothing to say."""
    if not text:
        return None
    colors = {"error": (ft.Colors.ERROR_CONTAINER, ft.Icons.ERROR_OUTLINE),
              "warning": (ft.Colors.TERTIARY_CONTAINER, ft.Icons.WARNING_AMBER),
              "info": (ft.Colors.SURFACE_CONTAINER_HIGHEST, ft.Icons.INFO_OUTLINE)}
    bg, icon = colors[kind]
    return tagged(
        ident,
        ft.Container(
            content=ft.Row([ft.Icon(icon), suited(text, expand=True)], spacing=8),
            padding=10,
            border_radius=8,
            bgcolor=bg,
        ),
        label=text,
    )


def heading(text: str, ident: str | None = None) -> ft.Control:
    t = ft.Text(text, size=20, weight=ft.FontWeight.BOLD)
    return tagged(ident, t) if ident else t


def section(title: str | ft.Control | None, controls: Sequence[ft.Control | None],
            ident: str | None = None) -> ft.Control:
    """A framed part of a screen with a bold title (a title that changes on its own is a
    ``SectionTitle`` a panel selects, so the frame is not drawn again for it)."""
    body: list[ft.Control] = []
    if isinstance(title, str) and title:
        body.append(section_title(title))
    elif title is not None and not isinstance(title, str):
        body.append(title)
    body += [c for c in controls if c is not None]
    box = ft.Container(
        content=ft.Column(body, spacing=8, tight=True),
        padding=12,
        border_radius=10,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )
    return tagged(ident, box) if ident else box


def section_title(text: str) -> ft.Control:
    return ft.Text(text, weight=ft.FontWeight.BOLD, size=16)


@ft.memo
@ft.component
def SectionTitle(text: str) -> ft.Control:
    """A section's title as a memoized component of its own (it changes without its section)."""
    return section_title(text)


def screen(
    title: str,
    controls: Sequence[ft.Control | None],
    *,
    route: str,
    actions: Sequence[ft.Control] = (),
    back: str | None = "/",
) -> ft.View:
    """One screen: an app bar with a back arrow and actions, then a scrolling column,
    narrow enough to read on a desktop too."""
    leading = None
    if back is not None:
        leading = icon_button(ft.Icons.ARROW_BACK, "Back", lambda: navigate(back), "back")
    return ft.View(
        route=route,
        appbar=ft.AppBar(
            title=ft.Text(title, size=18, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),  # a long name: two lines
            leading=leading,
            automatically_imply_leading=False,
            actions=list(actions),
        ),
        controls=[
            ft.ResponsiveRow(
                [
                    ft.Container(
                        content=ft.Column([c for c in controls if c is not None], spacing=12,
                                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                        col={"xs": 12, "md": 10, "lg": 8, "xl": 6},
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            )
        ],
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        padding=ft.Padding.all(10),
        can_pop=back is not None,
    )


def player_panel(
    name: str,
    *,
    ident: str,
    active: bool = False,
    badge: str | None = None,
    stats: Sequence[tuple[str, str]] | ft.Control = (),
    cards: Sequence[ft.Control] = (),
    footer: Sequence[ft.Control | None] = (),
    dimmed: bool = False,
) -> ft.Control:
    """One player's place at the table, the same in every game: name (highlighted on their
    turn), a badge (Tie Breaker, General, dead...), their cards, and the numbers to track.
    ``stats`` is the numbers as (label, value) pairs, or a ``StatLine`` a panel selects (the
    numbers change at every step; the frame then stays as it is)."""
    # sizes from the theme's text styles: the text-size setting scales them, and so does the
    # enlarged theme a phone's own seat is drawn with (seated())
    title: list[ft.Control] = [ft.Text(name, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD,
                                       expand=True)]
    if active:
        title.append(ft.Container(ft.Text("to play", theme_style=ft.TextThemeStyle.LABEL_MEDIUM,
                                          color=ft.Colors.ON_PRIMARY),
                                  bgcolor=ft.Colors.PRIMARY, padding=ft.Padding.symmetric(vertical=2, horizontal=8),
                                  border_radius=10))
    if badge:
        title.append(ft.Container(ft.Text(badge, theme_style=ft.TextThemeStyle.LABEL_MEDIUM),
                                  bgcolor=ft.Colors.TERTIARY_CONTAINER,
                                  padding=ft.Padding.symmetric(vertical=2, horizontal=8), border_radius=10))
    body: list[ft.Control] = [ft.Row(title, spacing=6)]
    if cards:
        body.append(ft.Row(list(cards), spacing=6, wrap=True, run_spacing=6))
    pairs: Sequence[tuple[str, str]] = ()
    if isinstance(stats, ft.BaseControl):
        body.append(stats)
    elif stats:
        pairs = stats
        body.append(stat_line(pairs))
    body += [c for c in footer if c is not None]
    summary = f"{name}" + (", to play" if active else "") + (f", {badge}" if badge else "") + "".join(
        f", {label} {value}" for label, value in pairs)
    return ft.Semantics(
        identifier=ident,
        label=summary,
        container=True,
        content=ft.Container(
            content=ft.Column(body, spacing=6, tight=True),
            padding=10,
            border_radius=10,
            border=ft.Border.all(3 if active else 1, ft.Colors.PRIMARY if active else ft.Colors.OUTLINE_VARIANT),
            opacity=0.5 if dimmed else 1.0,
        ),
    )


def stat_line(stats: Sequence[tuple[str, str]]) -> ft.Control:
    return ft.Row([ft.Text(f"{label}: {value}", theme_style=ft.TextThemeStyle.BODY_MEDIUM)
                   for label, value in stats], wrap=True, spacing=14, run_spacing=2)


@ft.memo
@ft.component
def StatLine(ident: str, stats: tuple[tuple[str, str], ...]) -> ft.Control:
    """A player's numbers as a memoized component of its own (read aloud on their own:
    "Cards left 27")."""
    return tagged(ident, stat_line(stats), label=", ".join(f"{label} {value}" for label, value in stats))


def stop_confirm(consequence: str, on_stop: Callable[[], None], on_cancel: Callable[[], None]) -> ft.Control:
    """"Stop the game?" for every game that may be stopped early: what stopping means now, then
    Stop now / Keep playing (Undo brings a stopped game back)."""
    return section("Stop the game?", [
        ft.Text(f"{consequence} Undo brings the game back."),
        ft.Row([
            button("Stop now", on_stop, "stop-confirm", icon=ft.Icons.FLAG, expand=1),
            button("Keep playing", on_cancel, "stop-cancel", primary=False, expand=1),
        ], spacing=8),
    ], ident="stop-panel")


def number_tile(ident: str, value: str, caption: str, *, label: str, title: str | None = None,
                active: bool = False) -> ft.Control:
    """One number a player reads from across the table (points, cards, flips): big, with what
    it counts under it and, for a player's tile, their name above; ``active``: their turn.
    Sizes come from the theme's text styles, so the text-size setting scales them."""
    rows: list[ft.Control] = []
    if title is not None:
        rows.append(ft.Text(title, theme_style=ft.TextThemeStyle.LABEL_LARGE, weight=ft.FontWeight.BOLD,
                            max_lines=1, overflow=ft.TextOverflow.ELLIPSIS))
    rows += [ft.Text(value, theme_style=ft.TextThemeStyle.HEADLINE_MEDIUM, weight=ft.FontWeight.BOLD),
             ft.Text(caption, theme_style=ft.TextThemeStyle.LABEL_MEDIUM)]
    return tagged(ident, ft.Container(
        content=ft.Column(rows, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border_radius=8, padding=8, expand=1,
        alignment=ft.Alignment.CENTER,
        border=ft.Border.all(3, ft.Colors.PRIMARY) if active else None,
    ), label=label)


def tile_row(tiles: Sequence[ft.Control], ident: str | None = None, per_row: int = 4) -> ft.Control:
    """Number tiles side by side, ``per_row`` to a row (more players wrap onto more rows of
    the same width, so every tile stays readable)."""
    rows = [ft.Row(list(tiles[i:i + per_row]), spacing=6) for i in range(0, len(tiles), per_row)]
    column = ft.Column(rows, spacing=6, tight=True)
    return tagged(ident, column) if ident else column


# --- seats at the table: where each player's panel goes (one concept, one place) ---------------
#
# A game's table component draws every player's panel as before and hands them to
# ``seated`` (panels in a column among the other parts) or ``side_by_side`` (panels in a
# row). What the phone's seat changes is decided here, for every game alike:
#   - the whole table, or watching: as the game drew it;
#   - a player's phone ("I am Bea"): that player's panel at the bottom, enlarged; the
#     others stay where the game put them;
#   - table mode (a two-player game, one phone lying between the players): the far
#     player's panel first, turned 180° so they read it the right way up; the near
#     player's (the phone's seat, else the first player) at the bottom.

ENLARGED = 1.3
"""how much larger a phone's own player panel is drawn"""


def my_player(table) -> int | None:
    """The player this phone sits as, or None (the whole table, watching, no seat)."""
    seat = getattr(table, "seat", None)
    return seat.player if seat is not None and seat.kind == "player" else None


def near_and_far(table) -> tuple[int, int] | None:
    """In table mode (two players): (the player at the phone's bottom edge, the other)."""
    state = getattr(table, "state", None)
    players = len(state.setup.players) if state is not None and hasattr(state, "setup") else 0
    if not getattr(table, "table_mode", False) or players != 2:
        return None
    near = my_player(table)
    near = 0 if near is None else near
    return near, 1 - near


def bottom_player(table, default: int) -> int:
    """Whose side a two-sided board shows at the bottom: the phone's own player (or the near
    player in table mode), else ``default`` (the game's choice: whose turn it is)."""
    pair = near_and_far(table)
    if pair is not None:
        return pair[0]
    mine = my_player(table)
    return default if mine is None else mine


def turned(control: ft.Control) -> ft.Control:
    """Upside down for the player across the table (layout included: RotatedBox)."""
    return ft.RotatedBox(quarter_turns=2, content=control)


def enlarged(control: ft.Control, table) -> ft.Control:
    """A phone's own panel: its text styles scaled up (a nested theme), framed as 'you'."""
    from card_companion.views.settings import SYMBOLS_FONT  # (settings imports this module)

    scale = getattr(table, "text_scale", 1.0) * ENLARGED
    sizes = {"title_medium": 16, "body_medium": 14, "label_medium": 12, "body_large": 16, "body_small": 12}
    # each style names its colour, as the app's theme does (views/settings.py): left without one,
    # the nested theme drew these texts near-black on the dark theme's surfaces
    theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800, text_theme=ft.TextTheme(**{
        k: ft.TextStyle(size=round(v * scale, 1), font_family_fallback=[SYMBOLS_FONT], color=ft.Colors.ON_SURFACE)
        for k, v in sizes.items()}))
    return ft.Container(
        content=control, theme=theme, dark_theme=theme, border_radius=12, padding=2,
        border=ft.Border.all(3, ft.Colors.PRIMARY), key="my-seat",
    )


def seated(table, parts: Sequence[ft.Control | None], panels: dict[int, ft.Control]) -> list[ft.Control]:
    """``parts`` (the game's column, None for nothing) with the players' ``panels`` (player →
    its panel, each one of ``parts``) placed for this phone's seat (see above)."""
    shown = [p for p in parts if p is not None]
    pair = near_and_far(table)
    mine = my_player(table)
    if pair is None and mine is None:
        return shown
    near, far = pair if pair is not None else (mine, None)
    moved = {id(panels[p]) for p in (near, far) if p is not None and p in panels}
    out = [p for p in shown if id(p) not in moved]
    if far is not None and far in panels:
        out.insert(0, turned(panels[far]))
    if near in panels:
        out.append(enlarged(panels[near], table) if near == mine else panels[near])
    return out


def side_by_side(table, panels: dict[int, ft.Control], **row_args) -> ft.Control:
    """The players' panels in a row (each expands), or, for a seated phone or table mode, in
    a column laid out by ``seated``."""
    if near_and_far(table) is None and my_player(table) is None:
        return ft.Row([ft.Container(content=p, expand=1) for p in panels.values()], **row_args)
    return ft.Column(seated(table, list(panels.values()), panels), spacing=8,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# --- choosing one of a few things ----------------------------------------------------------------


def choice_buttons(options: Sequence[tuple[object, str]], chosen: object, on_choose: Callable,
                   ident: str) -> list[ft.Control]:
    """Big buttons, one per (value, label) option, the chosen one filled; tapping one calls
    ``on_choose(value)``. Test ids ``{ident}-{value}``."""
    from functools import partial  # (kept with the helpers added last; a handler without parameters)

    return [button(label, partial(on_choose, value), f"{ident}-{value}", primary=value == chosen)
            for value, label in options]


def choice_row(options: Sequence[tuple[object, str]], chosen: object, on_choose: Callable,
               ident: str) -> ft.Control:
    """A wrapping row of choice buttons (``choice_buttons``): which form, who acts, which mode."""
    return ft.Row(choice_buttons(options, chosen, on_choose, ident), wrap=True, spacing=6, run_spacing=6)
