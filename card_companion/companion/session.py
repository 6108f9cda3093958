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

import dataclasses
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator, model_validator

from card_companion.companion.game import (
    Applied,
    Change,
    Game,
    IllegalAction,
    Outcome,
    Said,
    Setup,
    first_control_character,
    names_notes,
    plain_validation_error,
)

FORMAT = "card-companion-game"
FORMAT_VERSION = 1
MAX_IMPORT_BYTES = 32 * 2**20
"""the largest file import reads: an 80,000-step game exports to about 3 MB"""


CHECKPOINT_EVERY = 64
"""A session keeps the state after every 64th action (and the states since the last one);
any other state is the checkpoint before it with at most 63 actions applied again."""


class States(Sequence[Any]):
    """The state after each action of a log, kept as checkpoints: ``states[i]`` is the state
    after the first ``i`` actions, exactly as a tuple of every state would give it, but a
    long game holds ``n / 64 + 63`` states instead of ``n`` (a few KB each), and replaying a
    log is linear. Beside them, what every step said (``said[i]``: action ``i``'s history
    line and working), all of them: a line is a short string, cheap to keep. Immutable:
    ``pushed`` and ``popped`` return new ones.

    >>> from card_companion.companion.registry import game
    >>> pc = game("pc-war")
    >>> s = Session.start(pc, pc.make_setup(["Ann", "Bea"]))
    >>> len(s.states), s.states[0] == s.state
    (1, True)
    """

    __slots__ = ("_game", "_actions", "_marks", "_tail", "said")

    def __init__(self, game: Game, actions: tuple[Any, ...], marks: tuple[Any, ...], tail: tuple[Any, ...],
                 said: tuple[Said, ...]):
        self._game, self._actions, self._marks, self._tail = game, actions, marks, tail
        self.said = said
        """what each action said (``said[i]``: action ``i``, 0-based), every one kept"""

    @classmethod
    def build(cls, game: Game, first: Any, actions: tuple[Any, ...]) -> States:
        """The states of a log from its first state, each action applied once (linear).
        Raises IllegalAction naming the first action that does not apply."""
        marks, said, state = [first], [], first
        tail: list[Any] = []  # the states since the last checkpoint (a game's state)
        for i, action in enumerate(actions, 1):
            try:
                applied = game.step(state, action)
            except IllegalAction as exc:
                raise IllegalAction(f"action {i} of the log cannot be applied: {exc}") from None
            state = applied.state
            said.append(applied.said)
            if i % CHECKPOINT_EVERY == 0:
                marks.append(state)
                tail = []
            else:
                tail.append(state)
        return cls(game, actions, tuple(marks), tuple(tail), tuple(said))

    @classmethod
    def of(cls, game: Game, actions: tuple[Any, ...], states: Sequence[Any]) -> States:
        """From every state of a log (``states[i]`` after ``i`` actions); what each step said
        is asked of its rule again."""
        if isinstance(states, States):
            return states
        if len(states) != len(actions) + 1:
            raise ValueError("a log of n actions has n + 1 states")
        last = (len(states) - 1) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        said = tuple(game.step(state, action).said for state, action in zip(states, actions))
        return cls(game, actions, tuple(states[::CHECKPOINT_EVERY]), tuple(states[last + 1:]), said)

    def __len__(self) -> int:
        return (len(self._marks) - 1) * CHECKPOINT_EVERY + len(self._tail) + 1

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> list[Any]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return list(self)[i]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("no state at that step")
        j, r = divmod(i, CHECKPOINT_EVERY)
        if r == 0:
            return self._marks[j]
        if j == len(self._marks) - 1:
            return self._tail[r - 1]
        state = self._marks[j]
        for action in self._actions[j * CHECKPOINT_EVERY:i]:
            state = self._game.apply(state, action)
        return state

    def __iter__(self) -> Iterator[Any]:
        """Every state in order, each action applied at most once (linear)."""
        last_mark = len(self._marks) - 1
        state = None
        for i in range(len(self)):
            j, r = divmod(i, CHECKPOINT_EVERY)
            if r == 0:
                state = self._marks[j]
            elif j == last_mark:
                state = self._tail[r - 1]
            else:
                state = self._game.apply(state, self._actions[i - 1])
            yield state

    def pushed(self, actions: tuple[Any, ...], applied: Applied) -> States:
        """With the state after one more action and what it said (``actions`` is the longer
        log)."""
        said = self.said + (applied.said,)
        if len(self) % CHECKPOINT_EVERY == 0:
            return States(self._game, actions, self._marks + (applied.state,), (), said)
        return States(self._game, actions, self._marks, self._tail + (applied.state,), said)

    def popped(self, actions: tuple[Any, ...]) -> States:
        """Without the last state (``actions`` is the shorter log); a checkpoint that goes
        takes the states before it back from the one before, at most 63 actions again."""
        if len(self) == 1:
            raise IndexError("the first state stays")
        said = self.said[:-1]
        if self._tail:
            return States(self._game, actions, self._marks, self._tail[:-1], said)
        marks = self._marks[:-1]
        start = (len(marks) - 1) * CHECKPOINT_EVERY
        tail, state = [], marks[-1]
        for action in actions[start:]:
            state = self._game.apply(state, action)
            tail.append(state)
        return States(self._game, actions, marks, tuple(tail), said)

    def rebuilt(self, actions: tuple[Any, ...], first: int) -> States:
        """The states of ``actions``, a log equal to this one before its action ``first``
        (0-based): the checkpoints before it are kept, the rest applied again (at most 63
        actions before ``first``). Raises ``StepFails`` naming the first action that no
        longer applies."""
        keep = min(first, len(self) - 1) // CHECKPOINT_EVERY
        marks = list(self._marks[:keep + 1])
        tail: list[Any] = []  # the states since the last checkpoint (a game's state)
        said = list(self.said[:keep * CHECKPOINT_EVERY])
        state = marks[-1]
        for j in range(keep * CHECKPOINT_EVERY, len(actions)):
            try:
                if self._game.is_over(state):
                    raise IllegalAction("the game is over before it")
                applied = self._game.step(state, actions[j])
            except IllegalAction as exc:
                raise StepFails(j, str(exc)) from None
            state = applied.state
            said.append(applied.said)
            if (j + 1) % CHECKPOINT_EVERY == 0:
                marks.append(state)
                tail = []
            else:
                tail.append(state)
        return States(self._game, actions, tuple(marks), tuple(tail), tuple(said))

    def truncated(self, actions: tuple[Any, ...]) -> States:
        """The states of the first ``len(actions)`` actions of this log (a prefix of it)."""
        j, r = divmod(len(actions), CHECKPOINT_EVERY)
        marks, said = self._marks[:j + 1], self.said[:len(actions)]
        if j == len(self._marks) - 1:
            return States(self._game, actions, marks, self._tail[:r], said)
        tail, state = [], marks[-1]
        for action in actions[j * CHECKPOINT_EVERY:]:
            state = self._game.apply(state, action)
            tail.append(state)
        return States(self._game, actions, marks, tuple(tail), said)

    def __repr__(self) -> str:
        return f"<{len(self)} states, {len(self._marks) + len(self._tail)} kept>"


class StepFails(IllegalAction):
    """Replaying a changed log: the action at ``index`` (0-based) no longer applies."""

    def __init__(self, index: int, reason: str):
        super().__init__(reason)
        self.index, self.reason = index, reason


@dataclass(frozen=True)
class Edit:
    """A step whose cards were entered again (the history's Edit): Undo puts ``before``
    back, while the log is ``at`` actions long (nothing pushed since, or all of it undone
    again). Undo leaves an Edit on the redo stack too, whose ``before`` is the step with
    the new cards: Redo puts them back (nothing a player entered is lost)."""

    index: int
    """0-based position of the changed action"""
    before: Any
    """the action the swap puts back: as it was (in ``edits``), as it was entered again
    (on the redo stack)"""
    at: int
    """the log's length when the change was made"""


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

    ``states[i]`` is the state after the first ``i`` actions (kept as checkpoints, see
    ``States``); ``redo_stack`` holds the undone actions, the next one to redo last (and an
    ``Edit`` for each step entered again whose change was undone).
    """

    game: Game
    setup: Setup
    actions: tuple[Any, ...] = ()
    redo_stack: tuple[Any, ...] = ()
    states: Sequence[Any] = field(default=(), repr=False)
    edits: tuple[Edit, ...] = ()
    """steps entered again, oldest first. The last one made at a length the log has reached
    (``at <= len(actions)``) is what Undo takes back while the log is that long; one made
    at a length only the redo stack reaches waits for Redo to bring the log back to it."""

    def __post_init__(self) -> None:
        if not isinstance(self.states, States):  # a tuple of every state (tests build one)
            object.__setattr__(self, "states", States.of(self.game, tuple(self.actions), self.states))

    @classmethod
    def start(cls, game: Game, setup: Setup) -> Session:
        return cls(game, setup, (), (), (game.initial_state(setup),))

    @classmethod
    def replay(cls, game: Game, setup: Setup, actions: list[Any], redo: Sequence[Any] = ()) -> Session:
        """Rebuild from a log, each action applied once (linear in the log's length).
        Raises IllegalAction if an action no longer applies."""
        log = tuple(actions)
        states = States.build(game, game.initial_state(setup), log)
        return cls(game, setup, log, tuple(redo), states)

    def _with(self, **changes: Any) -> Session:
        return dataclasses.replace(self, **changes)

    # --- reading ---------------------------------------------------------------------

    @property
    def _states(self) -> States:
        assert isinstance(self.states, States)  # __post_init__ made it one
        return self.states

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def said(self) -> tuple[Said, ...]:
        """What each step said, in order (``said[i]``: step ``i + 1``): its history line and,
        where the game shows it, its working (the working of the last step: ``said[-1]``)."""
        return self._states.said

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
        states = iter(self.states)  # one pass over the log, one state's summary held at a time
        summary_before = self.game.summary(next(states))
        for i, (said, after) in enumerate(zip(self.said, states)):
            summary_after = self.game.summary(after)
            steps.append(Step(i + 1, said.line, diff(summary_before, summary_after)))
            summary_before = summary_after
        return steps

    @property
    def redo_actions(self) -> tuple[Any, ...]:
        """The undone steps (the redo stack without the undone edits), the next one last."""
        return tuple(a for a in self.redo_stack if not isinstance(a, Edit))

    @property
    def undoes_edit(self) -> Edit | None:
        """The edit Undo takes back now (the last change was an earlier step entered again)."""
        n = len(self.actions)
        last = next((i for i in range(len(self.edits) - 1, -1, -1) if self.edits[i].at <= n), None)
        if last is not None and self.edits[last].at == n:
            return self.edits[last]
        return None

    def describe_step(self, number: int) -> str:
        """Step ``number`` (1-based) in plain words, as the history says it."""
        return self.said[number - 1].line

    def last_step(self) -> str | None:
        """The last step in plain words (what Undo takes back), or None before the first."""
        if not self.actions:
            return None
        edit = self.undoes_edit
        if edit is not None:
            return f"the new cards of step {edit.index + 1} ({self.describe_step(edit.index + 1)})"
        return self.said[-1].line

    def next_redo(self) -> str | None:
        """The step Redo brings back, in plain words, or None."""
        if not self.redo_stack:
            return None
        action = self.redo_stack[-1]
        if isinstance(action, Edit):
            return f"the new cards of step {action.index + 1} ({self.redo().describe_step(action.index + 1)})"
        return self.game.step(self.state, action).line

    def _swap(self, edit: Edit) -> tuple[tuple[Any, ...], States]:
        """The log with ``edit.before`` in its step, and its states (IllegalAction naming the
        step that no longer applies, if one does not)."""
        actions = self.actions[:edit.index] + (edit.before,) + self.actions[edit.index + 1:]
        try:
            return actions, self._states.rebuilt(actions, edit.index)
        except StepFails as exc:
            raise IllegalAction(f"step {exc.index + 1} no longer applies: {exc.reason}") from None

    # --- changing --------------------------------------------------------------------

    def push(self, action: Any) -> Session:
        """Apply one action; raise IllegalAction and change nothing if it is not allowed (a
        finished game takes none: ``Game.apply``)."""
        applied = self.game.step(self.state, action)
        actions = self.actions + (action,)
        return self._with(actions=actions, redo_stack=(), states=self._states.pushed(actions, applied),
                          edits=tuple(e for e in self.edits if e.at < len(actions)))  # the redo stack's go with it

    def undo(self) -> Session:
        """Take back the last change: the last step, or an earlier step's cards entered again
        (the step as it was before, the log as it was)."""
        if not self.actions:
            raise IllegalAction("nothing to undo")
        edit = self.undoes_edit
        if edit is not None:
            actions, states = self._swap(edit)
            return self._with(actions=actions, states=states, edits=tuple(e for e in self.edits if e is not edit),
                              redo_stack=self.redo_stack + (Edit(edit.index, self.actions[edit.index], edit.at),))
        actions = self.actions[:-1]
        return self._with(actions=actions, redo_stack=self.redo_stack + (self.actions[-1],),
                          states=self._states.popped(actions))

    def redo(self) -> Session:
        if not self.redo_stack:
            raise IllegalAction("nothing to redo")
        action = self.redo_stack[-1]
        if isinstance(action, Edit):  # a step's new cards, undone: put them back
            actions, states = self._swap(action)
            return self._with(actions=actions, states=states, redo_stack=self.redo_stack[:-1],
                              edits=self.edits + (Edit(action.index, self.actions[action.index], action.at),))
        applied = self.game.step(self.state, action)
        actions = self.actions + (action,)
        return self._with(actions=actions, redo_stack=self.redo_stack[:-1],
                          states=self._states.pushed(actions, applied))

    def undo_to(self, step: int) -> Session:
        """Back to the state after step ``step`` (0: before the first): every later step goes
        to the redo stack, as that many Undos would put them there (Redo brings them back one
        by one, ``redo_all`` at once; and once the log is as long again, Undo takes back an
        earlier step entered again before the jump, as it would have then)."""
        if not 0 <= step < len(self.actions):
            raise IllegalAction(f"there is no step {step} before the last one to go back to")
        actions = self.actions[:step]
        return self._with(actions=actions, redo_stack=self.redo_stack + tuple(reversed(self.actions[step:])),
                          states=self._states.truncated(actions))

    def redo_all(self) -> Session:
        """Every undone step brought back, in order (IllegalAction, nothing changed, if one no
        longer applies)."""
        if not self.redo_stack:
            raise IllegalAction("nothing to redo")
        session = self
        while session.redo_stack:
            session = session.redo()
        return session

    def replace(self, step: int, action: Any) -> Session:
        """Step ``step`` (1-based) entered again as ``action`` (the same kind of step, other
        cards), the later steps replayed on top. IllegalAction, nothing changed, when the
        new step or a later one no longer applies: the sentence names the step. Undo gives
        back the log as it was."""
        i = step - 1
        if not 0 <= i < len(self.actions):
            raise IllegalAction(f"there is no step {step}")
        old = self.actions[i]
        if getattr(action, "kind", None) != getattr(old, "kind", None):
            raise IllegalAction(f"step {step} can only be entered again as the same kind of step")
        if action == old:
            raise IllegalAction(f"step {step} has these cards already: nothing to change")
        actions = self.actions[:i] + (action,) + self.actions[i + 1:]
        try:
            states = self._states.rebuilt(actions, i)
        except StepFails as exc:
            if exc.index == i:
                raise IllegalAction(f"step {step} cannot take these cards: {exc.reason}") from None
            later = exc.index + 1
            raise IllegalAction(f"step {later} ({self.describe_step(later)}) no longer applies: "
                                f"{exc.reason}") from None
        return self._with(actions=actions, states=states, edits=self.edits + (Edit(i, old, len(actions)),))

    # --- saving ----------------------------------------------------------------------

    def to_record(self) -> SavedLog:
        return SavedLog(
            format=FORMAT,
            version=FORMAT_VERSION,
            game=self.game.id,
            setup=self.setup.model_dump(mode="json"),
            actions=[self.game.dump_action(a) for a in self.actions],
            redo=[self.game.dump_action(a) for a in self.redo_actions],
        )

    def to_json(self) -> str:
        return self.to_record().model_dump_json(indent=1)

    @classmethod
    def from_record(cls, record: SavedLog, *, own_save: bool = False) -> Session:
        """The session of a saved record; ``own_save``: read from this app's own save file
        (what it wrote before a check was added is read as it is), else from a file."""
        from card_companion.companion.registry import GAMES

        game = GAMES.get(record.game)
        if game is None:
            raise IllegalAction(f"this app does not know the game {record.game!r}")
        try:
            setup = game.Setup.model_validate(record.setup, context={"saved": True, "own_save": own_save})
        except ValueError as exc:
            raise IllegalAction(f"the game's setup cannot be read: {plain_validation_error(exc)}") from None
        game.check_player_count(len(setup.players))  # the same checks as a new game
        actions = [game.parse_action(a) for a in record.actions]
        redo = [game.parse_action(a) for a in record.redo]
        return cls.replay(game, setup, actions, redo)

    @classmethod
    def from_json(cls, text: str | bytes, notes: list[str] | None = None) -> Session:
        """Read an exported game; raise IllegalAction saying what is wrong with it. ``notes``
        gets a sentence for each player's name that keeping it changed (``name_note``: an
        invisible character taken out...)."""
        if len(text) > MAX_IMPORT_BYTES:
            raise IllegalAction(f"this file is {len(text) / 2**20:.0f} MB; a saved game is at most "
                                f"{MAX_IMPORT_BYTES // 2**20} MB")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # not UTF-8, not JSON, nested beyond reason
            raise IllegalAction("this is not a saved game: it is not JSON") from None
        return cls.from_data(data, notes)

    @classmethod
    def from_data(cls, data: Any, notes: list[str] | None = None) -> Session:
        """An exported game's JSON, decoded (``from_json``; a file of many games is read one
        game at a time: store_transfer.py); IllegalAction says what is wrong with it. ``notes``:
        as ``from_json``'s."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise IllegalAction("this is not a saved game of this app")
        if isinstance(data.get("version"), int) and data["version"] > FORMAT_VERSION:
            raise IllegalAction(NEWER)
        try:
            record = SavedLog.model_validate(data, strict=True, context={"from_file": True})
        except ValueError as exc:
            raise IllegalAction(f"the saved game is damaged: {plain_validation_error(exc)}") from None
        session = cls.from_record(record)
        if notes is not None:
            notes.extend(names_notes(record.setup.get("players", ())))
        return session


NEWER = "this game was saved by a newer version of the app; update the app to open it"
KNOWN_VERSIONS = (1,)
"""the versions of the save format this app reads (it writes FORMAT_VERSION)"""


def check_version(version: Any) -> int:
    """A version of the save format this app reads; ValueError in one sentence if not."""
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("its version is not a number")
    if version > FORMAT_VERSION:
        raise ValueError(NEWER)
    if version not in KNOWN_VERSIONS:
        known = ", ".join(str(v) for v in KNOWN_VERSIONS)
        raise ValueError(f"{version} is not a version of the save format (this app reads version {known})")
    return version


class SavedLog(BaseModel):
    """The JSON form of a game: what export writes and import reads. Its version must be one
    this app reads; read from a file (``context={"from_file": True}``), every text in it,
    keys included, must be plain text (no control character: ``first_control_character``)."""

    model_config = ConfigDict(extra="forbid")

    format: str = FORMAT
    version: int = FORMAT_VERSION
    game: str
    setup: dict[str, Any]
    actions: list[dict[str, Any]]
    redo: list[dict[str, Any]] = []

    @field_validator("version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        return check_version(version)

    @model_validator(mode="after")
    def _plain_text(self, info: ValidationInfo) -> SavedLog:
        if (info.context or {}).get("from_file"):
            found = first_control_character(self.model_dump())
            if found is not None:
                raise ValueError(f"{found[0]} has a control character ({found[1]}), which is not text a player "
                                 "types")
        return self


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
