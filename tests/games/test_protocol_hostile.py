"""The resolve protocol never stops and never crashes: every input line, however hostile,
gets exactly one answer line (the result or ``{"error": ...}`` in plain words)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_companion.companion.protocol import MAX_REQUEST, resolve_line

ROOT = Path(__file__).resolve().parents[2]

VALID = [
    {"game": "peace-and-love", "ask": "fight", "players": 2, "attacker": 0, "defender": 1,
     "fighters": [{"player": 0, "fighter": "9H", "card": "7H"}, {"player": 1, "fighter": "5S", "card": "2C"}]},
    {"game": "fight", "ask": "turn", "cards": ["3S", "5D"], "tie_breaker": 0, "cycle": "default"},
    {"game": "card-stratego", "ask": "battle", "attacker": "QS", "defender": "7H"},
    {"game": "pc-war", "ask": "flip", "cards": ["KH", "KS"]},
    {"game": "cardpeegee", "ask": "boss-stack", "cards": ["QH", "KS", "7C", "4D"]},
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["2H", "QS", "JOKER", "pc-war", "fight", "-1", "10X"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=25,
)


@st.composite
def mutated(draw) -> str:
    """A real request with one field replaced, removed or added."""
    request = dict(draw(st.sampled_from(VALID)))
    key = draw(st.sampled_from(sorted(request) + ["extra"]))
    how = draw(st.sampled_from(["replace", "remove"]))
    if how == "remove":
        request.pop(key, None)
    else:
        request[key] = draw(json_values)
    return json.dumps(request)


hostile_text = st.one_of(
    mutated(),
    json_values.map(json.dumps),
    st.text(max_size=60),
    st.sampled_from([
        '{"game": ["pc-war"], "ask": "flip"}',
        '{"game": {"a": 1}, "ask": ["x"]}',
        "[" * 5000,
        '{"a":' * 3000 + "1" + "}" * 3000,
        '{"game": "pc-war", "ask": "flip", "cards": ' + "[" * 2000 + "]" * 2000 + "}",
    ]),
)


def is_one_answer(answer: str) -> dict:
    assert "\n" not in answer
    data = json.loads(answer)
    assert isinstance(data, dict)
    assert ("error" in data) != ("explanation" in data)
    if "error" in data:
        assert isinstance(data["error"], str) and data["error"] and "Traceback" not in data["error"]
    return data


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=hostile_text)
def test_any_text_gets_one_answer(text):
    is_one_answer(resolve_line(text))


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=80))
def test_any_bytes_get_one_answer(data):
    is_one_answer(resolve_line(data))


def test_the_repros_of_the_issue():
    # an unhashable game, nesting deeper than Python's recursion limit, bytes that are not UTF-8
    assert "words" in is_one_answer(resolve_line('{"game": ["pc-war"], "ask": "flip"}'))["error"]
    assert "nested too deeply" in is_one_answer(resolve_line("[" * 100_000))["error"]
    assert "nested too deeply" in is_one_answer(resolve_line('{"a":' * 2000 + "1" + "}" * 2000))["error"]
    assert "not UTF-8" in is_one_answer(resolve_line(b'{"game": "pc-war", "ask": "flip", "cards": ["\xff"]}'))["error"]
    assert "longer than" in is_one_answer(resolve_line(" " * (MAX_REQUEST + 1)))["error"]


def test_the_stream_goes_on_after_every_bad_line_under_a_strict_locale():
    """`companion resolve -` reads bytes and writes UTF-8, so neither a bad line nor the
    locale stops it; each of the lines gets its answer, in order."""
    lines = [
        json.dumps(VALID[3]).encode(),
        b'{"game": ["pc-war"], "ask": "flip"}',
        b"[" * 100_000,
        b'{"game": "pc-war", "ask": "flip", "cards": ["\xff\xfe"]}',
        json.dumps({"game": "card-stratego", "ask": "battle", "attacker": "Q\u2660", "defender": "7H"},
                   ensure_ascii=False).encode("utf-8"),
        b"\x00\x01\x02",
        json.dumps(VALID[2]).encode(),
    ]
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii",
           "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "card_companion", "resolve", "-"], input=b"\n".join(lines) + b"\n",
                          capture_output=True, cwd=ROOT, env=env, timeout=120)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert b"Traceback" not in done.stderr
    answers = [is_one_answer(a) for a in done.stdout.decode("utf-8").splitlines()]
    assert len(answers) == len(lines)
    assert ["error" in a for a in answers] == [False, True, True, True, False, True, False]
