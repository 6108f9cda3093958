"""The `companion` command: resolve (one request, JSON Lines), schema, the LAN address."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from card_companion.cli import main, print_address

ROOT = Path(__file__).resolve().parents[2]
GOOD = {"game": "peace-and-love", "ask": "fight", "players": 2, "attacker": 0, "defender": 1,
        "fighters": [{"player": 0, "fighter": "9H", "card": "7H"}, {"player": 1, "fighter": "5S", "card": "2C"}]}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "card_companion", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_resolve_one_request():
    done = run("resolve", json.dumps(GOOD))
    assert done.returncode == 0
    answer = json.loads(done.stdout)
    assert answer["taken_by"] == 0 and answer["explanation"]
    bad = run("resolve", '{"game": "peace-and-love", "ask": "fight"}')
    assert bad.returncode == 2
    assert "players" in json.loads(bad.stdout)["error"]


def test_resolve_json_lines_one_answer_per_line():
    lines = [
        json.dumps(GOOD),
        "this is not json",
        "",
        json.dumps({"game": "fight", "ask": "turn", "cards": ["3S", "5D"], "tie_breaker": 0, "cycle": "default"}),
        json.dumps({"game": "card-stratego", "ask": "battle", "attacker": "QS", "defender": "7H"}),
        json.dumps({"game": "pc-war", "ask": "flip", "cards": ["KH", "KS"]}),
        json.dumps({"game": "cardpeegee", "ask": "boss-stack", "cards": ["QH", "KS", "7C", "4D"]}),
        "[1, 2, 3]",
        json.dumps({"game": "chess", "ask": "move"}),
        json.dumps({**GOOD, "fighters": [{"player": 0, "fighter": "9H", "card": "JOKER"}]}),
    ]
    done = run("resolve", "-", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0
    answers = [json.loads(a) for a in done.stdout.splitlines()]
    assert len(answers) == len(lines)
    errors = [i for i, a in enumerate(answers) if "error" in a]
    assert errors == [1, 2, 7, 8, 9]
    assert all(a["explanation"] for a in answers if "error" not in a)
    assert answers[0]["taken_by"] == 0


def test_schema_lists_every_ask():
    done = run("schema")
    schema = json.loads(done.stdout)
    text = json.dumps(schema)
    for ask in ("fight", "turn", "won-card", "battle", "flip", "trade-and-war", "play", "combat-round", "monster",
                "trap", "boss-stack"):
        assert f'"const": "{ask}"' in text or f'"{ask}"' in text


def test_lan_address_and_qr_code():
    out = io.StringIO()
    url = print_address("0.0.0.0", 8600, out)
    text = out.getvalue()
    assert url.startswith("http://") and url.endswith(":8600/") and "0.0.0.0" not in url
    assert "scan" in text
    assert any(block in text for block in "█▀▄")  # the QR code, drawn with block characters
    out = io.StringIO()
    assert print_address("127.0.0.1", 8550, out) == "http://127.0.0.1:8550/"
    assert "scan" not in out.getvalue()


def test_export_import_list(tmp_path, capsys):
    from card_companion.companion.peace_and_love import GAME
    from card_companion.companion.saves.storage import open_store
    from card_companion.companion.session import Session

    store = open_store(tmp_path).store
    gid = store.create(Session.start(GAME, GAME.make_setup(["Ann", "Bea"])))
    assert main(["list", "--data-dir", str(tmp_path)]) == 0
    assert gid in capsys.readouterr().out
    assert main(["export", gid, "--data-dir", str(tmp_path)]) == 0
    exported = capsys.readouterr().out
    path = tmp_path / "game.json"
    path.write_text(exported)
    assert main(["import", str(path), "--data-dir", str(tmp_path)]) == 0
    assert len(store.saved_games()) == 2
    assert main(["export", "nope", "--data-dir", str(tmp_path)]) == 2


def test_export_all_and_import_restore_every_game_as_new_games(tmp_path, capsys):
    """A backup of every game (export --all) restored into another save file gives the same
    games, step for step; restored into the same file it adds them beside the originals and
    overwrites nothing."""
    from card_companion.companion.registry import GAMES
    from card_companion.companion.saves.storage import open_store
    from card_companion.companion.session import Session

    here, there = tmp_path / "here", tmp_path / "there"
    store = open_store(here).store
    made = {}
    for game_id in ("peace-and-love", "fight", "pc-war"):
        game = GAMES[game_id]
        made[store.create(Session.start(game, game.make_setup(["Ann", "Bea"])))] = game_id
    before = {gid: store.load(gid).state for gid in made}
    assert main(["export", "--all", "--data-dir", str(here)]) == 0
    backup = tmp_path / "all.json"
    backup.write_text(capsys.readouterr().out, encoding="utf-8")

    assert main(["import", str(backup), "--data-dir", str(there)]) == 0
    new_ids = capsys.readouterr().out.split()
    assert len(new_ids) == 3
    restored = open_store(there).store
    assert sorted(restored.load(g).state.model_dump_json() for g in new_ids) == sorted(
        s.model_dump_json() for s in before.values())

    assert main(["import", str(backup), "--data-dir", str(here)]) == 0  # into the same file
    again = capsys.readouterr().out.split()
    assert not set(again) & set(made)  # new ids: nothing overwritten
    assert len(store.saved_games()) == 6
    assert all(store.load(gid).state == state for gid, state in before.items())


def test_export_needs_an_id_or_all_and_a_damaged_backup_imports_nothing(tmp_path, capsys):
    from card_companion.companion.saves.storage import open_store

    assert main(["export", "--data-dir", str(tmp_path)]) == 2
    assert "--all" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "card-companion-games", "version": 1,
                               "games": [{"format": "card-companion-game", "game": "pc-war", "setup": {},
                                          "actions": [], "redo": []}, "not a game"]}))
    assert main(["import", str(bad), "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "game 1 of 2 in the file cannot be imported" in err and "nothing was imported" in err
    assert open_store(tmp_path).store.saved_games() == []
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert main(["import", str(binary), "--data-dir", str(tmp_path)]) == 2
    assert "not JSON" in capsys.readouterr().err
    assert main(["import", str(tmp_path / "missing.json"), "--data-dir", str(tmp_path)]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_import_reads_a_file_of_games_from_stdin_a_game_at_a_time(tmp_path, capsys, monkeypatch):
    import io

    from card_companion.companion.registry import GAMES
    from card_companion.companion.saves.storage import open_store
    from card_companion.companion.session import Session

    game = GAMES["fight"]
    games = [json.loads(Session.start(game, game.make_setup([a, b])).to_json()) for a, b in (("Ann", "Bea"),
                                                                                               ("Cy", "Dee"))]
    text = json.dumps({"format": "card-companion-games", "version": 1, "games": games})
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert main(["import", "-", "--data-dir", str(tmp_path)]) == 0
    ids = capsys.readouterr().out.split()
    assert sorted(g.players for g in open_store(tmp_path).store.saved_games() if g.id in ids) == [
        ("Ann", "Bea"), ("Cy", "Dee")]
