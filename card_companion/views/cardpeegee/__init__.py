"""CardPeeGee's table: one panel for what the players enter now (organised by the tracker's
``stage``), the working of the last step right under it, then every Hero's panel (HP with its
chart, element, Character and active cards, hand size, alive or dead), then what players may
do at any time (gifts and bribes, claiming a win).

Every number comes from the tracker (companion/cardpeegee.py); the forms only collect the
cards the players reveal. A form shows the tracker's refusal next to it before anything is
saved, and cards being played are previewed with the tracker's working before they count.

One component per module: ``table`` (the screen), ``heroes`` (the Heroes' panels),
``hero_entry``, ``draw``, ``encounter`` (the frame every encounter's panel shares: ``battle``,
``chest``, ``fee``, ``trap``), ``round_entry``, ``loot``, ``town``, ``play_form`` (cards played,
activated or shown), ``revolution``, ``any_time`` with ``give`` and ``claim``; ``shared`` holds
what they all use; ``calculator`` is the game's calculator (``/calc/cardpeegee``).
"""

from __future__ import annotations

from collections.abc import Callable

from card_companion.views.game_views import GameViews


def _table() -> Callable:
    from card_companion.views.cardpeegee.table import CardPeeGeeTable

    return CardPeeGeeTable


def _calculator() -> Callable:
    from card_companion.views.cardpeegee.calculator import CardPeeGeeCalculator

    return CardPeeGeeCalculator


VIEWS = GameViews(table=_table, calculator=_calculator)
"""the game's components, each imported when first drawn (this package's ``__init__`` imports
none of them: a calculator's screen loads the calculator alone)"""
