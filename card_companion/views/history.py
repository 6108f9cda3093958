"""History: every action of the game in plain words, with the numbers it changed."""

from __future__ import annotations

import flet as ft

from card_companion.companion.game import IllegalAction
from card_companion.views.common import message, screen, tagged, use_services


@ft.component
def HistoryScreen() -> ft.View:
    gid = ft.use_route_params().get("gid", "")
    store = use_services().store
    try:
        session = store.load(gid)
    except IllegalAction as exc:
        return screen("History", [message(f"This game cannot be opened: {exc}")], route=f"/play/{gid}/history",
                      back=f"/play/{gid}")
    steps = session.history()
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
