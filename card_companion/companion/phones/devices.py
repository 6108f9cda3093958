"""The one door to the saved games for the views: the access rules of ``access.py`` applied
to the ``Store``, and every committed step told to the game's other pages (``live.Hub``).

``Tables`` is one per server; ``Device`` is one browser's access (its device key and client
address). A game belongs to the devices that created or joined it; a device that holds
neither the game nor its code sees nothing of it. Every refusal is one sentence
(``Refused``) and changes nothing.

    tables = Tables(store)
    phone = tables.device(key, "192.168.1.20")
    gid = phone.create(session)                 # this phone holds the game, at the whole table
    other = tables.device(other_key, "192.168.1.21")
    other.join("K7M-2PX-9RQ")                   # by the code (or the join link)
    other.take_seat(gid, player_seat(1))        # "I am Bea"
    shown = other.open(gid).snapshot            # the session and its revision
    now = other.act(gid, shown, EnterStep(action))  # refused if stale, watching or illegal
"""

from __future__ import annotations

import hmac
import logging
from dataclasses import dataclass, replace
from typing import Any

from card_companion.companion.game import IllegalAction
from card_companion.companion.log_changes import LogChange
from card_companion.companion.phones.access import (
    TABLE,
    BadCode,
    DeviceKeys,
    GuessLimits,
    PageOwners,
    Refused,
    Seat,
    format_table_code,
    parse_table_code,
)
from card_companion.companion.phones.live import Committed, Hub
from card_companion.companion.records import game_records as records
from card_companion.companion.records.names import find_player, names_now, recent_players
from card_companion.companion.records.stats import (
    Board,
    Filter,
    HeadToHead,
    Night,
    Scope,
    also,
    head_to_head,
    players_screen,
    records_csv,
    tonight,
    where,
    win_rate_over_time,
)
from card_companion.companion.saves.storage import SavedGame, SeatTaken, Snapshot, StaleGame, Store
from card_companion.companion.session import Session

log = logging.getLogger(__name__)

LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost", "::ffff:127.0.0.1"})
NOT_OPEN = "this game is not open to this phone: ask the table for its code, or scan its QR code"
WATCHING = "this phone is watching only: it cannot change the game (pick a seat to play)"


@dataclass(frozen=True)
class Opened:
    """A game as one phone may see it: the snapshot, and the phone's seat (None: not
    picked yet)."""

    snapshot: Snapshot
    seat: Seat | None
    anyone: bool = False
    """the table lets any phone enter for anyone (``Device.let_anyone_enter``)"""

    @property
    def session(self) -> Session:
        return self.snapshot.session

    def at(self, snapshot: Snapshot) -> Opened:
        """The same phone's view of the game at another revision (its seat and the table's
        setting as they were)."""
        return replace(self, snapshot=snapshot)

    @property
    def code(self) -> str:
        return self.snapshot.code


class Tables:
    """The server's games behind the access rules. ``admin_password`` (the host's) opens
    every game; without one there is no admin access at all."""

    def __init__(self, store: Store, *, admin_password: str | None = None, limits: GuessLimits | None = None,
                 hub: Hub | None = None):
        self.store = store
        self.hub = hub or Hub()
        self.limits = limits or GuessLimits()
        """wrong codes, game links and host passwords, per phone and per network"""
        self.pages = PageOwners()
        """which phone each page's session belongs to (the web server checks it at every reconnect)"""
        self._admin_password = admin_password or None
        self._keys: DeviceKeys | None = None

    @property
    def keys(self) -> DeviceKeys:
        if self._keys is None:
            self._keys = DeviceKeys(self.store.secret("device-key-secret", DeviceKeys.new_secret))
        return self._keys

    def new_device_key(self) -> str:
        return self.keys.new()

    def is_valid_key(self, key: object) -> bool:
        return self.keys.is_valid(key)

    def device(self, key: str, address: str = "", *, admin: bool = False) -> Device:
        """One browser's access. The key must be one this server gave out."""
        if not self.is_valid_key(key):
            raise Refused("this browser's device key was not made by this server (changed by hand?)")
        return Device(self, key, address or "", admin=admin)

    def local(self) -> Device:
        """Full access without a device: the command line and tests on the server itself."""
        return Device(self, None, "127.0.0.1", admin=True)

    def this_phone(self) -> Device:
        """The phone app's one phone: every game of its own saves, and its seats at them (its
        key is kept in the save file, so the seats stay with the games)."""
        return Device(self, self.store.secret("this-phone-device-key", self.new_device_key), "", admin=True)

    @property
    def has_admin(self) -> bool:
        return self._admin_password is not None

    def check_admin(self, password: str, address: str, device: str | None = None) -> None:
        """Refused unless ``password`` is the host password (wrong ones count as misses of
        the phone ``device`` and of its address)."""
        if self._admin_password is None:
            raise Refused("this server has no host password: start it with --admin-password to use the host view")
        self.limits.check(device, address)
        if not hmac.compare_digest(str(password).encode(), self._admin_password.encode()):
            self.limits.miss(device, address)
            raise Refused("that is not the host password")


class Device:
    """What one browser may do with the saved games. ``key`` None (``Tables.local``) and
    admin devices see and change every game."""

    def __init__(self, tables: Tables, key: str | None, address: str, *, admin: bool = False):
        self.tables, self.key, self.address, self.admin = tables, key, address, admin

    @property
    def store(self) -> Store:
        return self.tables.store

    @property
    def on_host_machine(self) -> bool:
        """A browser on the server's own machine (games made there by the command line or an
        older version are open to it)."""
        return self.address in LOOPBACK

    # --- which games -------------------------------------------------------------------------

    def games(self) -> list[SavedGame]:
        """This device's games (every game for an admin), the latest first."""
        if self.admin or self.key is None:
            return self.store.saved_games()
        return self.store.saved_games(self.key, host_games=self.on_host_machine)

    def _seat_text(self, game_id: str) -> str:
        """The device's seat text at the game, or Refused (counted as a wrong guess)."""
        if self.admin or self.key is None:
            return self.store.seat_of(self.key, game_id) or "table" if self.key else "table"
        seat = self.store.seat_of(self.key, game_id)
        if seat is not None:
            return seat
        if self.on_host_machine and self.store.is_host_game(game_id):
            # made on the server itself (the command line, an older version): the browser on
            # that machine sits at the whole table, as it did before tables had seats
            if self.store.read_only:  # it can look, and nothing is written (its steps are refused)
                return "table"
            self.store.add_member(self.key, game_id, "table")
            return self.store.seat_of(self.key, game_id) or ""
        limits = self.tables.limits
        limits.check(self.key, self.address)
        limits.miss(self.key, self.address)
        raise Refused(NOT_OPEN)

    def seat(self, game_id: str) -> Seat | None:
        return Seat.parse(self._seat_text(game_id))

    def open(self, game_id: str) -> Opened:
        """The game and this phone's seat; Refused when the phone holds neither the game nor
        its code (nothing about the game is told)."""
        seat = self.seat(game_id)
        return Opened(self.store.snapshot(game_id), seat, self.enters_everything or self.store.anyone_enters(game_id))

    def load(self, game_id: str) -> Session:
        return self.open(game_id).session

    def join(self, code_text: str) -> str:
        """Join the table with this code (or link): the game id. A wrong code counts against
        this phone and its network; after a few, the phone waits (after many, the network)."""
        limits = self.tables.limits
        limits.check(self.key, self.address)
        try:
            code = parse_table_code(code_text)
        except BadCode:
            limits.miss(self.key, self.address)
            raise
        game_id = self.store.game_for_code(code)
        if game_id is None:
            limits.miss(self.key, self.address)
            raise BadCode(f"no table has the code {format_table_code(code)}: check it on the table's phone "
                          "(a deleted game's code no longer works)")
        if self.key is not None:
            self.store.add_member(self.key, game_id)
        return game_id

    # --- seats ----------------------------------------------------------------------------

    def taken_seats(self, game_id: str) -> set[int]:
        """Players whose seat another phone holds."""
        self._seat_text(game_id)
        taken = set()
        for device, text in self.store.seats(game_id).items():
            if device == self.key:
                continue
            try:
                seat = Seat.parse(text)
            except Refused:
                continue
            if seat is not None and seat.kind == "player" and seat.player is not None:  # parse numbers it
                taken.add(seat.player)
        return taken

    def take_seat(self, game_id: str, seat: Seat) -> None:
        """Sit here: a player's seat is one phone's; refused (one sentence) if taken."""
        self._seat_text(game_id)
        if self.key is None:
            return
        snapshot = self.store.snapshot(game_id)
        names = snapshot.session.setup.players
        seat.check(names)
        try:
            self.store.set_seat(self.key, game_id, str(seat), only_one=seat.only_one)
        except SeatTaken:
            raise SeatTaken(f"{seat.label(names)}'s seat is taken by another phone: pick another seat, or "
                            "watch") from None
        self.tables.hub.publish(Committed(game_id, snapshot.revision, snapshot.revision, "seat",
                                          by=seat.label(names)))

    # --- steps ---------------------------------------------------------------------------

    def _acting_seat(self, game_id: str) -> Seat:
        seat = Seat.parse(self._seat_text(game_id))
        if seat is None:
            raise Refused("pick your seat at this table first")
        if not seat.can_act:
            raise Refused(WATCHING)
        return seat

    def _may_enter(self, game_id: str, seat: Seat, session: Session, change: LogChange) -> None:
        """The one check of who enters what: a player's phone enters its own player's choices
        and the shared steps (``Game.whose_choice``: each game's steps say it), unless the table
        lets any phone enter for anyone; the table phone enters every step. NotYourChoice in
        one sentence, nothing changed."""
        entered = change.entered(session)
        if entered is None or seat.kind != "player" or self.enters_everything:
            return
        state, action = entered
        try:
            whose = session.game.whose_choice(state, action)
        except (AttributeError, TypeError):  # not a step of this game: the session refuses it
            return
        if not seat.enters_for(whose) and not self.store.anyone_enters(game_id):
            seat.check_enters(whose, session.setup.players)

    @property
    def enters_everything(self) -> bool:
        """The host and the phone app's one phone (admin, or the command line) enter every step
        whatever their seat: on the phone app no other phone can enter a player's choice, and
        its seat ("I am Ann") only lays the screen out for Ann."""
        return self.admin or self.key is None

    def anyone_enters(self, game_id: str) -> bool:
        """The table's setting "any phone may enter for anyone", as it applies to this phone
        (always for ``enters_everything``; Refused: not this phone's game)."""
        self._seat_text(game_id)
        return self.enters_everything or self.store.anyone_enters(game_id)

    def let_anyone_enter(self, game_id: str, on: bool) -> None:
        """The table's setting "any phone may enter for anyone", for every phone of the table
        (saved with the game; a seated phone or the table phone changes it, a watcher not)."""
        seat = self._acting_seat(game_id)
        self.store.set_anyone_enters(game_id, on)
        revision = self.store.revision(game_id) or 0
        names = self.store.snapshot(game_id).session.setup.players
        who = "the table phone" if seat.kind == "table" else seat.label(names)
        self.tables.hub.publish(Committed(game_id, revision, revision, "anyone-on" if on else "anyone-off", by=who))

    def act(self, game_id: str, shown: Snapshot, change: LogChange, *, exclude: Any = None) -> Snapshot:
        """This phone changes the game's log (``EnterStep(action)``, ``Undo()``, ``Redo()``,
        ``RedoAll()``, ``UndoTo(step)``, ``EditStep(step, action)``) on the state it shows:
        its seat may act (Refused: watching, not a member), and enter that step
        (NotYourChoice: another player's own choice, ``_may_enter``), the session's own method makes
        the change (IllegalAction: the rules), the store saves it if the game is still at
        that revision (StaleGame: another phone changed it since), and the game's other
        pages (but ``exclude``, this page's own subscription) are told."""
        seat = self._acting_seat(game_id)
        self._may_enter(game_id, seat, shown.session, change)
        now = self.store.commit(game_id, shown.revision, change, shown=shown.session)
        who = "the host" if self.admin and self.key is None else (
            "the table phone" if seat.kind == "table" else seat.label(now.session.setup.players))
        told = self.tables.hub.publish(Committed(game_id, shown.revision, now.revision, change.kind, now.session,
                                                 who), exclude=exclude)
        log.info("game %s revision %d: %s by %s, told %d other page(s)", game_id, now.revision, change.kind, who,
                 told)
        return now

    # --- the saved games' list -----------------------------------------------------------------

    def create(self, session: Session, seat: Seat = TABLE) -> str:
        """Save a new game held by this phone (at the whole table unless told)."""
        return self.store.create(session, device=self.key, seat=str(seat))

    def export(self, game_id: str) -> str:
        self._seat_text(game_id)
        return self.store.export_json(game_id)

    export_json = export

    def import_json(self, text: str | bytes, notes: list[str] | None = None) -> str:
        return self.store.import_json(text, device=self.key, notes=notes)

    def delete(self, game_id: str) -> bool:
        """Take the game off this phone. The last phone holding it (or the host) deletes it
        for good; True then. Other phones at the table keep it otherwise."""
        self._seat_text(game_id)
        others = [d for d in self.store.seats(game_id) if d != self.key]
        if others and not self.admin and self.key is not None:
            self.store.leave(self.key, game_id)
            return False
        revision = self.store.revision(game_id) or 0
        self.store.delete(game_id)
        self.tables.hub.publish(Committed(game_id, revision, revision, "deleted"))
        return True

    # --- the players and their records (companion/records/game_records.py, stats.py) -----------------------

    @property
    def scope(self) -> Scope | None:
        """The records this phone sees (None: every record, for the host and the command line)."""
        if self.admin or self.key is None:
            return None
        return Scope(self.key, self.on_host_machine)

    def players_screen(self, flt: Filter) -> Board:
        return players_screen(self.store, self.scope, flt)

    def tonight(self) -> Night:
        return tonight(self.store, self.scope)

    def head_to_head(self, flt: Filter, a: str, b: str) -> HeadToHead:
        return head_to_head(self.store, self.scope, flt, a, b)

    def win_rate_over_time(self, flt: Filter, name: str) -> tuple[tuple[float, float], ...]:
        return win_rate_over_time(self.store, self.scope, flt, name)

    def records_csv(self, flt: Filter | None = None) -> str:
        return records_csv(self.store, self.scope, flt)

    def recent_players(self) -> list[str]:
        """The players of this phone's games, each once by their name now, the most recent first."""
        games = self.games()
        with self.store.reading() as db:
            names = names_now(db)
        return recent_players([(g.players, g.updated) for g in games if not g.problem], names)

    def rename_player(self, name: str, new: str) -> str:
        """Rename a player in every record (their new name); a phone may rename only a player
        whose every record is of a game it holds."""
        with self.store.writing() as db:
            self._may_change(db, name)
            return records.rename(db, name, new)

    def merge_players(self, name: str, into: str) -> str:
        """Two spellings of one person: ``name``'s records count for ``into`` (the name kept)."""
        with self.store.writing() as db:
            self._may_change(db, name)
            self._may_change(db, into)
            return records.merge(db, name, into)

    def _may_change(self, db: Any, name: str) -> None:
        scope = self.scope
        if scope is None:
            return
        player = find_player(db, name)
        sql, args = where(scope, Filter())
        mine = db.execute(f"SELECT COUNT(*) FROM placings p JOIN records r ON r.game_id = p.game_id "
                          f"{also(sql, 'p.player = ?')}", [*args, player]).fetchone()[0]
        if not mine:
            raise IllegalAction(f"there is no player called {name.strip()[:40]!r} in this phone's records")
        everywhere = db.execute("SELECT COUNT(*) FROM placings WHERE player = ?", (player,)).fetchone()[0]
        if everywhere > mine:
            raise Refused(f"{name.strip()} also played at tables this phone does not hold: only the host view "
                          "can rename or merge them")

    def check_stale(self, shown: Snapshot) -> bool:
        """True if the saved game moved on since ``shown`` (another server or process)."""
        return self.store.revision(shown.game_id) != shown.revision


__all__ = ["Device", "LOOPBACK", "NOT_OPEN", "Opened", "Tables", "WATCHING", "StaleGame"]
