"""The new-game screen's folded groups of settings (CardPeeGee's ~40): each group one line saying
what differs from the rule text, Start before them; the games with few settings as before."""

from __future__ import annotations

import pytest

from card_companion.companion.registry import GAMES
from card_companion.views.new_game import NewGameScreen, group_of, grouped, visible_settings
from tests.support.viewkit import FakePage, ViewHarness
from tests.views.test_views import services

CPG = GAMES["cardpeegee"]
GROUPS = ["group-heroes", "group-encounters", "group-combat", "group-town", "group-advanced", "group-ways-to-win"]


@pytest.fixture
def store(tmp_path):
    from card_companion.companion.saves.storage import open_store

    return open_store(tmp_path).store


def new_game(store, game_id="cardpeegee") -> tuple[ViewHarness, FakePage]:
    page = FakePage()
    return ViewHarness(NewGameScreen, contexts=services(store), route_params={"game": game_id}, page=page), page


def test_every_cardpeegee_setting_a_player_sees_is_in_one_of_the_named_groups() -> None:
    shown = visible_settings(CPG, 4)
    assert len(shown) > 35
    assert {group_of(info) for info in shown.values()} == set(CPG.Settings.setting_groups)
    loose, groups = grouped(CPG, shown)
    assert loose == {} and list(groups) == ["heroes", "encounters", "combat", "town", "advanced", "ways to win"]
    assert list(groups["town"]) == ["charity_below", "tax_above", "card_price"]


def test_the_groups_are_folded_and_start_comes_before_them(store) -> None:
    h, _ = new_game(store)
    ids = h.ids()
    assert [i for i in ids if i in GROUPS] == GROUPS
    assert not any(i.startswith("setting-") for i in ids)  # every setting folded away
    assert ids.index("start") < ids.index("settings") and ids.index("player-1") < ids.index("start")
    for g in GROUPS:
        assert h.find(f"{g}-summary").content.value == "as the rules say"


def test_a_changed_setting_shows_in_its_groups_line_and_the_game_starts_with_it(store) -> None:
    h, page = new_game(store)
    h.type("player-0", "Ann")
    h.type("player-1", "Bea")
    h.click("group-heroes")
    assert h.has("setting-hp_base") and not h.has("setting-charity_below")  # only the group tapped opens
    assert not h.has("reset-group-heroes")  # nothing to put back yet
    h.type("setting-hp_base", "12")
    h.click("group-ways-to-win")
    h.toggle("setting-win_goliath", False)
    assert h.find("group-heroes-summary").content.value == "1 changed: Initial HP 12"
    assert h.find("group-ways-to-win-summary").content.value == "1 changed: no Goliath"
    assert h.find("group-town-summary").content.value == "as the rules say"
    h.type("setting-hand_size", "7")
    assert h.find("group-heroes-summary").content.value == "2 changed: Initial HP 12; Starting hand 7"
    h.type("setting-hand_size", "5")  # back to the text's number: not a change
    assert h.find("group-heroes-summary").content.value == "1 changed: Initial HP 12"
    h.click("group-ways-to-win")  # folds again; the change stays
    assert not h.has("setting-win_goliath")
    assert h.find("group-ways-to-win-summary").content.value == "1 changed: no Goliath"
    h.click("start")
    [saved] = store.saved_games()
    settings = store.load(saved.id).setup.settings
    assert settings.hp_base == 12 and not settings.win_goliath and settings.hand_size == 5
    assert page.routes == [f"/play/{saved.id}"]


def test_a_group_goes_back_to_the_rules(store) -> None:
    h, _ = new_game(store)
    h.click("group-advanced")
    h.toggle("setting-elements", True)
    h.toggle("setting-jokers", True)
    assert h.find("group-advanced-summary").content.value == "2 changed: Elements; Jokers"
    h.click("reset-group-advanced")
    assert h.find("group-advanced-summary").content.value == "as the rules say"
    assert h.find("setting-elements").content.value is False
    h.click("start")
    [saved] = store.saved_games()
    assert not store.load(saved.id).setup.settings.elements


def test_a_refusal_shows_beside_start(store) -> None:
    h, _ = new_game(store)
    h.click("group-advanced")
    h.toggle("setting-elemental_beasts", True)
    h.click("start")
    ids = h.ids()
    assert ids.index("setup-error") < ids.index("start") < ids.index("settings")
    assert "Elemental beasts only apply when playing with Elements" in h.texts()
    assert store.saved_games() == []


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != "cardpeegee"])
def test_the_other_games_keep_their_settings_open_above_start(store, game_id) -> None:
    h, _ = new_game(store, game_id)
    ids = h.ids()
    assert not any(i.startswith("group-") for i in ids)
    assert ids.index("settings") < ids.index("start")
    assert all(group_of(info) is None for info in GAMES[game_id].Settings.model_fields.values())
