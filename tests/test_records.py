"""Records are never a second truth: whatever is done to the saved games (a game ended, its
ending undone and redone, going back to an earlier step, deleting, importing) and to the
players (renamed, merged), the kept records and ratings equal the ones computed from the saved
games alone."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.companion import records
from card_companion.companion.devices import Tables
from card_companion.companion.game import IllegalAction
from card_companion.companion.log_changes import Redo, RedoAll, Undo, UndoTo
from card_companion.companion.registry import GAMES, game
from card_companion.companion.session import Session
from card_companion.companion.stats import Filter, game_summaries, player_stats, totalled_games, totalled_players, where
from card_companion.companion.storage import Store
from tests.recorded import random_game

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


def truth(store: Store) -> list[records.GameRecord]:
    """Every record as the saved games alone say it."""
    games = []
    for sg in store.saved_games():
        try:
            session = store.load(sg.id)
        except IllegalAction:
            session = None
        games.append((sg.id, session, sg.created, sg.updated))
    with store.reading() as db:
        return records.from_saves(games, records.names_now(db))


def kept(store: Store) -> list[records.GameRecord]:
    with store.reading() as db:
        return records.kept(db)


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


def totals_agree(store: Store) -> None:
    """The running totals say what counting the records says, for every game and each one."""
    with store.reading() as db:
        for game_id in [None, *GAMES]:
            sql, args = where(None, Filter(game=game_id))
            assert rounded(totalled_players(db, game_id)) == rounded(player_stats(db, sql, args, False))
            assert rounded(totalled_games(db, game_id)) == rounded(game_summaries(db, sql, args))


def players(store: Store) -> list[str]:
    with store.reading() as db:
        return [r[0] for r in db.execute("SELECT name FROM players ORDER BY id")]


def test_a_game_that_ends_has_its_record_and_undo_redo_delete_follow_it():
    store = Store(":memory:")
    device = Tables(store).local()
    s = finished("fight")[0]
    gid = device.create(s.undo())  # the last step not played yet
    assert kept(store) == []
    shown = device.open(gid).snapshot
    shown = device.act(gid, shown, Redo())  # the step that ends the match
    (rec,) = kept(store)
    assert rec.game == "fight" and rec.steps == len(s.actions) and rec.headline == s.outcome.headline
    assert [p.name for p in rec.placings] == list(s.setup.players)
    assert sorted(p.place for p in rec.placings) == [1, 2]
    assert all(p.after is not None for p in rec.placings)
    shown = device.act(gid, shown, Undo())
    assert kept(store) == []  # undoing the last step takes the record away
    device.act(gid, shown, Redo())
    assert [r.game_id for r in kept(store)] == [gid]  # redoing brings it back
    device.delete(gid)
    assert kept(store) == [] and truth(store) == []


def test_an_imported_finished_game_adds_its_record():
    store = Store(":memory:")
    s = finished("pc-war")[0]
    gid = store.import_json(s.to_json())
    assert [r.game_id for r in kept(store)] == [gid] == [r.game_id for r in truth(store)]


def test_a_stopped_game_has_no_record():
    store = Store(":memory:")
    pal = game("peace-and-love")
    s = finished("peace-and-love")[0]
    # the same game stopped early (between turns, once play started): it counts for nothing
    for i in range(len(s.actions) - 1, 0, -1):
        try:
            stopped = Session.replay(pal, s.setup, list(s.actions[:i])).push(pal.parse_action({"kind": "stop"}))
            break
        except IllegalAction:
            continue
    store.create(stopped)
    assert stopped.is_over and kept(store) == [] == truth(store)


def test_rename_and_merge_follow_every_record():
    store = Store(":memory:")
    fight = game("fight")
    for names in (["Ann", "Bea"], ["anne", "Cy"], ["Bea", "Cy"]):
        store.create(Session.replay(fight, fight.make_setup(names), list(finished("fight")[0].actions)))
    with store.writing() as db:
        assert records.rename(db, " ANN", "Annie") == "Annie"
    assert "Annie" in {p.player for r in kept(store) for p in r.placings}
    assert "Ann" not in {p.player for r in kept(store) for p in r.placings}
    with store.writing() as db:
        assert records.merge(db, "Anne", "annie") == "Annie"  # two spellings of one person
    seen = [p.player for r in kept(store) for p in r.placings]
    assert seen.count("Annie") == 2 and "anne" not in seen
    assert kept(store) == truth(store)
    totals_agree(store)
    # a game typed with the old spelling counts for her too
    store.create(Session.replay(fight, fight.make_setup(["ANNE", "Dee"]), list(finished("fight")[0].actions)))
    assert [p.player for p in kept(store)[-1].placings] == ["Annie", "Dee"]


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


OPS = ("import", "import", "undo", "undo", "redo", "undo_to", "redo_all", "delete", "rename", "merge")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_records_always_equal_the_ones_computed_from_the_saves(data):
    store = Store(":memory:")
    device = Tables(store).local()
    every = [s for g in GAMES for s in finished(g)]
    for _ in range(data.draw(st.integers(4, 14), label="changes")):
        op = data.draw(st.sampled_from(OPS), label="op")
        ids = [g.id for g in store.saved_games()]
        if op == "import" or not ids:
            s = data.draw(st.sampled_from(every), label="game")
            back = data.draw(st.integers(0, 2), label="undone at import")
            store.create(s.undo_to(len(s.actions) - back) if back else s)
            continue
        gid = data.draw(st.sampled_from(ids), label="gid")
        shown = store.snapshot(gid)
        through_store = data.draw(st.booleans(), label="the store replays it")  # else the screen's session
        try:
            if op == "undo":
                if through_store:
                    store.commit(gid, shown.revision, Undo())
                else:
                    device.act(gid, shown, Undo())
            elif op == "redo":
                if through_store:
                    store.commit(gid, shown.revision, Redo())
                else:
                    device.act(gid, shown, Redo())
            elif op == "undo_to":
                step = data.draw(st.integers(0, max(0, len(shown.session.actions) - 1)), label="step")
                device.act(gid, shown, UndoTo(step))
            elif op == "redo_all":
                device.act(gid, shown, RedoAll())
            elif op == "delete":
                device.delete(gid)
            elif op in ("rename", "merge"):
                names = players(store)
                if not names:
                    continue
                a = data.draw(st.sampled_from(names), label="player")
                b = data.draw(st.sampled_from([*names, "Annie", "bea", "Zed"]), label="other")
                with store.writing() as db:
                    (records.rename if op == "rename" else records.merge)(db, a, b)
        except IllegalAction:
            pass  # nothing to undo or redo, a merge of tablemates...: refused, and nothing changed
        assert kept(store) == truth(store)
        totals_agree(store)


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
                     "DROP TABLE totals; DROP TABLE game_totals; DROP TABLE figure_counts; "
                     "PRAGMA user_version = 3;")
    db.close()
    store = Store(path)
    assert [r.game_id for r in kept(store)] == [done]
    assert kept(store) == truth(store)
