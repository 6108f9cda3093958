"""The Hero died in a Boss Battle: the surviving Allies divide the Boss stack."""

from __future__ import annotations

import functools

import flet as ft

from card_companion.companion.cardpeegee import DivideLoot, queries
from card_companion.views.cardpeegee.shared import attempt, note
from card_companion.views.hooks import use_text_scale
from card_companion.views.live_table import use_step_state
from card_companion.views.widgets import button, card_face, choice_row, message, section


@ft.component
def LootPanel(table) -> ft.Control:
    """The Hero died in a Boss Battle: the surviving Allies divide the stack."""
    use_text_scale()  # sizes below follow the text-size setting
    s = table.state
    sharers, stack = queries.loot_sharers(s)
    shares, set_shares = use_step_state(table, dict)  # position in the stack → player
    problem, set_problem = use_step_state(table, None)

    def give(i: int, q: int) -> None:
        set_shares({**shares, i: q})

    owner = [shares.get(i, sharers[0]) for i in range(len(stack))]
    rows: list[ft.Control | None] = [note("The Hero died: the surviving Allies divide the Boss stack as they "
                                          "agree. Tap who takes each card.")]
    for i, c in enumerate(stack):
        rows.append(ft.Row([card_face(c, ident=f"loot-card-{i}", width=40),
                            choice_row([(q, s.name(q)) for q in sharers], owner[i], functools.partial(give, i),
                                       f"loot-{i}")], spacing=8, wrap=True))
    rows += [
        button("Divide the loot", lambda: attempt(table, lambda: DivideLoot(shares={
            q: tuple(c for c, o in zip(stack, owner) if o == q) for q in sharers}), set_problem),
            "divide-loot", icon=ft.Icons.CHECK),
        message(problem, "loot-problem"),
    ]
    return section("Dividing the loot", rows, ident="loot-panel", framed=False)
