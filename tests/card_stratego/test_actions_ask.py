"""Card Stratego's actions of a turn as an ask (``actions``). The text: "The first player to take a
turn gets only one action. The other player then takes two actions. From then on ... If you
have cards in all four columns, you get five actions. If you have cards in three columns, you
get four actions. Otherwise, you get three actions." """

from __future__ import annotations

import json

import pytest

from card_companion.companion.protocol import resolve, resolve_line


@pytest.mark.parametrize("turn, columns, actions", [
    (1, 0, 1), (2, 1, 2), (2, 4, 2),        # the first two turns, whatever the columns
    (3, 0, 3), (3, 2, 3), (7, 3, 4), (9, 4, 5),
])
def test_actions_of_a_turn(turn, columns, actions):
    r = resolve({"game": "card-stratego", "ask": "actions", "turn": turn, "columns": columns})
    assert r["actions"] == actions and r["explanation"]


def test_bad_requests():
    assert "error" in json.loads(resolve_line('{"game": "card-stratego", "ask": "actions", "turn": 0}'))
    assert "error" in json.loads(resolve_line('{"game": "card-stratego", "ask": "actions", "turn": 3, "columns": 5}'))
