"""The screen frame and moving between screens: ``screen`` (the app bar with its back arrow,
then the scrolling column), ``navigate``, ``scroll_to_top``. Flet only; no rules here."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from card_companion.views.widgets import icon_button


def navigate(route: str) -> None:
    ft.context.page.navigate(route)


def scroll_to_top() -> None:
    """Bring the screen on top back to its beginning. Call it from an effect, so that the
    screen it scrolls is the one just drawn (after an action entered at the bottom of a long
    screen, where the action's result and the next step are at the top). A jump, not an
    animation: a step that makes the page shorter while an animated scroll is under way ends
    that scroll where the shorter page's end clamps it (Flutter's scroll goes ballistic when
    its offset is out of range), short of the top, the new step's heading under the app bar
    (seen in Chromium, issue 34 item 13h)."""
    view = top_view()
    if view is not None:
        ft.context.page.run_task(view.scroll_to, offset=0, duration=0)


def top_view() -> ft.View | None:
    """The screen on top of this page (None: none yet), the one a scroll moves."""
    views = ft.unwrap_component(getattr(ft.context.page, "views", None)) or []
    view = ft.unwrap_component(views[-1]) if views else None
    return view if isinstance(view, ft.View) else None


def screen(
    title: str,
    controls: Sequence[ft.Control | None],
    *,
    route: str,
    actions: Sequence[ft.Control] = (),
    back: str | None = "/",
) -> ft.View:
    """One screen: an app bar with a back arrow and actions, then a scrolling column,
    narrow enough to read on a desktop too."""
    leading = None
    if back is not None:
        leading = icon_button(ft.Icons.ARROW_BACK, "Back", lambda: navigate(back), "back")
    return ft.View(
        route=route,
        appbar=ft.AppBar(
            title=ft.Text(title, size=18, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),  # a long name: two lines
            leading=leading,
            automatically_imply_leading=False,
            actions=list(actions),
        ),
        controls=[
            ft.ResponsiveRow(
                [
                    ft.Container(
                        content=ft.Column([c for c in controls if c is not None], spacing=12,
                                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                        col={"xs": 12, "md": 10, "lg": 8, "xl": 6},
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            )
        ],
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        padding=ft.Padding.all(10),
        can_pop=back is not None,
    )
