"""The save file's tables and their versions: what a new file gets, the migrations from every
earlier version (each one transaction: a migration that fails leaves the file as it was), and
the checks at open. A part of ``Store`` (storage.py).

**Damage.** ``PRAGMA quick_check`` runs at open. A file that is not SQLite, fails its check,
or was written by a newer version is never written into (``open_store`` says why and opens a
spare file beside it). A file that is only *busy* is checked again at its next use.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from card_companion.companion.records import game_records as records
from card_companion.companion.records import totals
from card_companion.companion.records.names import untidy
from card_companion.companion.saves.errors import OlderSave, StoreBusy, StoreError

SCHEMA_VERSION = 6

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
    headline TEXT,
    anyone_enters INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    entered REAL,
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
_STEP_TIMES = """
ALTER TABLE actions ADD COLUMN entered REAL;
UPDATE actions SET entered = (SELECT updated FROM games WHERE games.id = actions.game_id);
"""
"""version 4 -> 5, and every older file: when each step was first entered; a step saved before
then gets its game's last change, the best time known (a finished game keeps the time its
record had)"""
_ANYONE_ENTERS = """
ALTER TABLE games ADD COLUMN anyone_enters INTEGER NOT NULL DEFAULT 0;
"""
"""version 5 -> 6, and every older file: the table's setting "any phone may enter for anyone"
(off: a player's phone enters that player's own choices and the shared steps)"""
_V1_TO_V2 = """
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN code TEXT;
ALTER TABLE games ADD COLUMN host INTEGER NOT NULL DEFAULT 0;
"""
_COLUMNS = {
    "games": ("id", "game", "players", "setup", "live", "created", "updated", "revision", "code", "host",
              "headline", "anyone_enters"),
    "actions": ("game_id", "seq", "action", "entered"),
    "members": ("game_id", "device", "seat", "joined"),
    "meta": ("key", "value"),
    "edits": ("game_id", "n", "idx", "at", "action", "undone"),
    **records.COLUMNS,
}


class Schema:
    """The checks and migrations a save file gets when it is opened."""

    path: str
    read_only: bool
    keeper: Any
    damaged: str | None
    db: Any
    _memory_anchor: Any
    _write: Any
    _plain: Any
    _read_in_place_failed: Any
    _session_or_none: Any
    _checked = False

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
        if check != ["ok"]:  # (each line of the check on one line: the damage is said in one sentence)
            self.damaged = f"{self.path} is damaged ({'; '.join(' '.join(c.split()) for c in check[:3])})"
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
                raise OlderSave(f"{self.path} was saved by an older version of the app and cannot be "
                                "upgraded in a read-only folder")
            self._create_or_migrate(version)
        self._check_columns()
        if not self.read_only:
            self._tidy_names()
        if not self.read_only and self._memory_anchor is None and self.keeper is None:
            # readers never wait for a writer (skipped where the folder does not allow it; and
            # for a file a keeper takes whole after each commit: store_file.py)
            try:
                db.execute("PRAGMA journal_mode = WAL")
            except sqlite3.Error:
                pass

    def _create_or_migrate(self, version: int) -> None:
        """Version 0 (a new file) gets the tables; version 1 gets revisions, table codes and
        seats; version 2 gets the saved-games list's headline and the edits (an earlier
        step's cards entered again, kept for Undo); version 3 the records of the finished
        games; version 4 the time each step was first entered, the records of the games
        stopped early and scored at their stop (made again from the saves) and the running totals
        of this year and this month (totals.py); version 5 the table's setting "any phone may enter
        for anyone". One transaction: a migration that fails leaves
        the file as it was. A game from before version 3 has no headline until its next step (the
        list says its number of steps meanwhile)."""
        from card_companion.companion.saves.codes import new_table_code

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
            if "entered" not in {r[1] for r in db.execute("PRAGMA table_info(actions)")}:
                for statement in _STEP_TIMES.split(";"):  # -> 5: the time each step was first entered
                    if statement.strip():
                        db.execute(statement)
            if "anyone_enters" not in {r[1] for r in db.execute("PRAGMA table_info(games)")}:
                db.execute(_ANYONE_ENTERS)  # -> 6: the table's "any phone may enter for anyone"
            if version == 5:
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                return

            def sessions(gid: str) -> Any:  # a game read inside this transaction
                return self._session_or_none(db, gid)

            if version < 4:  # -> 5: the records of the finished games, made from the saves (records.py)
                records.create_tables(db, sessions)
            else:  # 4 -> 5: the totals of this year and this month too; a record says whether it was
                # stopped early, and the games stopped early count now (the records made again)
                db.execute("ALTER TABLE records ADD COLUMN stopped INTEGER NOT NULL DEFAULT 0")
                totals.recreate_tables(db)
                records.rebuild(db, sessions)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _tidy_names(self) -> None:
        """The players of records made before names were kept normalised, tidied once
        (records.tidy_names: idempotent, so no save format of its own)."""
        try:
            to_tidy = untidy(self.db)
        except sqlite3.DatabaseError as exc:
            raise self._plain(exc) from None
        if to_tidy:
            with self._write(check=False) as db:
                records.tidy_names(db)

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
