"""FIGHT!'s table: the score and the Tie Breaker, the entry for the step the table plays now
(the row, a coin flip, a pick from the row, the two cards of a turn), the result of the last
turn with its explanation, both victory piles as they lie, each hand, and the rounds.

No rules here: the tracker (companion/fight/) says what comes next, what is allowed and
why; these components draw its state and dispatch its actions.

``FightTable`` (table.py) draws the layout of the phase (which panels are there); each panel
selects what it shows from the table (``Show``: a plain function of the session, then a
memoized component whose props are that data), so a step draws again only the panels whose
data changed: a pick draws the picker's hand, not the other player's panel. The step's entry
(step.py: the row, the coin, the picks, the turn's two cards) is one panel per phase; its card
entry starts again empty at a new step without a new key (``CardSlots(fresh=...)``).

- ``table``: the layout, the moves' legend
- ``score``: the score at the top
- ``step``: what the table enters now; ``coin``: the coin flip; ``row``: the deck and the row
- ``results``: the last turn, the latest round, the rounds
- ``players``: each player's hand and victory pile
- ``names``, ``kept``: the players' names, the panels kept from the last drawing
"""

from __future__ import annotations

from collections.abc import Callable

from card_companion.views.game_views import GameViews


def _table() -> Callable:
    from card_companion.views.fight.table import FightTable

    return FightTable


def _calculator() -> Callable:
    from card_companion.views.fight.calculator import FightCalculator

    return FightCalculator


VIEWS = GameViews(table=_table, calculator=_calculator, calculator_seats_are_players=True)
"""the game's components, each imported when first drawn (this package's ``__init__`` imports
none of them: a calculator's screen loads the calculator alone)"""
