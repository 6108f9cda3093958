"""Golden saves: games saved by an earlier version open in every later one.

``tests/saves/golden/`` holds, for each game, a game of about 80 steps with two undone steps (a redo
stack), as the app saved it on 2026-11-24 (save file schema 1, export format 1, main at
5e7480e): one SQLite save file with the five games and one exported JSON per game, made once
by playing each game's random legal actions from a fixed seed. ``expected-v1.json`` records
what each game looked like then (its summary: the tracked numbers, before and after a redo).

These files are never regenerated: when the save format changes, a migration must open them.
Every test here opens a *copy* (opening may migrate the file in place).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from card_companion.companion.log_changes import Redo
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import Store
from card_companion.companion.session import Session

GOLDEN = Path(__file__).parent / "golden"
EXPECTED = json.loads((GOLDEN / "expected-v1.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    copy = tmp_path_factory.mktemp("golden") / "games.sqlite3"
    shutil.copy(GOLDEN / "games-v1.sqlite3", copy)
    s = Store(copy)
    yield s
    s.close()


def numbers(summary: dict[str, str]) -> list[int]:
    """The numbers players track (deck, HP, points, armies...), whatever words surround them:
    the wording of the summary may improve, the game it describes must not change."""
    return sorted(int(n) for value in summary.values() for n in re.findall(r"-?\d+", value))


def check(session: Session, expected: dict) -> None:
    game = session.game
    assert list(session.setup.players) == expected["players"]
    assert len(session.actions) == expected["actions"]
    assert len(session.redo_stack) == expected["redo"]
    assert numbers(game.summary(session.state)) == numbers(expected["summary"])
    assert session.is_over == expected["over"]
    assert numbers(game.summary(session.redo().state)) == numbers(expected["summary_after_redo"])


def test_every_game_of_each_kind_is_there():
    assert set(EXPECTED) == set(GAMES)


@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_a_version_1_save_file_opens(store, game_id):
    check(store.load(f"golden-{game_id}"), EXPECTED[game_id])


@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_a_version_1_export_imports(game_id, tmp_path):
    text = (GOLDEN / f"{game_id}-v1.json").read_text(encoding="utf-8")
    check(Session.from_json(text), EXPECTED[game_id])
    # and through a store, as `companion import` and the home screen's Import do it
    store = Store(tmp_path / "games.sqlite3")
    try:
        check(store.load(store.import_json(text)), EXPECTED[game_id])
    finally:
        store.close()


def test_a_version_1_save_file_goes_on_being_played(store):
    """An old game is not only readable: the next step is saved into it and reloads."""
    gid = "golden-fight"
    before = store.load(gid)
    after = before.redo()
    store.commit(gid, store.revision(gid), Redo())  # the step the old file kept for Redo, saved into it
    assert store.load(gid).state == after.state
