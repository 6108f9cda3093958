"""Each row of the bad-input catalogue: refused in the row's words, nothing changed; and
docs/bad-input.md says the same as the rows."""

from __future__ import annotations

import contextlib
import io
import json
import socket

import pytest

from card_companion.companion.game import IllegalAction
from card_companion.companion.log_changes import EnterStep
from card_companion.companion.phones.access import player_seat
from card_companion.companion.phones.devices import Tables
from card_companion.companion.protocol import resolve_line
from card_companion.companion.records import game_records as records
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import Store
from card_companion.companion.session import Session
from tests.fight.test_tracker import a_match_best_of_three
from tests.support.bad_input_catalogue import DOC, ROWS, Row, render


def test_the_catalogue_has_at_least_60_rows_of_each_kind_together():
    assert len(ROWS) >= 60
    assert {r.kind for r in ROWS} == {"ask", "step", "seat", "import", "websocket", "player", "command"}


@pytest.mark.parametrize("row", ROWS, ids=[f"{r.kind}-{i}" for i, r in enumerate(ROWS)])
def test_refused_in_plain_words_and_nothing_changed(row: Row, tmp_path):
    if row.kind == "ask":
        answer = json.loads(resolve_line(row.input))
        assert set(answer) == {"error"}
        assert row.says in answer["error"]
    elif row.kind == "step":
        game = GAMES[row.game]
        session = Session.start(game, game.make_setup(["Ann", "Bea"]))
        for step in row.after:
            session = session.push(game.parse_action(step))
        before = session.state
        with pytest.raises(IllegalAction) as refused:
            session.push(game.parse_action(row.input))
        assert row.says in str(refused.value)
        assert session.state == before
    elif row.kind == "seat":
        refused_on_anns_phone(row, tmp_path)
    elif row.kind == "websocket":
        refused_on_the_websocket(row, tmp_path)
    elif row.kind == "player":
        store = with_records(tmp_path)
        for earlier in row.after:  # another phone's change first
            change_players(store, earlier)
        before = (records_now(store), store.saved_games())
        with pytest.raises(IllegalAction) as refused:
            change_players(store, row.input)
        assert row.says in str(refused.value)
        assert (records_now(store), store.saved_games()) == before
        store.close()
    elif row.kind == "command":
        refused_on_the_command_line(row, tmp_path)
    else:
        store = Store(tmp_path / "games.sqlite3")
        try:
            with pytest.raises(IllegalAction) as refused:
                store.import_file(row.input)
            assert row.says in str(refused.value)
            assert store.saved_games() == []
        finally:
            store.close()


def refused_on_anns_phone(row: Row, tmp_path) -> None:
    """The row's step entered on Ann's phone at a table of Ann and Bea (made on the table phone,
    after the row's steps): refused in the row's words, the save as it was."""
    game = GAMES[row.game]
    session = Session.start(game, game.make_setup(["Ann", "Bea"]))
    for step in row.after:
        session = session.push(game.parse_action(step))
    tables = Tables(Store(tmp_path / "games.sqlite3"))
    gid = tables.device(tables.new_device_key(), "192.168.1.10").create(session)
    ann = tables.device(tables.new_device_key(), "192.168.1.20")
    ann.join(tables.store.snapshot(gid).code)
    ann.take_seat(gid, player_seat(0))
    shown = ann.open(gid).snapshot
    with pytest.raises(IllegalAction) as refused:
        ann.act(gid, shown, EnterStep(game.parse_action(row.input)))
    assert row.says in str(refused.value)
    now = tables.store.snapshot(gid)
    assert (now.revision, now.session.actions) == (shown.revision, shown.session.actions)
    tables.store.close()


def with_records(tmp_path) -> Store:
    """Two finished FIGHT! matches: Ann against Bea, Cy against Dee."""
    store = Store(tmp_path / "games.sqlite3")
    fight = GAMES["fight"]
    for names in (["Ann", "Bea"], ["Cy", "Dee"]):
        store.create(Session.replay(fight, fight.make_setup(names), list(a_match_best_of_three().actions)))
    return store


def change_players(store: Store, change: dict) -> None:
    """A row's change of the players: ``{"rename": [name, new]}`` or ``{"merge": [name, into]}``."""
    (kind, (name, other)), = change.items()
    with store.writing() as db:
        (records.rename if kind == "rename" else records.merge)(db, name, other)


def refused_on_the_command_line(row: Row, tmp_path) -> None:
    """`companion ...` in this process over a folder as the row says: exit 2, no output, one
    sentence on stderr holding the row's words, no traceback, the folder as it was."""
    from card_companion.cli import main
    from tests.saves.test_damaged_save_commands import damage, folder_now

    folder = tmp_path / "saves"
    folder.mkdir()
    with socket.socket() as listener:
        args = list(row.input)
        if row.after == ("port taken",):  # the row's port 8550 is one this test listens on
            listener.bind(("127.0.0.1", 0))
            listener.listen()
            args = [str(listener.getsockname()[1]) if a == "8550" else a for a in args]
        elif row.after:
            damage(folder, row.after[0])
        before = folder_now(folder)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            serving = args[0].startswith("--")
            code = main([*args, *(["--no-open"] if serving else []), "--data-dir", str(folder)])
    said = err.getvalue().replace(" ".join(args), " ".join(row.input))
    if row.after == ("port taken",):
        said = said.replace(f"port {args[1]} ", "port 8550 ")
    assert code == 2 and out.getvalue() == "" and said.count("\n") == 1 and "Traceback" not in said, said
    assert row.says in said, said
    assert folder_now(folder) == before


def records_now(store: Store):
    with store.reading() as db:
        return records.kept(db), db.execute("SELECT * FROM players ORDER BY id").fetchall(), \
            db.execute("SELECT * FROM player_names ORDER BY key").fetchall()


def test_the_published_catalogue_is_the_tested_one():
    assert DOC.read_text(encoding="utf-8") == render(), "run: python -m tests.support.bad_input_catalogue"


def refused_on_the_websocket(row: Row, tmp_path) -> None:
    """The real server's app in this process (tests/support/fake_pages.py): the frame closes the
    websocket with one log line holding the row's words and the address, no traceback, the
    page's place is given back and no game changed."""
    import asyncio
    import logging

    from card_companion.app import ASSETS, make_main
    from card_companion.server import AddressLimits, HostCheck, build_app
    from tests.support.fake_pages import Wire
    from tests.support.viewkit import run_coroutine

    main, opened = make_main(tmp_path)
    limits = AddressLimits()
    app = build_app(main, assets_dir=str(ASSETS), hosts=HostCheck("127.0.0.1"), limits=limits)
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.INFO)
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger()
    logger.addHandler(handler)
    old_level = logger.level
    logger.setLevel(logging.INFO)

    async def run() -> int | None:
        w = Wire(app, address="10.0.0.77").open()
        for earlier in row.after:
            w.frame(earlier)
        if row.after:
            await w.session_id()
        w.frame(row.input)
        await w.done(timeout=6)
        await asyncio.sleep(0)
        return w.closed_by_server

    try:
        closed = run_coroutine(run())
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old_level)
    assert closed == 1008
    said = [r.getMessage() for r in records if "10.0.0.77" in r.getMessage() and "closed" in r.getMessage()]
    assert len(said) == 1 and row.says in said[0], said
    assert not [r for r in records if r.exc_info]
    assert limits.open == {} and opened.store.saved_games() == []
