"""The saved games and their logs: each game's row (setup, revision, table code, the headline
of its last step), its actions and its edits; reading a game back as its Session, and every
change written as the session made it. A part of ``Store`` (storage.py).

One row per game, one row per logged action (``log_rows``: the live actions, then the undone
ones; the game row's ``live`` says how many are live, so the redo stack survives a reload;
each row keeps when its step was first entered, ``entered``: the time of the write that first
made it a live step; Undo and Redo leave it as it is, cards entered again keep their step's
time, so a finished game's record keeps its time; a step saved undone, as an import's redo
stack, has none until Redo first brings it in),
one row per edit (an earlier step's cards entered again: the action it replaced, kept for
Undo; ``undone`` when it waits on the redo stack). Each game row keeps the headline of its
last step for the saved-games list (read without replaying any game).

**One change, one decision.** Undo, redo and edit are the session's (session.py): a change
is ``commit(game, revision, change)``. The revision is checked and bumped in one write
transaction (a change entered on an older revision is refused, ``StaleGame``, and nothing is
written, whether the other writer is a page of this server or another process); the
session's own method makes the new session, on the session of that revision; ``write_log``
writes what its log became, nothing else. ``change`` is a ``LogChange`` value
(log_changes.py: ``EnterStep(action)``, ``Undo()``, ...): the store has no undo of its own.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
import uuid
from dataclasses import dataclass, replace
from typing import Any

from card_companion.companion.game import IllegalAction
from card_companion.companion.log_changes import LogChange
from card_companion.companion.records import game_records as records
from card_companion.companion.saves.errors import GONE, STALE, StaleGame
from card_companion.companion.session import Edit, SavedLog, Session

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Snapshot:
    """A saved game as one read of the store saw it: its session and its revision."""

    game_id: str
    session: Session
    revision: int
    code: str


@dataclass(frozen=True)
class SavedGame:
    """A line of the home screen's saved-games list."""

    id: str
    game: str
    players: tuple[str, ...]
    updated: float
    actions: int
    problem: str | None = None
    """why this game cannot be opened (then it is listed but left untouched)"""
    code: str = ""
    revision: int = 0
    seat: str | None = None
    """this device's seat ('' before it picked one); None when listed without membership"""
    created: float = 0.0
    headline: str | None = None
    """the game in the players' words at its last step ("Bea leads 3–1 · round 4"); None
    for a game last changed by an older version (the list says its number of steps)"""


def headline_of(session: Session) -> str | None:
    """The line the saved-games list shows for this session (None if the game cannot say
    it: the list falls back to the number of steps, and the step is saved all the same)."""
    try:
        return session.game.headline(session.state)
    except Exception:  # a bug in a headline must never stop a step from being saved
        log.exception("no headline for a %s game", session.game.id)
        return None


def log_rows(session: Session) -> tuple[Any, ...]:
    """The log as the ``actions`` table keeps it (``seq`` 0, 1...): the live actions, then
    the undone ones, the next to redo first (``live`` says where the redo stack starts)."""
    return session.actions + tuple(reversed(session.redo_actions))


def edit_rows(session: Session) -> list[tuple[int, int, Any, int]]:
    """The session's edits as the ``edits`` table keeps them, ``(idx, at, action, undone)``
    in the order of ``n``: the ones Undo can take back (``undone`` 0) in the order they
    were made, then the undone ones waiting on the redo stack, numbered from the bottom of
    the stack up (``_with_edits`` puts each back above the undone step that brings the log
    to its length, the highest number on top)."""
    rows = [(e.index, e.at, e.before, 0) for e in session.edits]
    waiting = [a for a in session.redo_stack if isinstance(a, Edit)]  # the bottom of the stack first
    return rows + [(e.index, e.at, e.before, undone) for undone, e in enumerate(waiting, 1)]


def write_log(db: sqlite3.Connection, game_id: str, before: Session | None, after: Session, now: float) -> None:
    """Make the saved log ``after``'s, where it was ``before``'s (None: nothing saved yet):
    the rows of ``log_rows`` that differ are written, the ones past its end deleted, and
    the edits written again when they changed. No rule here: the session decided.

    When each step was first entered (``entered``): a row that differs within ``before``'s
    live steps is the same step with its cards entered again (an edit, its undo or redo) and
    keeps its time; a row written past them is a step entered anew, ``now`` if it is live and
    none while it waits undone; a step that becomes live without a time (brought in by Redo
    for the first time) takes ``now``."""
    dump = after.game.dump_action
    old, new = log_rows(before) if before is not None else (), log_rows(after)
    was, live = (len(before.actions) if before is not None else 0), len(after.actions)
    changed = [(i, json.dumps(dump(a))) for i, a in enumerate(new)
               if i >= len(old) or (old[i] is not a and old[i] != a)]
    db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, len(new)))
    db.executemany("UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
                   [(text, game_id, i) for i, text in changed if i < was])
    db.executemany("INSERT INTO actions (game_id, seq, action, entered) VALUES (?,?,?,?) ON CONFLICT (game_id, seq) "
                   "DO UPDATE SET action = excluded.action, entered = excluded.entered",
                   [(game_id, i, text, now if i < live else None) for i, text in changed if i >= was])
    if live > was:
        db.execute("UPDATE actions SET entered = ? WHERE game_id = ? AND seq >= ? AND seq < ? AND entered IS NULL",
                   (now, game_id, was, live))
    edits = edit_rows(after)
    if before is None or edit_rows(before) != edits:
        db.execute("DELETE FROM edits WHERE game_id = ?", (game_id,))
        db.executemany("INSERT INTO edits (game_id, n, idx, at, action, undone) VALUES (?,?,?,?,?,?)",
                       [(game_id, n, idx, at, json.dumps(dump(a)), undone)
                        for n, (idx, at, a, undone) in enumerate(edits, 1)])


class GameLogs:
    """The saved games, each one's log and its changes."""

    _read: Any
    _write: Any

    def create(self, session: Session, *, device: str | None = None, seat: str = "table") -> str:
        """Save a new game; ``device`` becomes its first member (with ``seat``). A game made
        without a device (the command line, a test) is open to the server's own machine."""
        with self._write() as db:
            return self._create_in(db, session, time.time(), device=device, seat=seat)

    def _create_in(self, db: sqlite3.Connection, session: Session, now: float, *, device: str | None = None,
                   seat: str = "table", batch: records.Batch | None = None) -> str:
        """``create`` inside a write transaction already open (an import writes every game of
        its file in one), made at ``now``; ``batch``: the records' work left to the end."""
        from card_companion.companion.saves.codes import new_table_code

        game_id = uuid.uuid4().hex[:12]
        code = new_table_code()
        while db.execute("SELECT 1 FROM games WHERE code = ?", (code,)).fetchone():
            code = new_table_code()
        db.execute(
            "INSERT INTO games (id, game, players, setup, live, created, updated, revision, code, host, "
            "headline) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (game_id, session.game.id, json.dumps(list(session.setup.players)),
             session.setup.model_dump_json(), len(session.actions), now, now, 0, code, int(device is None),
             headline_of(session)),
        )
        write_log(db, game_id, None, session, now)
        if device is not None:
            db.execute("INSERT INTO members (game_id, device, seat, joined) VALUES (?,?,?,?)",
                       (game_id, device, seat, now))
        records.sync(db, game_id, session, batch)  # an imported finished game adds its record
        return game_id

    def snapshot(self, game_id: str) -> Snapshot:
        """The saved game and its revision, from one read. IllegalAction says why it cannot
        be read (and the game is left as it is)."""
        with self._read() as db:
            return self._snapshot_in(db, game_id)

    def _snapshot_in(self, db: sqlite3.Connection, game_id: str) -> Snapshot:
        """``snapshot`` inside a transaction already open."""
        row = db.execute("SELECT game, setup, live, revision, code FROM games WHERE id = ?",
                         (game_id,)).fetchone()
        if row is None:
            raise IllegalAction("there is no saved game with that id")
        rows = db.execute("SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq",
                          (game_id,)).fetchall()
        edit_rows = db.execute("SELECT idx, at, action, undone FROM edits WHERE game_id = ? ORDER BY n",
                               (game_id,)).fetchall()
        game, setup, live, revision, code = row
        try:
            setup_data = json.loads(setup)
        except (ValueError, TypeError):
            raise IllegalAction("the saved game is damaged: its setup is not readable") from None
        actions = []
        for i, (_, text) in enumerate(rows, 1):
            try:
                actions.append(json.loads(text))
            except (ValueError, TypeError):
                raise IllegalAction(f"the saved game is damaged: step {i} of its log is not readable") from None
        if not isinstance(live, int) or not 0 <= live <= len(actions):
            raise IllegalAction("the saved game is damaged: its step count does not match its log")
        try:
            record = SavedLog(game=game, setup=setup_data, actions=actions[:live],
                              redo=list(reversed(actions[live:])))
            session = Session.from_record(record, own_save=True)
            if edit_rows:
                session = self._with_edits(session, edit_rows, live, len(actions))
        except IllegalAction:
            raise
        except (ValueError, TypeError) as exc:
            raise IllegalAction(f"the saved game is damaged: {exc}") from None
        return Snapshot(game_id, session, revision, code or "")

    @staticmethod
    def _with_edits(session: Session, rows: list[tuple[int, int, str, int]], live: int, length: int) -> Session:
        """The session with its saved edits (steps entered again): the ones Undo can take
        back (``undone`` 0, in the order they were made) and the undone ones, each on the redo
        stack just above the undone step that brings the log back to its length (the last
        undone on top)."""
        edits, waiting = [], []
        for idx, at, text, undone in rows:
            if not (isinstance(idx, int) and isinstance(at, int) and isinstance(undone, int)
                    and 0 <= idx < at <= length and (not undone or at >= live)):
                raise IllegalAction("the saved game is damaged: a changed step's place does not match its log")
            try:
                action = session.game.parse_action(json.loads(text))
            except (ValueError, TypeError):
                raise IllegalAction(f"the saved game is damaged: the other cards of step {idx + 1} are not "
                                    "readable") from None
            if undone:
                waiting.append((undone, Edit(idx, action, at)))
            else:
                edits.append(Edit(idx, action, at))
        redo = session.redo_stack  # the undone steps: redo[-1] is step live + 1
        top_first: list[Any] = []
        for length_now in range(live, length + 1):
            top_first += [e for _, e in sorted((w for w in waiting if w[1].at == length_now), key=lambda w: -w[0])]
            if length_now < length:
                top_first.append(redo[-1 - (length_now - live)])
        return replace(session, edits=tuple(edits), redo_stack=tuple(reversed(top_first)))

    def load(self, game_id: str) -> Session:
        """The saved game; IllegalAction says why if it cannot be read."""
        return self.snapshot(game_id).session

    def revision(self, game_id: str) -> int | None:
        """The game's revision now (None when it is not saved)."""
        with self._read() as db:
            row = db.execute("SELECT revision FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else row[0]

    def _expect(self, db: sqlite3.Connection, game_id: str, revision: int) -> str:
        """The game's table code if it is still at ``revision``; StaleGame if not."""
        row = db.execute("SELECT code, revision FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StaleGame(GONE)
        if row[1] != revision:
            raise StaleGame(STALE)
        return row[0] or ""

    def _bump(self, db: sqlite3.Connection, game_id: str, after: Session, now: float) -> int:
        """The game's new live length and headline, one revision on, and its record as it now
        stands (``records.sync`` with the game as written)."""
        db.execute("UPDATE games SET live = ?, revision = revision + 1, updated = ?, headline = ? WHERE id = ?",
                   (len(after.actions), now, headline_of(after), game_id))
        records.sync(db, game_id, after)
        return db.execute("SELECT revision FROM games WHERE id = ?", (game_id,)).fetchone()[0]

    # --- the records' hook (companion/records/game_records.py keeps them, in the same transactions) ------
    def _session_or_none(self, db: sqlite3.Connection, game_id: str) -> Session | None:
        """The game as saved, read inside this transaction (None if it cannot be read)."""
        try:
            return self._snapshot_in(db, game_id).session
        except IllegalAction:
            return None


    # --- changes: the session decides, the store writes what its log became ----------------

    def commit(self, game_id: str, revision: int, change: LogChange, *, shown: Session | None = None) -> Snapshot:
        """One change of the game, if it is still at ``revision``: ``change`` (``EnterStep``,
        ``Undo``, ...: the session's own method) gives the new session, and what its log became
        is written in the same transaction as the revision check. ``shown``: the session of
        that revision as the caller holds it (the check proves it is the saved one, so the
        log is not replayed again); else it is read inside the transaction. IllegalAction
        (the session refuses) and StaleGame write nothing."""
        after = change(shown) if shown is not None else None  # the rules, before the file is locked
        with self._write() as db:
            code = self._expect(db, game_id, revision)
            before = shown if shown is not None else self._snapshot_in(db, game_id).session
            if after is None:
                after = change(before)
            now = time.time()
            write_log(db, game_id, before, after, now)
            return Snapshot(game_id, after, self._bump(db, game_id, after, now), code)

    def saved_games(self, device: str | None = None, *, host_games: bool = False) -> list[SavedGame]:
        """Saved games, the most recently played first: every game (``device`` None: the
        command line, the host's admin view), or the games ``device`` belongs to, plus the
        games made on the server itself when ``host_games``. A game whose record cannot be
        read carries a problem (a log that no longer replays is found when it is opened)."""
        from card_companion.companion.registry import GAMES

        with self._read() as db:
            if device is None:
                rows = db.execute(
                    "SELECT id, game, players, updated, live, code, revision, NULL, created, headline FROM games "
                    "ORDER BY updated DESC").fetchall()
            else:
                rows = db.execute(
                    "SELECT g.id, g.game, g.players, g.updated, g.live, g.code, g.revision, m.seat, g.created, "
                    "g.headline "
                    "FROM games g LEFT JOIN members m ON m.game_id = g.id AND m.device = ? "
                    "WHERE m.device IS NOT NULL OR (? AND g.host = 1) ORDER BY g.updated DESC",
                    (device, int(host_games))).fetchall()
        out = []
        for game_id, game, players, updated, live, code, revision, seat, created, headline in rows:
            problem = None
            try:
                names = tuple(str(n) for n in json.loads(players))
            except (ValueError, TypeError):
                names, problem = (), "its player list is damaged"
            if problem is None and game not in GAMES:
                problem = f"this app does not know the game {game!r}"
            out.append(SavedGame(game_id, game, names, updated, live, problem, code or "", revision, seat,
                                 created, headline if isinstance(headline, str) else None))
        return out

    def delete(self, game_id: str) -> None:
        with self._write() as db:
            records.forget(db, game_id)
            db.execute("DELETE FROM members WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM edits WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
