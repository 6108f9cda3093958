"""CardPeeGee sums players do by hand (starting HP, a Healer, a Trap, town), as asks.
Expected values worked out from the text (values: A 11, J Q K 10, numbers their number):
starting HP is 15 + the cards drawn; a
Healer heals its agitator + half of all props (rounded up), club props are jailors, diamond
props a fee; a chest trap is disarmed when the Hero's score card + disarm score beats the trap's
score card + the trap's value, triggered (HP − the trap's value) when lower, still armed on a
tie; town: charity below 4 cards, tax above 6; props: 2, +1 per lap (Level Up v1), +1 per
started 30 HP above 60 (Level Up v2)."""

from __future__ import annotations

import json

import pytest

from card_companion.companion.protocol import resolve_line


def ask(**request) -> dict:
    return json.loads(resolve_line(json.dumps({"game": "cardpeegee", **request})))


def test_starting_hp():
    # 15 + 7♥ 7 + K♠ 10 + 2♣ 2 = 34 (the tracker's worked example)
    assert ask(ask="starting-hp", cards=["7H", "KS", "2C"])["hp"] == 34
    # "deal 2 cards and add 25": 25 + A♦ 11 + 3♣ 3 = 39
    assert ask(ask="starting-hp", cards=["AD", "3C"], base=25)["hp"] == 39


def test_healer():
    # 6♥ with 7♣ 5♦: heal 6 + half of 12 = 12; 7♣ a jailor; fee 5
    r = ask(ask="healer", agitator="6H", props=["7C", "5D"])
    assert (r["heal"], r["jailors"], r["fee"], r["reward"]) == (12, ["7C"], 5, [])
    # gratitude with a jailor: 5♦ is a reward, not a fee; 3♥ a potion; heal 6 + half of 15 → 8 = 14
    r = ask(ask="healer", agitator="6H", props=["7C", "5D", "3H"], gratitude=True)
    assert (r["heal"], r["fee"], r["reward"], r["potions"]) == (14, 0, ["5D"], ["3H"])
    assert "agitator is a heart" in ask(ask="healer", agitator="6C")["error"]


@pytest.mark.parametrize("hero_draw, trap_draw, result, loss", [
    (4, 1, "disarmed", 0),   # 7 + 4 = 11 against 9 + 1 = 10
    (2, 1, "triggered", 9),  # 9 against 10: the Hero loses the trap's 9
    (3, 1, "tie", 0),        # 10 against 10: still armed, not triggered
])
def test_disarm(hero_draw, trap_draw, result, loss):
    r = ask(ask="disarm", trap="9S", disarm_score=7, hero_draw=hero_draw, trap_draw=trap_draw)
    assert (r["result"], r["hp_loss"]) == (result, loss)


def test_town():
    assert [ask(ask="town", held=n)["levy"] for n in (3, 4, 6, 7)] == ["charity", None, None, "tax"]
    assert ask(ask="town", held=5, charity_below=6)["levy"] == "charity"


def test_props():
    assert ask(ask="props")["props"] == 2
    assert ask(ask="props", laps=3, level_up_v1=True)["props"] == 5      # 2 + 3
    assert ask(ask="props", hp=91, level_up_v2=True)["props"] == 4       # 91 − 60 = 31: two started 30s
    assert ask(ask="props", hp=91, level_up_v2=True, v2_start=80, v2_step=5)["props"] == 5  # 11: 3 started 5s
