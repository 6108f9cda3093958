"""History: every action of the game in plain words, with the numbers it changed. The game
is read and its history worked out once, when the screen opens (never per render)."""

from __future__ import annotations

import flet as ft

from card_companion.companion.game import IllegalAction
from card_companion.companion.storage import StoreError
from card_companion.views.common import message, screen, tagged, use_services


def read_history(device, gid: str):
    """(session, steps) or (None, the sentence why not)."""
    try:
        session = device.open(gid).session
        return session, session.history()
    except (IllegalAction, StoreError) as exc:
        return None, str(exc)


@ft.component
def HistoryScreen() -> ft.Control:
    gid = ft.use_route_params().get("gid", "")
    return HistoryPage(gid, key=f"history-{gid}")


@ft.component
def HistoryPage(gid: str) -> ft.View:
    device = use_services().access()
    loaded, _ = ft.use_state(lambda: read_history(device, gid))
    session, steps = loaded
    if session is None:
        return screen("History", [message(f"This game cannot be opened: {steps}")], route=f"/play/{gid}/history",
                      back=f"/play/{gid}")
    rows: list[ft.Control] = []
    for step in reversed(steps):
        rows.append(
            tagged(
                f"step-{step.number}",
                ft.Container(
                    content=ft.Column(
                        [ft.Text(f"{step.number}. {step.text}", weight=ft.FontWeight.BOLD)]
                        + [ft.Text(f"    {c}", size=13) for c in step.changes],
                        spacing=2,
                        tight=True,
                    ),
                    padding=ft.Padding.symmetric(vertical=6, horizontal=8),
                    border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
                ),
                label=f"step {step.number}: {step.text}",
            )
        )
    if not rows:
        rows.append(ft.Text("Nothing has happened yet.", italic=True))
    names = ", ".join(session.setup.players)
    return screen(
        "History",
        [ft.Text(f"{session.game.name} · {names} · {len(steps)} steps, newest first", italic=True), *rows],
        route=f"/play/{gid}/history",
        back=f"/play/{gid}",
    )
