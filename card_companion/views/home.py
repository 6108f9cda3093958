"""Home: this phone's games (only the games it created or joined), joining a table by its
code, and the five games (player counts and a line each)."""

from __future__ import annotations

import time

import flet as ft

from card_companion.companion.access import Seat, format_table_code
from card_companion.companion.game import IllegalAction
from card_companion.companion.registry import GAMES
from card_companion.companion.storage import StoreError
from card_companion.views.common import button, icon_button, message, navigate, screen, section, tagged, use_services
from card_companion.views.seats import JoinByCode


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


@ft.component
def HomeScreen() -> ft.View:
    services = use_services()
    device = services.access()

    def read_games():
        try:
            return device.games(), None
        except StoreError as exc:
            return [], str(exc)

    listed, set_listed = ft.use_state(read_games)  # read when the screen opens and after a change, not per render
    confirm_delete, set_confirm_delete = ft.use_state(None)
    importing, set_importing = ft.use_state(False)
    import_text, set_import_text = ft.use_state("")
    notice, set_notice = ft.use_state(None)
    exporting, set_exporting = ft.use_state(None)  # (game id, JSON text, file name)
    saved, read_problem = listed

    def reread() -> None:
        set_listed(read_games())

    def start_export(sg) -> None:
        try:
            text = device.export(sg.id)
        except (IllegalAction, StoreError) as exc:
            set_notice(("error", f"That game cannot be exported: {exc}"))
            return
        slug = "-".join([sg.game, *sg.players]).lower().replace(" ", "_")
        set_exporting((sg.id, text, f"{slug}.json"))

    async def download() -> None:
        _, text, name = exporting
        await ft.FilePicker().save_file(dialog_title="Export the game", file_name=name,
                                        src_bytes=text.encode("utf-8"))

    async def copy() -> None:
        await ft.Clipboard().set(exporting[1])
        set_notice(("info", "The game is copied: paste it into Import on another device."))
        set_exporting(None)

    def delete(game_id: str) -> None:
        set_confirm_delete(None)
        try:
            gone = device.delete(game_id)
        except (IllegalAction, StoreError) as exc:
            set_notice(("error", f"The game was not deleted: {exc}."))
            return
        set_notice(("info", "The game was deleted." if gone else
                    "The game is off this phone; the other phones at its table keep it."))
        reread()

    def do_import(text: str) -> None:
        try:
            gid = device.import_json(text)
        except (IllegalAction, StoreError) as exc:
            set_notice(("error", f"That game could not be imported: {exc}"))
            return
        set_importing(False)
        set_import_text("")
        set_notice(("info", "Game imported."))
        reread()
        navigate(f"/play/{gid}")

    async def pick_file() -> None:
        files = await ft.FilePicker().pick_files(dialog_title="Import a saved game", with_data=True,
                                                 file_type=ft.FilePickerFileType.CUSTOM,
                                                 allowed_extensions=["json"])
        if files and files[0].bytes is not None:
            do_import(files[0].bytes)

    victim = next((g for g in saved if g.id == confirm_delete), None)
    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text("Delete this game?"),
            content=ft.Text(f"{GAMES[victim.game].name if victim.game in GAMES else victim.game} with "
                            f"{', '.join(victim.players)}. This cannot be undone (other phones at its table "
                            "keep it).") if victim else None,
            actions=[
                button("Delete", lambda: delete(victim.id), "confirm-delete"),
                button("Keep it", lambda: set_confirm_delete(None), "cancel-delete", primary=False),
            ],
            on_dismiss=lambda: set_confirm_delete(None),
        )
        if victim
        else None
    )
    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text("Import a saved game"),
            content=ft.Column(
                [c for c in [
                    ft.Text("Paste an exported game (JSON), or choose its file."),
                    tagged("import-text", ft.TextField(
                        value=import_text, multiline=True, min_lines=4, max_lines=8,
                        on_change=lambda e: set_import_text(e.control.value), label="exported game",
                    ), label="exported game"),
                    message(notice[1] if notice and notice[0] == "error" else None, "import-error"),
                ] if c is not None],
                tight=True,
                width=400,
            ),
            actions=[
                button("Import", lambda: do_import(import_text), "import-submit"),
                button("Choose file", pick_file, "import-file", primary=False),
                button("Cancel", lambda: (set_importing(False), set_notice(None)), "import-cancel", primary=False),
            ],
        )
        if importing
        else None
    )

    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text("Export this game"),
            content=ft.Column(
                [
                    ft.Text("Save this file (or copy the text); Import on the home screen opens it again, "
                            "on this device or another."),
                    tagged("export-text", ft.TextField(value=exporting[1], multiline=True, min_lines=4,
                                                       max_lines=8, read_only=True, label="exported game"),
                           label="exported game"),
                ],
                tight=True,
                width=400,
            ),
            actions=[
                button("Download", download, "export-download"),
                button("Copy", copy, "export-copy", primary=False),
                button("Close", lambda: set_exporting(None), "export-close", primary=False),
            ],
        )
        if exporting
        else None
    )

    game_cards = []
    for g in GAMES.values():
        game_cards.append(
            tagged(
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
                                        button("New game", lambda e, g=g: navigate(f"/new/{g.id}"), f"new-{g.id}"),
                                        button("Rules", lambda e, g=g: navigate(f"/rules/{g.id}"), f"rules-{g.id}",
                                               primary=False),
                                        button("Calculator", lambda e, g=g: navigate(f"/calc/{g.id}"), f"calc-{g.id}",
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
        )

    saved_rows: list[ft.Control] = []
    for sg in saved:
        name = GAMES[sg.game].name if sg.game in GAMES else sg.game
        state_line, subtitle = saved_lines(sg)
        seat = seat_words(sg.seat, sg.players)
        if seat:
            subtitle += f" · {seat}"
        if device.admin and sg.code:
            subtitle += f" · code {format_table_code(sg.code)}"
        if sg.problem:
            state_line, subtitle = None, f"Cannot be opened: {sg.problem}. It is left as it is."
        saved_rows.append(
            tagged(
                f"saved-{sg.id}",
                ft.ListTile(
                    title=ft.Text(name, weight=ft.FontWeight.BOLD),
                    subtitle=ft.Column([c for c in (
                        tagged(f"headline-{sg.id}", ft.Text(state_line, weight=ft.FontWeight.W_600))
                        if state_line else None,
                        ft.Text(subtitle),
                    ) if c is not None], spacing=2, tight=True),
                    on_click=None if sg.problem else (lambda e, sg=sg: navigate(f"/play/{sg.id}")),
                    trailing=ft.Row(
                        [
                            icon_button(ft.Icons.PLAY_ARROW, f"Resume {name} with {', '.join(sg.players)}",
                                        None if sg.problem else (lambda e, sg=sg: navigate(f"/play/{sg.id}")),
                                        f"resume-{sg.id}"),
                            icon_button(ft.Icons.IOS_SHARE, f"Export {name} with {', '.join(sg.players)}",
                                        None if sg.problem else (lambda e, sg=sg: start_export(sg)),
                                        f"export-{sg.id}"),
                            icon_button(ft.Icons.DELETE_OUTLINE, f"Delete {name} with {', '.join(sg.players)}",
                                        lambda e, sg=sg: set_confirm_delete(sg.id), f"delete-{sg.id}"),
                        ],
                        tight=True,
                        spacing=0,
                    ),
                ),
                label=f"saved game: {name}, {state_line + ', ' if state_line else ''}{subtitle}",
            )
        )
    if not saved_rows:
        saved_rows.append(ft.Text("No saved games yet: start one below, or join a table with "
                                  "its code.", italic=True))

    return screen(
        "Card Companion",
        [
            message(f"Saved games: {services.store_problem}" if services.store_problem else None, "store-problem",
                    kind="warning"),
            message(services.notice, "device-notice", kind="warning"),
            message(f"Saved games: {read_problem}" if read_problem else None, "read-problem"),
            message("Host view: every game on this server." if device.admin and services.device is not None
                    else None, "host-view", kind="info"),
            message(notice[1] if notice and not importing else None, "home-notice",
                    kind=notice[0] if notice else "info"),
            section("Saved games" if not device.admin else "Every game on this server", saved_rows + [
                button("Import a game", lambda: (set_notice(None), set_importing(True)), "import", primary=False,
                       icon=ft.Icons.UPLOAD_FILE),
            ], ident="saved-games"),
            JoinByCode(key="join"),
            *game_cards,
            ft.TextButton("Host view", on_click=lambda: navigate("/admin"))
            if device.tables.has_admin and not device.admin else None,
        ],
        route="/",
        back=None,
        actions=[icon_button(ft.Icons.SETTINGS, "Settings", lambda: navigate("/settings"), "settings")],
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
