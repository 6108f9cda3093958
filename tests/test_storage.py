"""Saved games: every action committed, undo/redo survive a reload, bad files left untouched."""

from __future__ import annotations

import json
import sqlite3

import pytest

from card_companion.companion.game import IllegalAction
from card_companion.companion.registry import game
from card_companion.companion.session import Session
from card_companion.companion.storage import SCHEMA_VERSION, Store, open_store

PAL = game("peace-and-love")


def deal(session: Session, player: int, cards: list[str]) -> Session:
    return session.push(PAL.parse_action({"kind": "deal", "player": player, "fighters": cards}))


@pytest.fixture
def started() -> Session:
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea"]))
    s = deal(s, 0, ["9H", "KD", "QC"])  # total 9 + 13 + 12 = 34
    return deal(s, 1, ["5S", "2C", "7D"])  # total 14: Bea goes first


def test_every_change_is_committed_and_reloads(tmp_path, started):
    store = open_store(tmp_path).store
    gid = store.create(Session.start(PAL, started.setup))
    before = Session.start(PAL, started.setup)
    for a in started.actions:
        after = before.push(a)
        store.record(gid, before, after)
        before = after
    # a second connection (another process, a reload) sees each committed step
    other = Store(tmp_path / "games.sqlite3")
    assert other.load(gid).state == started.state
    undone = started.undo()
    store.record(gid, started, undone)
    reloaded = Store(tmp_path / "games.sqlite3").load(gid)
    assert reloaded.state == undone.state
    assert reloaded.can_redo, "the redo stack is saved too"
    assert reloaded.redo().state == started.state
    # a new action after an undo drops the redo tail
    alt = undone.push(PAL.parse_action({"kind": "deal", "player": 1, "fighters": ["AS", "2S", "3S"]}))
    store.record(gid, undone, alt)
    again = Store(tmp_path / "games.sqlite3").load(gid)
    assert again.state == alt.state and not again.can_redo


def test_list_delete_export_import(tmp_path, started):
    store = open_store(tmp_path).store
    gid = store.create(started)
    [saved] = store.saved_games()
    assert saved.game == "peace-and-love" and saved.players == ("Ann", "Bea") and saved.actions == 2
    exported = store.export_json(gid)
    assert json.loads(exported)["game"] == "peace-and-love"
    gid2 = store.import_json(exported)
    assert store.load(gid2).state == started.state
    store.delete(gid)
    assert [g.id for g in store.saved_games()] == [gid2]


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "not JSON"),
        ('{"format": "something-else"}', "not a saved game"),
        ('{"format": "card-companion-game", "version": 99, "game": "x", "setup": {}, "actions": []}', "newer version"),
        ('{"format": "card-companion-game", "version": 1, "game": "chess", "setup": {}, "actions": []}', "chess"),
        ('{"format": "card-companion-game", "version": 1, "game": "peace-and-love", '
         '"setup": {"players": ["Ann", "Bea"]}, "actions": [{"kind": "deal", "player": 0, "fighters": ["1H"]}]}',
         "'1H' is not a card"),
        ('{"format": "card-companion-game", "version": 1, "game": "peace-and-love", '
         '"setup": {"players": ["Ann", "Bea"]}, "actions": [{"kind": "refresh", "fighter": 0}]}',
         "action 1 of the log cannot be applied"),
    ],
)
def test_import_rejects_bad_files_plainly(tmp_path, text, message):
    store = open_store(tmp_path).store
    with pytest.raises(IllegalAction, match=message):
        store.import_json(text)
    assert store.saved_games() == []


def test_corrupt_file_is_left_untouched_and_app_still_saves(tmp_path, started):
    bad = tmp_path / "games.sqlite3"
    bad.write_bytes(b"this is not a database at all" * 100)
    before = bad.read_bytes()
    opened = open_store(tmp_path)
    assert "not a readable save file" in opened.problem and "left untouched" in opened.problem
    gid = opened.store.create(started)
    assert opened.store.load(gid).state == started.state
    assert bad.read_bytes() == before


def test_newer_schema_is_left_untouched(tmp_path):
    path = tmp_path / "games.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.execute("CREATE TABLE games (id TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    opened = open_store(tmp_path)
    assert "newer version of the app" in opened.problem
    assert path.read_bytes() == before


def test_one_damaged_game_is_listed_with_its_problem(tmp_path, started):
    store = open_store(tmp_path).store
    good = store.create(started)
    bad = store.create(started)
    store.db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = 0", ('{"kind": "deal"}', bad))
    store.db.execute("UPDATE games SET game = 'chess' WHERE id = ?", (bad,))
    problems = {g.id: g.problem for g in store.saved_games()}
    assert problems[good] is None and "chess" in problems[bad]
    with pytest.raises(IllegalAction):
        store.load(bad)
    assert store.load(good).state == started.state


def test_two_devices_never_overwrite_each_other(tmp_path, started):
    from card_companion.companion.storage import StaleGame

    store = open_store(tmp_path).store
    gid = store.create(started)
    phone_a = store.load(gid)
    phone_b = store.load(gid)
    a = phone_a.undo()
    store.record(gid, phone_a, a)  # phone A undoes the second deal
    b = phone_b.push(PAL.parse_action({"kind": "refresh", "fighter": 0}))
    with pytest.raises(StaleGame, match="another device changed this game"):
        store.record(gid, phone_b, b)  # phone B's screen was stale: refused, nothing lost
    assert store.load(gid).state == a.state and store.load(gid).can_redo
