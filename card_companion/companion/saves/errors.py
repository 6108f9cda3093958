"""What the save file refuses, in players' words: the errors of the store and its sentences."""

from __future__ import annotations

from card_companion.companion.game import IllegalAction

STALE = "another phone changed this game since this screen was drawn: here is its latest state"
GONE = "this game is no longer saved (deleted on another phone?)"
READ_ONLY = "the save folder is read-only: nothing can be changed"  # every change, where the file cannot be written


class StoreError(Exception):
    """The save file cannot be used or written; the message says why in plain words."""


class StoreBusy(StoreError):
    """Another program holds the save file: nothing was changed; try again in a moment."""


class OlderSave(StoreError):
    """A save file of an earlier save format, opened where it cannot be upgraded (read-only)."""


class StaleGame(IllegalAction):
    """The saved game changed since this screen loaded it (another phone at the table)."""


class SeatTaken(IllegalAction):
    """Another phone already holds that player's seat."""
