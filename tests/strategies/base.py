"""What every game's strategy shares: the game it plays, whose queries it reaches through
itself (so the random play reads like the tracker's own code)."""

from __future__ import annotations


class GameStrategy:
    """A game's random play and invariants; ``self.deck(...)``, ``self.defenders(...)`` and
    the like are the game's."""

    def __init__(self, game):
        self.game = game

    def __getattr__(self, name):
        return getattr(self.game, name)
