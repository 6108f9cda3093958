"""Getting the phones to the table: the table's code and its QR code drawn in the app (one
phone scans another's screen), copy and share of the join link, the join screen
(``/join/<code>``), the "join a table" field of the home screen, and the seat picker ("I am
Bea", the whole table, watch only)."""

from __future__ import annotations

import functools
import io
from collections.abc import Callable

import flet as ft

from card_companion.companion.game import IllegalAction
from card_companion.companion.phones.access import TABLE, WATCH, Seat, format_table_code, parse_table_code, player_seat
from card_companion.companion.saves.storage import StoreError
from card_companion.views.hooks import FletKey, use_made, use_maybe
from card_companion.views.navigation import navigate, screen
from card_companion.views.services import use_services
from card_companion.views.widgets import (
    TOUCH_BOX,
    TOUCH_FIELD,
    TOUCH_HIGH,
    TOUCH_SWITCH,
    button,
    message,
    section,
    tagged,
)


def join_link(code: str, join_base: str | None) -> str:
    path = f"/join/{format_table_code(code)}"
    return f"{join_base.rstrip('/')}{path}" if join_base else path


@functools.lru_cache(maxsize=256)
def qr_png(text: str, scale: int = 6) -> bytes:
    """The QR code of ``text`` as a PNG (drawn here, so it works without internet)."""
    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=scale, border=2, dark="#111111", light="#ffffff")
    return out.getvalue()


def sentence(exc: Exception) -> str:
    text = str(exc)
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


# --- the table's code, QR code, copy and share ------------------------------------------------


@ft.memo
@ft.component
def InvitePanel(code: str, join_base: str | None) -> ft.Control:
    """How the other phones get in: scan this QR code, or open the link, or type the code."""
    note, set_note = use_maybe(tuple[str, str])
    link = join_link(code, join_base)
    shown_code = format_table_code(code)
    local_only = any(h in (join_base or "") for h in ("//127.", "//localhost", "//[::1]"))

    async def copy() -> None:
        try:
            await ft.Clipboard().set(link)
            set_note(("info", "The link is copied: send it to the other players."))
        except Exception:
            set_note(("warning", "This browser did not let the app copy: read the code out instead."))

    async def share() -> None:
        try:
            await ft.Share().share_text(f"Join our table in Card Companion: {link} (code {shown_code})",
                                        title="Join the table", mail_to_fallback_enabled=False,
                                        download_fallback_enabled=False)
        except Exception:
            set_note(("warning", "This browser cannot share (phones on plain http often cannot): copy the link "
                                 "or show this QR code instead."))

    parts: list[ft.Control | None] = [
        ft.Text("Another phone scans this code with its camera, or opens the link, or types the code on "
                "its home screen.", size=13),
        ft.Row([tagged("invite-qr", ft.Image(src=qr_png(link), width=200, height=200,
                                             semantics_label=f"QR code of {link}"),
                       label=f"QR code of the join link {link}")],
               alignment=ft.MainAxisAlignment.CENTER),
        ft.Row([tagged("invite-code", ft.Text(shown_code, size=30, weight=ft.FontWeight.BOLD,
                                              font_family="monospace", selectable=True),
                       label=f"table code {shown_code}")],
               alignment=ft.MainAxisAlignment.CENTER),
        tagged("invite-link", ft.Text(link, size=12, selectable=True, text_align=ft.TextAlign.CENTER),
               label=f"join link {link}"),
        ft.Row([button("Copy link", copy, "invite-copy", icon=ft.Icons.CONTENT_COPY, primary=False),
                button("Share", share, "invite-share", icon=ft.Icons.SHARE, primary=False)],
               spacing=8, alignment=ft.MainAxisAlignment.CENTER, wrap=True),
        message("This server only listens on this computer: start it with `companion --host 0.0.0.0` so "
                "phones on the Wi-Fi can join." if local_only else None, "invite-local", kind="warning"),
        message(note[1] if note else None, "invite-note", kind=note[0] if note else "info"),
    ]
    return section("Get the other phones in", parts, ident="invite-panel")


@ft.memo
@ft.component
def SeatLine(seat: Seat, names: tuple[str, ...], table_mode: bool | None, code: str, change_seat: Callable,
             toggle_table_mode: Callable, toggle_invite: Callable) -> ft.Control:
    """One line under the app bar: the table's code (tap: the QR code), this phone's seat
    (tap: change it), and table mode for two players (``table_mode`` None: not offered). A
    memoized component: its handlers keep their identity, so a step never draws it again."""
    where = seat.label(names)
    if seat.kind == "player":
        where = f"You: {where}"
    else:
        where = where[:1].upper() + where[1:]
    items: list[ft.Control] = [
        tagged("table-code", ft.TextButton(format_table_code(code), icon=ft.Icons.QR_CODE_2,
                                           on_click=lambda: toggle_invite(), **TOUCH_HIGH,
                                           tooltip="The table's code: how the other phones join"),
               label=f"table code {format_table_code(code)}: show how other phones join"),
    ] if code else []  # no code: the phone app, which no other phone can join
    items += [
        # the seat takes what room is left, cut short if it must: at the largest text size the line
        # stays one line, the table-mode button on it
        ft.Container(tagged("seat", ft.TextButton(
            content=ft.Text(where, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS), icon=ft.Icons.EVENT_SEAT,
            on_click=lambda: change_seat(), tooltip="Where this phone sits: tap to change", **TOUCH_HIGH),
            label=f"this phone's seat: {where}; change it"), expand=True, alignment=ft.Alignment.CENTER_LEFT),
    ]
    if table_mode is not None:
        state = "on" if table_mode else "off"
        items.append(tagged("table-mode", ft.IconButton(
            icon=ft.Icons.SCREEN_ROTATION, selected=table_mode, on_click=lambda: toggle_table_mode(), **TOUCH_BOX,
            tooltip=f"Table mode ({state}): one phone between two players, the far side turned to face them",
            style=ft.ButtonStyle(bgcolor=ft.Colors.PRIMARY_CONTAINER) if table_mode else None,
        ), label=f"table mode, {state}"))
    return ft.Row(items, spacing=2)


# --- seats -----------------------------------------------------------------------------------


@ft.component
def SeatPicker(gid: str, names: tuple[str, ...], current: Seat | None, on_picked, refresh: int = 0,
               on_cancel=None, key: FletKey = None) -> ft.Control:
    """Where does this phone sit? A player (one phone each), the whole table, or watch only."""
    services = use_services()
    device = services.access()
    taken, set_taken = use_made(lambda: _taken(device, gid))
    problem, set_problem = use_maybe(str)

    def seen_seats():
        if refresh:
            set_taken(_taken(device, gid))

    ft.use_effect(seen_seats, dependencies=[refresh])

    def pick(seat: Seat) -> None:
        try:
            device.take_seat(gid, seat)
        except (IllegalAction, StoreError) as exc:
            set_problem(sentence(exc))
            set_taken(_taken(device, gid))
            return
        set_problem(None)
        on_picked(seat)

    rows: list[ft.Control | None] = [
        ft.Text("Pick your seat. A player's phone shows that player's side at the bottom, larger, and enters "
                "that player's own choices and the shared steps (the cards a fight reveals, a coin flip).",
                size=13),
    ]
    for i, name in enumerate(names):
        mine = current == player_seat(i)
        label = f"I am {name}" + (" (this phone)" if mine else " — taken by another phone" if i in taken else "")
        rows.append(button(label, lambda e, i=i: pick(player_seat(i)), f"seat-player-{i}",
                           icon=ft.Icons.PERSON, primary=False, tonal=not (i in taken and not mine)))
    rows += [
        button("The whole table" + (" (this phone)" if current == TABLE else ""), lambda: pick(TABLE), "seat-table",
               icon=ft.Icons.TABLE_RESTAURANT, primary=False),
        ft.Text("One phone in the middle: anyone enters anyone's steps.", size=12, italic=True),
        button("Watch only" + (" (this phone)" if current == WATCH else ""), lambda: pick(WATCH), "seat-watch",
               icon=ft.Icons.VISIBILITY, primary=False),
        ft.Text("Sees the table live and changes nothing.", size=12, italic=True),
        # (the phone app's one phone enters every step: no setting to show there)
        AnyoneEnters(gid, key="anyone-enters") if current is not None and current.can_act
        and not services.on_phone else None,
        message(problem, "seat-problem"),
        button("Keep my seat", on_cancel, "seat-cancel", primary=False) if on_cancel else None,
    ]
    return section("Where does this phone sit?", rows, ident="seat-picker")


@ft.component
def AnyoneEnters(gid: str, key: FletKey = None) -> ft.Control:
    """The table's setting "any phone may enter for anyone" (saved with the game: every phone of
    the table follows it at once). Off: a player's phone enters that player's own choices and the
    shared steps, and the table phone every step."""
    device = use_services().access()
    on, set_on = use_made(lambda: _anyone(device, gid))
    problem, set_problem = use_maybe(str)

    def change(e) -> None:
        wanted = bool(e.control.value)
        try:
            device.let_anyone_enter(gid, wanted)
        except (IllegalAction, StoreError) as exc:
            set_problem(sentence(exc))
            return
        set_problem(None)
        set_on(wanted)

    return ft.Column([c for c in (
        tagged("anyone-enters", ft.Switch(label="Any phone may enter for anyone", value=on, on_change=change,
                                          **TOUCH_SWITCH),
               label="Any phone may enter for anyone"),
        ft.Text("On: every phone at this table enters every player's choices. Off: a player's phone enters "
                "that player's own choices and the shared steps; the table phone enters everything.",
                size=12, italic=True),
        message(problem, "anyone-problem"),
    ) if c is not None], spacing=4, tight=True)


def _anyone(device, gid: str) -> bool:
    try:
        return device.anyone_enters(gid)
    except (IllegalAction, StoreError):
        return False


def _taken(device, gid: str) -> set[int]:
    try:
        return device.taken_seats(gid)
    except (IllegalAction, StoreError):
        return set()


# --- joining -----------------------------------------------------------------------------------


@ft.component
def JoinByCode(prefill: str = "", primary: bool = False, key: FletKey = None) -> ft.Control:
    """The home screen's "join a table": type (or paste) the code, tap Join (``primary``: the
    screen's likeliest step, filled: on the join screen, not on home)."""
    device = use_services().access()
    typed, set_typed = ft.use_state(prefill)
    problem, set_problem = use_maybe(str)

    def join(e=None) -> None:
        try:
            gid = device.join(typed)
        except (IllegalAction, StoreError) as exc:
            set_problem(sentence(exc))
            return
        set_problem(None)
        del gid  # joined: the seat choice next, the same screen as the link's (JoinScreen)
        navigate(join_route(typed))

    return section("Join a table", [
        ft.Text("Type the code shown on the table's phone (or scan its QR code with the camera).", size=13),
        ft.Row([
            tagged("join-code", ft.TextField(value=typed, label="table code", hint_text="K7M-2PX-9RQ",
                                             on_change=lambda e: set_typed(e.control.value), on_submit=join,
                                             capitalization=ft.TextCapitalization.CHARACTERS, **TOUCH_FIELD,
                                             expand=True), label="table code"),
            button("Join", join, "join-submit", icon=ft.Icons.LOGIN, primary=primary),
        ], spacing=8),
        message(problem, "join-problem"),
    ], ident="join")


def join_route(code_text: str) -> str:
    """The screen a table's code or link opens, typed or scanned: ``/join/<code>`` (the
    table's name and the seat choice, or the table once this phone has a seat).

    >>> join_route("k7m 2px-9rq"), join_route("http://192.168.1.2:8550/join/K7M2PX9RQ")
    ('/join/K7M-2PX-9RQ', '/join/K7M-2PX-9RQ')
    """
    return f"/join/{format_table_code(parse_table_code(code_text))}"


def _join(device, code: str):
    """(Opened, None) after joining, or (None, the sentence why not)."""
    try:
        gid = device.join(code)
        return device.open(gid), None
    except (IllegalAction, StoreError) as exc:
        return None, sentence(exc)


@ft.component
def JoinScreen() -> ft.View:
    """``/join/<code>``: the link of the QR code, and where a code typed on the home screen
    lands too (``join_route``). Joins the table, then the seat picker."""
    code = ft.use_route_params().get("code", "")
    device = use_services().access()
    # joined once for each code (a wrong link's screen can join another code: the same screen)
    opened, problem = ft.use_memo(lambda: _join(device, code), dependencies=[code])
    route = f"/join/{code}"
    if opened is None:
        return screen("Join a table", [
            message(f"That link does not open a table. {problem}", "join-error"),
            JoinByCode(primary=True, key="join-again"),
        ], route=route)
    gid = opened.snapshot.game_id
    session = opened.session
    names = session.setup.players
    seated = opened.seat
    return screen(f"Join: {session.game.name}", [
        ft.Text(f"{session.game.name} with {', '.join(names)}.", size=16, weight=ft.FontWeight.BOLD),
        button("Open the table", lambda: navigate(f"/play/{gid}"), "join-open", icon=ft.Icons.PLAY_ARROW)
        if seated is not None else None,
        SeatPicker(gid, names, seated, lambda seat: navigate(f"/play/{gid}"), key="join-seats"),
    ], route=route)


# --- the host's view -------------------------------------------------------------------------------


@ft.component
def AdminScreen() -> ft.View:
    """``/admin``: the host password opens the host view (every game on this server)."""
    services = use_services()
    typed, set_typed = ft.use_state("")
    problem, set_problem = use_maybe(str)
    device = services.access()
    tables = device.tables
    if not tables.has_admin:
        return screen("Host view", [message("This server has no host view: start it with --admin-password (or "
                                            "$COMPANION_ADMIN_PASSWORD) to have one.", "admin-none", kind="info")],
                      route="/admin")

    def enter(e=None) -> None:
        try:
            tables.check_admin(typed, device.address, device.key)
        except IllegalAction as exc:
            set_problem(sentence(exc))
            return
        if services.set_admin:
            services.set_admin(True)
        navigate("/")

    return screen("Host view", [
        ft.Text("The host of this server sees and can open every game on it.", size=13),
        tagged("admin-password", ft.TextField(value=typed, label="host password", password=True,
                                              on_change=lambda e: set_typed(e.control.value), on_submit=enter),
               label="host password"),
        button("Open the host view", enter, "admin-submit", icon=ft.Icons.ADMIN_PANEL_SETTINGS),
        message(problem, "admin-problem"),
    ], route="/admin")
