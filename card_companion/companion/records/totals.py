"""Running totals of the records, so that the Players screen opens without reading every
record: per player and game (and per player over every game: game ``""``) their games, wins,
figures, best figure, biggest margin, time, current and best streak and latest rating; per game
its plays, time and steps, and how many players ended on each final figure.

**Spans.** The totals are kept for the whole history and for this year and this month: each
row has the start of its span (``since``: ``ALL_TIME``, or when the period started, local time),
and counts the records finished since then. A period always runs up to now, so its records are
the last ones of the history and the same fold counts them (a streak in the period is the wins
in a row within it, its latest rating the player's latest). The spans kept are made current by
every write that keeps records (``keep_current``): the first one of a new month counts that
month (and, in January, the year) from its records; a period whose span is not current (no
record written since it began, or the clock's time zone changed) is counted from its records
by the statistics.

Kept by ``records.sync`` in the same transaction as the records: a record added after every
other one of its players (a game that just ended) is added to their totals; any other change (a
record taken away, one that lands between others, ratings rated again, a merge) counts the
players concerned again from their records. The statistics read the totals (``stats.py``) and
count from the records for tonight or a phone's own games; the tests hold the two equal.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from card_companion.companion.records.periods import period_start
from card_companion.companion.records.standings import lower_wins

EVERY = ""
"""the game of a player's totals over every game"""
ALL_TIME = float("-inf")
"""the start of the whole history's span"""
KEPT = ("year", "month")
"""the periods whose totals are kept as well as the whole history's"""

SCHEMA = """
CREATE TABLE totals (
    player INTEGER NOT NULL,
    game TEXT NOT NULL,
    since REAL NOT NULL,
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
    PRIMARY KEY (player, game, since)
);
CREATE TABLE game_totals (
    game TEXT NOT NULL,
    since REAL NOT NULL,
    plays INTEGER NOT NULL,
    seconds REAL NOT NULL,
    steps INTEGER NOT NULL,
    PRIMARY KEY (game, since)
);
CREATE TABLE figure_counts (
    game TEXT NOT NULL,
    since REAL NOT NULL,
    figure INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (game, since, figure)
);
CREATE TABLE spans (
    period TEXT PRIMARY KEY,
    since REAL NOT NULL
);
"""
"""the totals' tables (save format 5: with their spans)"""

COLUMNS = {
    "totals": ("player", "game", "since", "games", "wins", "figures", "best", "margin", "seconds", "streak",
               "best_streak", "mu", "sigma", "last", "last_id"),
    "game_totals": ("game", "since", "plays", "seconds", "steps"),
    "figure_counts": ("game", "since", "figure", "n"),
    "spans": ("period", "since"),
}

_FIELDS = COLUMNS["totals"][3:]


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
        lower = lower_wins(game)
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


def spans(db: sqlite3.Connection) -> list[float]:
    """The starts of the spans kept: the whole history's, then the kept periods' (one start
    once, when this month began with the year)."""
    return [ALL_TIME, *sorted({r[0] for r in db.execute("SELECT since FROM spans")})]


def kept_since(db: sqlite3.Connection, period: str, now: float) -> float | None:
    """The start of ``period``'s span when its totals are kept and current at ``now``, else None."""
    start = period_start(period, now)
    if start is None:
        return ALL_TIME
    row = db.execute("SELECT since FROM spans WHERE period = ?", (period,)).fetchone()
    return start if row is not None and row[0] == start else None


def keep_current(db: sqlite3.Connection, now: float | None = None) -> None:
    """The kept periods' spans as they start now: a span that began since the last write is
    counted from its records, and one no period starts at any more goes."""
    now = time.time() if now is None else now
    kept = dict(db.execute("SELECT period, since FROM spans").fetchall())
    wanted: dict[str, float] = {}
    for period in KEPT:
        start = period_start(period, now)
        assert start is not None  # a kept period is never all time
        wanted[period] = start
    if kept == wanted:
        return
    for since in set(kept.values()) - set(wanted.values()):
        for table in ("totals", "game_totals", "figure_counts"):
            db.execute(f"DELETE FROM {table} WHERE since = ?", (since,))
    new = set(wanted.values()) - set(kept.values())
    db.execute("DELETE FROM spans")
    db.executemany("INSERT INTO spans (period, since) VALUES (?, ?)", wanted.items())
    for since in new:
        for (game_id,) in db.execute("SELECT game_id FROM records WHERE finished >= ?", (since,)).fetchall():
            game_counts(db, game_id, 1, [since])
    if new:
        players = [r[0] for r in db.execute("SELECT DISTINCT player FROM placings WHERE finished >= ?", (min(new),))]
        count_again(db, players, [s for s in spans(db) if s in new])


def _write(db: sqlite3.Connection, player: int, game: str, since: float, t: Total) -> None:
    db.execute(f"INSERT OR REPLACE INTO totals ({', '.join(COLUMNS['totals'])}) VALUES "
               f"({', '.join('?' * len(COLUMNS['totals']))})",
               (player, game, since, *(getattr(t, f) for f in _FIELDS)))


def _read(db: sqlite3.Connection, player: int, game: str, since: float) -> Total:
    row = db.execute(f"SELECT {', '.join(_FIELDS)} FROM totals WHERE player = ? AND game = ? AND since = ?",
                     (player, game, since)).fetchone()
    return Total(*row) if row is not None else Total()


def count_again(db: sqlite3.Connection, players: Iterable[int], starts: list[float] | None = None) -> None:
    """These players' totals (in every span, or in ``starts``) counted from their records."""
    starts = spans(db) if starts is None else starts
    for player in players:
        db.executemany("DELETE FROM totals WHERE player = ? AND since = ?", [(player, s) for s in starts])
        made: dict[tuple[str, float], Total] = {}
        for row in db.execute(f"{_PLACES} WHERE p.player = ? AND p.finished >= ? "
                              "ORDER BY p.finished, p.game_id, p.seat", (player, min(starts))):
            p = Place(*row)
            for since in starts:
                if p.finished >= since:
                    for game in (EVERY, p.game):
                        made.setdefault((game, since), Total()).add(game, p)
        for (game, since), t in made.items():
            _write(db, player, game, since, t)


def added_last(db: sqlite3.Connection, game_id: str) -> bool:
    """Add a record that is later than every other of its players' to their totals; False
    (nothing done) when one of them has a later one."""
    rows = db.execute(f"SELECT p.player, {_PLACES.removeprefix('SELECT ')} WHERE p.game_id = ? ORDER BY p.seat",
                      (game_id,)).fetchall()
    places = [(player, Place(*rest)) for player, *rest in rows]
    if not places:
        return True
    starts = [s for s in spans(db) if places[0][1].finished >= s]
    totals = {(player, game, since): _read(db, player, game, since)
              for player, p in places for game in (EVERY, p.game) for since in starts}
    if len({player for player, _ in places}) != len(places) or any(
            (t.last, t.last_id) >= (places[0][1].finished, game_id) for t in totals.values()):
        return False
    for (player, game, since), t in totals.items():
        t.add(game, next(p for who, p in places if who == player))
        _write(db, player, game, since, t)
    return True


def game_counts(db: sqlite3.Connection, game_id: str, sign: int, starts: list[float] | None = None) -> None:
    """A record's game counted in (``sign`` 1) or out (-1) of its game's totals, in every span
    it is in (or in those of ``starts``)."""
    row = db.execute("SELECT game, finished, finished - started, steps FROM records WHERE game_id = ?",
                     (game_id,)).fetchone()
    if row is None:
        return
    game, finished, seconds, steps = row
    figures = [f for (f,) in db.execute("SELECT figure FROM placings WHERE game_id = ?", (game_id,)).fetchall()]
    for since in [s for s in (spans(db) if starts is None else starts) if finished >= s]:
        db.execute("INSERT INTO game_totals (game, since, plays, seconds, steps) VALUES (?, ?, 0, 0, 0) "
                   "ON CONFLICT DO NOTHING", (game, since))
        db.execute("UPDATE game_totals SET plays = plays + ?, seconds = seconds + ?, steps = steps + ? "
                   "WHERE game = ? AND since = ?", (sign, sign * seconds, sign * steps, game, since))
        for figure in figures:
            db.execute("INSERT INTO figure_counts (game, since, figure, n) VALUES (?, ?, ?, 0) ON CONFLICT DO NOTHING",
                       (game, since, figure))
            db.execute("UPDATE figure_counts SET n = n + ? WHERE game = ? AND since = ? AND figure = ?",
                       (sign, game, since, figure))
        if sign < 0:
            db.execute("DELETE FROM figure_counts WHERE game = ? AND since = ? AND n = 0", (game, since))
            db.execute("DELETE FROM game_totals WHERE game = ? AND since = ? AND plays = 0", (game, since))


def count_all(db: sqlite3.Connection) -> None:
    """Every total counted from the records (after a rebuild), the periods' spans as they start now."""
    for table in ("totals", "game_totals", "figure_counts", "spans"):
        db.execute(f"DELETE FROM {table}")
    for (game_id,) in db.execute("SELECT game_id FROM records").fetchall():
        game_counts(db, game_id, 1)
    count_again(db, [r[0] for r in db.execute("SELECT DISTINCT player FROM placings").fetchall()])
    keep_current(db)


def recreate_tables(db: sqlite3.Connection) -> None:
    """The totals' tables of save format 4 (the whole history only) made again with their spans."""
    for table in ("totals", "game_totals", "figure_counts", "spans"):
        db.execute(f"DROP TABLE IF EXISTS {table}")
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    count_all(db)
