"""What a game brings to the screens (the views' side of its listing): its table, what it adds
to the new-game screen and its calculator, each a loader.

A game's ``views/<game>/__init__.py`` holds its ``VIEWS`` and nothing heavier, and the
registry's listing loads it (card_companion/games.py): the home screen imports no game's views,
a calculator's screen imports its calculator and not the game's table or tracker, and a table
imports its own game's components only. Each loader is a plain function with the import
inside (mypy and import-linter see it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from card_companion.companion.registry import GAMES


@dataclass(frozen=True)
class GameViews:
    """One game's components, each imported when first drawn."""

    table: Callable[[], Callable]
    """the table component: it gets a ``LiveTable`` (views/live_table.py)"""
    setup_extra: Callable[[], Callable] | None = None
    """a component shown under the settings of the new-game screen; it gets
    (game, players: list[str], settings: dict) and must not start the game itself"""
    calculator: Callable[[], Callable] | None = None
    """the calculator component (``/calc/<game>``)"""
    calculator_seats_are_players: bool = False
    """the calculator's two seats are the table's two players (FIGHT!, PC War: an open table's
    names replace Player 1 and 2); elsewhere its seats are roles (the attacker, a fighter)"""


def views_of(game_id: str) -> GameViews | None:
    """The game's components; None for a game this app does not know or one without screens."""
    listed = GAMES.listing(game_id)
    if listed is None or listed.views is None:
        return None
    views: GameViews = listed.views()
    return views


def table_component(game_id: str) -> Callable:
    """The game's table component (KeyError: no such game, or one without a table)."""
    views = views_of(game_id)
    if views is None:
        raise KeyError(f"no table for the game {game_id!r}")
    return views.table()


def setup_extra(game_id: str) -> Callable | None:
    views = views_of(game_id)
    return views.setup_extra() if views is not None and views.setup_extra is not None else None


def calculator_component(game_id: str) -> Callable | None:
    """The game's calculator component, imported on first use; None if it has none."""
    views = views_of(game_id)
    return views.calculator() if views is not None and views.calculator is not None else None


def calculator_seats_are_players(game_id: str) -> bool:
    views = views_of(game_id)
    return views is not None and views.calculator_seats_are_players
