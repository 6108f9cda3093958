"""The Players screen, the new-game screen's remembered players and the home screen's game
night, built in-process (tests/support/viewkit.py) on a save file with finished games."""

from __future__ import annotations

import flet as ft
import pytest

from card_companion.companion.registry import game
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.home import HomeScreen
from card_companion.views.new_game import NewGameScreen
from card_companion.views.players_screen import PlayersScreen
from tests.fight.test_tracker import a_match_best_of_three
from tests.support.viewkit import FakePage, ViewHarness
from tests.views.test_views import services


@pytest.fixture(scope="module")
def match() -> Session:
    return a_match_best_of_three()


@pytest.fixture
def store(tmp_path, match):
    store = open_store(tmp_path).store
    fight = game("fight")
    for names in (("Ann", "Bea"), ("Cy", "Ann"), ("Bea", "Ann")):  # the second seat wins: Bea, Ann, Ann
        store.create(Session.replay(fight, fight.make_setup(list(names)), list(match.actions)))
    store.create(Session.start(fight, fight.make_setup(["Dee", "Bea"])))  # still being played
    return store


def choose(h: ViewHarness, ident: str, value: str) -> None:
    """Pick an option of a Dropdown."""
    box = next(c for c in h.all_under(ident) if isinstance(c, ft.Dropdown))
    box.value = value
    h._fire(box, box.on_select, ft.Event(name="select", control=box))


def test_players_screen_standings_charts_and_head_to_head(store):
    h = ViewHarness(PlayersScreen, contexts=services(store))
    text = h.texts()
    # Ann won 2 of 3, Bea 1 of 2, Cy 0 of 1: Ann first
    assert h.ids().index("player-Ann") < h.ids().index("player-Bea") < h.ids().index("player-Cy")
    assert "2 of 3 won · streak 2 (best 2)" in text
    assert "FIGHT!: 2 of 3 won · average 1.7 rounds won, best 2 · biggest win by 1 · rating" in text
    assert "after 3 games" in text
    assert "1 unfinished game (still being played, or stopped without counting) counts for nothing." in text
    assert h.has("chart-wins") and h.has("chart-rate") and h.has("chart-figures")
    assert "Ann: win percentage over time" in text
    # head to head opens on the first two players: Ann and Bea, games 1 and 3
    assert "2 games together: Ann won 1, Bea won 1." in h.texts()
    choose(h, "h2h-b", "Cy")
    assert "1 game together: Ann won 1, Cy won 0." in h.texts()
    h.click("player-Bea")  # the charts follow the player tapped
    assert "Bea: wins per game" in h.texts()


def test_players_screen_filters(store):
    h = ViewHarness(PlayersScreen, contexts=services(store))
    choose(h, "filter-game", "pc-war")
    assert h.has("no-records") and not h.has("player-Ann")
    choose(h, "filter-game", "all")
    h.click("filter-period-tonight")  # every game here ended just now
    assert h.has("player-Ann")


def test_rename_and_merge_on_the_screen(store):
    h = ViewHarness(PlayersScreen, contexts=services(store))
    choose(h, "edit-who", "Cy")
    h.type("edit-name", "ann ")
    h.click("rename-player")
    assert "Ann is another player: merge the two players to make them one." in h.texts()
    h.type("edit-name", "   ")
    h.click("rename-player")
    assert "Every player needs a name." in h.texts()
    h.type("edit-name", "Cyril")
    h.click("rename-player")
    assert "Renamed: every record says Cyril now." in h.texts() and h.has("player-Cyril")
    choose(h, "edit-who", "Cyril")
    choose(h, "edit-into", "Ann")
    h.click("merge-players")
    assert "played at the same table" in h.texts() and h.has("player-Cyril")


def test_new_game_offers_the_phones_recent_players(store):
    page = FakePage()
    h = ViewHarness(NewGameScreen, contexts=services(store), route_params={"game": "fight"}, page=page)
    # the most recent first: the unfinished Dee–Bea game was saved last
    assert [i for i in h.ids() if i.startswith("recent-") and i != "recent-players"] == [
        "recent-Dee", "recent-Bea", "recent-Ann", "recent-Cy"]
    h.click("recent-Ann")
    h.click("recent-Cy")
    assert not h.has("recent-Ann")  # seated already
    h.click("down-player-0")  # Cy first, Ann second
    h.click("start")
    saved = max(store.saved_games(), key=lambda g: g.created)
    assert saved.players == ("Cy", "Ann")


def test_home_shows_tonights_results(store):
    h = ViewHarness(HomeScreen, contexts=services(store))
    text = h.texts()
    assert h.has("tonight") and "Leader of the night: Ann (2 wins)" in text
    # the game's name once ("FIGHT!: Ann wins the FIGHT! 2–1" said it twice)
    assert "FIGHT!: Ann wins 2 rounds to 1" in text
    assert not any(line.count("FIGHT!") > 1 for line in text.splitlines())
    assert h.has("players")  # one tap to the Players screen


def test_a_game_stopped_early_that_counted_is_said_on_the_players_screen_and_tonight(store):
    """A game stopped early and scored at its stop is a record, marked so in
    the latest games; the Players screen and Tonight say how many counted; a game stopped
    without counting is among the unfinished ones."""
    pc = game("pc-war")
    from card_companion.companion.pc_war import Flip, Stop

    s = Session.start(pc, pc.make_setup(["Ann", "Bea"])).push(Flip(higher="left"))  # Ann 28 cards, Bea 25
    counted = store.create(s.push(Stop()))
    store.create(s.push(Stop(counts=False)))
    h = ViewHarness(PlayersScreen, contexts=services(store))
    text = h.texts()
    assert "1 game stopped early counts, as it was scored at its stop." in text
    assert "2 unfinished games (still being played, or stopped without counting) count for nothing." in text
    assert "Stopped early: fewest cards leads, Bea (the app's ruling)" in text
    assert "· stopped early" in h.find(f"record-{counted}").content.controls[0].value
    home = ViewHarness(HomeScreen, contexts=services(store))
    night = home.texts()
    assert "Non-Violent, Politically-Correct War: Stopped early: fewest cards leads, Bea (the app's ruling)" in night
    assert "1 game stopped early counts, as it was scored at its stop." in night


def test_home_is_quiet_without_finished_games(tmp_path):
    h = ViewHarness(HomeScreen, contexts=services(open_store(tmp_path).store))
    assert not h.has("tonight")


def test_a_new_games_name_with_a_control_character_is_refused(store):
    h = ViewHarness(NewGameScreen, contexts=services(store), route_params={"game": "fight"})
    before = store.saved_games()
    h.type("player-0", "Ann")
    h.type("player-1", "Bea\tBea")
    h.click("start")
    assert "player 2's name has a control character (U+0009)" in h.texts() and store.saved_games() == before
