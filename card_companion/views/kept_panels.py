"""Panels kept mounted through the phases (issue 36): a panel shown once stays, hidden, with
the last data it showed, while its phase is not the table's, so that showing it again changes
only what differs, where a panel shown anew is made and sent control by control (and the
receiving phone builds every one of them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from card_companion.views.flet_compat import MutableRef
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


@ft.memo
@ft.component
def Kept(table: Table, panel: Callable[..., ft.Control], select: Callable[..., tuple | None], *args: Any) -> ft.Control:
    """``Show``, kept mounted once shown: while ``select`` answers None (not in this phase),
    the panel stays, hidden, with the last data it showed, so that showing it again (the
    next turn's result after a fight) changes only what differs, where a panel shown anew is
    made and sent control by control (issue 36). Its parent places it at every drawing."""
    data, shown = use_kept_data(table, select, *args)
    return kept(None if data is None else panel(*data), shown)
