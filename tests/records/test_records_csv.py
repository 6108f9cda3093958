"""The records' CSV cannot carry a formula: games imported with names a
spreadsheet would run (`=HYPERLINK(...)`, `+1`, `-1`, `@x`), read back with the csv module,
give text cells that start with `'` and number cells that parse as numbers; the same for any
name (hypothesis), through `companion records --csv` and the Players screen's export alike."""

from __future__ import annotations

import csv
import io
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.cli import main
from card_companion.companion.game import name_key, name_problem, normal_name
from card_companion.companion.phones.devices import Tables
from card_companion.companion.records.stats import CSV_COLUMNS, FORMULA_STARTS, records_csv
from card_companion.companion.registry import game
from card_companion.companion.saves.storage import FILE_NAME, Store
from card_companion.companion.session import Session
from tests.fight.test_tracker import a_match_best_of_three

MATCH = a_match_best_of_three()
"""a FIGHT! match the second seat wins 2-1"""
TEXT = ("game", "game_id", "started", "finished", "player", "name_at_the_table", "unit")
INTEGERS = ("steps", "seat", "figure", "place", "won")
DECIMALS = ("minutes", "rating", "uncertainty", "rating_change")
FORMULAS = ('=HYPERLINK("http://ev.il/?x","see")', "+1", "-1", "@x", "=1+2", "-3", "@SUM(A1:A9)",
            "+Ann", "-", "Ann", "Bea-Lou")


def file_of(pairs: list[tuple[str, str]]) -> str:
    """An `export --all` file of one finished FIGHT! match per pair of names, written as typed."""
    fight = game("fight")
    games = []
    for a, b in pairs:
        record = json.loads(Session.replay(fight, fight.make_setup(["Ann", "Bea"]), list(MATCH.actions)).to_json())
        record["setup"]["players"] = [a, b]
        games.append(record)
    return json.dumps({"format": "card-companion-games", "version": 1, "games": games})


def read_back(text: str) -> list[dict[str, str]]:
    reader = csv.DictReader(io.StringIO(text))
    assert tuple(reader.fieldnames or ()) == CSV_COLUMNS
    return list(reader)


def as_a_spreadsheet_shows(name: str) -> str:
    """The cell a name must be, worked out from OWASP's rule, not from the app's function: the
    name as it is kept, with a ' before it when its first character starts a formula."""
    kept = normal_name(name)
    return "'" + kept if kept[:1] in ("=", "+", "-", "@", "\t", "\r") else kept


def check(rows: list[dict[str, str]], pairs: list[tuple[str, str]]) -> None:
    """One row per player per game, in the order imported; every name cell neutralised, every
    other text cell free of a formula's first character, every number cell a number."""
    assert len(rows) == 2 * len(pairs)  # counted from scratch: two seats a match
    for (a, b), seats in zip(pairs, (rows[i:i + 2] for i in range(0, len(rows), 2))):
        assert [r["seat"] for r in seats] == ["1", "2"]
        for name, row in zip((a, b), seats):
            assert row["player"] == row["name_at_the_table"] == as_a_spreadsheet_shows(name)
            neutralised = normal_name(name)[:1] in ("=", "+", "-", "@")
            assert row["player"][neutralised:] == normal_name(name)
        assert [r["won"] for r in seats] == ["0", "1"]  # the second seat wins the match
    for row in rows:
        for column in TEXT:
            assert not row[column].startswith(FORMULA_STARTS), (column, row[column])
        for column in INTEGERS:
            int(row[column])
        for column in DECIMALS:
            float(row[column])  # the first game's ratings are there: every cell holds a number
        assert int(row["won"]) == (float(row["rating_change"]) > 0)  # a loser's change is a negative number


def test_names_a_spreadsheet_would_run_are_text_and_the_numbers_stay_numbers(tmp_path, capsys):
    pairs = list(zip(FORMULAS[::2], FORMULAS[1::2] + ("Cy",)))
    store = Store(tmp_path / FILE_NAME)
    store.import_file(file_of(pairs))
    text = records_csv(store, None)
    rows = read_back(text)
    check(rows, pairs)
    assert rows[0]["player"] == '\'=HYPERLINK("http://ev.il/?x","see")'
    assert [r["player"] for r in rows[2:6]] == ["'-1", "'@x", "'=1+2", "'-3"]
    assert any(r["rating_change"].startswith("-") for r in rows)  # negative numbers are numbers, not text
    store.close()
    # `companion records --csv` and the Players screen's export write the same file
    assert main(["records", "--csv", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out == text
    store = Store(tmp_path / FILE_NAME)
    assert Tables(store).local().records_csv() == text
    store.close()


def test_a_formula_behind_spaces_or_invisible_characters_of_an_old_save_is_text_too():
    # an old save's name is kept as it was typed (own_save): its record's name at the table too
    store = Store(":memory:")
    fight = game("fight")
    session = Session.replay(fight, fight.make_setup(["Ann", "Bea"]), list(MATCH.actions))
    record = session.to_record().model_copy(update={"setup": {**session.setup.model_dump(mode="json"),
                                                              "players": ["\u200b=1+1", "\u2066-1"]}})
    store.create(Session.from_record(record, own_save=True))
    rows = read_back(records_csv(store, None))
    assert [r["name_at_the_table"] for r in rows] == ["'\u200b=1+1", "'\u2066-1"]
    assert [r["player"] for r in rows] == ["'=1+1", "'-1"]  # the players, by the names they look like


NAME = st.text(alphabet=st.sampled_from(list("=+-@'\"(),;:!*/ aAbB019é") + ["\u200b", "\u00a0", "\u202e"]),
               min_size=1, max_size=10)


def fits(a: str, b: str) -> bool:
    return (name_problem(normal_name(a)) is None and name_problem(normal_name(b)) is None
            and name_key(a) != name_key(b))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs=st.lists(st.tuples(NAME, NAME).filter(lambda p: fits(*p)), min_size=1, max_size=3))
def test_any_name_reads_back_as_a_text_cell(pairs):
    store = Store(":memory:")
    store.import_file(file_of(pairs))
    check(read_back(records_csv(store, None)), pairs)
    store.close()
