"""Two sums Peace and Love players do by hand, as asks (the packs for a table, who goes first).
Expected values worked out from the text: "For three to five players, use two decks of cards. For six or seven players,
use three decks ... ten and eleven use five, and so on"; each player is dealt five cards and
three face-up fighters; the lowest total of the three fighters goes first (A = 1, J = 11,
Q = 12, K = 13)."""

from __future__ import annotations

import json

import pytest

from card_companion.companion.protocol import resolve_line


def ask(**request) -> dict:
    return json.loads(resolve_line(json.dumps({"game": "peace-and-love", **request})))


@pytest.mark.parametrize("players, decks, cards, left", [
    (2, 1, 52, 36),     # 52 − 8 × 2 = 36
    (3, 2, 104, 80),    # 104 − 24 = 80
    (5, 2, 104, 64),    # 104 − 40 = 64
    (6, 3, 156, 108),   # 156 − 48 = 108
    (7, 3, 156, 100),   # 156 − 56 = 100
    (11, 5, 260, 172),  # 260 − 88 = 172
    (12, 6, 312, 216),  # "and so on": 312 − 96 = 216
])
def test_decks_for_a_table(players, decks, cards, left):
    r = ask(ask="decks", players=players)
    assert (r["decks"], r["cards"], r["deck_after_deal"]) == (decks, cards, left)
    assert f"{cards} − 8 × {players} = {left}" in r["explanation"][-1]


def test_first_player_lowest_total_and_a_tie():
    # Ann 9♥ K♦ Q♣ = 9 + 13 + 12 = 34; Bea 5♠ 2♣ 7♦ = 5 + 2 + 7 = 14: Bea (player 1) starts
    r = ask(ask="first-player", fighters=[["9H", "KD", "QC"], ["5S", "2C", "7D"]])
    assert r["totals"] == [34, 14] and r["starts"] == 1 and r["tied"] == [1]
    assert "Player 1: 5 + 2 + 7 = 14" in r["explanation"]
    # A♠ 2♦ 3♣ = 6 and A♥ 4♦ A♣ = 6: a tie, picked at random; K♠ Q♠ J♠ = 36
    r = ask(ask="first-player", fighters=[["AS", "2D", "3C"], ["AH", "4D", "AC"], ["KS", "QS", "JS"]])
    assert r["totals"] == [6, 6, 36] and r["starts"] is None and r["tied"] == [0, 1]


def test_first_player_bad_input():
    assert "holds only one" in ask(ask="first-player", fighters=[["9H", "KD", "QC"], ["9H", "2C", "7D"]])["error"]
    assert "without jokers" in ask(ask="first-player", fighters=[["JOKER", "KD", "QC"], ["5S", "2C", "7D"]])["error"]
    assert "error" in ask(ask="decks", players=1)
