"""Saved games in SQLite (stdlib sqlite3), in the user's data directory.

One row per game (its setup and how many of its logged actions are live) and one row per
logged action. Pushing an action is one INSERT (after dropping the redo tail); undo and redo
only move the live length, so the redo stack survives a reload too. Every change is
committed before the caller shows its result.

A database that cannot be read (not SQLite, damaged, written by a newer version) is never
modified: ``open_store`` reports it in plain words and opens a fresh file beside it. A
single game that cannot be read is listed with the reason and left as it is.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from card_companion.companion.game import IllegalAction
from card_companion.companion.session import FORMAT, FORMAT_VERSION, SavedLog, Session

SCHEMA_VERSION = 1
FILE_NAME = "games.sqlite3"
ENV_DATA_DIR = "COMPANION_DATA_DIR"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    setup TEXT NOT NULL,
    live INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class StoreError(Exception):
    """The save file cannot be used; the message says why in plain words."""


class StaleGame(IllegalAction):
    """The saved game changed since this screen loaded it (another phone at the table)."""


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


class Store:
    def __init__(self, path: Path | str):
        self.path = str(path)
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self.db.execute("PRAGMA foreign_keys = ON")
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} is not a readable save file ({exc})") from None
        if version > SCHEMA_VERSION:
            self.db.close()
            raise StoreError(f"{self.path} was written by a newer version of the app (save format {version}); "
                             "update the app to open it")
        if version == 0 and tables - {"games", "actions"}:
            self.db.close()
            raise StoreError(f"{self.path} is a database of another program")
        if version == 0:
            self.db.executescript(f"BEGIN; {_SCHEMA} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
        else:
            try:
                self.db.execute("SELECT id, game, players, setup, live, created, updated FROM games LIMIT 1")
                self.db.execute("SELECT game_id, seq, action FROM actions LIMIT 1")
            except sqlite3.DatabaseError as exc:
                self.db.close()
                raise StoreError(f"{self.path} is damaged ({exc})") from None

    def _tx(self):
        return _Transaction(self.db)

    def close(self) -> None:
        self.db.close()

    # --- games -------------------------------------------------------------------------

    def create(self, session: Session) -> str:
        game_id = uuid.uuid4().hex[:12]
        now = time.time()
        with self._tx():
            self.db.execute(
                "INSERT INTO games (id, game, players, setup, live, created, updated) VALUES (?,?,?,?,?,?,?)",
                (game_id, session.game.id, json.dumps(list(session.setup.players)),
                 session.setup.model_dump_json(), 0, now, now),
            )
            self._write_log(game_id, session)
        return game_id

    def _write_log(self, game_id: str, session: Session) -> None:
        self.db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
        log = list(session.actions) + list(reversed(session.redo_stack))
        self.db.executemany(
            "INSERT INTO actions (game_id, seq, action) VALUES (?,?,?)",
            [(game_id, i, json.dumps(session.game.dump_action(a))) for i, a in enumerate(log)],
        )
        self.db.execute("UPDATE games SET live = ?, updated = ? WHERE id = ?",
                        (len(session.actions), time.time(), game_id))

    def record(self, game_id: str, before: Session, after: Session) -> None:
        """Commit the change from ``before`` to ``after`` (one push, undo or redo; anything
        else rewrites the log)."""
        n = len(before.actions)
        with self._tx():
            row = self.db.execute("SELECT live FROM games WHERE id = ?", (game_id,)).fetchone()
            rows = self.db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]
            if row is None:
                raise StaleGame("this game is no longer saved (deleted on another device?)")
            if row[0] != n or rows != n + len(before.redo_stack):
                raise StaleGame("another device changed this game: here is its latest state")
            if len(after.actions) == n + 1 and not after.redo_stack and after.actions[:n] == before.actions:
                self.db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, n))
                self.db.execute("INSERT INTO actions (game_id, seq, action) VALUES (?,?,?)",
                                (game_id, n, json.dumps(after.game.dump_action(after.actions[-1]))))
                self.db.execute("UPDATE games SET live = ?, updated = ? WHERE id = ?", (n + 1, time.time(), game_id))
            elif (after.actions + tuple(reversed(after.redo_stack))
                  == before.actions + tuple(reversed(before.redo_stack))):
                self.db.execute("UPDATE games SET live = ?, updated = ? WHERE id = ?",
                                (len(after.actions), time.time(), game_id))
            else:
                self._write_log(game_id, after)

    def load(self, game_id: str) -> Session:
        """The saved game; IllegalAction says why if it cannot be read."""
        row = self.db.execute("SELECT game, setup, live FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise IllegalAction("there is no saved game with that id")
        game, setup, live = row
        actions = [json.loads(a) for (a,) in self.db.execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))]
        try:
            record = SavedLog(game=game, setup=json.loads(setup), actions=actions[:live],
                              redo=list(reversed(actions[live:])))
            return Session.from_record(record)
        except (ValueError, TypeError) as exc:
            raise IllegalAction(str(exc)) from None

    def saved_games(self) -> list[SavedGame]:
        """Saved games, the most recently played first. A game whose record cannot be read
        carries a problem (a log that no longer replays is found when it is opened)."""
        from card_companion.companion.registry import GAMES

        out = []
        rows = self.db.execute(
            "SELECT g.id, g.game, g.players, g.updated, g.live FROM games g ORDER BY g.updated DESC"
        ).fetchall()
        for game_id, game, players, updated, live in rows:
            problem = None
            try:
                names = tuple(json.loads(players))
            except ValueError:
                names, problem = (), "its player list is damaged"
            if problem is None and game not in GAMES:
                problem = f"this app does not know the game {game!r}"
            out.append(SavedGame(game_id, game, names, updated, live, problem))
        return out

    def delete(self, game_id: str) -> None:
        with self._tx():
            self.db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
            self.db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    def export_json(self, game_id: str) -> str:
        return self.load(game_id).to_json()

    def import_json(self, text: str | bytes) -> str:
        """Add an exported game as a new saved game; IllegalAction says what is wrong."""
        return self.create(Session.from_json(text))


_LOCK = threading.RLock()  # several browser sessions share one connection


class _Transaction:
    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self):
        _LOCK.acquire()
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except BaseException:
            _LOCK.release()
            raise
        return self.db

    def __exit__(self, exc_type, exc, tb):
        try:
            self.db.execute("ROLLBACK" if exc_type else "COMMIT")
        finally:
            _LOCK.release()
        return False


@dataclass(frozen=True)
class OpenedStore:
    store: Store
    problem: str | None = None
    """what went wrong with the main save file, for the home screen"""


def open_store(data_dir: Path | str | None = None) -> OpenedStore:
    """Open the save file; if it cannot be used, leave it untouched and open another."""
    folder = Path(data_dir) if data_dir is not None else default_data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return OpenedStore(Store(":memory:"), f"the data folder {folder} cannot be created ({exc}); "
                           "games will not be saved after the app stops")
    main = folder / FILE_NAME
    try:
        return OpenedStore(Store(main))
    except StoreError as exc:
        problem = str(exc)
    for i in range(1, 100):
        spare = folder / f"games-{i}.sqlite3"
        try:
            store = Store(spare)
        except StoreError:
            continue
        return OpenedStore(store, f"{problem}. It was left untouched; games are saved in {spare} instead.")
    return OpenedStore(Store(":memory:"), f"{problem}; games will not be saved after the app stops")


__all__ = ["FORMAT", "FORMAT_VERSION", "OpenedStore", "SavedGame", "StaleGame", "Store", "StoreError", "open_store"]
