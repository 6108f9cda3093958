"""The resolve ask of Card Stratego's battle:
{"game": "card-stratego", "ask": "battle", "attacker": "QS", "defender": "7H"} answers
"destroyed" (a sorted list from "attacker" and "defender"), "rule" and "explanation";
Jacks and Jokers on the battlefield are errors."""

from __future__ import annotations

import json
import statistics
import time

import pytest

from card_companion.companion.protocol import ProtocolError, resolve, resolve_line


def ask(attacker: str, defender: str) -> dict:
    return {"game": "card-stratego", "ask": "battle", "attacker": attacker, "defender": defender}


def test_a_queen_destroys_an_odd_card() -> None:
    # a Queen wins against any odd card: the 7 is destroyed
    answer = resolve(ask("QS", "7H"))
    assert set(answer) == {"destroyed", "rule", "explanation"}
    assert answer["destroyed"] == ["defender"]
    assert answer["rule"] == "queen-odd-even"
    assert answer["explanation"][-1] == "Q♠ wins; 7♥ is destroyed"


@pytest.mark.parametrize(("attacker", "defender", "destroyed", "rule"), [
    ("3C", "AH", ["defender"], "scout-against-bomb"),        # a Scout defeats a Bomb when attacking
    ("KC", "AH", ["attacker"], "bomb-defending"),            # any other card loses to a Bomb
    ("AD", "2S", ["attacker"], "attacking-bomb"),            # a Bomb always loses when attacking
    ("10D", "5S", ["attacker"], "five-against-ten"),          # the 5 wins against a 10
    ("KS", "QH", ["attacker"], "queen-against-king"),        # the Queen wins against the King
    ("KS", "9H", ["attacker"], "king-odd-even"),             # a King loses to an odd card
    ("8h", "8c", ["attacker", "defender"], "equal-ranks"),   # same value: both are discarded
    ("T♦", "9♣", ["defender"], "higher-number"),             # 10 > 9, any accepted notation
])
def test_answers(attacker: str, defender: str, destroyed: list[str], rule: str) -> None:
    answer = resolve(ask(attacker, defender))
    assert answer["destroyed"] == destroyed
    assert answer["destroyed"] == sorted(answer["destroyed"])
    assert answer["rule"] == rule
    assert answer["explanation"]


def test_resolve_line_gives_compact_json() -> None:
    line = resolve_line(json.dumps(ask("9S", "9H")))
    assert json.loads(line) == {
        "explanation": ["9♠ attacks 9♥", "both are 9s: equal ranks destroy each other",
                        "9♠ and 9♥ are both destroyed"],
        "destroyed": ["attacker", "defender"],
        "rule": "equal-ranks",
    }


@pytest.mark.parametrize(("request_", "words"), [
    (ask("JS", "7H"), "Jack"),
    (ask("7H", "JC"), "Jack"),
    (ask("JOKER", "7H"), "Joker"),
    (ask("7H", "X"), "Joker"),
    (ask("1H", "7S"), "is not a card"),
    ({"game": "card-stratego", "ask": "battle", "attacker": "QS"}, "defender"),
    ({**ask("QS", "7H"), "column": 2}, "column"),
    ({"game": "card-stratego", "ask": "fight", "attacker": "QS", "defender": "7H"}, "battle"),
])
def test_bad_requests_answer_an_error(request_: dict, words: str) -> None:
    answer = json.loads(resolve_line(json.dumps(request_)))
    assert list(answer) == ["error"]
    assert words in answer["error"]
    with pytest.raises(ProtocolError, match=words):
        resolve(request_)


def test_the_ask_is_fast() -> None:
    """Well under 100 µs per request through resolve_line (median; the machine is shared)."""
    lines = [json.dumps(ask(a, d)).encode() for a, d in (("QS", "7H"), ("2C", "AH"), ("9S", "9H"))]
    for line in lines * 50:
        resolve_line(line)
    samples = []
    for _ in range(300):
        for line in lines:
            t = time.perf_counter()
            resolve_line(line)
            samples.append(time.perf_counter() - t)
    assert statistics.median(samples) < 100e-6
