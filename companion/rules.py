"""The rule texts and rulings pages, for the app's rules screen."""

from __future__ import annotations

from pathlib import Path

from companion.game import Game

DOCS = Path(__file__).resolve().parents[1] / "docs"


def rule_text(game: Game) -> str:
    """The game's rule text as written (docs/rules/)."""
    try:
        return (DOCS / "rules" / game.rules_file).read_text(encoding="utf-8").strip()
    except OSError:
        return f"The rule text of {game.name} is missing from this installation (docs/rules/{game.rules_file})."


def rulings_text(game: Game) -> str:
    """The rulings page of the game (Markdown, docs/rulings/)."""
    try:
        return (DOCS / "rulings" / f"{game.id}.md").read_text(encoding="utf-8").strip()
    except OSError:
        return f"No rulings page for {game.name} (docs/rulings/{game.id}.md)."
