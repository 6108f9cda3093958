"""Between flips: stop the game (the fewest cards wins), or correct the counts after a recount."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import flet as ft
from pydantic import ValidationError

from card_companion.companion.game import plain_validation_error
from card_companion.companion.pc_war import PCWar, PCWarState, Recount, Stop
from card_companion.views.hooks import use_stable
from card_companion.views.live_table import Table, use_step_state
from card_companion.views.widgets import TOUCH_FIELD, button, message, section, stop_confirm, tagged

# Flet's @ft.component takes key= (its wrapper pops it) but types a call as the function's own
# signature: the calls that pass key= say "type: ignore[call-arg]" for that reason.


def _between(session) -> tuple:
    s: PCWarState = session.state
    return s.deck, tuple((p.hand, p.pile) for p in s.players), (s.players[0].cards, s.players[1].cards)


@ft.memo
@ft.component
def BetweenFlips(table: Table[PCWar, PCWarState], names: tuple[str, str], offered: tuple[str, ...],
                 problem: str | None, on_send: Callable) -> ft.Control:
    """Stop the game (the fewest cards wins, and it counts; or without counting), or correct the
    counts after a recount: the buttons of the steps ``offered`` ("recount", "stop": the legal
    ones). What is open closes at the next step (its counts are no longer the table's)."""
    open_, set_open = use_step_state(table, None)  # None, "stop" or "recount"

    def close() -> None:
        set_open(None)

    shown = {
        "recount": lambda: button("Recount", lambda: set_open("recount"), "recount", primary=False,
                                  icon=ft.Icons.CALCULATE, expand=1),
        "stop": lambda: button("Stop the game", lambda: set_open("stop"), "stop", primary=False,
                               icon=ft.Icons.FLAG, expand=1),
    }
    buttons = ft.Row([shown[what]() for what in offered], spacing=8)
    panel: ft.Control | None = None
    if open_ is not None:
        deck, counts, left = _between(table.session)  # while open, the panel is drawn again at each step anyway
        if open_ == "stop":
            panel = stop_confirm(f"The player with fewer cards (hand and pile) wins: {names[0]} has {left[0]}, "
                                 f"{names[1]} has {left[1]}.", lambda: on_send(Stop(), "stop"),
                                 lambda: on_send(Stop(counts=False), "stop"), close)
        else:  # a step closes it: its typing starts again
            panel = Recounting(names, deck, counts, problem, on_send, close)
    # a dialog of its own, over the flip's entry: its filled button (Keep playing, Correct the counts) is
    # then the one in sight (issue 34 item 10). The panel sits in a Container: a component (Recounting)
    # as the dialog's own content never shows in Flet 1.0.5's web client, and no later dialog of this
    # screen shows either (seen in Chromium)
    ft.use_dialog(ft.AlertDialog(modal=True, content=ft.Container(content=panel), content_padding=8,
                                 on_dismiss=close) if panel else None)
    return buttons


@ft.component
def Recounting(names: tuple[str, str], deck: int, counts: tuple[tuple[int, int], ...], problem: str | None,
               on_send: Callable, on_cancel: Callable) -> ft.Control:
    """The recount: what each player really has, as typed."""
    start, _ = ft.use_state({f"{w}-{i}": str(c[k]) for i, c in enumerate(counts)
                             for k, w in enumerate(("hand", "pile"))})
    typed_counts, set_counts = ft.use_state(dict(start))
    local, set_local = ft.use_state(cast(str | None, None))  # Flet would type a state that starts as None as None

    def typed(k: str, e) -> None:
        # the text the event carries (the control may already be a newer render's), and an
        # updater, not this render's counts: fast typing fires changes before the next render
        value = e.data if isinstance(e.data, str) else e.control.value
        set_counts(lambda c: {**c, k: value})

    on_typed = use_stable(typed)

    def field(i: int, what: str) -> ft.Control:
        k = f"{what}-{i}"
        return CountField(k, f"{names[i]}'s {'hand' if what == 'hand' else 'pile'}", start[k], on_typed)

    def submit() -> None:
        try:
            hands = (int(typed_counts["hand-0"]), int(typed_counts["hand-1"]))
            piles = (int(typed_counts["pile-0"]), int(typed_counts["pile-1"]))
        except ValueError:
            set_local("Enter each count as a whole number.")
            return
        try:
            action = Recount(hands=hands, piles=piles)
        except ValidationError as exc:
            set_local(plain_validation_error(exc))
            return
        set_local(None)
        on_send(action, "recount")

    total = 0
    for v in typed_counts.values():
        total += int(v) if v.strip().isdigit() else 0
    return section("Recount", [
        ft.Text("Count the cards at the table and enter what each player really has. "
                f"Together they must make the whole deck ({deck} cards)."),
        ft.Row([field(0, "hand"), field(0, "pile")], spacing=6),
        ft.Row([field(1, "hand"), field(1, "pile")], spacing=6),
        tagged("recount-total", ft.Text(f"Together: {total} of {deck} cards", weight=ft.FontWeight.BOLD)),
        message(local, "recount-error"),
        message(problem, "recount-problem"),
        ft.Row([
            button("Correct the counts", submit, "recount-submit", icon=ft.Icons.CHECK, expand=1),
            button("Cancel", on_cancel, "recount-cancel", primary=False, expand=1),
        ], spacing=8),
    ], ident="recount-panel")


@ft.memo
@ft.component
def CountField(key: str, label: str, start: str, on_typed: Callable) -> ft.Control:
    """One count of the recount, typed. A memoized component with a stable handler: drawn once,
    so no later drawing of the panel can put the starting count back under the thumb (the
    field keeps what is typed)."""
    return tagged(f"recount-{key}", ft.TextField(
        label=label, value=start, keyboard_type=ft.KeyboardType.NUMBER, **TOUCH_FIELD, expand=True,
        on_change=lambda e: on_typed(key, e),
    ), label=label)
