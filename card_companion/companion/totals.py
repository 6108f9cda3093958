"""Running totals of the records, so that the Players screen opens without reading every
record: per player and game (and per player over every game: game ``""``) their games, wins,
figures, best figure, biggest margin, time, current and best streak and latest rating; per game
its plays, time and steps, and how many players ended on each final figure.

Kept by ``records.sync`` in the same transaction as the records: a record added after every
other one of its players (a game that just ended) is added to their totals; any other change (a
record taken away, one that lands between others, ratings rated again, a merge) counts the
players concerned again from their records. The statistics read the totals for the whole
history (``stats.py``) and count from the records for a period or a phone's own games; the
tests hold the two equal.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from card_companion.companion.standings import FIGURES

EVERY = ""
"""the game of a player's totals over every game"""

TABLES = """
CREATE TABLE totals (
    player INTEGER NOT NULL,
    game TEXT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    figures INTEGER NOT NULL,
    best INTEGER,
    margin INTEGER,
    seconds REAL NOT NULL,
    streak INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    mu REAL,
    sigma REAL,
    last REAL NOT NULL,
    last_id TEXT NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE TABLE game_totals (
    game TEXT PRIMARY KEY,
    plays INTEGER NOT NULL,
    seconds REAL NOT NULL,
    steps INTEGER NOT NULL
);
CREATE TABLE figure_counts (
    game TEXT NOT NULL,
    figure INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (game, figure)
);
"""

COLUMNS = {
    "totals": ("player", "game", "games", "wins", "figures", "best", "margin", "seconds", "streak", "best_streak",
               "mu", "sigma", "last", "last_id"),
    "game_totals": ("game", "plays", "seconds", "steps"),
    "figure_counts": ("game", "figure", "n"),
}

_FIELDS = COLUMNS["totals"][2:]


@dataclass
class Total:
    """One player's totals in one game (or every game)."""

    games: int = 0
    wins: int = 0
    figures: int = 0
    best: int | None = None
    margin: int | None = None
    seconds: float = 0.0
    streak: int = 0
    best_streak: int = 0
    mu: float | None = None
    sigma: float | None = None
    last: float = field(default=float("-inf"))
    last_id: str = ""

    def add(self, game: str, p: Any) -> None:
        """One more record of theirs, later than every other (``p``: a ``Place``)."""
        self.games += 1
        self.wins += p.won
        self.seconds += p.seconds
        self.streak = self.streak + 1 if p.won else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.last, self.last_id = p.finished, p.game_id
        if game == EVERY:
            return
        self.figures += p.figure
        lower = not FIGURES[game].higher_is_better
        if self.best is None or (p.figure < self.best if lower else p.figure > self.best):
            self.best = p.figure
        if p.margin is not None and (self.margin is None or p.margin > self.margin):
            self.margin = p.margin
        self.mu, self.sigma = p.mu, p.sigma


@dataclass(frozen=True, slots=True)
class Place:
    """A record's place as the totals count it."""

    game: str
    finished: float
    game_id: str
    won: int
    figure: int
    margin: int | None
    seconds: float
    mu: float | None
    sigma: float | None


_PLACES = ("SELECT p.game, p.finished, p.game_id, p.won, p.figure, p.margin, r.finished - r.started, p.mu, p.sigma "
           "FROM placings p JOIN records r ON r.game_id = p.game_id")


def _write(db: sqlite3.Connection, player: int, game: str, t: Total) -> None:
    db.execute(f"INSERT OR REPLACE INTO totals ({', '.join(COLUMNS['totals'])}) VALUES "
               f"({', '.join('?' * len(COLUMNS['totals']))})",
               (player, game, *(getattr(t, f) for f in _FIELDS)))


def _read(db: sqlite3.Connection, player: int, game: str) -> Total:
    row = db.execute(f"SELECT {', '.join(_FIELDS)} FROM totals WHERE player = ? AND game = ?",
                     (player, game)).fetchone()
    return Total(*row) if row is not None else Total()


def count_again(db: sqlite3.Connection, players: Iterable[int]) -> None:
    """These players' totals counted from their records."""
    for player in players:
        db.execute("DELETE FROM totals WHERE player = ?", (player,))
        made: dict[str, Total] = {}
        for row in db.execute(f"{_PLACES} WHERE p.player = ? ORDER BY p.finished, p.game_id, p.seat", (player,)):
            p = Place(*row)
            for game in (EVERY, p.game):
                made.setdefault(game, Total()).add(game, p)
        for game, t in made.items():
            _write(db, player, game, t)


def added_last(db: sqlite3.Connection, game_id: str) -> bool:
    """Add a record that is later than every other of its players' to their totals; False
    (nothing done) when one of them has a later one."""
    rows = db.execute(f"SELECT p.player, {_PLACES.removeprefix('SELECT ')} WHERE p.game_id = ? ORDER BY p.seat",
                      (game_id,)).fetchall()
    places = [(player, Place(*rest)) for player, *rest in rows]
    totals = {(player, game): _read(db, player, game) for player, p in places for game in (EVERY, p.game)}
    if len({player for player, _ in places}) != len(places) or any(
            (t.last, t.last_id) >= (places[0][1].finished, game_id) for t in totals.values()):
        return False
    for player, p in places:
        for game in (EVERY, p.game):
            totals[(player, game)].add(game, p)
            _write(db, player, game, totals[(player, game)])
    return True


def game_counts(db: sqlite3.Connection, game_id: str, sign: int) -> None:
    """A record's game counted in (``sign`` 1) or out (-1) of its game's totals."""
    row = db.execute("SELECT game, finished - started, steps FROM records WHERE game_id = ?", (game_id,)).fetchone()
    if row is None:
        return
    game, seconds, steps = row
    db.execute("INSERT INTO game_totals (game, plays, seconds, steps) VALUES (?, 0, 0, 0) ON CONFLICT DO NOTHING",
               (game,))
    db.execute("UPDATE game_totals SET plays = plays + ?, seconds = seconds + ?, steps = steps + ? WHERE game = ?",
               (sign, sign * seconds, sign * steps, game))
    for (figure,) in db.execute("SELECT figure FROM placings WHERE game_id = ?", (game_id,)).fetchall():
        db.execute("INSERT INTO figure_counts (game, figure, n) VALUES (?, ?, 0) ON CONFLICT DO NOTHING",
                   (game, figure))
        db.execute("UPDATE figure_counts SET n = n + ? WHERE game = ? AND figure = ?", (sign, game, figure))
    db.execute("DELETE FROM figure_counts WHERE n = 0")
    db.execute("DELETE FROM game_totals WHERE plays = 0")


def count_all(db: sqlite3.Connection) -> None:
    """Every total counted from the records (after a rebuild)."""
    for table in ("totals", "game_totals", "figure_counts"):
        db.execute(f"DELETE FROM {table}")
    for (game_id,) in db.execute("SELECT game_id FROM records").fetchall():
        game_counts(db, game_id, 1)
    count_again(db, [r[0] for r in db.execute("SELECT DISTINCT player FROM placings").fetchall()])
