"""The Glorious Revolution: the deck is too short for the next draw, and the player holding the
most cards is overthrown."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.words import plural
from card_companion.companion.cardpeegee import Revolution, queries
from card_companion.views.cardpeegee.shared import attempt, note
from card_companion.views.hooks import use_text_scale
from card_companion.views.live_table import use_step_state
from card_companion.views.widgets import button, message, section


@ft.component
def RevolutionPanel(table) -> ft.Control | None:
    use_text_scale()  # sizes below follow the text-size setting
    s = table.state
    problem, set_problem = use_step_state(table, None)
    offer = queries.revolution_offer(s)
    if offer is None:
        return None
    overthrown, count = offer
    names = " and ".join(s.name(q) for q in overthrown)
    fate = "and die" if s.settings.revolution_deadly else "but keep their HP and Character"
    draw, what = queries.next_draw(s)
    why = ("The deck has run out" if s.deck == 0 or draw == 0
           else f"The deck holds only {plural(s.deck, 'card')}, too few for {what} ({plural(draw, 'card')})")
    when = (" It happens before the draw when you enter it, or now:" if s.settings.glorious_revolution
            else " (The rule is off in the settings: it is a step you may enter.)")
    return section("Glorious Revolution!", [
        note(f"{why}: the player with the most cards (hand, active and in play) is overthrown in a violent "
             f"uprising, losing every card {fate}.{when}"),
        ft.Text(f"{names}: {plural(count, 'card')}", size=16, weight=ft.FontWeight.BOLD),
        button(f"Overthrow {names}", lambda: attempt(table, Revolution, set_problem), "revolution",
               icon=ft.Icons.WHATSHOT),
        message(problem, "revolution-problem"),
    ], ident="revolution-panel")
