"""`companion stats`, `companion records --csv`, `companion rename-player` / `merge-players`:
the same statistics the Players screen shows, and bad input said in one sentence."""

from __future__ import annotations

import json
import sqlite3

import pytest

from card_companion.cli import main
from card_companion.companion.records.stats import Filter, players_screen, to_json
from card_companion.companion.registry import game
from card_companion.companion.saves.storage import FILE_NAME, open_store
from card_companion.companion.session import Session
from tests.fight.test_tracker import a_match_best_of_three


@pytest.fixture(scope="module")
def match() -> Session:
    return a_match_best_of_three()


def saved(tmp_path, match, seatings=(("Ann", "Bea"), ("Cy", "Ann"))):
    store = open_store(tmp_path).store
    fight = game("fight")
    ids = [store.create(Session.replay(fight, fight.make_setup(list(names)), list(match.actions)))
           for names in seatings]
    return store, ids


def stats(tmp_path, capsys, *args) -> tuple[int, str, str]:
    code = main(["stats", *args, "--data-dir", str(tmp_path)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_stats_json_is_the_screens_statistics(tmp_path, capsys, match):
    store, _ = saved(tmp_path, match)
    code, out, _ = stats(tmp_path, capsys, "--json")
    assert code == 0
    data = json.loads(out)
    assert data == json.loads(json.dumps(to_json(players_screen(store, None, Filter()))))
    # Bea won the first match, Ann the second (the second seat wins it)
    assert {p["name"]: (p["games"], p["wins"]) for p in data["players"]} == {"Ann": (2, 1), "Bea": (1, 1),
                                                                            "Cy": (1, 0)}
    assert set(data["players"][0]) == {"name", "games", "wins", "win_rate", "streak", "best_streak", "minutes",
                                       "by_game"}
    assert set(data["players"][0]["by_game"]["fight"]["rating"]) == {"mu", "sigma"}
    assert data["games"]["fight"]["plays"] == 2
    code, out, _ = stats(tmp_path, capsys, "--json", "--player", " ANN ", "--game", "fight")
    assert code == 0 and [p["name"] for p in json.loads(out)["players"]] == ["Ann"]
    code, out, _ = stats(tmp_path, capsys)
    assert code == 0 and "Ann: 1 of 2 won (50%)" in out


def test_records_csv_one_row_per_player_per_game(tmp_path, capsys, match):
    saved(tmp_path, match)
    assert main(["records", "--csv", "--data-dir", str(tmp_path)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 1 + 4 and rows[0].startswith("game,game_id,")


def test_a_game_stopped_early_is_in_companion_records_and_stats_marked_so(tmp_path, capsys, match):
    """`companion records` and `stats` count a game stopped early and scored
    (its CSV rows say stopped_early 1), never one stopped without counting."""
    import csv
    import io

    from card_companion.companion.pc_war import Flip, Stop

    store, _ = saved(tmp_path, match, seatings=(("Ann", "Bea"),))
    pc = game("pc-war")
    s = Session.start(pc, pc.make_setup(["Ann", "Cy"])).push(Flip(higher="left"))  # Ann 28 cards, Cy 25
    stopped = store.create(s.push(Stop()))
    store.create(s.push(Stop(counts=False)))
    assert main(["records", "--csv", "--data-dir", str(tmp_path)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["game"], r["player"], r["stopped_early"]) for r in rows] == [
        ("fight", "Ann", "0"), ("fight", "Bea", "0"), ("pc-war", "Ann", "1"), ("pc-war", "Cy", "1")]
    assert {r["player"]: (r["figure"], r["place"], r["won"]) for r in rows if r["game_id"] == stopped} == {
        "Ann": ("28", "2", "0"), "Cy": ("25", "1", "1")}  # the fewest cards first
    code, out, _ = stats(tmp_path, capsys)
    assert code == 0 and "Cy: 1 of 1 won (100%)" in out
    assert "1 game stopped early counts, as it was scored at its stop." in out
    code, out, _ = stats(tmp_path, capsys, "--json")
    assert json.loads(out)["stopped_early"] == 1


@pytest.mark.parametrize("args, said", [
    (["stats", "--game", "chess"], "there is no game 'chess'"),
    (["stats", "--period", "decade"], "there is no period 'decade'"),
    (["stats", "--player", "Zed"], "there is no player called 'Zed'"),
    (["records", "--csv", "--game", "chess"], "there is no game 'chess'"),
    (["rename-player", "Ann", ""], "every player needs a name"),
    (["rename-player", "Ann", "   "], "every player needs a name"),
    (["rename-player", "Ann", "A" * 200], "at most 40 letters"),
    (["rename-player", "Ann", "Ann\tB"], "control characters"),
    (["rename-player", "Ann", "bea"], "Bea is another player"),
    (["merge-players", "Ann", " ann"], "cannot be merged with themselves"),
    (["merge-players", "Ann", "Bea"], "played at the same table"),
])
def test_bad_input_is_one_sentence_and_changes_nothing(tmp_path, capsys, match, args, said):
    saved(tmp_path, match)
    before = stats(tmp_path, capsys, "--json")[1]
    assert main([*args, "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert said in json.loads(err)["error"] and "Traceback" not in err
    assert stats(tmp_path, capsys, "--json")[1] == before


def test_rename_and_merge_from_the_command_line(tmp_path, capsys, match):
    saved(tmp_path, match, (("Ann", "Bea"), ("anne", "Cy")))
    assert main(["rename-player", "ann", "Annie", "--data-dir", str(tmp_path)]) == 0
    assert main(["merge-players", "ANNE", "annie", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines() == ["Annie", "Annie"]
    names = [p["name"] for p in json.loads(stats(tmp_path, capsys, "--json")[1])["players"]]
    assert sorted(names) == ["Annie", "Bea", "Cy"]


def test_a_damaged_save_is_said_and_not_counted(tmp_path, capsys, match):
    store, (first, second) = saved(tmp_path, match)
    unfinished = store.create(Session.replay(game("fight"), game("fight").make_setup(["Dee", "Eli"]),
                                             list(match.actions[:5])))
    store.close()
    db = sqlite3.connect(tmp_path / FILE_NAME)
    db.execute("UPDATE actions SET action = '{\"kind\": \"dance\"}' WHERE game_id = ? AND seq = 2", (unfinished,))
    db.commit()
    db.close()
    code, out, err = stats(tmp_path, capsys, "--json")
    assert code == 0
    assert f"the saved game {unfinished} (fight) cannot be read" in err and "it is not counted" in err
    assert sum(p["games"] for p in json.loads(out)["players"]) == 4  # the two finished games, two players each
