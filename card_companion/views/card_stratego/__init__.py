"""Card Stratego's table: whose turn it is and the actions left, the last battle with its
rule, the two facing battlefields (face-down cards as backs, revealed ones with their
value, the places where a card may go), both armies' counts and Generals, and the entry
for each action: its targets are tapped on the battlefield, and a card is entered only when
the rules turn it face up or discard it.

The player to play sits at the bottom; the opponent's grid is drawn upside down above the
battle line, so the two front ranks meet at the line and column 1 faces column 1.

- ``table``: the layout, the choice being entered
- ``taps``: the entry tap by tap, pure functions over plain values (no Flet)
- ``options``: what the player can do now, the actions, the places in words
- ``head``: the status, the last result, the actions to choose from
- ``armies``: each army's panel; ``battlefield``: the grids and the battle line
- ``entries``: each action's entry below the battlefield
"""

from __future__ import annotations

from collections.abc import Callable

from card_companion.views.game_views import GameViews


def _table() -> Callable:
    from card_companion.views.card_stratego.table import CardStrategoTable

    return CardStrategoTable


def _calculator() -> Callable:
    from card_companion.views.card_stratego.calculator import CardStrategoCalculator

    return CardStrategoCalculator


VIEWS = GameViews(table=_table, calculator=_calculator)
"""the game's components, each imported when first drawn (this package's ``__init__`` imports
none of them: a calculator's screen loads the calculator alone)"""
