"""The score at the top: victory points, the round, rounds won, the deck and the Tie Breaker."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.fight import ROUND_POINTS
from card_companion.calculators.words import plural
from card_companion.companion.fight import FightGame, FightState, queries, winning
from card_companion.views.fight.names import names_of
from card_companion.views.hooks import at_scale, sized, use_kept
from card_companion.views.live_table import Show, Table, use_table
from card_companion.views.widgets import tagged


def _score(session) -> tuple:
    """Victory points of both players, rounds won, the Tie Breaker, the round."""
    s: FightState = session.state
    return (names_of(s), tuple(queries.points(s)), tuple(winning.rounds_won(s)), queries.tie_breaker(s),
            queries.tie_breaker_card(s), s.round, s.phase == "over")


def _facts(session) -> tuple[int, int]:
    """The deck and the discards (they change at steps that leave the score as it is)."""
    s: FightState = session.state
    return s.deck, len(s.discards)


@ft.memo
@ft.component
def ScoreBoard(table: Table[FightGame, FightState], scale: float) -> ft.Control:
    """Victory points of both players, big; the round, rounds won, deck and Tie Breaker."""
    names, points, wins, holder, tb, round_no, over = use_table(table, _score)
    part = use_kept()
    at_scale(scale)

    def side(i: int) -> ft.Control:
        holds = holder == i
        chip = None
        if holds:
            chip = ft.Container(ft.Text(f"Tie Breaker {tb.symbol}", size=12),
                                bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=10,
                                padding=ft.Padding.symmetric(vertical=2, horizontal=8))
        column = [
            ft.Text(names[i], size=15, weight=ft.FontWeight.BOLD, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
            ft.Text(str(points[i]), size=sized(34), weight=ft.FontWeight.BOLD),
            ft.Text("victory points", size=11),
            chip,
        ]
        label = f"{names[i]}: {points[i]} victory points"
        if holds:
            label += f", holds the Tie Breaker {tb.symbol}"
        return tagged(f"score-{i}", ft.Container(
            content=ft.Column([c for c in column if c is not None], spacing=0, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            expand=1,
        ), label=label)

    if holder is None:
        tb_text = "Tie Breaker: nobody holds it yet"
    else:
        tb_text = f"Tie Breaker: {names[holder]}'s {tb.symbol} (value {int(tb.rank)})"
    round_text = "Match over" if over else f"Round {round_no}"
    middle = ft.Column(
        [
            tagged("round", ft.Text(round_text, size=14, weight=ft.FontWeight.BOLD), label=round_text),
            ft.Text("rounds won", size=11),
            tagged("rounds-won", ft.Text(f"{wins[0]} – {wins[1]}", size=sized(22), weight=ft.FontWeight.BOLD),
                   label=f"Rounds won: {names[0]} {wins[0]}, {names[1]} {wins[1]}"),
        ],
        spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    rows = [
        ft.Row([side(0), middle, side(1)], vertical_alignment=ft.CrossAxisAlignment.START),
        None if over else part(Show, table, Facts, _facts, key="facts"),
        None if over else tagged("tie-breaker", ft.Text(tb_text, text_align=ft.TextAlign.CENTER),
                                 label=tb_text),
        None if over else ft.Text(f"{ROUND_POINTS} victory points win a round · two rounds win the FIGHT!",
                                  size=11, italic=True, text_align=ft.TextAlign.CENTER),
    ]
    return tagged("status", ft.Container(
        content=ft.Column([r for r in rows if r is not None], spacing=6, tight=True,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        padding=10, border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
    ), label=f"{round_text}: {names[0]} {points[0]}, {names[1]} {points[1]} victory points; {tb_text}")


@ft.memo
@ft.component
def Facts(deck: int, discards: int) -> ft.Control:
    return ft.Row(
        [
            tagged("deck-count", ft.Text(f"Deck: {plural(deck, 'card')}")),
            tagged("discard-count", ft.Text(f"Discards: {discards}")),
        ],
        spacing=14, wrap=True, alignment=ft.MainAxisAlignment.CENTER,
    )
