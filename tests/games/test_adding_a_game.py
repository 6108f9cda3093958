"""A new game is its package and one registration: the registry is the only list of games.

The toy below is plain War cut down to six cards (the steps docs/architecture.md's "How to add
a game" names, one by one): its rules, its legal actions, its ranking and figure, its random
play and its screens, registered with one ``GAMES.register`` line, and nothing else in the app
touched. Then it is on the home screen, plays through the one random-play test, is saved and
loaded back, and counts in the records and statistics like the five games. A side list of
games keyed by their ids (a dict of figures, of tables, of calculators) would not know it, and
this test would fail; ``test_no_side_list_of_games`` finds such a list by reading the code.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import ClassVar, Literal

import flet as ft
import pytest
from pydantic import Field

from card_companion.companion.game import (
    SHARED,
    Applied,
    Figure,
    Frozen,
    Game,
    Outcome,
    Setup,
    Standing,
    TableState,
    first_or_second,
)
from card_companion.companion.legal import Among, Legal, RandomPlay
from card_companion.companion.registry import GAMES, Listing
from card_companion.companion.session import Session
from tests.support.play import finished_has_no_legal_action, play

CARDS = 6
"""the toy's deck: three cards each"""


class Flip(Frozen):
    """Both turn their top card face up; the higher card's owner takes both (ties are left
    out of the toy: a tie has no taker)."""

    kind: Literal["flip"] = "flip"
    chosen_by: ClassVar[str] = SHARED
    taker: int = Field(ge=0, le=1)


class WarState(TableState):
    hands: tuple[int, int] = (CARDS // 2, CARDS // 2)
    flips: int = 0


def take(state: WarState, action: Flip) -> Applied:
    hands = list(state.hands)
    hands[action.taker] += 1
    hands[1 - action.taker] -= 1
    return Applied(state.model_copy(update={"hands": tuple(hands), "flips": state.flips + 1}),
                   f"{state.name(action.taker)} takes both cards")


class PlainWar(Game[Setup, WarState, Flip]):
    id = "plain-war"
    name = "Plain War"
    blurb = "The higher card takes both; the one who holds every card wins."
    min_players = 2
    max_players = 2
    State = WarState
    action_type = Flip
    handlers: ClassVar = {Flip: take}

    def initial_state(self, setup: Setup) -> WarState:
        return WarState(setup=setup)

    def is_over(self, state: WarState) -> bool:
        return 0 in state.hands

    def outcome(self, state: WarState) -> Outcome | None:
        if not self.is_over(state):
            return None
        winner = state.hands.index(CARDS)
        return Outcome(winners=(winner,), headline=f"{state.name(winner)} wins with every card")

    def summary(self, state: WarState) -> dict[str, str]:
        return {f"{state.name(i)}'s cards": str(n) for i, n in enumerate(state.hands)}

    def standing(self, state: WarState, outcome: Outcome) -> Standing:
        return first_or_second(state.hands, outcome.winners)

    def legal_actions(self, state: WarState) -> Legal:
        if self.is_over(state):
            return Legal()
        return Legal.of(Among(Flip, (Flip(taker=0), Flip(taker=1))))

    def new_random_play(self) -> RandomPlay:
        return WarPlay(self)


class WarPlay(RandomPlay):
    def random_setup(self, rng: random.Random) -> Setup:
        return self.game.make_setup(rng.sample(["Ann", "Bea", "Cy"], 2))

    def check_invariants(self, state: WarState) -> None:
        assert sum(state.hands) == CARDS and min(state.hands) >= 0, "cards not conserved"


@ft.component
def WarTable(table) -> ft.Control:
    return ft.Text(GAMES["plain-war"].summary(table.session.state).__repr__())


@ft.component
def WarCalculator() -> ft.Control:
    return ft.Text("The higher card takes both.")


def war_views():
    from card_companion.views.game_views import GameViews

    return GameViews(table=lambda: WarTable, calculator=lambda: WarCalculator)


def war() -> Game:
    return PlainWar()


@pytest.fixture
def plain_war():
    GAMES.register(Listing(PlainWar.id, PlainWar.name, PlainWar.blurb, 2, 2, Figure(unit="cards"), war, war_views))
    try:
        yield GAMES["plain-war"]
    finally:
        GAMES.unregister("plain-war")


def test_a_registered_game_is_on_the_home_screen_with_its_calculator(plain_war):
    from card_companion.views.game_views import calculator_component, table_component
    from card_companion.views.home import HomeScreen
    from card_companion.views.services import Prefs, Services, ServicesContext
    from tests.support.viewkit import ViewHarness
    from tests.views.test_calculator_views import _NoSaves

    h = ViewHarness(HomeScreen, contexts={ServicesContext: Services(store=_NoSaves(), store_problem=None,
                                                                    prefs=Prefs(), set_prefs=lambda p: None)})
    assert "Plain War" in h.texts() and PlainWar.blurb in h.texts()
    h.click("new-plain-war")
    assert h.page.routes[-1] == "/new/plain-war"
    h.click("calc-plain-war")
    assert h.page.routes[-1] == "/calc/plain-war"
    assert calculator_component("plain-war") is WarCalculator and table_component("plain-war") is WarTable


@pytest.mark.parametrize("seed", range(5))
def test_a_registered_game_plays_through_the_one_random_play_test(plain_war, seed):
    session = play(plain_war, seed)
    assert session.is_over and sum(session.state.hands) == CARDS
    finished_has_no_legal_action(plain_war, session)
    assert plain_war.refusal(session.state, Flip(taker=0)) == "the game is over: undo to change it"


def test_a_registered_game_is_saved_loaded_and_counted_in_the_records(plain_war):
    from card_companion.companion.records import game_records as records
    from card_companion.companion.records import stats
    from card_companion.companion.saves.storage import Store

    session = play(plain_war, 3)
    store = Store(":memory:")
    gid = store.create(session)
    assert store.load(gid).state == session.state and Session.from_json(session.to_json()).state == session.state
    with store.reading() as db:
        (record,) = records.kept(db)
    winner = session.state.hands.index(CARDS)
    assert record.game == "plain-war" and record.headline == f"{session.state.name(winner)} wins with every card"
    assert [(p.figure, p.place, p.won) for p in record.placings] == [
        (n, 1 if i == winner else 2, i == winner) for i, n in enumerate(session.state.hands)]
    board = stats.players_screen(store, None, stats.Filter(game="plain-war"))
    lines = {p.name: p.game("plain-war") for p in board.players}
    assert {name: (line.games, line.wins) for name, line in lines.items()} == {
        session.state.name(i): (1, int(i == winner)) for i in range(2)}
    assert lines[session.state.name(winner)].best == CARDS  # the winner's figure: every card


def _game_id_lists(tree: ast.AST, ids: set[str]):
    for node in ast.walk(tree):
        keys = node.keys if isinstance(node, ast.Dict) else node.elts if isinstance(
            node, (ast.Set, ast.Tuple, ast.List)) else []
        named = {k.value for k in keys if isinstance(k, ast.Constant) and k.value in ids}
        if len(named) >= 2:
            yield node.lineno, sorted(named)


def test_no_side_list_of_games():
    """No module lists the games by their ids beside the registry (card_companion/games.py
    registers each once): every per-game part is reached from the game's package."""
    ids = set(GAMES)
    root = Path(__file__).parents[2] / "card_companion"
    found = [f"{path.relative_to(root)}:{line} lists {', '.join(named)}"
             for path in sorted(root.rglob("*.py"))
             for line, named in _game_id_lists(ast.parse(path.read_text(encoding="utf-8")), ids)]
    assert found == [], "a list of games beside the registry: " + "; ".join(found)
