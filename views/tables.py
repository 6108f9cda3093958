"""Which component draws each game's table (the views' side of the game registry)."""

from __future__ import annotations

from collections.abc import Callable

from views.peace_and_love import PeaceAndLoveTable

TABLES: dict[str, Callable] = {
    "peace-and-love": PeaceAndLoveTable,
}


def table_component(game_id: str) -> Callable:
    return TABLES[game_id]
