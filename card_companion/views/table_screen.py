"""The table screen's frame, the same for every game: opens the game named in the URL (if
this phone holds it), commits every step before showing its result, undo/redo, the table's
code and how to get the other phones in, this phone's seat, table mode, the way to the
history and the rules, and the final result. The game's own component draws the table.

What the page shows of the table lives in one ``LiveTable`` (views/live_table.py); each part
of the frame selects what it shows from it and is drawn again only when that changed. A step
draws again the undo and redo buttons, the notices and the game's body: the app bar's title,
the seat line and the invite stay as they were (docs/performance.md, "A step redraws only
what it changed").

Every step is entered on the state its control was drawn from (``Table.dispatch`` carries
that revision), and a step from an older drawing is refused with the stale sentence
(``StaleGame``), never applied to a state its player did not see. A step committed on
another phone arrives through the live hub with its session and is shown at once (nothing
is read or replayed); a page that was away re-checks the save when it comes back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlparse

import flet as ft

from card_companion.companion.game import Outcome
from card_companion.companion.log_changes import Redo, Undo
from card_companion.companion.phones.access import Refused, Seat
from card_companion.companion.saves.storage import StoreError
from card_companion.companion.session import Session
from card_companion.views.calculator.screen import calc_route
from card_companion.views.flet_compat import MutableRef, after_the_updates
from card_companion.views.game_views import table_component
from card_companion.views.hooks import FletKey, sized, use_kept, use_made, use_stable, use_text_scale
from card_companion.views.joining import InvitePanel, JoinByCode, SeatLine, SeatPicker, sentence
from card_companion.views.kept_panels import kept, use_kept_data
from card_companion.views.live_table import (
    NEWS,
    STALE_TAIL,
    LiveTable,
    Table,
    follow,
    use_selected,
)
from card_companion.views.navigation import navigate, screen, scroll_to_top
from card_companion.views.services import fire_and_forget, use_services
from card_companion.views.widgets import TOUCH_BOX, button, icon_button, message, message_box, suited, tagged

WATCHING = ("This phone is watching: it shows the table live and cannot change it. To play from it, tap "
            "Watching and pick a seat.")


def outcome_panel(headline: str, outcome: Outcome) -> ft.Control:
    """The final result: the game's headline (the words the saved-games list, the history and
    the records say it with), then how it was scored."""
    return tagged(
        "outcome",
        ft.Container(
            content=ft.Column(
                [ft.Text("Game over", size=14, italic=True),
                 ft.Text(headline, size=sized(24), weight=ft.FontWeight.BOLD),
                 *(ft.Text(f"• {d}") for d in outcome.details)],
                spacing=4,
                tight=True,
            ),
            padding=14,
            border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
        ),
        label=f"Game over: {headline}",
    )


@ft.component
def TableScreen() -> ft.Control:
    gid = ft.use_route_params().get("gid", "")
    # one component per game: its hooks never depend on which game is shown
    return TablePage(gid, key=f"table-{gid}")


def use_live_table(gid: str, services: Any, page: Any, on_seat: Callable[[], None]) -> LiveTable:
    """The page's ``LiveTable``: the game read once when the screen opens, the other phones'
    steps through the live hub, a re-check when the connection comes back, the screen kept
    awake."""
    device = services.access()
    # a page in a browser reports what it has drawn (the view tests' stand-in page does not)
    live: LiveTable = use_made(lambda: LiveTable(gid, device, page, reports=isinstance(page, ft.Page),
                                                 several=started_for_several(page)))[0]
    forget: MutableRef[Callable[[], None]] = ft.use_ref(None)  # takes back the close handler when the screen unmounts
    seat_seen = use_stable(on_seat)

    def subscribe() -> None:
        life = services.life
        live.subscribe((lambda: not life.closed) if life is not None else (lambda: True), seat_seen)
        # Flet does not unmount the screen when it drops a closed session: the subscription
        # (which holds this page and everything it drew) goes when the session does
        forget.current = life.on_close(unsubscribe) if life is not None else None

    def unsubscribe() -> None:
        live.unsubscribe()
        if forget.current is not None:
            forget.current()
            forget.current = None

    ft.use_effect(subscribe, dependencies=[], cleanup=unsubscribe)

    def came_back() -> None:
        """The page's connection came back: steps may have been missed meanwhile."""
        if services.reconnects == 0 or live.opened is None:
            return
        try:
            stale = device.check_stale(live.opened.snapshot)
        except StoreError:
            return
        if stale:
            live.reload("Reconnected: steps came in while this phone was away; this is the latest state.")

    ft.use_effect(came_back, dependencies=[services.reconnects])
    ft.use_effect(lambda: fire_and_forget(page, lambda service: service(ft.Wakelock).enable()), dependencies=[],
                  cleanup=lambda: fire_and_forget(page, lambda service: service(ft.Wakelock).disable()))
    return live


def started_for_several(page: Any) -> bool:
    """The page's address says the game was just started for several phones
    (``?phones=several``, views/new_game.py's ``table_route``)."""
    query = parse_qs(urlparse(getattr(page, "route", "") or "").query)
    return query.get("phones") == ["several"]


def not_opened(route: str, load_error: Any) -> ft.View:
    """The game cannot be shown: not this phone's (only that, and the way in), or unreadable."""
    if isinstance(load_error, Refused):
        return screen("Game", [message(sentence(load_error), "load-error"), JoinByCode(key="join")], route=route)
    return screen("Game", [
        message(f"This game cannot be opened: {load_error}. It is left as it is.", "load-error"),
        button("Home", lambda: navigate("/"), "home", icon=ft.Icons.HOME),
    ], route=route)


def _frame(live: LiveTable) -> tuple:
    """What the frame itself shows: the game and its players, this phone's seat, the code,
    and whether the invite is open (for a game started for several phones, open until the
    first step unless the phone chose)."""
    opened = live.opened
    if opened is None:
        return (None, live.problem)
    session = opened.session
    return (session.game, session.setup.players, opened.seat, opened.code, live.invite_open, opened.anyone)


@ft.component
def TablePage(gid: str, key: FletKey = None) -> ft.View:
    services = use_services()
    page = ft.context.page
    route = f"/play/{gid}"
    table_mode, set_table_mode = ft.use_state(False)
    picking_seat, set_picking_seat = ft.use_state(False)
    seats_seen, set_seats_seen = ft.use_state(0)  # bumped when a phone takes a seat
    live = use_live_table(gid, services, page, lambda: set_seats_seen(lambda n: n + 1))
    frame = use_selected(live, _frame)
    scale = float(getattr(services.prefs, "scale", 1.0))
    on_seat = use_stable(lambda: set_picking_seat(True))
    on_table_mode = use_stable(lambda: set_table_mode(lambda on: not on))
    on_invite = use_stable(lambda: live.set(inviting=not _frame(live)[4]))

    if frame[0] is None:
        return not_opened(route, frame[1])
    game, names, seat, code, inviting, anyone = frame

    if seat is None or picking_seat:
        def picked(chosen: Seat) -> None:
            set_picking_seat(False)
            live.reload(f"This phone sits as {chosen.label(names)}." if chosen.kind == "player"
                        else f"This phone is {chosen.label(names)}.")

        return screen(game.name, [
            SeatPicker(gid, names, seat, picked, seats_seen,
                       on_cancel=(lambda: set_picking_seat(False)) if seat is not None else None),
        ], route=route)

    watching = not seat.can_act
    two_players = len(names) == 2
    if services.on_phone:  # the phone app: no server, so no code for other phones to join with
        code, inviting = "", False
    return screen(
        game.name,
        [
            Notices(live, watching, seat, names, table_mode if two_players else None, code, on_seat, on_table_mode,
                    on_invite),
            InvitePanel(code, services.join_base, key="invite") if inviting else None,
            GameBody(live, game, seat, table_mode and two_players, scale, watching, anyone),
        ],
        route=route,
        actions=[UndoRedo(live, watching), TableLinks(gid, game.id, names)],
    )


def kept_problem(live: LiveTable) -> str | None:
    """Why the saves are no longer kept (the phone app's storage failed since the start: the
    games are in memory only from then on), or None."""
    store = getattr(getattr(getattr(live, "device", None), "tables", None), "store", None)
    return getattr(store, "keep_problem", None)


@ft.memo
@ft.component
def Notices(live: LiveTable, watching: bool, seat: Seat, names: tuple[str, ...], table_mode: bool | None,
            code: str, on_seat: Callable, on_table_mode: Callable, on_invite: Callable) -> ft.Control:
    """The top of the table: the saves no longer kept, if so (it stays said); one notice at
    most (``Notice``), then the seat line (its own memoized part: a new notice does not draw
    it again)."""
    unkept = use_selected(live, kept_problem)
    return ft.Column([c for c in (
        message(f"Saved games: {unkept}" if unkept else None, "keep-problem", kind="warning"),
        Notice(live, watching),
        SeatLine(seat, names, table_mode, code, on_seat, on_table_mode, on_invite),
    ) if c is not None], spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def notice_of(live: LiveTable, watching: bool) -> tuple[str, str, str] | None:
    """The one notice the table shows: (its kind, its id, its words) of a refusal, else of the
    last step's news, else of the watcher's note; None: nothing to say."""
    news, error = live.news, live.error
    if error:
        return "error", "action-error", error
    if news:
        return "info", "table-news", news
    return ("info", "watching", WATCHING) if watching else None


@ft.memo
@ft.component
def Notice(live: LiveTable, watching: bool) -> ft.Control:
    """The notice's box, kept mounted (hidden while there is nothing to say) and drawn again
    only when its kind changes: a step's news changes only its words (``NoticeWords``), where
    a whole box was made and sent again at every step, on every phone of the table (issue 36)."""
    kind = use_selected(live, lambda now: (notice_of(now, watching) or (None,))[0])
    last: MutableRef[str] = ft.use_ref("info")
    if kind is not None:
        last.current = kind
    return ft.Container(message_box(last.current or "info", NoticeWords(live, watching)), visible=kind is not None)


@ft.memo
@ft.component
def NoticeWords(live: LiveTable, watching: bool) -> ft.Control:
    """The notice's words, with its id and its label (what a screen reader says)."""
    shown = use_selected(live, lambda now: notice_of(now, watching))
    if shown is None:
        return ft.Text("", expand=True)
    _, ident, words = shown
    return tagged(ident, suited(words, expand=True), label=words)


def _undo_redo(live: LiveTable) -> tuple[bool, bool]:
    opened = live.opened
    if opened is None:
        return False, False
    return opened.session.can_undo, opened.session.can_redo


@ft.memo
@ft.component
def UndoRedo(live: LiveTable, watching: bool) -> ft.Control:
    """Undo and redo of the state this phone shows (off on a watcher's phone): drawn again only
    when one of them turns on or off."""
    can_undo, can_redo = use_selected(live, _undo_redo)
    undo = use_stable(lambda: live.send(Undo(), False))
    redo = use_stable(lambda: live.send(Redo(), False))
    part = use_kept()  # (the one of the two that did not turn on or off: handed back as it was drawn)
    return ft.Row([
        part(_history_button, ft.Icons.UNDO, "Undo", undo if can_undo and not watching else None, key="undo"),
        part(_history_button, ft.Icons.REDO, "Redo", redo if can_redo and not watching else None, key="redo"),
    ], spacing=0, tight=True)


def _history_button(icon: ft.IconData, label: str, on_click: Callable | None, key: str) -> ft.Control:
    return icon_button(icon, label, on_click, key)


@ft.memo
@ft.component
def TableLinks(gid: str, game_id: str, names: tuple[str, ...]) -> ft.Control:
    """History, rules and the calculator, the same for the table's whole life, folded into one
    menu: the bar keeps undo and redo at hand and room for the game's whole name."""
    def item(icon: ft.IconData, label: str, ident: str, route: str) -> ft.PopupMenuItem:
        return ft.PopupMenuItem(content=tagged(ident, ft.Text(label), label=label), icon=icon,
                                on_click=lambda: navigate(route))

    return tagged("more", ft.PopupMenuButton(icon=ft.Icons.MORE_VERT, tooltip="History, rules, calculator", **TOUCH_BOX,
                                             items=[
        item(ft.Icons.HISTORY, "History", "history", f"/play/{gid}/history"),
        item(ft.Icons.MENU_BOOK, "Rules", "rules", f"/rules/{game_id}?back=/play/{gid}"),
        item(ft.Icons.CALCULATE, "Calculator", "calculator", calc_route(game_id, names, f"/play/{gid}")),
    ]), label="More: history, rules, calculator")




@ft.memo
@ft.component
def GameBody(live: LiveTable, game: Any, seat: Seat, table_mode: bool, scale: float, watching: bool,
             anyone: bool = False) -> ft.Control:
    """The game's own table, the final result once it is over, and the drawing marker. Drawn
    again only when this phone's seat or settings change (or the table's "any phone may enter
    for anyone"): the game's component and its panels select what they show from ``live``
    themselves (views/live_table.py)."""
    table: Table[Any, Any] = Table(live, game, seat, table_mode, scale, anyone)  # the game's view names its own
    body = table_component(game.id)(table, key=game.id)
    if watching:
        # a watcher's phone shows the table live with its entries greyed out, as the history
        # shows it without its buttons: nothing to tap that the server would refuse (and the
        # server refuses a watcher's step all the same)
        body = ft.Container(content=body, disabled=True)
    return ft.Column([GameOver(table, watching), body, DrawnMarker(live)], spacing=0, tight=True,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _outcome(session: Session) -> tuple | None:
    """The final result once the game is over (None while it goes on)."""
    outcome = session.outcome
    headline = session.game.headline(session.state) if outcome is not None else None
    if outcome is None or headline is None:
        return None
    return outcome, headline, session.game, session.setup


@ft.memo
@ft.component
def GameOver(table: Table, watching: bool) -> ft.Control:
    """Once the game is over: the final result, and a new game with the same players. Kept
    mounted, hidden, when an undo takes the game's end back (``kept_panels``): a redo, or the
    next end, then changes only what differs; hiding it or showing it again draws its box only."""
    data, shown = use_kept_data(table, _outcome)
    if data is None:
        return ft.Column([], spacing=0)
    return kept(GameResult(*data, watching), shown)


@ft.memo
@ft.component
def GameResult(outcome: Outcome, headline: str, game: Any, setup: Any, watching: bool) -> ft.Control:
    """The final result (``GameOver``), and, but on a watcher's phone, a new game with the same players."""
    use_text_scale()  # the outcome's headline follows the text-size setting
    return ft.Container(ft.Column([c for c in (
        outcome_panel(headline, outcome),
        SamePlayers(game, setup) if not watching else None,
    ) if c is not None], spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=ft.Padding.only(bottom=12))


@ft.component
def DrawnMarker(live: LiveTable) -> ft.Control:
    """An empty box under the game whose width says which revision it was drawn for;
    the browser reports its size after the frame that laid it out, and so tells the table
    what this phone has drawn (``LiveTable.drew``). Its width changes in an update of its
    own, after every panel of the step was sent, so its report comes after all of them: a new
    revision heard asks for it once the updates of the step are done (``after_the_updates``),
    so that the step draws the marker once. Each new revision also brings the screen back to
    its top (``scroll_to_top``), once the step is drawn: the page keeps its scroll offset while
    a step changes its height (clamped where it shrank), which left the new step's heading
    under the app bar; at the top, the news, the seat line and the step's heading are in sight
    below it. And the table's card keyboard looks again for the entries asking for it
    (``Keys.step_drawn``)."""
    marked, set_marked = ft.use_state(live.revision)
    page = ft.context.page
    at: MutableRef[int] = ft.use_ref(lambda: live.revision)  # the revision the marker's width says
    stop: MutableRef[Callable[[], None]] = ft.use_ref(None)

    def step_drawn(revision: int) -> None:
        if revision == at.current:  # (asked more than once for one revision: the first did it)
            return
        at.current = revision
        set_marked(revision)
        live.keyboard.step_drawn(page)  # (the table's keyboard looks again)

    def listen() -> None:
        def heard() -> None:
            # asked again at every change until the marker says the revision: an ask Flet dropped
            # (the page went away in between) is made again by the re-read when it comes back
            revision = live.revision
            if revision != at.current:
                after_the_updates(page, lambda: step_drawn(revision))

        live.keyboard.step_drawn(page)
        stop.current = live.listen(heard)
        heard()  # (a step between the first drawing and now)

    def forget() -> None:
        if stop.current is not None:
            stop.current()

    ft.use_effect(listen, dependencies=[], cleanup=forget)
    ft.use_effect(scroll_to_top, dependencies=[marked])
    on_drawn = use_stable(lambda e: live.drew(e.width))
    # one pixel high and empty: nothing to see. Not zero: a page that reconnected and then drew
    # a step with a box of no height hung Flet's web client (seen in Chromium, flet-web 1.0.5)
    return ft.Row([ft.Container(width=live.marking(marked), height=1, on_size_change=on_drawn,
                                size_change_interval=0)])


@ft.memo
@ft.component
def SamePlayers(game: Any, setup: Any) -> ft.Control:
    """Every game's end: a new game with the same players and settings, saved on this phone
    and opened (issue 14 item 11; one place for the five games)."""
    device = use_services().access()

    def start() -> None:
        gid = device.create(Session.start(game, setup))
        navigate(f"/play/{gid}")

    return button("New game, same players", start, "rematch", icon=ft.Icons.REPLAY, primary=False)


__all__ = ["NEWS", "STALE_TAIL", "Table", "TablePage", "TableScreen", "follow", "outcome_panel", "Refused"]
