"""The games of this app: one ``GAMES.register`` line each (with its two loaders).

This module sits above the layers, beside app.py, because a game's listing reaches both its
tracker (companion/<game>/) and its screens (views/<game>/); the registry it fills
(``companion.registry.GAMES``) is the one list everything else reads. card_companion's
``__init__`` imports it, so the list is whole before any module asks it. Each loader imports
its package only when the game is first used: the home screen lists the five and loads none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from card_companion.companion.game import Figure, Game
from card_companion.companion.registry import GAMES, Listing

if TYPE_CHECKING:  # the views are imported when a game's screen is first drawn, never here
    from card_companion.views.game_views import GameViews


def _peace_and_love() -> Game:
    from card_companion.companion.peace_and_love import GAME

    return GAME


def _peace_and_love_views() -> GameViews:
    from card_companion.views.peace_and_love import VIEWS

    return VIEWS


def _fight() -> Game:
    from card_companion.companion.fight import GAME

    return GAME


def _fight_views() -> GameViews:
    from card_companion.views.fight import VIEWS

    return VIEWS


def _card_stratego() -> Game:
    from card_companion.companion.card_stratego import GAME

    return GAME


def _card_stratego_views() -> GameViews:
    from card_companion.views.card_stratego import VIEWS

    return VIEWS


def _pc_war() -> Game:
    from card_companion.companion.pc_war import GAME

    return GAME


def _pc_war_views() -> GameViews:
    from card_companion.views.pc_war import VIEWS

    return VIEWS


def _cardpeegee() -> Game:
    from card_companion.companion.cardpeegee import GAME

    return GAME


def _cardpeegee_views() -> GameViews:
    from card_companion.views.cardpeegee import VIEWS

    return VIEWS


GAMES.register(Listing(
    "peace-and-love", "Peace and Love", "Beat the bluff out of each other: fighters, trumps and victory piles.",
    2, None, Figure(unit="points"), _peace_and_love, _peace_and_love_views))
GAMES.register(Listing(
    "fight", "FIGHT!", "Punch, Kick, Parry, Dodge: two fighters, a row of cards and the Tie Breaker.",
    2, 2, Figure(unit="rounds won"), _fight, _fight_views))
GAMES.register(Listing(
    "card-stratego", "Card Stratego", "Face-down armies, Bombs and Scouts: Card Warfare by Thorin N. Tatge.",
    2, 2, Figure(unit="cards in the army"), _card_stratego, _card_stratego_views))
GAMES.register(Listing(
    "pc-war", "Non-Violent, Politically-Correct War",
    "War where the higher card takes the cards and the first to lose them all wins.",
    2, 2, Figure(unit="cards left", higher_is_better=False), _pc_war, _pc_war_views))
GAMES.register(Listing(
    "cardpeegee", "CardPeeGee",
    "A role-playing adventure: monsters, chests, healers, traps and town, with all the sums done.",
    1, None, Figure(unit="HP"), _cardpeegee, _cardpeegee_views))

__all__ = ["GAMES"]
