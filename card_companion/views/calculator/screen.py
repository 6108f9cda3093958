"""The calculator screen: one per game (``/calc/<game>``), reached from the game's card on
the home screen. It draws the game's calculator component; nothing here is saved and no
name is asked for."""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import parse_qs, urlencode, urlparse

import flet as ft

from card_companion.companion.registry import GAMES
from card_companion.views.game_views import calculator_component, calculator_seats_are_players
from card_companion.views.navigation import navigate, screen
from card_companion.views.widgets import icon_button, message, tagged


def calc_route(game_id: str, names: Sequence[str] = (), back: str | None = None) -> str:
    """The calculator's address, from a table: its players' names and the way back to it."""
    query = [("back", back)] if back else []
    if calculator_seats_are_players(game_id):
        query += [("name", n) for n in names]
    return f"/calc/{game_id}" + (f"?{urlencode(query)}" if query else "")


INTRO = "Nothing here is saved. Enter the revealed cards; change any card and the ruling follows at once."


@ft.component
def CalculatorScreen() -> ft.View:
    game_id = ft.use_route_params().get("game", "")
    game = GAMES.listing(game_id)  # its name: the calculator needs none of the game's tracker
    route = f"/calc/{game_id}"
    query = parse_qs(urlparse(ft.context.page.route or "").query)
    back = query.get("back", ["/"])[0]
    if not back.startswith("/"):
        back = "/"
    names = tuple(query.get("name", [])) if calculator_seats_are_players(game_id) else ()
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
