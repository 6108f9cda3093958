"""A Healer's fee: the Hero pays cards worth the fee to be healed, activates cards, or
abandons the Healer."""

from __future__ import annotations

import flet as ft

from card_companion.companion.cardpeegee import Activate, PayFee
from card_companion.companion.cardpeegee.choices import legal_actions, who
from card_companion.views.cardpeegee.encounter import EncounterPanel, Mode, Send, activate_mode
from card_companion.views.cardpeegee.play_form import PlayForm
from card_companion.views.cardpeegee.shared import lines_text
from card_companion.views.hooks import sized, use_text_scale


@ft.component
def FeePanel(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s = table.state
    enc = s.encounter
    p = s.turn

    def pay(q: int, send: Send, after: list[ft.Control | None]) -> list[ft.Control]:
        return [PlayForm(table, p, "fee", "Pay the Healer",
                         lambda cs, fa, cv: PayFee(cards=cs, from_active=fa, convert=cv),
                         hint=f"Play cards of any suit worth at least {enc.fee} in all (active Aces and the "
                              "element add their bonuses).", keyboard=table.keyboard, after=after, key="fee-play")]

    modes = [Mode("fee", "Pay the fee", pay, step=PayFee)]
    if p in who(legal_actions(s), Activate):
        modes.append(activate_mode(table, [p]))
    head = [*lines_text(enc.working),
            ft.Text(f"Fee: {enc.fee} · heals {enc.heal} HP", size=sized(18), weight=ft.FontWeight.BOLD)]
    return EncounterPanel(table, "fee", f"{s.name(p)} and the Healer {enc.agitator.symbol}", head, modes,
                          abandon="Abandon the Healer", key="encounter")
