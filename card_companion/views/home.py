"""Home: this phone's games (only the games it created or joined), joining a table by its
code, and the five games (player counts and a line each)."""

from __future__ import annotations

import time

import flet as ft

from card_companion.companion.game import IllegalAction, sentences
from card_companion.companion.phones.access import Seat, format_table_code
from card_companion.companion.registry import GAMES, Listing
from card_companion.companion.saves.storage import StoreError
from card_companion.views.hooks import FletKey, use_made, use_maybe
from card_companion.views.joining import JoinByCode
from card_companion.views.navigation import navigate, screen
from card_companion.views.players_screen import GameNight
from card_companion.views.services import use_services
from card_companion.views.sharing import secure_origin
from card_companion.views.widgets import APART, TOUCH_HIGH, button, icon_button, message, section, tagged


def when(ts: float, now: float | None = None) -> str:
    """'just now', '5 minutes ago', '3 hours ago', '2 days ago', or the date."""
    delta = max(0, (now or time.time()) - ts)
    if delta < 60:
        return "just now"
    if delta < 3600:
        m = int(delta // 60)
        return f"{m} minute{'s' * (m != 1)} ago"
    if delta < 86400:
        h = int(delta // 3600)
        return f"{h} hour{'s' * (h != 1)} ago"
    if delta < 7 * 86400:
        d = int(delta // 86400)
        return f"{d} day{'s' * (d != 1)} ago"
    return time.strftime("%d %b %Y", time.localtime(ts))


def read_games(device) -> tuple[list, str | None]:
    """This phone's saved games, the latest first (none, and why, when the save file cannot be
    read). Read when the home screen opens and after a change made on it, never per render."""
    try:
        return device.games(), None
    except StoreError as exc:
        return [], str(exc)


@ft.component
def HomeScreen() -> ft.View:
    services = use_services()
    device = services.access()
    listed, set_listed = use_made(lambda: read_games(device))
    notice, set_notice = use_maybe(tuple[str, str])  # (kind, sentence): what the last change made here did
    saved, read_problem = listed

    def changed(said: tuple[str, str] | None) -> None:
        """A change of the saved games made here: say it, and read the list again."""
        set_notice(said)
        set_listed(read_games(device))

    def imported(gid: str, notes: tuple[str, ...] = ()) -> None:
        """An imported game opens, unless keeping its names changed one: then the list says
        how (the game is at its top, a tap away)."""
        changed(("info", " ".join(["Game imported.", sentences(notes) or ""]).strip()))
        if not notes:
            navigate(f"/play/{gid}")

    on_phone = services.on_phone
    host = device.admin and services.device is not None and not on_phone
    kept = getattr(services.store, "keep_problem", None)  # the phone's storage failed since the start
    return screen(
        "Card Companion",
        [
            message(f"Saved games: {services.store_problem}" if services.store_problem else None, "store-problem",
                    kind="warning"),
            message(f"Saved games: {kept}" if kept else None, "keep-problem", kind="warning"),
            message(services.notice, "device-notice", kind="warning"),
            message(f"Saved games: {read_problem}" if read_problem else None, "read-problem"),
            message("Host view: every game on this server." if host else None, "host-view", kind="info"),
            message(notice[1] if notice else None, "home-notice", kind=notice[0] if notice else "info"),
            GameNight(key="tonight"),
            SavedGames(saved, device, set_notice, changed, imported, host, key="saved-games"),
            OnThisPhone() if on_phone else JoinByCode(key="join"),
            *[game_card(g) for g in GAMES.listed()],
            PhoneAppLine(services.where.phone_app) if services.where.phone_app and not on_phone else None,
            ft.TextButton("Host view", on_click=lambda: navigate("/admin"), **TOUCH_HIGH)
            if device.tables.has_admin and not device.admin and not on_phone else None,
        ],
        route="/",
        back=None,
        actions=[icon_button(ft.Icons.LEADERBOARD, "Players", lambda: navigate("/players"), "players"),
                 icon_button(ft.Icons.SETTINGS, "Settings", lambda: navigate("/settings"), "settings")],
    )


@ft.component
def SavedGames(saved, device, say, changed, imported, host: bool = False, key: FletKey = None) -> ft.Control:
    """The saved games and Import (``host``: the host's view of every game on the server). A
    component with a key of its own, so that the dialog a row or Import has open stays open
    when a message above it comes or goes."""
    rows: list[ft.Control] = [SavedGameRow(sg, say, changed, key=sg.id) for sg in saved]
    latest = next(iter(saved), None)
    if latest is not None and not latest.problem:
        # the home screen's one filled button: the likeliest next step, back to the game last played
        # (without a saved game, the five games' New game are equals: none is filled)
        rows.insert(0, button(f"Resume {game_name(latest.game)}", lambda: navigate(f"/play/{latest.id}"),
                              "resume-latest", icon=ft.Icons.PLAY_ARROW,
                              tooltip=f"{game_name(latest.game)} with {', '.join(latest.players)}"))
    empty = "No saved games yet: start one below, or join a table with its code."
    if use_services().on_phone:
        empty = "No saved games yet: start one below, or import one."
    return section("Saved games" if not host else "Every game on this server", [
        *(rows or [ft.Text(empty, italic=True)]),
        ImportButton(device, lambda: say(None), imported, key="import"),
    ], ident="saved-games")


PHONE_ALONE = ("Every game is kept on this phone, with no server and no network. To play with one phone "
               "each, open the address of a table server (the app served from a computer) instead; a game "
               "moves between the two by Export and Import.")


def OnThisPhone() -> ft.Control:
    """The phone app's word where the served app offers joining a table: what it keeps, and
    what needs a server."""
    return tagged("on-this-phone", ft.Container(
        ft.Text(PHONE_ALONE, size=13, italic=True), padding=ft.Padding.symmetric(horizontal=4)), label=PHONE_ALONE)


KEPT_HERE = ("The same app, kept on this phone: it starts, plays and saves with no server and no network. "
             "Open it, then add it to the home screen (the browser's menu: Install app, or Add to Home Screen).")
NOT_KEPT_OVER_HTTP = ("The same app, kept on a phone with no server. Browsers keep it only from a secure address "
                      "(https), and this one is plain http on the table's Wi-Fi: opened from here it plays, but "
                      "keeps nothing. Put it on an https host, or reach this server by https (docs/phone.md).")


def PhoneAppLine(where: str) -> ft.Control:
    """The served app's offer of the phone app: the same app, installed on this phone, running
    with no server (its own page explains the rest). A browser installs it and keeps its games
    only for a page at a secure address (https, or the device's own): over plain http the line
    says so rather than promise what the phone will not do."""
    secure = secure_origin(ft.context.page)
    return section("Put this app on your phone", [
        tagged("phone-app-words", ft.Text(KEPT_HERE if secure else NOT_KEPT_OVER_HTTP, size=13)),
        tagged("phone-app", ft.OutlinedButton("Open the phone app", icon=ft.Icons.INSTALL_MOBILE, url=where,
                                              height=48), label="Open the phone app"),
    ], ident="phone-app-line")


def game_name(game_id: str) -> str:
    return GAMES.name_of(game_id)


@ft.component
def SavedGameRow(sg, say, changed, key: FletKey = None) -> ft.Control:
    """One saved game: how it stands, who plays, and its Resume, Export and Delete (each asked
    in a dialog of its own). ``say`` shows a sentence on the home screen, ``changed`` also
    reads the list again."""
    device = use_services().access()
    confirming, set_confirming = ft.use_state(False)
    exporting, set_exporting = use_maybe(tuple[str, str])  # (JSON text, file name)
    name, who = game_name(sg.game), ", ".join(sg.players)

    def start_export() -> None:
        try:
            text = device.export(sg.id)
        except (IllegalAction, StoreError) as exc:
            say(("error", f"That game cannot be exported: {exc}"))
            return
        slug = "-".join([sg.game, *sg.players]).lower().replace(" ", "_")
        set_exporting((text, f"{slug}.json"))

    def copied() -> None:
        say(("info", "The game is copied: paste it into Import on another device."))
        set_exporting(None)

    def delete() -> None:
        set_confirming(False)
        try:
            gone = device.delete(sg.id)
        except (IllegalAction, StoreError) as exc:
            say(("error", f"The game was not deleted: {exc}."))
            return
        changed(("info", "The game was deleted." if gone else
                 "The game is off this phone; the other phones at its table keep it."))

    ft.use_dialog(delete_dialog(f"{name} with {who}", delete, lambda: set_confirming(False)) if confirming else None)
    ft.use_dialog(export_dialog(*exporting, copied, lambda: set_exporting(None)) if exporting else None)
    resume = None if sg.problem else (lambda: navigate(f"/play/{sg.id}"))
    state_line, subtitle = row_lines(sg, device.admin and not use_services().on_phone)
    return tagged(
        f"saved-{sg.id}",
        ft.Column([ft.ListTile(
            title=ft.Text(name, weight=ft.FontWeight.BOLD),
            subtitle=ft.Column([c for c in (
                tagged(f"headline-{sg.id}", ft.Text(state_line, weight=ft.FontWeight.W_600)) if state_line else None,
                ft.Text(subtitle),
            ) if c is not None], spacing=2, tight=True),
            on_click=resume,
        ),
            # Resume and Export at the left, Delete alone at the right (APART from them, whatever the
            # width): the text keeps the row's whole width
            ft.Row([
                icon_button(ft.Icons.PLAY_ARROW, f"Resume {name} with {who}", resume, f"resume-{sg.id}"),
                icon_button(ft.Icons.IOS_SHARE, f"Export {name} with {who}", None if sg.problem else start_export,
                            f"export-{sg.id}"),
                ft.Container(expand=True, width=APART),
                icon_button(ft.Icons.DELETE_OUTLINE, f"Delete {name} with {who}", lambda: set_confirming(True),
                            f"delete-{sg.id}"),
            ], spacing=0),
        ], spacing=0, tight=True),
        label=f"saved game: {name}, {state_line + ', ' if state_line else ''}{subtitle}",
    )


def row_lines(sg, admin: bool) -> tuple[str | None, str]:
    """A saved game's row: how it stands (None for a game that cannot be opened), then who
    plays, when, this phone's seat and (for the host) the table's code, or why it cannot be
    opened."""
    if sg.problem:
        return None, f"Cannot be opened: {sg.problem}. It is left as it is."
    state_line, subtitle = saved_lines(sg)
    seat = seat_words(sg.seat, sg.players)
    if seat:
        subtitle += f" · {seat}"
    if admin and sg.code:
        subtitle += f" · code {format_table_code(sg.code)}"
    return state_line, subtitle


def delete_dialog(what: str, on_delete, on_keep) -> ft.AlertDialog:
    return ft.AlertDialog(
        modal=True,
        title=ft.Text("Delete this game?"),
        content=ft.Text(f"{what}. This cannot be undone (other phones at its table keep it)."),
        actions=[  # the safe one filled, where the thumb goes first; Delete in the error colour
            button("Delete", on_delete, "confirm-delete", danger=True, icon=ft.Icons.DELETE_OUTLINE),
            button("Keep it", on_keep, "cancel-delete"),
        ],
        on_dismiss=on_keep,
    )


def export_dialog(text: str, file_name: str, on_copied, on_close) -> ft.AlertDialog:
    """The exported game: download it as a file, or copy its text."""

    async def download() -> None:
        await ft.FilePicker().save_file(dialog_title="Export the game", file_name=file_name,
                                        src_bytes=text.encode("utf-8"))

    async def copy() -> None:
        await ft.Clipboard().set(text)
        on_copied()

    return ft.AlertDialog(
        modal=True,
        title=ft.Text("Export this game"),
        content=ft.Column(
            [
                ft.Text("Save this file (or copy the text); Import on the home screen opens it again, "
                        "on this device or another."),
                tagged("export-text", ft.TextField(value=text, multiline=True, min_lines=4, max_lines=8,
                                                   read_only=True, label="exported game"), label="exported game"),
            ],
            tight=True,
            width=400,
        ),
        actions=[
            button("Download", download, "export-download"),
            button("Copy", copy, "export-copy", primary=False),
            button("Close", on_close, "export-close", primary=False),
        ],
    )


@ft.component
def ImportButton(device, on_open, on_imported, key: FletKey = None) -> ft.Control:
    """"Import a game" and its dialog: an exported game pasted or its file chosen; a game
    that cannot be imported is said in the dialog."""
    importing, set_importing = ft.use_state(False)
    text, set_text = ft.use_state("")
    error, set_error = use_maybe(str)

    def do_import(data: str | bytes) -> None:
        notes: list[str] = []
        try:
            gid = device.import_json(data, notes)
        except (IllegalAction, StoreError) as exc:
            set_error(f"That game could not be imported: {exc}")
            return
        set_importing(False)
        set_text("")
        set_error(None)
        on_imported(gid, tuple(notes))

    async def pick_file() -> None:
        files = await ft.FilePicker().pick_files(dialog_title="Import a saved game", with_data=True,
                                                 file_type=ft.FilePickerFileType.CUSTOM,
                                                 allowed_extensions=["json"])
        if files and files[0].bytes is not None:
            do_import(files[0].bytes)

    def open_dialog() -> None:
        on_open()
        set_error(None)
        set_importing(True)

    ft.use_dialog(import_dialog(text, set_text, error, lambda: do_import(text), pick_file,
                                lambda: (set_importing(False), set_error(None))) if importing else None)
    return button("Import a game", open_dialog, "import", primary=False, icon=ft.Icons.UPLOAD_FILE)


def import_dialog(text: str, on_text, error: str | None, on_import, on_pick_file, on_cancel) -> ft.AlertDialog:
    return ft.AlertDialog(
        modal=True,
        title=ft.Text("Import a saved game"),
        content=ft.Column(
            [c for c in [
                ft.Text("Paste an exported game (JSON), or choose its file."),
                tagged("import-text", ft.TextField(
                    value=text, multiline=True, min_lines=4, max_lines=8,
                    on_change=lambda e: on_text(e.control.value), label="exported game",
                ), label="exported game"),
                message(error, "import-error"),
            ] if c is not None],
            tight=True,
            width=400,
        ),
        actions=[
            button("Import", on_import, "import-submit"),
            button("Choose file", on_pick_file, "import-file", primary=False),
            button("Cancel", on_cancel, "import-cancel", primary=False),
        ],
    )


def game_card(g: Listing) -> ft.Control:
    """One of the five games: its name, players, a line about it, and New game, Rules, Calculator
    (from its listing: the home screen loads no game)."""
    return tagged(
        f"game-{g.id}",
        ft.Card(
            content=ft.Container(
                padding=12,
                content=ft.Column(
                    [
                        ft.Row([ft.Text(g.name, size=18, weight=ft.FontWeight.BOLD, expand=True),
                                ft.Text(g.players_text(), italic=True)]),
                        ft.Text(g.blurb),
                        ft.Row(
                            [
                                button("New game", lambda: navigate(f"/new/{g.id}"), f"new-{g.id}", tonal=True),
                                button("Rules", lambda: navigate(f"/rules/{g.id}"), f"rules-{g.id}", primary=False),
                                button("Calculator", lambda: navigate(f"/calc/{g.id}"), f"calc-{g.id}",
                                       primary=False, icon=ft.Icons.CALCULATE),
                            ],
                            spacing=8,
                            wrap=True,
                            run_spacing=8,
                        ),
                    ],
                    spacing=6,
                    tight=True,
                ),
            )
        ),
    )


def started(ts: float) -> str:
    """When a game was started, to tell two games of the same players apart: 'Wed 25 Nov, 14:05'."""
    return time.strftime("%a %d %b, %H:%M", time.localtime(ts))


def saved_lines(sg) -> tuple[str, str]:
    """A saved game's two lines: how it stands in the players' words (the headline its last
    step stored: "Bea leads 3–1 · round 4", "Ann won 12–9"; a game last changed by an older
    version says its number of steps), and who plays, when it started and was last played."""
    steps = f"{sg.actions} step{'s' * (sg.actions != 1)}"
    state_line = sg.headline or steps
    if not sg.actions and not sg.headline:
        state_line = "not started"
    detail = f"{', '.join(sg.players)} · started {started(sg.created)}" if sg.created else ", ".join(sg.players)
    return state_line, f"{detail} · last played {when(sg.updated)}"


def seat_words(seat: str | None, players: tuple[str, ...]) -> str | None:
    """'you: Bea', 'the whole table', 'watching', 'no seat yet' (None: not a member)."""
    if seat is None:
        return None
    try:
        parsed = Seat.parse(seat)
    except IllegalAction:
        return None
    if parsed is None:
        return "no seat yet"
    return f"you: {parsed.label(players)}" if parsed.kind == "player" else parsed.label(players)
