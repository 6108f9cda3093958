"""Seats at the table: where each player's panel goes (one concept, one place).

A game's table component draws every player's panel and hands them to
``seated`` (panels in a column among the other parts) or ``side_by_side`` (panels in a
row). What the phone's seat changes is decided here, for every game alike:
  - the whole table, or watching: as the game drew it;
  - a player's phone ("I am Bea"): that player's panel at the bottom, enlarged; the
    others stay where the game put them;
  - table mode (a two-player game, one phone lying between the players): the far
    player's panel first, turned 180° so they read it the right way up; the near
    player's (the phone's seat, else the first player) at the bottom.
And who enters what (the server's check is ``Device.act``'s; each game's steps say whose
choice they are): on a player's phone, another player's own choice is drawn as waiting
("Bob chooses on Bob's phone."), not as its entry (``waiting``, ``own_player``), unless the
table lets any phone enter for anyone.

Flet only; no rules here."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from card_companion.views.settings import SYMBOLS_FONT
from card_companion.views.widgets import message

ENLARGED = 1.3
"""how much larger a phone's own player panel is drawn"""


def my_player(table) -> int | None:
    """The player this phone sits as, or None (the whole table, watching, no seat)."""
    seat = getattr(table, "seat", None)
    return seat.player if seat is not None and seat.kind == "player" else None


def own_player(table) -> int | None:
    """The player whose choices alone this phone enters: its seat's player, unless the table
    lets any phone enter for anyone (None: it enters everyone's, or watches)."""
    mine = my_player(table)
    return mine if mine is not None and not getattr(table, "anyone", False) else None


def waiting(table, player: int | None, doing: str = "chooses") -> ft.Control | None:
    """What a player's phone shows in place of another player's own choice: "Bob chooses on
    Bob's phone." (``doing``: what they do there). None where this phone draws the entry: the
    player's own phone, the table phone, any phone when the table lets any phone enter for
    anyone, and a watcher (its entries greyed out)."""
    if player is None or table.watching or table.enters_for(player):
        return None
    name = table.state.setup.players[player]
    return message(f"{name} {doing} on {name}'s phone (or the table phone).", "waiting", kind="info")


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
