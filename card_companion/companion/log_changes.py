"""A change of a game's log as a value, named for the control a player uses: enter a step,
Undo, Redo, "Undo to here", "Redo all", Edit a step's cards.

The session decides every change (``Session.push``, ``undo``, ``redo``, ``undo_to``,
``redo_all``, ``replace``: the log is also the undo); a ``LogChange`` only says which one
and with what, so that each layer has its own verb for carrying it: the store
``commit``s it under the game's revision, a phone ``act``s with it (``Device.act``: its
seat may act, the other pages are told), a table page ``send``s it from a tap
(``LiveTable.send``).

>>> from card_companion.companion.registry import game
>>> from card_companion.companion.session import Session
>>> pal = game("peace-and-love")
>>> s = Session.start(pal, pal.make_setup(["Ann", "Bea"]))
>>> deal = EnterStep(pal.parse_action({"kind": "deal", "player": 0, "fighters": ["9H", "5S", "2C"]}))
>>> after = deal(s)
>>> len(after.actions), Undo()(after).actions == s.actions, deal.kind
(1, True, 'enter')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from card_companion.companion.session import Session

LogKind = Literal["enter", "undo", "redo", "redo-all", "undo-to", "edit"]
"""what a change did, as the other phones' news says it (``live.Committed.kind``)"""


@dataclass(frozen=True)
class LogChange:
    """One change of the log; calling it on a session gives the session after it
    (IllegalAction, nothing changed, if the session refuses it)."""

    kind: ClassVar[LogKind]

    def __call__(self, session: Session) -> Session:
        raise NotImplementedError

    def entered(self, session: Session) -> tuple[Any, Any] | None:
        """The step this change enters a player's choice with, and the state it is entered on
        (whose choice it is depends on both: ``Game.whose_choice``); None for a change that
        enters no choice (Undo, Redo and the jumps put back or take back what was entered)."""
        return None


@dataclass(frozen=True)
class EnterStep(LogChange):
    """One step entered (``Session.push``): the cards a fight revealed, a deal, a flip."""

    action: Any
    kind: ClassVar[LogKind] = "enter"

    def __call__(self, session: Session) -> Session:
        return session.push(self.action)

    def entered(self, session: Session) -> tuple[Any, Any] | None:
        return session.state, self.action


@dataclass(frozen=True)
class Undo(LogChange):
    """The last change taken back: the last step, or the last step's new cards (Edit)."""

    kind: ClassVar[LogKind] = "undo"

    def __call__(self, session: Session) -> Session:
        return session.undo()


@dataclass(frozen=True)
class Redo(LogChange):
    """The last change taken back, put back."""

    kind: ClassVar[LogKind] = "redo"

    def __call__(self, session: Session) -> Session:
        return session.redo()


@dataclass(frozen=True)
class RedoAll(LogChange):
    """Every undone step put back at once (after "Undo to here")."""

    kind: ClassVar[LogKind] = "redo-all"

    def __call__(self, session: Session) -> Session:
        return session.redo_all()


@dataclass(frozen=True)
class UndoTo(LogChange):
    """Back to the state after step ``step`` (the history's "Undo to here"); the later steps
    wait for Redo."""

    step: int
    kind: ClassVar[LogKind] = "undo-to"

    def __call__(self, session: Session) -> Session:
        return session.undo_to(self.step)


@dataclass(frozen=True)
class EditStep(LogChange):
    """Step ``step`` entered again with other cards (the history's Edit), the later steps
    replayed on it: refused in one sentence naming the step that no longer applies."""

    step: int
    action: Any
    kind: ClassVar[LogKind] = "edit"

    def __call__(self, session: Session) -> Session:
        return session.replace(self.step, self.action)

    def entered(self, session: Session) -> tuple[Any, Any] | None:
        """the state before the step (a step that is not there: the session refuses it)"""
        if not isinstance(self.step, int) or not 1 <= self.step <= len(session.actions):
            return None
        return session.states[self.step - 1], self.action


__all__ = ["EditStep", "EnterStep", "LogChange", "LogKind", "Redo", "RedoAll", "Undo", "UndoTo"]
