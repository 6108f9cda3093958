"""The one list of games. The home screen, the resolve protocol, the saves, the records and
the generic tests all iterate it; a new game is its two packages (companion/<game>/,
views/<game>/) and one ``GAMES.register`` line in card_companion/games.py.

A game is loaded (its rules, its calculators, its pydantic models) only when it is first
used: in the phone app every import costs several times what it costs on a server, and the
first screen, which lists every game, would wait for all five. So each game's ``Listing``
holds what the lists say of it (its name, its line, how many play, what its final figure
counts) and its two loaders, plain functions with the game's import inside, where mypy and
import-linter see them: the tracker's and the views'.
``GAMES[game_id]`` loads the game; ``game_id in GAMES``, the ids and ``GAMES.listed()``
load nothing.

>>> "fight" in GAMES, [g.name for g in GAMES.listed()][:2]
(True, ['Peace and Love', 'FIGHT!'])
>>> GAMES.name_of("pc-war"), GAMES.name_of("chess")
('Non-Violent, Politically-Correct War', 'chess')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from card_companion.companion.game import Figure, Game, players_text


@dataclass(frozen=True)
class Listing:
    """A game as the lists show it (its card on the home screen, the game choosers, a saved
    game's name), known without loading the game. Each is the loaded game's own
    (tests/games/test_all_games.py checks them), written here a second time so that the first
    screen loads no game."""

    id: str
    name: str
    blurb: str
    """one line for the home screen"""
    min_players: int
    max_players: int | None
    """None: no upper limit"""
    figure: Figure
    """what a finished game's final figure counts (the records' column)"""
    load: Callable[[], Game]
    """imports the game's package and gives its ``GAME``"""
    views: Callable[[], Any] | None = None
    """imports the game's views and gives its ``GameViews`` (views/game_views.py): its
    table, new-game extras and calculator; None for a game with no screens (the lists
    still show it, greyed)"""

    def players_text(self) -> str:
        return players_text(self.min_players, self.max_players)


class Games(Mapping[str, Game]):
    """game id → its ``Game``, each loaded when first asked for and kept. ``in``, the ids,
    ``listed``, ``listing`` and ``name_of`` load nothing; ``values()`` and ``items()`` load
    every game (the protocol, the tests)."""

    def __init__(self) -> None:
        self._listings: dict[str, Listing] = {}
        self._loaded: dict[str, Game] = {}

    def register(self, listing: Listing) -> Listing:
        """Add a game (ValueError: its id is taken). The app's games are registered by
        card_companion/games.py; a test may register one of its own and ``unregister`` it."""
        if listing.id in self._listings:
            raise ValueError(f"a game {listing.id!r} is registered already")
        self._listings[listing.id] = listing
        return listing

    def unregister(self, game_id: str) -> None:
        """Take a game off the list (a test's own game, once the test is done)."""
        self._listings.pop(game_id, None)
        self._loaded.pop(game_id, None)

    def __getitem__(self, game_id: str) -> Game:
        """The game, its package imported now if it was not yet (KeyError: no such game)."""
        loaded = self._loaded.get(game_id)
        if loaded is None:
            loaded = self._loaded[game_id] = self._listings[game_id].load()
        return loaded

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._listings  # Mapping's own would load the game

    def __iter__(self) -> Iterator[str]:
        return iter(self._listings)

    def __len__(self) -> int:
        return len(self._listings)

    def listed(self) -> tuple[Listing, ...]:
        """Every game as the lists show it, in the registry's order."""
        return tuple(self._listings.values())

    def listing(self, game_id: str) -> Listing | None:
        """The game as the lists show it; None for an id this app does not know."""
        return self._listings.get(game_id)

    def name_of(self, game_id: str) -> str:
        """The game's name; the id itself for a game this app does not know (a save or a
        record from a newer app)."""
        listed = self._listings.get(game_id)
        return listed.name if listed is not None else game_id


GAMES = Games()
"""The games of this app, as card_companion/games.py registers them (one line each)."""


def game(game_id: str) -> Game:
    """The game with this id; KeyError names the known ones."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}: the games are {', '.join(GAMES)}")
    return GAMES[game_id]
