"""Games in and out of the save file as JSON: one game's export (``Session.to_json``), every
game at once (``companion export --all``), and the import of either, each imported game a new
one with a new id so nothing is overwritten. Import runs the same setup checks as a new game
and refuses a save-format version it does not read and any text with a control character
(``SavedLog``). A part of ``Store`` (storage.py).
"""

from __future__ import annotations

import json
from typing import Any

from card_companion.companion.game import IllegalAction
from card_companion.companion.session import FORMAT_VERSION, Session, check_version
from card_companion.companion.store_errors import StoreError

ALL_FORMAT = "card-companion-games"
"""The format of ``companion export --all``: every saved game of a save file in one JSON file"""


class Transfer:
    """Export and import."""

    load: Any
    create: Any
    saved_games: Any

    def export_json(self, game_id: str) -> str:
        return self.load(game_id).to_json()

    def import_json(self, text: str | bytes, *, device: str | None = None, notes: list[str] | None = None) -> str:
        """Add an exported game as a new saved game; IllegalAction says what is wrong. ``notes``
        gets a sentence for each name that keeping it changed (``Session.from_json``)."""
        return self.create(Session.from_json(text, notes), device=device)

    def export_all(self) -> tuple[str, list[str]]:
        """Every saved game in one file (``companion export --all``), and one sentence for
        each game that could not be read and is therefore not in it."""
        games, left_out = [], []
        for g in self.saved_games():
            try:
                games.append(json.loads(self.export_json(g.id)))
            except (IllegalAction, StoreError) as exc:
                left_out.append(f"{g.id} ({g.game}) is not in the file: {exc}")
        text = json.dumps({"format": ALL_FORMAT, "version": FORMAT_VERSION, "games": games}, indent=1,
                          ensure_ascii=False)
        return text, left_out

    def import_file(self, text: str | bytes, *, device: str | None = None,
                    notes: list[str] | None = None) -> list[str]:
        """Import one exported game or a file of ``export --all``: each game becomes a new
        saved game with a new id, so nothing already saved is ever overwritten (a file
        imported twice gives each game twice). Every game of the file is read before the
        first is saved: one that cannot be read refuses the whole file, and nothing changes."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise IllegalAction("this is not a saved game: it is not JSON") from None
        if not (isinstance(data, dict) and data.get("format") == ALL_FORMAT):
            return [self.import_json(text, device=device, notes=notes)]
        try:
            check_version(data.get("version"))
        except ValueError as exc:
            raise IllegalAction(f"this file of saved games cannot be read: {exc}") from None
        games = data.get("games")
        if not isinstance(games, list):
            raise IllegalAction("this file of saved games is damaged: it has no list of games")
        sessions = []
        for n, game in enumerate(games, 1):
            said: list[str] = []
            try:
                sessions.append(Session.from_json(json.dumps(game), said))
            except IllegalAction as exc:
                raise IllegalAction(f"game {n} of {len(games)} in the file cannot be imported ({exc}); "
                                    "nothing was imported") from None
            if notes is not None:
                notes += [f"game {n} of {len(games)}: {note}" for note in said]
        return [self.create(s, device=device) for s in sessions]
