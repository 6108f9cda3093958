"""Statistics over the records (``records.py``): what the Players screen shows, what
``companion stats --json`` prints and the home screen's game night.

Per player: games played and won, win percentage, current and best winning streak, time
played, and per game their average and best figure, biggest winning margin and rating. Per
game: plays, average length (minutes, steps), the distribution of final figures. Head-to-head
between two players. Everything is computed by SQLite from the kept records (indexed; no game
is replayed), over a filter (one game or all; all time, this year, this month, tonight) and a
scope: every record (the command line, the host's view) or the records of the games one phone
holds (``Scope``), which are the only ones it sees.

A win is being among the outcome's winners (a shared win counts for each winner; a tie nobody
wins, for nobody). A game stopped early and scored at its stop counts as it was scored, like
any other record; the screens say how many there are (``Board.stopped_early``,
``Night.stopped_early``), and the CSV marks each one. A streak counts wins in a row, in the
order the games were played, within the filter. Ratings are the ones kept with the records for
every record; a phone that sees only some records gets ratings folded over those alone (so
they tell nothing of the games it does not hold).
"""

from __future__ import annotations

import csv
import io
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from card_companion.companion.game import Frozen, invisible
from card_companion.companion.records.game_records import GameRecord, fold, kept
from card_companion.companion.records.names import player_of
from card_companion.companion.records.periods import (
    PERIODS as PERIODS,  # where the views and the command line find them
)
from card_companion.companion.records.periods import TONIGHT_HOURS as TONIGHT_HOURS
from card_companion.companion.records.periods import Period, period_start
from card_companion.companion.records.ratings import START, Rating
from card_companion.companion.records.standings import lower_wins, unit_of
from card_companion.companion.records.totals import ALL_TIME, EVERY, kept_since
from card_companion.companion.registry import GAMES

LATEST = 10
"""records the Players screen lists"""
PLACES = "FROM records r CROSS JOIN placings p ON p.game_id = r.game_id"
"""the places of the records a filter picks: the records first (CROSS JOIN keeps that order), so a
period reads its own records by their finished time rather than every place"""


@dataclass(frozen=True)
class Filter:
    game: str | None = None
    """one game's id, or every game"""
    period: Period = "all"


@dataclass(frozen=True)
class Scope:
    """The records one phone sees: those of the games it created or joined (and, on the
    server's own machine, the games made there)."""

    device: str
    host_games: bool = False


def where(scope: Scope | None, flt: Filter, now: float | None = None, *, games: bool = False) -> tuple[str, list[Any]]:
    """The records (``r``) a scope sees through a filter, as SQL; ``games``: the saved games
    (``g``) instead, by their last change."""
    table, at, gid = ("g", "g.updated", "g.id") if games else ("r", "r.finished", "r.game_id")
    parts: list[str] = []
    args: list[Any] = []
    if flt.game is not None:
        parts.append(f"{table}.game = ?")
        args.append(flt.game)
    start = period_start(flt.period, time.time() if now is None else now)
    if start is not None:
        parts.append(f"{at} >= ?")
        args.append(start)
    if scope is not None:
        # the games a phone holds, as the saved-games list finds them (Store.saved_games)
        parts.append(f"({gid} IN (SELECT game_id FROM members WHERE device = ?) "
                     f"OR (? AND {gid} IN (SELECT id FROM games WHERE host = 1)))")
        args += [scope.device, int(scope.host_games)]
    return ("WHERE " + " AND ".join(parts)) if parts else "", args


def seen(db: sqlite3.Connection, scope: Scope | None) -> Scope | None:
    """The scope, or None when it sees every record (a phone that holds every game, the host's
    own browser): then the kept ratings and the running totals are its own."""
    if scope is None:
        return None
    sql, args = where(scope, Filter())
    mine = db.execute(f"SELECT COUNT(*) FROM records r {sql}", args).fetchone()[0]
    return None if mine == db.execute("SELECT COUNT(*) FROM records").fetchone()[0] else scope


def also(sql: str, condition: str) -> str:
    """A WHERE clause with one more condition."""
    return f"{sql} AND {condition}" if sql else f"WHERE {condition}"


# --- what the screen shows --------------------------------------------------------------------


class GameLine(Frozen):
    """One player's games of one kind."""

    games: int
    wins: int
    average: float
    """their average final figure"""
    best: int
    """their best final figure (the lowest where fewer is better)"""
    biggest_margin: int | None
    rating: Rating
    rated_games: int


class PlayerStats(Frozen):
    name: str
    games: int
    wins: int
    win_rate: float
    """wins / games, 0 to 1"""
    streak: int
    """wins in a row up to their latest game"""
    best_streak: int
    minutes: float
    by_game: tuple[tuple[str, GameLine], ...]
    """game id → their line, in the registry's order"""

    def game(self, game_id: str) -> GameLine | None:
        return dict(self.by_game).get(game_id)


class GameSummary(Frozen):
    plays: int
    average_minutes: float
    average_steps: float
    figures: tuple[tuple[int, int], ...]
    """(final figure, how many players ended with it), lowest figure first"""


class HeadToHead(Frozen):
    a: str
    b: str
    games: int
    """games they played together"""
    a_wins: int
    b_wins: int


class Board(Frozen):
    """The Players screen's data."""

    players: tuple[PlayerStats, ...]
    """the most wins first"""
    games: tuple[tuple[str, GameSummary], ...]
    latest: tuple[GameRecord, ...]
    """the latest records, the latest first, each place with its rating before and after"""
    unfinished: int
    """games in the filter that are still being played or were stopped without counting: they
    count for nothing"""
    stopped_early: int = 0
    """records in the filter of games stopped early: they count as the app scored them at the stop"""
    head_to_head: HeadToHead | None = None
    """the first two players' (the screen opens on them)"""


def players_screen(store: Any, scope: Scope | None, flt: Filter, now: float | None = None) -> Board:
    """Everything the Players screen opens with, from one read of the records."""
    with store.reading() as db:
        scope = seen(db, scope)
        sql, args = where(scope, flt, now)
        since = kept_since(db, flt.period, time.time() if now is None else now) if scope is None else None
        if since is not None:  # the whole history, this year, this month: the running totals (totals.py)
            players, games = totalled_players(db, flt.game, since), totalled_games(db, flt.game, since)
        else:
            players, games = player_stats(db, sql, args, scope is not None), game_summaries(db, sql, args)
        board = Board(players=players, games=games, latest=latest(db, sql, args, scope),
                      unfinished=unfinished(db, scope, flt, now), stopped_early=stopped_early(db, sql, args))
        if len(players) >= 2:
            board = board.model_copy(update={"head_to_head": head_to_head_in(db, sql, args, players[0].name,
                                                                             players[1].name)})
    return board


def player_stats(db: sqlite3.Connection, sql: str, args: list[Any], fold: bool) -> tuple[PlayerStats, ...]:
    join = PLACES
    overall = db.execute(f"SELECT p.player, COUNT(*), SUM(p.won), SUM(r.finished - r.started) {join} {sql} "
                         "GROUP BY p.player", args).fetchall()
    if not overall:
        return ()
    names = dict(db.execute("SELECT id, name FROM players").fetchall())
    lower = {g for g in GAMES if lower_wins(g)}
    per_game = db.execute(
        f"SELECT p.player, p.game, COUNT(*), SUM(p.won), AVG(p.figure), MAX(p.figure), MIN(p.figure), MAX(p.margin) "
        f"{join} {sql} GROUP BY p.player, p.game", args).fetchall()
    # a run is the games after a player's n-th game not won: its wins are a streak
    streaks: dict[int, tuple[int, int, int]] = {}  # player -> (their last run, its wins, the most wins of a run)
    for player, run, wins in db.execute(
            "SELECT player, run, SUM(won) FROM (SELECT p.player AS player, p.won AS won, SUM(1 - p.won) OVER "
            "(PARTITION BY p.player ORDER BY p.finished, p.game_id ROWS UNBOUNDED PRECEDING) AS run "
            f"{join} {sql}) GROUP BY player, run", args):
        last, now_wins, best = streaks.get(player, (-1, 0, 0))
        if run > last:
            last, now_wins = run, wins
        streaks[player] = (last, now_wins, max(best, wins))
    ratings = folded_ratings(db, sql, args) if fold else kept_ratings(db, sql, args)
    lines: dict[int, list[tuple[str, GameLine]]] = {}
    order = {g: i for i, g in enumerate(GAMES)}
    for player, game, n, wins, avg, most, least, margin in sorted(per_game, key=lambda r: (r[0], order[r[1]])):
        rating, rated_games = ratings.get((player, game), (START, 0))
        lines.setdefault(player, []).append((game, GameLine(
            games=n, wins=wins, average=avg, best=least if game in lower else most,
            biggest_margin=margin, rating=rating, rated_games=rated_games)))
    out = [PlayerStats(name=names[player], games=n, wins=wins, win_rate=wins / n, streak=streaks[player][1],
                       best_streak=streaks[player][2], minutes=seconds / 60, by_game=tuple(lines[player]))
           for player, n, wins, seconds in overall]
    return tuple(sorted(out, key=lambda p: (-p.wins, -p.win_rate, p.name.casefold())))


def totalled_players(db: sqlite3.Connection, game: str | None, since: float = ALL_TIME) -> tuple[PlayerStats, ...]:
    """``player_stats`` of the whole history or a kept period's span (every game, or one), from
    the running totals."""
    rows = db.execute(
        "SELECT t.player, pl.name, t.game, t.games, t.wins, t.figures, t.best, t.margin, t.seconds, t.streak, "
        "t.best_streak, t.mu, t.sigma FROM totals t JOIN players pl ON pl.id = t.player WHERE t.since = ?"
        + (" AND t.game = ?" if game is not None else ""), [since, game] if game is not None else [since]).fetchall()
    overall: dict[int, tuple[Any, ...]] = {}
    lines: dict[int, dict[str, GameLine]] = {}
    for player, name, g, n, wins, figures, best, margin, seconds, streak, best_streak, mu, sigma in rows:
        if g == (game or EVERY):
            overall[player] = (name, n, wins, seconds, streak, best_streak)
        if g != EVERY:
            lines.setdefault(player, {})[g] = GameLine(
                games=n, wins=wins, average=figures / n, best=best, biggest_margin=margin,
                rating=Rating(mu, sigma) if mu is not None else START, rated_games=n)
    out = [PlayerStats(name=name, games=n, wins=wins, win_rate=wins / n, streak=streak, best_streak=best_streak,
                       minutes=seconds / 60, by_game=tuple((g, lines[player][g]) for g in GAMES
                                                           if g in lines.get(player, {})))
           for player, (name, n, wins, seconds, streak, best_streak) in overall.items()]
    return tuple(sorted(out, key=lambda p: (-p.wins, -p.win_rate, p.name.casefold())))


def totalled_games(db: sqlite3.Connection, game: str | None, since: float = ALL_TIME
                   ) -> tuple[tuple[str, GameSummary], ...]:
    """``game_summaries`` of the whole history or a kept period's span, from the running totals."""
    plays = {g: (n, seconds, steps) for g, n, seconds, steps in db.execute(
        "SELECT game, plays, seconds, steps FROM game_totals WHERE since = ?", (since,)).fetchall()
        if game in (None, g)}
    figures: dict[str, list[tuple[int, int]]] = {}
    for g, figure, n in db.execute("SELECT game, figure, n FROM figure_counts WHERE since = ? ORDER BY game, figure",
                                   (since,)):
        figures.setdefault(g, []).append((figure, n))
    return tuple((g, GameSummary(plays=plays[g][0], average_minutes=plays[g][1] / plays[g][0] / 60,
                                 average_steps=plays[g][2] / plays[g][0], figures=tuple(figures.get(g, ()))))
                 for g in GAMES if g in plays)


def kept_ratings(db: sqlite3.Connection, sql: str, args: list[Any]) -> dict[tuple[int, str], tuple[Rating, int]]:
    """(player, game) → their latest kept rating in the filter and their games rated."""
    rows = db.execute(
        "SELECT player, game, mu, sigma, n FROM (SELECT p.player AS player, p.game AS game, p.mu AS mu, "
        "p.sigma AS sigma, COUNT(*) OVER (PARTITION BY p.player, p.game) AS n, ROW_NUMBER() OVER "
        "(PARTITION BY p.player, p.game ORDER BY p.finished DESC, p.game_id DESC, p.seat DESC) AS latest "
        f"{PLACES} {sql}) WHERE latest = 1", args).fetchall()
    return {(player, game): (Rating(mu, sigma), n) for player, game, mu, sigma, n in rows}


@dataclass(frozen=True, slots=True)
class _Place:
    game_id: str
    seat: int
    player: int
    team: int
    place: int


def visible_ratings(db: sqlite3.Connection, sql: str, args: list[Any]) -> dict[tuple[str, int], tuple[Rating, Rating]]:
    """Every visible place's rating (before, after), folded over the visible records alone."""
    rows = db.execute(f"SELECT p.game, p.game_id, p.seat, p.player, p.team, p.place {PLACES} "
                      f"{sql} ORDER BY p.finished, p.game_id, p.seat", args).fetchall()
    games: list[tuple[str, list[_Place]]] = []
    for game, *place in rows:
        if not games or games[-1][1][0].game_id != place[0]:
            games.append((game, []))
        games[-1][1].append(_Place(*place))
    return {(p.game_id, p.seat): both for (_, places), rated_places in zip(games, fold(games))
            for p, both in zip(places, rated_places)}


def folded_ratings(db: sqlite3.Connection, sql: str, args: list[Any]) -> dict[tuple[int, str], tuple[Rating, int]]:
    """``kept_ratings`` folded over the visible records alone."""
    seats = dict(((gid, seat), (player, game)) for gid, seat, player, game in db.execute(
        f"SELECT p.game_id, p.seat, p.player, p.game {PLACES} {sql} "
        "ORDER BY p.finished, p.game_id, p.seat", args))
    out: dict[tuple[int, str], tuple[Rating, int]] = {}
    for key, (_, after) in visible_ratings(db, sql, args).items():
        who = seats[key]
        out[who] = (after, out.get(who, (START, 0))[1] + 1)
    return out


def game_summaries(db: sqlite3.Connection, sql: str, args: list[Any]) -> tuple[tuple[str, GameSummary], ...]:
    plays = {g: (n, secs, steps) for g, n, secs, steps in db.execute(
        f"SELECT r.game, COUNT(*), AVG(r.finished - r.started), AVG(r.steps) FROM records r {sql} GROUP BY r.game",
        args)}
    figures: dict[str, list[tuple[int, int]]] = {}
    for game, figure, n in db.execute(
            f"SELECT p.game, p.figure, COUNT(*) {PLACES} {sql} "
            "GROUP BY p.game, p.figure ORDER BY p.game, p.figure", args):
        figures.setdefault(game, []).append((figure, n))
    return tuple((g, GameSummary(plays=plays[g][0], average_minutes=plays[g][1] / 60, average_steps=plays[g][2],
                                 figures=tuple(figures.get(g, ())))) for g in GAMES if g in plays)


def latest(db: sqlite3.Connection, sql: str, args: list[Any], scope: Scope | None,
           limit: int = LATEST) -> tuple[GameRecord, ...]:
    """The latest records, the latest first (a phone's with ratings folded over what it sees)."""
    ids = [r[0] for r in db.execute(f"SELECT r.game_id FROM records r {sql} ORDER BY r.finished DESC, r.game_id DESC "
                                    "LIMIT ?", [*args, limit])]
    if not ids:
        return ()
    got = kept(db, f"WHERE r.game_id IN ({','.join('?' * len(ids))})", ids)
    if scope is not None:
        both = visible_ratings(db, sql, args)
        got = [r.model_copy(update={"placings": tuple(p.model_copy(update={
            "before": both[(r.game_id, p.seat)][0], "after": both[(r.game_id, p.seat)][1]}) for p in r.placings)})
            for r in got]
    return tuple(reversed(got))


def stopped_early(db: sqlite3.Connection, sql: str, args: list[Any]) -> int:
    """The records in the filter of games stopped early (scored at their stop)."""
    return int(db.execute(f"SELECT COUNT(*) FROM records r {also(sql, 'r.stopped = 1')}", args).fetchone()[0])


def stopped_early_line(n: int) -> str:
    """How many of the games counted were stopped early, in the words of every place that says
    it (the Players screen, Tonight, ``companion stats``).

    >>> stopped_early_line(1)
    '1 game stopped early counts, as it was scored at its stop.'
    >>> stopped_early_line(2)
    '2 games stopped early count, as they were scored at their stop.'
    """
    if n == 1:
        return "1 game stopped early counts, as it was scored at its stop."
    return f"{n} games stopped early count, as they were scored at their stop."


def unfinished(db: sqlite3.Connection, scope: Scope | None, flt: Filter, now: float | None) -> int:
    """Games in the filter (by their last change) without a record: still being played, or
    stopped without counting."""
    sql, args = where(scope, flt, now, games=True)
    sql = also(sql, "g.id NOT IN (SELECT game_id FROM records)")
    return int(db.execute(f"SELECT COUNT(*) FROM games g {sql}", args).fetchone()[0])


def head_to_head(store: Any, scope: Scope | None, flt: Filter, a: str, b: str, now: float | None = None) -> HeadToHead:
    with store.reading() as db:
        sql, args = where(scope, flt, now)
        return head_to_head_in(db, sql, args, a, b)


def head_to_head_in(db: sqlite3.Connection, sql: str, args: list[Any], a: str, b: str) -> HeadToHead:
    """The games two players (any spelling of their names) played together, and the wins of each."""
    ids = [db.execute("SELECT id, name FROM players WHERE id = ?", (player_of(db, n),)).fetchone() for n in (a, b)]
    if ids[0] is None or ids[1] is None:
        return HeadToHead(a=a.strip(), b=b.strip(), games=0, a_wins=0, b_wins=0)
    row = db.execute(
        "SELECT COUNT(*), COALESCE(SUM(x.won), 0), COALESCE(SUM(y.won), 0) FROM placings x JOIN placings y "
        "ON y.game_id = x.game_id JOIN records r ON r.game_id = x.game_id "
        f"{also(sql, 'x.player = ? AND y.player = ?')}",
        [*args, ids[0][0], ids[1][0]]).fetchone()
    return HeadToHead(a=ids[0][1], b=ids[1][1], games=row[0], a_wins=row[1], b_wins=row[2])


def win_rate_over_time(store: Any, scope: Scope | None, flt: Filter, name: str, points: int = 40,
                       now: float | None = None) -> tuple[tuple[float, float], ...]:
    """A player's win percentage after each of their games (finished time, 0-100), thinned to
    about ``points`` points, the last one kept."""
    with store.reading() as db:
        sql, args = where(scope, flt, now)
        rows = db.execute(
            "SELECT p.finished, p.won FROM placings p JOIN records r ON r.game_id = p.game_id "
            f"{also(sql, 'p.player = ?')} ORDER BY p.finished, p.game_id", [*args, player_of(db, name)]).fetchall()
    out, wins = [], 0
    step = max(1, len(rows) // points)
    for i, (finished, won) in enumerate(rows, 1):
        wins += won
        if i % step == 0 or i == len(rows):
            out.append((finished, 100 * wins / i))
    return tuple(out)


# --- game night, export, the command line -----------------------------------------------------


class Night(Frozen):
    """Tonight's results (the games finished in the last 12 hours)."""

    results: tuple[tuple[str, str], ...]
    """(game name, its headline), the latest first"""
    leader: str | None
    """the player with the most wins tonight (None on a tie for the most)"""
    leader_wins: int = 0
    stopped_early: int = 0
    """how many of tonight's results were games stopped early (counted as scored at the stop)"""


def tonight(store: Any, scope: Scope | None, now: float | None = None) -> Night:
    with store.reading() as db:
        sql, args = where(scope, Filter(period="tonight"), now)
        results = db.execute(f"SELECT r.game, r.headline FROM records r {sql} ORDER BY r.finished DESC, r.game_id DESC",
                             args).fetchall()
        stopped = stopped_early(db, sql, args)
        wins = db.execute(f"SELECT pl.name, SUM(p.won) AS w {PLACES} "
                          f"JOIN players pl ON pl.id = p.player {sql} GROUP BY p.player ORDER BY w DESC LIMIT 2",
                          args).fetchall()
    leader = None
    if wins and wins[0][1] > 0 and (len(wins) == 1 or wins[1][1] < wins[0][1]):
        leader = wins[0][0]
    return Night(results=tuple((GAMES.name_of(g), h) for g, h in results), leader=leader,
                 leader_wins=wins[0][1] if leader else 0, stopped_early=stopped)


CSV_COLUMNS = ("game", "game_id", "started", "finished", "minutes", "steps", "seat", "player", "name_at_the_table",
               "figure", "unit", "place", "won", "rating", "uncertainty", "rating_change", "stopped_early")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""what makes a spreadsheet read a cell as a formula (OWASP's CSV injection)"""


def spreadsheet_text(text: str) -> str:
    r"""A text cell a spreadsheet shows as text, never runs: one that starts with a formula's
    first character (``FORMULA_STARTS``), also after spaces or characters that draw nothing,
    gets a leading ``'`` (what spreadsheet apps take as "this is text", OWASP's rule). Only text
    cells are written through it: a number cell is a number the app wrote (a rating change of
    -0.50 stays a number), while a name "-1" is text and is written "'-1".

    >>> spreadsheet_text('=HYPERLINK("http://x")'), spreadsheet_text("-1"), spreadsheet_text("Ann-Marie")
    ('\'=HYPERLINK("http://x")', "'-1", 'Ann-Marie')
    >>> spreadsheet_text(" @x"), spreadsheet_text("\u200b+1")
    ("' @x", "'\u200b+1")
    """
    shown = "".join(ch for ch in text if not invisible(ch)).lstrip()
    return f"'{text}" if text.startswith(FORMULA_STARTS) or shown.startswith(FORMULA_STARTS) else text


def records_csv(store: Any, scope: Scope | None, flt: Filter | None = None, now: float | None = None) -> str:
    """Every record as CSV, one row per player per game, in the order the games were played
    (``stopped_early`` 1: a game stopped early, counted as the app scored it at its stop).
    Text cells go through ``spreadsheet_text`` (no cell runs as a formula); numbers are written
    as plain numbers (a change of rating as 1.25 or -0.50, no sign before a positive one)."""
    with store.reading() as db:
        scope = seen(db, scope)
        sql, args = where(scope, flt or Filter(), now)
        got = kept(db, sql, args)
        both = visible_ratings(db, sql, args) if scope is not None else None
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    text = spreadsheet_text
    for r in got:
        for p in r.placings:
            before, after = both[(r.game_id, p.seat)] if both is not None else (p.before, p.after)
            w.writerow([text(r.game), text(r.game_id), stamp(r.started), stamp(r.finished), f"{r.minutes:.1f}",
                        r.steps, p.seat + 1, text(p.player), text(p.name), p.figure, text(unit_of(r.game)),
                        p.place, int(p.won), f"{after.mu:.2f}" if after else "", f"{after.sigma:.2f}" if after else "",
                        f"{after.mu - before.mu:.2f}" if after and before else "",
                        int(r.stopped_early)])
    return out.getvalue()


def stamp(ts: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ts))


def to_json(board: Board) -> dict[str, Any]:
    """``companion stats --json``: the statistics and ratings the Players screen shows."""
    return {
        "players": [{
            "name": p.name, "games": p.games, "wins": p.wins, "win_rate": round(p.win_rate, 4), "streak": p.streak,
            "best_streak": p.best_streak, "minutes": round(p.minutes, 1),
            "by_game": {g: {"games": line.games, "wins": line.wins, "average": round(line.average, 2),
                            "best": line.best, "rating": {"mu": round(line.rating.mu, 3),
                                                          "sigma": round(line.rating.sigma, 3)}}
                        for g, line in p.by_game},
        } for p in board.players],
        "games": {g: {"plays": s.plays, "average_minutes": round(s.average_minutes, 1),
                      "average_steps": round(s.average_steps, 1)} for g, s in board.games},
        "stopped_early": board.stopped_early,
    }


def only(store: Any, players: Sequence[PlayerStats], name: str | None) -> tuple[PlayerStats, ...]:
    """The player ``name`` is (any spelling seen: as typed at a game, in any case, or one
    renamed or merged into them), or all."""
    if name is None:
        return tuple(players)
    with store.reading() as db:
        who = player_of(db, name)
        now = db.execute("SELECT name FROM players WHERE id = ?", (who,)).fetchone() if who is not None else None
    return tuple(p for p in players if now is not None and p.name == now[0])
