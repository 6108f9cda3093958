"""The table's screens without a browser (tests/support/viewkit.py): only this phone's games on the
home screen, joining by code, the seat picker, a watcher refused, a stale screen refused, a
stranger kept out, disk trouble in one sentence, and the one seat-layout helper."""

from __future__ import annotations

import re

import flet as ft
import pytest

from card_companion.companion.log_changes import EnterStep
from card_companion.companion.phones.access import TABLE, WATCH, format_table_code, player_seat
from card_companion.companion.phones.devices import Tables
from card_companion.companion.phones.live import Committed
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import Snapshot, Store, open_store
from card_companion.companion.session import Session
from card_companion.views.home import HomeScreen
from card_companion.views.joining import AdminScreen, JoinScreen, qr_png
from card_companion.views.live_table import LiveTable
from card_companion.views.new_game import NewGameScreen
from card_companion.views.seating import seated, side_by_side
from card_companion.views.services import Prefs, Services, ServicesContext
from card_companion.views.table_screen import Table, TablePage, follow
from tests.support.viewkit import FakePage, ViewHarness

PAL = GAMES["peace-and-love"]
FIGHT = GAMES["fight"]


@pytest.fixture
def tables(tmp_path) -> Tables:
    return Tables(open_store(tmp_path).store, admin_password="host-pw")


def phone(tables, address="192.168.1.20", admin=False):
    return tables.device(tables.new_device_key(), address, admin=admin)


def ctx(device, join_base="http://192.168.1.2:8550", **more):
    return {ServicesContext: Services(store=device.store, store_problem=None, prefs=Prefs(), set_prefs=lambda p: None,
                                      device=device, join_base=join_base, **more)}


def new_pal(device, names=("Ann", "Bea")) -> str:
    return device.create(Session.start(PAL, PAL.make_setup(list(names))))


def table_screen(device, gid, page=None):
    return ViewHarness(TablePage, gid, contexts=ctx(device), page=page or FakePage(f"/play/{gid}"))


def deal(h, cards):
    for c in cards.split():
        h.pick("deal-picker", c)
    h.click("deal-submit")


# --- home: only this phone's games, joining by code ---------------------------------------------


def test_home_lists_only_this_phones_games_and_joins_by_code(tables):
    a, b = phone(tables), phone(tables, "192.168.1.21")
    gid = new_pal(a)
    code = tables.store.snapshot(gid).code
    home_a = ViewHarness(HomeScreen, contexts=ctx(a))
    assert home_a.has(f"saved-{gid}") and "Ann, Bea" in home_a.texts() and "the whole table" in home_a.texts()
    home_b = ViewHarness(HomeScreen, contexts=ctx(b))
    assert not home_b.has(f"saved-{gid}") and "Ann, Bea" not in home_b.texts()
    home_b.type("join-code", "garbage!")
    home_b.click("join-submit")
    assert "A table code has only the digits 2-9" in home_b.texts() and home_b.page.routes == []
    home_b.type("join-code", format_table_code(code).lower())
    home_b.click("join-submit")
    # the code typed lands where its link lands, the seat choice
    assert home_b.page.routes == [f"/join/{format_table_code(code)}"]
    assert [g.id for g in b.games()] == [gid]


def test_the_table_shows_its_code_qr_and_link(tables):
    a = phone(tables)
    gid = new_pal(a)
    code = format_table_code(tables.store.snapshot(gid).code)
    h = table_screen(a, gid, page=FakePage(f"/play/{gid}?phones=several"))
    assert h.has("invite-panel")  # a new game for several phones opens with the way in shown
    texts = h.texts()
    assert code in texts and f"http://192.168.1.2:8550/join/{code}" in texts
    image = next(c for c in h.all_under("invite-qr") if isinstance(c, ft.Image))
    assert image.src == qr_png(f"http://192.168.1.2:8550/join/{code}") and image.src.startswith(b"\x89PNG")
    h.click("table-code")  # the code line hides and shows it
    assert not h.has("invite-panel")


def test_a_new_game_for_one_phone_opens_for_play_with_the_code_chip(tables):
    """A game started for one phone opens with its first step, the invite
    folded into the code chip (a tap opens it); the same table opened from the saved games
    opens so too, for several phones or not."""
    a = phone(tables)
    gid = new_pal(a)
    h = table_screen(a, gid)
    assert not h.has("invite-panel") and h.has("table-code") and h.has("deal-panel")
    h.click("table-code")
    assert h.has("invite-qr")


def test_the_new_game_screen_asks_one_phone_or_several_and_opens_the_table_so(tables):
    """Start asks "one phone" / "several phones", offering this browser's
    last choice; several phones opens the table with the invite, and the choice is kept."""
    from dataclasses import replace

    kept: list[Prefs] = []
    a = phone(tables)
    for last, chosen, route_tail in (("one", None, ""), ("one", "several", "?phones=several"),
                                     ("several", None, "?phones=several"), ("several", "one", "")):
        contexts = ctx(a)
        services = contexts[ServicesContext]
        prefs = Prefs(phones=last)
        contexts[ServicesContext] = replace(services, prefs=prefs, set_prefs=kept.append)
        kept.clear()
        h = ViewHarness(NewGameScreen, contexts=contexts, route_params={"game": "peace-and-love"})
        segmented = next(c for c in h.all_under("phones") if isinstance(c, ft.SegmentedButton))
        assert segmented.selected == [last]
        if chosen is not None:
            h.select("phones", chosen)
        h.click("start")
        gid = h.page.routes[-1].split("/")[-1].split("?")[0]
        assert h.page.routes[-1] == f"/play/{gid}{route_tail}", (last, chosen)
        assert kept == ([replace(prefs, phones=chosen)] if chosen else [])


def test_a_server_on_this_computer_only_says_phones_cannot_join(tables):
    a = phone(tables, "127.0.0.1")
    gid = new_pal(a)
    h = ViewHarness(TablePage, gid, contexts=ctx(a, join_base="http://127.0.0.1:8550"),
                    page=FakePage(f"/play/{gid}?phones=several"))
    assert "start it with `companion --host 0.0.0.0`" in h.texts()


# --- seats ---------------------------------------------------------------------------------------


def test_join_link_then_a_seat_then_the_players_panel_at_the_bottom(tables):
    a, b = phone(tables), phone(tables, "192.168.1.21")
    gid = new_pal(a)
    code = tables.store.snapshot(gid).code
    join = ViewHarness(JoinScreen, contexts=ctx(b), route_params={"code": format_table_code(code)})
    assert "Where does this phone sit?" in join.texts() and join.has("seat-player-1")
    join.click("seat-player-1")
    assert join.page.routes == [f"/play/{gid}"]
    h = table_screen(b, gid)
    assert "You: Bea" in h.texts()
    deal(h, "9H KD QC")  # Bea's phone enters Bea's own deal first (a deal is in any order; Ann's is Ann's)
    assert tables.store.load(gid).actions[0].player == 1
    assert "Ann enters their three fighters on Ann's phone (or the table phone)." in h.texts()
    column = next(c for c in h.all() if isinstance(c, ft.Column) and any(
        getattr(x, "key", None) == "my-seat" for x in c.controls))
    last = column.controls[-1]
    assert last.key == "my-seat" and last.content.identifier == "player-1"  # Bea's panel, last, enlarged
    assert last.theme.text_theme.title_medium.size == pytest.approx(16 * 1.3)


def test_a_taken_seat_gets_one_sentence_and_nothing_changes(tables):
    a, b, c = phone(tables), phone(tables, "192.168.1.21"), phone(tables, "192.168.1.22")
    gid = new_pal(a)
    code = tables.store.snapshot(gid).code
    b.join(code)
    b.take_seat(gid, player_seat(1))
    c.join(code)
    h = table_screen(c, gid)
    assert "I am Bea — taken by another phone" in h.texts()
    h.click("seat-player-1")
    assert "Bea's seat is taken by another phone: pick another seat, or watch." in h.texts()
    assert tables.store.seats(gid)[c.key] == ""


def test_a_watcher_sees_the_table_live_with_nothing_to_tap(tables):
    """A watching phone shows the table and cannot change it. Its entries
    and its undo are off, as in the history; its seat can still be changed. (The server
    refuses a watcher's step all the same: test_access.)"""
    a, c = phone(tables), phone(tables, "192.168.1.22")
    gid = new_pal(a)
    c.join(tables.store.snapshot(gid).code)
    c.take_seat(gid, WATCH)
    on_a = table_screen(a, gid)
    deal(on_a, "9H KD QC")
    h = table_screen(c, gid)
    assert "This phone is watching: it shows the table live and cannot change it." in h.texts()
    assert "Deal: Bea's three fighters" in h.texts()  # the table as it is
    assert on_a.is_enabled("undo") and not h.is_enabled("undo")
    assert on_a.is_enabled("deal-picker-rank-9") and not h.is_enabled("deal-picker-rank-9")
    assert h.is_enabled("seat")
    with pytest.raises(AssertionError, match="disabled"):
        deal(h, "5S 2C 7D")
    assert len(tables.store.load(gid).actions) == 1 and tables.store.revision(gid) == 1
    h.click("seat")  # the way to play from this phone: take a seat
    assert h.has("seat-player-1") and h.has("seat-table")


def test_a_stranger_cannot_open_the_games_url(tables):
    a, stranger = phone(tables), phone(tables, "10.9.9.9")
    gid = new_pal(a)
    h = table_screen(stranger, gid)
    assert "This game is not open to this phone: ask the table for its code" in h.texts() and h.has("join-code")
    assert "Ann" not in h.texts()
    assert tables.store.seats(gid) == {a.key: "table"}


# --- stale screens ---------------------------------------------------------------------------------


def test_a_step_from_a_stale_screen_is_refused_and_the_screen_catches_up(tables):
    a, b = phone(tables), phone(tables, "192.168.1.21")
    gid = new_pal(a)
    b.join(tables.store.snapshot(gid).code)
    b.take_seat(gid, TABLE)
    on_a, on_b = table_screen(a, gid), table_screen(b, gid)  # both show the fresh game
    deal(on_a, "9H KD QC")
    deal(on_b, "2H 3H 4H")  # B never saw Ann's deal: it would deal Ann again
    assert re.search(r"Another phone changed this game since this screen was drawn: here is its latest state\. "
                     r"Your step was not saved", on_b.texts())
    assert [str(c) for c in tables.store.load(gid).actions[0].fighters] == ["9H", "KD", "QC"]
    assert len(tables.store.load(gid).actions) == 1
    assert "Deal: Bea's three fighters" in on_b.texts()  # B shows the latest state now
    on_b.click("undo")  # and B's undo now undoes what B sees
    assert tables.store.load(gid).actions == ()


def test_follow_takes_a_committed_step_only_onto_the_state_it_was_entered_on():
    s0 = Session.start(PAL, PAL.make_setup(["Ann", "Bea"]))
    s1 = s0.push(PAL.parse_action({"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]}))
    shown = Snapshot("g", s0, 4, "ABCDEFGHJ")
    now = follow(shown, Committed("g", 4, 5, "enter", s1, "Bea"))
    assert now.session is s1 and now.revision == 5 and now.code == "ABCDEFGHJ"
    assert follow(now, Committed("g", 4, 5, "enter", s1)) is False  # had it already
    assert follow(shown, Committed("g", 5, 6, "enter", s1)) is None  # missed a step: read the save
    assert follow(shown, Committed("g", 4, 4, "seat")) is None


# --- disk trouble in one sentence ----------------------------------------------------


def test_start_the_game_and_delete_on_a_read_only_save_say_so(tmp_path):
    writable = Tables(open_store(tmp_path).store)
    a_key = writable.new_device_key()
    gid = writable.device(a_key, "10.0.0.1").create(Session.start(PAL, PAL.make_setup(["Ann", "Bea"])))
    ro = Tables(Store(tmp_path / "games.sqlite3", read_only=True))
    device = ro.device(a_key, "10.0.0.1")
    h = ViewHarness(NewGameScreen, contexts=ctx(device), route_params={"game": "peace-and-love"})
    h.click("start")
    assert "The game could not be saved: the save folder is read-only: nothing can be changed." in h.texts()
    assert h.page.routes == []
    home = ViewHarness(HomeScreen, contexts=ctx(device))
    home.click(f"delete-{gid}")
    home.click("confirm-delete")
    assert "The game was not deleted: the save folder is read-only: nothing can be changed." in home.texts()
    assert [g.id for g in ro.store.saved_games()] == [gid]


def test_a_game_with_a_broken_row_opens_as_a_sentence(tables):
    a = phone(tables)
    gid = new_pal(a)
    deal = PAL.parse_action({"kind": "deal", "player": 0, "fighters": ["9H", "KD", "QC"]})
    a.act(gid, a.open(gid).snapshot, EnterStep(deal))
    tables.store.db.execute("UPDATE actions SET action = 'not json' WHERE game_id = ?", (gid,))
    h = table_screen(a, gid)
    assert "This game cannot be opened: the saved game is damaged: step 1 of its log is not readable" in h.texts()
    home = ViewHarness(HomeScreen, contexts=ctx(a))
    assert home.has(f"saved-{gid}")


# --- the host view ----------------------------------------------------------------------------------------


def test_the_host_password_opens_every_game(tables):
    a, host = phone(tables), phone(tables, "192.168.1.40")
    gid = new_pal(a)
    turned_on = []
    h = ViewHarness(AdminScreen, contexts=ctx(host, set_admin=turned_on.append))
    h.type("admin-password", "wrong")
    h.click("admin-submit")
    assert "That is not the host password." in h.texts() and turned_on == []
    h.type("admin-password", "host-pw")
    h.click("admin-submit")
    assert turned_on == [True] and h.page.routes == ["/"]
    admin = tables.device(host.key, host.address, admin=True)
    home = ViewHarness(HomeScreen, contexts=ctx(admin))
    assert home.has(f"saved-{gid}") and "Host view: every game on this server." in home.texts()


# --- the one seat-layout helper ---------------------------------------------------------------------------


def fake_table(seat=None, table_mode=False, players=("Ann", "Bea")):
    game = FIGHT if len(players) == 2 else PAL
    s = Session.start(game, game.make_setup(list(players)))
    return Table(LiveTable.showing(s), game, seat, table_mode)


def test_seated_leaves_the_whole_tables_layout_alone():
    panels = {0: ft.Text("Ann"), 1: ft.Text("Bea")}
    parts = [ft.Text("score"), None, panels[0], panels[1], ft.Text("rounds")]
    assert seated(fake_table(TABLE), parts, panels) == [parts[0], panels[0], panels[1], parts[4]]
    assert seated(fake_table(WATCH), parts, panels) == [parts[0], panels[0], panels[1], parts[4]]


def test_seated_puts_the_phones_player_last_and_enlarged():
    panels = {0: ft.Text("Ann"), 1: ft.Text("Bea")}
    parts = [ft.Text("score"), panels[0], panels[1], ft.Text("rounds")]
    out = seated(fake_table(player_seat(0)), parts, panels)
    assert out[:3] == [parts[0], panels[1], parts[3]]
    assert out[3].key == "my-seat" and out[3].content is panels[0]


def test_table_mode_turns_the_far_player_and_puts_the_near_one_last():
    panels = {0: ft.Text("Ann"), 1: ft.Text("Bea")}
    parts = [ft.Text("score"), panels[0], panels[1]]
    out = seated(fake_table(TABLE, table_mode=True), parts, panels)
    assert isinstance(out[0], ft.RotatedBox) and out[0].quarter_turns == 2 and out[0].content is panels[1]
    assert out[1:] == [parts[0], panels[0]]
    out = seated(fake_table(player_seat(1), table_mode=True), parts, panels)  # Bea's phone: Ann across
    assert out[0].content is panels[0] and out[-1].content is panels[1]
    # three players: no table mode
    three = seated(fake_table(TABLE, table_mode=True, players=("A", "B", "C")), parts, panels)
    assert three == parts


def test_side_by_side_is_a_row_unless_a_seat_or_table_mode_says_otherwise():
    panels = {0: ft.Text("Ann"), 1: ft.Text("Bea")}
    assert isinstance(side_by_side(fake_table(TABLE), panels), ft.Row)
    column = side_by_side(fake_table(TABLE, table_mode=True), panels)
    assert isinstance(column, ft.Column) and isinstance(column.controls[0], ft.RotatedBox)


def test_the_browser_storage_is_asked_again_when_it_does_not_answer(monkeypatch):
    """Right after a page (re)connects, Flet's web client may not be listening for the storage
    service yet and answers only after its own 10 s timeout; the app asks again after 0.75 s
    (then 1.5, 3, 6 s), so a reconnected table shows in about a second, not ten."""
    import asyncio

    from card_companion.views import root as app_view
    from tests.support.viewkit import run_coroutine

    monkeypatch.setattr(app_view, "CLIENT_WAIT", 0.01)
    calls = []

    async def first_lost():
        calls.append(1)
        if len(calls) == 1:
            await asyncio.sleep(10)  # the first call is never answered in time
        return "key"

    assert run_coroutine(app_view.client_call(first_lost)) == "key" and len(calls) == 2

    async def refused():
        calls.append(2)
        raise RuntimeError("TimeoutException: Timeout waiting for invoke method listener")

    with pytest.raises(RuntimeError, match="invoke method listener"):
        run_coroutine(app_view.client_call(refused, tries=3))
    assert calls.count(2) == 3
