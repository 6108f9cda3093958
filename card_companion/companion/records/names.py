"""The players as the records know them: a name is a player, compared as it is kept
(``game.name_key`` over ``game.normal_name``); each spelling seen is a key of its player
(``player_names``), an old save's look-alike by its spelling as typed (``spelled``), and a
spelling seated beside the player it means by ``beside_key``. Renames and merges, which fold
the ratings again, are game_records.py's."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from card_companion.companion.game import IllegalAction, name_key, name_problem, normal_name, spelled


def beside_key(name: str) -> str:
    """The key of the player a spelling is when it is seated beside the player it means: a
    spelling merged into Dee ("Ann") typed again at Dee's own table is someone else, and that
    someone the next time too. Its NUL cannot be typed (a name with a control character is
    refused), so no spelling is ever this key."""
    return "\0" + name_key(name)


def keys_of(name: str) -> tuple[str, ...]:
    """The keys a spelling is looked up by, the first first: as it was typed (an old save's
    look-alike, ``spelled``), then as it is kept (``name_key``)."""
    return tuple(dict.fromkeys((spelled(name), name_key(name))))


def player_of(db: sqlite3.Connection, name: str) -> int | None:
    """The player this spelling is (None: a spelling never seen)."""
    for key in keys_of(name):
        row = db.execute("SELECT player FROM player_names WHERE key = ?", (key,)).fetchone()
        if row is not None:
            return int(row[0])
    return None


def player_id(db: sqlite3.Connection, name: str, seated: set[int] | frozenset[int] = frozenset()) -> int:
    """The player this name is (remembered from now on, if it is new). ``seated``: the players
    of the game's other seats; a look-alike of one of them (an old save's "Ann" with a
    zero-width space beside Ann) is a player of their own, known by their spelling as typed."""
    found = player_of(db, name)
    if found is not None and found not in seated:
        return found
    if found is not None:  # met beside the player this spelling means before: the same someone else
        row = db.execute("SELECT player FROM player_names WHERE key = ?", (beside_key(name),)).fetchone()
        if row is not None and row[0] not in seated:
            return int(row[0])
    alike = found is not None
    key = spelled(name) if alike else name_key(name)
    if alike and key == name_key(name):  # a spelling merged into the player beside it: it keeps meaning them
        key = beside_key(name)
    new = db.execute("INSERT INTO players (name) VALUES (?)", (name.strip() if alike else normal_name(name),)).lastrowid
    assert new is not None  # an INSERT into a rowid table always has one
    db.execute("INSERT OR REPLACE INTO player_names (key, player) VALUES (?, ?)", (key, new))
    return new


def names_now(db: sqlite3.Connection) -> dict[str, str]:
    """Every spelling seen (its key) → its player's name now."""
    return dict(db.execute("SELECT k.key, p.name FROM player_names k JOIN players p ON p.id = k.player").fetchall())


def name_now(names: dict[str, str], typed: str) -> str:
    """A spelling's player's name now, through ``names_now`` (a spelling never seen: as it is kept)."""
    return next((names[k] for k in keys_of(typed) if k in names), normal_name(typed))


def clean_name(text: Any) -> str:
    """A player's name as typed, as it is kept (``normal_name``); IllegalAction (one sentence)
    if it cannot be one."""
    if not isinstance(text, str):
        raise IllegalAction("a player's name is text")
    name = normal_name(text)
    problem = name_problem(name)
    if problem is not None:
        raise IllegalAction(problem)
    return name


class NameChanged(IllegalAction):
    """A rename or merge of a player by a name they no longer have: another phone (or
    command) renamed or merged them meanwhile. ``now``: their name now."""

    def __init__(self, name: str, now: str):
        super().__init__(f"{name.strip()[:40]} is called {now} now (renamed or merged meanwhile, on another phone?): "
                         "nothing was changed")
        self.now = now


def find_player(db: sqlite3.Connection, name: str) -> int:
    """The player called ``name`` now (any case, without what draws nothing); IllegalAction if
    there is none, ``NameChanged`` if the name is a spelling of a player now called otherwise."""
    if not isinstance(name, str):
        raise IllegalAction("a player's name is text")
    who = player_of(db, name)
    if who is None:
        raise IllegalAction(f"there is no player called {name.strip()[:40]!r} in the records")
    now = str(db.execute("SELECT name FROM players WHERE id = ?", (who,)).fetchone()[0])
    if name_key(now) != name_key(name):
        raise NameChanged(name, now)
    return who


def untidy(db: sqlite3.Connection) -> bool:
    """Whether ``tidy_names`` has anything to do: a spelling not known by its key now, or a
    player whose name is not kept as it is."""
    keys = {k for (k,) in db.execute("SELECT key FROM player_names")}
    return any(name_key(k) not in keys for k in keys) or any(
        normal_name(n) != n for (n,) in db.execute("SELECT name FROM players"))


def recent_players(rows: Iterable[tuple[Sequence[str], float]], names: dict[str, str], limit: int = 24) -> list[str]:
    """The players of these games (``(players, last played)``, the latest first), each once,
    by their name now, the most recent first."""
    seen: dict[str, str] = {}
    for players, _ in rows:
        for typed in players:
            now = name_now(names, typed)
            seen.setdefault(name_key(now), now)
            if len(seen) >= limit:
                return list(seen.values())
    return list(seen.values())


__all__ = ["NameChanged", "beside_key", "clean_name", "find_player", "keys_of", "name_now", "names_now", "player_id",
           "player_of", "recent_players", "untidy"]
