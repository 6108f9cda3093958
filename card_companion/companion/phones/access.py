"""Who may see and change a game: table codes, device keys, seats, and the limit on wrong
guesses. Pure rules and small value types; no Flet, no I/O (``companion/phones/devices.py`` applies
them to the saved games).

>>> parse_table_code(" abc-def-ghj ") == "ABCDEFGHJ"
True
>>> format_table_code("ABCDEFGHJ")
'ABC-DEF-GHJ'
>>> Seat.parse("player:1").label(("Ann", "Bea"))
'Bea'
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import re
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Literal

from card_companion.companion.game import IllegalAction
from card_companion.companion.saves.codes import CODE_ALPHABET, CODE_LENGTH, CODE_SPACE

MISSES_ALLOWED = 5
"""wrong codes (or game links, host passwords) one phone may enter in a row before it waits"""
MISS_REFILL_SECONDS = 60.0
"""after those, one more try a minute for that phone"""
NETWORK_MISSES_ALLOWED = 30
"""wrong codes the phones behind one address (a table's Wi-Fi router, an HTTPS proxy) may enter
together before they wait: one phone's guessing leaves the others enough to join"""
NETWORK_MISS_REFILL_SECONDS = 20.0
"""after those, one more try every 20 s for the address: three a minute, more than one phone
guessing at its own limit (one a minute) uses, so one phone never locks its table out"""


class Refused(IllegalAction):
    """Access refused: the message says why in one sentence, and nothing was changed."""


class NotYourChoice(Refused):
    """Another player's own choice, entered on a player's phone: that player's phone or the
    table phone enters it (or any phone, with the table's "any phone may enter for anyone")."""


class BadCode(Refused):
    """Not a table code, or no table has it."""


class TooManyTries(Refused):
    """This phone, or this network, entered too many wrong codes: it waits."""


# --- table codes ------------------------------------------------------------------------------


def format_table_code(code: str) -> str:
    """In groups of three, the way it is read out: 'K7M-2PX-9RQ'."""
    return "-".join(code[i:i + 3] for i in range(0, len(code), 3))


_LINK = re.compile(r"/join/([^/?#\s]+)")


def parse_table_code(text: str) -> str:
    """The code in what a player typed or pasted (any case, spaces or dashes, or the whole
    join link); BadCode with one sentence when it cannot be a table code."""
    if not isinstance(text, str):
        raise BadCode("that is not a table code")
    text = text.strip()
    if len(text) > 300:
        raise BadCode("that is not a table code: it is far too long")
    link = _LINK.search(text)
    if link:
        text = link.group(1)
    code = re.sub(r"[\s\-_.]", "", text).upper()
    if not code:
        raise BadCode("type the table's code: 9 letters and digits, shown on the table's phone")
    wrong = sorted({c for c in code if c not in CODE_ALPHABET})
    if wrong:
        shown = ", ".join(repr(c) for c in wrong[:3])
        raise BadCode(f"a table code has only the digits 2-9 and the letters A-Z without I, L and O; {shown} "
                      "is not one of them")
    if len(code) != CODE_LENGTH:
        raise BadCode(f"a table code has {CODE_LENGTH} letters and digits; this one has {len(code)}")
    return code


def guessing_odds(games: int, tries: float) -> float:
    """The chance that ``tries`` random codes hit any one of ``games`` tables."""
    return 1 - math.exp(tries * math.log1p(-games / CODE_SPACE))


# --- device keys ------------------------------------------------------------------------------


class DeviceKeys:
    """Each browser gets a random key, kept in its own storage (localStorage), signed with a
    secret of the save file: a key that was typed, changed or made by another server is told
    apart from one this server gave out, and nobody can make a valid key without the secret."""

    def __init__(self, secret: str):
        self._secret = secret.encode()

    @staticmethod
    def new_secret() -> str:
        return secrets.token_hex(32)

    def _mac(self, ident: str) -> str:
        digest = hmac.new(self._secret, ident.encode(), hashlib.sha256).digest()[:16]
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def new(self) -> str:
        ident = secrets.token_urlsafe(16)
        return f"{ident}.{self._mac(ident)}"

    def is_valid(self, key: object) -> bool:
        if not isinstance(key, str) or len(key) > 100 or key.count(".") != 1:
            return False
        ident, mac = key.split(".")
        return len(ident) >= 16 and hmac.compare_digest(mac, self._mac(ident))


# --- seats -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """Where a phone sits: one player ("I am Bea": enters Bea's own choices and the shared
    steps), the whole table (the phone in the middle: enters anyone's steps), or watch only
    (sees everything live, changes nothing)."""

    kind: Literal["player", "table", "watch"]
    player: int | None = None

    @classmethod
    def parse(cls, text: str | None) -> Seat | None:
        """'player:1', 'table', 'watch'; '' or None: no seat picked yet."""
        if not text:
            return None
        if text == "table":
            return cls("table")
        if text == "watch":
            return cls("watch")
        if text.startswith("player:") and text[7:].isdigit():
            return cls("player", int(text[7:]))
        raise Refused("that is not a seat at this table")

    def __str__(self) -> str:
        return f"player:{self.player}" if self.kind == "player" else self.kind

    @property
    def can_act(self) -> bool:
        return self.kind != "watch"

    def enters_for(self, player: int | None, anyone: bool = False) -> bool:
        """Whether a phone sitting here enters a step that is ``player``'s own choice (None: a
        shared step; ``Game.whose_choice`` says which): the table phone enters every step, a
        player's phone that player's own choices and the shared steps, or every step when the
        table lets any phone enter for anyone (``anyone``); a watcher none."""
        if not self.can_act:
            return False
        return player is None or anyone or self.kind == "table" or self.player == player

    def check_enters(self, player: int | None, names: tuple[str, ...], anyone: bool = False) -> None:
        """NotYourChoice, in one sentence, unless a phone sitting here enters ``player``'s step."""
        if not self.enters_for(player, anyone) and player is not None:
            name = names[player]
            raise NotYourChoice(f"that is {name}'s choice: {name}'s phone or the table phone enters it")

    @property
    def only_one(self) -> bool:
        """A player's seat is held by one phone; the table and the watchers by any number."""
        return self.kind == "player"

    def label(self, names: tuple[str, ...]) -> str:
        if self.kind == "player":
            return names[self.player] if self.player is not None and self.player < len(names) else "a player"
        return "the whole table" if self.kind == "table" else "watching"

    def check(self, names: tuple[str, ...]) -> Seat:
        if self.kind == "player" and (self.player is None or not 0 <= self.player < len(names)):
            raise Refused("that is not a seat at this table")
        return self


TABLE = Seat("table")
WATCH = Seat("watch")


def player_seat(i: int) -> Seat:
    return Seat("player", i)


# --- the limit on wrong guesses ------------------------------------------------------------------


class MissLimiter:
    """Per key (a phone's device key, or a client address): ``allowed`` wrong codes in a
    row, then one more per ``refill`` seconds (a token bucket that only wrong answers drain).
    Right answers cost nothing. ``who`` names the key in the refusal ("this phone")."""

    def __init__(self, allowed: int = MISSES_ALLOWED, refill: float = MISS_REFILL_SECONDS, clock=time.monotonic,
                 max_addresses: int = 10_000, who: str = "this phone"):
        self.allowed = allowed
        self.refill = refill
        self.clock = clock
        self.max_addresses = max_addresses
        self.who = who
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)
        self._lock = threading.Lock()

    def _tokens(self, address: str, now: float) -> float:
        tokens, at = self._buckets.get(address, (float(self.allowed), now))
        return min(float(self.allowed), tokens + (now - at) / self.refill)

    def check(self, address: str) -> None:
        """TooManyTries if this address has no tries left now."""
        with self._lock:
            now = self.clock()
            if self._tokens(address, now) < 1:
                wait = math.ceil((1 - self._tokens(address, now)) * self.refill)
                raise TooManyTries(f"too many wrong codes from {self.who}: wait {wait} seconds, then try again")

    def miss(self, address: str) -> None:
        with self._lock:
            now = self.clock()
            tokens = self._tokens(address, now)
            self._buckets[address] = (max(0.0, tokens - 1), now)
            if len(self._buckets) > self.max_addresses:  # forget addresses that have all their tries back
                for a, (t, at) in list(self._buckets.items()):
                    if min(float(self.allowed), t + (now - at) / self.refill) >= self.allowed:
                        del self._buckets[a]

    def left(self, address: str) -> int:
        with self._lock:
            return int(self._tokens(address, self.clock()))


class GuessLimits:
    """Wrong guesses (table codes, game links, the host password) limited twice: per phone
    (its device key: ``MISSES_ALLOWED``, then one a minute) and per network (its client
    address: ``NETWORK_MISSES_ALLOWED``, then one every ``NETWORK_MISS_REFILL_SECONDS``).
    A phone that guesses waits on its own; the other phones behind the same address keep
    joining (a phone at its limit adds one miss a minute, the network gets three back). A
    stranger who makes a new device key for every guess is held by the network's limit.
    The refusal says which one waits: "this phone" or "this network"."""

    def __init__(self, phone: MissLimiter | None = None, network: MissLimiter | None = None, clock=time.monotonic):
        self.phone = phone or MissLimiter(MISSES_ALLOWED, MISS_REFILL_SECONDS, clock, who="this phone")
        self.network = network or MissLimiter(NETWORK_MISSES_ALLOWED, NETWORK_MISS_REFILL_SECONDS, clock,
                                              who="this network")

    def check(self, device: str | None, address: str) -> None:
        """TooManyTries (saying who waits) if this phone or its network has no tries left."""
        if device:
            self.phone.check(device)
        self.network.check(address)

    def miss(self, device: str | None, address: str) -> None:
        if device:
            self.phone.miss(device)
        self.network.miss(address)


# --- which phone a page's session belongs to -------------------------------------------------------


class PageOwners:
    """The phone that opened each page's session (the web server's session id → the device
    key and the client address it was opened with). A page that reconnects asks for its
    session by id; the server gives it back only to the same phone, so a session id seen on
    the Wi-Fi or guessed is worth nothing to another one: it gets a new, empty session.

    ``claim`` binds a new session to the key its page came with (None on a first visit);
    ``bind`` binds it again once the page's device key is known (made for it on a first
    visit); ``forget`` when the session is gone. At most ``max_pages`` are kept (the oldest
    go first: such a page only gets a new session)."""

    def __init__(self, max_pages: int = 10_000):
        self.max_pages = max_pages
        self._owners: dict[str, tuple[str | None, str]] = {}
        self._lock = threading.Lock()

    def bind(self, session_id: str, key: str | None, address: str) -> None:
        with self._lock:
            self._put(session_id, key, address)

    def claim(self, session_id: str, key: str | None, address: str) -> None:
        """Bind a session that has no phone yet (a new one); one that has keeps it."""
        with self._lock:
            if session_id not in self._owners:
                self._put(session_id, key, address)

    def _put(self, session_id: str, key: str | None, address: str) -> None:
        self._owners.pop(session_id, None)
        self._owners[session_id] = (key or None, address or "")
        while len(self._owners) > self.max_pages:
            del self._owners[next(iter(self._owners))]

    def allows(self, session_id: str, key: str | None, address: str) -> bool:
        with self._lock:
            return self._owners.get(session_id) == (key or None, address or "")

    def knows(self, session_id: str) -> bool:
        """Some phone opened this session (and it has not closed)."""
        with self._lock:
            return session_id in self._owners

    def forget(self, session_id: str) -> None:
        with self._lock:
            self._owners.pop(session_id, None)

    def __len__(self) -> int:
        return len(self._owners)
