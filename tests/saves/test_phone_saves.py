"""The phone app's saves (card_companion/phone.py, store_file's Keeper): the save file lives in
the memory of the phone's Python and is handed to the browser's storage after every committed
write, before the write returns; a storage that fails is said once and the app goes on in
memory. The browser's side (tools/phone/storage.js) is tested under Node.js in
tests/saves/test_phone_storage.py, the whole in Chromium in tests/browser/test_phone.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from card_companion.companion.log_changes import EnterStep
from card_companion.companion.registry import game
from card_companion.companion.saves.storage import KeepFailed, Store
from card_companion.companion.session import Session
from card_companion.phone import BrowserKeeper, keep_spare, open_saves
from tests.support.viewkit import run_coroutine


class FakeSaves:
    """The worker's ``companion_phone`` module: a copy of each kept file, as the browser's
    storage would hold it, and the moments it was handed one."""

    def __init__(self, folder: Path, problem: str = "", prepared: tuple[str, ...] = ("games.sqlite3",)):
        self.folder = str(folder)
        self.problem = problem
        self.prepared = set(prepared)
        self.kept: dict[str, bytes] = {}
        self.keeps = 0
        self.fail_after: int | None = None

    def keep(self, name: str) -> None:
        if name not in self.prepared:
            raise RuntimeError(f"{name} is not kept on this phone (prepare it first)")
        if self.fail_after is not None and self.keeps >= self.fail_after:
            self.problem = ("The phone's storage for the app is full: from now on the games are kept only until the "
                            "app is closed.")
            raise RuntimeError("QuotaExceededError")
        self.keeps += 1
        self.kept[name] = (Path(self.folder) / name).read_bytes()

    async def prepare(self, name: str) -> bool:
        self.prepared.add(name)
        return True


def pc_war_flips(store: Store, n: int) -> str:
    pc = game("pc-war")
    gid = store.create(Session.start(pc, pc.make_setup(["Ann", "Bea"])))
    for _ in range(n):
        shown = store.snapshot(gid)
        store.commit(gid, shown.revision, EnterStep(pc.parse_action({"kind": "flip", "higher": "left"})))
    return gid


def reopened(saves: FakeSaves, tmp_path: Path) -> Store:
    """The kept copy opened as the next start opens it."""
    again = tmp_path / "again"
    again.mkdir()
    for name, data in saves.kept.items():
        (again / name).write_bytes(data)
    return Store(again / "games.sqlite3")


def test_every_committed_write_is_kept_before_it_returns(tmp_path):
    saves = FakeSaves(tmp_path)
    opened, problem = open_saves(saves)
    assert problem is None and opened.problem is None
    store = opened.store
    assert isinstance(store.keeper, BrowserKeeper)
    before = saves.keeps
    gid = pc_war_flips(store, 3)
    assert saves.keeps >= before + 4  # the game and each of its three steps
    # what the browser holds after the last step returned is the whole game: nothing waits
    again = reopened(saves, tmp_path)
    assert len(again.load(gid).actions) == 3
    # the kept file has its journal in memory (no write-ahead log beside it to be lost)
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "memory"


def test_a_storage_that_fails_is_said_once_and_the_games_go_on_in_memory(tmp_path):
    saves = FakeSaves(tmp_path)
    store = open_saves(saves)[0].store
    gid = pc_war_flips(store, 1)
    saves.fail_after = saves.keeps  # the phone's storage is full from now on
    pc = game("pc-war")
    shown = store.snapshot(gid)
    store.commit(gid, shown.revision, EnterStep(pc.parse_action({"kind": "flip", "higher": "right"})))
    assert store.keep_problem is not None and "full" in store.keep_problem
    assert len(store.load(gid).actions) == 2  # the step is in the game (in memory)
    asked = saves.keeps
    shown = store.snapshot(gid)
    store.commit(gid, shown.revision, EnterStep(pc.parse_action({"kind": "flip", "higher": "left"})))
    assert saves.keeps == asked  # not asked again once it failed: said once
    assert len(reopened(saves, tmp_path).load(gid).actions) == 1  # the browser holds what it last kept


def test_a_browser_that_keeps_nothing_opens_the_saves_in_memory(tmp_path):
    said = "This browser keeps no files for the app here (a private window, or site data turned off)"
    saves = FakeSaves(tmp_path, problem=said)
    opened, problem = open_saves(saves)
    assert problem == said
    assert opened.store.keeper is None
    pc_war_flips(opened.store, 2)
    assert saves.keeps == 0


def test_the_keeper_says_what_the_storage_said():
    class Refusing:
        problem = "The phone's storage could not be written."

        def keep(self, name):
            raise RuntimeError("NotReadableError")

    with pytest.raises(KeepFailed, match="could not be written"):
        BrowserKeeper(Refusing()).keep("/data/games.sqlite3")


def test_a_spare_save_file_is_kept_once_the_browser_gave_its_handle(tmp_path):
    (tmp_path / "games.sqlite3").write_bytes(b"not a save file, damaged beyond reading" * 100)
    saves = FakeSaves(tmp_path)
    opened, _ = open_saves(saves)
    store = opened.store
    assert store.path.endswith("games-1.sqlite3") and "left untouched" in (opened.problem or "")
    assert store.keep_problem is not None  # not prepared yet: the browser's handle comes asynchronously
    run_coroutine(keep_spare(opened, saves))
    assert store.keep_problem is None and "games-1.sqlite3" in saves.kept
    gid = pc_war_flips(store, 1)
    assert gid and saves.kept["games-1.sqlite3"] == Path(store.path).read_bytes()


def test_the_phone_apps_table_offers_no_code_and_says_when_the_saves_are_no_longer_kept(tmp_path):
    """On the phone app a table has no code to join with and no invite; once the browser's
    storage failed, the table says so (and keeps it said) while the game goes on."""
    from card_companion.companion.phones.devices import Tables
    from card_companion.views.home import HomeScreen
    from card_companion.views.services import Prefs, Services, ServicesContext, Where
    from card_companion.views.table_screen import TablePage
    from tests.support.viewkit import FakePage, ViewHarness

    saves = FakeSaves(tmp_path)
    store = open_saves(saves)[0].store
    device = Tables(store).this_phone()
    services = Services(store=store, store_problem=None, prefs=Prefs(), set_prefs=lambda p: None, device=device,
                        where=Where(on_phone=True))
    contexts = {ServicesContext: services}
    gid = pc_war_flips(store, 1)
    table = ViewHarness(TablePage, gid, contexts=contexts, page=FakePage(f"/play/{gid}"))
    assert not table.has("table-code") and not table.has("invite-panel")
    assert table.has("seat") and not table.has("keep-problem")
    saves.fail_after = saves.keeps
    table.click("flip-left")
    assert table.has("keep-problem") and "kept only until the app is closed" in table.texts()
    table.click("flip-left")  # the game goes on, in memory
    assert len(store.load(gid).actions) == 3 and table.has("keep-problem")
    home = ViewHarness(HomeScreen, contexts=contexts, page=FakePage("/"))
    assert home.has("keep-problem") and home.has("on-this-phone") and not home.has("join")
    assert f"saved-{gid}" in home.ids() and not home.has("host-view")
