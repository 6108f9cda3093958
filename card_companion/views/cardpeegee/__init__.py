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
what they all use.
"""

from card_companion.views.cardpeegee.any_time import AnyTimePanel
from card_companion.views.cardpeegee.battle import BattlePanel
from card_companion.views.cardpeegee.chest import ChestPanel
from card_companion.views.cardpeegee.claim import ClaimForm
from card_companion.views.cardpeegee.draw import DrawPanel
from card_companion.views.cardpeegee.encounter import EncounterPanel, Mode
from card_companion.views.cardpeegee.fee import FeePanel
from card_companion.views.cardpeegee.give import GiveForm
from card_companion.views.cardpeegee.hero_entry import HeroEntry
from card_companion.views.cardpeegee.loot import LootPanel
from card_companion.views.cardpeegee.play_form import PlayForm, activate_form
from card_companion.views.cardpeegee.revolution import RevolutionPanel
from card_companion.views.cardpeegee.round_entry import RoundEntry
from card_companion.views.cardpeegee.table import CardPeeGeeTable
from card_companion.views.cardpeegee.town import TownPanel
from card_companion.views.cardpeegee.trap import TrapPanel

__all__ = [
    "AnyTimePanel", "BattlePanel", "CardPeeGeeTable", "ChestPanel", "ClaimForm", "DrawPanel", "EncounterPanel",
    "FeePanel", "GiveForm", "HeroEntry", "LootPanel", "Mode", "PlayForm", "RevolutionPanel", "RoundEntry",
    "TownPanel", "TrapPanel", "activate_form",
]
