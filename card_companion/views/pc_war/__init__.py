"""Non-Violent, Politically-Correct War at the table, speed first: both players' hand and
pile counts, large, side by side (player 0 on the left, as the cards lie); each flip with
one tap ("Ann's card is higher", "Tie", "Bea's card is higher") or as the two cards; the
result and its explanation under the buttons; a tie walked through step by step (swap
hands, three face down and one face up, who takes everything); the game's numbers. On the
new-game screen: the deal and a look at the odds (10,000 simulated games).

No rules here: every number and sentence comes from the tracker (companion/pc_war/).

- ``table``: the layout of the phase, the numbers line
- ``players``: both players' counts, the war cards laid, the cards on the table
- ``entry``: a flip or the war's face-up cards, by one tap or as two cards
- ``war``: a tie's trade and war; ``results``: the last result, the final numbers
- ``between_flips``: stop, recount
- ``new_game``: the deal and the odds, on the new-game screen
"""

from __future__ import annotations

from collections.abc import Callable

from card_companion.views.game_views import GameViews


def _table() -> Callable:
    from card_companion.views.pc_war.table import PCWarTable

    return PCWarTable


def _setup_extra() -> Callable:
    from card_companion.views.pc_war.new_game import PCWarSetupExtra

    return PCWarSetupExtra


def _calculator() -> Callable:
    from card_companion.views.pc_war.calculator import PCWarCalculator

    return PCWarCalculator


VIEWS = GameViews(table=_table, setup_extra=_setup_extra, calculator=_calculator, calculator_seats_are_players=True)
"""the game's components, each imported when first drawn (this package's ``__init__`` imports
none of them: a calculator's screen loads the calculator alone)"""
