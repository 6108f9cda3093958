"""The code stays easy to live in (issue 13): no module of the three layers over 900 lines and
no function over 100 (counted from its `def` to its last line)."""

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
