"""Random taps on every game's table and calculator: the app never crashes on what a user can
tap or type, and the saved game stays whole.

The table starts in a random state of a random game (the random-play strategies: 0 to 400
legal steps from a random setup). Then two phones of that table take turns tapping at random:
any enabled button, card, segment, switch or dropdown on the screen, and text fields get typed
words from a list of good and bad ones ("QH", "zz", "-3", ...). Phone B's screen goes stale
whenever A commits (view tests run no live updates), so its steps exercise the stale-screen
refusal too. The buttons that commit a step are tapped more often than the ones that lead
away (history, rules, seats).

After every tap: no exception escaped a handler or a drawing, and the saved game opens (its log
replays). Each calculator, the new-game screen of each game, a played game's history (where
earlier steps are edited and jumped back to), the home screen with saved games, the join screen
and the settings get the same treatment.

The seeds are fixed, so CI is repeatable. ``COMPANION_RANDOM_TAPS=N`` runs N seeds a game
instead of 2, for a longer hunt.
"""

from __future__ import annotations

import dataclasses
import os
import random
import traceback
from collections.abc import Callable

import flet as ft
import pytest

from card_companion.companion.phones.access import TABLE
from card_companion.companion.phones.devices import Tables
from card_companion.companion.registry import GAMES
from card_companion.companion.saves.storage import open_store
from card_companion.companion.session import Session
from card_companion.views.calculator.screen import CalculatorScreen
from card_companion.views.history import HistoryScreen
from card_companion.views.home import HomeScreen
from card_companion.views.joining import JoinScreen
from card_companion.views.new_game import NewGameScreen
from card_companion.views.settings import SettingsScreen
from card_companion.views.table_screen import TablePage
from tests.support.viewkit import FakePage, ViewHarness
from tests.views.test_table_views import ctx, phone

SEEDS = range(int(os.environ.get("COMPANION_RANDOM_TAPS", "2")))
TAPS = 40
WORDS = ["QH", "10S", "7d", "  2c ", "AS", "JOKER", "blank", "zz", "", "1", "-3", "0", "99", "Ann", "x" * 40]
"""what gets typed into a text field: cards, a card written loosely, and things that are not"""
AWAY = ("history", "rules", "calculator", "home", "change-seat", "seat", "invite", "back", "join")
"""ids of controls that lead away from the table or to the seats: tapped less often"""
SERVICE_OUT_OF_REACH = "Control must be added to the page first"
"""what Flet says when a handler calls a phone service (the file picker, the clipboard) outside a
real page: view tests have none. On a page the same call goes through (the browser tests)."""


@dataclasses.dataclass
class Tap:
    kind: str  # click, segment, type, toggle, dropdown
    control: ft.BaseControl
    value: object
    ident: str | None

    def __str__(self) -> str:
        return f"{self.kind} {self.ident or type(self.control).__name__} {self.value!r}"


def taps_on_screen(h: ViewHarness) -> list[Tap]:
    """Every enabled control a player could tap or type into, with the id it is found by."""
    out: list[Tap] = []

    def walk(node, ident):
        if isinstance(node, list):
            for n in node:
                walk(n, ident)
            return
        if not isinstance(node, ft.BaseControl) or getattr(node, "disabled", False):
            return
        if isinstance(node, ft.Semantics) and node.identifier:
            ident = node.identifier
        if isinstance(node, ft.SegmentedButton) and node.on_change:
            out.extend(Tap("segment", node, seg.value, ident) for seg in node.segments)
        elif isinstance(node, ft.TextField) and (node.on_change or node.on_submit):
            out.append(Tap("type", node, None, ident))
        elif isinstance(node, (ft.Switch, ft.Checkbox)) and node.on_change:
            out.append(Tap("toggle", node, None, ident))
        elif isinstance(node, ft.Dropdown) and (getattr(node, "on_select", None) or node.on_change):
            out.extend(Tap("dropdown", node, o.key, ident) for o in node.options or [])
        elif getattr(node, "on_click", None) is not None:
            out.append(Tap("click", node, None, ident))
        if dataclasses.is_dataclass(node):
            for f in dataclasses.fields(node):
                if not f.name.startswith("_") and f.name not in ("parent", "page"):
                    walk(getattr(node, f.name, None), ident)

    walk(h.tree, None)
    walk(h.dialogs, None)
    return out


def weight(tap: Tap) -> float:
    ident = tap.ident or ""
    if ident.startswith(AWAY):
        return 0.2
    if ident in ("undo", "redo"):
        return 0.5
    return 3.0 if any(w in ident for w in ("submit", "resolve", "confirm", "flip", "play")) else 1.0


def do(h: ViewHarness, tap: Tap, rng: random.Random) -> None:
    c = tap.control
    if tap.kind == "click":
        h._fire(c, c.on_click, ft.Event(name="click", control=c))
    elif tap.kind == "segment":
        c.selected = [tap.value]
        h._fire(c, c.on_change, ft.Event(name="change", control=c))
    elif tap.kind == "type":
        c.value = rng.choice(WORDS)
        if c.on_change:
            h._fire(c, c.on_change, ft.Event(name="change", control=c))
        if c.on_submit and rng.random() < 0.5:
            h._fire(c, c.on_submit, ft.Event(name="submit", control=c))
    elif tap.kind == "toggle":
        c.value = not c.value
        h._fire(c, c.on_change, ft.Event(name="change", control=c))
    else:
        c.value = tap.value
        h._fire(c, getattr(c, "on_select", None) or c.on_change, ft.Event(name="select", control=c))


def tap_at_random(phones: list[ViewHarness], rng: random.Random, taps: int, check: Callable[[], None]) -> None:
    """``taps`` random taps, each on a random phone. Fails with the
    last taps and the traceback when a handler or a drawing raised, or ``check`` did."""
    trail: list[str] = []
    for _ in range(taps):
        h = rng.choice(phones)
        choices = taps_on_screen(h)
        assert choices, "a screen with nothing to tap: " + "; ".join(trail[-5:])
        tap = rng.choices(choices, [weight(t) for t in choices])[0]
        trail.append(f"phone {phones.index(h)}: {tap}")
        try:
            do(h, tap, rng)
        except RuntimeError as exc:
            if SERVICE_OUT_OF_REACH not in str(exc):
                pytest.fail("the app raised on a tap. Last taps:\n  " + "\n  ".join(trail[-8:]) + "\n"
                            + traceback.format_exc())
        except Exception:  # an assert in the app's code too: disabled controls are never tapped
            pytest.fail("the app raised on a tap. Last taps:\n  " + "\n  ".join(trail[-8:]) + "\n"
                        + traceback.format_exc())
        try:
            check()
        except Exception:
            pytest.fail("the saved game does not open after a tap. Last taps:\n  " + "\n  ".join(trail[-8:])
                        + "\n" + traceback.format_exc())
        refused = [ident for p in phones for ident in semantics_of_hidden(p)]
        assert not refused, (f"a shown Semantics around a hidden control ({', '.join(refused)}): Flutter draws "
                             "its error instead. Last taps:\n  " + "\n  ".join(trail[-8:]))


def semantics_of_hidden(h: ViewHarness) -> list[str]:
    """The shown ``Semantics`` whose content is hidden or missing: the Flutter client draws a
    red "Semantics.content must be provided and visible" in place of the first and a grey box
    (an error) in place of the second (both seen in the browser)."""
    return [c.identifier or "?" for c in h.all() if isinstance(c, ft.Semantics) and (
        not isinstance(c.content, ft.BaseControl) or c.content.visible is False)]


def random_game(game_id: str, rng: random.Random) -> Session:
    """A random setup of the game and 0 to 400 random legal steps (maybe to its end)."""
    game = GAMES[game_id]
    session = Session.start(game, game.random_play().random_setup(rng))
    for _ in range(rng.choice([0, 3, 10, 30, 100, 400])):
        if session.is_over:
            break
        session = session.push(game.random_play().random_action(session.state, rng))
    return session


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_random_taps_on_two_phones_of_a_table(tmp_path, game_id: str, seed: int) -> None:
    rng = random.Random(f"{game_id}-{seed}")
    tables = Tables(open_store(tmp_path).store, admin_password="x")
    a, b = phone(tables), phone(tables, "192.168.1.21")
    gid = a.create(random_game(game_id, rng))
    b.join(tables.store.snapshot(gid).code)
    b.take_seat(gid, TABLE)
    phones = [ViewHarness(TablePage, gid, contexts=ctx(d), page=FakePage(f"/play/{gid}")) for d in (a, b)]
    tap_at_random(phones, rng, TAPS, lambda: a.open(gid))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_random_taps_on_a_calculator(tmp_path, game_id: str, seed: int) -> None:
    tables = Tables(open_store(tmp_path).store, admin_password="x")
    h = ViewHarness(CalculatorScreen, contexts=ctx(phone(tables)), route_params={"game": game_id},
                    page=FakePage(f"/calc/{game_id}"))
    tap_at_random([h], random.Random(f"calc-{game_id}-{seed}"), TAPS, lambda: None)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_random_taps_on_a_new_game_and_a_history(tmp_path, game_id: str, seed: int) -> None:
    rng = random.Random(f"history-{game_id}-{seed}")
    tables = Tables(open_store(tmp_path).store, admin_password="x")
    device = phone(tables)
    new_game = ViewHarness(NewGameScreen, contexts=ctx(device), route_params={"game": game_id}, page=FakePage())
    tap_at_random([new_game], rng, TAPS, lambda: None)
    gid = device.create(random_game(game_id, rng))
    history = ViewHarness(HistoryScreen, contexts=ctx(device), route_params={"gid": gid},
                          page=FakePage(f"/play/{gid}/history"))
    tap_at_random([history], rng, TAPS, lambda: device.open(gid))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_taps_on_home_join_and_settings(tmp_path, seed: int) -> None:
    rng = random.Random(f"home-{seed}")
    tables = Tables(open_store(tmp_path).store, admin_password="x")
    device = phone(tables)
    gids = [device.create(random_game(game_id, rng)) for game_id in GAMES]

    def every_game_opens() -> None:  # a game deleted from the list is gone; every other one opens
        saved = {g.id for g in tables.store.saved_games()}
        for gid in gids:
            if gid in saved:
                device.open(gid)

    screens = [ViewHarness(HomeScreen, contexts=ctx(device), page=FakePage("/")),
               ViewHarness(JoinScreen, contexts=ctx(phone(tables, "192.168.1.22")), page=FakePage("/join")),
               ViewHarness(SettingsScreen, contexts=ctx(device), page=FakePage("/settings"))]
    tap_at_random(screens, rng, 2 * TAPS, every_game_opens)
