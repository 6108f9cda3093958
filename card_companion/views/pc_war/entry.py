"""Entering a flip or the war's face-up cards: one tap (whose card is higher, or a tie), or
the two cards, which the app compares."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from card_companion.companion.pc_war import SIDES, Flip, PCWar, PCWarState, War, queries
from card_companion.views.card_picker import CardSlots
from card_companion.views.hooks import at_scale, sized
from card_companion.views.live_table import Show, Table, use_table
from card_companion.views.widgets import (
    SectionTitle,
    message,
    section,
)

TAP_HEIGHT = 76


def _reveal_title(session, kind: str) -> tuple[str]:
    s: PCWarState = session.state
    return (f"Flip {s.flips + 1}" if kind == "flip" else f"War · round {s.war_rounds}",)


@ft.memo
@ft.component
def RevealPanel(table: Table[PCWar, PCWarState], kind: str, names: tuple[str, str], problem: str | None,
                on_tap: Callable,
                scale: float) -> ft.Control:
    """What to do now and the three one-tap buttons (with the cards entered below, if any)."""
    question = "Whose card is higher?" if kind == "flip" else "Whose face-up card is higher?"
    prompt = queries.prompt(table.state)  # the same line for the whole phase
    choices = queries.tap_choices(table.state)  # (none while the panel is kept hidden: a swap, the end)
    return section(Show(table, SectionTitle, _reveal_title, kind), [
        ft.Text(prompt),
        ft.Text(question, weight=ft.FontWeight.BOLD),
        TapButtons(kind, (choices.get("left", ""), choices.get("tie", ""), choices.get("right", "")), names, on_tap,
                   scale),
        message(problem, f"{kind}-tap-problem"),
    ], ident=f"{kind}-panel")


@ft.memo
@ft.component
def TapButtons(kind: str, choices: tuple[str, str, str], names: tuple[str, str], on_tap: Callable,
               scale: float) -> ft.Control:
    """Ann's card is higher / Tie / Bea's card is higher: one tap each."""
    at_scale(scale)

    def tap(side: str, label: str, expand: int) -> ft.Control:
        if side == "tie":
            big, small, bg = "Tie", "same rank", ft.Colors.TERTIARY_CONTAINER
        else:
            big, small, bg = names[SIDES.index(side)], "is higher", ft.Colors.PRIMARY_CONTAINER
        return ft.Semantics(
            identifier=f"{kind}-{side}",
            label=label,
            button=True,
            expand=expand,
            content=ft.Container(
                content=ft.Column(
                    [ft.Text(big, size=sized(20), weight=ft.FontWeight.BOLD, max_lines=1,
                             overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
                     ft.Text(small, size=13)],
                    spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                height=TAP_HEIGHT,
                alignment=ft.Alignment.CENTER,
                border_radius=10,
                bgcolor=bg,
                on_click=lambda e: on_tap(kind, side),
                ink=True,
            ),
        )

    left, tie, right = choices
    return ft.Row([tap("left", left, 3), tap("tie", tie, 2), tap("right", right, 3)], spacing=6)


def _entry(session, holding: bool) -> tuple:
    """What the card entry needs of the table: the deck, and the cards already known (only
    while cards are entered: they feed the over-count warning), and the step (only then too:
    a new step empties the entry)."""
    s: PCWarState = session.state
    game = session.game
    if not holding:
        return game.deck(s.setup), (), None
    return game.deck(s.setup), tuple(game.known_cards(s)), len(session.actions)


@ft.memo
@ft.component
def CardEntry(table: Table[PCWar, PCWarState], kind: str, names: tuple[str, str], holding: bool, problem: str | None,
              on_send: Callable, on_entering: Callable, shown: bool = True) -> ft.Control:
    """Or the two face-up cards: the app compares them. The same entry from step to step: its
    places start again empty when a step is entered (here or on another phone), the picker
    stays. Not ``shown`` (kept hidden through a swap or the end): it asks for no card."""
    deck, known, step = use_table(table, _entry, holding)
    make = Flip if kind == "flip" else War
    what = "the two cards" if kind == "flip" else "the two face-up cards"
    return section(f"Or enter {what}: {names[0]}'s, then {names[1]}'s", [
        CardSlots(
            deck,
            [names[0], names[1]],
            lambda cards: on_send(make(cards=(cards[0], cards[1])), kind),
            known=known,
            submit="Compare the cards",
            ident=kind,
            game_name=table.game.name,
            extra=message(problem, f"{kind}-problem"),
            on_change=on_entering,
            fresh=step,
            reach=f"{kind}-entry",  # under the one-tap buttons and the last flip: low on the screen
            keyboard=table.keyboard,
            shown=shown,
        ),
    ], ident=f"{kind}-cards", framed=False)
