"""The save file itself: one SQLite connection per thread, the read and write transactions,
and every database error said in one sentence. A part of ``Store`` (storage.py).

**Connections.** One connection per thread (a read never sees another thread's half-done
write), WAL where the folder allows it (set at open: store_schema.py), reads inside a read
transaction (every query of a load sees one committed state), ``busy_timeout`` for another
process holding the file: busy is waited for and then said in plain words, never taken for
damage. A read-only save SQLite cannot open in place is read as immutable, or from a private
copy with its write-ahead log (``read_only.py``). ``:memory:`` is one database shared by every
thread's connection while the app runs.

**A file kept elsewhere.** The phone app's save file lives in the memory of the phone's Python
(WebAssembly has no disk of its own) and is kept in the browser's storage by a ``Keeper``: after
every committed write the file is handed to it, and the write returns only once the keeper has
it, so a step is acknowledged after it is on the phone's storage as it is after SQLite's commit
on a disk. Such a file has a rollback journal in memory (no write-ahead log: the keeper takes the
file alone). A keeper that fails (the phone's storage full) is said once, in one sentence
(``keep_problem``); the app goes on in memory.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import threading
import uuid
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

from card_companion.companion.saves.errors import READ_ONLY, StoreBusy, StoreError
from card_companion.companion.saves.read_only import read_without_writing, untouched

log = logging.getLogger(__name__)

BUSY_TIMEOUT = 2.0
"""seconds a write waits for another process's lock before it is refused with a sentence"""


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


class Keeper(Protocol):
    """Where a save file that lives in memory is kept for good (the phone app: the browser's own
    storage, tools/phone/storage.js)."""

    def keep(self, path: str) -> None:
        """Keep the file as it is now; return once it is kept, or raise ``KeepFailed``."""


class KeepFailed(Exception):
    """The keeper could not keep the file: its sentence says why and what follows."""


class SaveFile:
    """The connections and transactions of one save file. Safe to share between threads."""

    _ready: Any  # the schema's check of a file that was busy at open (store_schema.Schema)

    def __init__(self, path: Path | str, *, read_only: bool = False, busy_timeout: float = BUSY_TIMEOUT,
                 keeper: Keeper | None = None, as_it_is: bool = False):
        """``as_it_is``: read-only, and no file made beside it (a command that only reads:
        read_only.py's ``untouched``)."""
        self.path = str(path)
        self.read_only = read_only or as_it_is
        self.busy_timeout = busy_timeout
        self.keeper = keeper
        self.keep_problem: str | None = None
        """why the keeper no longer keeps the file (the games are in memory only from then on)"""
        self.damaged: str | None = None
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._guard = threading.Lock()
        self._closed = False
        self._memory_anchor: sqlite3.Connection | None = None
        self.read_as: str | None = None
        """a read-only save SQLite cannot read in place: 'immutable', or 'a copy' (read_only.py)"""
        if self.path == ":memory:":
            # one database shared by every thread's connection while the app runs
            self._uri = f"file:companion-{uuid.uuid4().hex}?mode=memory&cache=shared"
            self._memory_anchor = self._connect()
        elif as_it_is and (uri := untouched(self.path)) is not None:
            self._uri, self.read_as = uri, "immutable"
        elif self.read_only:
            self._uri = f"file:{quote(os.path.abspath(self.path))}?mode=ro"
        else:
            self._uri = f"file:{quote(os.path.abspath(self.path))}"

    # --- connections ---------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(self._uri, uri=True, timeout=self.busy_timeout, isolation_level=None,
                                 check_same_thread=False)
            db.execute("PRAGMA foreign_keys = ON")
            if self.keeper is not None:  # the keeper takes the file alone: no journal beside it
                db.execute("PRAGMA journal_mode = MEMORY")
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
            self._keep()

    def keep_again(self) -> None:
        """The keeper can keep the file now (it was given the file's place since it failed): hand
        it the file as it is, and say nothing more of the failure unless it fails again."""
        self.keep_problem = None
        self._keep()

    def _keep(self) -> None:
        """Hand the committed file to its keeper (if it has one, and it has not failed)."""
        if self.keeper is None or self.keep_problem is not None:
            return
        try:
            self.keeper.keep(self.path)
        except KeepFailed as exc:
            self.keep_problem = str(exc)
            log.warning("the save file is no longer kept: %s", exc)

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

    reading = _read  # one read transaction, for the records and statistics: `with store.reading() as db`
    writing = _write  # one write transaction, for renaming and merging players
