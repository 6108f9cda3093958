"""The calculator screen: one per game (``/calc/<game>``), reached from the game's card on
the home screen. It draws the game's calculator component; nothing here is saved and no
name is asked for."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from urllib.parse import parse_qs, urlencode, urlparse

import flet as ft

from card_companion.companion.registry import GAMES
from card_companion.views.navigation import navigate, screen
from card_companion.views.widgets import icon_button, message, tagged


def _peace_and_love() -> Callable:
    from card_companion.views.calculator.peace_and_love import PeaceAndLoveCalculator

    return PeaceAndLoveCalculator


def _fight() -> Callable:
    from card_companion.views.calculator.fight import FightCalculator

    return FightCalculator


def _card_stratego() -> Callable:
    from card_companion.views.calculator.card_stratego import CardStrategoCalculator

    return CardStrategoCalculator


def _pc_war() -> Callable:
    from card_companion.views.calculator.pc_war import PCWarCalculator

    return PCWarCalculator


def _cardpeegee() -> Callable:
    from card_companion.views.calculator.cardpeegee import CardPeeGeeCalculator

    return CardPeeGeeCalculator


CALCULATORS: dict[str, Callable[[], Callable]] = {
    "peace-and-love": _peace_and_love,
    "fight": _fight,
    "card-stratego": _card_stratego,
    "pc-war": _pc_war,
    "cardpeegee": _cardpeegee,
}
"""game id → the loader of its calculator component: a plain function with the import inside,
so a game's calculator (and the resolve protocol under it) is imported when its screen is
first drawn, not with the app"""


def calculator_component(game_id: str) -> Callable | None:
    """The game's calculator component, imported on first use; None if it has none."""
    load = CALCULATORS.get(game_id)
    return load() if load is not None else None


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
    game = GAMES.listing(game_id)  # its name: the calculator needs none of the game's tracker
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
