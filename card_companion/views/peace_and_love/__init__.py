"""Peace and Love's table: every player's fighters (tapped ones sideways), victory piles,
the deck count, whose turn it is, and the entry for each step of the game.

``PeaceAndLoveTable`` draws the layout of the phase (which panels are there); each panel
selects what it shows from the table (``Show`` / ``use_table``: a plain function of the
session), so a step draws again only the panels whose data changed. What a player has half
chosen (the mode, the fighters tapped, a refusal) starts again at each step
(``use_step_state``); the handlers keep their identity (``use_stable``); the card entries
stay from step to step and only start again empty (``CardSlots(fresh=...)``).

- ``table``: the layout, the step's area, the last round
- ``players``: the players' panels and the score strip
- ``deal``: the deal, who goes first, the decks on the new-game screen
- ``turn``: fight, retire or refresh; stop
- ``fight``: a fight's rounds, a new fighter, a player's own hand
"""

from __future__ import annotations

from collections.abc import Callable

from card_companion.views.game_views import GameViews


def _table() -> Callable:
    from card_companion.views.peace_and_love.table import PeaceAndLoveTable

    return PeaceAndLoveTable


def _setup_extra() -> Callable:
    from card_companion.views.peace_and_love.deal import deal_summary

    return deal_summary


def _calculator() -> Callable:
    from card_companion.views.peace_and_love.calculator import PeaceAndLoveCalculator

    return PeaceAndLoveCalculator


VIEWS = GameViews(table=_table, setup_extra=_setup_extra, calculator=_calculator)
"""the game's components, each imported when first drawn (this package's ``__init__`` imports
none of them: a calculator's screen loads the calculator alone)"""
