"""The game's rules in the app: the rule text as written, and the rulings the app applies."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import flet as ft

from card_companion.companion.registry import GAMES
from card_companion.companion.rules import rule_text, rulings_text
from card_companion.views.common import message, screen, tagged


@ft.component
def RulesScreen() -> ft.View:
    game_id = ft.use_route_params().get("game", "")
    game = GAMES.get(game_id)
    tab, set_tab = ft.use_state("rules")
    if game is None:
        return screen("Rules", [message(f"There is no game called {game_id!r}.")], route=f"/rules/{game_id}")
    chooser = tagged("rules-tab", ft.SegmentedButton(
        segments=[ft.Segment(value="rules", label=ft.Text("Rule text")),
                  ft.Segment(value="rulings", label=ft.Text("Rulings"))],
        selected=[tab],
        on_change=lambda e: set_tab(next(iter(e.control.selected))),
    ), label="rule text or rulings")
    if tab == "rules":
        body = tagged("rule-text", ft.Text(rule_text(game)))
    else:
        body = tagged("rulings-text", ft.Markdown(rulings_text(game),
                                                  extension_set=ft.MarkdownExtensionSet.GITHUB_WEB))
    back = parse_qs(urlparse(ft.context.page.route or "").query).get("back", ["/"])[0]
    if not back.startswith("/"):
        back = "/"
    return screen(f"Rules: {game.name}", [chooser, body], route=f"/rules/{game_id}", back=back)
