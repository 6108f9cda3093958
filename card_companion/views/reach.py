"""The next action in reach (issue 34 item 8): when a step asks for a control far from the
one just tapped (Card Stratego's Put into play below the battlefield, Peace and Love's own
fighters at the bottom and then the card entry above them), the screen scrolls that control
into view, so that no step needs a scroll of the player's own between its taps.

A game marks the parts a step may ask for with ``reachable(name, control)`` (a fixed scroll
key on a wrapper: mounted once, never a new key) and says, in the component that holds the
step's choices, which one is asked for now: ``use_reach(asked)``. When that answer changes to
a part, the screen scrolls to it (Flet's ``scroll_to`` with the part's key, the part's top at
the top of the screen); to ``END``, to the end of the screen (a phone's own panel, drawn last
by ``seating.seated``, at the bottom where the thumb is, with as much as fits above it); None,
or the same answer again, scrolls nothing. Flet only."""

from __future__ import annotations

import asyncio

import flet as ft

from card_companion.views.navigation import top_view


def reach_key(name: str) -> ft.ScrollKey:
    return ft.ScrollKey(f"reach-{name}")  # type: ignore[call-arg]  # Flet's dataclass decorator hides __init__


def reachable(name: str | None, control: ft.Control) -> ft.Control:
    """``control``, as a part of the screen a step may ask for (``use_reach(name)``; None: the
    control itself, never asked for)."""
    return control if name is None else ft.Container(control, key=reach_key(name))


END = "end"
"""``use_reach(END)``: the end of the screen (Flet's ``scroll_to(offset=-1)``)"""


AGAIN_AFTER = 0.3
"""seconds: the scroll is asked again once the step's new parts are surely laid out"""


def bring_into_view(name: str) -> None:
    """Scroll the screen on top to the part named ``name``: at once, and once more a moment
    later. The part asked for often comes with the update that grows the page (the entry under
    the battlefield, Retire's card entry above the fighters): a scroll that reaches the browser
    before Flutter has laid that update out stops at the end of the shorter page (seen in
    Chromium, one run in a few). The second is no move at all when the first got there. Jumps,
    as ``scroll_to_top`` is: an animated scroll ends short when the page changes under it, and
    a finger that taps while the screen still moves only stops it."""
    view = top_view()
    if view is None:
        return
    key = reach_key(name)

    async def jump() -> None:
        if name == END:
            await view.scroll_to(offset=-1, duration=0)
        else:
            await view.scroll_to(scroll_key=key, duration=0)

    async def scroll() -> None:
        try:
            await jump()
            await asyncio.sleep(AGAIN_AFTER)
            await jump()
        except Exception:  # the screen went away meanwhile (another step, another screen)
            pass

    ft.context.page.run_task(scroll)


def use_reach(asked: str | None, step: object = None) -> None:
    """Bring the part asked for now into view whenever that changes (None: none; ``END``: the
    end of the screen), and, given the ``step`` shown, again at each new step: the table comes
    back to its top at each step (``navigation.scroll_to_top``), and a step that asks for the
    same part as the one before (a fight's next round) asks for it anew."""
    ft.use_effect(lambda: bring_into_view(asked) if asked is not None else None, dependencies=[asked, step])
