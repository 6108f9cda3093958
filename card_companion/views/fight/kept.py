"""Panels handed back as they were drawn, so Flet's diff skips them at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from card_companion.views.flet_compat import MutableRef

Kept = dict[str, tuple[Callable[..., ft.Control], tuple[Any, ...], ft.Control]]
"""key -> (make, args, element) of the last drawing"""


def use_kept() -> Callable[..., ft.Control]:
    """``part(make, *args, key=...)``: ``make(*args, key=key)``, or the very element this
    component drew under ``key`` the last time if that was made of the same ``args``. A panel
    handed back as it was is not reconciled again: Flet's diff skips it at once, where a new
    element of the same memoized panel is matched with the old one, checked and set up again
    control by control. Only elements of the last drawing are kept: a panel that went and
    comes back is made anew (its hooks went with it)."""
    kept: MutableRef[Kept] = ft.use_ref(Kept)
    before = kept.current or {}
    now: Kept = {}
    kept.current = now

    def part(make: Callable[..., ft.Control], *args: Any, key: str) -> ft.Control:
        old = before.get(key)
        if old is not None and old[0] is make and old[1] == args:
            element = old[2]
        else:
            element = make(*args, key=key)
        now[key] = (make, args, element)
        return element

    return part
