"""The first screen waits for no game: in the phone app (Pyodide) every import costs several
times what it costs on a server, and the time from opening the app to its home screen is what
a player feels. So the app (``card_companion.views.root``) and the home screen it draws load
none of the five games (their rules, calculators, table and calculator views), nor the
Players screen's charts (flet-charts), the resolve protocol (every game's asks) or the
ratings' openskill; opening a game loads that game alone. Each check runs in a fresh Python,
which has imported nothing yet."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from card_companion.companion.registry import GAMES, game
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from tests.fight.test_tracker import a_match_best_of_three

ROOT = Path(__file__).resolve().parents[2]

LAYERS = ("card_companion.companion", "card_companion.calculators", "card_companion.views",
          "card_companion.views.calculator")
"""where a game has modules of its own, each named for the game (views/calculator/cardpeegee_boss.py too)"""

NOT_AT_START = ("flet_charts", "openskill", "card_companion.companion.protocol", "card_companion.companion.advisor",
                "card_companion.calculators.odds", "card_companion.views.player_charts",
                "card_companion.views.calculator.ruling")
"""what no game needs at start either: the charts, the ratings' model, every game's asks, the odds"""


def stem(game_id: str) -> str:
    return game_id.replace("-", "_")


def of_game(module: str, game_id: str, layers: tuple[str, ...] = LAYERS) -> bool:
    """Whether ``module`` is one of the game's own (its tracker, calculator or views)."""
    return any(module == f"{layer}.{stem(game_id)}" or module.startswith((f"{layer}.{stem(game_id)}.",
                                                                         f"{layer}.{stem(game_id)}_"))
               for layer in layers)


def games_in(modules: set[str], layers: tuple[str, ...] = LAYERS) -> dict[str, list[str]]:
    """game id → its modules among ``modules`` (only the games with some)."""
    found = {g: sorted(m for m in modules if of_game(m, g, layers)) for g in GAMES}
    return {g: ms for g, ms in found.items() if ms}


def not_at_start(modules: set[str]) -> list[str]:
    """Which of ``modules`` are (or are under) one of NOT_AT_START."""
    return sorted(m for m in modules if any(m == n or m.startswith(f"{n}.") for n in NOT_AT_START))


def imported_after(code: str) -> set[str]:
    """The modules a fresh Python holds after running ``code`` (from the checkout)."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_the_app_loads_no_game():
    modules = imported_after("import card_companion.views.root")
    assert "card_companion.companion.registry" in modules
    assert games_in(modules) == {}
    assert not_at_start(modules) == []


def test_opening_one_game_loads_that_game_alone():
    modules = imported_after("import card_companion.views.root\n"
                             "from card_companion.companion.registry import GAMES\n"
                             "assert GAMES['fight'].name == 'FIGHT!'")
    assert set(games_in(modules)) == {"fight"}
    assert "card_companion.companion.fight" in modules and "card_companion.calculators.fight" in modules
    assert not any(m.startswith("card_companion.views.fight") for m in modules)  # its table: when it is drawn
    assert not_at_start(modules) == []


def test_a_ruling_loads_its_own_game_alone():
    """A calculator's ruling, like ``companion resolve``, goes through the protocol: it reads
    the game the request names with that game's asks alone; a request naming no game this app
    knows is still refused in every game's words."""
    modules = imported_after(
        "from card_companion.companion.protocol import resolve, resolve_line\n"
        "turn = resolve({'game': 'fight', 'ask': 'turn', 'cards': ['4S', '4C'], 'tie_breaker': 0,"
        " 'cycle': 'default'})\n"
        "assert turn['explanation']\n"
        "assert 'fight has no ask' in resolve_line('{\"game\": \"fight\", \"ask\": \"move\"}')\n")
    assert set(games_in(modules, ("card_companion.companion",))) == {"fight"}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_loads_no_other_games_tracker(game_id: str):
    """A game's rules may share another game's calculator (the odds of a Peace and Love
    fight are Card Stratego's attack odds), never its tracker or its views."""
    modules = imported_after(f"from card_companion.companion.registry import GAMES\nGAMES[{game_id!r}]")
    assert set(games_in(modules, ("card_companion.companion",))) == {game_id}
    assert games_in(modules, ("card_companion.views", "card_companion.views.calculator")) == {}


def test_the_ids_and_listings_load_nothing_and_a_game_is_loaded_once():
    modules = imported_after(
        "from card_companion.companion.registry import GAMES, game\n"
        "assert 'fight' in GAMES and 'chess' not in GAMES and GAMES.get('chess') is None\n"
        "assert len(GAMES) == 5 and ', '.join(GAMES).startswith('peace-and-love, fight')\n"
        "assert [g.players_text() for g in GAMES.listed()][:2] == ['2+ players', '2 players']\n"
        "assert GAMES.name_of('cardpeegee') == 'CardPeeGee' and GAMES.listing('chess') is None\n"
        "try:\n    game('chess')\nexcept KeyError as exc:\n    assert 'the games are peace-and-love' in str(exc)\n")
    assert games_in(modules) == {}
    assert GAMES["pc-war"] is GAMES["pc-war"] is game("pc-war")


@pytest.mark.parametrize("listed", GAMES.listed(), ids=lambda g: g.id)
def test_each_listing_is_the_games_own(listed):
    """The listing says what the loaded game says: the two cannot drift apart."""
    loaded = listed.load()
    assert loaded is GAMES[listed.id]
    assert (listed.id, listed.name, listed.blurb, listed.min_players, listed.max_players) == (
        loaded.id, loaded.name, loaded.blurb, loaded.min_players, loaded.max_players)
    assert listed.players_text() == loaded.players_text()


@pytest.fixture
def saves(tmp_path) -> Path:
    """A save file with tonight's finished games (the home screen's game night), a game still
    being played and a game of each other kind, saved by this (loaded) process."""
    store = open_store(tmp_path).store
    fight = game("fight")
    match = a_match_best_of_three()
    for names in (("Ann", "Bea"), ("Cy", "Ann"), ("Bea", "Ann")):  # the second seat wins: Bea, Ann, Ann
        store.create(Session.replay(fight, fight.make_setup(list(names)), list(match.actions)))
    for g in GAMES.values():
        store.create(Session.start(g, g.make_setup(["Dee", "Eve"])))
    return tmp_path


SHOW = """
from card_companion.companion.saves.storage import open_store
from card_companion.views.services import Prefs, Services, ServicesContext
from tests.support.viewkit import ViewHarness
import card_companion.views.root
from tests.support.viewkit import ViewHarness
import card_companion.views.root
from card_companion.views.{module} import {screen}

store = open_store({folder!r}).store
services = {{ServicesContext: Services(store=store, store_problem=None, prefs=Prefs(), set_prefs=lambda p: None)}}
h = ViewHarness({screen}, contexts=services)
"""


def test_the_home_screen_draws_its_games_and_tonight_without_loading_a_game(saves):
    modules = imported_after(SHOW.format(module="home", screen="HomeScreen", folder=str(saves)) + (
        "text = h.texts()\n"
        "assert h.has('tonight') and 'Leader of the night: Ann (2 wins)' in text\n"
        "assert 'FIGHT!: ' in text and 'Dee, Eve' in text and 'Non-Violent, Politically-Correct War' in text\n"
        "assert all(h.has(f'new-{g}') and h.has(f'calc-{g}') for g in ('fight', 'cardpeegee'))\n"))
    assert games_in(modules) == {}
    assert not_at_start(modules) == []


def test_the_players_screen_draws_its_charts_without_loading_a_game(saves):
    modules = imported_after(SHOW.format(module="players_screen", screen="PlayersScreen", folder=str(saves)) + (
        "assert h.has('chart-wins') and h.has('chart-figures') and h.has('filter-game')\n"))
    assert "flet_charts" in modules and "card_companion.views.player_charts" in modules
    assert games_in(modules) == {}
