"""The start of a turn: the encounter drawn (and an Elemental beast's card), or PvP; after a
Trap, a second encounter or back to town."""

from __future__ import annotations

import functools
from collections.abc import Callable

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.calculators.words import plural, symbols
from card_companion.companion.cardpeegee import (
    AttackPlayer,
    CardPeeGee,
    CardPeeGeeState,
    DrawEncounter,
    GoToTown,
    queries,
)
from card_companion.companion.cardpeegee.choices import legal_actions
from card_companion.companion.cardpeegee.encounters import props_to_draw
from card_companion.views.card_picker import CardSlots
from card_companion.views.cardpeegee.shared import GAME_NAME, SMALL, attempt, click, note
from card_companion.views.hooks import use_text_scale
from card_companion.views.live_table import Table, use_step_state
from card_companion.views.widgets import button, message, section, tagged


@ft.component
def DrawPanel(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    p = s.turn
    name = s.name(p)
    second = s.phase == "after-trap"
    pending, set_pending = use_step_state(table, None)  # (agitator, props) waiting for the Elemental beast's card
    agitator, set_agitator = use_step_state(table, None)  # the agitator entered so far (to say what it starts)
    problem, set_problem = use_step_state(table, None)
    draw = props_to_draw(s)  # after the Glorious Revolution, if one comes first
    count = draw.count
    deck = game.deck(s.setup)
    known = game.known_cards(s)

    def drawn(cs: list[Card]) -> None:
        agitator, props = cs[0], tuple(cs[1:])
        if queries.needs_beast(s, agitator):
            set_problem(None)
            set_pending((agitator, props))
            return
        attempt(table, lambda: DrawEncounter(agitator=agitator, props=props), set_problem)

    def beast(cs: list[Card]) -> None:
        agitator, props = pending
        attempt(table, lambda: DrawEncounter(agitator=agitator, props=props, beast=cs[0]), set_problem)

    parts: list[ft.Control | None] = after_trap(table, name, set_problem) if second else []
    tail = [*pvp(table, set_problem), message(problem, "draw-problem")]  # under the entry's submit
    if pending is None:
        parts += [
            note(f"Draw the agitator, then {plural(count, 'prop')}. The agitator's suit decides: ♣ a Monster, "
                 f"♦ a treasure chest, ♥ a Healer, ♠ a Trap"
                 + (" (a Jack, Queen or King: a Boss Battle)." if s.settings.boss_battles else ".")),
            note(f"Props: {draw.why}" + (f"; the deck holds only {draw.deck} cards" if draw.short else ""),
                 size=SMALL, italic=True) if draw.short or draw.levelled_up else None,
            CardSlots(deck, ["Agitator"] + [f"Prop {i + 1}" for i in range(count)], drawn, known=known,
                      submit="Enter the encounter", ident="draw", game_name=GAME_NAME, key=f"draw-{count}",
                      fresh=len(table.session.actions), keyboard=table.keyboard,
                      on_change=lambda values: set_agitator(values[0]),
                      extra=encounter_kind(table, agitator), after=tail),
        ]
    else:
        agitator, props = pending
        parts += [
            note(f"{agitator.symbol} {symbols(props)}: a Monster. Elemental beasts: draw one more card; its suit "
                 "is the Monster's element."),
            CardSlots(deck, ["Beast card"], beast, known=[*known, agitator, *props], submit="Enter the beast card",
                      ident="beast", game_name=GAME_NAME, key="beast",
                      fresh=len(table.session.actions), keyboard=table.keyboard, reach="beast",
                      after=[button("Back", lambda: set_pending(None), "beast-back", primary=False), *tail]),
        ]
    title = f"{name}'s second encounter" if second else f"{name}'s turn: draw the encounter"
    return section(title, parts, ident="draw-panel", framed=False)


def after_trap(table: Table[CardPeeGee, CardPeeGeeState], name: str, set_problem: Callable[[str | None],
               None]) -> list[ft.Control | None]:
    """A player who survived a Trap draws a second encounter or limps back to town."""
    return [
        note(f"{name} survived the Trap: pick yourself up and draw a second encounter, or limp back to town."),
        button("Limp back to town", lambda: attempt(table, GoToTown, set_problem), "town",
               icon=ft.Icons.HOME, primary=False),
    ]


def encounter_kind(table: Table[CardPeeGee, CardPeeGeeState], agitator: Card | None) -> ft.Control | None:
    """What the agitator entered starts (and whether a beast's card follows)."""
    if not agitator:
        return None
    s = table.state
    return tagged("draw-kind", note(f"{agitator.symbol}: {queries.encounter_name(s, agitator)}"
                                    + (" (and one more card for the beast's element)"
                                       if queries.needs_beast(s, agitator) else ""),
                                    weight=ft.FontWeight.BOLD))


def pvp(table: Table[CardPeeGee, CardPeeGeeState], set_problem: Callable[[str | None],
        None]) -> list[ft.Control | None]:
    """Instead of an encounter, an attack on another player (where the rules allow one)."""
    s = table.state
    targets = [a.defender for a in legal_actions(s).of_kind(AttackPlayer) or ()]
    if not targets:
        return []
    return [
        ft.Divider(),
        note("PvP: instead of an encounter, attack another player."),
        ft.Row([button(f"Attack {s.name(q)}", click(attempt, table, functools.partial(AttackPlayer, defender=q),
                                                      set_problem),
                       f"attack-{q}", primary=False, icon=ft.Icons.SPORTS_MMA) for q in targets],
               wrap=True, spacing=6, run_spacing=6),
    ]
