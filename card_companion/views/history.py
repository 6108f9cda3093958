"""History: every action of the game in plain words, with the numbers it changed. The game
is read and its history worked out when the screen opens and after a change made here
(never per render).

From the history a phone that plays (not a watcher) can go back to any step ("Undo to
here": the later steps wait on the redo stack, "Redo all" brings them back) and enter the
cards of an earlier step again ("Edit": that step's cards in the card picker; the later
steps are replayed on the new cards, or the change is refused with the step that no longer
applies named; Undo on the table takes the change back, Redo puts it back). Every change is one revisioned
step of the store, refused on a stale screen as any step is.
"""

from __future__ import annotations

import logging

import flet as ft

from card_companion.companion.access import Refused
from card_companion.companion.action_cards import card_places, with_cards
from card_companion.companion.game import IllegalAction
from card_companion.companion.session import Edit
from card_companion.companion.storage import StaleGame, StoreError
from card_companion.views.card_picker import CardSlots
from card_companion.views.common import button, message, screen, suited, tagged, use_services

log = logging.getLogger(__name__)


def read_history(device, gid: str):
    """(opened, steps) or (None, the sentence why not)."""
    try:
        opened = device.open(gid)
        return opened, opened.session.history()
    except (IllegalAction, StoreError) as exc:
        return None, str(exc)


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


@ft.component
def HistoryScreen() -> ft.Control:
    gid = ft.use_route_params().get("gid", "")
    return HistoryPage(gid, key=f"history-{gid}")


@ft.component
def StepEditor(session, number: int, on_save, on_cancel) -> ft.Control:
    """Step ``number``'s cards in the one card picker, filled with the cards entered then."""
    game = session.game
    places = card_places(session.actions[number - 1], session.setup.players)
    before = session.states[number - 1]
    return tagged(
        f"edit-{number}",
        ft.Container(
            content=ft.Column(
                [
                    ft.Text(f"New cards for step {number}", weight=ft.FontWeight.BOLD),
                    ft.Text("Tap a card to enter it again; the later steps are replayed on the new cards.",
                            size=13, italic=True),
                    CardSlots(game.deck(session.setup), [p.label for p in places], on_save,
                              known=game.known_cards(before), submit="Save the new cards", ident="edit",
                              game_name=game.name, initial=[p.card for p in places],
                              key=f"edit-slots-{number}"),
                    button("Cancel", on_cancel, "edit-cancel", primary=False),
                ],
                spacing=8,
                tight=True,
            ),
            padding=10,
            border_radius=10,
            border=ft.Border.all(2, ft.Colors.PRIMARY),
        ),
        label=f"new cards for step {number}",
    )


@ft.component
def HistoryPage(gid: str) -> ft.View:
    device = use_services().access()
    loaded, set_loaded = ft.use_state(lambda: read_history(device, gid))
    editing, set_editing = ft.use_state(None)  # the step whose cards are being entered again
    error, set_error = ft.use_state(None)
    notice, set_notice = ft.use_state(None)
    opened, steps = loaded
    route, back = f"/play/{gid}/history", f"/play/{gid}"
    if opened is None:
        return screen("History", [message(f"This game cannot be opened: {steps}")], route=route, back=back)
    session = opened.session
    shown = opened.snapshot
    can_change = opened.seat is not None and opened.seat.can_act

    def change(do, said) -> bool:
        """Commit one change of the log (on the revision this screen shows) and read the
        history again; a refusal is one sentence and changes nothing."""
        try:
            now = do()
        except StaleGame as exc:
            set_loaded(read_history(device, gid))
            set_editing(None)
            set_notice(None)
            set_error(f"{sentence(str(exc))}. Nothing was changed.")
            return False
        except (IllegalAction, Refused, StoreError) as exc:
            set_error(f"{sentence(str(exc))}. Nothing was changed.")
            return False
        except Exception as exc:  # a bug must not take the screen down: say so, change nothing
            log.exception("could not change the log of game %s", gid)
            set_error(f"The app could not make that change ({type(exc).__name__}: {exc}). Nothing was changed.")
            return False
        set_loaded((type(opened)(now, opened.seat), now.session.history()))
        set_editing(None)
        set_error(None)
        set_notice(said(now.session))
        return True

    def undo_to(number: int) -> None:
        later = len(session.actions) - number
        change(lambda: device.undo_to(gid, shown, number),
               lambda s: f"Back to step {number}: {later} later step{'s' * (later != 1)} undone. "
                         "Redo (here or on the table) brings them back.")

    def redo_all() -> None:
        change(lambda: device.redo_all(gid, shown),
               lambda s: f"Every undone step is back: {len(s.actions)} steps.")

    def save_edit(number: int, cards) -> None:
        try:
            action = with_cards(session.game, session.actions[number - 1], cards)
        except IllegalAction as exc:
            set_error(f"Step {number} cannot take these cards: {exc}. Nothing was changed.")
            return
        change(lambda: device.replace(gid, shown, number, action),
               lambda s: f"Step {number} now reads: {s.describe_step(number)}. Undo on the table takes "
                         "the change back.")

    last = len(session.actions)
    rows: list[ft.Control] = []
    for step in reversed(steps):
        n = step.number
        tools: list[ft.Control] = []
        if can_change and editing is None:
            if n < last:
                tools.append(button("Undo to here", lambda e, n=n: undo_to(n), f"undo-to-{n}", primary=False,
                                    icon=ft.Icons.UNDO))
            if card_places(session.actions[n - 1]):
                tools.append(button("Edit", lambda e, n=n: (set_error(None), set_editing(n)), f"edit-step-{n}",
                                    primary=False, icon=ft.Icons.EDIT))
        body: list[ft.Control] = [suited(f"{n}. {step.text}", weight=ft.FontWeight.BOLD)]
        body += [suited(f"    {c}", size=13) for c in step.changes]
        if tools:
            body.append(ft.Row(tools, spacing=8, wrap=True, run_spacing=4))
        if editing == n:
            body.append(StepEditor(session, n, lambda cards, n=n: save_edit(n, cards), lambda: set_editing(None),
                                   key=f"editor-{n}-{opened.snapshot.revision}"))
        rows.append(
            tagged(
                f"step-{n}",
                ft.Container(
                    content=ft.Column(body, spacing=2, tight=True),
                    padding=ft.Padding.symmetric(vertical=6, horizontal=8),
                    border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
                ),
                label=f"step {n}: {step.text}",
            )
        )
    if not rows:
        rows.append(ft.Text("Nothing has happened yet.", italic=True))
    waiting = len(session.redo_stack)
    undone = None
    if waiting:
        what = "change" if any(isinstance(r, Edit) for r in session.redo_stack) else "step"  # new cards, undone
        text = f"{waiting} undone {what}{'s' * (waiting != 1)} wait{'s' * (waiting == 1)} to be redone"
        following = _next_redo(session)
        undone = tagged("undone", ft.Container(
            content=ft.Column([
                ft.Text(f"{text} (next: {following})." if following else f"{text}.", size=13),
                button(f"Redo all {waiting}" if waiting > 1 else "Redo it", redo_all if can_change else None,
                       "redo-all", primary=False, icon=ft.Icons.REDO),
            ], spacing=6, tight=True),
            padding=10,
            border_radius=8,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        ), label=text)
    names = ", ".join(session.setup.players)
    return screen(
        "History",
        [
            message(error, "history-error"),
            message(notice, "history-notice", kind="info"),
            ft.Text(f"{session.game.name} · {names} · {len(steps)} steps, newest first", italic=True),
            undone,
            *rows,
        ],
        route=route,
        back=back,
    )


def _next_redo(session) -> str | None:
    """The next undone step in plain words (None when it no longer applies to this state)."""
    try:
        return session.next_redo()
    except IllegalAction:
        return None


__all__ = ["HistoryPage", "HistoryScreen", "StepEditor", "read_history"]
