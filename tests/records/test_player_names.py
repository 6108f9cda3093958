"""One person, one name: a name is kept as it looks (Unicode NFC, nothing
that draws nothing, single spaces) at a new game, an import and a rename, with a sentence
where something was taken out; the records of names saved before that are tidied at open;
`companion stats --player` finds a player by any spelling renamed or merged into them."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from card_companion.cli import main
from card_companion.companion.game import (
    IllegalAction,
    invisible,
    name_key,
    name_note,
    names_notes,
    normal_name,
    spelled,
)
from card_companion.companion.records import game_records as records
from card_companion.companion.records import names
from card_companion.companion.records.names import untidy
from card_companion.companion.registry import game
from card_companion.companion.saves.storage import FILE_NAME, Store
from card_companion.companion.session import Session
from tests.fight.test_tracker import a_match_best_of_three
from tests.records.test_records import kept, players, totals_agree, truth

MATCH = a_match_best_of_three()
"""a FIGHT! match the second seat wins"""
FIGHT = game("fight")


def match(*names: str) -> Session:
    return Session.replay(FIGHT, FIGHT.make_setup(list(names)), list(MATCH.actions))


@pytest.mark.parametrize("typed, kept_as", [
    ("Ann\u200b", "Ann"),  # a zero-width space
    ("Ev\u202ee", "Eve"),  # a right-to-left override: "Ev" then "e" drawn from the right
    ("\u2066Bob\u2069", "Bob"),  # an isolate and its end
    ("Cy\u200e", "Cy"),  # a left-to-right mark
    ("\ufeffDee", "Dee"),  # a byte-order mark pasted at the start
    ("Jo\u00adhn", "John"),  # a soft hyphen
    ("Dee\u3164", "Dee"),  # a Hangul filler: not a format character, but it draws nothing
    ("Ann \u00a0 Lee", "Ann Lee"),  # a no-break space among spaces: one space
    ("Ann\u2003Lee", "Ann Lee"),  # an em space
    ("  Bea  ", "Bea"),
    ("E\u0301va", "\u00c9va"),  # E and a combining acute: one É (NFC)
    ("Zoë ❤️", "Zoë ❤️"),  # an emoji's variation selector is kept
])
def test_a_name_is_kept_as_it_looks(typed, kept_as):
    assert normal_name(typed) == kept_as
    assert name_key(typed) == name_key(kept_as)


def test_what_was_taken_out_is_said():
    assert name_note("Ann\u200b") == "Ann is kept without the invisible character U+200B (zero width space)"
    assert name_note("Ev\u202ee\u202c") == ("Eve is kept without the invisible characters U+202E (right-to-left "
                                             "override), U+202C (pop directional formatting)")
    assert name_note("Ann  Lee\u200b") == ("Ann Lee is kept without the invisible character U+200B (zero width "
                                           "space) and with single spaces")
    assert name_note("  Bea ") is None and name_note("Éva") is None  # trimmed, or NFC alone: nothing to say
    assert names_notes(["Ann", "Cy\u200e"]) == ("Cy is kept without the invisible character U+200E (left-to-right "
                                                "mark)",)


@given(st.text(max_size=12))
def test_the_kept_name_is_one_name_with_every_spelling(text):
    kept_as = normal_name(text)
    assert normal_name(kept_as) == kept_as  # kept once is kept
    assert not any(invisible(ch) for ch in kept_as) and "  " not in kept_as
    assert unicodedata.is_normalized("NFC", kept_as)
    assert name_key(kept_as) == name_key(text) == name_key(text.upper()) == name_key(f" {text} ")
    # a key of before (trimmed, case folded) is found again by its key now (records.tidy_names)
    assert name_key(spelled(text)) == name_key(text)
    assert (name_note(text) is None) == (kept_as == text.strip() or (unicodedata.normalize("NFC", text).strip()
                                                                      == kept_as))


def test_a_new_game_keeps_the_names_as_they_look_and_refuses_two_that_look_the_same():
    pal = game("peace-and-love")
    assert pal.make_setup(["Ann\u200b", "Ev\u202ee", "Bob\u00a0 Lee"]).players == ("Ann", "Eve", "Bob Lee")
    with pytest.raises(IllegalAction, match=r"two players have the same name: 'Ann' and 'Ann\\u200b' are one name"):
        pal.make_setup(["Ann", "Ann\u200b", "Cy"])
    with pytest.raises(IllegalAction, match="a player's name has at most 40 letters"):
        pal.make_setup(["A" * 41 + "\u200b", "Bea"])
    assert pal.make_setup(["A" * 40 + "\u200b", "Bea"]).players[0] == "A" * 40  # counted as it is kept


def exported(*names: str) -> str:
    record = json.loads(match("Ann", "Bea").to_json())
    record["setup"]["players"] = list(names)
    return json.dumps(record)


def test_an_imported_look_alike_is_the_player_it_looks_like_and_the_import_says_so(tmp_path, capsys):
    store = Store(":memory:")
    store.create(match("Ann", "Bea"))
    notes: list[str] = []
    gid = store.import_json(exported("Ann\u200b", "Cy"), notes=notes)
    assert store.load(gid).setup.players == ("Ann", "Cy")
    assert notes == ["Ann is kept without the invisible character U+200B (zero width space)"]
    assert players(store) == ["Ann", "Bea", "Cy"]
    assert kept(store) == truth(store)
    # the command line says it on stderr, per game of a file of every game
    (tmp_path / "game.json").write_text(json.dumps({"format": "card-companion-games", "version": 1, "games": [
        json.loads(exported("Ann", "Bea")), json.loads(exported("Dee\u2066", "Bea"))]}))
    assert main(["import", str(tmp_path / "game.json"), "--data-dir", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert err == "Note: game 2: Dee is kept without the invisible character U+2066 (left-to-right isolate)\n"


def test_a_rename_keeps_the_new_name_as_it_looks(tmp_path, capsys):
    store = Store(tmp_path / FILE_NAME)
    store.create(match("Ann", "Bea"))
    with store.writing() as db:
        assert records.rename(db, "Bea", "Bea\u202etrice") == "Beatrice"
        with pytest.raises(IllegalAction, match="Ann is another player"):
            records.rename(db, "Beatrice", "An\u200bn")  # a look-alike of another player is that player
    store.close()
    assert main(["rename-player", "Beatrice", "Bee\u00a0\u00a0Jay", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr()
    assert out.out == "Bee Jay\n" and out.err == "Note: Bee Jay is kept with single spaces\n"


def as_before_names_were_normalised(monkeypatch) -> None:
    """Records made as they were made before names were kept normalised: a spelling's key was
    the name trimmed and case folded, a new player's name the name trimmed."""
    monkeypatch.setattr(names, "keys_of", lambda name: (spelled(name),))
    for module in (records, names):
        monkeypatch.setattr(module, "name_key", spelled)
        monkeypatch.setattr(module, "normal_name", str.strip)


def old_save(*names: str) -> Session:
    """A game this app saved before names were kept normalised, read as its own save is."""
    s = match("Ann", "Bea")
    return Session.from_record(s.to_record().model_copy(update={"setup": {"players": list(names)}}), own_save=True)


def test_look_alikes_recorded_before_are_one_player_once_the_file_is_opened(tmp_path, monkeypatch):
    path = tmp_path / FILE_NAME
    with monkeypatch.context() as old:
        as_before_names_were_normalised(old)
        store = Store(path)
        store.create(match("Ann", "Bea"))
        store.create(old_save("Ann\u200b", "Cy"))  # the second Ann, a zero-width space after her name
        store.create(old_save("Ev\u202ee", "Bea"))  # an Eve drawn with a bidi override, the only Eve
        store.create(old_save("Ann\u2060", "Dee"))  # a third Ann, with a word joiner
        assert players(store) == ["Ann", "Bea", "Ann\u200b", "Cy", "Ev\u202ee", "Ann\u2060", "Dee"]
        store.close()
    store = Store(path)  # opened by this version: tidied
    assert players(store) == ["Ann", "Bea", "Cy", "Eve", "Dee"]
    assert [(p.name, p.player) for r in kept(store) for p in r.placings if p.player in ("Ann", "Eve")] == [
        ("Ann", "Ann"), ("Ann\u200b", "Ann"), ("Ev\u202ee", "Eve"), ("Ann\u2060", "Ann")]  # as typed, and who
    assert kept(store) == truth(store)
    totals_agree(store)
    with store.reading() as db:
        assert not untidy(db)  # tidied once: the next open has nothing to do
    # the old saves open as they were saved, and a new game typed either way is the same Ann
    second = next(g.id for g in store.saved_games() if "Cy" in g.players)
    assert store.load(second).setup.players == ("Ann\u200b", "Cy")
    store.create(match("Ann\u200b", "Cy"))
    assert players(store) == ["Ann", "Bea", "Cy", "Eve", "Dee"] and kept(store) == truth(store)
    store.close()


def test_look_alikes_who_played_at_one_table_stay_two_players(tmp_path, monkeypatch):
    path = tmp_path / FILE_NAME
    with monkeypatch.context() as old:
        as_before_names_were_normalised(old)
        store = Store(path)
        store.create(old_save("Ann", "Ann\u200b"))  # two seats that look alike: two people, as saved
        store.close()
    store = Store(path)
    assert players(store) == ["Ann", "Ann\u200b"]  # a merge would make one player of two seats: not done
    ((first, second),) = [r.placings for r in kept(store)]
    assert first.player == "Ann" and second.player == "Ann\u200b"
    assert kept(store) == truth(store)
    with store.writing() as db:  # each is found by the name the Players screen lists
        assert records.rename(db, "Ann\u200b", "Annie") == "Annie"
    store.create(old_save("Ann", "Ann\u200b"))  # the same table again: the same two
    assert [[p.player for p in r.placings] for r in kept(store)] == [["Ann", "Annie"], ["Ann", "Annie"]]
    assert kept(store) == truth(store)
    totals_agree(store)


def test_stats_finds_a_player_by_any_spelling_renamed_or_merged_into_them(tmp_path, capsys):
    store = Store(tmp_path / FILE_NAME)
    store.create(match("Bea", "Ann"))
    store.create(match("anne", "Cy"))
    with store.writing() as db:
        records.rename(db, "Ann", "Annie")
        records.merge(db, "anne", "Annie")
    store.close()
    for spelling in ("Ann", "ANN ", "anne", "Annie", "An\u200bn", "annie"):
        assert main(["stats", "--json", "--player", spelling, "--data-dir", str(tmp_path)]) == 0
        (found,) = json.loads(capsys.readouterr().out)["players"]
        assert (found["name"], found["games"], found["wins"]) == ("Annie", 2, 1), spelling
    assert main(["stats", "--player", "Anna", "--data-dir", str(tmp_path)]) == 2
    assert "there is no player called 'Anna'" in capsys.readouterr().err


# --- the screens say it ------------------------------------------------------------------------


def test_the_new_game_screen_says_what_a_name_will_lose(tmp_path):
    from card_companion.views.new_game import NewGameScreen
    from tests.support.viewkit import FakePage, ViewHarness
    from tests.views.test_views import services

    store = Store(tmp_path / FILE_NAME)
    h = ViewHarness(NewGameScreen, contexts=services(store), route_params={"game": "fight"}, page=FakePage())
    assert not h.has("names-note")
    h.type("player-0", "Ann\u200b")
    h.type("player-1", "Ev\u202ee")
    assert ("Ann is kept without the invisible character U+200B (zero width space). Eve is kept without the "
            "invisible character U+202E (right-to-left override).") in h.texts()
    h.click("start")
    assert [g.players for g in store.saved_games()] == [("Ann", "Eve")]


def test_the_players_screen_and_the_home_screens_import_say_it(tmp_path):
    from card_companion.views.home import HomeScreen
    from card_companion.views.players_screen import PlayersScreen
    from tests.support.viewkit import FakePage, ViewHarness
    from tests.views.test_views import services

    store = Store(tmp_path / FILE_NAME)
    store.create(match("Ann", "Bea"))
    h = ViewHarness(PlayersScreen, contexts=services(store))
    h.type("edit-name", "Beatrice\u2060")  # the player chosen first is the first listed: Bea, who won
    h.click("rename-player")
    assert ("Renamed: every record says Beatrice now. Beatrice is kept without the invisible character U+2060 "
            "(word joiner).") in h.texts()
    home = ViewHarness(HomeScreen, contexts=services(store), page=FakePage())
    home.click("import")
    home.type("import-text", exported("Cy\u200b", "Dee"))
    home.click("import-submit")
    assert "Game imported. Cy is kept without the invisible character U+200B (zero width space)." in home.texts()
    assert home.page.routes == []  # the game waits at the top of the list: the sentence is read first
    assert store.saved_games()[0].players == ("Cy", "Dee")
