"""The rule texts and rulings pages, for the app's rules screen. Each game's ship inside its
own package (``companion/<game>/rules.txt`` and ``rulings.md``), read through
importlib.resources, so an installed wheel has them as a checkout does."""

from __future__ import annotations

import functools
import sys
from importlib import resources

from card_companion.companion.game import Game
from card_companion.companion.rule_texts import RuleText, RulingsBlock, parse_rule_text, parse_rulings

RULES = "rules.txt"
RULINGS = "rulings.md"


def game_file(game: Game, name: str) -> str:
    """A file of the game's own package, as text (OSError: it has none)."""
    package = sys.modules[type(game).__module__].__package__ or ""
    return (resources.files(package) / name).read_text(encoding="utf-8").strip()


def rule_text(game: Game) -> str:
    """The game's rule text as written (its package's rules.txt)."""
    try:
        return game_file(game, RULES)
    except (OSError, ModuleNotFoundError):
        return f"The rule text of {game.name} is missing from this installation ({RULES} of its package)."


def rulings_text(game: Game) -> str:
    """The rulings page of the game (Markdown: its package's rulings.md)."""
    try:
        return game_file(game, RULINGS)
    except (OSError, ModuleNotFoundError):
        return f"No rulings page for {game.name} ({RULINGS} of its package)."


@functools.lru_cache(maxsize=16)
def _parsed(game_id: str, text: str) -> RuleText:
    return parse_rule_text(text)


def rule_sections(game: Game) -> RuleText:
    """The game's rule text in sections, with its contents (parsed once per text)."""
    return _parsed(game.id, rule_text(game))


def rulings_blocks(game: Game) -> tuple[RulingsBlock, ...]:
    """The game's rulings page in headings, notes and rulings."""
    return parse_rulings(rulings_text(game))
