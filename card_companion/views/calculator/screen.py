"""The calculator screen: one per game (``/calc/<game>``), reached from the game's card on
the home screen. It draws the game's calculator component; nothing here is saved and no
name is asked for."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from urllib.parse import parse_qs, urlencode, urlparse

import flet as ft

from card_companion.companion.registry import GAMES
from card_companion.views.navigation import navigate, screen
from card_companion.views.widgets import icon_button, message, tagged

CALCULATORS: dict[str, str] = {
    "peace-and-love": "peace_and_love.PeaceAndLoveCalculator",
    "fight": "fight.FightCalculator",
    "card-stratego": "card_stratego.CardStrategoCalculator",
    "pc-war": "pc_war.PCWarCalculator",
    "cardpeegee": "cardpeegee.CardPeeGeeCalculator",
}
"""game id → its calculator component (module under views/calculator, component name)"""


def calculator_component(game_id: str):
    """The game's calculator component, imported on first use; None if it has none."""
    where = CALCULATORS.get(game_id)
    if where is None:
        return None
    module, name = where.rsplit(".", 1)
    return getattr(importlib.import_module(f"card_companion.views.calculator.{module}"), name)


NAMED = {"fight", "pc-war"}
"""the calculators whose two seats are the table's two players (elsewhere the seats are roles:
the attacker, the defender, a fighter), so an open table's names replace Player 1 and 2"""


def calc_route(game_id: str, names: Sequence[str] = (), back: str | None = None) -> str:
    """The calculator's address, from a table: its players' names and the way back to it."""
    query = [("back", back)] if back else []
    if game_id in NAMED:
        query += [("name", n) for n in names]
    return f"/calc/{game_id}" + (f"?{urlencode(query)}" if query else "")


INTRO = "Nothing here is saved. Enter the revealed cards; change any card and the ruling follows at once."


@ft.component
def CalculatorScreen() -> ft.View:
    game_id = ft.use_route_params().get("game", "")
    game = GAMES.get(game_id)
    route = f"/calc/{game_id}"
    query = parse_qs(urlparse(ft.context.page.route or "").query)
    back = query.get("back", ["/"])[0]
    if not back.startswith("/"):
        back = "/"
    names = tuple(query.get("name", [])) if game_id in NAMED else ()
    component = calculator_component(game_id)
    if game is None or component is None:
        return screen("Calculator", [message(f"There is no calculator for {game_id!r}.", "calc-missing")],
                      route=route, back=back)
    return screen(
        "Calculator",
        [
            tagged("calc-game", ft.Text(game.name, size=20, weight=ft.FontWeight.BOLD)),
            ft.Text(INTRO, size=13, italic=True),
            component(names=names, key=f"calc-{game_id}") if names else component(key=f"calc-{game_id}"),
        ],
        route=route,
        back=back,
        actions=[icon_button(ft.Icons.MENU_BOOK, "Rules", lambda: navigate(f"/rules/{game_id}?back={route}"),
                             "rules")],
    )
