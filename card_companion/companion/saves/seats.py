"""The tables of the save file: a game's code, the phones that hold it (its members) and where each
sits, whether any phone may enter for anyone at it, and the values the file keeps for the server
(the device keys' signing secret). A part of ``Store`` (``Store(TableSeats)``): it uses the
store's own reading and writing."""

from __future__ import annotations

import time
from typing import Any

from card_companion.companion.saves.errors import GONE, SeatTaken, StaleGame, StoreError


class TableSeats:
    """Codes, members and seats of the saved games; the file's kept values."""

    _read: Any
    _write: Any

    def game_for_code(self, code: str) -> str | None:
        with self._read() as db:
            row = db.execute("SELECT id FROM games WHERE code = ?", (code,)).fetchone()
        return row[0] if row else None

    def is_host_game(self, game_id: str) -> bool:
        with self._read() as db:
            row = db.execute("SELECT host FROM games WHERE id = ?", (game_id,)).fetchone()
        return bool(row and row[0])

    def seat_of(self, device: str, game_id: str) -> str | None:
        """The device's seat at the game ('' before it picked one); None: not a member."""
        with self._read() as db:
            row = db.execute("SELECT seat FROM members WHERE game_id = ? AND device = ?",
                             (game_id, device)).fetchone()
        return None if row is None else row[0]

    def seats(self, game_id: str) -> dict[str, str]:
        """device → seat, for every device at the game."""
        with self._read() as db:
            return dict(db.execute("SELECT device, seat FROM members WHERE game_id = ?", (game_id,)).fetchall())

    def add_member(self, device: str, game_id: str, seat: str = "") -> None:
        """The device belongs to the game from now on (its seat is kept if it had one)."""
        with self._write() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise StaleGame(GONE)
            db.execute("INSERT OR IGNORE INTO members (game_id, device, seat, joined) VALUES (?,?,?,?)",
                       (game_id, device, seat, time.time()))

    def set_seat(self, device: str, game_id: str, seat: str, *, only_one: bool) -> None:
        """Give the device its seat; ``only_one``: no other device may hold that seat
        (a player's seat), else SeatTaken and nothing changes."""
        with self._write() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise StaleGame(GONE)
            if only_one and db.execute("SELECT 1 FROM members WHERE game_id = ? AND seat = ? AND device != ?",
                                       (game_id, seat, device)).fetchone():
                raise SeatTaken("that seat is taken by another phone")
            db.execute("INSERT INTO members (game_id, device, seat, joined) VALUES (?,?,?,?) "
                       "ON CONFLICT (game_id, device) DO UPDATE SET seat = excluded.seat",
                       (game_id, device, seat, time.time()))

    def anyone_enters(self, game_id: str) -> bool:
        """The table's setting "any phone may enter for anyone" (off unless the table turned it on)."""
        with self._read() as db:
            row = db.execute("SELECT anyone_enters FROM games WHERE id = ?", (game_id,)).fetchone()
        return bool(row and row[0])

    def set_anyone_enters(self, game_id: str, on: bool) -> None:
        """Turn the table's "any phone may enter for anyone" on or off (every phone of the table
        reads it from here, so they agree)."""
        with self._write() as db:
            if db.execute("UPDATE games SET anyone_enters = ? WHERE id = ?", (int(bool(on)), game_id)).rowcount == 0:
                raise StaleGame(GONE)

    def leave(self, device: str, game_id: str) -> None:
        """The device no longer holds the game (the other phones at the table keep it)."""
        with self._write() as db:
            db.execute("DELETE FROM members WHERE game_id = ? AND device = ?", (game_id, device))

    def secret(self, name: str, make) -> str:
        """A value kept in the file (the device keys' signing secret), made once."""
        with self._read() as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (name,)).fetchone()
        if row:
            return row[0]
        value = make()
        try:
            with self._write() as db:
                db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (name, value))
                return db.execute("SELECT value FROM meta WHERE key = ?", (name,)).fetchone()[0]
        except StoreError:  # a read-only file: the value lives as long as the server
            return value
