"""Games in and out of the save file as JSON: one game's export (``Session.to_json``), every
game at once (``companion export --all``), and the import of either, each imported game a new
one with a new id so nothing is overwritten. Import runs the same setup checks as a new game
and refuses a save-format version it does not read and any text with a control character
(``SavedLog``). A part of ``Store`` (storage.py).

**An import of many games** reads its file a game at a time (json_stream.py) and writes every
game in one transaction: a game is read, replayed, written with its headline and its record,
and let go before the next is read, so the import holds one game beyond the save file however
long the file, its time grows with its games and their steps, and a game that cannot be read
refuses the whole file (the transaction is rolled back: nothing changes). The records' ratings
and totals follow each game as it is written (``records.Batch``: a record that lands before
others is rated and counted again once, at the end). The file is held for writing while it
imports (other writers wait, then are told it is busy).
"""

from __future__ import annotations

import json
import time
from typing import IO, Any

from card_companion.companion.game import IllegalAction
from card_companion.companion.records import game_records as records
from card_companion.companion.saves.errors import StoreError
from card_companion.companion.saves.json_stream import JsonStream, NotJson, TooLong, text_of
from card_companion.companion.session import FORMAT, FORMAT_VERSION, MAX_IMPORT_BYTES, Session, check_version

ALL_FORMAT = "card-companion-games"
"""The format of ``companion export --all``: every saved game of a save file in one JSON file"""
NOT_JSON = "this is not a saved game: it is not JSON"
NOT_OURS = "this is not a saved game of this app"
TOO_LONG = f"a saved game is at most {MAX_IMPORT_BYTES // 2**20} MB"


class Transfer:
    """Export and import."""

    load: Any
    create: Any
    saved_games: Any
    _write: Any
    _create_in: Any

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

    def import_file(self, source: str | bytes | IO[bytes], *, device: str | None = None,
                    notes: list[str] | None = None) -> list[str]:
        """Import one exported game or a file of ``export --all`` (its text, or the file opened
        for bytes, read a game at a time): each game becomes a new saved game with a new id, so
        nothing already saved is ever overwritten (a file imported twice gives each game twice).
        One game that cannot be read refuses the whole file, and nothing changes. ``notes`` gets
        a sentence for each name that keeping it changed ("game 3: ...")."""
        doc = JsonStream(text_of(source), limit=MAX_IMPORT_BYTES)
        try:
            if not doc.begin_object():
                doc.value()
                doc.end()
                raise IllegalAction(NOT_OURS)
            head: dict[str, Any] = {}
            while (key := doc.key()) is not None and key != "games":
                head[key] = doc.value()
            if key is None:  # one game (or a file of games without its list)
                return [self._one_game(head, doc.position, device, notes)]
            if "format" in head and head["format"] != ALL_FORMAT:  # not a file of games, yet a list of them
                _skip(doc)
                _rest(doc, head)
                _check_file(head)
            if "version" in head:
                _check_file_version(head)
            with self._write() as db:
                return self._games_in(db, doc, head, device, notes)
        except NotJson:
            raise IllegalAction(NOT_JSON) from None
        except TooLong:  # a value of the file's top object: one game, too large
            raise IllegalAction(f"this file is more than {MAX_IMPORT_BYTES // 2**20} MB; {TOO_LONG}") from None

    def _one_game(self, head: dict[str, Any], size: int, device: str | None, notes: list[str] | None) -> str:
        """The file is one object without a list of games: one exported game."""
        if head.get("format") == ALL_FORMAT:
            _check_file_version(head)
            raise IllegalAction("this file of saved games is damaged: it has no list of games")
        if size > MAX_IMPORT_BYTES:
            raise IllegalAction(f"this file is {size / 2**20:.0f} MB; {TOO_LONG}")
        return str(self.create(Session.from_data(head, notes), device=device))

    def _games_in(self, db: Any, doc: JsonStream, head: dict[str, Any], device: str | None,
                  notes: list[str] | None) -> list[str]:
        """Every game of the file's list, each written as it is read (inside the one write
        transaction), then the rest of the file and its format and version checked."""
        if doc.peek() != "[":
            doc.value()
            _rest(doc, head)
            _check_file(head)
            raise IllegalAction("this file of saved games is damaged: it has no list of games")
        batch = records.Batch.begin(db)
        ids: list[str] = []
        at = 0.0
        games = doc.items()
        for n, game in enumerate(_checked(games, lambda: len(ids) + 1), 1):
            try:
                said: list[str] = []
                session = Session.from_data(game, said)
            except IllegalAction as exc:
                of = _games_after(games, n)
                _rest(doc, head)
                _check_file(head)  # a file that is not one of games says so first, as before
                raise IllegalAction(f"game {n}{of} in the file cannot be imported ({exc}); "
                                    "nothing was imported") from None
            if notes is not None:
                notes += [f"game {n}: {note}" for note in said]
            at = max(time.time(), at + 1e-6)  # the file's games in its order, however fast the clock moves
            ids.append(self._create_in(db, session, at, device=device, batch=batch))
            del session, game
        _rest(doc, head)
        _check_file(head)
        batch.settle(db)
        return ids


def _checked(games: Any, number: Any) -> Any:
    """The games of the list, a game too large to be one said by its number."""
    while True:
        try:
            game = next(games)
        except StopIteration:
            return
        except TooLong:
            raise IllegalAction(f"game {number()} in the file cannot be imported (it is more than "
                                f"{MAX_IMPORT_BYTES // 2**20} MB; {TOO_LONG}); nothing was imported") from None
        yield game


def _games_after(games: Any, n: int) -> str:
    """' of N': the number of games in the file, counted on from game ``n`` (each one read and
    let go); '' when a later one is too large to be read."""
    try:
        return f" of {n + sum(1 for _ in games)}"
    except TooLong:
        return ""


def _skip(doc: JsonStream) -> None:
    """Read past the next value, an item at a time when it is a list."""
    if doc.peek() == "[":
        for _ in doc.items():
            pass
    else:
        doc.value()


def _rest(doc: JsonStream, head: dict[str, Any]) -> None:
    """The members of the top object after the list of games, and the end of the document."""
    while (key := doc.key()) is not None:
        if key == "games":
            raise IllegalAction("this file of saved games is damaged: it has two lists of games")
        head[key] = doc.value()
    doc.end()


def _check_file_version(head: dict[str, Any]) -> None:
    try:
        check_version(head.get("version"))
    except ValueError as exc:
        raise IllegalAction(f"this file of saved games cannot be read: {exc}") from None


def _check_file(head: dict[str, Any]) -> None:
    """The whole file read: it is a file of saved games of a version this app reads."""
    if head.get("format") != ALL_FORMAT:
        raise IllegalAction(NOT_OURS if head.get("format") != FORMAT else "this file of saved games is damaged: "
                            "it is one game with a list of games in it")
    _check_file_version(head)
