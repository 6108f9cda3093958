"""Panels kept mounted through the phases (issue 36): a panel shown once stays, hidden, with
the last data it showed, while its phase is not the table's, so that showing it again changes
only what differs, where a panel shown anew is made and sent control by control (and the
receiving phone builds every one of them)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

import flet as ft

from card_companion.views.flet_compat import MutableRef, drawn_with_hooks
from card_companion.views.hooks import FletKey, drawn_inside
from card_companion.views.live_table import Table, use_table


def use_kept_data(table: Table, select: Callable[..., Any], *args: Any) -> tuple[Any, bool]:
    """What a panel kept mounted through the phases shows (``use_table``): the last data
    ``select`` answered that was not None (None: never yet), and whether it answers it now (the
    panel is shown: a hidden one asks for no card and brings nothing into view)."""
    data = use_table(table, select, *args)
    last: MutableRef[Any] = ft.use_ref(None)
    if data is not None:
        last.current = data
    return last.current, data is not None


def kept_fresh(step: object, shown: bool) -> object:
    """The ``fresh`` of a card entry in a kept panel (``CardSlots``): None while hidden, so
    that its places start again empty when it shows again, at the same step too (an undo
    back to it: it held the cards entered for the step undone)."""
    return step if shown else None


def kept(content: ft.Control | None, shown: bool) -> ft.Control:
    """The root of a panel kept mounted through the phases (``use_kept_data``): its content,
    hidden while not ``shown``, and a box of its own before it had any."""
    return ft.Container(content, visible=shown and content is not None)


def Kept(table: Table, panel: Callable[..., ft.Control], select: Callable[..., tuple | None], *args: Any,
         key: FletKey = None) -> ft.Control:
    """``Show``, kept mounted once shown: while ``select`` answers None (not in this phase),
    the panel stays, hidden, with the last data it showed, so that showing it again (the
    next turn's result after a fight) changes only what differs, where a panel shown anew is
    made and sent control by control (issue 36). Its parent places it at every drawing."""
    return drawn_inside(_kept, panel)(table, select, *args, key=key)


def _kept(panel: Callable[..., ft.Control], table: Table, select: Callable[..., tuple | None],
          *args: Any) -> ft.Control:
    data, shown = use_kept_data(table, select, *args)
    drawn: MutableRef[tuple[Any, ft.Control] | None] = ft.use_ref(None)  # (data, the panel drawn of it)
    if data is None:
        return kept(None, shown)
    last = drawn.current
    if last is not None and (last[0] is data or last[0] == data):  # only shown or hidden: handed back as drawn
        return kept(last[1], shown)
    content, hooked = drawn_with_hooks(lambda: panel(*data))
    drawn.current = None if hooked else (data, content)  # (a panel with hooks of its own runs at every drawing)
    return kept(content, shown)


class HeldLive:
    """A page's live table as a part kept hidden sees it (``held_table``): the session it was
    last shown at, while ``shows(session)`` says it is hidden; the live table itself while it
    is shown (and before it was ever asked). Its panels' selectors, asked at every step, then
    answer what they drew while hidden: nothing is drawn again until it shows."""

    def __init__(self, live: Any, shows: Callable[[Any], bool]) -> None:
        self._live, self._shows = live, shows
        self._held: Any = None

    @property
    def session(self) -> Any:
        now = self._live.session
        if self._held is None or self._shows(now):
            self._held = now
        return self._held

    def __getattr__(self, name: str) -> Any:  # opened, listen, revision, keyboard, send: the live table's
        return getattr(self._live, name)


def held_table(table: Table, shows: Callable[[Any], bool]) -> Table:
    """``table`` for a part kept mounted, hidden, while ``shows(session)`` is False (a side of
    a board drawn for the other player at the bottom): it follows the steps only while shown."""
    return replace(table, live=cast(Any, HeldLive(table.live, shows)))


def use_held_tables(table: Table, shows: Callable[[Any, Any], bool], which: tuple[Any, ...]) -> dict[Any, Table]:
    """One ``held_table`` of ``table`` for each of ``which``, shown while ``shows(session, w)``:
    the same objects from drawing to drawing (a new set for a new ``table``: a new seat, table
    mode, text size)."""
    made: MutableRef[tuple[Table, dict[Any, Table]] | None] = ft.use_ref(None)
    if made.current is None or made.current[0] is not table:
        made.current = table, {w: held_table(table, functools.partial(_shows_one, shows, w)) for w in which}
    return made.current[1]


def _shows_one(shows: Callable[[Any, Any], bool], w: Any, session: Any) -> bool:
    return shows(session, w)
