"""FIGHT!'s table: the layout of the phase (which panels are there) and the moves' legend
under it."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.fight import BEATS, MOVES, Cycle, cycle_text
from card_companion.companion.fight import FightGame, FightState, checks
from card_companion.views.card_picker import Keyboard, entry_box
from card_companion.views.fight.players import PlayerPlace
from card_companion.views.fight.results import (
    Explanation,
    LastTurn,
    RoundPiles,
    RoundsPanel,
    TurnResult,
    last_turn_of,
    round_last_turn_of,
    round_piles_of,
    round_result_of,
    rounds_of,
    turn_result_of,
)
from card_companion.views.fight.row import TableSection, table_section_of
from card_companion.views.fight.score import ScoreBoard
from card_companion.views.fight.step import StepPanel
from card_companion.views.hooks import use_kept
from card_companion.views.kept_panels import Kept
from card_companion.views.live_table import Show, Table, use_table
from card_companion.views.seating import seated
from card_companion.views.widgets import tagged


def _ended(s: FightState) -> bool:
    """A round just ended: its result stays until the next round's row is entered, or the
    match is over."""
    return bool(s.rounds) and (s.phase == "over" or checks.opening(s))


def _ended_round(session) -> tuple | None:
    return round_result_of(session) if _ended(session.state) else None


def _ended_round_last_turn(session) -> tuple | None:
    return round_last_turn_of(session) if _ended(session.state) else None


def _ended_round_piles(session, scale: float) -> tuple | None:
    return round_piles_of(session, scale) if _ended(session.state) else None  # (at the end: the players' places)


def _fight_last_turn(session) -> tuple | None:
    return last_turn_of(session) if session.state.phase == "fight" else None


def _over(session) -> bool:
    return session.state.phase == "over"


@ft.component
def FightTable(table: Table[FightGame, FightState]) -> ft.Control:
    """Every part of the table at every step, each one shown or hidden by what it selects
    (``Kept``): a step that changes the phase (a turn's result, then the next turn's fight)
    draws the table's column again only when the match ends or an undo takes the end back."""
    over = use_table(table, _over)
    part = use_kept()
    scale = table.text_scale
    places = {i: part(PlayerPlace, table, i, scale, key=f"player-{i}") for i in range(2)}
    parts: list[ft.Control | None] = [
        part(ScoreBoard, table, scale, key="score"),
        part(Kept, table, Explanation, _ended_round, key="round-result"),
        part(Kept, table, Explanation, _ended_round_last_turn, key="round-last-turn"),
        # (in a fight and at the end the round's result shows it)
        part(Kept, table, TurnResult, turn_result_of, scale, key="turn-result"),
        # the step's panel in the entry's box, with the table's card keyboard (views/keyboard.py);
        # at the match's end the table frame offers a new game with the same players
        None if over else entry_box(part(StepPanel, table, scale, key="step"), part(Keyboard, table, key="keyboard")),
        part(Kept, table, RoundPiles, _ended_round_piles, scale, key="round-piles"),
        part(Kept, table, LastTurn, _fight_last_turn, key="last-turn"),
        # (the row is part of the entry in a pick and a row)
        part(Kept, table, TableSection, table_section_of, scale, key="table"),
        *places.values(),
        part(Kept, table, RoundsPanel, rounds_of, key="rounds"),
        part(Show, table, MovesLegend, _cycle, key="moves"),
    ]
    return ft.Column(seated(table, parts, places), spacing=10,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _cycle(session) -> tuple[Cycle]:
    return (session.state.setup.settings.cycle,)


@ft.memo
@ft.component
def MovesLegend(cycle: Cycle) -> ft.Control:
    suit_of = {m: suit for suit, m in MOVES.items()}
    beats = " · ".join(f"{a.value} {suit_of[a].symbol} beats {b.value} {suit_of[b].symbol}"
                       for a, b in BEATS[cycle].items())
    text = (f"Moves ({cycle} cycle): {beats}. Two attacks (♠ ♣): the lower value wins its own card. "
            "Two defences (♦ ♥): both are discarded.")
    return tagged("moves", ft.Text(text, size=12, italic=True), label=f"Moves: {cycle_text(cycle)}")
