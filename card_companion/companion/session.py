"""A game in progress: its setup plus the action log. The log is also the undo.

>>> from card_companion.companion.registry import game
>>> pal = game("peace-and-love")
>>> s = Session.start(pal, pal.make_setup(["Ann", "Bea"]))
>>> s = s.push(pal.parse_action({"kind": "deal", "player": 0, "fighters": ["9H", "5S", "2C"]}))
>>> len(s.actions), s.can_undo, s.can_redo
(1, True, False)
>>> s.undo().state == Session.start(pal, s.setup).state
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict

from card_companion.companion.game import Change, Game, IllegalAction, Outcome, Setup, plain_validation_error

FORMAT = "card-companion-game"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Step:
    """One line of the history screen."""

    number: int
    """1-based position in the log"""
    text: str
    changes: tuple[Change, ...]


@dataclass(frozen=True, eq=False)
class Session:
    """Immutable: every change returns a new Session (the views replace, never mutate).

    ``states[i]`` is the state after the first ``i`` actions; ``redo_stack`` holds the
    undone actions, the next one to redo last.
    """

    game: Game
    setup: Setup
    actions: tuple[Any, ...] = ()
    redo_stack: tuple[Any, ...] = ()
    states: tuple[Any, ...] = field(default=(), repr=False)

    @classmethod
    def start(cls, game: Game, setup: Setup) -> Session:
        return cls(game, setup, (), (), (game.initial_state(setup),))

    @classmethod
    def replay(cls, game: Game, setup: Setup, actions: list[Any], redo: list[Any] = ()) -> Session:
        """Rebuild from a log. Raises IllegalAction if an action no longer applies."""
        session = cls.start(game, setup)
        for i, action in enumerate(actions, 1):
            try:
                session = session.push(action)
            except IllegalAction as exc:
                raise IllegalAction(f"action {i} of the log cannot be applied: {exc}") from None
        return session._with(redo_stack=tuple(redo))

    def _with(self, **changes: Any) -> Session:
        values = dict(game=self.game, setup=self.setup, actions=self.actions,
                      redo_stack=self.redo_stack, states=self.states)
        values.update(changes)
        return Session(**values)

    # --- reading ---------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def can_undo(self) -> bool:
        return bool(self.actions)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def history(self) -> list[Step]:
        """Every action in plain words with the numbers it changed."""
        steps = []
        summaries = [self.game.summary(s) for s in self.states]
        for i, action in enumerate(self.actions):
            before, after = self.states[i], self.states[i + 1]
            text = self.game.describe(before, action, after)
            steps.append(Step(i + 1, text, diff(summaries[i], summaries[i + 1])))
        return steps

    # --- changing --------------------------------------------------------------------

    def push(self, action: Any) -> Session:
        """Apply one action; raise IllegalAction and change nothing if it is not allowed."""
        if self.game.is_over(self.state):
            raise IllegalAction("the game is over: undo to change it")
        new_state = self.game.apply(self.state, action)
        return self._with(actions=self.actions + (action,), redo_stack=(),
                          states=self.states + (new_state,))

    def undo(self) -> Session:
        if not self.actions:
            raise IllegalAction("nothing to undo")
        return self._with(actions=self.actions[:-1], redo_stack=self.redo_stack + (self.actions[-1],),
                          states=self.states[:-1])

    def redo(self) -> Session:
        if not self.redo_stack:
            raise IllegalAction("nothing to redo")
        action = self.redo_stack[-1]
        new_state = self.game.apply(self.state, action)
        return self._with(actions=self.actions + (action,), redo_stack=self.redo_stack[:-1],
                          states=self.states + (new_state,))

    # --- saving ----------------------------------------------------------------------

    def to_record(self) -> SavedLog:
        return SavedLog(
            format=FORMAT,
            version=FORMAT_VERSION,
            game=self.game.id,
            setup=self.setup.model_dump(mode="json"),
            actions=[self.game.dump_action(a) for a in self.actions],
            redo=[self.game.dump_action(a) for a in self.redo_stack],
        )

    def to_json(self) -> str:
        return self.to_record().model_dump_json(indent=1)

    @classmethod
    def from_record(cls, record: SavedLog) -> Session:
        from card_companion.companion.registry import GAMES

        game = GAMES.get(record.game)
        if game is None:
            raise IllegalAction(f"this app does not know the game {record.game!r}")
        try:
            setup = game.Setup.model_validate(record.setup)
        except ValueError as exc:
            raise IllegalAction(f"the game's setup cannot be read: {plain_validation_error(exc)}") from None
        actions = [game.parse_action(a) for a in record.actions]
        redo = [game.parse_action(a) for a in record.redo]
        return cls.replay(game, setup, actions, redo)

    @classmethod
    def from_json(cls, text: str | bytes) -> Session:
        """Read an exported game; raise IllegalAction saying what is wrong with it."""
        try:
            data = json.loads(text)
        except ValueError:
            raise IllegalAction("this is not a saved game: it is not JSON") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise IllegalAction("this is not a saved game of this app")
        if isinstance(data.get("version"), int) and data["version"] > FORMAT_VERSION:
            raise IllegalAction("this game was saved by a newer version of the app; update the app to open it")
        try:
            record = SavedLog.model_validate(data)
        except ValueError as exc:
            raise IllegalAction(f"the saved game is damaged: {plain_validation_error(exc)}") from None
        return cls.from_record(record)


class SavedLog(BaseModel):
    """The JSON form of a game: what export writes and import reads."""

    model_config = ConfigDict(extra="forbid")

    format: str = FORMAT
    version: int = FORMAT_VERSION
    game: str
    setup: dict[str, Any]
    actions: list[dict[str, Any]]
    redo: list[dict[str, Any]] = []


def diff(before: dict[str, str], after: dict[str, str]) -> tuple[Change, ...]:
    changes = []
    for label, value in after.items():
        old = before.get(label)
        if old != value:
            changes.append(Change(label=label, before=old, after=value))
    for label, value in before.items():
        if label not in after:
            changes.append(Change(label=label, before=value, after=None))
    return tuple(changes)
