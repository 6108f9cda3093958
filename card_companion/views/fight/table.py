"""FIGHT!'s table: the layout of the phase (which panels are there) and the moves' legend
under it."""

from __future__ import annotations

import flet as ft

from card_companion.calculators.fight import BEATS, MOVES, Cycle, cycle_text
from card_companion.companion.fight import FightGame, FightState, checks, queries
from card_companion.views.card_picker import Keyboard, entry_box
from card_companion.views.fight.kept import use_kept
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
from card_companion.views.live_table import Show, Table, use_table
from card_companion.views.seating import seated
from card_companion.views.widgets import tagged


def _layout(session) -> tuple:
    """Which panels the table shows: the phase, a round just ended (its result stays until
    the next round's row is entered, or the match is over) and whether its last turn is
    said, a turn played this round, rounds finished."""
    s: FightState = session.state
    ended = bool(s.rounds) and (s.phase == "over" or checks.opening(s))
    last = s.last_turn
    ended_turn = ended and last is not None and last.round == s.rounds[-1].number
    return s.phase, ended, ended_turn, queries.turn_result(s) is not None, bool(s.rounds)


@ft.component
def FightTable(table: Table[FightGame, FightState]) -> ft.Control:
    phase, ended, ended_turn, turn, rounds = use_table(table, _layout)
    part = use_kept()
    scale = table.text_scale
    parts: list[ft.Control] = [part(ScoreBoard, table, scale, key="score")]
    if ended:
        parts.append(part(Show, table, Explanation, round_result_of, key="round-result"))
        if ended_turn:
            parts.append(part(Show, table, Explanation, round_last_turn_of, key="round-last-turn"))
    if turn and phase not in ("fight", "over"):  # at the end the round's result shows it
        parts.append(part(Show, table, TurnResult, turn_result_of, scale, key="turn-result"))
    if phase != "over":  # (at the match's end the table frame offers a new game with the same players)
        # the step's panel in the entry's box, with the table's card keyboard (views/keyboard.py)
        parts.append(entry_box(part(StepPanel, table, scale, key="step"), part(Keyboard, table, key="keyboard")))
    if ended and phase != "over":  # at the end the players' places show the final piles
        parts.append(part(Show, table, RoundPiles, round_piles_of, scale, key="round-piles"))
    if turn and phase == "fight":
        parts.append(part(Show, table, LastTurn, last_turn_of, key="last-turn"))
    if phase not in ("pick", "row", "over"):  # the row is part of the entry in those steps
        parts.append(part(Show, table, TableSection, table_section_of, scale, key="table"))
    places = {i: part(PlayerPlace, table, i, scale, key=f"player-{i}") for i in range(2)}
    parts += places.values()
    if rounds:
        parts.append(part(Show, table, RoundsPanel, rounds_of, key="rounds"))
    parts.append(part(Show, table, MovesLegend, _cycle, key="moves"))
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
