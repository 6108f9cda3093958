"""The five CardPeeGee resolve asks, through companion.protocol, with the issue's examples
answered exactly and bad requests answered with {"error": ...}."""

from __future__ import annotations

import json
import statistics
import time

import pytest

from card_companion.companion.protocol import ProtocolError, resolve, resolve_line

PLAY = {"game": "cardpeegee", "ask": "play", "cards": ["5C", "7C"], "active": ["AC"], "element": "S",
        "as": {"8C": "H"}, "in_fight": False}
COMBAT = {"game": "cardpeegee", "ask": "combat-round", "critical_strikes": False, "fighters": [
    {"attack": 11, "element": "C", "drawn": ["7H", "6S"]}, {"attack": 7, "element": "D", "drawn": ["10C"]}]}
MONSTER = {"game": "cardpeegee", "ask": "monster", "agitator": "9C", "props": ["5C", "3S"]}
TRAP = {"game": "cardpeegee", "ask": "trap", "agitator": "7S", "props": ["3D", "5H"], "evasion": ["9C", "2H"]}
BOSS = {"game": "cardpeegee", "ask": "boss-stack", "cards": ["QH", "KS", "7C", "4D"]}


def test_play_issue_example() -> None:
    # 5♣ + 7♣ = 12, A♣: +6 → 18; the spade element does nothing for clubs; 8♣ is not played,
    # so its "as" entry changes nothing (and the explanation says so); no spades: Deal 0
    r = resolve(PLAY)
    assert r["values"] == {"S": 0, "H": 0, "D": 0, "C": 18}
    assert r["deal"] == 0
    assert any("8♣ is not among the cards played" in line for line in r["explanation"])
    assert any("12 + 6 = 18" in line for line in r["explanation"])


def test_play_jack_then_ace() -> None:
    # the text's example: 8♣ as a heart with J♣ A♥ A♣ → 6♥ → 9♥
    r = resolve({"game": "cardpeegee", "ask": "play", "cards": ["8C"], "active": ["JC", "AH", "AC"],
                 "element": None, "as": {"8C": "H"}})
    assert r["values"]["H"] == 9 and r["values"]["C"] == 0


@pytest.mark.parametrize("played,element,deal", [(["6S"], "S", 2), (["6S", "9S"], "S", 4), (["6S", "9S"], "H", 3)])
def test_play_deal_examples(played: list[str], element: str, deal: int) -> None:
    # the text: 1 + 0.7 → 2; 2 + 1.4 → 4; hearts Hero 2 + 1 = 3 (A♠ active, in a fight)
    r = resolve({"game": "cardpeegee", "ask": "play", "cards": played, "active": ["AS"], "element": element,
                 "in_fight": True})
    assert r["deal"] == deal


def test_play_jack_to_spades_free_in_a_fight() -> None:
    # J♦ active: 9♦ as a spade in a fight → 9♠, Deal 1; outside a fight 7♠
    ask = {"game": "cardpeegee", "ask": "play", "cards": ["9D"], "active": ["JD"], "as": {"9D": "S"}}
    assert resolve({**ask, "in_fight": True})["values"]["S"] == 9
    assert resolve({**ask, "in_fight": True})["deal"] == 1
    assert resolve(ask)["values"]["S"] == 7


def test_combat_round_issue_example() -> None:
    r = resolve(COMBAT)
    assert r["scores"] == [24, 21]
    assert r["winner"] == 0
    assert r["hp_loss"] == [0, 9]


def test_combat_round_totals_tie_and_critical() -> None:
    # totals instead of cards: 10 + 5 = 15 against 8 + 7 = 15 → a tie
    tie = resolve({"game": "cardpeegee", "ask": "combat-round", "fighters": [
        {"attack": 10, "drawn": 5}, {"attack": 8, "element": None, "drawn": 7}]})
    assert tie["winner"] is None and tie["hp_loss"] == [0, 0]
    # 10 + 0 = 10 against 10 + 30 = 40, critical strikes: 40 ≥ 2 × 10 → 10 × 2 = 20 to fighter 0
    crit = resolve({"game": "cardpeegee", "ask": "combat-round", "critical_strikes": True, "fighters": [
        {"attack": 10, "drawn": 0}, {"attack": 10, "drawn": 30}]})
    assert crit["winner"] == 1 and crit["hp_loss"] == [20, 0]


def test_monster_issue_example() -> None:
    # 9♣ + 5♣ 3♠: HP 9, Attack 14, Deal 4
    r = resolve(MONSTER)
    assert (r["hp"], r["attack"], r["deal"]) == (9, 14, 4)


def test_trap_issue_example() -> None:
    # difficulty 7 + ⌈3/2⌉ = 9; damage 7 + ⌈5/2⌉ = 10; evasion 9 + 2 = 11 → 10 − 2 × 2 = 6
    r = resolve(TRAP)
    assert (r["difficulty"], r["damage"], r["hp_loss"]) == (9, 10, 6)


def test_trap_evasion_as_a_total() -> None:
    assert resolve({**TRAP, "evasion": 9})["hp_loss"] == 10  # a tie deals full damage


def test_boss_stack_issue_example() -> None:
    r = resolve(BOSS)
    assert r["bosses"] == [
        {"card": "QH", "hp": 10, "attack": 17, "deal": 4},
        {"card": "KS", "hp": 20, "attack": 17, "deal": 3},
    ]


def test_boss_stack_super_powers() -> None:
    # J♣ Q♥ 5♣ 3♠ with super powers: J♣ 20/17/4, Q♥ 10/27/4 (worked out in the rules tests)
    r = resolve({"game": "cardpeegee", "ask": "boss-stack", "cards": ["JC", "QH", "5C", "3S"], "super_powers": True})
    assert [(b["hp"], b["attack"], b["deal"]) for b in r["bosses"]] == [(20, 17, 4), (10, 27, 4)]


def test_every_answer_explains() -> None:
    for ask in (PLAY, COMBAT, MONSTER, TRAP, BOSS):
        r = resolve(ask)
        assert r["explanation"] and all(isinstance(line, str) and line for line in r["explanation"])


@pytest.mark.parametrize("request_,words", [
    ({**PLAY, "cards": ["1C"]}, "is not a card"),
    ({**PLAY, "cards": []}, "at least 1"),
    ({**PLAY, "active": ["5C"]}, "only Jacks and Aces"),
    ({**PLAY, "as": {"5C": "H"}}, "needs an active Jack"),
    ({**PLAY, "as": {"5C": "C"}, "active": ["JC"]}, "already a club"),
    ({**PLAY, "element": "X"}, "element"),
    ({**PLAY, "colour": "red"}, "colour"),
    ({**COMBAT, "fighters": [{"attack": 11, "drawn": 3}]}, "at least 2"),
    ({**COMBAT, "fighters": [{"attack": -1, "drawn": 3}, {"attack": 2, "drawn": 3}]}, "greater than or equal to 0"),
    ({**MONSTER, "agitator": "9H"}, "agitator is a club"),
    ({**MONSTER, "agitator": "JOKER"}, "agitator is a club"),
    ({**TRAP, "agitator": "9C"}, "agitator is a spade"),
    ({**TRAP, "evasion": -3}, "evasion"),
    ({**BOSS, "cards": ["7C", "4D"]}, "face card"),
    ({"game": "cardpeegee", "ask": "dance"}, "cardpeegee has no ask 'dance'"),
])
def test_bad_requests(request_: dict, words: str) -> None:
    answer = json.loads(resolve_line(json.dumps(request_)))
    assert set(answer) == {"error"}
    assert words in answer["error"]
    with pytest.raises(ProtocolError):
        resolve(request_)


def test_not_json() -> None:
    assert "not JSON" in json.loads(resolve_line("{cardpeegee"))["error"]


def test_asks_are_fast() -> None:
    """The budget is well under 100 µs a request on a quiet machine; this only guards against
    a gross regression on a shared one (the benchmark prints the real numbers)."""
    for ask in (PLAY, COMBAT, MONSTER, TRAP, BOSS):
        line = json.dumps(ask)
        for _ in range(50):
            resolve_line(line)
        samples = []
        for _ in range(300):
            t = time.perf_counter()
            resolve_line(line)
            samples.append(time.perf_counter() - t)
        assert statistics.median(samples) < 500e-6, ask["ask"]
