"""Records are never a second truth: whatever is done to the saved games (a game ended, its
ending undone and redone, going back to an earlier step, deleting, importing, a game stopped
early and scored, or stopped without counting) and to the players (renamed, merged), the kept
records and ratings equal the ones computed from the saved games alone, each game's time
being the time its last step was first entered as this test counts it on its own clock."""

from __future__ import annotations

import random
import time
import types
from functools import cache
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.companion.game import IllegalAction
from card_companion.companion.log_changes import EnterStep, LogChange, Redo, RedoAll, Undo, UndoTo
from card_companion.companion.phones.devices import Tables
from card_companion.companion.records import game_records as records
from card_companion.companion.records import totals
from card_companion.companion.records.names import names_now
from card_companion.companion.records.stats import (
    Filter,
    game_summaries,
    player_stats,
    players_screen,
    totalled_games,
    totalled_players,
    where,
)
from card_companion.companion.registry import GAMES, game
from card_companion.companion.saves import log as store_log
from card_companion.companion.saves.storage import Store
from card_companion.companion.session import Session
from tests.support.recorded import random_game

SPELLINGS = ("Ann", "Bea", "Cy", "Dee", " ann", "BEA ", "Anne", "Beatrice")
"""a small pool with two spellings of some names, so renames and merges meet"""


@cache
def finished(game_id: str) -> tuple[Session, ...]:
    """Two finished (not stopped) games of each kind, seated from SPELLINGS."""
    out: list[Session] = []
    rng = random.Random(game_id)
    while len(out) < 2:
        s = random_game(GAMES[game_id], rng, pool=("Ann", "Bea", "Cy", "Dee", "Anne", "Beatrice"))
        if s.is_over and not getattr(s.state, "stopped", False):
            names = [rng.choice([n, n.lower(), f" {n.upper()} "]) for n in s.setup.players]
            if len({n.strip().casefold() for n in names}) == len(names):
                s = Session.replay(s.game, s.game.make_setup(names, s.setup.settings.model_dump()), list(s.actions))
            out.append(s)
    return tuple(out)


@cache
def stopped(game_id: str) -> tuple[Session, ...]:
    """A game of each kind that has a Stop (Peace and Love, PC War) stopped early twice from
    the same point: scored at its stop (it counts), and without counting (abandoned)."""
    g = GAMES[game_id]
    s = finished(game_id)[0]
    for i in range(len(s.actions) - 1, 0, -1):  # the latest point the game can be stopped at
        cut = Session.replay(g, s.setup, list(s.actions[:i]))
        try:
            return tuple(cut.push(g.parse_action({"kind": "stop", "counts": counts})) for counts in (True, False))
        except IllegalAction:
            continue
    raise AssertionError(f"a {game_id} game that can never be stopped")


STOPPABLE = ("peace-and-love", "pc-war")

T0 = 1_790_000_000.0


class Played:
    """The saved games as this test counts them on its own: each game's log (its live steps,
    then the undone ones) and when each step first became a live step (None while it waits
    undone since it was saved), on a clock the test moves a minute at each change; the store
    writes on the same clock."""

    def __init__(self) -> None:
        self.store = Store(":memory:")
        self.device = Tables(self.store).local()
        self.now = T0
        self.times: dict[str, list[float | None]] = {}
        self.live: dict[str, int] = {}

    def __enter__(self) -> Played:
        self._clock = mock.patch.object(store_log, "time", types.SimpleNamespace(time=lambda: self.now))
        self._clock.start()
        return self

    def __exit__(self, *exc) -> None:
        self._clock.stop()

    def create(self, session: Session) -> str:
        self.now += 60
        gid = self.store.create(session)
        live, rows = len(session.actions), len(session.actions) + len(session.redo_actions)
        self.times[gid] = [self.now] * live + [None] * (rows - live)
        self.live[gid] = live
        return gid

    def act(self, gid: str, change: LogChange, through_store: bool = False) -> None:
        """One change (IllegalAction if refused: then nothing changed, here either)."""
        self.now += 60
        shown = self.store.snapshot(gid)
        if through_store:
            self.store.commit(gid, shown.revision, change)
        else:
            self.device.act(gid, shown, change)
        was, rows = self.live[gid], self.times[gid]
        live = {Undo: was - 1, Redo: was + 1, RedoAll: len(rows), EnterStep: was + 1}.get(type(change))
        if isinstance(change, UndoTo):
            live = change.step
        if isinstance(change, EnterStep):  # the undone step entered again by hand: the redo stack goes
            del rows[live:]
        for i in range(was, live):
            if rows[i] is None:
                rows[i] = self.now
        self.live[gid] = live

    def delete(self, gid: str) -> None:
        self.device.delete(gid)
        del self.times[gid], self.live[gid]

    def truth(self) -> list[records.GameRecord]:
        """Every record as the saved games and this test's clock alone say it."""
        games = []
        for sg in self.store.saved_games():
            try:
                session = self.store.load(sg.id)
            except IllegalAction:
                session = None
            assert sg.actions == self.live[sg.id]
            live = self.live[sg.id]
            games.append((sg.id, session, sg.created, self.times[sg.id][live - 1] if live else sg.created))
        with self.store.reading() as db:
            return records.from_saves(games, names_now(db))


def kept(store: Store) -> list[records.GameRecord]:
    with store.reading() as db:
        return records.kept(db)


def truth(store: Store) -> list[records.GameRecord]:
    """Every record as the saved games alone say it, each finished when the save says its last
    step was first entered (a test with a clock of its own checks those times: ``Played``)."""
    games = []
    for sg in store.saved_games():
        try:
            session = store.load(sg.id)
        except IllegalAction:
            session = None
        with store.reading() as db:
            started, finished = records.played_at(db, sg.id) or (sg.created, sg.updated)
        games.append((sg.id, session, started, finished))
    with store.reading() as db:
        return records.from_saves(games, names_now(db))


def rounded(value):
    """A model's fields with floats to 9 places (sums added in another order)."""
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(v) for v in value]
    if hasattr(value, "__slots__") and hasattr(value, "mu"):  # a Rating
        return (round(value.mu, 9), round(value.sigma, 9))
    return value


def totals_agree(store: Store, now: float | None = None) -> None:
    """The running totals say what counting the records says, for every game and each one,
    over the whole history and the kept periods (this year, this month: their spans current)."""
    now = time.time() if now is None else now
    with store.reading() as db:
        for period in ("all", *totals.KEPT):
            since = totals.kept_since(db, period, now)
            assert since is not None, f"the totals of {period} are not kept"
            for game_id in [None, *GAMES]:
                sql, args = where(None, Filter(game=game_id, period=period), now)
                assert rounded(totalled_players(db, game_id, since)) == rounded(player_stats(db, sql, args, False))
                assert rounded(totalled_games(db, game_id, since)) == rounded(game_summaries(db, sql, args))


def players(store: Store) -> list[str]:
    with store.reading() as db:
        return [r[0] for r in db.execute("SELECT name FROM players ORDER BY id")]


def test_a_game_that_ends_has_its_record_and_undo_redo_delete_follow_it():
    with Played() as table:
        store = table.store
        s = finished("fight")[0]
        gid = table.create(s.undo())  # the last step not played yet
        assert kept(store) == []
        table.act(gid, Redo())  # the step that ends the match, first entered now
        (rec,) = kept(store)
        assert rec.game == "fight" and rec.steps == len(s.actions) and rec.headline == s.outcome.headline
        assert rec.finished == T0 + 2 * 60 and not rec.stopped_early  # the Redo's minute: its first entry
        assert [p.name for p in rec.placings] == list(s.setup.players)
        assert sorted(p.place for p in rec.placings) == [1, 2]
        assert all(p.after is not None for p in rec.placings)
        table.act(gid, Undo())
        assert kept(store) == []  # undoing the last step takes the record away
        table.act(gid, Redo())
        assert kept(store) == [rec]  # redoing brings it back as it was: its time, its ratings
        table.delete(gid)
        assert kept(store) == [] and table.truth() == []


def test_an_imported_finished_game_adds_its_record():
    with Played() as table:
        gid = table.create(finished("pc-war")[0])
        assert [r.game_id for r in kept(table.store)] == [gid] == [r.game_id for r in table.truth()]


@pytest.mark.parametrize("game_id", STOPPABLE)
def test_a_game_stopped_early_and_scored_is_a_record_and_one_stopped_without_counting_is_none(game_id):
    counting, abandoned = stopped(game_id)
    with Played() as table:
        gid = table.create(counting)
        (rec,) = kept(table.store)
        assert rec.stopped_early and rec.headline.startswith("Stopped early: ")
        assert rec.headline == counting.game.headline(counting.state)  # the words of the home screen and table
        assert tuple(i for i, p in enumerate(rec.placings) if p.won) == counting.outcome.winners
        assert kept(table.store) == table.truth()
        table.act(gid, Undo())  # the stop undone: the game goes on, and has no record
        assert kept(table.store) == [] == table.truth()
        table.act(gid, Redo())
        assert kept(table.store) == [rec]
        table.create(abandoned)
        assert abandoned.is_over and abandoned.outcome.winners == ()
        assert kept(table.store) == [rec] == table.truth()  # the abandoned game counts for nothing


def test_rename_and_merge_follow_every_record():
    with Played() as table:
        store = table.store
        fight = game("fight")
        for names in (["Ann", "Bea"], ["anne", "Cy"], ["Bea", "Cy"]):
            table.create(Session.replay(fight, fight.make_setup(names), list(finished("fight")[0].actions)))
        with store.writing() as db:
            assert records.rename(db, " ANN", "Annie") == "Annie"
        assert "Annie" in {p.player for r in kept(store) for p in r.placings}
        assert "Ann" not in {p.player for r in kept(store) for p in r.placings}
        with store.writing() as db:
            assert records.merge(db, "Anne", "annie") == "Annie"  # two spellings of one person
        seen = [p.player for r in kept(store) for p in r.placings]
        assert seen.count("Annie") == 2 and "anne" not in seen
        assert kept(store) == table.truth()
        totals_agree(store)
        # a game typed with the old spelling counts for her too
        table.create(Session.replay(fight, fight.make_setup(["ANNE", "Dee"]), list(finished("fight")[0].actions)))
        assert [p.player for p in kept(store)[-1].placings] == ["Annie", "Dee"]


def test_a_merged_spelling_seated_beside_the_player_it_was_merged_into_is_someone_else():
    """Ann was merged into Dee; a later game seats Dee and "ANN" at one table: that ANN is a
    player of her own (one person has one seat), "ann" still means Dee in Dee's absence, and a
    second game of Dee beside ANN meets the same ANN."""
    with Played() as table:
        store = table.store
        fight = game("fight")
        won = list(finished("fight")[0].actions)
        for names in (["Bea", "Ann"], ["Dee", "Cy"]):
            table.create(Session.replay(fight, fight.make_setup(names), won))
        with store.writing() as db:
            assert records.merge(db, "Ann", "Dee") == "Dee"
        table.create(Session.replay(fight, fight.make_setup(["Dee", "ANN"]), won))
        assert [p.player for p in kept(store)[-1].placings] == ["Dee", "ANN"]
        assert [p.player for p in kept(store)[0].placings] == ["Bea", "Dee"]  # the merge stands
        table.create(Session.replay(fight, fight.make_setup(["ann", "Bea"]), won))
        assert [p.player for p in kept(store)[-1].placings] == ["Dee", "Bea"]
        table.create(Session.replay(fight, fight.make_setup(["DEE", "ann"]), won))
        assert [p.player for p in kept(store)[-1].placings] == ["Dee", "ANN"]
        assert kept(store) == table.truth()
        totals_agree(store)


@pytest.mark.parametrize("bad, why", [
    (("Ann", ""), "every player needs a name"),
    (("Ann", "   "), "every player needs a name"),
    (("Ann", "A" * 200), "at most 40 letters"),
    (("Ann", "An\nn"), "control characters"),
    (("Ann", "Bea"), "Bea is another player"),
    (("Zed", "Zoe"), "no player called 'Zed'"),
])
def test_a_bad_rename_says_why_and_changes_nothing(bad, why):
    store = Store(":memory:")
    fight = game("fight")
    store.create(Session.replay(fight, fight.make_setup(["Ann", "Bea"]), list(finished("fight")[0].actions)))
    before = (kept(store), players(store))
    with pytest.raises(IllegalAction, match=why), store.writing() as db:
        records.rename(db, *bad)
    assert (kept(store), players(store)) == before


def test_merging_a_player_with_themselves_or_a_tablemate_is_refused():
    store = Store(":memory:")
    fight = game("fight")
    store.create(Session.replay(fight, fight.make_setup(["Ann", "Bea"]), list(finished("fight")[0].actions)))
    before = (kept(store), players(store))
    with pytest.raises(IllegalAction, match="cannot be merged with themselves"), store.writing() as db:
        records.merge(db, "ann", "ANN ")
    with pytest.raises(IllegalAction, match="played at the same table"), store.writing() as db:
        records.merge(db, "Ann", "Bea")
    assert (kept(store), players(store)) == before


OPS = ("import", "import", "undo", "undo", "redo", "enter again", "undo_to", "redo_all", "delete", "rename", "merge")


def change_one(table: Played, data, op: str) -> None:
    """One change of the saved games or the players, drawn (IllegalAction when it is refused)."""
    every = [s for g in GAMES for s in finished(g)] + [s for g in STOPPABLE for s in stopped(g)]
    ids = list(table.live)
    if op == "import" or not ids:
        s = data.draw(st.sampled_from(every), label="game")
        back = data.draw(st.integers(0, 2), label="undone at import")
        table.create(s.undo_to(len(s.actions) - back) if back else s)
        return
    gid = data.draw(st.sampled_from(ids), label="gid")
    through_store = data.draw(st.booleans(), label="the store replays it")  # else the screen's session
    if op in ("undo", "redo", "redo_all"):
        table.act(gid, {"undo": Undo(), "redo": Redo(), "redo_all": RedoAll()}[op], through_store)
    elif op == "enter again":  # the step Undo took back, entered again by hand (not Redo)
        redo = table.store.load(gid).redo_actions
        if redo:
            table.act(gid, EnterStep(redo[-1]), through_store)
    elif op == "undo_to":
        step = data.draw(st.integers(0, max(0, table.live[gid] - 1)), label="step")
        table.act(gid, UndoTo(step))
    elif op == "delete":
        table.delete(gid)
    else:
        names = players(table.store)
        if names:
            a = data.draw(st.sampled_from(names), label="player")
            b = data.draw(st.sampled_from([*names, "Annie", "bea", "Zed"]), label="other")
            with table.store.writing() as db:
                (records.rename if op == "rename" else records.merge)(db, a, b)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_records_always_equal_the_ones_computed_from_the_saves(data):
    with Played() as table:
        for _ in range(data.draw(st.integers(4, 14), label="changes")):
            try:
                change_one(table, data, data.draw(st.sampled_from(OPS), label="op"))
            except IllegalAction:
                pass  # nothing to undo or redo, a merge of tablemates...: refused, and nothing changed
            assert kept(table.store) == table.truth()
            totals_agree(table.store)


def ratings_now(store: Store) -> list[tuple]:
    """Every player's rating per game in the running totals, exactly."""
    with store.reading() as db:
        return sorted(db.execute("SELECT player, game, mu, sigma, streak, best_streak, games, wins FROM totals"))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_undo_then_redo_of_a_last_step_gives_every_record_and_rating_back_exactly(data):
    """Games ended a few minutes apart, each by its last step entered on the
    table; an Undo and a Redo of one game's last step, later (minutes or hours), give back
    every record as it was (its time, its place in the order) and every rating, to the bit."""
    pool = [s for g in GAMES for s in finished(g)] + [stopped(g)[0] for g in STOPPABLE]
    with Played() as table:
        ended = []
        for s in data.draw(st.lists(st.sampled_from(pool), min_size=3, max_size=9), label="games"):
            gid = table.create(s.undo())  # every step but the last one
            table.now += 60 * data.draw(st.integers(1, 90), label="minutes to the end")
            table.act(gid, EnterStep(s.actions[-1]))  # the step that ends it, entered on the table
            ended.append(gid)
        before, ratings = kept(table.store), ratings_now(table.store)
        assert before == table.truth() and len(before) == len(ended)
        gid = data.draw(st.sampled_from(ended), label="the game undone and redone")
        through_store = data.draw(st.booleans(), label="the store replays it")
        table.act(gid, Undo(), through_store)
        assert gid not in {r.game_id for r in kept(table.store)}
        table.now += 60 * data.draw(st.integers(1, 600), label="minutes before the redo")
        table.act(gid, Redo(), through_store)
        assert kept(table.store) == before and ratings_now(table.store) == ratings
        assert kept(table.store) == table.truth()


def test_a_step_entered_anew_after_an_undo_takes_the_time_of_its_entry():
    """The time is the last step's first entry: Undo and Redo keep it; another step entered
    in its place (a new step, not the one undone) is entered now."""
    s = finished("fight")[0]
    with Played() as table:
        gid = table.create(s.undo().undo())
        table.act(gid, Redo())  # the next to last step, entered at T0 + 2 min
        table.act(gid, Redo())  # the last, at T0 + 3 min: the match is over
        assert kept(table.store)[0].finished == T0 + 3 * 60
        table.act(gid, Undo())
        table.act(gid, Undo())
        table.act(gid, RedoAll())  # both back at once, as they were
        assert kept(table.store)[0].finished == T0 + 3 * 60
        with table.store.reading() as db:
            times = [r[0] for r in db.execute("SELECT entered FROM actions WHERE game_id = ? ORDER BY seq", (gid,))]
        assert times[-2:] == [T0 + 2 * 60, T0 + 3 * 60] and set(times[:-2]) == {T0 + 60}


def test_a_file_saved_before_records_gets_the_records_of_its_finished_games(tmp_path):
    # a save file of format 3: the same games, without the records' tables
    path = tmp_path / "games.sqlite3"
    store = Store(path)
    done = store.create(finished("fight")[0])
    store.create(finished("fight")[1].undo())  # not finished
    store.close()
    import sqlite3

    db = sqlite3.connect(path)
    db.executescript("DROP TABLE placings; DROP TABLE records; DROP TABLE player_names; DROP TABLE players; "
                     "DROP TABLE totals; DROP TABLE game_totals; DROP TABLE figure_counts; DROP TABLE spans; "
                     "PRAGMA user_version = 3;")
    db.close()
    store = Store(path)
    assert [r.game_id for r in kept(store)] == [done]
    assert kept(store) == truth(store)


def test_a_file_of_format_4_reads_its_old_stops_as_counted_and_keeps_each_games_time(tmp_path):
    """Save format 4 had no step times and no records of stopped games; its stop steps have no
    ``counts``. Opened, each old stop counts (the app scored it at its stop then too: the
    rulings), every step gets its game's last change as its time, so a finished game keeps the
    time its record had, and Redo after Undo does not move it."""
    import json
    import sqlite3

    path = tmp_path / "games.sqlite3"
    store = Store(path)
    done = store.create(finished("fight")[0])
    old_stop = store.create(stopped("peace-and-love")[0])
    store.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND action LIKE '%\"stop\"%'",
               (json.dumps({"kind": "stop"}), old_stop))  # as format 4 wrote a stop
    db.execute("UPDATE games SET updated = 1790000000.0 + rowid")
    db.executescript("DELETE FROM records WHERE game_id IN (SELECT game_id FROM records WHERE headline LIKE "
                     "'Stopped%'); ALTER TABLE records DROP COLUMN stopped; ALTER TABLE actions DROP COLUMN entered; "
                     "PRAGMA user_version = 4;")
    db.commit()
    updated = dict(db.execute("SELECT id, updated FROM games"))
    db.close()
    store = Store(path)
    assert {r.game_id: (r.finished, r.stopped_early) for r in kept(store)} == {
        done: (updated[done], False), old_stop: (updated[old_stop], True)}
    assert store.load(old_stop).actions[-1].counts  # an old stop is read as one that counts
    device = Tables(store).local()
    before = kept(store)
    device.act(old_stop, store.snapshot(old_stop), Undo())
    device.act(old_stop, store.snapshot(old_stop), Redo())
    assert kept(store) == before


def on_a_clock(monkeypatch) -> list[float]:
    """The store's clock, set by the test: ``clock[0]`` is now for every game saved."""
    clock = [time.time()]
    monkeypatch.setattr(store_log, "time", types.SimpleNamespace(time=lambda: clock[0]))
    return clock


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_totals_of_this_year_and_this_month_equal_counting_their_records(monkeypatch, data):
    # games ending at random times from before this year began to now, in a random order (so
    # records land between others), some taken back: the kept spans of this year and this month
    # count exactly the records since each began
    clock = on_a_clock(monkeypatch)
    now = time.time()
    starts = [records_period_start("year", now), records_period_start("month", now)]
    store = Store(":memory:")
    every = [s for g in GAMES for s in finished(g)]
    for _ in range(data.draw(st.integers(3, 12), label="games")):
        edge = data.draw(st.sampled_from(starts), label="near the start of")
        clock[0] = min(now - 1, edge + data.draw(st.floats(-40 * 86400, 40 * 86400), label="seconds after it"))
        if data.draw(st.booleans(), label="exactly at a period's start"):
            clock[0] = edge
        s = data.draw(st.sampled_from(every), label="game")
        gid = store.create(s)
        if data.draw(st.integers(0, 4), label="then") == 0:
            store.commit(gid, 0, Undo())
        elif data.draw(st.integers(0, 6), label="or") == 0:
            store.delete(gid)
        assert kept(store) == truth(store)
        totals_agree(store, now)


def records_period_start(period: str, now: float) -> float:
    from card_companion.companion.records.periods import period_start

    start = period_start(period, now)
    assert start is not None
    return start


def test_the_kept_periods_move_on_with_the_clock(monkeypatch):
    # games of the last day of a month, then the clock passes into the next: until something
    # is written the month is counted from its records; the first write counts the new month's
    # span (and the old month's goes)
    clock = on_a_clock(monkeypatch)
    monkeypatch.setattr(totals, "time", types.SimpleNamespace(time=lambda: clock[0]))
    month = records_period_start("month", time.time())
    store = Store(":memory:")
    for i, s in enumerate(finished("fight") + finished("pc-war")[:1]):
        clock[0] = month - 86400 + i * 3600  # the day before this month
        store.create(s)
    before = records_period_start("month", month - 1)
    with store.reading() as db:
        assert totals.kept_since(db, "month", month - 1) == before
        assert totals.kept_since(db, "month", month + 60) is None  # a new month: not kept yet
    assert players_screen(store, None, Filter(period="month"), now=month + 60).players == ()
    clock[0] = month + 60
    store.create(finished("pc-war")[1])  # the first write of the month
    totals_agree(store, month + 120)
    with store.reading() as db:
        assert totals.kept_since(db, "month", month + 120) == month
        assert {r[0] for r in db.execute("SELECT DISTINCT since FROM totals")} == {
            totals.ALL_TIME, month, records_period_start("year", month)}  # the old month's span is gone
    (only,) = players_screen(store, None, Filter(period="month", game="pc-war"), now=month + 120).games
    assert only[1].plays == 1
