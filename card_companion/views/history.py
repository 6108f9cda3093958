"""History: every action of the game in plain words, with the numbers it changed. The game
is read and its history worked out when the screen opens and after a change made here
(never per render).

From the history a phone that plays (not a watcher) can go back to any step ("Undo to
here": the later steps wait on the redo stack, "Redo all" brings them back) and enter the
cards of an earlier step again ("Edit": that step's cards in the card picker; the later
steps are replayed on the new cards, or the change is refused with the step that no longer
applies named; Undo on the table takes the change back, Redo puts it back). Every change is
a ``LogChange`` this phone makes (``Device.act``), refused on a stale screen as any step is.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from card_companion.companion.action_cards import card_places, with_cards
from card_companion.companion.game import IllegalAction
from card_companion.companion.log_changes import EditStep, LogChange, RedoAll, UndoTo
from card_companion.companion.phones.access import Refused
from card_companion.companion.phones.devices import Device
from card_companion.companion.saves.storage import Snapshot, StaleGame, StoreError
from card_companion.companion.session import Edit, Session, Step
from card_companion.views.card_picker import CardSlots
from card_companion.views.hooks import FletKey, sized, use_made, use_maybe, use_stable, use_text_scale
from card_companion.views.navigation import screen
from card_companion.views.services import use_services
from card_companion.views.widgets import button, message, suited, tagged

log = logging.getLogger(__name__)


def read_history(device, gid: str):
    """(opened, steps) or (None, the sentence why not)."""
    try:
        opened = device.open(gid)
        return opened, opened.session.history()
    except (IllegalAction, StoreError) as exc:
        return None, str(exc)


@dataclass(frozen=True)
class Shown:
    """One revision of a game as its history screen shows it, worked out once when it is read
    (the log replayed once): a render only reads it."""

    opened: Any
    """the game and this phone's seat (companion.devices.Opened)"""
    steps: list[Step]
    can_change: bool
    """a phone that plays (not a watcher) may go back and enter cards again"""
    editable: frozenset[int]
    """the steps with cards to enter again (none when this phone may not change the game)"""
    following: str | None
    """the next undone step in plain words (None: none, or it no longer applies)"""
    standing: str = ""
    """the game's standing now, its headline (the words of the saved-games list, the table's
    result and the records)"""

    @classmethod
    def of(cls, opened, steps: list[Step] | None = None) -> Shown:
        session = opened.session
        can_change = opened.seat is not None and opened.seat.can_act
        editable = frozenset(i for i, a in enumerate(session.actions, 1) if can_change and card_places(a))
        return cls(opened, session.history() if steps is None else steps, can_change, editable, _next_redo(session),
                   session.game.headline(session.state))


def open_history(device, gid: str) -> Shown | str:
    """The game's history worked out, or the sentence why it cannot be opened."""
    opened, steps = read_history(device, gid)
    return steps if opened is None else Shown.of(opened, steps)


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


@ft.component
def HistoryScreen() -> ft.Control:
    gid = ft.use_route_params().get("gid", "")
    return HistoryPage(gid, key=f"history-{gid}")


@ft.component
def StepEditor(session, number: int, on_save, on_cancel, key: FletKey = None) -> ft.Control:
    """Step ``number``'s cards in the one card picker, filled with the cards entered then.
    Worked out once (its key names the revision it edits), not at every tap in the picker."""
    game = session.game
    places, known = ft.use_memo(lambda: (card_places(session.actions[number - 1], session.setup.players),
                                         game.known_cards(session.states[number - 1])), dependencies=[number])
    return tagged(
        f"edit-{number}",
        ft.Container(
            content=ft.Column(
                [
                    ft.Text(f"New cards for step {number}", weight=ft.FontWeight.BOLD),
                    ft.Text("Tap a card to enter it again; the later steps are replayed on the new cards.",
                            size=13, italic=True),
                    CardSlots(game.deck(session.setup), [p.label for p in places], on_save,
                              known=known, submit="Save the new cards", ident="edit",
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


def act(device: Device, shown: Snapshot, change: LogChange) -> tuple[Snapshot | None, str | None, bool]:
    """This phone's change of the log, on the revision the screen shows: (the new snapshot,
    None, False), or (None, the sentence why nothing was changed, whether the screen was stale)."""
    try:
        return device.act(shown.game_id, shown, change), None, False
    except StaleGame as exc:
        return None, f"{sentence(str(exc))}. Nothing was changed.", True
    except (IllegalAction, Refused, StoreError) as exc:
        return None, f"{sentence(str(exc))}. Nothing was changed.", False
    except Exception as exc:  # a bug must not take the screen down: say so, change nothing
        log.exception("could not change the log of game %s", shown.game_id)
        return None, f"The app could not make that change ({type(exc).__name__}: {exc}). Nothing was changed.", False


@ft.component
def HistoryPage(gid: str, key: FletKey = None) -> ft.View:
    device = use_services().access()
    shown, set_shown = use_made(lambda: open_history(device, gid))  # again only after a change made here
    editing, set_editing = use_maybe(int)  # the step whose cards are being entered again
    error, set_error = use_maybe(str)
    notice, set_notice = use_maybe(str)
    # the rows' handlers keep their identity (hooks before any return): each calls this drawing's
    on_undo_to = use_stable(lambda number: undo_to(number))
    on_edit = use_stable(lambda number: edit(number))
    on_save = use_stable(lambda number, cards: save_edit(number, cards))
    on_cancel, on_redo = use_stable(lambda: set_editing(None)), use_stable(lambda: redo_all())
    route, back = f"/play/{gid}/history", f"/play/{gid}"
    if isinstance(shown, str):
        return screen("History", [message(f"This game cannot be opened: {shown}")], route=route, back=back)
    opened = shown.opened
    session, snapshot = opened.session, opened.snapshot

    def change(made: LogChange, said: Callable[[Session], str]) -> None:
        """Make one change and work the history out again; a refusal is one sentence and
        changes nothing (a stale screen shows the latest game)."""
        now, why, stale = act(device, snapshot, made)
        if stale:
            set_shown(open_history(device, gid))
            set_editing(None)
            set_notice(None)
        if now is None:
            set_error(why)
            return
        set_shown(Shown.of(opened.at(now)))
        set_editing(None)
        set_error(None)
        set_notice(said(now.session))

    def undo_to(number: int) -> None:
        later = len(session.actions) - number
        change(UndoTo(number), lambda s: back_to(number, later))

    def redo_all() -> None:
        change(RedoAll(), all_back)

    def save_edit(number: int, cards) -> None:
        try:
            action = with_cards(session.game, session.actions[number - 1], cards)
        except IllegalAction as exc:
            set_error(f"Step {number} cannot take these cards: {exc}. Nothing was changed.")
            return
        change(EditStep(number, action), lambda s: now_reads(s, number))

    def edit(number: int) -> None:
        set_error(None)
        set_editing(number)

    return screen("History", [
        message(error, "history-error"),
        message(notice, "history-notice", kind="info"),
        *history_lines(shown, editing, undo_to=on_undo_to, edit=on_edit, save_edit=on_save,
                       cancel_edit=on_cancel, redo_all=on_redo),
    ], route=route, back=back)


def back_to(number: int, later: int) -> str:
    """What the history says after going back to step ``number``."""
    return (f"Back to step {number}: {later} later step{'s' * (later != 1)} undone. "
            "Redo (here or on the table) brings them back.")


def all_back(session: Session) -> str:
    """What the history says once every undone step is back."""
    return f"Every undone step is back: {len(session.actions)} steps."


def now_reads(session: Session, number: int) -> str:
    """What the history says after step ``number``'s cards were entered again."""
    return f"Step {number} now reads: {session.describe_step(number)}. Undo on the table takes the change back."


def history_lines(shown: Shown, editing: int | None, *, undo_to, edit, save_edit, cancel_edit,
                  redo_all) -> list[ft.Control | None]:
    """The game and its players, the undone steps waiting, then every step, newest first;
    the step being edited with its cards in the picker (and no tools meanwhile). Each step is
    a memoized row keyed by its number: a change made here draws again only the rows it
    changed (the handlers keep their identity, ``use_stable``)."""
    session = shown.opened.session
    tools = shown.can_change and editing is None
    last = len(session.actions)
    rows = [StepRow(step, tools and step.number < last, tools and step.number in shown.editable,
                    session if editing == step.number else None, undo_to, edit, save_edit, cancel_edit,
                    key=f"step-{step.number}")
            for step in reversed(shown.steps)]
    waiting = len(session.redo_stack)
    what = "change" if any(isinstance(r, Edit) for r in session.redo_stack) else "step"  # new cards, undone
    return [
        ft.Text(f"{session.game.name} · {', '.join(session.setup.players)} · {len(shown.steps)} steps, "
                "newest first", italic=True),
        tagged("history-standing", ft.Text(f"Now: {shown.standing}", weight=ft.FontWeight.BOLD)),
        UndonePanel(waiting, what, shown.following, shown.can_change, redo_all) if waiting else None,
        *(rows or [ft.Text("Nothing has happened yet.", italic=True)]),
    ]


@ft.memo
@ft.component
def StepRow(step: Step, can_undo_to: bool, can_edit: bool, editing: Any, on_undo_to, on_edit, on_save,
            on_cancel) -> ft.Control:
    """One step in plain words, the numbers it changed, its tools ("Undo to here" but on the
    last step, "Edit" on a step with cards) and, while it is edited (``editing``: the
    session), its cards in the picker. Its detail lines follow the text-size setting."""
    use_text_scale()
    n = step.number
    tools: list[ft.Control] = []
    if can_undo_to:
        tools.append(button("Undo to here", lambda: on_undo_to(n), f"undo-to-{n}", primary=False, icon=ft.Icons.UNDO))
    if can_edit:
        tools.append(button("Edit", lambda: on_edit(n), f"edit-step-{n}", primary=False, icon=ft.Icons.EDIT))
    editor = (StepEditor(editing, n, lambda cards: on_save(n, cards), on_cancel,
                         key=f"editor-{n}") if editing is not None else None)
    return step_row(step, tools, editor)


def step_row(step: Step, tools: list[ft.Control], editor: ft.Control | None) -> ft.Control:
    """One step in plain words, the numbers it changed, its tools and (being edited) its cards."""
    n = step.number
    body: list[ft.Control] = [suited(f"{n}. {step.text}", weight=ft.FontWeight.BOLD)]
    body += [suited(f"    {c}", size=sized(13)) for c in step.changes]
    if tools:
        body.append(ft.Row(tools, spacing=8, wrap=True, run_spacing=4))
    if editor is not None:
        body.append(editor)
    return tagged(
        f"step-{n}",
        ft.Container(
            content=ft.Column(body, spacing=2, tight=True),
            padding=ft.Padding.symmetric(vertical=6, horizontal=8),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        ),
        label=f"step {n}: {step.text}",
    )


@ft.memo
@ft.component
def UndonePanel(waiting: int, what: str, following: str | None, can_change: bool, on_redo) -> ft.Control:
    """How many undone steps (or new cards) wait to be redone, the next one, and Redo."""
    use_text_scale()
    text = f"{waiting} undone {what}{'s' * (waiting != 1)} wait{'s' * (waiting == 1)} to be redone"
    return tagged("undone", ft.Container(
        content=ft.Column([
            ft.Text(f"{text} (next: {following})." if following else f"{text}.", size=sized(13)),
            button(f"Redo all {waiting}" if waiting > 1 else "Redo it", on_redo if can_change else None,
                   "redo-all", primary=False, icon=ft.Icons.REDO),
        ], spacing=6, tight=True),
        padding=10,
        border_radius=8,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    ), label=text)


def _next_redo(session) -> str | None:
    """The next undone step in plain words (None when it no longer applies to this state)."""
    try:
        return session.next_redo()
    except IllegalAction:
        return None


__all__ = ["HistoryPage", "HistoryScreen", "Shown", "StepEditor", "StepRow", "UndonePanel", "open_history",
           "read_history"]
