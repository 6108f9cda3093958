"""The same score everywhere. A game's standing is one function, the game's
``headline``; the home screen's saved-games list, the table (its score and its final result),
the history and the records (tonight's results, the Players screen's latest games) all say it
in the same words. The case found: a Peace and Love game of three with Anti Math Geek, where
the home screen added the fighters still in play mid-game ("Cy 43, Ann 29, Bob 12") while the
table showed the victory piles ("Cy 14, Ann 0, Bob 0")."""

from __future__ import annotations

import random
import re

import pytest

from card_companion.companion.peace_and_love import Stop, endings
from card_companion.companion.phones.devices import Tables
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.history import HistoryScreen
from card_companion.views.home import HomeScreen
from card_companion.views.players_screen import PlayersScreen
from card_companion.views.services import Prefs, Services, ServicesContext
from card_companion.views.table_screen import TableScreen
from tests.support.viewkit import ViewHarness

PAL = GAMES["peace-and-love"]


@pytest.fixture
def device(tmp_path):
    return Tables(open_store(tmp_path).store).local()


def ctx(device):
    return {ServicesContext: Services(store=device.store, store_problem=None, prefs=Prefs(), set_prefs=lambda p: None,
                                      device=device)}


def mid_game(seed: int) -> Session:
    """Ann, Bob and Cy with Anti Math Geek, played at random up to a turn where a victory pile
    holds something (so the piles and the piles with the fighters differ)."""
    rng = random.Random(seed)
    s = Session.start(PAL, PAL.make_setup(["Ann", "Bob", "Cy"], {"anti_math_geek": True}))
    while not (s.state.phase == "turn" and any(p.pile for p in s.state.players) and s.state.turns >= 3):
        action = PAL.random_play().random_action(s.state, rng)
        if isinstance(action, Stop):
            continue
        s = s.push(action)
        if s.is_over:  # the deck ran out first: another game
            return mid_game(seed + 1000)
    return s


def text_of(h: ViewHarness, ident: str) -> str:
    return next(c.content.value for c in h.all_under(ident) if hasattr(c, "content") and hasattr(c.content, "value"))


def tile_points(h: ViewHarness, n: int) -> list[int]:
    """The points on the table's score tiles, seat by seat."""
    return [int(re.match(r".+?: (\d+) points?", h.find(f"score-{i}").label).group(1)) for i in range(n)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mid_game_the_home_screen_says_the_points_the_table_shows(device, seed):
    s = mid_game(seed)
    gid = device.create(s)
    piles = [sum(int(c.rank) for c in p.pile) for p in s.state.players]  # the piles alone: A 1 ... K 13
    with_fighters = [t for t, _ in endings.scores(s.state)]
    assert piles != with_fighters  # the case that differed: the fighters would change the numbers
    table = ViewHarness(TableScreen, contexts=ctx(device), route_params={"gid": gid})
    assert tile_points(table, 3) == piles
    home = ViewHarness(HomeScreen, contexts=ctx(device))
    line = text_of(home, f"headline-{gid}")
    order = sorted(range(3), key=lambda i: -piles[i])
    # three players: "Cy 14, Ann 0, Bob 0 · turn 5", the highest first, the table's numbers
    assert line == ", ".join(f"{s.state.name(i)} {piles[i]}" for i in order) + f" · turn {s.state.turns + 1}"
    assert text_of(ViewHarness(HistoryScreen, contexts=ctx(device), route_params={"gid": gid}),
                   "history-standing") == f"Now: {line}"


def test_once_stopped_home_table_history_and_records_say_the_same_words(device):
    s = mid_game(1)
    gid = device.create(s.push(Stop()))
    saved = device.store.load(gid)
    words = PAL.headline(saved.state)
    assert words.startswith("Stopped early: ") and words == saved.outcome.headline
    table = ViewHarness(TableScreen, contexts=ctx(device), route_params={"gid": gid})
    assert table.find("outcome").label == f"Game over: {words}"
    assert tile_points(table, 3) == [t for t, _ in endings.scores(saved.state)]  # the final score: fighters in
    home = ViewHarness(HomeScreen, contexts=ctx(device))
    assert text_of(home, f"headline-{gid}") == words
    assert f"Peace and Love: {words}" in home.texts().splitlines()  # tonight's results: the record's line
    assert text_of(ViewHarness(HistoryScreen, contexts=ctx(device), route_params={"gid": gid}),
                   "history-standing") == f"Now: {words}"
    players = ViewHarness(PlayersScreen, contexts=ctx(device))
    assert words in players.texts().splitlines()  # the latest games
