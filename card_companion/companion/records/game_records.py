"""The record of every finished game, and the players the records count.

A record is what the players would write down when a game ends: the game, when it was played
(its save's start, and the time its last step was first entered: an Undo and a Redo of that
step, or its cards entered again, leave it where it was, so the game keeps its place in the
rating order), how long it took, its number of steps, the players in seat order, each one's
final figure in the game's own terms and their place (``standings.py``), whether it was
stopped early (scored by the app at its stop, and counted as it was scored), its line (the
game's ``headline``, in the words of every other place that shows the game) and each player's
rating before and after it (``ratings.py``).

**Never a second truth.** Records are derived from the saves: ``sync`` is called by the store
inside the very transaction that writes a game's step, undo, redo, edit, import or deletion,
so a record appears when its game ends, goes when the ending is undone, comes back with Redo,
and goes with the game. ``from_saves`` computes every record (and every rating, folded in
order) from the saved games alone; tests/records/test_records.py holds the two equal after random
changes. A game stopped without counting (abandoned), a game still being played and a game
whose save cannot be read have no record.

**Players.** A name is a player: two spellings that are one name as it is kept (``name_key``:
trimmed, any case, without what draws nothing, single spaces) are one. A player can be renamed
(every record shows the new name) or merged into another (two spellings of one person):
``player_names`` maps every spelling seen to its player. A rename or a merge names a player by
their name now: one that another phone renamed or merged meanwhile is refused with their name
now (``NameChanged``), in the transaction that would have changed them.

**Names from before they were kept normalised** (an "Ann" with a zero-width space) stay as typed
in their saves; at open, ``tidy_names`` (idempotent) knows each spelling by its key now too and
renames or merges each such player into the one they look like, unless the two played at one
table: then they are two people, each known by their spelling as typed (``spelled``, tried first).

**Ratings** are kept with each record's places (before and after the game), in the order the
games were played (finished time, then game id), game by game: a game that ends is rated from
its players' latest ratings; a record that goes or comes in the middle of the order (an old
game undone, deleted, or two players merged) rates that game's later records again.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from card_companion.companion.game import Frozen, IllegalAction, name_key, normal_name
from card_companion.companion.records import totals
from card_companion.companion.records.names import (
    beside_key,
    clean_name,
    find_player,
    name_now,
    player_id,
    player_of,
)
from card_companion.companion.records.ratings import START, Rating, Side, rate_game
from card_companion.companion.records.standings import lower_wins, standing

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL
);
CREATE TABLE player_names (
    key TEXT PRIMARY KEY,
    player INTEGER NOT NULL REFERENCES players(id)
);
CREATE TABLE records (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    started REAL NOT NULL,
    finished REAL NOT NULL,
    steps INTEGER NOT NULL,
    headline TEXT NOT NULL,
    stopped INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX records_finished ON records(finished);
CREATE TABLE placings (
    game_id TEXT NOT NULL REFERENCES records(game_id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    game TEXT NOT NULL,
    finished REAL NOT NULL,
    name TEXT NOT NULL,
    player INTEGER NOT NULL REFERENCES players(id),
    figure INTEGER NOT NULL,
    place INTEGER NOT NULL,
    won INTEGER NOT NULL,
    team INTEGER NOT NULL,
    margin INTEGER,
    mu0 REAL, sigma0 REAL, mu REAL, sigma REAL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX placings_order ON placings(game, finished, game_id);
CREATE INDEX placings_player ON placings(player, game, finished, game_id, seat);
"""
"""the records' tables (save format 4), created and filled by the store's migration"""

COLUMNS = {
    "players": ("id", "name"),
    "player_names": ("key", "player"),
    "records": ("game_id", "game", "started", "finished", "steps", "headline", "stopped"),
    "placings": ("game_id", "seat", "game", "finished", "name", "player", "figure", "place", "won", "team",
                 "margin", "mu0", "sigma0", "mu", "sigma"),
    **totals.COLUMNS,
}


class Placing(Frozen):
    """One player's line in a record."""

    seat: int
    name: str
    """the name as it was typed at that game"""
    figure: int
    place: int
    won: bool
    team: int
    """the side they were rated with (their own seat, or the first winner's for a shared win)"""
    margin: int | None = None
    """a winner's lead over the best of the others, in the game's figure (None: not a win by
    the figure, or nobody else)"""
    player: str = ""
    """the player's name now (after renames and merges); empty until the record is read back"""
    before: Rating | None = None
    after: Rating | None = None


class GameRecord(Frozen):
    game_id: str
    game: str
    started: float
    finished: float
    steps: int
    headline: str
    placings: tuple[Placing, ...]
    stopped_early: bool = False
    """the players stopped it before its rules end it; it counts as the app scored it at its stop"""

    @property
    def minutes(self) -> float:
        return max(0.0, self.finished - self.started) / 60

    @property
    def order(self) -> tuple[float, str]:
        """Its place in the order the games were played (ratings fold in this order)."""
        return (self.finished, self.game_id)


def record_of(game_id: str, session: Any, started: float, finished: float) -> GameRecord | None:
    """The record of a saved game, or None (still being played, stopped without counting);
    ``finished``: when its last step was first entered."""
    finished_game = standing(session.game, session.state)
    if finished_game is None:
        return None
    s = finished_game.standing
    fewer_wins = lower_wins(session.game.id)
    team_of = {p: team[0] for team in s.teams for p in team}
    others = [f for i, f in enumerate(s.figures) if i not in s.winners]
    best_other = (min(others) if fewer_wins else max(others)) if others else None

    def margin(i: int) -> int | None:
        if i not in s.winners or best_other is None:
            return None
        lead = best_other - s.figures[i] if fewer_wins else s.figures[i] - best_other
        return lead if lead >= 0 else None

    placings = tuple(Placing(seat=i, name=name, figure=s.figures[i], place=s.places[i], won=i in s.winners,
                             team=team_of[i], margin=margin(i))
                     for i, name in enumerate(session.setup.players))
    return GameRecord(game_id=game_id, game=session.game.id, started=started, finished=finished,
                      steps=len(session.actions), headline=session.game.headline(session.state), placings=placings,
                      stopped_early=finished_game.stopped_early)


def rated(placings: Sequence[Any], before: Callable[[Any], Rating]) -> list[tuple[Rating, Rating]]:
    """Each place's rating (before, after) in one game; ``placings`` carry ``player``, ``team``
    and ``place``; ``before(player)`` is the player's latest rating. One fold for the kept
    records (``rerate``) and the records computed from the saves (``from_saves``)."""
    sides: dict[int, list[int]] = {}
    for i, p in enumerate(placings):
        sides.setdefault(p.team, []).append(i)
    prior: dict[Hashable, Rating] = {i: before(p.player) for i, p in enumerate(placings)}
    after = rate_game(prior, [Side(tuple(seats), min(placings[i].place for i in seats)) for seats in sides.values()])
    return [(prior[i], after[i]) for i in range(len(placings))]


# --- kept in the store's write transactions ---------------------------------------------------


def sync(db: sqlite3.Connection, game_id: str, session: Any | None, batch: Batch | None = None) -> None:
    """The game's record as its save now says (``session``: the game as just written; None
    when it cannot be read, or is gone): added, replaced or taken away, and the ratings of
    its game rated again from where it was or now is. ``batch``: one of many new games written
    in one transaction (an import), whose rating and counting again waits for its end."""
    row = played_at(db, game_id)
    new = None
    if row is not None and session is not None:
        try:
            new = record_of(game_id, session, *row)
        except Exception:  # a bug in a game's standing must never stop a step from being saved
            log.exception("no record for a %s game", session.game.id)
    old = db.execute("SELECT game, finished FROM records WHERE game_id = ?", (game_id,)).fetchone()
    if old is None and new is None:
        return
    if batch is not None and old is None and new is not None:
        batch.add(db, new)
        return
    totals.keep_current(db)
    counted: set[int] = set()  # the players whose totals are counted again from their records
    if old is not None:
        counted = {r[0] for r in db.execute("SELECT player FROM placings WHERE game_id = ?", (game_id,))}
        totals.game_counts(db, game_id, -1)
        db.execute("DELETE FROM placings WHERE game_id = ?", (game_id,))
        db.execute("DELETE FROM records WHERE game_id = ?", (game_id,))
    if new is not None:
        insert(db, new)
        totals.game_counts(db, game_id, 1)
    since: dict[str, tuple[float, str]] = {}
    for game, order in ([(old[0], (old[1], game_id))] if old else []) + ([(new.game, new.order)] if new else []):
        since[game] = min(order, since.get(game, order))
    rerated: set[int] = set()
    for game, order in since.items():
        rerated |= rerate(db, game, order)
    if old is None and new is not None and totals.added_last(db, game_id):  # a game that just ended
        rerated -= {r[0] for r in db.execute("SELECT player FROM placings WHERE game_id = ?", (game_id,))}
    totals.count_again(db, counted | rerated)


PLAYED_AT = ("SELECT g.id, g.created, COALESCE((SELECT a.entered FROM actions a WHERE a.game_id = g.id "
             "AND a.seq = g.live - 1), g.updated) FROM games g")
"""each saved game's (id, start, finish): its last live step's first entry (store_log), else its last change"""


def played_at(db: sqlite3.Connection, game_id: str) -> tuple[float, float] | None:
    """When the saved game started and when its last step was first entered (None: no such game)."""
    row = db.execute(f"{PLAYED_AT} WHERE g.id = ?", (game_id,)).fetchone()
    return None if row is None else (row[1], row[2])


@dataclass
class Batch:
    """New records written in one transaction of many (an import). One later than every other of
    its game and players is rated and counted at once, as a game that ends is; one landing before
    others leaves that to ``settle``, once per game and player: each game costs the same however
    many the file holds."""

    since: dict[str, tuple[float, str]] = field(default_factory=dict)  # game → rated again from, at the end
    players: set[int] = field(default_factory=set)  # the players counted again at the end

    @classmethod
    def begin(cls, db: sqlite3.Connection) -> Batch:
        totals.keep_current(db)
        return cls()

    def add(self, db: sqlite3.Connection, record: GameRecord) -> None:
        insert(db, record)
        totals.game_counts(db, record.game_id, 1)
        players = {r[0] for r in db.execute("SELECT player FROM placings WHERE game_id = ?", (record.game_id,))}
        later = db.execute("SELECT 1 FROM placings WHERE game = ? AND (finished, game_id) > (?, ?) LIMIT 1",
                           (record.game, *record.order)).fetchone()
        if record.game in self.since or later is not None:
            self.since[record.game] = min(record.order, self.since.get(record.game, record.order))
        else:
            rerate(db, record.game, record.order)  # the last of its game: rated alone
            if not players & self.players and totals.added_last(db, record.game_id):
                return
        self.players |= players

    def settle(self, db: sqlite3.Connection) -> None:
        """What was left to the end: the ratings rated again, the totals counted again."""
        rerated: set[int] = set()
        for game, order in self.since.items():
            rerated |= rerate(db, game, order)
        totals.count_again(db, self.players | rerated)


def insert(db: sqlite3.Connection, record: GameRecord) -> None:
    """A record's rows, its players found (or remembered) by name; its ratings come from ``rerate``."""
    db.execute("INSERT INTO records (game_id, game, started, finished, steps, headline, stopped) "
               "VALUES (?,?,?,?,?,?,?)", (record.game_id, record.game, record.started, record.finished, record.steps,
                                          record.headline, int(record.stopped_early)))
    seated: set[int] = set()
    rows = []
    for p in record.placings:
        who = player_id(db, p.name, seated)
        seated.add(who)
        rows.append((record.game_id, p.seat, record.game, record.finished, p.name, who, p.figure, p.place,
                     int(p.won), p.team, p.margin))
    db.executemany(
        "INSERT INTO placings (game_id, seat, game, finished, name, player, figure, place, won, team, margin) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)


@dataclass(frozen=True, slots=True)
class _Row:
    game_id: str
    seat: int
    player: int
    team: int
    place: int


def rerate(db: sqlite3.Connection, game: str, since: tuple[float, str]) -> set[int]:
    """Rate again every record of ``game`` from ``since`` (finished, game id) on, in order,
    from each player's latest rating before it. The players rated."""
    rows = [_Row(*r) for r in db.execute(
        "SELECT game_id, seat, player, team, place FROM placings WHERE game = ? AND (finished, game_id) >= (?, ?) "
        "ORDER BY finished, game_id, seat", (game, *since))]
    latest: dict[int, Rating] = {}

    def before(player: int) -> Rating:
        if player not in latest:
            row = db.execute(
                "SELECT mu, sigma FROM placings WHERE player = ? AND game = ? AND (finished, game_id) < (?, ?) "
                "ORDER BY finished DESC, game_id DESC, seat DESC LIMIT 1", (player, game, *since)).fetchone()
            latest[player] = Rating(row[0], row[1]) if row is not None and row[0] is not None else START
        return latest[player]

    updates = []
    for one in _by_game(rows):
        for p, (b, a) in zip(one, rated(one, before)):
            updates.append((b.mu, b.sigma, a.mu, a.sigma, p.game_id, p.seat))
            latest[p.player] = a
    db.executemany("UPDATE placings SET mu0 = ?, sigma0 = ?, mu = ?, sigma = ? WHERE game_id = ? AND seat = ?",
                   updates)
    return {r.player for r in rows}


def _by_game(rows: Iterable[Any]) -> Iterable[list[Any]]:
    """Rows in record order, grouped by their game id."""
    group: list[Any] = []
    for r in rows:
        if group and r.game_id != group[0].game_id:
            yield group
            group = []
        group.append(r)
    if group:
        yield group


def forget(db: sqlite3.Connection, game_id: str) -> None:
    """A deleted game's record goes (the later ratings of its game are rated again)."""
    sync(db, game_id, None)


def create_tables(db: sqlite3.Connection, sessions: Callable[[str], Any | None]) -> int:
    """The records' tables, filled from the saves (the store's migration to save format 4)."""
    for statement in (SCHEMA + totals.SCHEMA).split(";"):
        if statement.strip():
            db.execute(statement)
    return rebuild(db, sessions)


def rebuild(db: sqlite3.Connection, sessions: Callable[[str], Any | None]) -> int:
    """Every record made again from the saves; ``sessions`` reads a game in this transaction
    (None when it cannot be read). The number of records."""
    db.execute("DELETE FROM placings")
    db.execute("DELETE FROM records")
    made: set[str] = set()
    for game_id, created, finished in db.execute(PLAYED_AT).fetchall():
        session = sessions(game_id)
        record = record_of(game_id, session, created, finished) if session is not None else None
        if record is not None:
            insert(db, record)
            made.add(record.game)
    for game in made:
        rerate(db, game, (float("-inf"), ""))
    totals.count_all(db)
    return int(db.execute("SELECT COUNT(*) FROM records").fetchone()[0])


# --- read back ---------------------------------------------------------------------------------


def kept(db: sqlite3.Connection, where: str = "", args: Sequence[Any] = ()) -> list[GameRecord]:
    """The kept records (in the order they were played), with each player's name now."""
    heads = db.execute(f"SELECT game_id, game, started, finished, steps, headline, stopped FROM records r {where} "
                       "ORDER BY finished, game_id", args).fetchall()
    if not heads:
        return []
    rows = db.execute(
        "SELECT p.game_id, p.seat, p.name, p.figure, p.place, p.won, p.team, p.margin, pl.name, p.mu0, p.sigma0, "
        f"p.mu, p.sigma FROM placings p JOIN players pl ON pl.id = p.player JOIN records r ON r.game_id = p.game_id "
        f"{where} ORDER BY p.game_id, p.seat", args).fetchall()
    placings: dict[str, list[Placing]] = {}
    for gid, seat, name, figure, place, won, team, margin, player, mu0, s0, mu, s in rows:
        placings.setdefault(gid, []).append(Placing(
            seat=seat, name=name, figure=figure, place=place, won=bool(won), team=team, margin=margin, player=player,
            before=Rating(mu0, s0) if mu0 is not None else None, after=Rating(mu, s) if mu is not None else None))
    return [GameRecord(game_id=gid, game=game, started=started, finished=finished, steps=steps, headline=headline,
                       placings=tuple(placings.get(gid, ())), stopped_early=bool(stopped))
            for gid, game, started, finished, steps, headline, stopped in heads]


def from_saves(games: Iterable[tuple[str, Any | None, float, float]], names: dict[str, str]) -> list[GameRecord]:
    """Every record computed from the saved games alone, ``(game id, session or None, created,
    when its last step was first entered)``, its players' names through ``names`` (name key →
    the player's name now; a name never seen is its own player), ratings folded in the order
    the games were played."""
    records = [r for gid, session, created, finished in games
               if session is not None and (r := record_of(gid, session, created, finished)) is not None]
    records.sort(key=lambda r: r.order)
    seated = [(r.game, [replace_player(p, n) for p, n in zip(r.placings, seat_names(names, r.placings))])
              for r in records]
    return [r.model_copy(update={"placings": tuple(p.model_copy(update={"before": b, "after": a})
                                                   for p, (b, a) in zip(placings, both))})
            for r, (_, placings), both in zip(records, seated, fold(seated))]


def _latest(latest: dict[tuple[str, Any], Rating], game: str, player: Any) -> Rating:
    return latest.get((game, player), START)


def fold(games: Iterable[tuple[str, Sequence[Any]]]) -> Iterator[list[tuple[Rating, Rating]]]:
    """Ratings folded from the start over games in the order they were played: for each
    (game id, its places), each place's rating (before, after)."""
    latest: dict[tuple[str, Any], Rating] = {}
    for game, places in games:
        both = rated(places, partial(_latest, latest, game))
        for p, (_, after) in zip(places, both):
            latest[(game, p.player)] = after
        yield both


def seat_names(names: dict[str, str], placings: Sequence[Placing]) -> list[str]:
    """The players of one game's seats by their names now, as ``insert`` finds them: a spelling
    that means a player already seated is the player it is beside them (``beside_key``)."""
    out: list[str] = []
    for p in placings:
        now = name_now(names, p.name)
        if now in out:
            now = names.get(beside_key(p.name), p.name.strip())
        out.append(now)
    return out


def replace_player(p: Placing, player: str) -> Placing:
    return p.model_copy(update={"player": player})


# --- renaming and merging players ---------------------------------------------------------------


def rename(db: sqlite3.Connection, old: str, new: str) -> str:
    """The player called ``old`` is called ``new`` from now on, in every record (and a game
    typed with either spelling counts for them). Their new name, as it is kept. In the caller's
    write transaction: the name found is the name changed, whatever another phone does."""
    name = clean_name(new)
    who = find_player(db, old)
    owner = player_of(db, name)
    if owner is not None and owner != who:
        other = db.execute("SELECT name FROM players WHERE id = ?", (owner,)).fetchone()[0]
        raise IllegalAction(f"{other} is another player: merge the two players to make them one")
    db.execute("UPDATE players SET name = ? WHERE id = ?", (name, who))
    db.execute("INSERT OR IGNORE INTO player_names (key, player) VALUES (?, ?)", (name_key(name), who))
    return name


def merge(db: sqlite3.Connection, spelling: str, into: str) -> str:
    """Two spellings of one person: every record of the player ``spelling`` counts for the
    player ``into`` from now on (their ratings are folded again). The name kept."""
    gone, kept_id = find_player(db, spelling), find_player(db, into)
    if gone == kept_id:
        raise IllegalAction("a player cannot be merged with themselves: pick two different players")
    return merge_players(db, gone, kept_id)


def merge_players(db: sqlite3.Connection, gone: int, kept_id: int) -> str:
    """``merge`` of two players by their ids."""
    together = db.execute(
        "SELECT COUNT(*) FROM placings a JOIN placings b ON a.game_id = b.game_id WHERE a.player = ? AND b.player = ?",
        (gone, kept_id)).fetchone()[0]
    names = dict(db.execute("SELECT id, name FROM players WHERE id IN (?, ?)", (gone, kept_id)).fetchall())
    if together:
        raise IllegalAction(f"{names[gone]} and {names[kept_id]} played at the same table "
                            f"({together} game{'s' * (together != 1)}): they are two people")
    since = db.execute("SELECT game, MIN(finished), MIN(game_id) FROM placings WHERE player = ? GROUP BY game",
                       (gone,)).fetchall()
    db.execute("UPDATE placings SET player = ? WHERE player = ?", (kept_id, gone))
    db.execute("UPDATE player_names SET player = ? WHERE player = ?", (kept_id, gone))
    db.execute("DELETE FROM players WHERE id = ?", (gone,))
    rerated = {kept_id}
    for game, finished, _ in since:
        rerated |= rerate(db, game, (finished, ""))
    db.execute("DELETE FROM totals WHERE player = ?", (gone,))
    totals.count_again(db, rerated)
    return str(names[kept_id])


def tidy_names(db: sqlite3.Connection) -> None:
    """The players of records made before names were kept normalised (the module's docstring):
    each spelling also known by its key now (where no other player has it), then each player
    whose name is not kept as is renamed to the name it looks like, or merged into the player
    who has it, unless they played at one table. In the caller's write transaction."""
    owner = dict(db.execute("SELECT key, player FROM player_names ORDER BY player, key").fetchall())
    for key, player in list(owner.items()):
        now = name_key(key)
        if now not in owner:
            db.execute("INSERT INTO player_names (key, player) VALUES (?, ?)", (now, player))
            owner[now] = player
    for pid, name in db.execute("SELECT id, name FROM players ORDER BY id").fetchall():
        kept_as = normal_name(name)
        if kept_as == name or not kept_as:
            continue
        other = owner.get(name_key(kept_as))
        if other is None or other == pid:
            db.execute("UPDATE players SET name = ? WHERE id = ?", (kept_as, pid))
            if other is None:
                db.execute("INSERT INTO player_names (key, player) VALUES (?, ?)", (name_key(kept_as), pid))
                owner[name_key(kept_as)] = pid
            continue
        try:
            merge_players(db, pid, other)
        except IllegalAction:  # they played at one table: two people who look alike
            continue
        owner = {k: other if p == pid else p for k, p in owner.items()}


__all__ = ["COLUMNS", "Batch", "GameRecord", "Placing", "SCHEMA", "fold", "forget", "from_saves", "kept", "merge",
           "played_at", "rebuild", "record_of", "rename", "sync", "tidy_names"]
