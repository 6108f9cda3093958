"""PC War's table: the layout of the phase, the game's numbers in one line.

PCWarTable draws the layout of the phase; each panel selects what it shows from the table
(``Show``: a plain function of the session, then a memoized component whose props are that
data), so a step draws again only the panels whose numbers changed. The handlers keep their
identity (``use_stable``); the card entry stays from step to step and only starts again empty."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from card_companion.companion.pc_war import Flip, PCWar, PCWarState, Recount, Stop, SwapHands, Tap, War
from card_companion.companion.pc_war.choices import legal_actions
from card_companion.views.card_picker import Keyboard, entry_box
from card_companion.views.flet_compat import MutableRef
from card_companion.views.hooks import use_stable
from card_companion.views.kept_panels import Kept
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
    of the war, the swap, the steps between flips: ``legal_actions``), the names."""
    s: PCWarState = session.state
    legal = legal_actions(s)
    reveal = "flip" if legal.allows(Flip) else "war" if legal.allows(War) else None
    between = tuple(what for what, kind in (("recount", Recount), ("stop", Stop)) if legal.allows(kind))
    return reveal, legal.allows(SwapHands), between, (s.name(0), s.name(1))


def _on_table(session, scale: float) -> tuple | None:
    """The cards lying on the table (``OnTable``), while there are some (None: none)."""
    return on_table_of(session, scale) if session.state.table else None


@ft.component
def PCWarTable(table: Table[PCWar, PCWarState]) -> ft.Control:
    reveal, swap, between, names = use_table(table, _layout)
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

    # the cards on the table, the swap and the steps between flips stay mounted, hidden, once
    # shown: a war's turn from the swap to the flip after it mounts none of them again
    board = [Show(table, Numbers, _numbers), player_boards(table, scale), Kept(table, OnTable, _on_table, scale)]
    # the face-up cards' panel and entry, once shown, stay mounted through a swap or the end
    # (hidden, with the last flip's or war's props): a tie and the war after it swap little
    last_reveal: MutableRef[str | None] = ft.use_ref(None)
    kind = last_reveal.current = reveal or last_reveal.current
    faceup = None if kind is None else (
        _shown(reveal is not None, RevealPanel(table, kind, names, at(f"{kind}-tap"), on_tap, scale), "reveal"),
        CardEntry(table, kind, names, any(so_far), at(kind), on_send, on_entering, reveal is not None,
                  key="entry"))
    offered: MutableRef[tuple[str, ...]] = ft.use_ref(tuple)  # the steps between flips last offered
    if reveal is not None and between:
        offered.current = between
    body = _body(table, faceup, reveal is not None, swap, (offered.current or (), reveal is not None and bool(between)),
                 names, at, on_send)
    return ft.Column([c for c in board + body if c is not None], spacing=10)


def _body(table: Table[PCWar, PCWarState], faceup: tuple[ft.Control, ft.Control] | None, revealing: bool,
          swap: bool, between: tuple[tuple[str, ...], bool], names: tuple[str, str], at: Callable[[str], str | None],
          on_send: Callable) -> list[ft.Control | None]:
    """Under the players' boards, in every phase, in this order (each shown in its own phase,
    kept mounted, hidden, in the others, once shown): the face-up cards' one-tap answers, the
    swap, the game's end, the last result, the two cards' entry in its box with the table's
    card keyboard (views/keyboard.py), the steps between flips (``between``: the last ones
    offered, and whether they are offered now)."""
    reveal, entry = faceup if faceup is not None else (None, None)
    offered, offered_now = between
    return [
        reveal,
        Kept(table, SwapPanel, swap_of, on_send, key="swap"),
        message(at("swap"), "swap-problem") if swap else None,
        Show(table, FinalNumbers, final_of, key="final") if not (revealing or swap) else None,
        Show(table, LastResult, last_result_of, table.text_scale, key="result"),
        entry_box(entry, Keyboard(table, key="keyboard"), shown=entry is not None and revealing),
        _shown(offered_now, BetweenFlips(table, names, offered, at("recount") or at("stop"), on_send), "between")
        if offered else None,
    ]


def _shown(visible: bool, panel: ft.Control, key: str) -> ft.Control:
    """A panel kept mounted, shown or hidden."""
    return ft.Container(panel, visible=visible, key=key)


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
