"""Saved games: every step committed with its revision, stale steps refused, undo/redo survive
a reload, reads never see half a step, a busy file is waited for (never forked), a damaged
file is found at open and never written into, and every failure is one plain sentence."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from card_companion.companion.game import IllegalAction
from card_companion.companion.log_changes import EnterStep, Redo, Undo
from card_companion.companion.phones.devices import Tables
from card_companion.companion.registry import game
from card_companion.companion.saves.storage import (
    FILE_NAME,
    SCHEMA_VERSION,
    StaleGame,
    Store,
    StoreBusy,
    StoreError,
    open_store,
)
from card_companion.companion.session import Session

PAL = game("peace-and-love")
ROOT = Path(__file__).resolve().parents[2]


def deal(player: int, cards: str):
    return PAL.parse_action({"kind": "deal", "player": player, "fighters": cards.split()})


ANN_DEAL = deal(0, "9H KD QC")  # Ann's total 9 + 13 + 12 = 34
BEA_DEAL = deal(1, "5S 2C 7D")  # Bea's total 5 + 2 + 7 = 14: Bea goes first
BEA_OTHER = deal(1, "AS 2S 3S")


@pytest.fixture
def store(tmp_path) -> Store:
    return open_store(tmp_path).store


def new_game(store: Store, *actions) -> str:
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea"]))
    for a in actions:
        s = s.push(a)
    return store.create(s)


# --- the store is told what happened -------------------------------------------------------------


def test_push_undo_redo_bump_the_revision_and_survive_a_reload(tmp_path, store):
    gid = new_game(store)
    shown = store.snapshot(gid)
    assert shown.revision == 0 and len(shown.code) == 9
    r1 = store.commit(gid, 0, EnterStep(ANN_DEAL)).revision
    r2 = store.commit(gid, r1, EnterStep(BEA_DEAL)).revision
    assert (r1, r2) == (1, 2)
    other = Store(tmp_path / FILE_NAME)  # a second connection: another process, a reload
    snap = other.snapshot(gid)
    assert snap.revision == 2 and snap.session.actions == (ANN_DEAL, BEA_DEAL)
    r3 = store.commit(gid, r2, Undo()).revision
    again = Store(tmp_path / FILE_NAME).snapshot(gid)
    assert again.revision == r3 == 3 and again.session.actions == (ANN_DEAL,)
    assert again.session.redo_stack == (BEA_DEAL,), "the redo stack is saved too"
    r4 = store.commit(gid, r3, Redo()).revision
    assert store.snapshot(gid).session.actions == (ANN_DEAL, BEA_DEAL) and r4 == 4
    store.commit(gid, r4, Undo())
    store.commit(gid, 5, EnterStep(BEA_OTHER))  # a new step after an undo drops the redo tail
    last = Store(tmp_path / FILE_NAME).snapshot(gid)
    assert last.session.actions == (ANN_DEAL, BEA_OTHER) and not last.session.can_redo and last.revision == 6


def test_nothing_to_undo_or_redo_is_a_sentence_and_writes_nothing(store):
    gid = new_game(store)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        store.commit(gid, 0, Undo())
    with pytest.raises(IllegalAction, match="nothing to redo"):
        store.commit(gid, 0, Redo())
    assert store.revision(gid) == 0


def test_a_stale_step_cannot_slip_through_and_break_the_save(store):
    """Phone A undoes and enters a different step; phone B, still showing the old state
    (same number of steps), enters a step: refused, and the game still opens."""
    gid = new_game(store, ANN_DEAL, BEA_DEAL)
    a = store.snapshot(gid)
    b = store.snapshot(gid)
    r = store.commit(gid, a.revision, Undo()).revision
    store.commit(gid, r, EnterStep(BEA_OTHER))  # A: same length and row count as before
    attack = PAL.parse_action({"kind": "fight", "fighter": 0, "defender": 0, "defender_fighter": 0})
    b.session.push(attack)  # legal on B's (stale) screen: Bea attacks with her 5♠
    with pytest.raises(StaleGame, match="another phone changed this game"):
        store.commit(gid, b.revision, EnterStep(attack))
    now = store.snapshot(gid)  # opens, and is A's game
    assert now.session.actions == (ANN_DEAL, BEA_OTHER) and now.revision == 2  # A's undo and push


def test_an_undo_from_a_stale_screen_cannot_undo_the_other_phones_step(store):
    gid = new_game(store, ANN_DEAL)
    a = store.snapshot(gid)
    b = store.snapshot(gid)
    store.commit(gid, a.revision, EnterStep(BEA_DEAL))  # A enters Bea's deal
    with pytest.raises(StaleGame):
        store.commit(gid, b.revision, Undo())  # B's screen never showed that step
    with pytest.raises(StaleGame):
        store.commit(gid, b.revision, EnterStep(BEA_OTHER))
    assert store.load(gid).actions == (ANN_DEAL, BEA_DEAL)


def test_a_deleted_game_refuses_steps_in_plain_words(store):
    gid = new_game(store)
    store.delete(gid)
    with pytest.raises(StaleGame, match="no longer saved"):
        store.commit(gid, 0, EnterStep(ANN_DEAL))


def test_two_processes_check_the_same_revision(tmp_path, store):
    """Another process (a second server on the same save file) commits a step: this one's
    step on the old revision is refused."""
    gid = new_game(store)
    shown = store.snapshot(gid)
    code = (f"from card_companion.companion.saves.storage import Store\n"
            f"from card_companion.companion.log_changes import EnterStep\n"
            f"from card_companion.companion.registry import game\n"
            f"s = Store({str(tmp_path / FILE_NAME)!r})\n"
            f"a = game('peace-and-love').parse_action({{'kind': 'deal', 'player': 0, 'fighters': ['2H','3H','4H']}})\n"
            f"print(s.commit({gid!r}, 0, EnterStep(a)).revision)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.stdout.strip() == "1", done.stderr
    with pytest.raises(StaleGame):
        store.commit(gid, shown.revision, EnterStep(ANN_DEAL))
    assert [str(c) for c in store.load(gid).actions[0].fighters] == ["2H", "3H", "4H"]


# --- reads never see half a step -------------------------------------------------------------------


def test_a_read_never_sees_a_step_that_is_not_committed(store):
    gid = new_game(store, ANN_DEAL)
    half_done, go_on = threading.Event(), threading.Event()
    seen = []

    def writer():
        try:
            with store._write() as db:  # half of a step: the action is in, the count not yet
                db.execute("INSERT INTO actions (game_id, seq, action) VALUES (?,?,?)",
                           (gid, 1, json.dumps(PAL.dump_action(BEA_DEAL))))
                half_done.set()
                go_on.wait(10)
                raise RuntimeError("the step never commits")
        except RuntimeError:
            pass

    def reader():
        half_done.wait(10)
        snap = store.snapshot(gid)
        seen.append((snap.revision, snap.session.actions, snap.session.redo_stack))
        go_on.set()

    threads = [threading.Thread(target=writer), threading.Thread(target=reader)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert seen == [(0, (ANN_DEAL,), ())]  # not the half-written Bea's deal (as a redo)
    assert store.snapshot(gid).session.redo_stack == ()


def test_loads_under_concurrent_writes_are_always_whole(store):
    """Three readers load while a writer pushes 60 steps: every load is a committed state
    (live steps = revision, no redo tail), never one with a step half in."""
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea"]))
    s = s.push(ANN_DEAL).push(BEA_DEAL)
    gid = store.create(s)
    # Bea attacks, both play a card, refresh...: any legal steps will do; undo/redo pairs
    # keep the log short while the revision climbs
    bad: list = []
    done = threading.Event()

    def reader():
        while not done.is_set():
            snap = store.snapshot(gid)
            if len(snap.session.actions) + len(snap.session.redo_stack) != 2 or snap.revision % 2 != (
                    len(snap.session.redo_stack)):
                bad.append(snap)

    readers = [threading.Thread(target=reader) for _ in range(3)]
    for t in readers:
        t.start()
    rev = store.revision(gid)
    for _ in range(30):
        rev = store.commit(gid, rev, Undo()).revision
        rev = store.commit(gid, rev, Redo()).revision
    done.set()
    for t in readers:
        t.join(20)
    assert rev == 60 and bad == []


# --- a lock is not damage ---------------------------------------------------------------------------


HOLD = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA journal_mode = DELETE")
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("COMMIT")
"""


def test_a_busy_save_file_is_waited_for_then_reported_never_forked(tmp_path):
    first = open_store(tmp_path).store
    gid = new_game(first)
    first.close()
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path / FILE_NAME), "6"], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        opened = open_store(tmp_path, wait=0.5)
        assert "busy" in opened.problem and "another program" in opened.problem
        assert "nothing is saved anywhere else" in opened.problem
        assert opened.store.path == str(tmp_path / FILE_NAME)
        with pytest.raises(StoreBusy, match="busy"):
            opened.store.saved_games()
    finally:
        holder.wait(20)
    assert not (tmp_path / "games-1.sqlite3").exists()
    assert [g.id for g in opened.store.saved_games()] == [gid]  # once free, the same file and its games


def test_a_write_while_another_process_holds_the_file_is_refused_plainly(tmp_path):
    store = open_store(tmp_path).store
    gid = new_game(store)
    store.busy_timeout = 0.3
    store.close()
    store = Store(tmp_path / FILE_NAME, busy_timeout=0.3)
    holder = subprocess.Popen([sys.executable, "-c", HOLD.replace('db.execute("PRAGMA journal_mode = DELETE")\n', ""),
                               str(tmp_path / FILE_NAME), "3"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(StoreBusy, match="another program is using it. Nothing was changed"):
            store.commit(gid, 0, EnterStep(ANN_DEAL))
    finally:
        holder.wait(20)
    assert store.commit(gid, 0, EnterStep(ANN_DEAL)).revision == 1  # the same step, once the file is free


# --- damage found at open ------------------------------------------------------------------------------


def big_save(folder: Path, games: int = 60) -> list[str]:
    store = open_store(folder).store
    ids = [new_game(store, ANN_DEAL, BEA_DEAL) for _ in range(games)]
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    return ids


def test_a_truncated_file_is_found_at_open_and_never_written_into(tmp_path):
    big_save(tmp_path)
    path = tmp_path / FILE_NAME
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    before = path.read_bytes()
    opened = open_store(tmp_path)
    assert opened.problem and ("damaged" in opened.problem or "not a readable" in opened.problem)
    assert "left untouched" in opened.problem and opened.store.path.endswith("games-1.sqlite3")
    new_game(opened.store)
    assert path.read_bytes() == before


def test_a_garbled_middle_page_is_found_at_open(tmp_path):
    big_save(tmp_path)
    path = tmp_path / FILE_NAME
    data = bytearray(path.read_bytes())
    page = 4096
    middle = (len(data) // page // 2) * page
    data[middle: middle + page] = bytes(range(256)) * (page // 256)  # one whole page garbled
    path.write_bytes(bytes(data))
    before = path.read_bytes()
    opened = open_store(tmp_path)
    assert opened.problem and "damaged" in opened.problem, opened.problem
    new_game(opened.store)
    assert path.read_bytes() == before


def test_an_action_row_that_is_not_json_is_a_sentence(store):
    good = new_game(store, ANN_DEAL)
    bad = new_game(store, ANN_DEAL, BEA_DEAL)
    store.db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = 1", ("{not json", bad))
    with pytest.raises(IllegalAction, match="step 2 of its log is not readable"):
        store.snapshot(bad)
    store.db.execute("UPDATE games SET setup = 'garbage' WHERE id = ?", (bad,))
    with pytest.raises(IllegalAction, match="its setup is not readable"):
        store.load(bad)
    store.db.execute("UPDATE games SET players = 'garbage' WHERE id = ?", (bad,))
    problems = {g.id: g.problem for g in store.saved_games()}
    assert problems == {good: None, bad: "its player list is damaged"}


def test_one_damaged_game_is_listed_with_its_problem(store):
    good = new_game(store, ANN_DEAL, BEA_DEAL)
    bad = new_game(store, ANN_DEAL, BEA_DEAL)
    store.db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND seq = 0", ('{"kind": "deal"}', bad))
    store.db.execute("UPDATE games SET game = 'chess' WHERE id = ?", (bad,))
    problems = {g.id: g.problem for g in store.saved_games()}
    assert problems[good] is None and "chess" in problems[bad]
    with pytest.raises(IllegalAction):
        store.load(bad)
    assert store.load(good).actions == (ANN_DEAL, BEA_DEAL)


def test_corrupt_file_is_left_untouched_and_app_still_saves(tmp_path):
    bad = tmp_path / FILE_NAME
    bad.write_bytes(b"this is not a database at all" * 100)
    before = bad.read_bytes()
    opened = open_store(tmp_path)
    assert "not a readable save file" in opened.problem and "left untouched" in opened.problem
    gid = new_game(opened.store, ANN_DEAL)
    assert opened.store.load(gid).actions == (ANN_DEAL,)
    assert bad.read_bytes() == before


def test_newer_schema_is_left_untouched(tmp_path):
    path = tmp_path / FILE_NAME
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.execute("CREATE TABLE games (id TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    opened = open_store(tmp_path)
    assert "newer version of the app" in opened.problem
    assert path.read_bytes() == before


# --- disk trouble ----------------------------------------------------------------------------------------


def test_a_full_disk_says_so_and_changes_nothing(store):
    gid = new_game(store, ANN_DEAL)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full from here on
    huge = "x" * 200_000
    with pytest.raises(StoreError) as caught:
        with store._write() as db:
            db.execute("INSERT INTO meta (key, value) VALUES ('filler', ?)", (huge,))
    assert str(caught.value).startswith("the disk is full: nothing was saved")
    assert "rollback" not in str(caught.value)
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bea"]))
    for _ in range(40):  # new games until the file has no room: each refusal is the same sentence
        try:
            store.create(s.push(ANN_DEAL).push(BEA_DEAL))
        except StoreError as exc:
            assert str(exc).startswith("the disk is full") and "rollback" not in str(exc)
            break
    else:
        pytest.fail("the full disk was never reached")
    assert store.snapshot(gid).session.actions == (ANN_DEAL,)  # the last committed state is intact


def test_a_read_only_save_file_refuses_writes_in_a_sentence(tmp_path):
    gid = new_game(open_store(tmp_path).store, ANN_DEAL)
    ro = Store(tmp_path / FILE_NAME, read_only=True)
    assert ro.load(gid).actions == (ANN_DEAL,)  # it can be looked at
    for write in (lambda: ro.commit(gid, 1, EnterStep(BEA_DEAL)), lambda: ro.delete(gid), lambda: new_game(ro)):
        with pytest.raises(StoreError, match="read-only"):
            write()
    assert ro.load(gid).actions == (ANN_DEAL,)


def test_a_read_only_folder_is_opened_read_only_with_a_sentence(tmp_path, monkeypatch):
    gid = new_game(open_store(tmp_path).store)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if mode == os.W_OK else real_access(p, mode))
    opened = open_store(tmp_path)
    assert "read-only" in opened.problem and "can be looked at" in opened.problem
    assert [g.id for g in opened.store.saved_games()] == [gid]
    with pytest.raises(StoreError, match="read-only"):
        new_game(opened.store)


def test_a_data_folder_that_cannot_be_made_still_gives_a_working_app(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    opened = open_store(blocker / "data")
    assert "cannot be created" in opened.problem and "will not be saved" in opened.problem
    gid = new_game(opened.store, ANN_DEAL)
    done = []
    t = threading.Thread(target=lambda: done.append(opened.store.load(gid).actions))  # shared by every thread
    t.start()
    t.join()
    assert done == [(ANN_DEAL,)]


# --- migration: a save of the first format opens, nothing lost --------------------------------------------

V1_SCHEMA = """
CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, players TEXT NOT NULL, setup TEXT NOT NULL,
    live INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
    action TEXT NOT NULL, PRIMARY KEY (game_id, seq));
PRAGMA user_version = 1;
"""


def test_a_first_format_save_is_migrated_without_losing_a_game(tmp_path):
    path = tmp_path / FILE_NAME
    db = sqlite3.connect(path)
    db.executescript(V1_SCHEMA)
    setup = PAL.make_setup(["Ann", "Bea"])
    for gid, live in (("aaaaaaaaaaaa", 2), ("bbbbbbbbbbbb", 1)):  # the second has Bea's deal undone
        db.execute("INSERT INTO games VALUES (?,?,?,?,?,?,?)",
                   (gid, "peace-and-love", '["Ann", "Bea"]', setup.model_dump_json(), live, 1.0, 2.0))
        for i, a in enumerate((ANN_DEAL, BEA_DEAL)):
            db.execute("INSERT INTO actions VALUES (?,?,?)", (gid, i, json.dumps(PAL.dump_action(a))))
    db.commit()
    db.close()
    store = open_store(tmp_path).store
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    a, b = store.snapshot("aaaaaaaaaaaa"), store.snapshot("bbbbbbbbbbbb")
    assert a.session.actions == (ANN_DEAL, BEA_DEAL) and a.revision == 0
    assert b.session.actions == (ANN_DEAL,) and b.session.redo_stack == (BEA_DEAL,)
    assert len({a.code, b.code}) == 2 and all(len(c) == 9 for c in (a.code, b.code))
    # made before tables had codes: open to the browsers of the server's own machine
    assert {g.id for g in store.saved_games("some-device", host_games=True)} == {"aaaaaaaaaaaa", "bbbbbbbbbbbb"}
    assert store.saved_games("some-device") == []
    assert store.commit("aaaaaaaaaaaa", 0, Undo()).revision == 1  # still writable after the migration


# --- the rest of the saved games' list ---------------------------------------------------------------------


def test_list_delete_export_import(store):
    gid = new_game(store, ANN_DEAL, BEA_DEAL)
    [saved] = store.saved_games()
    assert saved.game == "peace-and-love" and saved.players == ("Ann", "Bea") and saved.actions == 2
    exported = store.export_json(gid)
    assert json.loads(exported)["game"] == "peace-and-love"
    gid2 = store.import_json(exported)
    assert store.load(gid2).actions == (ANN_DEAL, BEA_DEAL)
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
        # an imported game gets the same checks as a new game, sizes capped
        ('{"format": "card-companion-game", "version": 1, "game": "pc-war", '
         '"setup": {"players": ["Ann"]}, "actions": []}', "Correct War is for 2 players, not 1"),
        ('{"format": "card-companion-game", "version": 1, "game": "card-stratego", '
         '"setup": {"players": ["Ann"]}, "actions": []}', "is for 2 players, not 1"),
        ('{"format": "card-companion-game", "version": 1, "game": "peace-and-love", "setup": {"players": ['
         + ", ".join(f'"P{i}"' for i in range(65)) + ']}, "actions": []}',
         "a table has at most 64 players, not 65"),
        ('{"format": "card-companion-game", "version": 1, "game": "cardpeegee", "setup": {"players": ['
         + ", ".join(f'"P{i}"' for i in range(65)) + ']}, "actions": []}', "at most 64 players, not 65"),
        ('{"format": "card-companion-game", "version": 1, "game": "fight", '
         '"setup": {"players": ["' + "A" * 5_000_000 + '", "Bea"]}, "actions": []}', "at most 40 letters"),
        ('{"format": "card-companion-game", "version": "99", "game": "fight", '
         '"setup": {"players": ["Ann", "Bea"]}, "actions": []}', "damaged: version"),
        ("[" * 100_000 + "]" * 100_000, "not JSON"),
        (b"\x89PNG\r\n\x1a\n\x00\x00binary", "not JSON"),
        ("caf\u00e9".encode("latin-1"), "not JSON"),
        ('{"format": "card-companion-game", "version": 1, "game": "fight", "setup": {"players": ["Ann", "Bea"]}, '
         '"actions": [' + ", ".join(['{"kind": "x"}'] * 3_000_000) + "]}", "at most 32 MB"),
    ],
)
def test_import_rejects_bad_files_plainly(store, text, message):
    with pytest.raises(IllegalAction, match=message):
        store.import_json(text)
    assert store.saved_games() == []


# --- a read-only save folder ---------------------------------------------------------

BIND_READ_ONLY = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" || exit 97; exec "$@"'
WRITER = """
import os, sys
from card_companion.companion.registry import game
from card_companion.companion.session import Session
from card_companion.companion.saves.storage import Store
from card_companion.companion.phones.devices import Tables
from card_companion.companion.log_changes import EnterStep
pal = game("peace-and-love")
tables = Tables(Store(sys.argv[1]))
phone = tables.device(sys.argv[2], "192.168.1.20")
deal = lambda p, cards: pal.parse_action({"kind": "deal", "player": p, "fighters": cards.split()})
start = Session.start(pal, pal.make_setup(["Ann", "Bea"]))
two = phone.create(start)
phone.act(two, phone.open(two).snapshot, EnterStep(deal(0, "9H KD QC")))
phone.act(two, phone.open(two).snapshot, EnterStep(deal(1, "5S 2C 7D")))
one = phone.create(start)
phone.act(one, phone.open(one).snapshot, EnterStep(deal(0, "9H KD QC")))
host = tables.store.create(start)  # made by the command line: no phone
print(one, two, host, flush=True)
if sys.argv[3] == "crash":
    os._exit(0)  # the app never closed the file: its last steps are in the write-ahead log
tables.store.close()
"""


def read_only(folder: Path, *args: str) -> dict:
    """tests/support/read_only_child.py run with ``folder`` truly read-only: a read-only bind mount in
    a mount namespace of its own (``unshare -rm``: root, or a user allowed user namespaces),
    else, for a user who is not root, the folder's own permissions. Skips where neither can
    be had (root without ``unshare``: root writes through permissions)."""
    child = [sys.executable, "-m", "tests.support.read_only_child", str(folder), *args]
    unshare = shutil.which("unshare")
    if unshare:
        r = subprocess.run([unshare, "-rm", "sh", "-c", BIND_READ_ONLY, str(folder), *child], cwd=ROOT,
                           capture_output=True, text=True, timeout=120)
        if r.returncode == 0:
            return json.loads(r.stdout.splitlines()[-1])
        if r.returncode != 97 and not r.stderr.startswith("unshare:"):
            raise AssertionError(f"the child failed: {r.stderr[-3000:]}")
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            r = subprocess.run(child, cwd=ROOT, capture_output=True, text=True, timeout=120)
        finally:
            folder.chmod(0o755)
        assert r.returncode == 0, r.stderr[-3000:]
        return json.loads(r.stdout.splitlines()[-1])
    pytest.skip("a read-only folder cannot be made here: no unshare, and root writes through permissions")


@pytest.mark.parametrize("how", ["closed", "crash", "copied backup"])
def test_a_read_only_save_folder_still_shows_every_game_and_refuses_every_change(tmp_path, how):
    """A save left as the app closed it (no write-ahead log: read as immutable), one whose
    writer never closed it (its log and shared memory beside it: read in place), and a copied
    backup of a file and its log without the shared memory (read from a private copy, so no
    step is lost). On the old code the first and the last opened as "not a readable save
    file (unable to open database file)" and showed no games."""
    folder = tmp_path / "saves"
    folder.mkdir()
    tables = Tables(Store(folder / FILE_NAME))
    key = tables.new_device_key()  # a phone of this save file (its secret is in the file)
    tables.store.close()
    writer = subprocess.run([sys.executable, "-c", WRITER, str(folder / FILE_NAME), key, "crash" if how != "closed"
                             else "close"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert writer.returncode == 0, writer.stderr
    one, two, host = writer.stdout.split()
    if how == "copied backup":
        os.remove(folder / f"{FILE_NAME}-shm")
    files = sorted(os.listdir(folder))
    assert (f"{FILE_NAME}-wal" in files) == (how != "closed")

    seen = read_only(folder, key, one)

    assert sorted(seen["games"]) == sorted([one, two, host]), seen["problem"]  # every game, every step
    assert seen["read_as"] == {"closed": "immutable", "crash": None, "copied backup": "a copy"}[how]
    assert "is read-only: its games can be looked at, but nothing can be changed" in seen["problem"]
    assert seen["steps"] == {one: 1, two: 2, host: 0}
    assert sorted(seen["mine"]) == sorted([one, two])  # the phone's own games, as ever
    assert seen["tries"] == dict.fromkeys(seen["tries"], "StoreError: the save folder is read-only: nothing can be "
                                                         "changed")
    assert seen["left"] == files and seen["games_after"] == 3  # nothing was written


# --- import checks every field ----------------------------------------------------


def test_a_name_with_a_control_character_is_refused_for_a_new_game_too():
    with pytest.raises(IllegalAction, match=r"player 2's name has a control character \(U\+0000\)"):
        PAL.make_setup(["Ann", "Be\x00a"])
    assert PAL.make_setup(["Ann\t", " Bea"]).players == ("Ann", "Bea")  # spaces around a name are trimmed, as ever


def test_a_game_this_app_saved_before_the_check_still_opens(store):
    """A name typed with a tab inside before names were checked is in someone's save file:
    that game still opens (and exports); only a file being imported is held to the check."""
    gid = new_game(store, ANN_DEAL)
    store.db.execute("UPDATE games SET setup = ? WHERE id = ?",
                     (json.dumps({"players": ["Ann\tLee", "Bea"], "settings": {}}), gid))
    assert store.load(gid).setup.players == ("Ann\tLee", "Bea")
    with pytest.raises(IllegalAction, match=r"setup.players.0 has a control character \(U\+0009\)"):
        store.import_json(store.export_json(gid))
