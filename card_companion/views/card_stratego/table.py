"""Card Stratego's table: the layout of the phase, and what the player has chosen so far.

CardStrategoTable draws the layout of the phase (playing or over, whose side is at the
bottom) and holds what the player has chosen so far for the action being entered (it
starts again at each step). Each panel selects what it shows from the table (``Show``: a
plain function of the session, then a memoized component whose props are that data), so a
step draws again only the panels whose data changed: the status, the last result, one
army's counts, the places of the battlefield whose card changed. The entry of the chosen
action lives only while it is being entered (a step empties the choice, and it goes).
When the turn passes the two sides change places, and the army panels and the places are
drawn again where they stand."""

from __future__ import annotations

import random
from collections.abc import Callable

import flet as ft

from card_companion.calculators.cards import Card
from card_companion.companion.card_stratego import (
    CardStratego,
    CardStrategoState,
    Draw,
    queries,
)
from card_companion.views.card_picker import Keyboard, entry_box
from card_companion.views.card_stratego import taps
from card_companion.views.card_stratego.armies import ArmyPanel
from card_companion.views.card_stratego.battlefield import Battlefield
from card_companion.views.card_stratego.entries import Entering, entry_panel
from card_companion.views.card_stratego.head import Head
from card_companion.views.card_stratego.options import options_of
from card_companion.views.card_stratego.taps import Choice, Key
from card_companion.views.hooks import at_scale, use_stable
from card_companion.views.kept_panels import use_held_tables
from card_companion.views.live_table import Table, use_step_state, use_table
from card_companion.views.reach import reachable, use_reach
from card_companion.views.seating import bottom_player, my_player, near_and_far, seated


def _bottom_is(session, b: int) -> bool:
    """Whether the board drawn with ``b`` at the bottom is the one shown (the whole table's
    phone: the player to play at the bottom)."""
    return session.state.turn == b


NO_CHOICE = Choice()
"""what the hidden board is drawn with: no action chosen"""


@ft.memo
@ft.component
def Board(table: Table[CardStratego, CardStrategoState], bottom: int, choice: Choice, on_tap: Callable,
          scale: float) -> ft.Control:
    """The armies and the battlefield with ``bottom``'s side at the bottom. The whole table's
    phone keeps one for each player mounted, the other one hidden and held at the step it was
    last shown at (``kept_panels.held_table``): when the turn passes, the new player's board
    shows again with what changed since, where one board drawn the other way up changed every
    place (16 ms a page update, a third of the steps)."""
    return ft.Column([ArmyPanel(table, 1 - bottom),
                      Battlefield(table, 1 - bottom, bottom, choice, on_tap, scale),
                      ArmyPanel(table, bottom)], spacing=10)


def _boards(table: Table[CardStratego, CardStrategoState], held: dict[int, Table] | None, bottom: int,
            choice: Choice, on_tap: Callable, scale: float) -> tuple[list[ft.Control | None], dict[int, ft.Control]]:
    """The armies and the battlefield, ``bottom``'s side at the bottom, and the armies' panels
    (for ``seated``). ``held``: the whole table's phone, where the player to play is at the
    bottom: one ``Board`` each, the other player's hidden and held (no panel moves: ``seated``
    leaves them where they are)."""
    if held is not None:
        return [ft.Container(Board(held[b], b, choice if b == bottom else NO_CHOICE, on_tap, scale),
                             visible=b == bottom) for b in (0, 1)], {}
    armies = {p: ArmyPanel(table, p) for p in (1 - bottom, bottom)}
    return [armies[1 - bottom], Battlefield(table, 1 - bottom, bottom, choice, on_tap, scale), armies[bottom]], armies


def _layout(session) -> tuple[bool, int]:
    """What decides the table's layout: playing or over, and whose turn it is (their side is
    drawn at the bottom)."""
    s: CardStrategoState = session.state
    return s.phase == "turn", s.turn


@ft.component
def CardStrategoTable(table: Table[CardStratego, CardStrategoState]) -> ft.Control:
    layout = use_table(table, _layout)
    stored, set_stored = use_step_state(table, Choice)
    problem, set_problem = use_step_state(table, None)  # a refusal, shown beside the entry (once)
    drawn, set_drawn = use_step_state(table, None)  # a Drain's random pick, drawn once for this step
    playing, turn = layout if layout is not None else (False, 0)
    scale = at_scale(table.text_scale)
    # the choice lasts one step (use_step_state), so while it holds something this component
    # is drawn again at each step: what it reads of the session here is the one shown
    options = options_of(table.session) if stored.mode else None
    choice = taps.current(stored, options) if options is not None else stored

    def send(action) -> None:
        """Send it; a refusal is shown beside the entry, where the player looks (once)."""
        refused = table.refusal(action)
        set_problem(refused or None)

    def choose(kind: str) -> None:
        set_problem(None)
        if kind == "draw":
            send(Draw())
            return
        pick = None
        if kind == "drain" and kind != choice.mode:
            pick = drawn if drawn is not None else queries.drain_pick(table.state, random.Random())
            set_drawn(pick)
        set_stored(taps.choose_action(choice, kind, pick))

    def tap(key: Key) -> None:
        o = options_of(table.session)
        set_stored(lambda now: taps.tap(taps.current(now, o), key, o))

    def pick_card(card: Card) -> None:
        set_stored(lambda now: taps.choose_card(now, card))

    on_send, on_choose, on_tap, on_card = use_stable(send), use_stable(choose), use_stable(tap), use_stable(pick_card)
    on_choice = use_stable(set_stored)
    held = use_held_tables(table, _bottom_is, (0, 1))
    flips = near_and_far(table) is None and my_player(table) is None  # the whole table's phone
    entry = None
    if layout is not None and playing and choice.mode and options is not None:
        entry = entry_panel(Entering(table, on_send, choice, on_choice, options), problem)
    # the places to tap once an action is chosen, then the entry (its cards and its
    # confirmation) below the battlefield: the screen brings each up (views/reach.py)
    use_reach("entry" if entry is not None else
              "battlefield" if options is not None and taps.targets(choice, options) else None)
    if layout is None:  # the game went away: the frame draws something else at once
        return ft.Column([])
    bottom = bottom_player(table, turn)
    head = Head(table, choice, None if choice.mode else problem, on_choose, on_send, on_card, scale)
    board, armies = _boards(table, held if flips else None, bottom, choice, on_tap, scale)
    parts = [
        head, *board,
        # the entry in its box, with the table's card keyboard (views/keyboard.py)
        reachable("entry", entry_box(entry, Keyboard(table, key="keyboard"))),
        None if playing else ft.Text("The game is over. Undo changes the last action.", italic=True),
    ]
    return ft.Column(seated(table, parts, armies), spacing=10)
