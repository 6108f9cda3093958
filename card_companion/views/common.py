"""Small building blocks every screen shares: the screen frame, a card face, labelled
buttons, the explanation box, messages. Flet only; no rules here."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from card_companion.calculators.cards import Card

RED = "#c62828"
BLACK = "#1b1b1b"
CARD_BG = "#fffdf7"
CARD_BACK = "#3a5a98"
TOUCH = 48
"""minimum height of anything a thumb taps (px)"""


@dataclass(frozen=True)
class Services:
    """What every screen may use: the save file and its startup problem, and the app's
    preferences. Provided once at the root through ServicesContext."""

    store: object
    store_problem: str | None
    prefs: object  # views.settings.Prefs
    set_prefs: Callable[[object], None]


ServicesContext = ft.create_context(None)


def use_services() -> Services:
    return ft.use_context(ServicesContext)


def navigate(route: str) -> None:
    ft.context.page.navigate(route)


def on_page_loop(page: ft.Page, fn: Callable[[], None]) -> None:
    """Run ``fn`` (which may set component state) on the page's event loop, bound to the
    page: pubsub messages arrive on a worker thread that belongs to no page."""
    from flet.controls.context import _context_page  # Flet binds event handlers the same way

    async def run() -> None:
        _context_page.set(page)
        fn()

    page.run_task(run)


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
    return ft.Semantics(identifier=ident, button=True, content=b, expand=expand)


def icon_button(icon: str, label: str, on_click: Callable | None, ident: str, disabled: bool = False) -> ft.Control:
    return ft.Semantics(
        identifier=ident,
        label=label,
        button=True,
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
    a face-down card shows its back; ``card=None`` is an empty place."""
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
            content=ft.Text("—", size=width * 0.3, color=ft.Colors.OUTLINE),
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
    else:
        inner = ft.Container(content=inner, width=width if not tapped else height, height=height,
                             alignment=ft.Alignment.CENTER)
    parts: list[ft.Control] = [inner]
    if caption:
        parts.append(ft.Text(caption, size=11, text_align=ft.TextAlign.CENTER))
    body = ft.Container(
        content=ft.Column(parts, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True),
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


def explanation(lines: Sequence[str], ident: str = "explanation", title: str | None = None) -> ft.Control:
    """The steps that decided a result, one per line."""
    rows: list[ft.Control] = []
    if title:
        rows.append(ft.Text(title, weight=ft.FontWeight.BOLD, size=17))
    rows += [ft.Text(f"• {line}") for line in lines]
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
            content=ft.Row([ft.Icon(icon), ft.Text(text, expand=True)], spacing=8),
            padding=10,
            border_radius=8,
            bgcolor=bg,
        ),
        label=text,
    )


def heading(text: str, ident: str | None = None) -> ft.Control:
    t = ft.Text(text, size=20, weight=ft.FontWeight.BOLD)
    return tagged(ident, t) if ident else t


def section(title: str | None, controls: Sequence[ft.Control | None], ident: str | None = None) -> ft.Control:
    body: list[ft.Control] = []
    if title:
        body.append(ft.Text(title, weight=ft.FontWeight.BOLD, size=16))
    body += [c for c in controls if c is not None]
    box = ft.Container(
        content=ft.Column(body, spacing=8, tight=True),
        padding=12,
        border_radius=10,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )
    return tagged(ident, box) if ident else box


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
            title=ft.Text(title, size=18),
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
    stats: Sequence[tuple[str, str]] = (),
    cards: Sequence[ft.Control] = (),
    footer: Sequence[ft.Control | None] = (),
    dimmed: bool = False,
) -> ft.Control:
    """One player's place at the table, the same in every game: name (highlighted on their
    turn), a badge (Tie Breaker, General, dead...), their cards, and the numbers to track."""
    title: list[ft.Control] = [ft.Text(name, size=17, weight=ft.FontWeight.BOLD, expand=True)]
    if active:
        title.append(ft.Container(ft.Text("to play", size=12, color=ft.Colors.ON_PRIMARY),
                                  bgcolor=ft.Colors.PRIMARY, padding=ft.Padding.symmetric(vertical=2, horizontal=8), border_radius=10))
    if badge:
        title.append(ft.Container(ft.Text(badge, size=12), bgcolor=ft.Colors.TERTIARY_CONTAINER,
                                  padding=ft.Padding.symmetric(vertical=2, horizontal=8), border_radius=10))
    body: list[ft.Control] = [ft.Row(title, spacing=6)]
    if cards:
        body.append(ft.Row(list(cards), spacing=6, wrap=True, run_spacing=6))
    if stats:
        body.append(ft.Row([ft.Text(f"{label}: {value}", size=14) for label, value in stats], wrap=True,
                           spacing=14, run_spacing=2))
    body += [c for c in footer if c is not None]
    summary = f"{name}" + (", to play" if active else "") + (f", {badge}" if badge else "") + "".join(
        f", {label} {value}" for label, value in stats)
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
