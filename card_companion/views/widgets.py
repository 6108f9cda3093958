"""The controls every screen draws, the same everywhere: labelled buttons and test ids
(``button``, ``icon_button``, ``tagged``, ``choice_row``), a card as it lies on the table
(``card_face``), running text with red suits (``suited``), the explanation and message boxes,
framed sections, a player's panel and numbers (``player_panel``, ``StatLine``,
``number_tile``, ``NumberTile``), the stop confirmation. Flet only; no rules here."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.views.hooks import Part, current_scale, made_anew, use_kept

RED = "#c62828"
BLACK = "#1b1b1b"
CARD_BG = "#fffdf7"
CARD_BACK = "#3a5a98"
TOUCH = 48
"""the least width and height of anything a thumb taps (px, Material's minimum target): every
tappable control is drawn through the helpers below, so the sizes live here (issue 34 item 9)"""
TOUCH_FIELD: dict[str, Any] = {"dense": True, "content_padding": ft.Padding.symmetric(horizontal=12, vertical=16)}
"""a text field's look (``ft.TextField(**TOUCH_FIELD)``): compact, yet TOUCH high (a dense field
alone is 40 px)"""
TOUCH_BOX: dict[str, Any] = {"width": TOUCH, "height": TOUCH}
"""an icon's button (⋮, undo, table mode...): its tap target a TOUCH square (40 px alone)"""
TOUCH_HIGH: dict[str, Any] = {"height": TOUCH}
"""a text button or a chip (a code, a seat, "How it was counted"): TOUCH high (32-40 px alone; its
text makes it wider than TOUCH)"""
TOUCH_SWITCH: dict[str, Any] = {"padding": ft.Padding.all(4)}
"""a switch's look (``ft.Switch(**TOUCH_SWITCH)``): 4 px around it makes it TOUCH high (40 px with
Material's 4 px either side only; a ``height`` scales the switch and its label up instead)"""
DANGER = ft.ButtonStyle(color=ft.Colors.ERROR, icon_color=ft.Colors.ERROR, side=ft.BorderSide(1, ft.Colors.ERROR))
"""a destructive button's look: outlined, in the theme's error colour"""
APART = 24
"""the gap that keeps a destructive control (delete) away from the others"""


TOUCH_SEGMENT = ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD,
                               padding=ft.Padding.symmetric(horizontal=12, vertical=14))
"""a segmented button's segments TOUCH high: its text (20 px) and 14 above and below. The
density must be the standard one: the browser's adaptive density is compact, which draws a
segment 32 px and takes 8 px off any padding; a ``height`` raises only the outline, never the
segments a thumb taps (measured in Chromium, Flet 1.0.5)"""


def touch_segments(**kwargs: Any) -> ft.SegmentedButton:
    """A SegmentedButton whose segments are TOUCH high (``TOUCH_SEGMENT``)."""
    return ft.SegmentedButton(style=TOUCH_SEGMENT, **kwargs)


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
    icon: ft.IconData | None = None,
    primary: bool = True,
    tonal: bool = False,
    danger: bool = False,
    disabled: bool = False,
    expand: bool | int | None = None,
    tooltip: str | None = None,
    key: str | None = None,
    action: ft.ClientAction | None = None,
) -> ft.Control:
    """A big, labelled button. ``primary`` picks the filled style: one a screen (or a dialog),
    the likeliest next step (issue 34 item 10); ``danger``: what cannot be taken back (delete,
    stop), outlined in the error colour, never filled: in its dialog the filled one is the safe
    one. ``tonal``: a main step among equals (each game's New game), filled in a quieter tone
    than the primary. ``action`` is a client action the browser runs inside the tap (the clipboard, the share
    sheet)."""
    cls: type[ft.FilledButton | ft.FilledTonalButton | ft.OutlinedButton] = ft.OutlinedButton
    if tonal:
        cls = ft.FilledTonalButton
    elif primary and not danger:
        cls = ft.FilledButton
    b = cls(
        text,
        icon=icon,
        on_click=on_click,
        disabled=disabled or on_click is None,
        height=TOUCH,
        tooltip=tooltip,
        action=action,
        style=DANGER if danger else None,
    )
    return ft.Semantics(identifier=ident, button=True, content=b, expand=expand, key=key)


def icon_button(icon: ft.IconData, label: str, on_click: Callable | None, ident: str, disabled: bool = False,
                key: str | None = None) -> ft.Control:
    return ft.Semantics(
        identifier=ident,
        label=label,
        button=True,
        key=key,
        content=ft.IconButton(icon=icon, tooltip=label, on_click=on_click, disabled=disabled or on_click is None,
                              **TOUCH_BOX),
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
    width = round(width * current_scale())
    height = int(width * 1.4)
    if face_down:
        inner = _card_back(card, width, height, selected)
    elif card is None:
        inner = _empty_place(width, height)
    else:
        inner = _card_front(card, width, height, selected, dimmed)
    if tapped:
        inner = _turned_sideways(inner, height)
    # as few controls as draw the card: a table shows dozens of cards, and every control costs
    # the server a diff at each step and the phone a widget to build (docs/performance.md): a
    # card without a caption is the card's own box (its tap and its margin on it) and its text
    body: ft.Control
    if caption:
        body = ft.Container(
            content=ft.Column([inner, ft.Text(caption, size=11, text_align=ft.TextAlign.CENTER)],
                              spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True),
            on_click=on_click, ink=on_click is not None, border_radius=6, padding=2)
    else:
        assert isinstance(inner, ft.Container), "a card is drawn in its own box"
        inner.on_click, inner.ink, inner.border_radius, inner.margin = on_click, on_click is not None, 6, 2
        body = inner
    if label is None:
        what = "face-down card" if face_down and card is None else (card.symbol if card else "empty place")
        label = what + (", tapped" if tapped else "") + (", selected" if selected else "")
    # A card that becomes tappable (or stops being) is a new control: Flutter's web semantics
    # drops the identifier of a node that gains a tap action in place.
    key = f"{ident}-{'tap' if on_click is not None else 'still'}" if ident else None
    return ft.Semantics(identifier=ident, label=label, button=on_click is not None, selected=selected,
                        content=body, container=True, key=key)


def _card_back(card: Card | None, width: int, height: int, selected: bool) -> ft.Control:
    """A face-down card: its back, with its symbol if the players may know it."""
    return ft.Container(
        width=width,
        height=height,
        bgcolor=CARD_BACK,
        border_radius=6,
        border=ft.Border.all(3 if selected else 1, ft.Colors.AMBER if selected else "#22345a"),
        content=ft.Text(card.symbol if card else "", color="white", size=width * 0.28,
                        weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
        alignment=ft.Alignment.CENTER,
    )


def _empty_place(width: int, height: int) -> ft.Control:
    """The place of a card not there (yet)."""
    return ft.Container(
        width=width,
        height=height,
        border_radius=6,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        content=ft.Text("—", size=width * 0.3, color=ft.Colors.ON_SURFACE_VARIANT),
        alignment=ft.Alignment.CENTER,
    )


def _card_front(card: Card, width: int, height: int, selected: bool, dimmed: bool) -> ft.Control:
    """A card face up: its symbol in its suit's colour."""
    return ft.Container(
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


def _turned_sideways(inner: ft.Control, height: int) -> ft.Control:
    """A tapped card: turned a quarter, in a square as wide as the card is tall."""
    return ft.Container(
        content=ft.Container(content=inner, rotate=ft.Rotate(angle=math.pi / 2)),
        width=height,
        height=height,
        alignment=ft.Alignment.CENTER,
    )


_RED_SUITS = re.compile("([♥♦])")


def suited(text: str, **style: Any) -> ft.Text:
    """Running text with the red suits (♥ ♦) in red, as on the cards: the theme's error red,
    which reads on light and dark panels alike (♠ ♣ keep the text's own colour)."""
    parts = [p for p in _RED_SUITS.split(text) if p]
    if len(parts) <= 1 and not _RED_SUITS.fullmatch(text):
        return ft.Text(text, **style)
    # the words before the first red suit are the text's own (Flet draws them before its spans, in
    # its style): a span fewer to make, compare and send for every such line
    first = "" if _RED_SUITS.fullmatch(parts[0]) else parts.pop(0)
    return ft.Text(first, spans=[ft.TextSpan(p, style=ft.TextStyle(color=ft.Colors.ERROR) if _RED_SUITS.fullmatch(p)
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


_MESSAGE_KINDS = {"error": (ft.Colors.ERROR_CONTAINER, ft.Icons.ERROR_OUTLINE),
                  "warning": (ft.Colors.TERTIARY_CONTAINER, ft.Icons.WARNING_AMBER),
                  "info": (ft.Colors.SURFACE_CONTAINER_HIGHEST, ft.Icons.INFO_OUTLINE)}


def message_box(kind: str, words: ft.Control) -> ft.Container:
    """A message's box (error / warning / info): its colour and icon, and ``words`` beside
    the icon (a control that expands in the row)."""
    bg, icon = _MESSAGE_KINDS[kind]
    return ft.Container(content=ft.Row([ft.Icon(icon), words], spacing=8), padding=10, border_radius=8, bgcolor=bg)


def message(text: str | None, ident: str = "message", kind: str = "error") -> ft.Control | None:
    """A plain-words message box (error / warning / info); None when there is nothing to say."""
    if not text:
        return None
    return tagged(ident, message_box(kind, suited(text, expand=True)), label=text)


def section(title: str | ft.Control | None, controls: Sequence[ft.Control | None],
            ident: str | None = None, *, framed: bool = True, visible: bool = True,
            key: str | None = None) -> ft.Control:
    """A framed part of a screen with a bold title (a title that changes on its own is a
    ``SectionTitle`` a panel selects, so the frame is not drawn again for it).
    ``framed=False``: the title and controls only, for a panel whose frame its table draws
    (a step's entry, framed with the table's keyboard: ``card_picker.entry_box``)."""
    body: list[ft.Control] = []
    if isinstance(title, str) and title:
        body.append(section_title(title))
    elif title is not None and not isinstance(title, str):
        body.append(title)
    body += [c for c in controls if c is not None]
    column = ft.Column(body, spacing=8, tight=True)
    if not framed:
        return tagged(ident, column) if ident else column
    box = ft.Container(
        content=column,
        padding=12,
        border_radius=10,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        visible=visible,
        key=key,
    )
    return tagged(ident, box) if ident else box


def section_title(text: str, key: str | None = None) -> ft.Control:
    """A section's bold title (``key``: ``use_kept``'s, for a title handed back as drawn)."""
    del key
    return ft.Text(text, weight=ft.FontWeight.BOLD, size=16)


@ft.memo
@ft.component
def SectionTitle(text: str) -> ft.Control:
    """A section's title as a memoized component of its own (it changes without its section)."""
    return section_title(text)


def player_panel(
    name: str,
    *,
    ident: str,
    active: bool = False,
    badge: str | None = None,
    stats: Sequence[tuple[str, str]] | ft.Control = (),
    cards: Sequence[ft.Control] = (),
    cards_shown: bool = True,
    footer: Sequence[ft.Control | None] = (),
    dimmed: bool = False,
    part: Part | None = None,
) -> ft.Control:
    """One player's place at the table, the same in every game: name (highlighted on their
    turn), a badge (Tie Breaker, General, dead...), their cards, and the numbers to track.
    ``stats`` is the numbers as (label, value) pairs, or a ``StatLine`` a panel selects (the
    numbers change at every step; the frame then stays as it is). ``cards_shown`` False: the
    cards are kept, hidden (PC War's war cards after the war). ``part``: the drawing
    component's ``use_kept``, through which the texts a step did not change (the name, the
    badges, the numbers) are handed back as they were drawn, not reconciled again."""
    made = part or made_anew
    # sizes from the theme's text styles: the text-size setting scales them, and so does the
    # enlarged theme a phone's own seat is drawn with (seated())
    title: list[ft.Control] = [made(_panel_name, name, key="name")]
    if active:
        title.append(made(_pill, "to play", True, key="to-play"))
    if badge:
        title.append(made(_pill, badge, False, key="badge"))
    # the cards' row is always there, hidden while there are none: the parts below keep their
    # places, so a player's first card (PC War's war cards) does not mount them again
    body: list[ft.Control] = [ft.Row(title, spacing=6),
                              ft.Row(list(cards), spacing=6, wrap=True, run_spacing=6,
                                     visible=cards_shown and bool(cards))]
    pairs: Sequence[tuple[str, str]] = ()
    if isinstance(stats, ft.BaseControl):
        body.append(stats)
    elif stats:
        pairs = stats
        body.append(stat_line(pairs, made))
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


def _panel_name(name: str, key: str) -> ft.Control:
    del key  # (``use_kept``'s)
    return ft.Text(name, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD, expand=True)


def _pill(text: str, to_play: bool, key: str) -> ft.Control:
    """A badge beside a player's name: "to play" (filled), or what the game says of them."""
    del key  # (``use_kept``'s)
    if to_play:
        return ft.Container(ft.Text(text, theme_style=ft.TextThemeStyle.LABEL_MEDIUM, color=ft.Colors.ON_PRIMARY),
                            bgcolor=ft.Colors.PRIMARY, padding=ft.Padding.symmetric(vertical=2, horizontal=8),
                            border_radius=10)
    return ft.Container(ft.Text(text, theme_style=ft.TextThemeStyle.LABEL_MEDIUM), bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        padding=ft.Padding.symmetric(vertical=2, horizontal=8), border_radius=10)


def stat_line(stats: Sequence[tuple[str, str]], made: Part | None = None) -> ft.Control:
    """A player's numbers side by side (wrapping on a narrow phone); one number is its text
    alone (a row around it draws the same and is one more control to reconcile at each step).
    ``made``: a ``use_kept`` part, through which the numbers a step left as they were are
    handed back as they were drawn."""
    made = made or made_anew
    texts = [made(_stat_text, f"{label}: {value}", key=f"stat-{k}") for k, (label, value) in enumerate(stats)]
    if len(texts) == 1:
        return texts[0]
    return ft.Row(texts, wrap=True, spacing=14, run_spacing=2)


def _stat_text(text: str, key: str) -> ft.Control:
    del key  # (``use_kept``'s)
    return ft.Text(text, theme_style=ft.TextThemeStyle.BODY_MEDIUM)


@ft.memo
@ft.component
def StatLine(ident: str, stats: tuple[tuple[str, str], ...]) -> ft.Control:
    """A player's numbers as a memoized component of its own (read aloud on their own:
    "Cards left 27")."""
    return tagged(ident, stat_line(stats, use_kept()), label=", ".join(f"{label} {value}" for label, value in stats))


STOP_COUNTS = ("It counts in the records and the ratings, marked stopped early. For a game abandoned, stop "
               "without counting: it stays saved, and counts for nothing.")
"""what the Stop dialog says of the records, for every game the app scores at its stop"""


def stop_confirm(consequence: str, on_stop: Callable[[], None], on_stop_uncounted: Callable[[], None],
                 on_cancel: Callable[[], None]) -> ft.Control:
    """"Stop the game?" for every game that may be stopped early: what stopping means now and
    that it counts, then Stop now / Keep playing (the safe one filled), and apart from them Stop
    without counting (an abandoned game). Undo brings a stopped game back, either way."""
    return section("Stop the game?", [
        ft.Text(f"{consequence} {STOP_COUNTS} Undo brings the game back."),
        ft.Row([
            button("Stop now", on_stop, "stop-confirm", icon=ft.Icons.FLAG, danger=True, expand=1),
            button("Keep playing", on_cancel, "stop-cancel", expand=1),  # the safe one is the filled one
        ], spacing=8),
        ft.Row([button("Stop without counting", on_stop_uncounted, "stop-uncounted", danger=True,
                       icon=ft.Icons.BLOCK, expand=1)]),
    ], ident="stop-panel")


@ft.memo
@ft.component
def NumberTile(ident: str, value: str, caption: str, label: str, title: str | None = None,
               active: bool = False) -> ft.Control:
    """One number a player reads from across the table (points, cards, flips): big, with what
    it counts under it and, for a player's tile, their name above; ``active``: their turn.
    Sizes come from the theme's text styles, so the text-size setting scales them. Memoized:
    in a row of tiles a step changes one or two (the deck, the points of one player), the
    others are not made again; in a tile drawn again, the texts the step did not change are
    handed back as they were drawn (``use_kept``: the turn passing changes only the border)."""
    part = use_kept()
    rows: list[ft.Control] = []
    if title is not None:
        rows.append(part(_tile_text, title, TITLE_TILE, key="title"))
    rows += [part(_tile_text, value, VALUE_TILE, key="value"), part(_tile_text, caption, CAPTION_TILE, key="caption")]
    return tagged(ident, ft.Container(
        content=ft.Column(rows, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border_radius=8, padding=8, expand=1,
        alignment=ft.Alignment.CENTER,
        border=ft.Border.all(3, ft.Colors.PRIMARY) if active else None,
    ), label=label)


TITLE_TILE, VALUE_TILE, CAPTION_TILE = "title", "value", "caption"
"""the three texts of a number tile, top to bottom"""


def _tile_text(text: str, kind: str, key: str) -> ft.Control:
    del key  # (``use_kept``'s)
    if kind == TITLE_TILE:
        return ft.Text(text, theme_style=ft.TextThemeStyle.LABEL_LARGE, weight=ft.FontWeight.BOLD,
                       max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
    if kind == VALUE_TILE:
        return ft.Text(text, theme_style=ft.TextThemeStyle.HEADLINE_MEDIUM, weight=ft.FontWeight.BOLD)
    return ft.Text(text, theme_style=ft.TextThemeStyle.LABEL_MEDIUM)


def tile_row(tiles: Sequence[ft.Control], ident: str | None = None, per_row: int = 4) -> ft.Control:
    """Number tiles side by side, ``per_row`` to a row (more players wrap onto more rows of
    the same width, so every tile stays readable)."""
    rows: list[ft.Control] = [ft.Row(list(tiles[i:i + per_row]), spacing=6) for i in range(0, len(tiles), per_row)]
    column = ft.Column(rows, spacing=6, tight=True)
    return tagged(ident, column) if ident else column


# --- choosing one of a few things ----------------------------------------------------------------


def choice_buttons(options: Sequence[tuple[object, str]], chosen: object, on_choose: Callable,
                   ident: str) -> list[ft.Control]:
    """Big buttons, one per (value, label) option, the chosen one tonal (a choice shown, not the
    screen's primary step: that is the filled button the choice leads to); tapping one calls
    ``on_choose(value)``. Test ids ``{ident}-{value}``."""
    return [button(label, partial(on_choose, value), f"{ident}-{value}", primary=False, tonal=value == chosen)
            for value, label in options]


def choice_row(options: Sequence[tuple[object, str]], chosen: object, on_choose: Callable,
               ident: str) -> ft.Control:
    """A wrapping row of choice buttons (``choice_buttons``): which form, who acts, which mode."""
    return ft.Row(choice_buttons(options, chosen, on_choose, ident), wrap=True, spacing=6, run_spacing=6)
