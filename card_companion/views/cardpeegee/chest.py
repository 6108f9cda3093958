"""A treasure chest: its loot and armed traps; the Hero disarms a trap (score cards, or their
values), plays spades on the chest, activates cards, or abandons it."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from card_companion.companion.cardpeegee import Activate, ChestEncounter, Disarm, PlayIntoEncounter
from card_companion.companion.cardpeegee.advice import cardpeegee_disarm
from card_companion.companion.cardpeegee.choices import legal_actions, who
from card_companion.views.card_picker import CardSlots
from card_companion.views.cardpeegee.encounter import EncounterPanel, Mode, Send, activate_mode
from card_companion.views.cardpeegee.play_form import PlayForm
from card_companion.views.cardpeegee.shared import (
    GAME_NAME,
    Odds,
    click,
    lines_text,
    note,
    number_field,
    number_or_refuse,
)
from card_companion.views.hooks import sized, use_text_scale
from card_companion.views.live_table import use_step_state
from card_companion.views.per_state import per_state
from card_companion.views.widgets import button, card_face, choice_row

BOTH_VALUES = "enter both score cards' values (whole numbers)"


@ft.component
def ChestPanel(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    enc = s.encounter
    p = s.turn
    name = s.name(p)
    target, set_target = use_step_state(table, 0)
    entry, set_entry = use_step_state(table, "cards")
    hero_value, set_hero_value = use_step_state(table, "")
    trap_value, set_trap_value = use_step_state(table, "")
    traps = enc.traps
    target = min(target, len(traps) - 1)
    trap = traps[target]

    def disarm(q: int, send: Send, after: list[ft.Control | None]) -> list[ft.Control | None]:
        parts: list[ft.Control | None] = [
            note(f"Draw one score card for {name} and one for the trap {trap.symbol}: {name}'s card is added to the "
                 f"disarm score, the trap's to the trap's value. Higher disarms it; lower triggers it."),
            Odds(per_state(cardpeegee_disarm, game, s, trap), ident="disarm-odds", key=f"disarm-odds-{target}"),
            choice_row([("cards", "Cards"), ("values", "Values")], entry, set_entry, "disarm-entry"),
        ]
        if entry == "cards":
            parts.append(CardSlots(game.deck(s.setup), [f"{name}'s score card", "The trap's score card"],
                                   lambda cs: send(lambda: Disarm(trap=trap, hero_score=cs[0], trap_score=cs[1])),
                                   known=game.known_cards(s), submit=f"Attempt {trap.symbol}", ident="disarm",
                                   game_name=GAME_NAME, key=f"disarm-{target}",
                                   fresh=len(table.session.actions), keyboard=table.keyboard, reach="disarm",
                                   after=after))
            return parts
        by_values = click(send, lambda: Disarm(trap=trap, hero_score=number_or_refuse(hero_value, BOTH_VALUES),
                                               trap_score=number_or_refuse(trap_value, BOTH_VALUES)))
        return parts + [
            ft.Row([number_field("disarm-hero-value", f"{name}'s score card", hero_value, set_hero_value),
                    number_field("disarm-trap-value", "The trap's score card", trap_value, set_trap_value)],
                   wrap=True, spacing=8),
            button(f"Attempt {trap.symbol}", by_values, "disarm-submit", icon=ft.Icons.CHECK),
            *after,
        ]

    def play(q: int, send: Send, after: list[ft.Control | None]) -> list[ft.Control]:
        return [PlayForm(table, p, "chest", f"Play for {name}",
                         lambda cs, fa, cv: PlayIntoEncounter(player=p, cards=cs, from_active=fa, convert=cv),
                         hint="Spades played here count for the whole chest: their total is the disarm score.",
                         odds=lambda then: cardpeegee_disarm(game, then, trap), keyboard=table.keyboard,
                         after=after, key="chest-play")]

    modes = [Mode("attempt", f"Disarm {trap.symbol}", disarm, step=Disarm)]
    legal = legal_actions(s)
    if p in who(legal, PlayIntoEncounter):
        modes.append(Mode("play", "Play spades", play, step=PlayIntoEncounter))
    if p in who(legal, Activate):
        modes.append(activate_mode(table, [p]))
    return EncounterPanel(table, "chest", f"{name} at a treasure chest {enc.agitator.symbol}",
                          chest_head(enc, target, set_target), modes, abandon="Abandon the chest", key="encounter")


def chest_head(enc: ChestEncounter, target: int, set_target: Callable[[int], None]) -> list[ft.Control | None]:
    """The chest: its loot, its armed traps (the one to disarm chosen by a tap), the disarm score."""
    traps = enc.traps
    return [
        note("Loot:", weight=ft.FontWeight.BOLD),
        ft.Row([card_face(c, ident=f"loot-{i}", width=44) for i, c in enumerate(enc.loot)] or
               [note("nothing", italic=True)], wrap=True, spacing=6),
        note("Armed traps (tap the one to disarm):" if len(traps) > 1 else "Armed trap:", weight=ft.FontWeight.BOLD),
        ft.Row([card_face(c, ident=f"trap-{i}", width=44, selected=i == target,
                          label=f"trap {c.symbol}" + (", chosen" if i == target else ""),
                          on_click=click(set_target, i)) for i, c in enumerate(traps)], wrap=True, spacing=6),
        ft.Text(f"Disarm score: {enc.disarm_score}", size=sized(18), weight=ft.FontWeight.BOLD),
        *lines_text(enc.disarm_working),
    ]
