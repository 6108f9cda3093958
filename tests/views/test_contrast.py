"""Every text the screens draw meets WCAG AA against its background, in the
light and the dark theme (tests/support/contrast.py resolves the theme's colours).

The screens: home, new game, settings, each game's table at several points of a seeded
random game (the same random play the trackers' tests use), its history and rules, and every
calculator."""

from __future__ import annotations

import random

import pytest

from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.calculator.screen import CalculatorScreen
from card_companion.views.game_views import calculator_component
from card_companion.views.history import HistoryScreen
from card_companion.views.home import HomeScreen
from card_companion.views.new_game import NewGameScreen
from card_companion.views.rules_screen import RulesScreen
from card_companion.views.settings import SettingsScreen
from card_companion.views.table_screen import TableScreen
from tests.support.contrast import failures, pairs, ratio, rgb
from tests.support.viewkit import FakePage, ViewHarness
from tests.views.test_views import services


@pytest.fixture
def store(tmp_path):
    return open_store(tmp_path).store


def test_the_checker_catches_dark_text_on_a_dark_panel():
    import flet as ft

    # the defect once seen: near-black text on the dark theme's panels
    dark_on_dark = ft.Container(bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                                content=ft.Text("Deck: 12", color="#1b1b1b"))
    assert any(line.startswith("dark: 'Deck: 12'") for line in failures(dark_on_dark))
    assert not any(line.startswith("light:") for line in failures(dark_on_dark))
    themed = ft.Container(bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, content=ft.Text("Deck: 12"))
    assert failures(themed) == [] and pairs(themed)[0].color == "onsurface"
    # WCAG's own numbers: black on white 21:1; #767676 on white is the 4.5:1 threshold
    assert round(ratio(rgb("#000000", "light"), rgb("#ffffff", "light")), 1) == 21.0
    assert round(ratio(rgb("#767676", "light"), rgb("#ffffff", "light")), 2) == 4.54


def played(game_id: str, seed: int, steps: int) -> Session:
    """A seeded random game of ``steps`` steps (fewer if it ends)."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    s = Session.start(game, game.random_play().random_setup(rng))
    for _ in range(steps):
        if s.is_over:
            break
        for _try in range(50):
            a = game.random_play().random_action(s.state, rng)
            if a is None:
                break
            try:
                s = s.push(a)
                break
            except ValueError:
                continue
    return s


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_table_screen_meets_aa_in_light_and_dark(store, game_id):
    bad: list[str] = []
    for seed, steps in ((1, 0), (2, 6), (3, 25), (4, 80), (5, 400)):
        gid = store.create(played(game_id, seed, steps))
        for screen, params in ((TableScreen, {"gid": gid}), (HistoryScreen, {"gid": gid})):
            h = ViewHarness(screen, contexts=services(store), route_params=params)
            bad += [f"{screen.__name__} after {steps} steps: {line}" for line in failures(h.tree)]
    assert bad == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_new_game_rules_and_calculator_screens_meet_aa(store, game_id):
    screens = [
        ViewHarness(NewGameScreen, contexts=services(store), route_params={"game": game_id}),
        ViewHarness(RulesScreen, route_params={"game": game_id}, page=FakePage("/rules/x?back=/")),
    ]
    if calculator_component(game_id) is not None:
        screens.append(ViewHarness(CalculatorScreen, contexts=services(store), route_params={"game": game_id},
                                   page=FakePage(f"/calc/{game_id}")))
    assert [line for h in screens for line in failures(h.tree)] == []


def test_home_and_settings_meet_aa(store):
    for game_id in sorted(GAMES):
        store.create(played(game_id, 7, 10))
    screens = [ViewHarness(HomeScreen, contexts=services(store)), ViewHarness(SettingsScreen, contexts=services(store))]
    assert [line for h in screens for line in failures(h.tree)] == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_larger_text_setting_draws_larger_cards_and_numbers(store, game_id):
    """"Larger" (1.3) scales the card faces and the big numbers of every game's
    table, not only the theme's text styles."""
    from dataclasses import replace

    import flet as ft

    from card_companion.views.services import Prefs, ServicesContext
    from card_companion.views.widgets import CARD_BACK, CARD_BG

    gid = store.create(played(game_id, 2, 6))
    normal = ViewHarness(TableScreen, contexts=services(store), route_params={"gid": gid})
    larger_ctx = {ServicesContext: replace(services(store)[ServicesContext], prefs=Prefs(text_scale="1.3"))}
    larger = ViewHarness(TableScreen, contexts=larger_ctx, route_params={"gid": gid})

    def faces(h):
        return sorted(c.width for c in h.all() if isinstance(c, ft.Container) and c.bgcolor in (CARD_BG, CARD_BACK))

    def big_numbers(h):  # the numbers and cards a player reads (18 px and more), not the screen's title
        return sorted(c.size for c in h.all() if isinstance(c, ft.Text) and c.size and c.size >= 18
                      and any(ch.isdigit() or ch in "♠♥♦♣" for ch in c.value or ""))

    assert faces(normal) or big_numbers(normal), "the table shows a card face or a big number"
    assert faces(larger) == [round(w * 1.3) for w in faces(normal)]
    grown = big_numbers(larger)
    for n in big_numbers(normal):  # each grew by 1.3 (a card's by its rounded width; more cross 18 px)
        assert any(abs(x - n * 1.3) <= 0.5 for x in grown), n
