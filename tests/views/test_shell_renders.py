"""The home, new-game and history screens do their I/O and replay when they open
and after a change made on them, never in a render (tests/support/viewkit.py, no browser): a
re-render with nothing changed reads no save and applies no step."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from card_companion.companion.phones.devices import Tables
from card_companion.companion.saves.storage import open_store
from card_companion.views.history import HistoryScreen
from card_companion.views.home import HomeScreen
from card_companion.views.new_game import NewGameScreen
from tests.games.test_history_edit import PAL, played
from tests.support.viewkit import ViewHarness
from tests.views.test_history_views import ctx


@pytest.fixture
def tables(tmp_path) -> Tables:
    return Tables(open_store(tmp_path).store)


@pytest.fixture
def reads(tables, monkeypatch) -> list[str]:
    """Every read of the saved-games list from the store."""
    calls: list[str] = []
    real = tables.store.saved_games

    def counted(*args, **kwargs):
        calls.append("saved_games")
        return real(*args, **kwargs)

    monkeypatch.setattr(tables.store, "saved_games", counted)
    return calls


@pytest.fixture
def applied(monkeypatch) -> list[object]:
    """Every step the tracker applies (a replay of the log applies them again): ``Game.step``,
    which ``apply`` calls too."""
    calls: list[object] = []
    real = type(PAL).step

    def counted(self, state, action):
        calls.append(action)
        return real(self, state, action)

    monkeypatch.setattr(type(PAL), "step", counted)
    return calls


def test_the_home_screen_reads_its_games_when_it_opens_and_after_a_change_not_per_render(tables, reads):
    phone = tables.local()
    first, second = phone.create(played(2)), phone.create(played(3))
    home = ViewHarness(HomeScreen, contexts=ctx(phone))
    assert len(reads) == 1 and home.has(f"saved-{first}") and home.has(f"saved-{second}")
    home.render()
    home.render()
    assert len(reads) == 1  # nothing changed: the list is not read again
    home.click(f"export-{first}")  # a dialog opens, the list is not changed
    home.click("export-close")
    assert len(reads) == 1
    home.click(f"delete-{first}")
    home.click("confirm-delete")
    assert len(reads) == 2 and not home.has(f"saved-{first}") and "The game was deleted." in home.texts()
    home.render()
    assert len(reads) == 2
    home.click("import")
    home.type("import-text", phone.export(second))
    home.click("import-submit")
    assert len(reads) == 3
    new = home.page.routes[-1].removeprefix("/play/")
    again = ViewHarness(HomeScreen, contexts=ctx(phone))  # coming back to the screen reads it again
    assert len(reads) == 4 and again.has(f"saved-{new}") and again.has(f"saved-{second}")


def test_a_dialog_opened_on_the_home_screen_stays_open_when_the_notice_above_it_goes(tables):
    phone = tables.local()
    gone, kept = phone.create(played(2)), phone.create(played(3))
    home = ViewHarness(HomeScreen, contexts=ctx(phone))
    home.click(f"delete-{gone}")
    home.click("confirm-delete")
    assert home.has("home-notice")
    home.click("import")  # clears the notice above the list, and opens the dialog
    assert home.has("import-text") and not home.has("home-notice")
    home.type("import-text", "not a game")
    home.click("import-submit")
    assert home.has("import-error") and not home.has("home-notice")
    home.click("import-cancel")
    assert not home.has("import-text") and not home.has("import-error") and home.has(f"saved-{kept}")


def test_the_history_is_worked_out_once_per_revision_not_per_render(tables, applied):
    phone = tables.local()
    gid = phone.create(played())
    h = ViewHarness(HistoryScreen, contexts=ctx(phone), route_params={"gid": gid})
    assert h.has("step-5") and applied  # opening it replayed the log once
    applied.clear()
    h.render()
    assert applied == []
    h.click("undo-to-2")  # a change here: the new revision is worked out, with the step Redo brings back
    assert "(next: Bea attacks Ann's 9♥ with 5♠)" in h.texts()
    applied.clear()
    h.render()
    h.render()
    assert applied == [] and "(next: Bea attacks Ann's 9♥ with 5♠)" in h.texts()
    h.click("redo-all")
    h.click("edit-step-4")  # the step's cards in the picker: the state before it is found once
    applied.clear()
    h.render()
    h.click("edit-slot-0")  # a tap in the picker does not replay either
    assert applied == [] and h.has("edit-4")


def test_the_new_game_screen_reads_and_replays_nothing_until_the_game_starts(tables, reads, applied):
    phone = tables.local()
    h = ViewHarness(NewGameScreen, contexts=ctx(phone), route_params={"game": "peace-and-love"})
    assert reads == ["saved_games"]  # this phone's recent players, read once when the screen opens
    reads.clear()
    h.type("player-0", "Ann")
    h.click("add-player")
    h.render()
    assert reads == [] and applied == []


SCREENS = ("home", "new_game", "history")


@pytest.mark.parametrize("module", SCREENS)
def test_every_hook_of_these_screens_comes_before_their_first_return(module):
    """Flet matches hooks by their order: a hook after an early return would take another
    hook's state on the next render."""
    path = Path(__file__).parents[2] / "card_companion" / "views" / f"{module}.py"
    for fn in ast.walk(ast.parse(path.read_text())):
        if not isinstance(fn, ast.FunctionDef) or not any("component" in ast.unparse(d) for d in fn.decorator_list):
            continue
        returned = False
        for statement in fn.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            hooks = [c for c in ast.walk(statement) if isinstance(c, ast.Call)
                     and ast.unparse(c.func).startswith(("ft.use_", "use_"))]
            assert not (returned and hooks), f"{module}.{fn.name}: {ast.unparse(hooks[0])} after a return"
            returned = returned or any(isinstance(n, ast.Return) for n in ast.walk(statement))
