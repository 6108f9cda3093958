"""Which components draw each game: its table, and what it adds to the new-game screen
(the views' side of the game registry).

A game's views are imported when its table or its new-game screen is first drawn, not with
the app: in the phone app the first screen would otherwise wait for every game's views and
rules. Each game's loader is a plain function with the import inside (mypy and
import-linter see it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple


class GameViews(NamedTuple):
    """One game's components."""

    table: Callable
    """the table component: it gets a ``Table`` (views/live_table.py)"""
    setup_extra: Callable | None = None
    """a component shown under the settings of the new-game screen; it gets
    (game, players: list[str], settings: dict) and must not start the game itself"""


def _peace_and_love() -> GameViews:
    from card_companion.views.peace_and_love import PeaceAndLoveTable, deal_summary

    return GameViews(PeaceAndLoveTable, deal_summary)


def _fight() -> GameViews:
    from card_companion.views.fight import FightTable

    return GameViews(FightTable)


def _card_stratego() -> GameViews:
    from card_companion.views.card_stratego import CardStrategoTable

    return GameViews(CardStrategoTable)


def _pc_war() -> GameViews:
    from card_companion.views.pc_war import PCWarSetupExtra, PCWarTable

    return GameViews(PCWarTable, PCWarSetupExtra)


def _cardpeegee() -> GameViews:
    from card_companion.views.cardpeegee import CardPeeGeeTable

    return GameViews(CardPeeGeeTable)


GAME_VIEWS: dict[str, Callable[[], GameViews]] = {
    "peace-and-love": _peace_and_love,
    "fight": _fight,
    "card-stratego": _card_stratego,
    "pc-war": _pc_war,
    "cardpeegee": _cardpeegee,
}
"""game id → the loader of its components"""


def table_component(game_id: str) -> Callable:
    return GAME_VIEWS[game_id]().table


def setup_extra(game_id: str) -> Callable | None:
    load = GAME_VIEWS.get(game_id)
    return load().setup_extra if load is not None else None
