"""The code stays easy to live in: every module of card_companion/ — the rules, the table, the
saves, the phones, the records, the views, the server, the command — reads at once: none over
600 lines and no function over 60 (counted from its `def` to its last line), each cut along
the rule text's sections or along its concerns, and companion/ is cut by concern into packages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "card_companion"
MODULES = sorted(ROOT.rglob("*.py"))
"""every module of the package: calculators/, companion/, views/, server/, app.py, cli.py"""
MAX_MODULE, MAX_FUNCTION = 600, 60


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


def test_companion_is_cut_by_concern():
    """The game framework at companion/'s top, the five games, and the saves, the phones and the
    records in packages of their own (the saves: the composition, and one module per concern)."""
    comp = ROOT / "companion"
    packages = {p.name for p in comp.iterdir() if (p / "__init__.py").is_file()}
    assert packages == {"saves", "phones", "records", "peace_and_love", "fight", "card_stratego", "pc_war",
                        "cardpeegee"}
    assert {p.name for p in (comp / "saves").glob("*.py")} >= {"storage.py", "file.py", "schema.py", "log.py",
                                                             "seats.py", "transfer.py"}
    top = {p.stem for p in comp.glob("*.py")} - {"__init__"}
    assert top <= {"game", "session", "log_changes", "protocol", "registry", "ask", "legal", "action_cards",
                   "advisor", "rules", "rule_texts"}, "a module at companion/'s top that is not the framework's"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_module_reads_at_once(path: Path):
    source = path.read_text()
    lines = source.count("\n")
    assert lines <= MAX_MODULE, f"{path.name} has {lines} lines: which section or concern does it hold twice?"
    long = long_functions(source, MAX_FUNCTION)
    assert not long, f"functions over {MAX_FUNCTION} lines: name their steps: {long}"
