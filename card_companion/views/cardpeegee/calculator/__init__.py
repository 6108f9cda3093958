"""CardPeeGee's calculator: the sums players do by hand, one at a time: a Boss stack (the
text's example first), the value of played cards, a combat round, a Monster's or a Healer's
jailors' numbers, a Trap. Each is its own component; this one picks it and the deck."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.cardpeegee import PLAYERS_PER_PACK, deck_for
from card_companion.views.calculator.ruling import counter, switch
from card_companion.views.cardpeegee.calculator.boss import BossStackCalculator
from card_companion.views.cardpeegee.calculator.combat import CombatRoundCalculator
from card_companion.views.cardpeegee.calculator.encounter import EncounterCalculator
from card_companion.views.cardpeegee.calculator.play import PlayCalculator
from card_companion.views.cardpeegee.calculator.trap import TrapCalculator
from card_companion.views.hooks import use_text_scale
from card_companion.views.widgets import button, tagged

PARTS = {
    "boss": ("Boss stack", BossStackCalculator),
    "play": ("Cards played", PlayCalculator),
    "combat": ("Combat round", CombatRoundCalculator),
    "encounter": ("Monster or jailor", EncounterCalculator),
    "trap": ("Trap", TrapCalculator),
}


@ft.component
def CardPeeGeeCalculator() -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    part, set_part = ft.use_state("boss")
    packs, set_packs = ft.use_state(1)
    jokers, set_jokers = ft.use_state(False)
    deck = deck_for(packs * PLAYERS_PER_PACK, jokers)
    title, component = PARTS[part]
    return ft.Column([
        tagged("calc-part", ft.Row([button(label, lambda e, k=k: set_part(k), f"part-{k}", primary=False,
                                           tonal=k == part)
                                    for k, (label, _) in PARTS.items()], wrap=True, spacing=6, run_spacing=6),
               label=f"what to work out: {title}"),
        counter("Packs shuffled together (one per 4 players)", packs, 1, 4, set_packs, "packs"),
        switch("jokers", "Jokers in the deck", jokers, set_jokers, "Two a pack; a Joker does nothing."),
        component(deck, key=f"part-{part}"),
    ], spacing=12)
