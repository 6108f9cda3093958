"""A damaged save never changes the folder for a read: `companion stats`,
`records`, `list` and `export` over a save that is damaged, not a save file or newer open
nothing for writing (no spare file, none of SQLite's files beside it), say the damage in one
sentence on stderr naming the file, and exit non-zero; `rename-player` and `merge-players` say
the damage, not "there is no player called ...". A healthy save is read without a file made
beside it too, and one of an earlier save format is upgraded in memory, the file as it was."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import subprocess
import sys

import pytest

from card_companion.cli import main
from card_companion.companion.registry import game
from card_companion.companion.saves.storage import FILE_NAME, Store
from card_companion.companion.session import Session
from tests.fight.test_tracker import a_match_best_of_three

FIGHT = game("fight")
MATCH = a_match_best_of_three()
READS = (["stats"], ["stats", "--json"], ["stats", "--player", "Ann"], ["records", "--csv"], ["list"],
         ["export", "--all"], ["export", "0123456789ab"])
CHANGES = (["rename-player", "Ann", "Annie"], ["merge-players", "Ann", "Bea"])


def saved(folder, games: int = 30) -> None:
    """A save file of finished FIGHT! matches (Ann against Bea), closed (no -wal, no -shm)."""
    store = Store(folder / FILE_NAME)
    for _ in range(games):
        store.create(Session.replay(FIGHT, FIGHT.make_setup(["Ann", "Bea"]), list(MATCH.actions)))
    store.close()


def damage(folder, how: str) -> str:
    """Damage the save file; the words its sentence says."""
    path = folder / FILE_NAME
    if how == "not a save file":
        path.write_bytes(b"this is not SQLite at all " * 200)
        return "is not a readable save file"
    saved(folder)
    if how == "newer":
        db = sqlite3.connect(path)
        db.execute("PRAGMA user_version = 99")
        db.close()
        return "was written by a newer version of the app"
    data = bytearray(path.read_bytes())
    data[2 * 4096:2 * 4096 + 3000] = b"\x55" * 3000  # a page of its tables written over
    path.write_bytes(bytes(data))
    return "is damaged"


def folder_now(folder) -> dict[str, str]:
    """Every file of the folder and what it holds."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def said(capsys) -> tuple[str, str]:
    out = capsys.readouterr()
    return out.out, out.err


@pytest.mark.parametrize("how", ["not a save file", "quick check fails", "newer"])
def test_a_read_over_a_damaged_save_changes_nothing_says_it_and_fails(tmp_path, capsys, how):
    words = damage(tmp_path, how)
    before = folder_now(tmp_path)
    assert list(before) == [FILE_NAME]
    for command in READS:
        assert main([*command, "--data-dir", str(tmp_path)]) == 2, command
        out, err = said(capsys)
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err, (command, err)
        sentence = json.loads(err)["error"]
        assert str(tmp_path / FILE_NAME) in sentence and words in sentence and "\n" not in sentence, command
        assert folder_now(tmp_path) == before, command  # no spare file, no -wal, no -shm


@pytest.mark.parametrize("how", ["not a save file", "quick check fails"])
def test_renaming_over_a_damaged_save_says_the_damage(tmp_path, capsys, how):
    words = damage(tmp_path, how)
    before = folder_now(tmp_path)
    for command in CHANGES:
        assert main([*command, "--data-dir", str(tmp_path)]) == 2
        sentence = json.loads(said(capsys)[1])["error"]
        assert str(tmp_path / FILE_NAME) in sentence and words in sentence and "no player" not in sentence
        assert sentence.endswith("it was left untouched, and nothing was changed")
        assert folder_now(tmp_path) == before


def test_the_issues_case_in_a_real_process(tmp_path):
    """`companion stats` over a damaged save: before, it made games-1.sqlite3 and printed nothing, exit 0."""
    damage(tmp_path, "quick check fails")
    done = subprocess.run([sys.executable, "-m", "card_companion", "stats", "--data-dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert f"{tmp_path / FILE_NAME} is damaged" in done.stderr and len(done.stderr.splitlines()) == 1
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME]


def test_a_healthy_save_is_read_with_nothing_made_beside_it(tmp_path, capsys):
    saved(tmp_path, games=2)
    before = folder_now(tmp_path)
    for command in READS[:-1]:
        assert main([*command, "--data-dir", str(tmp_path)]) == 0, command
        assert said(capsys)[0]
    assert folder_now(tmp_path) == before
    # a server that has it open: read in place, its latest games seen
    server = Store(tmp_path / FILE_NAME)
    server.create(Session.replay(FIGHT, FIGHT.make_setup(["Cy", "Dee"]), list(MATCH.actions)))
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    assert "Cy" in {p["name"] for p in json.loads(said(capsys)[0])["players"]}
    server.close()


def test_a_save_of_an_earlier_format_is_read_as_it_is(tmp_path, capsys):
    saved(tmp_path, games=2)
    db = sqlite3.connect(tmp_path / FILE_NAME)  # a file of save format 3: no records yet
    db.executescript("DROP TABLE placings; DROP TABLE records; DROP TABLE player_names; DROP TABLE players; "
                     "DROP TABLE totals; DROP TABLE game_totals; DROP TABLE figure_counts; DROP TABLE spans; "
                     "PRAGMA user_version = 3;")
    db.close()
    before = folder_now(tmp_path)
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    # the records made in memory: Bea won both matches (the second seat wins)
    assert {p["name"]: (p["games"], p["wins"]) for p in json.loads(said(capsys)[0])["players"]} == {
        "Ann": (2, 0), "Bea": (2, 2)}
    assert folder_now(tmp_path) == before


def test_no_folder_yet_is_no_games_and_no_folder_made(tmp_path, capsys):
    nowhere = tmp_path / "not-yet"
    for command in (["stats", "--json"], ["list"], ["records", "--csv"]):
        assert main([*command, "--data-dir", str(nowhere)]) == 0
    assert not nowhere.exists()
