"""How a finished game ranks its players: each player's final figure in that game's own terms
and their place, with ties, taken from the game's own outcome (one per game, each
checked against its rule text in tests/records/test_standings.py): each game's ``Game.standing``, its
final figure the registry's ``Listing.figure``.

A record of a finished game (``companion/records/game_records.py``) is what the players would write down;
this module is the part of it that needs the rules:

    >>> figure_of("fight").unit, figure_of("pc-war").higher_is_better
    ('rounds won', False)

A game stopped early (Peace and Love's and PC War's Stop) is scored by the app at its stop
(their rulings: as it stands; the fewest cards): it has the standing it was scored with,
marked stopped early (``Finished.stopped_early``). A game the players stopped without
counting it (abandoned: the state's ``counted`` is False) has no standing and counts for
nothing (``standing`` gives None, as it does for a game still being played).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from card_companion.companion.game import Figure, Game, Outcome, Standing
from card_companion.companion.registry import GAMES


def figure_of(game_id: str) -> Figure | None:
    """What the game's final figure counts; None for a game this app does not know (a record
    from a newer app). Known without loading the game (the records screens load none)."""
    listed = GAMES.listing(game_id)
    return listed.figure if listed is not None else None


def unit_of(game_id: str) -> str:
    """What the game's final figure counts ("points", "HP"); nothing for a game this app does
    not know (a record from a newer app)."""
    figure = figure_of(game_id)
    return figure.unit if figure is not None else ""


def lower_wins(game_id: str) -> bool:
    """Whether fewer is better in the game's final figure (PC War's cards left)."""
    figure = figure_of(game_id)
    return figure is not None and not figure.higher_is_better


@dataclass(frozen=True)
class Finished:
    """A finished game's outcome and standing."""

    outcome: Outcome
    standing: Standing
    stopped_early: bool = False
    """the players stopped it before its rules end it, and the app scored it at its stop"""


def standing(game: Game, state: Any) -> Finished | None:
    """The finished game's outcome and standing; None while it goes on, and for a game the
    players stopped without counting (abandoned: it counts for nothing). A game stopped early
    and scored at its stop is ranked as it was scored."""
    outcome = game.outcome(state)
    if outcome is None or not getattr(state, "counted", True):
        return None
    return Finished(outcome, game.standing(state, outcome), bool(getattr(state, "stopped", False)))
