"""The rule texts and rulings pages, for the app's rules screen. They ship inside the
package (``card_companion/rules/``, ``card_companion/rulings/``), read through
importlib.resources, so an installed wheel has them as a checkout does."""

from __future__ import annotations

import functools
from importlib import resources

from card_companion.companion.game import Game
from card_companion.companion.rule_texts import RuleText, RulingsBlock, parse_rule_text, parse_rulings

PACKAGE = resources.files("card_companion")


def rule_text(game: Game) -> str:
    """The game's rule text as written (card_companion/rules/)."""
    try:
        return (PACKAGE / "rules" / game.rules_file).read_text(encoding="utf-8").strip()
    except OSError:
        return f"The rule text of {game.name} is missing from this installation (rules/{game.rules_file})."


def rulings_text(game: Game) -> str:
    """The rulings page of the game (Markdown, card_companion/rulings/)."""
    try:
        return (PACKAGE / "rulings" / f"{game.id}.md").read_text(encoding="utf-8").strip()
    except OSError:
        return f"No rulings page for {game.name} (rulings/{game.id}.md)."


@functools.lru_cache(maxsize=16)
def _parsed(game_id: str, text: str) -> RuleText:
    return parse_rule_text(text)


def rule_sections(game: Game) -> RuleText:
    """The game's rule text in sections, with its contents (parsed once per text)."""
    return _parsed(game.id, rule_text(game))


def rulings_blocks(game: Game) -> tuple[RulingsBlock, ...]:
    """The game's rulings page in headings, notes and rulings."""
    return parse_rulings(rulings_text(game))
