"""The saved-games list and the history's edits on the screens (tests/support/viewkit.py, no
browser): the saved-games
list says how each game stands, and the history's "Undo to here", "Redo all" and "Edit"
(the step's cards in the card picker, prefilled) change the saved game, or say in one
sentence why not. The game is the one of tests/games/test_history_edit.py."""

from __future__ import annotations

import time

import pytest

from card_companion.calculators.cards import card
from card_companion.companion.log_changes import EnterStep
from card_companion.companion.phones.access import WATCH
from card_companion.companion.phones.devices import Tables
from card_companion.companion.saves.storage import open_store
from card_companion.views.history import HistoryScreen
from card_companion.views.home import HomeScreen, saved_lines
from card_companion.views.services import Prefs, Services, ServicesContext
from card_companion.views.table_screen import TableScreen
from tests.games.test_history_edit import PAL, STEPS, played
from tests.support.viewkit import ViewHarness


@pytest.fixture
def tables(tmp_path) -> Tables:
    return Tables(open_store(tmp_path).store)


def ctx(device):
    return {ServicesContext: Services(store=device.store, store_problem=None, prefs=Prefs(), set_prefs=lambda p: None,
                                      device=device)}


def history(device, gid):
    return ViewHarness(HistoryScreen, contexts=ctx(device), route_params={"gid": gid})


# --- the saved-games list --------------------------------------------------------------------------


def test_the_home_list_says_how_each_game_stands_and_tells_two_games_of_the_same_players_apart(tables):
    phone = tables.local()
    first = phone.create(played(3))
    second = phone.create(played())
    home = ViewHarness(HomeScreen, contexts=ctx(phone))
    texts = home.texts().splitlines()
    assert "level at 0–0 · turn 1" in texts and "Bea leads 9–0 · turn 2" in texts
    assert not any(t.endswith(" steps") for t in texts)  # "5 steps" became what happened
    lines = {gid: next(c.content.value for c in home.all_under(f"headline-{gid}") if hasattr(c, "content")
                       and hasattr(c.content, "value")) for gid in (first, second)}
    assert lines == {first: "level at 0–0 · turn 1", second: "Bea leads 9–0 · turn 2"}
    assert "Ann, Bea · started " in home.texts() and "last played just now" in home.texts()


def test_a_game_saved_before_headlines_says_its_steps_and_the_start_tells_it_apart():
    class Old:  # a SavedGame row of a game last changed by an older version
        players, actions, headline, created, updated = ("Ann", "Bea"), 43, None, 0.0, time.time()

    assert saved_lines(Old) == ("43 steps", "Ann, Bea · last played just now")
    Old.created = time.mktime((2026, 11, 25, 14, 5, 0, 0, 0, -1))
    Old.headline = "Ann won 12–9"
    assert saved_lines(Old) == ("Ann won 12–9", "Ann, Bea · started Wed 25 Nov, 14:05 · last played just now")


# --- the history's buttons ----------------------------------------------------------------------------


def test_undo_to_here_then_redo_all_from_the_history(tables):
    phone = tables.local()
    gid = phone.create(played())
    h = history(phone, gid)
    assert not h.has("undo-to-5")  # the last step: nothing to go back to
    assert [i for i in h.ids() if i.startswith("edit-step-")] == ["edit-step-5", "edit-step-4", "edit-step-2",
                                                                     "edit-step-1"]  # the attack has no cards
    h.click("undo-to-2")
    saved = tables.store.load(gid)
    assert saved.actions == played(2).actions and len(saved.redo_stack) == 3
    assert "Back to step 2: 3 later steps undone." in h.texts()
    assert "3 undone steps wait to be redone (next: Bea attacks Ann's 9♥ with 5♠)." in h.texts()
    assert not h.has("step-3")
    assert tables.store.saved_games()[0].headline == "level at 0–0 · turn 1"
    h.click("redo-all")
    assert tables.store.load(gid).actions == played().actions and not h.has("undone") and h.has("step-5")
    assert tables.store.saved_games()[0].headline == "Bea leads 9–0 · turn 2"


def test_edit_opens_the_steps_cards_prefilled_and_replays_the_later_steps(tables):
    phone = tables.local()
    gid = phone.create(played())
    h = history(phone, gid)
    h.click("edit-step-4")
    assert h.has("edit-4") and not h.has("undo-to-1")  # one thing at a time
    labels = [c.label for c in h.all_under("edit-4") if getattr(c, "label", None)]
    assert "Bea: 3♣" in labels and "Ann: 7♥" in labels  # the cards entered then, in the players' places
    h.click("edit-slot-0")  # Bea's 3♣ was a 4♣
    h.pick("edit-picker", "4C")
    h.click("edit-submit")
    saved = tables.store.load(gid)
    assert saved.actions[3].cards == {1: card("4C"), 0: card("7H")}
    assert "4. Round 1: Bea 4♣ on 5♠, Ann 7♥ on 9♥ → Bea's 5♠ wins" in h.texts()
    assert "Step 4 now reads: Round 1: Bea 4♣ on 5♠" in h.texts() and not h.has("edit-4")
    # Undo on the table takes the change back, exactly
    table = ViewHarness(TableScreen, contexts=ctx(phone), route_params={"gid": gid})
    table.click("undo")
    assert tables.store.load(gid).actions == played().actions
    assert any(t.startswith("Undid: the new cards of step 4") for t in table.texts().splitlines())


def test_an_edit_a_later_step_no_longer_fits_is_refused_with_the_step_named(tables):
    phone = tables.local()
    gid = phone.create(played())
    h = history(phone, gid)
    h.click("edit-step-1")
    for slot, c in ((0, "2H"), (1, "3C"), (2, "4D")):  # Ann's total 9: Ann would go first
        h.click(f"edit-slot-{slot}")
        h.pick("edit-picker", c)
    h.click("edit-submit")
    assert ("Step 3 (Bea attacks Ann's 9♥ with 5♠) no longer applies: choose another player to attack. "
            "Nothing was changed.") in h.texts()
    assert tables.store.load(gid).actions == played().actions and tables.store.revision(gid) == 0
    assert h.has("edit-1")  # the cards stay in the picker to be corrected
    h.click("edit-cancel")
    assert not h.has("edit-1") and h.has("edit-step-1")


def test_a_stale_history_is_refused_and_shows_the_latest_game(tables):
    phone = tables.local()
    gid = phone.create(played(4))
    h = history(phone, gid)
    shown = phone.open(gid).snapshot
    phone.act(gid, shown, EnterStep(PAL.parse_action(STEPS[4])))  # another phone enters step 5 meanwhile
    h.click("undo-to-2")
    assert "Another phone changed this game since this screen was drawn" in h.texts()
    assert len(tables.store.load(gid).actions) == 5 and h.has("step-5")


def test_a_watcher_sees_the_history_without_its_buttons(tables):
    phone = tables.device(tables.new_device_key(), "192.168.1.20")
    gid = phone.create(played(), seat=WATCH)
    h = history(phone, gid)
    assert h.has("step-5") and not any(i.startswith(("undo-to-", "edit-step-")) for i in h.ids())


def test_the_other_phones_follow_an_edit_and_a_jump_back_as_any_step():
    from card_companion.companion.phones.live import Committed
    from card_companion.companion.saves.storage import Snapshot
    from card_companion.views.table_screen import NEWS, follow

    s = played()
    shown = Snapshot("g", s, 7, "ABCDEFGHJ")
    for kind, after in (("edit", s.replace(4, s.actions[3].model_copy(update={"cards": {1: card("4C"),
                                                                                        0: card("7H")}}))),
                        ("undo-to", s.undo_to(2)), ("redo-all", s.undo_to(2).redo_all())):
        now = follow(shown, Committed("g", 7, 8, kind, after, "Bea"))
        assert now.session is after and now.revision == 8 and kind in NEWS
