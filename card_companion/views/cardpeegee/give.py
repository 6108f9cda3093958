"""Gifts and bribes: cards from one player's hand or active display to another."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.words import plural
from card_companion.companion.cardpeegee import GiveCards
from card_companion.views.cardpeegee.shared import attempt, click, note
from card_companion.views.hooks import FletKey, use_text_scale
from card_companion.views.live_table import use_step_state
from card_companion.views.widgets import button, card_face, choice_row, message


@ft.component
def GiveForm(table, key: FletKey = None) -> ft.Control | None:
    use_text_scale()  # sizes below follow the text-size setting
    s = table.state
    alive = [q for q, h in enumerate(s.heroes) if h.alive and h.ready]
    givers = [q for q in alive if s.heroes[q].held and table.enters_for(q)]  # a gift is its giver's choice
    giver, set_giver = use_step_state(table, givers[0] if givers else None)
    receiver, set_receiver = use_step_state(table, None)
    count, set_count = use_step_state(table, 0)
    chosen, set_chosen = use_step_state(table, list)  # positions of active cards given
    problem, set_problem = use_step_state(table, None)
    if not givers or len(alive) < 2:  # nobody can give now: the panel closes the form at once
        return None
    if giver not in givers:
        giver = givers[0]
    others = [q for q in alive if q != giver]
    if receiver not in others:
        receiver = others[0]
    hero = s.heroes[giver]
    count = min(count, hero.hand)
    chosen = [i for i in chosen if i < len(hero.active)]

    def choose_giver(q: int) -> None:
        set_giver(q)
        set_count(0)
        set_chosen([])

    def toggle(i: int) -> None:
        set_chosen([x for x in chosen if x != i] if i in chosen else [*chosen, i])

    return ft.Column([c for c in [
        note("From:", weight=ft.FontWeight.BOLD),
        choice_row([(q, s.name(q)) for q in givers], giver, choose_giver, "give-from"),
        note("To:", weight=ft.FontWeight.BOLD),
        choice_row([(q, s.name(q)) for q in others], receiver, set_receiver, "give-to"),
        ft.Row([
            button("−", (lambda: set_count(count - 1)) if count > 0 else None, "give-less", primary=False),
            ft.Text(f"{plural(count, 'card')} from the hand (of {hero.hand})", size=16),
            button("+", (lambda: set_count(count + 1)) if count < hero.hand else None, "give-more", primary=False),
        ], spacing=8, wrap=True),
        ft.Row([card_face(c, ident=f"give-active-{i}", width=44, selected=i in chosen,
                          caption="given" if i in chosen else "active", on_click=click(toggle, i))
                for i, c in enumerate(hero.active)], wrap=True, spacing=6) if hero.active else None,
        button("Give", lambda: attempt(table, lambda: GiveCards(
            giver=giver, receiver=receiver, cards=count, active=tuple(hero.active[i] for i in chosen)), set_problem),
            "give-submit", icon=ft.Icons.CARD_GIFTCARD, primary=False, tonal=True),  # beside the stage's own step
        message(problem, "give-problem"),
    ] if c is not None], spacing=8, tight=True)
