"""The code stays easy to live in (issue 13): no module of the three layers over 900 lines and
no function over 100 (counted from its `def` to its last line); and the store's parts (issue 26),
one concern a module, none over 600 lines, no function over 60."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "card_companion"
LAYERS = ("calculators", "companion", "views")
MODULES = sorted(p for layer in LAYERS for p in (ROOT / layer).rglob("*.py"))
MAX_MODULE, MAX_FUNCTION = 900, 100


def test_the_layers_have_modules():
    assert len(MODULES) > 40


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_module_and_function_sizes(path: Path):
    source = path.read_text()
    lines = source.count("\n")
    assert lines <= MAX_MODULE, f"{path.name} has {lines} lines: cut it along its sections"
    long = [(node.name, node.end_lineno - node.lineno + 1) for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno - node.lineno + 1 > MAX_FUNCTION]
    assert not long, f"functions over {MAX_FUNCTION} lines: {long}"


STORE = sorted((ROOT / "companion").glob("stor*.py"))
"""the save file's parts (issue 26): storage.py, the composition, and one store_<concern>.py each"""
MAX_STORE_MODULE, MAX_STORE_FUNCTION = 600, 60


def test_the_store_is_cut_by_concern():
    assert {p.name for p in STORE} >= {"storage.py", "store_file.py", "store_schema.py", "store_log.py",
                                       "store_seats.py", "store_transfer.py"}


@pytest.mark.parametrize("path", STORE, ids=lambda p: p.name)
def test_each_part_of_the_store_reads_at_once(path: Path):
    source = path.read_text()
    lines = source.count("\n")
    assert lines <= MAX_STORE_MODULE, f"{path.name} has {lines} lines: which concern does it hold twice?"
    long = [(node.name, node.end_lineno - node.lineno + 1) for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno - node.lineno + 1 > MAX_STORE_FUNCTION]
    assert not long, f"functions over {MAX_STORE_FUNCTION} lines: {long}"
