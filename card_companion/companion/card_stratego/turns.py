"""Card Stratego's ACTIONS, the turn: the first player's first turn has one action, the
other player's two; from then on three, four or five by the columns holding the player's cards
at the start of the turn, and every action must be used. What follows every step: an action
used, the next turn, a player becoming a General, the end of the game."""

from __future__ import annotations

from typing import Any

from card_companion.calculators.card_stratego import actions_per_turn, columns_occupied
from card_companion.calculators.words import plural
from card_companion.companion.card_stratego.actions import EndTurn
from card_companion.companion.card_stratego.checks import check_consistent
from card_companion.companion.card_stratego.choices import what_remains
from card_companion.companion.card_stratego.state import CardStrategoState
from card_companion.companion.card_stratego.winning import army_destroyed
from card_companion.companion.game import Applied, IllegalAction


def end_turn(s: CardStrategoState, a: EndTurn) -> Applied:
    """The player has no legal action left: the turn ends with the remaining actions unused."""
    still = what_remains(s)
    if still:
        raise IllegalAction(f"{s.name(s.turn)} must use every action and can still {still}")
    return Applied(s, f"{s.name(s.turn)} has no legal action left: the turn ends with "
                      f"{plural(s.actions_left, 'action')} unused")


def next_turn(s: CardStrategoState) -> CardStrategoState:
    """The other player's turn, with its allotted actions."""
    p = 1 - s.turn
    n = s.turn_number + 1
    occupied = columns_occupied(s.armies[p].columns)
    k = actions_per_turn(n, occupied)
    return s.model_copy(update={"turn": p, "turn_number": n, "allotted": k, "actions_left": k,
                                "start_columns": occupied})


def after_step(before: CardStrategoState, action: Any, applied: Applied) -> Applied:
    """A step's rule, then the turn's bookkeeping (an action used, the next turn, the end of
    the game) and what it adds to the line."""
    s: CardStrategoState = applied.state
    text = applied.line
    if action.kind != "attack":
        s = s.model_copy(update={"last_battle": None})
    for p in (0, 1):
        check_consistent(s, p)
    why = army_destroyed(s)
    if why:
        s = s.model_copy(update={"phase": "over", "ended_by": why})
    elif action.kind == "end-turn":
        s = next_turn(s)
    else:
        s = s.model_copy(update={"actions_left": s.actions_left - 1})
        s = next_turn(s) if s.actions_left == 0 else s
    for p in (0, 1):
        if before.armies[p].deck > 0 and s.armies[p].deck == 0:
            text += f"; {s.name(p)}'s deck is empty: {s.name(p)} is now a General"
    if s.phase == "over":
        return Applied(s, f"{text}; the game is over: {s.ended_by}")
    if s.turn_number != before.turn_number:
        text += f"; {s.name(s.turn)}'s turn: {plural(s.allotted, 'action')}"
    return Applied(s, text)
