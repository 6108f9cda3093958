"""Saved games in SQLite (stdlib sqlite3), in the user's data directory.

One row per game (its setup, how many of its logged actions are live, its revision and its
table code), one row per logged action, one row per device that belongs to the game (its
seat). Pushing an action is one INSERT (after dropping the redo tail); undo and redo only
move the live length, so the redo stack survives a reload too. Going back to an earlier step
(``undo_to``) and bringing every undone step back (``redo_all``) move it in one write. An
earlier step's cards entered again (``replace``) rewrite that one row and keep the row as it
was in ``edits``, so Undo puts it back exactly; Undo swaps them again and marks the edit
``undone`` (it waits on the redo stack, and Redo swaps it back). Each game row keeps the headline of its last
step for the saved-games list (read without replaying any game). Every change is committed
before the caller shows its result.

**Revisions.** Every game has a revision that every write checks and bumps. The store is
told what happened -- ``push(game, action, revision)``, ``undo(game, revision)``,
``redo(game, revision)`` -- with the revision of the state the step was entered on; a step
entered on an older revision is refused (``StaleGame``) and nothing is written, whether the
other writer is a page of this server or another process.

**Connections.** One connection per thread (a read never sees another thread's half-done
write), WAL where the folder allows it, reads inside a read transaction (both queries of a
load see one committed state), ``busy_timeout`` for another process holding the file: busy
is waited for and then said in plain words, never taken for damage.

**Damage.** ``PRAGMA quick_check`` runs at open. A file that is not SQLite, fails its check,
or was written by a newer version is never written into: ``open_store`` says why and opens a
spare file beside it (``games-1.sqlite3``). A file that is only *busy* is never forked: the
store keeps it and checks again at its next use. Every database or decoding error reaches
the caller as one plain sentence (``StoreError``, or ``IllegalAction`` for one game that
cannot be read).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import threading
import time
import uuid
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import quote

from card_companion.companion import records
from card_companion.companion.game import IllegalAction
from card_companion.companion.read_only import read_without_writing
from card_companion.companion.session import FORMAT, FORMAT_VERSION, Edit, SavedLog, Session, check_version
from card_companion.companion.store_errors import GONE, READ_ONLY, STALE, SeatTaken, StaleGame, StoreBusy, StoreError
from card_companion.companion.store_seats import TableSeats

ALL_FORMAT = "card-companion-games"
"""The format of ``companion export --all``: every saved game of a save file in one JSON file"""

log = logging.getLogger(__name__)

SCHEMA_VERSION = 4
FILE_NAME = "games.sqlite3"
ENV_DATA_DIR = "COMPANION_DATA_DIR"
BUSY_TIMEOUT = 2.0
"""seconds a write waits for another process's lock before it is refused with a sentence"""
OPEN_WAIT = 10.0
"""seconds the app waits at start for a save file another process holds"""

_TABLES = """
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    setup TEXT NOT NULL,
    live INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0,
    code TEXT,
    host INTEGER NOT NULL DEFAULT 0,
    headline TEXT
);
CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""
_V2_ADDITIONS = """
CREATE UNIQUE INDEX games_code ON games(code);
CREATE TABLE members (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    device TEXT NOT NULL,
    seat TEXT NOT NULL DEFAULT '',
    joined REAL NOT NULL,
    PRIMARY KEY (game_id, device)
);
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
_V3_ADDITIONS = """
CREATE TABLE edits (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    at INTEGER NOT NULL,
    action TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, n)
);
"""
_V2_TO_V3 = """
ALTER TABLE games ADD COLUMN headline TEXT;
"""
_V1_TO_V2 = """
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN code TEXT;
ALTER TABLE games ADD COLUMN host INTEGER NOT NULL DEFAULT 0;
"""
_COLUMNS = {
    "games": ("id", "game", "players", "setup", "live", "created", "updated", "revision", "code", "host",
              "headline"),
    "actions": ("game_id", "seq", "action"),
    "members": ("game_id", "device", "seat", "joined"),
    "meta": ("key", "value"),
    "edits": ("game_id", "n", "idx", "at", "action", "undone"),
    **records.COLUMNS,
}



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


FLET_DATA_DIR = "FLET_APP_STORAGE_DATA"
"""set by a packaged Flet app (`flet build`) to the app's own data folder on the phone"""


def default_data_dir() -> Path:
    """Where the saves live: $COMPANION_DATA_DIR, else the packaged app's own data folder
    ($FLET_APP_STORAGE_DATA), else the user's data directory."""
    for var in (ENV_DATA_DIR, FLET_DATA_DIR):
        env = os.environ.get(var)
        if env:
            return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("card-companion", appauthor=False))


def plain_error(exc: sqlite3.Error, path: str) -> StoreError:
    """A database error as one sentence a player can act on."""
    text = str(exc).lower()
    if "locked" in text or "busy" in text:
        return StoreBusy("the save file is busy: another program is using it. Nothing was changed; "
                         "try again in a moment")
    if "full" in text:
        return StoreError("the disk is full: nothing was saved. Free some space and try again")
    if "readonly" in text or "read-only" in text or "read only" in text:
        return StoreError(READ_ONLY)
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return StoreError(f"the save file {path} is damaged ({exc}): nothing more is written into it")
    if "disk i/o" in text or "i/o error" in text:
        return StoreError("the disk could not be read or written (I/O error): nothing was saved")
    if "unable to open" in text:
        return StoreError(f"the save file {path} cannot be opened ({exc})")
    return StoreError(f"the save file could not be used ({exc})")


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


def write_log(db: sqlite3.Connection, game_id: str, before: Session | None, after: Session) -> None:
    """Make the saved log ``after``'s, where it was ``before``'s (None: nothing saved yet):
    the rows of ``log_rows`` that differ are written, the ones past its end deleted, and
    the edits written again when they changed. No rule here: the session decided."""
    dump = after.game.dump_action
    old, new = log_rows(before) if before is not None else (), log_rows(after)
    changed = [(game_id, i, json.dumps(dump(a))) for i, a in enumerate(new)
               if i >= len(old) or (old[i] is not a and old[i] != a)]
    db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, len(new)))
    db.executemany("INSERT INTO actions (game_id, seq, action) VALUES (?,?,?) "
                   "ON CONFLICT (game_id, seq) DO UPDATE SET action = excluded.action", changed)
    edits = edit_rows(after)
    if before is None or edit_rows(before) != edits:
        db.execute("DELETE FROM edits WHERE game_id = ?", (game_id,))
        db.executemany("INSERT INTO edits (game_id, n, idx, at, action, undone) VALUES (?,?,?,?,?,?)",
                       [(game_id, n, idx, at, json.dumps(dump(a)), undone)
                        for n, (idx, at, a, undone) in enumerate(edits, 1)])


class Store(TableSeats):
    """The saved games of one file. Safe to share between threads and pages."""

    def __init__(self, path: Path | str, *, read_only: bool = False, busy_timeout: float = BUSY_TIMEOUT,
                 open_wait: float = 0.0, check: bool = True):
        self.path = str(path)
        self.read_only = read_only
        self.busy_timeout = busy_timeout
        self.damaged: str | None = None
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._guard = threading.Lock()
        self._checked = False
        self._closed = False
        self._memory_anchor: sqlite3.Connection | None = None
        self.read_as: str | None = None
        """a read-only save SQLite cannot read in place: 'immutable', or 'a copy' (read_only.py)"""
        if self.path == ":memory:":
            # one database shared by every thread's connection while the app runs
            self._uri = f"file:companion-{uuid.uuid4().hex}?mode=memory&cache=shared"
            self._memory_anchor = self._connect()
        elif read_only:
            self._uri = f"file:{quote(os.path.abspath(self.path))}?mode=ro"
        else:
            self._uri = f"file:{quote(os.path.abspath(self.path))}"
        if check:
            self._open_checks(open_wait)

    # --- connections ---------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(self._uri, uri=True, timeout=self.busy_timeout, isolation_level=None,
                                 check_same_thread=False)
            db.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            raise self._plain(exc) from None
        with self._guard:
            self._connections.append(db)
        return db

    @property
    def db(self) -> sqlite3.Connection:
        """This thread's connection (one per thread: a read never sees another's half-done write)."""
        if self._closed:
            raise StoreError("the save file is closed")
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self._connect()
        return db

    def close(self) -> None:
        self._closed = True
        self._close_connections()

    def _close_connections(self) -> None:
        with self._guard:
            connections, self._connections = self._connections, []
        self._local = threading.local()
        for db in connections:
            try:
                db.close()
            except sqlite3.Error:
                pass

    def _read_in_place_failed(self) -> bool:
        """Read a read-only save SQLite cannot open where it is as immutable, or from a
        private copy with its write-ahead log (``read_only.py``). False: tried already."""
        if self.read_as is not None or not self.read_only or self.path == ":memory:":
            return False
        self._close_connections()
        try:
            self._uri, self.read_as, folder = read_without_writing(self.path)
        except OSError as exc:
            raise StoreError(f"the save file {self.path} cannot be read ({exc.strerror or exc})") from None
        if folder:
            weakref.finalize(self, shutil.rmtree, folder, True)
        log.info("%s is read-only and cannot be read in place: read as %s", self.path, self.read_as)
        return True

    def _plain(self, exc: sqlite3.Error) -> StoreError:
        err = plain_error(exc, self.path)
        if "damaged" in str(err):
            self.damaged = str(err)
        return err

    # --- opening: checks and migrations ---------------------------------------------------

    def _open_checks(self, wait: float) -> None:
        """Read the file's version, check it (quick_check), create or migrate its tables.
        Busy waits up to ``wait`` seconds, then raises StoreBusy (the caller keeps the file)."""
        deadline = time.monotonic() + wait
        while True:
            try:
                self._check_once()
                self._checked = True
                return
            except StoreBusy:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.2)
            except StoreError as exc:
                if "unable to open" not in str(exc) or not self._read_in_place_failed():
                    raise

    def _check_once(self) -> None:
        db = self.db
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            check = [r[0] for r in db.execute("PRAGMA quick_check")]
        except sqlite3.DatabaseError as exc:
            err = self._plain(exc)
            if isinstance(err, StoreBusy):
                raise err from None
            if "malformed" in str(exc).lower():
                raise StoreError(f"{self.path} is damaged ({exc})") from None
            raise StoreError(f"{self.path} is not a readable save file ({exc})") from None
        if check != ["ok"]:
            self.damaged = f"{self.path} is damaged ({'; '.join(check[:3])})"
            raise StoreError(self.damaged)
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer version of the app (save format {version}); "
                             "update the app to open it")
        if version == 0 and tables - {"games", "actions"}:
            raise StoreError(f"{self.path} is a database of another program")
        if version == 0 and tables:
            raise StoreError(f"{self.path} is not a save file of this app")
        if version < SCHEMA_VERSION:
            if self.read_only:
                raise StoreError(f"{self.path} was saved by an older version of the app and cannot be "
                                 "upgraded in a read-only folder")
            self._create_or_migrate(version)
        self._check_columns()
        if not self.read_only and self._memory_anchor is None:
            try:  # readers never wait for a writer; skipped where the folder does not allow it
                db.execute("PRAGMA journal_mode = WAL")
            except sqlite3.Error:
                pass

    def _create_or_migrate(self, version: int) -> None:
        """Version 0 (a new file) gets the tables; version 1 gets revisions, table codes and
        seats; version 2 gets the saved-games list's headline and the edits (an earlier
        step's cards entered again, kept for Undo); version 3 the records of the finished
        games. One transaction: a migration that fails leaves the file as it was. A game
        from before version 3 has no headline until its next step (the list says its number of
        steps meanwhile)."""
        from card_companion.companion.access import new_table_code

        with self._write(check=False) as db:
            now_version = db.execute("PRAGMA user_version").fetchone()[0]
            if now_version != version:  # another process migrated it meanwhile
                return
            if version == 0:
                for statement in (_TABLES + _V2_ADDITIONS + _V3_ADDITIONS).split(";"):
                    if statement.strip():
                        db.execute(statement)
            elif version == 2:
                for statement in (_V2_TO_V3 + _V3_ADDITIONS).split(";"):
                    if statement.strip():
                        db.execute(statement)
            elif version == 1:  # 1 -> 3
                for statement in (_V1_TO_V2 + _V2_ADDITIONS + _V2_TO_V3 + _V3_ADDITIONS).split(";"):
                    if statement.strip():
                        db.execute(statement)
                taken: set[str] = set()
                for (gid,) in db.execute("SELECT id FROM games").fetchall():
                    code = new_table_code()
                    while code in taken:
                        code = new_table_code()
                    taken.add(code)
                    # made before tables had codes: open to the browsers of the server's own machine
                    db.execute("UPDATE games SET code = ?, host = 1 WHERE id = ?", (code, gid))
            # 3 -> 4: the records of the finished games, made from the saves (records.py)
            records.create_tables(db, lambda gid: self._session_or_none(db, gid))
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _check_columns(self) -> None:
        try:
            for table, columns in _COLUMNS.items():
                self.db.execute(f"SELECT {', '.join(columns)} FROM {table} LIMIT 1")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} is damaged ({exc})") from None

    def _ready(self) -> None:
        """A store opened while the file was busy checks it again at its next use."""
        if not self._checked:
            self._open_checks(0)

    # --- transactions ----------------------------------------------------------------------

    @contextmanager
    def _write(self, check: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction. A failure rolls back once (if SQLite has not already) and
        reaches the caller as the real error in plain words, never as a failed rollback."""
        if check:
            self._ready()
            if self.damaged:
                raise StoreError(f"{self.damaged}: nothing more is written into it")
            if self.read_only:
                raise StoreError(READ_ONLY)
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._plain(exc) from None
        try:
            yield db
        except BaseException as exc:
            if db.in_transaction:
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    log.warning("rollback after %r failed", exc, exc_info=True)
            if isinstance(exc, sqlite3.Error):
                raise self._plain(exc) from None
            raise
        else:
            try:
                db.execute("COMMIT")
            except sqlite3.Error as exc:
                if db.in_transaction:
                    try:
                        db.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                raise self._plain(exc) from None

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: every query inside sees the same committed state."""
        self._ready()
        db = self.db
        try:
            db.execute("BEGIN")
            try:
                yield db
            finally:
                if db.in_transaction:
                    db.execute("COMMIT")
        except sqlite3.Error as exc:
            raise self._plain(exc) from None

    # --- games -------------------------------------------------------------------------

    def create(self, session: Session, *, device: str | None = None, seat: str = "table") -> str:
        """Save a new game; ``device`` becomes its first member (with ``seat``). A game made
        without a device (the command line, a test) is open to the server's own machine."""
        from card_companion.companion.access import new_table_code

        game_id = uuid.uuid4().hex[:12]
        now = time.time()
        with self._write() as db:
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
            write_log(db, game_id, None, session)
            if device is not None:
                db.execute("INSERT INTO members (game_id, device, seat, joined) VALUES (?,?,?,?)",
                           (game_id, device, seat, now))
            records.sync(db, game_id, session)  # an imported finished game adds its record
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

    def _bump(self, db: sqlite3.Connection, game_id: str, after: Session) -> int:
        """The game's new live length and headline, one revision on, and its record as it now
        stands (``records.sync`` with the game as written)."""
        db.execute("UPDATE games SET live = ?, revision = revision + 1, updated = ?, headline = ? WHERE id = ?",
                   (len(after.actions), time.time(), headline_of(after), game_id))
        records.sync(db, game_id, after)
        return db.execute("SELECT revision FROM games WHERE id = ?", (game_id,)).fetchone()[0]

    # --- the records' hook (companion/records.py keeps them, in the same transactions) ------
    def _session_or_none(self, db: sqlite3.Connection, game_id: str) -> Session | None:
        """The game as saved, read inside this transaction (None if it cannot be read)."""
        try:
            return self._snapshot_in(db, game_id).session
        except IllegalAction:
            return None

    reading = _read  # one read transaction, for the records and statistics: `with store.reading() as db`
    writing = _write  # one write transaction, for renaming and merging players

    # --- changes: the session decides, the store writes what its log became ----------------

    def commit(self, game_id: str, revision: int, change: Callable[[Session], Session], *,
               shown: Session | None = None) -> Snapshot:
        """One change of the game, if it is still at ``revision``: ``change`` (a Session
        method: ``lambda s: s.push(action)``) gives the new session, and what its log became
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
            write_log(db, game_id, before, after)
            return Snapshot(game_id, after, self._bump(db, game_id, after), code)

    def push(self, game_id: str, action: Any, revision: int, *, shown: Session | None = None) -> int:
        """Session.push, saved (``commit``); the new revision."""
        return self.commit(game_id, revision, lambda s: s.push(action), shown=shown).revision

    def undo(self, game_id: str, revision: int, *, shown: Session | None = None) -> int:
        """Session.undo, saved (``commit``); the new revision."""
        return self.commit(game_id, revision, lambda s: s.undo(), shown=shown).revision

    def redo(self, game_id: str, revision: int, *, shown: Session | None = None) -> int:
        """Session.redo, saved (``commit``); the new revision."""
        return self.commit(game_id, revision, lambda s: s.redo(), shown=shown).revision

    def redo_all(self, game_id: str, revision: int, *, shown: Session | None = None) -> int:
        """Session.redo_all, saved (``commit``); the new revision."""
        return self.commit(game_id, revision, lambda s: s.redo_all(), shown=shown).revision

    def undo_to(self, game_id: str, step: int, revision: int, *, shown: Session | None = None) -> int:
        """Session.undo_to, saved (``commit``); the new revision."""
        return self.commit(game_id, revision, lambda s: s.undo_to(step), shown=shown).revision

    def replace(self, game_id: str, step: int, action: Any, revision: int, *, shown: Session | None = None) -> int:
        """Session.replace, saved (``commit``); the new revision."""
        return self.commit(game_id, revision, lambda s: s.replace(step, action), shown=shown).revision

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

    def export_json(self, game_id: str) -> str:
        return self.load(game_id).to_json()

    def import_json(self, text: str | bytes, *, device: str | None = None) -> str:
        """Add an exported game as a new saved game; IllegalAction says what is wrong."""
        return self.create(Session.from_json(text), device=device)

    def export_all(self) -> tuple[str, list[str]]:
        """Every saved game in one file (``companion export --all``), and one sentence for
        each game that could not be read and is therefore not in it."""
        games, left_out = [], []
        for g in self.saved_games():
            try:
                games.append(json.loads(self.export_json(g.id)))
            except (IllegalAction, StoreError) as exc:
                left_out.append(f"{g.id} ({g.game}) is not in the file: {exc}")
        text = json.dumps({"format": ALL_FORMAT, "version": FORMAT_VERSION, "games": games}, indent=1,
                          ensure_ascii=False)
        return text, left_out

    def import_file(self, text: str | bytes, *, device: str | None = None) -> list[str]:
        """Import one exported game or a file of ``export --all``: each game becomes a new
        saved game with a new id, so nothing already saved is ever overwritten (a file
        imported twice gives each game twice). Every game of the file is read before the
        first is saved: one that cannot be read refuses the whole file, and nothing changes."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise IllegalAction("this is not a saved game: it is not JSON") from None
        if not (isinstance(data, dict) and data.get("format") == ALL_FORMAT):
            return [self.import_json(text, device=device)]
        try:
            check_version(data.get("version"))
        except ValueError as exc:
            raise IllegalAction(f"this file of saved games cannot be read: {exc}") from None
        games = data.get("games")
        if not isinstance(games, list):
            raise IllegalAction("this file of saved games is damaged: it has no list of games")
        sessions = []
        for n, game in enumerate(games, 1):
            try:
                sessions.append(Session.from_json(json.dumps(game)))
            except IllegalAction as exc:
                raise IllegalAction(f"game {n} of {len(games)} in the file cannot be imported ({exc}); "
                                    "nothing was imported") from None
        return [self.create(s, device=device) for s in sessions]



@dataclass(frozen=True)
class OpenedStore:
    store: Store
    problem: str | None = None
    """what went wrong with the main save file, for the home screen"""


def open_store(data_dir: Path | str | None = None, *, wait: float = OPEN_WAIT) -> OpenedStore:
    """Open the save file. Busy: keep it and say so (it is checked again at its next use).
    Read-only folder: open it read-only and say so. Not readable, damaged or newer: leave it
    untouched and open a spare file beside it."""
    folder = Path(data_dir) if data_dir is not None else default_data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return OpenedStore(Store(":memory:"), f"the data folder {folder} cannot be created ({exc.strerror or exc}); "
                           "games will not be saved after the app stops")
    main = folder / FILE_NAME
    writable = os.access(folder, os.W_OK) and (not main.exists() or os.access(main, os.W_OK))
    if not writable:
        if not main.exists():
            return OpenedStore(Store(":memory:"), f"the data folder {folder} is read-only; games will not be "
                               "saved after the app stops")
        try:
            return OpenedStore(Store(main, read_only=True),
                               f"the save folder {folder} is read-only: its games can be looked at, but nothing "
                               "can be changed")
        except StoreError as exc:
            return OpenedStore(Store(":memory:"), f"{exc}; games will not be saved after the app stops")
    try:
        return OpenedStore(Store(main, open_wait=wait))
    except StoreBusy:
        return OpenedStore(Store(main, check=False),
                           f"the save file {main} is busy: another program is using it. The saved games show "
                           "once it is free; nothing is saved anywhere else")
    except StoreError as exc:
        problem = str(exc)
    for i in range(1, 100):
        spare = folder / f"games-{i}.sqlite3"
        try:
            store = Store(spare, open_wait=wait)
        except StoreBusy:
            continue
        except StoreError:
            continue
        return OpenedStore(store, f"{problem}. It was left untouched; games are saved in {spare} instead.")
    return OpenedStore(Store(":memory:"), f"{problem}; games will not be saved after the app stops")


__all__ = ["FORMAT", "FORMAT_VERSION", "READ_ONLY", "OpenedStore", "SavedGame", "SeatTaken", "Snapshot", "StaleGame",
           "Store", "StoreBusy", "StoreError", "open_store"]
