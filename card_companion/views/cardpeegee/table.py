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
from card_companion.views.hooks import use_kept
from card_companion.views.kept_panels import Kept, kept, use_held_tables
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
    """What decides which panels the table shows: the stage, how many Heroes, whose turn."""
    s: CardPeeGeeState = session.state
    return queries.stage(s), len(s.heroes), s.turn


def _revolution(session) -> bool:
    """Whether the Glorious Revolution is offered."""
    return queries.revolution_offer(session.state) is not None


@ft.component
def CardPeeGeeTable(table: Table[CardPeeGee, CardPeeGeeState]) -> ft.Control:
    """The layout of the stage; each panel selects what it shows from the table, so a step
    draws again only the panels whose data changed (the panel of what the players enter now
    is drawn again at each step of its stage). At the game's end the layout stays the one the
    game ended in (``held_table``): the panel of the last stage, and what players may do at
    any time, stay mounted, hidden (``WhilePlaying``), holding the session they last showed, so
    that an undo of the end shows them again with what differs, where they were made anew,
    and a redo hides them again, drawing nothing else (issue 36)."""
    held = use_held_tables(table, _before_the_end, ("play",))["play"]
    stage, heroes, turn = use_table(held, _layout)  # (at the end: the stage the game ended in)
    revolution = use_table(table, _revolution)
    panels = [HeroPanel(table, q, table.text_scale) for q in range(heroes)]
    component = NOW_PANELS.get(stage)
    wait = waiting(table, turn) if stage in HEROS_OWN else None
    now = None if wait or not component else Follows(held, component, at_stage, stage, key=f"now-{stage}")
    parts: list[ft.Control | None] = [
        Show(table, StatusBar, _status),
        Follows(table, RevolutionPanel, _whole, key="revolution") if revolution else None,
        WhilePlaying(table, wait) if wait else None,
        # what the players enter now, in the entry's box with the table's card keyboard (views/keyboard.py)
        WhilePlaying(table, entry_box(now, Keyboard(table, key="keyboard"))),
        Kept(table, Working, _working),
        *panels,
        WhilePlaying(table, Follows(held, AnyTimePanel, any_time_options, key="any-time"))
        if stage != "heroes" else None,
    ]
    return ft.Column(seated(table, parts, dict(enumerate(panels))), spacing=10,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _before_the_end(session, _: str) -> bool:
    """Whether the parts kept at the game's end follow the steps: while the game goes on."""
    return queries.stage(session.state) != "over"


@ft.component
def WhilePlaying(table: Table[CardPeeGee, CardPeeGeeState], content: ft.Control) -> ft.Control:
    """``content``, hidden, still mounted, once the game is over (not memoized: its content is
    made anew at each drawing of the table, which draws it only at a change of layout)."""
    return kept(content, use_table(table, _before_the_end, "play"))


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
    """Who is the Hero and what the table does, the deck, the last step: a line a step did not
    change is handed back as it was drawn (``use_kept``)."""
    part = use_kept()
    return tagged("status", ft.Column(present(
        part(_status_line, who, "who", key="who"),
        part(_status_line, " · ".join(bits), "bits", key="bits"),
        ft.Text(last, size=14, italic=True) if last else None,
    ), spacing=2, tight=True), label=f"{who}. {', '.join(bits)}." + (f" {last}" if last else ""))


def _status_line(text: str, kind: str, key: str) -> ft.Control:
    del key  # (``use_kept``'s)
    return ft.Text(text, size=16, weight=ft.FontWeight.BOLD) if kind == "who" else ft.Text(text, size=14)


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
