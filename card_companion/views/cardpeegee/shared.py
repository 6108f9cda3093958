"""What every CardPeeGee panel uses: sending a step with its refusal shown beside the form,
small texts, a typed number."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import flet as ft
from pydantic import ValidationError

from card_companion.companion.cardpeegee import queries
from card_companion.companion.game import IllegalAction, plain_validation_error
from card_companion.views.hooks import FletKey, drawn_inside
from card_companion.views.live_table import use_table
from card_companion.views.odds import OddsPanel
from card_companion.views.widgets import TOUCH_FIELD, tagged

GAME_NAME = "CardPeeGee"
SMALL = 13

Report = Callable[[str | None], None]
"""shows a problem beside the form (None: no problem)"""


def typed_number(text: str | None) -> int | None:
    """A whole number the players typed (0 or more), or None."""
    try:
        n = int(str(text).strip())
    except (TypeError, ValueError):
        return None
    return n if n >= 0 else None


def number_or_refuse(text: str | None, problem: str) -> int:
    """A typed whole number; if it is not one, ``problem`` is the refusal shown beside the form
    (inside an ``attempt``'s ``make``)."""
    n = typed_number(text)
    if n is None:
        raise IllegalAction(problem)
    return n


def click(fn: Callable, *args) -> Callable:
    """A click handler that ignores the event (Flet passes one to handlers with parameters)."""
    return functools.partial(fn, *args)


def attempt(table, make: Callable[[], object], set_problem: Report) -> bool:
    """Build an action and send it: a refusal (the tracker's, through the table) is shown next
    to the form, once, and nothing is saved; an accepted action is committed and the screen
    redraws."""
    try:
        action = make()
    except IllegalAction as exc:
        set_problem(str(exc))
        return False
    except (ValidationError, ValueError) as exc:
        set_problem(plain_validation_error(exc))
        return False
    refused = table.refusal(action)
    set_problem(refused or None)
    return refused is None


def present(*controls: ft.Control | None) -> list[ft.Control]:
    """The controls that are there (a controls list must not hold None)."""
    return [c for c in controls if c is not None]


def note(text: str, size: int = 14, **kw) -> ft.Text:
    return ft.Text(text, size=size, **kw)


def lines_text(lines: Sequence[str], size: int = SMALL) -> list[ft.Control]:
    return [ft.Text(line, size=size, italic=True) for line in lines]


def number_field(ident: str, label: str, value: str, on_change: Callable[[str], None]) -> ft.Control:
    return tagged(ident, ft.TextField(
        label=label, value=value, keyboard_type=ft.KeyboardType.NUMBER, **TOUCH_FIELD, width=170,
        on_change=lambda e: on_change(e.control.value),
    ), label=label)


# --- drawn from the table: a panel drawn again only when what it selects changes ---------------


def at_stage(session, stage: str):
    """The session while the tracker's stage is ``stage`` (None once it is not: the panel of
    that stage is going): a panel that reads the whole state is drawn again at every step of
    its stage."""
    return session if queries.stage(session.state) == stage else None


class PanelTable:
    """The table as a panel of ``Follows`` reads it: the ``Table`` (its steps, seat, settings)
    and the session it shows now, as long as ``select`` still answers for it; else the session
    the panel was last drawn for by ``Follows``. A panel, or a form inside it, may be drawn
    again on its own (its state changed) in the same update that takes it away (Flet draws
    the pending components in no given order): it then draws the state it was made for,
    never one it cannot show (a fight's form after the fight). Equal for the same table and
    question, so memoized parts are not drawn again only because their panel was."""

    __slots__ = ("table", "select", "args", "drawn", "_seen")

    def __init__(self, table, select: Callable, args: tuple, drawn) -> None:
        self.table, self.select, self.args, self.drawn = table, select, args, drawn
        self._seen: tuple = (None, None)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, PanelTable) and other.table == self.table and other.select is self.select
                and other.args == self.args)

    def __hash__(self) -> int:
        return hash((id(self.table.live), self.select, self.args))

    @property
    def keyboard(self):
        """The page's card keyboard (views/keyboard.py)."""
        return self.table.keyboard

    @property
    def session(self):
        now = self.table.session
        seen, answer = self._seen
        if seen is not now:
            answer = self.select(now, *self.args) is not None
            self._seen = (now, answer)
        return now if answer else self.drawn

    @property
    def state(self):
        return self.session.state

    def __getattr__(self, name: str):
        return getattr(self.table, name)  # live, game, seat, text_scale, dispatch, refusal...


def Follows(table, panel: Callable, select: Callable, *args, key: FletKey = None) -> ft.Control:
    """``panel(table)``, drawn again only when ``select(session, *args)`` changes (None: the
    component draws nothing), inside the component that selects (``drawn_inside``). The panel reads
    the table itself (a ``PanelTable``); its own state starts again at each step
    (``use_step_state``), so what it shows after a step depends only on what ``select``
    answers."""
    return drawn_inside(_follows, panel)(table, select, *args, key=key)


def _follows(panel: Callable, table, select: Callable, *args) -> ft.Control | None:
    if use_table(table, select, *args) is None:
        return None
    return panel(PanelTable(table, select, args, table.session))


Odds = ft.memo(OddsPanel)
"""the advisor's odds, drawn again only when they change"""


