"""CardPeeGee's table: the status line, the panel of what the players enter now (one
component per ``stage`` of the tracker), the working of the last step, every Hero's panel,
then what players may do at any time."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.words import plural
from card_companion.companion.cardpeegee import CardPeeGeeState
from card_companion.views.cardpeegee.any_time import AnyTimePanel
from card_companion.views.cardpeegee.battle import BattlePanel
from card_companion.views.cardpeegee.chest import ChestPanel
from card_companion.views.cardpeegee.draw import DrawPanel
from card_companion.views.cardpeegee.fee import FeePanel
from card_companion.views.cardpeegee.hero_entry import HeroEntry
from card_companion.views.cardpeegee.heroes import hero_panels
from card_companion.views.cardpeegee.loot import LootPanel
from card_companion.views.cardpeegee.revolution import RevolutionPanel
from card_companion.views.cardpeegee.shared import present
from card_companion.views.cardpeegee.town import TownPanel
from card_companion.views.cardpeegee.trap import TrapPanel
from card_companion.views.common import explanation, seated, tagged, use_text_scale

STAGE_WORDS = {
    "heroes": "setting up the Heroes", "opening": "the opening round", "turn": "drawing an encounter",
    "battle": "a fight", "divide-loot": "dividing the loot", "disarm": "a treasure chest",
    "fee": "a Healer's fee", "evade": "a Trap", "crafty": "a Trap", "after-trap": "after a Trap",
    "town": "in town", "over": "game over",
}

NOW_PANELS = {
    "heroes": HeroEntry, "opening": TownPanel, "town": TownPanel, "turn": DrawPanel,
    "after-trap": DrawPanel, "battle": BattlePanel, "divide-loot": LootPanel, "disarm": ChestPanel,
    "fee": FeePanel, "evade": TrapPanel, "crafty": TrapPanel,
}
"""the tracker's stage → the component where the players enter what happens now"""


@ft.component
def CardPeeGeeTable(table) -> ft.Control:
    use_text_scale()  # sizes below follow the text-size setting
    s: CardPeeGeeState = table.state
    game = table.game
    stage = game.stage(s)
    said = table.session.said[-1] if table.session.actions else None  # what the last step said
    parts: list[ft.Control | None] = [
        status_bar(s, game, stage, said.line if said else None),
        RevolutionPanel(table, key="revolution") if game.revolution_offer(s) else None,
        now_panel(table, stage),
        explanation(said.working, ident="working", title=said.line) if said and said.working else None,
        *(heroes := hero_panels(s, game)),
        AnyTimePanel(table, key="any-time") if stage not in ("heroes", "over") else None,
    ]
    return ft.Column(seated(table, parts, dict(enumerate(heroes))), spacing=10,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def status_bar(s: CardPeeGeeState, game, stage: str, last_step: str | None) -> ft.Control:
    hero = game.hero(s)
    bits = [f"Deck: {s.deck} cards", plural(s.packs, "pack")]
    if stage != "heroes":
        bits.append(f"round {s.laps + 1}")
    words = STAGE_WORDS.get(stage, stage)
    who = f"{s.name(hero)} is the Hero · {words}" if hero is not None else words[:1].upper() + words[1:]
    last = f"Last step: {last_step}" if last_step else None
    return tagged("status", ft.Column(present(
        ft.Text(who, size=16, weight=ft.FontWeight.BOLD),
        ft.Text(" · ".join(bits), size=14),
        ft.Text(last, size=14, italic=True) if last else None,
    ), spacing=2, tight=True), label=f"{who}. {', '.join(bits)}." + (f" {last}" if last else ""))


def now_panel(table, stage: str) -> ft.Control | None:
    """What the players enter now: one component per stage of the tracker."""
    component = NOW_PANELS.get(stage)
    return component(table, key=f"now-{stage}") if component else None
