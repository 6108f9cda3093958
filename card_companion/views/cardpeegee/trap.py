"""A Trap: the Hero's evasion (the cards drawn, or their total), then, having evaded, spades
played for a crafty evasion or the damage taken."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.words import plural
from card_companion.companion.cardpeegee import CraftyEvasion, Evade, TakeDamage
from card_companion.companion.cardpeegee.advice import cardpeegee_trap
from card_companion.companion.cardpeegee.choices import evasion_count
from card_companion.views.card_picker import CardSlots
from card_companion.views.cardpeegee.encounter import EncounterPanel, Mode, Send
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
from card_companion.views.widgets import button, choice_row


@ft.component
def TrapPanel(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s, game = table.state, table.game
    enc = s.encounter
    p = s.turn
    name = s.name(p)
    entry, set_entry = use_step_state(table, "cards")
    total, set_total = use_step_state(table, "")

    def evade(q: int, send: Send, after: list[ft.Control | None]) -> list[ft.Control | None]:
        n = evasion_count(s)  # after the Glorious Revolution the draw brings first
        parts: list[ft.Control | None] = [
            note(f"The trap is sprung without warning. {name} draws {plural(n, 'card')} (one, plus one per active "
                 "card): their total is the evasion score. Higher than the difficulty takes twice the difference "
                 "off the damage."),
            Odds(per_state(cardpeegee_trap, game, s), ident="trap-odds", key="trap-odds"),
            choice_row([("cards", "Cards"), ("total", "Total")], entry, set_entry, "evade-entry"),
        ]
        if entry == "cards":
            return parts + [CardSlots(game.deck(s.setup), [f"Evasion card {i + 1}" for i in range(n)],
                                      lambda cs: send(lambda: Evade(score=tuple(cs))), known=game.known_cards(s),
                                      submit="Evade", ident="evade", game_name=GAME_NAME, key=f"evade-{n}",
                                      fresh=len(table.session.actions), keyboard=table.keyboard, reach="evade",
                                      after=after)]
        by_total = click(send, lambda: Evade(
            score=number_or_refuse(total, "enter the evasion cards' total (a whole number)")))
        return parts + [number_field("evade-total", "Evasion total", total, set_total),
                        button("Evade", by_total, "evade-submit", icon=ft.Icons.CHECK), *after]

    def crafty(q: int, send: Send, after: list[ft.Control | None]) -> list[ft.Control]:
        pending = enc.pending
        return [
            *lines_text(pending.explanation[:-1]),
            ft.Text(f"{name} evaded: the damage is down to {pending.hp_loss}", size=16, weight=ft.FontWeight.BOLD),
            PlayForm(table, p, "crafty", "Play spades",
                     lambda cs, fa, cv: CraftyEvasion(cards=cs, from_active=fa, convert=cv),
                     hint="Crafty evasion: spades played now take their value off the damage.",
                     keyboard=table.keyboard, after=[
                         button(f"Take the damage (−{pending.hp_loss} HP)", click(send, TakeDamage), "take-damage",
                                primary=False), *after], key="crafty-play"),
        ]

    head = [*lines_text(enc.working),
            ft.Text(f"Difficulty {enc.difficulty} · damage {enc.damage}", size=sized(18), weight=ft.FontWeight.BOLD)]
    if enc.pending is None:
        title = f"{name} springs a Trap {enc.agitator.symbol}"
        mode = Mode("evade", "Evade", evade, step=Evade)
    else:
        title = f"{name} evaded the Trap {enc.agitator.symbol}"
        mode = Mode("crafty", "Crafty evasion", crafty, step=CraftyEvasion)
    return EncounterPanel(table, "trap", title, head, [mode], key="encounter")
