"""One primary action a screen. A screen shows at most one filled button
(``ft.FilledButton``: the likeliest next step), and so does each dialog; in a destructive
dialog or panel (delete a saved game, stop the game) the filled one is the safe one and the
destructive one is outlined in the error colour.

Every screen is counted as it opens and after each of 40 random taps (tests/views/test_random_taps.py's
taps, so the dialogs, the stop panels and a table's later steps are reached too): home with a
saved game of each game, join, settings, players; for each game its new-game screen, two phones
of a table from a random state, its history, its rules and its calculator.
"""

from __future__ import annotations

import random

import flet as ft
import pytest

from card_companion.companion.phones.access import TABLE
from card_companion.companion.phones.devices import Tables
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.views.calculator.screen import CalculatorScreen
from card_companion.views.history import HistoryScreen
from card_companion.views.home import HomeScreen, delete_dialog
from card_companion.views.joining import JoinScreen
from card_companion.views.new_game import NewGameScreen
from card_companion.views.players_screen import PlayersScreen
from card_companion.views.rules_screen import RulesScreen
from card_companion.views.settings import SettingsScreen
from card_companion.views.table_screen import TablePage
from card_companion.views.widgets import DANGER, stop_confirm
from tests.support.viewkit import FakePage, ViewHarness
from tests.views.test_random_taps import random_game, tap_at_random
from tests.views.test_table_views import ctx, phone

TAPS = 40


def filled(root) -> list[str]:
    """The filled buttons shown at or under ``root`` (a tonal one is not: it is quieter by
    design; a hidden one is not: it is not on the screen)."""
    out: list[str] = []
    label = ""

    def walk(node, label: str) -> None:
        if isinstance(node, list):
            for n in node:
                walk(n, label)
            return
        if not isinstance(node, ft.BaseControl) or node.visible is False:
            return  # (a hidden one is not shown: an entry kept mounted through a swap)
        if isinstance(node, ft.Semantics) and node.identifier:
            label = node.identifier
        if type(node) is ft.FilledButton:
            out.append(f"{label or '?'} “{node.content if isinstance(node.content, str) else ''}”")
        for name in ("content", "controls", "actions", "title", "subtitle", "leading", "trailing", "appbar"):
            walk(getattr(node, name, None), label)

    walk(root, label)
    return out


def too_many(h: ViewHarness, where: str) -> list[str]:
    """The screen and each dialog open on it with more than one filled button."""
    bad = []
    for what, root in [("screen", h.tree), *[(f"dialog {i}", d) for i, d in enumerate(h.dialogs)]]:
        found = filled(root)
        if len(found) > 1:
            bad.append(f"{where} {what}: {len(found)} filled buttons: {', '.join(found)}")
    return bad


def counted(screens: list[ViewHarness], where: str, rng: random.Random, taps: int = TAPS) -> list[str]:
    bad: list[str] = []
    for h in screens:
        bad += too_many(h, where)

    def check() -> None:
        for h in screens:
            bad.extend(b for b in too_many(h, where) if b not in bad)

    if taps:
        tap_at_random(screens, rng, taps, check)
    return bad


def test_a_filled_button_counts_and_a_tonal_one_does_not():
    """The counter itself: the delete dialog as it was (Delete and Keep it... and a second
    filled one) is caught; a tonal button is not counted, nor one kept mounted but hidden."""
    two = ft.Column([ft.FilledButton("Delete"), ft.Semantics(content=ft.FilledButton("Keep"))])
    assert len(filled(two)) == 2
    assert len(filled(ft.Column([two.controls[0], ft.Container(two.controls[1], visible=False)]))) == 1
    assert filled(ft.Row([ft.FilledTonalButton("New game"), ft.OutlinedButton("Rules")])) == []


def test_the_delete_dialog_fills_the_safe_one():
    dialog = delete_dialog("FIGHT! with Ann, Bea", lambda: None, lambda: None)
    found = filled(dialog)
    assert found == ["cancel-delete “Keep it”"], found
    delete = next(a for a in dialog.actions if a.identifier == "confirm-delete").content
    assert type(delete) is ft.OutlinedButton and delete.style is DANGER


def test_the_stop_panel_fills_keep_playing():
    panel = stop_confirm("Ann has fewer cards.", lambda: None, lambda: None, lambda: None)
    assert [f.split(" ")[0] for f in filled(panel)] == ["stop-cancel"]


def test_home_join_settings_players(tmp_path):
    rng = random.Random("home")
    tables = Tables(open_store(tmp_path).store, admin_password="x")
    device = phone(tables)
    empty = ViewHarness(HomeScreen, contexts=ctx(device), page=FakePage("/"))
    assert filled(empty.tree) == [], "no saved game: the five games are equals, none filled"
    gids = [device.create(random_game(game_id, rng)) for game_id in GAMES]
    home = ViewHarness(HomeScreen, contexts=ctx(device), page=FakePage("/"))
    assert filled(home.tree) == [f"resume-latest “Resume {GAMES[device.games()[0].game].name}”"]
    home.click(f"delete-{gids[0]}")
    assert len(home.dialogs) == 1 and filled(home.dialogs[0]) == ["cancel-delete “Keep it”"]
    screens = [
        ViewHarness(HomeScreen, contexts=ctx(device), page=FakePage("/")),
        ViewHarness(JoinScreen, contexts=ctx(phone(tables, "192.168.1.22")), route_params={"code": "nope"},
                    page=FakePage("/join/nope")),
        ViewHarness(SettingsScreen, contexts=ctx(device), page=FakePage("/settings")),
        ViewHarness(PlayersScreen, contexts=ctx(device), page=FakePage("/players")),
    ]
    bad = counted(screens, "home, join, settings, players", rng, 2 * TAPS)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_screen_of_a_game(tmp_path, game_id):
    rng = random.Random(f"primary-{game_id}")
    tables = Tables(open_store(tmp_path).store, admin_password="x")
    a, b = phone(tables), phone(tables, "192.168.1.21")
    bad = counted([ViewHarness(NewGameScreen, contexts=ctx(a), route_params={"game": game_id}, page=FakePage())],
                  f"{game_id} new game", rng)
    for seed in range(3):
        gid = a.create(random_game(game_id, random.Random(f"{game_id}-{seed}")))
        b.join(tables.store.snapshot(gid).code)
        b.take_seat(gid, TABLE)
        phones = [ViewHarness(TablePage, gid, contexts=ctx(d), page=FakePage(f"/play/{gid}")) for d in (a, b)]
        bad += counted(phones, f"{game_id} table", rng)
        bad += counted([ViewHarness(HistoryScreen, contexts=ctx(a), route_params={"gid": gid},
                                    page=FakePage(f"/play/{gid}/history"))], f"{game_id} history", rng)
    bad += counted([ViewHarness(RulesScreen, contexts=ctx(a), route_params={"game": game_id},
                                page=FakePage(f"/rules/{game_id}"))], f"{game_id} rules", rng, 0)
    bad += counted([ViewHarness(CalculatorScreen, contexts=ctx(a), route_params={"game": game_id},
                                page=FakePage(f"/calc/{game_id}"))], f"{game_id} calculator", rng)
    assert not bad, f"{len(bad)} screens with more than one filled button:\n" + "\n".join(bad)
