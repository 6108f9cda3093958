"""PC War's table: the layout of the phase, the game's numbers in one line.

PCWarTable draws the layout of the phase; each panel selects what it shows from the table
(``Show``: a plain function of the session, then a memoized component whose props are that
data), so a step draws again only the panels whose numbers changed. The handlers keep their
identity (``use_stable``); the card entry stays from step to step and only starts again empty."""

from __future__ import annotations

import flet as ft

from card_companion.companion.pc_war import Flip, PCWar, PCWarState, Recount, Stop, SwapHands, Tap, War
from card_companion.companion.pc_war.choices import legal_actions
from card_companion.views.card_picker import Keyboard
from card_companion.views.hooks import use_stable
from card_companion.views.live_table import Show, Table, use_step_state, use_table
from card_companion.views.pc_war.between_flips import BetweenFlips
from card_companion.views.pc_war.entry import CardEntry, RevealPanel
from card_companion.views.pc_war.players import OnTable, on_table_of, player_boards
from card_companion.views.pc_war.results import FinalNumbers, LastResult, final_of, last_result_of
from card_companion.views.pc_war.war import SwapPanel, swap_of
from card_companion.views.widgets import (
    message,
    tagged,
)


def _layout(session) -> tuple:
    """What decides the table's layout: what may be entered now (the face-up cards of a flip or
    of the war, the swap, the steps between flips: ``legal_actions``), the names, cards on the
    table or not."""
    s: PCWarState = session.state
    legal = legal_actions(s)
    reveal = "flip" if legal.allows(Flip) else "war" if legal.allows(War) else None
    between = tuple(what for what, kind in (("recount", Recount), ("stop", Stop)) if legal.allows(kind))
    return reveal, legal.allows(SwapHands), between, (s.name(0), s.name(1)), bool(s.table)


@ft.component
def PCWarTable(table: Table[PCWar, PCWarState]) -> ft.Control:
    reveal, swap, between, names, cards_on_table = use_table(table, _layout)
    scale = table.text_scale
    problem, set_problem = use_step_state(table, None)  # (where, text): a refusal shown next to its entry
    so_far, set_entered = use_step_state(table, lambda: (None, None))  # the face-up cards entered so far
    where, said = problem if problem is not None else (None, None)

    def send(action, where: str) -> None:
        """Send it; a refusal shows right where it was entered (once)."""
        refused = table.refusal(action)
        set_problem((where, refused) if refused else None)

    def tapped(kind: str, side: Tap) -> None:
        """A one-tap answer goes with the cards entered below, so the two must agree (the
        tracker refuses a contradiction); half a pair is never silently dropped."""
        make = Flip if kind == "flip" else War
        given = [c for c in so_far if c is not None]
        if len(given) == 1:
            who = names[so_far.index(given[0])]
            other = names[1 - so_far.index(given[0])]
            set_problem((f"{kind}-tap", f"{given[0].symbol} is entered for {who}: enter {other}'s card too "
                                        "and compare the cards, or take it back before tapping"))
            return
        send(make(higher=side, cards=(so_far[0], so_far[1]) if given else None), f"{kind}-tap")

    def entering(values) -> None:
        set_entered(tuple(values))
        if problem is not None:
            set_problem(None)  # a refusal stays only while the input it refused is there

    on_send, on_tap, on_entering = use_stable(send), use_stable(tapped), use_stable(entering)

    def at(place: str) -> str | None:
        return said if where == place else None

    board = [Show(table, Numbers, _numbers), player_boards(table, scale),
             Show(table, OnTable, on_table_of, scale) if cards_on_table else None]
    result = Show(table, LastResult, last_result_of, scale)
    # the table's card keyboard (views/keyboard.py), under the card entry: mounted in every
    # phase, so that a swap or the game's end between flips does not take it down
    keyboard = Keyboard(table, key="keyboard")
    if reveal is not None:
        body = [
            RevealPanel(table, reveal, names, at(f"{reveal}-tap"), on_tap, scale),
            result,
            CardEntry(table, reveal, names, any(so_far), at(reveal), on_send, on_entering),
            keyboard,
        ]
        if between:
            body.append(BetweenFlips(table, names, between, at("recount") or at("stop"), on_send))
    elif swap:
        body = [Show(table, SwapPanel, swap_of, on_send), message(at("swap"), "swap-problem"), result, keyboard]
    else:
        body = [Show(table, FinalNumbers, final_of), result, keyboard]
    return ft.Column([c for c in board + body if c is not None], spacing=10)


def _numbers(session) -> tuple[str]:
    """The game's numbers so far, one line."""
    s: PCWarState = session.state
    text = f"Flips: {s.flips}   Wars: {s.wars}"
    longest = session.game.summary(s).get("Longest war")
    if longest:
        text += f"   Longest: {longest}"
    return (text,)


@ft.memo
@ft.component
def Numbers(text: str) -> ft.Control:
    return tagged("numbers", ft.Text(text, size=14, weight=ft.FontWeight.W_500), label=text)
