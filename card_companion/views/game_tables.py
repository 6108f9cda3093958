"""Which components draw each game: its table, and what it adds to the new-game screen
(the views' side of the game registry)."""

from __future__ import annotations

from collections.abc import Callable

from card_companion.views.card_stratego import CardStrategoTable
from card_companion.views.cardpeegee import CardPeeGeeTable
from card_companion.views.fight import FightTable
from card_companion.views.pc_war import PCWarSetupExtra, PCWarTable
from card_companion.views.peace_and_love import PeaceAndLoveTable, deal_summary

TABLES: dict[str, Callable] = {
    "peace-and-love": PeaceAndLoveTable,
    "fight": FightTable,
    "card-stratego": CardStrategoTable,
    "pc-war": PCWarTable,
    "cardpeegee": CardPeeGeeTable,
}

SETUP_EXTRAS: dict[str, Callable] = {
    "peace-and-love": deal_summary,
    "pc-war": PCWarSetupExtra,
}
"""game id → a component shown under the settings of the new-game screen; it gets
(game, players: list[str], settings: dict) and must not start the game itself"""


def table_component(game_id: str) -> Callable:
    return TABLES[game_id]


def setup_extra(game_id: str) -> Callable | None:
    return SETUP_EXTRAS.get(game_id)
