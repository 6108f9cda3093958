"""The one list of games. The home screen, the resolve protocol, the saves and the generic
tests all iterate it; a new game is one module and one line here."""

from __future__ import annotations

from card_companion.companion import card_stratego, cardpeegee, fight, pc_war, peace_and_love
from card_companion.companion.game import Game

GAMES: dict[str, Game] = {
    g.id: g
    for g in (
        peace_and_love.GAME,
        fight.GAME,
        card_stratego.GAME,
        pc_war.GAME,
        cardpeegee.GAME,
    )
}


def game(game_id: str) -> Game:
    """The game with this id; KeyError names the known ones."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}: the games are {', '.join(GAMES)}") from None
