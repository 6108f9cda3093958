"""Statistics and ratings on a small set worked out by hand: three players, five games.

Every game is the FIGHT! match of tests/fight/test_tracker.py (the second seat wins it 2 rounds
to 1, in the same number of steps), seated as below, one game every two hours from T0:

    game  seats       winner   minutes   finished
    G1    Ann, Bea    Bea      30        T0 + 2 h
    G2    Cy, Ann     Ann      20        T0 + 4 h
    G3    Bea, Ann    Ann      40        T0 + 6 h
    G4    Ann, Cy     Cy       25        T0 + 8 h
    G5    Bea, Cy     Cy       35        T0 + 10 h

Ann: lost, won, won, lost: 4 games, 2 wins, 50 %, streak 0, best streak 2, 30 + 20 + 40 + 25 =
115 minutes; rounds won 1, 2, 2, 1: average 1.5, best 2, biggest margin 2 − 1 = 1.
Bea: won, lost, lost: 3 games, 1 win, 33.3 %, streak 0, best 1, 30 + 40 + 35 = 105 minutes;
rounds 2, 1, 1: average 4/3, best 2, margin 1.
Cy: lost, won, won: 3 games, 2 wins, 66.7 %, streak 2, best 2, 20 + 25 + 35 = 80 minutes;
rounds 1, 2, 2: average 5/3.
FIGHT!: 5 plays, (30 + 20 + 40 + 25 + 35) / 5 = 30 minutes; figures 1 ×5 and 2 ×5.
"""

from __future__ import annotations

import json
import types

import pytest
from openskill.models import PlackettLuce

from card_companion.companion.log_changes import Redo
from card_companion.companion.phones.devices import Tables
from card_companion.companion.records.ratings import START, model
from card_companion.companion.records.stats import (
    Filter,
    Scope,
    head_to_head,
    players_screen,
    records_csv,
    to_json,
    tonight,
    win_rate_over_time,
)
from card_companion.companion.registry import game
from card_companion.companion.saves import log as store_log
from card_companion.companion.saves.storage import Store
from card_companion.companion.session import Session
from tests.fight.test_tracker import a_match_best_of_three

T0 = 1_790_000_000.0  # Nov 2026
HOUR = 3600.0
GAMES = [(("Ann", "Bea"), 30), (("Cy", "Ann"), 20), (("Bea", "Ann"), 40), (("Ann", "Cy"), 25), (("Bea", "Cy"), 35)]


@pytest.fixture(scope="module")
def match() -> Session:
    return a_match_best_of_three()


def played(monkeypatch, match: Session, phone_holds: int = 5) -> tuple[Store, str]:
    """The five games saved as a table saves them, on a clock; a phone made the first
    ``phone_holds`` of them (the others were made by the command line)."""
    clock = [T0]
    monkeypatch.setattr(store_log, "time", types.SimpleNamespace(time=lambda: clock[0]))  # the games' times
    store = Store(":memory:")
    tables = Tables(store)
    phone = tables.device(tables.new_device_key())
    fight = game("fight")
    for i, (names, minutes) in enumerate(GAMES, 1):
        s = Session.replay(fight, fight.make_setup(list(names)), list(match.actions))
        clock[0] = T0 + 2 * i * HOUR - minutes * 60
        device = phone if i <= phone_holds else tables.local()
        gid = device.create(s.undo())
        clock[0] = T0 + 2 * i * HOUR
        device.act(gid, device.open(gid).snapshot, Redo())
    return store, phone.key


def test_five_games_by_hand(monkeypatch, match):
    store, _ = played(monkeypatch, match)
    board = players_screen(store, None, Filter(), now=T0 + 11 * HOUR)
    assert [p.name for p in board.players] == ["Cy", "Ann", "Bea"]  # the most wins, then the best rate
    cy, ann, bea = board.players
    assert (ann.games, ann.wins, ann.win_rate, ann.streak, ann.best_streak, ann.minutes) == (4, 2, 0.5, 0, 2, 115)
    assert (bea.games, bea.wins, bea.streak, bea.best_streak, bea.minutes) == (3, 1, 0, 1, 105)
    assert bea.win_rate == pytest.approx(1 / 3)
    assert (cy.games, cy.wins, cy.streak, cy.best_streak, cy.minutes) == (3, 2, 2, 2, 80)
    a = ann.game("fight")
    assert (a.games, a.wins, a.average, a.best, a.biggest_margin) == (4, 2, 1.5, 2, 1)
    assert bea.game("fight").average == pytest.approx(4 / 3) and cy.game("fight").average == pytest.approx(5 / 3)
    ((name, fight),) = board.games
    assert name == "fight" and fight.plays == 5 and fight.average_minutes == pytest.approx(30)
    assert fight.average_steps == len(match.actions) and fight.figures == ((1, 5), (2, 5))
    assert board.unfinished == 0
    h = head_to_head(store, None, Filter(), "ann", "BEA")  # G1 (Bea won) and G3 (Ann won)
    assert (h.a, h.b, h.games, h.a_wins, h.b_wins) == ("Ann", "Bea", 2, 1, 1)
    # the latest first; G5: Bea 1 round, Cy 2
    assert [(p.player, p.figure, p.place) for p in board.latest[0].placings] == [("Bea", 1, 2), ("Cy", 2, 1)]


def test_the_same_by_counting_the_records(monkeypatch, match):
    # a period ("this year") is counted from the records, the whole history read from the running totals
    store, _ = played(monkeypatch, match)
    whole = players_screen(store, None, Filter(), now=T0 + 11 * HOUR)
    year = players_screen(store, None, Filter(period="year"), now=T0 + 11 * HOUR)
    assert year.players == whole.players and year.games == whole.games


def test_a_player_starts_at_the_models_own_rating():
    m = PlackettLuce()
    assert (START.mu, START.sigma) == (m.mu, m.sigma) == (model().mu, model().sigma)


def test_ratings_are_openskill_called_directly(monkeypatch, match):
    store, _ = played(monkeypatch, match)
    m = PlackettLuce()
    r = {n: m.rating() for n in ("Ann", "Bea", "Cy")}
    for (first, second), _ in GAMES:  # the second seat wins each game
        [[r[first]], [r[second]]] = m.rate([[r[first]], [r[second]]], ranks=[2, 1])
    board = players_screen(store, None, Filter(), now=T0 + 11 * HOUR)
    for p in board.players:
        line = p.game("fight")
        assert (line.rating.mu, line.rating.sigma) == (r[p.name].mu, r[p.name].sigma)
        assert line.rated_games == p.games
    # each record keeps the change: G5 took Cy from his rating after G4 to his rating now
    cy = next(x for x in board.latest[0].placings if x.player == "Cy")
    assert cy.after.mu == r["Cy"].mu and cy.before.mu < cy.after.mu
    assert f"{board.players[0].game('fight').rating}" == f"{r['Cy'].mu:.1f} ± {r['Cy'].sigma:.1f}"


def test_a_phone_sees_only_its_games_and_ratings_folded_over_them(monkeypatch, match):
    store, key = played(monkeypatch, match, phone_holds=3)  # G1-G3
    board = players_screen(store, Scope(key), Filter(), now=T0 + 11 * HOUR)
    # Ann: lost G1, won G2, G3 → 3 games, 2 wins, streak 2; Bea: won G1, lost G3; Cy: lost G2
    assert [(p.name, p.games, p.wins, p.streak) for p in board.players] == [
        ("Ann", 3, 2, 2), ("Bea", 2, 1, 0), ("Cy", 1, 0, 0)]
    m = PlackettLuce()
    r = {n: m.rating() for n in ("Ann", "Bea", "Cy")}
    for (first, second), _ in GAMES[:3]:
        [[r[first]], [r[second]]] = m.rate([[r[first]], [r[second]]], ranks=[2, 1])
    assert {p.name: p.game("fight").rating.mu for p in board.players} == {n: x.mu for n, x in r.items()}
    assert [x.game_id for x in board.latest] == [x.game_id for x in players_screen(
        store, None, Filter(), now=T0 + 11 * HOUR).latest[2:5]]
    assert "Cy,Cy,2" not in records_csv(store, Scope(key))  # G4, G5 (Cy's wins) are not this phone's
    assert players_screen(store, Scope("another phone"), Filter()).players == ()


def test_periods_and_game_night(monkeypatch, match):
    store, _ = played(monkeypatch, match)
    # tonight at T0 + 17 h: the games finished since T0 + 5 h: G3 (Ann), G4 (Cy), G5 (Cy)
    night = tonight(store, None, now=T0 + 17 * HOUR)
    assert [h for _, h in night.results] == ["Cy wins 2 rounds to 1", "Cy wins 2 rounds to 1",
                                             "Ann wins 2 rounds to 1"]
    assert (night.leader, night.leader_wins) == ("Cy", 2)
    # at T0 + 11 h all five are tonight's: Ann and Cy both won 2, so nobody leads the night
    assert tonight(store, None, now=T0 + 11 * HOUR).leader is None
    board = players_screen(store, None, Filter(period="tonight"), now=T0 + 17 * HOUR)
    assert {p.name: (p.games, p.wins) for p in board.players} == {"Cy": (2, 2), "Ann": (2, 1), "Bea": (2, 0)}
    assert players_screen(store, None, Filter(game="pc-war")).players == ()
    # Ann's win percentage after each of her games: 0, 50, 66.7, 50
    assert [round(x) for _, x in win_rate_over_time(store, None, Filter(), "ann")] == [0, 50, 67, 50]


def test_csv_and_json(monkeypatch, match):
    store, _ = played(monkeypatch, match)
    rows = records_csv(store, None).splitlines()
    assert len(rows) == 1 + 2 * 5  # one row per player per game
    assert rows[0].startswith("game,game_id,started,finished,minutes,steps,seat,player")
    assert rows[1].split(",")[4:9] == ["30.0", str(len(match.actions)), "1", "Ann", "Ann"]
    data = to_json(players_screen(store, None, Filter(), now=T0 + 11 * HOUR))
    json.dumps(data)
    ann = next(p for p in data["players"] if p["name"] == "Ann")
    assert {k: ann[k] for k in ("games", "wins", "win_rate", "streak", "best_streak", "minutes")} == {
        "games": 4, "wins": 2, "win_rate": 0.5, "streak": 0, "best_streak": 2, "minutes": 115.0}
    assert set(ann["by_game"]["fight"]) == {"games", "wins", "average", "best", "rating"}
    assert data["games"] == {"fight": {"plays": 5, "average_minutes": 30.0, "average_steps": len(match.actions)}}
