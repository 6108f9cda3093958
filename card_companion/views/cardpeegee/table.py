"""CardPeeGee's table: the status line, the panel of what the players enter now (one
component per ``stage`` of the tracker), the working of the last step, every Hero's panel,
then what players may do at any time."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.words import plural
from card_companion.companion.cardpeegee import CardPeeGee, CardPeeGeeState, queries
from card_companion.views.card_picker import Keyboard, entry_box
from card_companion.views.cardpeegee.any_time import AnyTimePanel, any_time_options
from card_companion.views.cardpeegee.battle import BattlePanel
from card_companion.views.cardpeegee.chest import ChestPanel
from card_companion.views.cardpeegee.draw import DrawPanel
from card_companion.views.cardpeegee.fee import FeePanel
from card_companion.views.cardpeegee.hero_entry import HeroEntry
from card_companion.views.cardpeegee.heroes import HeroPanel
from card_companion.views.cardpeegee.loot import LootPanel
from card_companion.views.cardpeegee.revolution import RevolutionPanel
from card_companion.views.cardpeegee.shared import Follows, at_stage, present
from card_companion.views.cardpeegee.town import TownPanel
from card_companion.views.cardpeegee.trap import TrapPanel
from card_companion.views.live_table import Show, Table, use_table
from card_companion.views.seating import seated, waiting
from card_companion.views.widgets import explanation, tagged

STAGE_WORDS = {
    "heroes": "setting up the Heroes", "opening": "the opening round", "turn": "drawing an encounter",
    "battle": "a fight", "divide-loot": "dividing the loot", "disarm": "a treasure chest",
    "fee": "a Healer's fee", "evade": "a Trap", "crafty": "a Trap", "after-trap": "after a Trap",
    "town": "in town", "over": "game over",
}

NOW_PANELS = {
    "heroes": HeroEntry, "opening": TownPanel, "town": TownPanel, "turn": DrawPanel,
    "after-trap": DrawPanel, "battle": BattlePanel, "divide-loot": LootPanel, "disarm": ChestPanel,
    "fee": FeePanel, "evade": TrapPanel, "crafty": TrapPanel,
}
"""the tracker's stage → the component where the players enter what happens now"""
HEROS_OWN = frozenset({"opening", "town", "turn", "after-trap", "disarm", "fee", "crafty"})
"""the stages whose every step is the Hero's own choice (actions.py: ``TURN``): on another
player's phone, their panel is the line that says who enters it"""


def _layout(session) -> tuple:
    """What decides which panels the table shows: the stage, how many Heroes, the Glorious
    Revolution offered, whether the last step has a working to show."""
    s: CardPeeGeeState = session.state
    said = session.said[-1] if session.actions else None
    return (queries.stage(s), len(s.heroes), queries.revolution_offer(s) is not None, bool(said and said.working),
            s.turn)


@ft.component
def CardPeeGeeTable(table: Table[CardPeeGee, CardPeeGeeState]) -> ft.Control:
    """The layout of the stage; each panel selects what it shows from the table, so a step
    draws again only the panels whose data changed (the panel of what the players enter now
    is drawn again at each step of its stage)."""
    stage, heroes, revolution, working, turn = use_table(table, _layout)
    panels = [HeroPanel(table, q, table.text_scale) for q in range(heroes)]
    component = NOW_PANELS.get(stage)
    wait = waiting(table, turn) if stage in HEROS_OWN else None
    parts: list[ft.Control | None] = [
        Show(table, StatusBar, _status),
        Follows(table, RevolutionPanel, _whole, key="revolution") if revolution else None,
        wait,
        # what the players enter now, in the entry's box with the table's card keyboard (views/keyboard.py)
        entry_box(None if wait or not component else Follows(table, component, at_stage, stage, key=f"now-{stage}"),
                  Keyboard(table, key="keyboard")),
        Show(table, Working, _working) if working else None,
        *panels,
        Follows(table, AnyTimePanel, any_time_options, key="any-time") if stage not in ("heroes", "over") else None,
    ]
    return ft.Column(seated(table, parts, dict(enumerate(panels))), spacing=10,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _whole(session):
    """The whole session: the panel is drawn again at every step while it is there."""
    return session


def _status(session) -> tuple:
    """The status line: who is the Hero and what the table is doing, the deck, the last step."""
    s: CardPeeGeeState = session.state
    stage = queries.stage(s)
    hero = queries.hero(s)
    bits = [f"Deck: {s.deck} cards", plural(s.packs, "pack")]
    if stage != "heroes":
        bits.append(f"turn {s.laps + 1}")  # a fight's rounds are its own: "fight round 2"
    words = STAGE_WORDS.get(stage, stage)
    who = f"{s.name(hero)} is the Hero · {words}" if hero is not None else words[:1].upper() + words[1:]
    last = f"Last step: {session.said[-1].line}" if session.actions else None
    return who, tuple(bits), last


@ft.memo
@ft.component
def StatusBar(who: str, bits: tuple[str, ...], last: str | None) -> ft.Control:
    return tagged("status", ft.Column(present(
        ft.Text(who, size=16, weight=ft.FontWeight.BOLD),
        ft.Text(" · ".join(bits), size=14),
        ft.Text(last, size=14, italic=True) if last else None,
    ), spacing=2, tight=True), label=f"{who}. {', '.join(bits)}." + (f" {last}" if last else ""))


def _working(session) -> tuple | None:
    """The working of the last step, under its line."""
    said = session.said[-1] if session.actions else None
    if not (said and said.working):
        return None
    return said.line, tuple(said.working)


@ft.memo
@ft.component
def Working(line: str, working: tuple[str, ...]) -> ft.Control:
    return explanation(working, ident="working", title=line)
