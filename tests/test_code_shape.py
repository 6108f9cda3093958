"""The code stays easy to live in (issue 13): no module of the three layers over 900 lines and
no function over 100 (counted from its `def` to its last line); and (issue 26) every module of
card_companion/ outside views/ — the store's parts, the calculators, the table, the server, the
command — reads at once: none over 600 lines, no function over 60, each cut along its sections
or concerns. views/ keeps the looser bound while it is cut."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "card_companion"
LAYERS = ("calculators", "companion", "views")
MODULES = sorted(p for layer in LAYERS for p in (ROOT / layer).rglob("*.py"))
MAX_MODULE, MAX_FUNCTION = 900, 100


def long_functions(source: str, longest: int) -> list[tuple[str, int]]:
    """Each function over ``longest`` lines, with its length."""
    return [(node.name, node.end_lineno - node.lineno + 1) for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno - node.lineno + 1 > longest]


def test_the_layers_have_modules():
    assert len(MODULES) > 40


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_module_and_function_sizes(path: Path):
    source = path.read_text()
    lines = source.count("\n")
    assert lines <= MAX_MODULE, f"{path.name} has {lines} lines: cut it along its sections"
    long = long_functions(source, MAX_FUNCTION)
    assert not long, f"functions over {MAX_FUNCTION} lines: {long}"


STORE = sorted((ROOT / "companion").glob("stor*.py"))
"""the save file's parts (issue 26): storage.py, the composition, and one store_<concern>.py each"""
OUTSIDE_VIEWS = sorted(p for p in ROOT.rglob("*.py") if "views" not in p.relative_to(ROOT).parts)
"""every module of the package but the views: the store, calculators/, companion/, server/, app.py, cli.py"""
MAX_SMALL_MODULE, MAX_SMALL_FUNCTION = 600, 60


def test_the_store_is_cut_by_concern():
    assert {p.name for p in STORE} >= {"storage.py", "store_file.py", "store_schema.py", "store_log.py",
                                       "store_seats.py", "store_transfer.py"}


def test_every_module_outside_the_views_is_held():
    held = {str(p.relative_to(ROOT)) for p in OUTSIDE_VIEWS}
    assert set(map(str, (p.relative_to(ROOT) for p in STORE))) <= held
    assert {"app.py", "cli.py", "server/guard.py", "calculators/pc_war/simulation.py",
            "companion/cardpeegee/asks.py"} <= held
    assert not any(p.startswith("views/") for p in held)


@pytest.mark.parametrize("path", OUTSIDE_VIEWS, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_module_outside_the_views_reads_at_once(path: Path):
    source = path.read_text()
    lines = source.count("\n")
    assert lines <= MAX_SMALL_MODULE, f"{path.name} has {lines} lines: which section or concern does it hold twice?"
    long = long_functions(source, MAX_SMALL_FUNCTION)
    assert not long, f"functions over {MAX_SMALL_FUNCTION} lines: name their steps: {long}"
