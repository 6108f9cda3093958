"""The table screen's frame, the same for every game: opens the game named in the URL (if
this phone holds it), commits every step before showing its result, undo/redo, the table's
code and how to get the other phones in, this phone's seat, table mode, the way to the
history and the rules, and the final result. The game's own component draws the table.

Every step is entered on the state this screen shows: its ``dispatch`` is bound to the
revision it was drawn from, and a step from an older screen is refused with the stale
sentence (``StaleGame``), never applied to a state its player did not see. A step
committed on another phone arrives through the live hub with its session and is shown at
once (nothing is read or replayed); a page that was away re-checks the save when it comes
back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

import flet as ft
from pydantic import ValidationError

from card_companion.companion.access import Refused, Seat
from card_companion.companion.game import IllegalAction, Outcome, plain_validation_error
from card_companion.companion.live import STEPS, Committed
from card_companion.companion.session import Session
from card_companion.companion.storage import Snapshot, StaleGame, StoreError
from card_companion.views.calculator.screen import calc_route
from card_companion.views.common import (
    button,
    fire_and_forget,
    icon_button,
    message,
    navigate,
    on_page_loop,
    screen,
    sized,
    tagged,
    use_services,
    use_text_scale,
)
from card_companion.views.seats import InvitePanel, JoinByCode, SeatPicker, seat_line, sentence
from card_companion.views.tables import table_component

log = logging.getLogger(__name__)

STALE_TAIL = "Your step was not saved: enter it again if it is still needed."


@dataclass(frozen=True)
class Table:
    """What a game's table component gets: the session, the way to change it, and where this
    phone sits.

    ``dispatch(action) -> bool`` commits the action (True) or shows the refusal in one
    sentence and changes nothing (False). ``refusal(action) -> str | None`` commits it too,
    but hands the refusal back for the game's screen to show beside the entry (None: done;
    "": refused and already said at the top, a stale screen). No view applies the rules
    itself to find the message. The layout of the players' panels for the seat and
    table mode is ``views.common.seated`` / ``side_by_side``: a game's component hands its
    panels to them and does nothing else about seats."""

    session: Session
    dispatch: Callable[[object], bool]
    """apply an action: commits it and re-renders; False (with the message shown) if refused"""
    game_id: str
    """the saved game's id"""
    seat: Seat | None = None
    """where this phone sits: a player, the whole table, watching (None: the whole table)"""
    table_mode: bool = False
    """two players, one phone between them: the far player's panel is turned 180°"""
    revision: int = 0
    """the saved game's revision this screen shows"""
    text_scale: float = 1.0
    refusal: Callable[[object], str | None] = lambda action: "this table cannot take steps"
    """apply an action: None if committed, else the refusal for the game's screen to show"""

    @property
    def state(self):
        return self.session.state

    @property
    def game(self):
        return self.session.game

    @property
    def watching(self) -> bool:
        return self.seat is not None and not self.seat.can_act


def outcome_panel(outcome: Outcome) -> ft.Control:
    return tagged(
        "outcome",
        ft.Container(
            content=ft.Column(
                [ft.Text("Game over", size=14, italic=True),
                 ft.Text(outcome.headline, size=sized(24), weight=ft.FontWeight.BOLD)]
                + [ft.Text(f"• {d}") for d in outcome.details],
                spacing=4,
                tight=True,
            ),
            padding=14,
            border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
        ),
        label=f"Game over: {outcome.headline}",
    )


def same_players(game, session: Session, device) -> ft.Control:
    """Every game's end: a new game with the same players and settings, saved on this phone
    and opened (issue 14 item 11; one place for the five games)."""
    def start() -> None:
        gid = device.create(Session.start(game, session.setup))
        navigate(f"/play/{gid}")

    return button("New game, same players", start, "rematch", icon=ft.Icons.REPLAY, primary=False)


def follow(shown: Snapshot | None, event: Committed) -> Snapshot | None | bool:
    """What a page showing ``shown`` does with a step committed elsewhere: the new snapshot
    (the step applies to what it shows: take the committed session as it is), False (it has
    that step already), or None (it missed something: read the save)."""
    if shown is None or event.kind not in STEPS:
        return None
    if event.after <= shown.revision:
        return False
    if event.before == shown.revision and event.session is not None:
        return Snapshot(shown.game_id, event.session, event.after, shown.code)
    return None


NEWS = {"push": "entered a step", "undo": "undid the last step", "redo": "redid a step",
        "redo-all": "brought back the undone steps", "undo-to": "went back to an earlier step",
        "edit": "changed the cards of an earlier step"}


def open_game(device, gid: str):
    """(Opened, None) or (None, why not: the Refused itself when this phone may not see it,
    else the sentence)."""
    try:
        return device.open(gid), None
    except Refused as exc:
        return None, exc
    except (IllegalAction, StoreError) as exc:
        return None, str(exc)


@ft.component
def TableScreen() -> ft.Control:
    gid = ft.use_route_params().get("gid", "")
    # one component per game: its hooks never depend on which game is shown
    return TablePage(gid, key=f"table-{gid}")


@dataclass
class Live:
    """The table as this page holds it: what was opened (or why not), and the ways to change
    what is shown. ``latest`` is what the handlers see (quick events can come before a new
    drawing)."""

    loaded: tuple
    set_loaded: Callable
    latest: object
    subscription: object
    set_error: Callable
    set_news: Callable
    set_seats_seen: Callable
    open: Callable

    def show(self, fresh) -> None:
        self.latest.current = fresh
        self.set_loaded(fresh)

    def reload(self, note: str | None = None) -> None:
        self.show(self.open())
        if note is not None:
            self.set_news(note)

    def take(self, event: Committed) -> None:
        """A step (or a seat, or a delete) committed on another phone of this table."""
        current = self.latest.current[0]
        if event.kind == "deleted":
            self.show((None, "this game was deleted on another phone"))
            return
        if event.kind == "seat":
            self.set_seats_seen(lambda n: n + 1)
            return
        now = follow(current.snapshot if current else None, event)
        if now is False:
            return
        if now is None:
            self.reload()
        else:
            self.show((type(current)(now, current.seat), None))
        self.set_error(None)
        self.set_news(f"{event.by[:1].upper()}{event.by[1:]} {NEWS.get(event.kind, 'changed the game')}.")


def use_live(gid: str, device, services, page, set_error, set_news, set_seats_seen) -> Live:
    """The hooks of a table page: the game read once when the screen opens, the other phones'
    steps through the live hub, a re-check when the connection comes back, the screen kept
    awake."""
    loaded, set_loaded = ft.use_state(lambda: open_game(device, gid))
    latest = ft.use_ref(None)
    subscription = ft.use_ref(None)
    forget = ft.use_ref(None)  # takes back the close handler when the screen unmounts
    latest.current = loaded
    live = Live(loaded, set_loaded, latest, subscription, set_error, set_news, set_seats_seen,
                lambda: open_game(device, gid))

    def subscribe():
        life = services.life
        subscription.current = device.tables.hub.subscribe(
            gid,
            lambda event: on_page_loop(page, lambda: live.take(event)),
            alive=(lambda: not life.closed) if life is not None else (lambda: True),
        )
        # Flet does not unmount the screen when it drops a closed session: the subscription
        # (which holds this page and everything it drew) goes when the session does
        forget.current = life.on_close(unsubscribe) if life is not None else None

    def unsubscribe():
        if subscription.current is not None:
            subscription.current.close()
            subscription.current = None
        if forget.current is not None:
            forget.current()
            forget.current = None

    ft.use_effect(subscribe, dependencies=[], cleanup=unsubscribe)

    def came_back():
        """The page's connection came back: steps may have been missed meanwhile."""
        if services.reconnects == 0 or latest.current[0] is None:
            return
        try:
            stale = device.check_stale(latest.current[0].snapshot)
        except StoreError:
            return
        if stale:
            live.reload("Reconnected: steps came in while this phone was away; this is the latest state.")

    ft.use_effect(came_back, dependencies=[services.reconnects])
    ft.use_effect(lambda: fire_and_forget(page, lambda service: service(ft.Wakelock).enable()), dependencies=[],
                  cleanup=lambda: fire_and_forget(page, lambda service: service(ft.Wakelock).disable()))
    return live


def not_opened(route: str, load_error) -> ft.View:
    """The game cannot be shown: not this phone's (only that, and the way in), or unreadable."""
    if isinstance(load_error, Refused):
        return screen("Game", [message(sentence(load_error), "load-error"), JoinByCode(key="join")], route=route)
    return screen("Game", [
        message(f"This game cannot be opened: {load_error}. It is left as it is.", "load-error"),
        button("Home", lambda: navigate("/"), "home", icon=ft.Icons.HOME),
    ], route=route)


def committer(live: Live, device, gid: str, page, set_error, set_news, set_inviting) -> Callable[..., str | None]:
    """``commit(kind, action=None, here=False)``: a step bound to the revision this screen
    shows. None once committed; else the refusal, shown at the top unless ``here`` (the
    game's screen shows it beside the entry). A stale screen is said at the top in any case
    (the screen is redrawn at the latest revision), and "" comes back."""
    opened = live.loaded[0]
    shown = opened.snapshot

    def refused(text: str, here: bool) -> str:
        if not here:
            set_error(text[:1].upper() + text[1:])
        return text

    def commit(kind: str, action=None, here: bool = False) -> str | None:
        said = {"undo": opened.session.last_step, "redo": opened.session.next_redo}.get(kind, lambda: None)
        try:
            step = said()  # the words of the step Undo takes back (or Redo brings back), before it goes
        except IllegalAction:
            step = None
        exclude = live.subscription.current
        try:
            if kind == "push":
                now = device.push(gid, shown, action, exclude=exclude)
            elif kind == "undo":
                now = device.undo(gid, shown, exclude=exclude)
            else:
                now = device.redo(gid, shown, exclude=exclude)
        except StaleGame as exc:
            live.reload()
            set_error(f"{str(exc)[:1].upper()}{str(exc)[1:]}. {STALE_TAIL}")
            return ""
        except (IllegalAction, StoreError) as exc:
            return refused(str(exc), here)
        except (ValidationError, ValueError) as exc:  # an action built from what was typed
            return refused(plain_validation_error(exc), here)
        except Exception as exc:  # a bug must not take the table down: say so, change nothing
            log.exception("could not apply a step to game %s", gid)
            set_error(f"The app could not apply that step ({type(exc).__name__}: {exc}). Nothing was changed; "
                      "the game is saved as it was.")
            return ""
        live.show((type(opened)(now, opened.seat), None))
        set_error(None)
        set_news(f"{'Undid' if kind == 'undo' else 'Redid'}: {step}" if step else None)
        set_inviting(False)
        fire_and_forget(page, lambda service: service(ft.HapticFeedback).medium_impact())
        return None

    return commit


def table_actions(gid: str, session: Session, revision: int, commit, watching: bool = False) -> list[ft.Control]:
    """The app bar: undo, redo (bound to this revision; off on a watcher's phone), history,
    rules, calculator."""
    game = session.game
    return [
        icon_button(ft.Icons.UNDO, "Undo", (lambda: commit("undo")) if session.can_undo and not watching else None,
                    "undo", key=f"undo-{revision}"),
        icon_button(ft.Icons.REDO, "Redo", (lambda: commit("redo")) if session.can_redo and not watching else None,
                    "redo", key=f"redo-{revision}"),
        icon_button(ft.Icons.HISTORY, "History", lambda: navigate(f"/play/{gid}/history"), "history"),
        icon_button(ft.Icons.MENU_BOOK, "Rules", lambda: navigate(f"/rules/{game.id}?back=/play/{gid}"), "rules"),
        icon_button(ft.Icons.CALCULATE, "Calculator",
                    lambda: navigate(calc_route(game.id, session.state.names, f"/play/{gid}")), "calculator"),
    ]


@ft.component
def TablePage(gid: str) -> ft.View:
    use_text_scale()  # the outcome's headline follows the text-size setting
    services = use_services()
    device = services.access()
    page = ft.context.page
    route = f"/play/{gid}"
    error, set_error = ft.use_state(None)
    news, set_news = ft.use_state(None)
    table_mode, set_table_mode = ft.use_state(False)
    picking_seat, set_picking_seat = ft.use_state(False)
    inviting, set_inviting = ft.use_state(None)  # None: open when the game has no step yet
    seats_seen, set_seats_seen = ft.use_state(0)  # bumped when a phone takes a seat
    live = use_live(gid, device, services, page, set_error, set_news, set_seats_seen)

    opened, load_error = live.loaded
    if opened is None:
        return not_opened(route, load_error)
    session = opened.snapshot.session
    game = session.game
    names = session.setup.players

    if opened.seat is None or picking_seat:
        def picked(seat: Seat) -> None:
            set_picking_seat(False)
            live.reload(f"This phone sits as {seat.label(names)}." if seat.kind == "player"
                        else f"This phone is {seat.label(names)}.")

        return screen(game.name, [
            SeatPicker(gid, names, opened.seat, picked, seats_seen,
                       on_cancel=(lambda: set_picking_seat(False)) if opened.seat is not None else None),
        ], route=route)

    commit = committer(live, device, gid, page, set_error, set_news, set_inviting)
    revision = opened.snapshot.revision
    two_players = len(names) == 2
    scale = getattr(services.prefs, "scale", 1.0)
    table = Table(session, lambda action: commit("push", action) is None, gid, opened.seat,
                  table_mode and two_players, revision, scale, lambda action: commit("push", action, here=True))
    # drawn anew at every revision: a tap on the screen of an older revision reaches the
    # handler bound to that revision (refused as stale), never a newer one
    body = table_component(game.id)(table, key=f"{gid}-{revision}")
    if table.watching:
        # a watcher's phone shows the table live with its entries greyed out, as the history
        # shows it without its buttons: nothing to tap that the server would refuse (and the
        # server refuses a watcher's step all the same)
        body = ft.Container(content=body, disabled=True)
    outcome = session.outcome
    show_invite = inviting if inviting is not None else not session.actions
    return screen(
        game.name,
        [
            message(news, "table-news", kind="info"),
            message(error, "action-error"),
            message("This phone is watching: it shows the table live and cannot change it. To play from it, tap "
                    "Watching and pick a seat." if table.watching
                    else None, "watching", kind="info"),
            seat_line(opened.seat, names, lambda: set_picking_seat(True), table_mode if two_players else None,
                      set_table_mode, lambda: set_inviting(not show_invite), opened.code),
            InvitePanel(opened.code, services.join_base, key="invite") if show_invite else None,
            outcome_panel(outcome) if outcome else None,
            same_players(game, session, device) if outcome and not table.watching else None,
            body,
        ],
        route=route,
        actions=table_actions(gid, session, revision, commit, table.watching),
    )


__all__ = ["Table", "TablePage", "TableScreen", "follow", "outcome_panel", "Refused"]
