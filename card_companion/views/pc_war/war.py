"""A tie: the trade and war walked through, with the counts the swap and the laying will give."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from card_companion.companion.pc_war import PCWarState, SwapHands, queries
from card_companion.views.hooks import sized
from card_companion.views.widgets import (
    button,
    section,
    tagged,
)


def swap_of(session, on_send: Callable) -> tuple | None:
    s: PCWarState = session.state
    preview = queries.war_preview(s)
    if preview is None:  # the swap is done: the panel goes
        return None
    numbered = list(queries.war_steps(s))
    if preview.laid and not preview.out:
        numbered.append(f"Turn the two face-up cards: the higher one takes everything on the table "
                        f"({s.table + preview.laid} cards)")
    p0, p1 = s.players
    return (s.name(0), s.name(1)), (p0.hand, p1.hand), s.war_rounds, tuple(numbered), bool(preview.laid), on_send


@ft.memo
@ft.component
def SwapPanel(names: tuple[str, str], hands: tuple[int, int], war_rounds: int, numbered: tuple[str, ...],
              lays: bool, on_send: Callable) -> ft.Control:
    """A tie: the walk-through, with the counts the swap and the laying will give."""
    title = f"A tie in the war: trade and war again (round {war_rounds + 1})" if war_rounds > 0 \
        else "A tie! Trade and war"
    h0, h1 = hands
    swap = tagged("swap-counts", ft.Row(
        [
            _swap_side(names[0], h0, h1),
            ft.Icon(ft.Icons.SWAP_HORIZ, size=36),
            _swap_side(names[1], h1, h0),
        ],
        alignment=ft.MainAxisAlignment.SPACE_EVENLY,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    ), label=f"Swap hands: {names[0]} {h0} → {h1} cards, {names[1]} {h1} → {h0} cards")
    rows: list[ft.Control | None] = [swap]
    for k, line in enumerate(numbered, 1):
        rows.append(ft.Row([
            ft.Container(ft.Text(str(k), weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY),
                         bgcolor=ft.Colors.PRIMARY, width=26, height=26, border_radius=13,
                         alignment=ft.Alignment.CENTER),
            ft.Text(line, expand=True),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))
    label = "Swap hands and lay the war cards" if lays else "Swap hands"
    rows.append(button(label, lambda: on_send(SwapHands(), "swap"), "swap", icon=ft.Icons.SWAP_HORIZ))
    return section(title, rows, ident="swap-panel")


def _swap_side(name: str, now: int, then: int) -> ft.Control:
    return ft.Column([
        ft.Text(name, weight=ft.FontWeight.BOLD, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        ft.Text(f"{now} → {then}", size=sized(26), weight=ft.FontWeight.BOLD),
        ft.Text("cards in hand", size=12),
    ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
