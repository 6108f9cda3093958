"""Live tables: when a step is committed, every other page open on that game hears of it at
once, with the committed session itself, so it shows the new state without reading the
save or replaying the log (sessions are immutable values and can be shared).

In-process only (one server): another process sees the change through the store's
revision (its next step is refused as stale and it reloads). No Flet here; a page passes a
callback that schedules the update on its own loop, and an ``alive`` test so that a page
that went away is dropped instead of called.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, get_args

from card_companion.companion.log_changes import LogKind

log = logging.getLogger(__name__)

Kind = LogKind | Literal["seat", "deleted", "anyone-on", "anyone-off"]
"""a step of the log; a seat taken; the game deleted; the table's "any phone may enter for
anyone" turned on or off"""
STEPS: tuple[LogKind, ...] = get_args(LogKind)
"""the kinds that change the game's log (each carries the session after it)"""


@dataclass(frozen=True)
class Committed:
    """What one phone just committed: the revision it was entered on, the new one, what
    happened, and the new session (None for seat changes and deletions)."""

    game_id: str
    before: int
    after: int
    kind: Kind
    session: Any = None
    by: str = ""
    """who, in players' words: 'Bea', 'the table phone', 'a watcher'"""


class Subscription:
    def __init__(self, hub: Hub, game_id: str, fn: Callable[[Committed], None], alive: Callable[[], bool]):
        self.hub, self.game_id, self.fn, self.alive = hub, game_id, fn, alive
        self.closed = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.hub._remove(self)


class Hub:
    """Subscriptions per game. ``publish`` calls every other live subscriber of the game;
    a subscriber whose ``alive()`` is false (its page closed) is dropped, not called."""

    def __init__(self) -> None:
        self._subs: dict[str, list[Subscription]] = {}
        self._lock = threading.Lock()
        self.delivered = 0
        """how many callbacks ran (tests check that work does not grow with closed pages)"""

    def subscribe(self, game_id: str, fn: Callable[[Committed], None],
                  alive: Callable[[], bool] = lambda: True) -> Subscription:
        """Also drops every subscriber of any game whose page is gone: a subscriber holds its
        page (and all that page drew), and a game nobody steps in any more would keep it."""
        self.sweep()
        sub = Subscription(self, game_id, fn, alive)
        with self._lock:
            self._subs.setdefault(game_id, []).append(sub)
        return sub

    def sweep(self) -> int:
        """Drop the subscribers whose ``alive()`` is false; returns how many."""
        with self._lock:
            subs = [sub for game in self._subs.values() for sub in game]
        dead = []
        for sub in subs:
            try:
                if not sub.alive():
                    dead.append(sub)
            except Exception:
                dead.append(sub)
        for sub in dead:
            sub.close()
        return len(dead)

    def _remove(self, sub: Subscription) -> None:
        with self._lock:
            subs = self._subs.get(sub.game_id)
            if subs and sub in subs:
                subs.remove(sub)
                if not subs:
                    del self._subs[sub.game_id]

    def publish(self, event: Committed, exclude: Subscription | None = None) -> int:
        """Tell the game's other pages; returns how many were told."""
        with self._lock:
            subs = list(self._subs.get(event.game_id, ()))
        told = 0
        for sub in subs:
            if sub is exclude or sub.closed:
                continue
            try:
                alive = sub.alive()
            except Exception:
                alive = False
            if not alive:
                sub.close()
                continue
            try:
                sub.fn(event)
                told += 1
            except Exception:  # one broken page must not stop the others from hearing
                log.exception("a page could not take the step of game %s", event.game_id)
        self.delivered += told
        return told

    def count(self, game_id: str | None = None) -> int:
        with self._lock:
            if game_id is not None:
                return len(self._subs.get(game_id, ()))
            return sum(len(s) for s in self._subs.values())
