"""Saved games in SQLite (stdlib sqlite3), in the user's data directory: ``Store``, one save
file, made of one part per concern, and ``open_store``, which finds the file to use.

    store_file.py      the file: a connection per thread, transactions, errors in one sentence
    store_schema.py    its tables, their versions and migrations, the checks at open
    store_log.py       the saved games and their logs: a game read back as its Session, every
                       change (a ``LogChange``: enter a step, undo, redo, edit...) made by
                       the session and written as its log became, under the game's revision
    store_seats.py     table codes, the phones at each table and their seats, the file's secrets
    store_transfer.py  export and import (one game, or every game at once)
    store_errors.py    what the file refuses, in players' words

Every change is committed before the caller shows its result. A file that is not SQLite,
fails its check, or was written by a newer version is never written into: ``open_store``
says why and opens a spare file beside it (``games-1.sqlite3``), or, for a command that
changes the records (``spare=False``), refuses in one sentence naming the file. A command that
only reads opens the file with ``open_to_read``: read-only, nothing made in the folder, the
damage raised as one sentence (``StoreError``). A file that is only *busy*
is never forked: the store keeps it and checks again at its next use. Every database or
decoding error reaches the caller as one plain sentence (``StoreError``, or
``IllegalAction`` for one game that cannot be read).
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from card_companion.companion.saves.errors import READ_ONLY, OlderSave, SeatTaken, StaleGame, StoreBusy, StoreError
from card_companion.companion.saves.file import BUSY_TIMEOUT, Keeper, KeepFailed, SaveFile, plain_error
from card_companion.companion.saves.log import GameLogs, SavedGame, Snapshot, headline_of
from card_companion.companion.saves.schema import SCHEMA_VERSION, Schema
from card_companion.companion.saves.seats import TableSeats
from card_companion.companion.saves.transfer import ALL_FORMAT, Transfer
from card_companion.companion.session import FORMAT, FORMAT_VERSION

FILE_NAME = "games.sqlite3"
ENV_DATA_DIR = "COMPANION_DATA_DIR"
OPEN_WAIT = 10.0
"""seconds the app waits at start for a save file another process holds"""


class Store(Schema, GameLogs, TableSeats, Transfer, SaveFile):
    """The saved games of one file. Safe to share between threads and pages."""

    def __init__(self, path: Path | str, *, read_only: bool = False, busy_timeout: float = BUSY_TIMEOUT,
                 open_wait: float = 0.0, check: bool = True, keeper: Keeper | None = None, as_it_is: bool = False):
        super().__init__(path, read_only=read_only, busy_timeout=busy_timeout, keeper=keeper, as_it_is=as_it_is)
        if check:
            self._open_checks(open_wait)


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


@dataclass(frozen=True)
class OpenedStore:
    store: Store
    problem: str | None = None
    """what went wrong with the main save file, for the home screen"""


def open_store(data_dir: Path | str | None = None, *, wait: float = OPEN_WAIT,
               keeper: Keeper | None = None, spare: bool = True) -> OpenedStore:
    """Open the save file. Busy: keep it and say so (it is checked again at its next use).
    Read-only folder: open it read-only and say so. Not readable, damaged or newer: leave it
    untouched and open a spare file beside it, or raise StoreError (``spare=False``: renaming
    a player of the records, which are in that file). ``keeper``: the file lives in memory and
    is kept there after every commit (the phone app, store_file.py)."""
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
    if not spare and main.is_file():  # damage said before anything is opened for writing
        try:
            Store(main, as_it_is=True, open_wait=wait).close()
        except (OlderSave, StoreBusy):  # upgraded, or waited for, as it is opened below
            pass
        except StoreError as exc:
            raise StoreError(f"{exc}: it was left untouched, and nothing was changed") from None
    try:
        return OpenedStore(Store(main, open_wait=wait, keeper=keeper))
    except StoreBusy:
        return OpenedStore(Store(main, check=False),
                           f"the save file {main} is busy: another program is using it. The saved games show "
                           "once it is free; nothing is saved anywhere else")
    except StoreError as exc:
        if not spare:
            raise StoreError(f"{exc}: it was left untouched, and nothing was changed") from None
        problem = str(exc)
    for i in range(1, 100):
        beside = folder / f"games-{i}.sqlite3"
        try:
            store = Store(beside, open_wait=wait, keeper=keeper)
        except StoreBusy:
            continue
        except StoreError:
            continue
        return OpenedStore(store, f"{problem}. It was left untouched; games are saved in {beside} instead.")
    return OpenedStore(Store(":memory:"), f"{problem}; games will not be saved after the app stops")


def open_to_read(data_dir: Path | str | None = None, *, wait: float = OPEN_WAIT) -> OpenedStore:
    """The save file for a command that only reads (stats, records, list, export): read-only,
    and nothing made in the folder (no folder, no spare file, none of SQLite's files beside it:
    read_only.py's ``untouched``). No file yet: no games. Busy: kept and said. A file of an
    earlier save format is upgraded in a copy in memory. Damaged, not a save file or newer:
    StoreError, one sentence naming the file."""
    folder = Path(data_dir) if data_dir is not None else default_data_dir()
    main = folder / FILE_NAME
    if not main.is_file():
        return OpenedStore(Store(":memory:"))
    try:
        return OpenedStore(Store(main, as_it_is=True, open_wait=wait))
    except StoreBusy:
        return OpenedStore(Store(main, as_it_is=True, check=False),
                           f"the save file {main} is busy: another program is using it")
    except OlderSave:
        return OpenedStore(upgraded_copy(main))


def upgraded_copy(path: Path) -> Store:
    """A save file of an earlier format, copied into memory and upgraded there (the file as it was)."""
    old = Store(path, as_it_is=True, check=False)
    copy = Store(":memory:", check=False)
    try:
        old.db.backup(copy.db)
    except sqlite3.Error as exc:
        raise plain_error(exc, str(path)) from None
    finally:
        old.close()
    copy._open_checks(0)
    return copy


__all__ = ["ALL_FORMAT", "FILE_NAME", "FORMAT", "FORMAT_VERSION", "READ_ONLY", "SCHEMA_VERSION", "KeepFailed", "Keeper",
           "OpenedStore",
           "SavedGame", "SeatTaken", "Snapshot", "StaleGame", "Store", "StoreBusy", "StoreError", "default_data_dir",
           "headline_of", "open_store", "open_to_read", "plain_error"]
