"""The two facing battlefields: the opponent's grid upside down above the battle line, the
grid of the player to play below, each place a card (face down as a back), an empty place a
card can reach, or a gap."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from card_companion.calculators.card_stratego import COLUMNS, DEPTH, rank_name
from card_companion.calculators.cards import Card
from card_companion.companion.card_stratego import (
    CardStratego,
    CardStrategoState,
    InPlay,
)
from card_companion.views.card_stratego import taps
from card_companion.views.card_stratego.options import options_of
from card_companion.views.card_stratego.taps import RANK_SHORT, Choice, Key
from card_companion.views.hooks import at_scale
from card_companion.views.live_table import Show, Table, use_table
from card_companion.views.reach import reach_key
from card_companion.views.widgets import card_face, tagged

CARD_W = 56
"""a card on the battlefield (px): four columns and the rank labels fit a 360 px phone"""
CELL_W = CARD_W + 10
TARGET = "#2e7d32"
"""the outline of a place that can be tapped now"""
LINE = "#6d4c41"


@dataclass(frozen=True)
class _Field:
    """The battlefield as it will be drawn: player → rows of places (a Jack's line in its new
    order), the captions of moved cards, the places that can be tapped and the chosen ones."""

    grid: dict[int, list[list[InPlay | None]]]
    captions: dict[Key, str]
    tappable: frozenset[Key]
    selected: frozenset[Key]


@functools.lru_cache(maxsize=16)
def _field(session, choice: Choice) -> _Field:
    """The battlefield of a session as the choice shows it (a Jack's line moved): worked out
    once for all its places."""
    s: CardStrategoState = session.state
    grid = {p: [[col[pos] if pos < len(col) else None for col in army.columns] for pos in range(DEPTH)]
            for p, army in enumerate(s.armies)}
    if not choice.mode:
        return _Field(grid, {}, frozenset(), frozenset())
    o = options_of(session)
    choice = taps.current(choice, o)
    captions: dict[Key, str] = {}
    if choice.mode == "jack-rearrange" and choice.line:
        grid, captions = taps.preview(grid, choice.line, choice.order)
    return _Field(grid, captions, frozenset(taps.targets(choice, o)), frozenset(taps.selected(choice, o)))


def _names(session) -> tuple[str, str]:
    s: CardStrategoState = session.state
    return s.name(0), s.name(1)


@ft.memo
@ft.component
def Battlefield(table: Table[CardStratego, CardStrategoState], top: int, bottom: int, choice: Choice,
                on_tap: Callable, scale: float) -> ft.Control:
    """The opponent's grid upside down (third rank at the top), the battle line, the grid of
    the player to play (front rank at the top). Each place selects what it shows. The rows
    are not keyed and never move: on the whole table's phone each player has a board of their
    own, shown on their turn (``table.Board``); a player's phone keeps its own side at the
    bottom (a keyed row moved while it is drawn again, with the choice the step empties, is a
    risk the browser is not worth)."""
    names = use_table(table, _names)
    if names is None:  # the game went away: the frame draws something else at once
        return ft.Column([])
    rows = [RankRow(table, top, pos, choice, on_tap, scale) for pos in reversed(range(DEPTH))]
    rows += [Show(table, BattleLine, _battle_line)]
    rows += [RankRow(table, bottom, pos, choice, on_tap, scale) for pos in range(DEPTH)]
    return tagged("battlefield", ft.Container(
        content=ft.Column(rows, spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.symmetric(vertical=6, horizontal=2),
        border_radius=10,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,  # the theme's: its rank labels stay readable in the dark
        key=reach_key("battlefield"),  # a part a step asks for: its places (views/reach.py)
    ), label=f"the battlefield: {names[top]} above the battle line, {names[bottom]} below")


@ft.memo
@ft.component
def RankRow(table: Table[CardStratego, CardStrategoState], p: int, pos: int, choice: Choice, on_tap: Callable,
            scale: float) -> ft.Control:
    """One rank of a player's grid: its name and its four places."""
    return ft.Row(
        [ft.Text(RANK_SHORT[pos], size=11, width=30, text_align=ft.TextAlign.RIGHT)]
        + [Show(table, Cell, _cell, (p, c, pos), choice, on_tap, scale) for c in range(COLUMNS)],
        spacing=2,
        alignment=ft.MainAxisAlignment.CENTER,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _cell(session, key: Key, choice: Choice, on_tap: Callable, scale: float) -> tuple:
    """One place: its card (face down: None), or an empty place a card can reach ("empty"),
    or a gap; its label; tappable now, chosen, where a Jack's move brought it from."""
    s: CardStrategoState = session.state
    f = _field(session, choice)
    p, c, pos = key
    slot = f.grid[p][pos][c]
    target = key in f.tappable
    chosen = key in f.selected
    where = f"column {c + 1}, {rank_name(pos)}"
    if slot is not None:
        what = "face-down card" if slot.card is None else slot.card.symbol
        kind, card = "card", slot.card
        label = f"{s.name(p)}'s {what}, {where}" + (", chosen" if chosen else "")
    elif pos == 0 or f.grid[p][pos - 1][c] is not None or target:
        kind, card = "empty", None
        label = f"{s.name(p)}'s empty place, {where}" + (", chosen" if chosen else "")
    else:
        kind, card, label = "gap", None, ""
    return key, kind, card, label, target, chosen, f.captions.get(key), on_tap, scale


@ft.memo
@ft.component
def Cell(key: Key, kind: str, card: Card | None, label: str, target: bool, chosen: bool, caption: str | None,
         on_tap: Callable, scale: float) -> ft.Control:
    """One place: its card (face down as a back), an empty place a card can reach, or a gap."""
    at_scale(scale)
    p, c, pos = key
    on_click = (lambda e: on_tap(key)) if target else None
    ident = f"cell-{p}-{c}-{pos}"
    if kind == "card":
        face = card_face(card, face_down=card is None, ident=ident, label=label,
                         selected=chosen, on_click=on_click, width=CARD_W, caption=caption)
    elif kind == "empty":
        face = card_face(None, ident=ident, label=label, on_click=on_click, width=CARD_W, selected=chosen)
        if chosen:
            face = ft.Container(content=face, bgcolor=ft.Colors.AMBER_100, border_radius=8)
    else:
        face = ft.Container(width=CARD_W + 4, height=int(CARD_W * 1.4) + 4)
    return ft.Container(
        content=face,
        width=CELL_W,
        alignment=ft.Alignment.CENTER,
        border=ft.Border.all(2, TARGET if target and not chosen else ft.Colors.TRANSPARENT),
        border_radius=8,
        padding=1,
    )


def _battle_line(session) -> tuple[int | None]:
    last = session.state.last_battle
    return (last.column if last is not None else None,)


@ft.memo
@ft.component
def BattleLine(fought_in: int | None) -> ft.Control:
    """The line between the armies, with the column numbers (the last battle's marked)."""
    numbers: list[ft.Control] = []
    for c in range(COLUMNS):
        fought = fought_in == c
        numbers.append(ft.Container(
            content=ft.Container(
                content=ft.Text(f"{c + 1}", color=LINE if fought else "white", weight=ft.FontWeight.BOLD,
                                size=13),
                bgcolor=ft.Colors.AMBER_300 if fought else None,
                border_radius=8,
                padding=ft.Padding.symmetric(vertical=0, horizontal=8),
                tooltip="the last battle" if fought else None,
            ),
            width=CELL_W, alignment=ft.Alignment.CENTER))
    return tagged("battle-line", ft.Container(
        content=ft.Row([ft.Text("line", size=11, color="white", width=30, text_align=ft.TextAlign.RIGHT),
                        *numbers], spacing=2, alignment=ft.MainAxisAlignment.CENTER),
        bgcolor=LINE,
        border_radius=4,
        padding=ft.Padding.symmetric(vertical=3, horizontal=0),
    ), label="the battle line: columns 1 to 4"
        + (f", the last battle in column {fought_in + 1}" if fought_in is not None else ""))
