"""The code stays easy to live in (issues 13 and 26): every module of card_companion/ — the
rules, the table, the store's parts, the views, the server, the command — reads at once: none
over 600 lines and no function over 60 (counted from its `def` to its last line), each cut
along the rule text's sections or along its concerns."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "card_companion"
MODULES = sorted(ROOT.rglob("*.py"))
"""every module of the package: calculators/, companion/, views/, server/, app.py, cli.py"""
MAX_MODULE, MAX_FUNCTION = 600, 60
STORE = sorted((ROOT / "companion").glob("stor*.py"))
"""the save file's parts (issue 26): storage.py, the composition, and one store_<concern>.py each"""


def long_functions(source: str, longest: int) -> list[tuple[str, int]]:
    """Each function over ``longest`` lines, with its length."""
    return [(node.name, node.end_lineno - node.lineno + 1) for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno - node.lineno + 1 > longest]


def test_every_part_of_the_package_is_held():
    held = {str(p.relative_to(ROOT)) for p in MODULES}
    assert len(held) > 100
    assert {"app.py", "cli.py", "server/guard.py", "calculators/pc_war/simulation.py", "companion/cardpeegee/asks.py",
            "views/live_table.py", "views/fight/table.py", "views/cardpeegee/table.py"} <= held


def test_the_store_is_cut_by_concern():
    assert {p.name for p in STORE} >= {"storage.py", "store_file.py", "store_schema.py", "store_log.py",
                                       "store_seats.py", "store_transfer.py"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_module_reads_at_once(path: Path):
    source = path.read_text()
    lines = source.count("\n")
    assert lines <= MAX_MODULE, f"{path.name} has {lines} lines: which section or concern does it hold twice?"
    long = long_functions(source, MAX_FUNCTION)
    assert not long, f"functions over {MAX_FUNCTION} lines: name their steps: {long}"
