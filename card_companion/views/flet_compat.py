"""What the views use of Flet that is not Flet's public API (``import flet as ft``), in one
place: each name here says why the app needs it and what in Flet it rests on, as seen in
flet 1.0.5. No other module of views/ imports Flet's inner modules or reads its private
names; the server's own such parts are in server/flet_compat.py. A Flet upgrade checks these
two modules, and tests/project/test_flet_compat.py fails with a sentence on a Flet where one of them
no longer holds."""

from __future__ import annotations

from typing import Any

# Why: the views annotate what ``ft.use_ref`` gives (``box: MutableRef[Places] = ft.use_ref(None)``),
# and Flet exports ``use_ref`` but not the type it returns. Rests on: class ``MutableRef`` in
# flet/components/hooks/use_ref.py, the return type of ``use_ref`` (flet 1.0.5).
from flet.components.hooks.use_ref import MutableRef

__all__ = ["MutableRef", "bind_page", "on_screen", "rendering_component"]

FLET_SEEN = "1.0.5"
"""the Flet version these were read from"""


# Why: a live update from another page's handler must run bound to the page it updates
# (``services.on_page_loop``), and Flet has no public way to bind one. Rests on: the
# ContextVar ``_context_page`` of flet/controls/context.py, which ``ft.context.page`` reads and
# Flet sets itself before it runs a page's event handler or task (``Page.run_task``,
# ``BaseControl._trigger_event``) (flet 1.0.5).
def bind_page(page: Any) -> None:
    """Bind the running context to ``page``, as Flet does before it calls one of the page's
    handlers: ``ft.context.page`` and the components' updates reach that page."""
    from flet.controls.context import _context_page

    # Flet declares its ContextVar without a type, so mypy takes it to hold None only
    _context_page.set(page)  # type: ignore[arg-type]


# Why: the table's keyboard (views/keyboard.py) must know whether an entry that asked for it is
# still on the screen. Flet does not always unmount a component deep inside a removed panel
# (seen with CardPeeGee's stage panels: the entry's effect cleanup never ran, its component kept
# ``mounted``), so a cleanup cannot be relied on to let the keyboard go. Rests on: the current
# component of ``flet.components.utils.current_component`` while a component renders, a
# control's ``parent`` (a weak reference Flet sets when it mounts the control under another),
# a component's body ``_b`` and the control dataclasses' fields holding their children (flet 1.0.5).
def rendering_component() -> Any:
    """The component being rendered now (None: none, a screen drawn by the view tests)."""
    from flet.components.component import Component
    from flet.components.utils import current_component

    try:
        found = current_component()
    except Exception:  # not inside Flet's renderer
        return None
    return found if isinstance(found, Component) else None


def on_screen(component: Any) -> bool:
    """Whether ``component`` is in its page's tree now: each parent up to the page still holds
    the control below it (a control of a panel taken away keeps its old parent)."""
    import dataclasses

    import flet as ft

    node = component
    for _ in range(400):
        parent = node.parent
        if parent is None:
            return isinstance(node, ft.Page)
        if not _holds(parent, node, dataclasses):
            return False
        node = parent
    return False


def _holds(parent: Any, child: Any, dataclasses: Any) -> bool:
    body = getattr(parent, "_b", None)
    if body is child or (isinstance(body, list) and any(c is child for c in body)):
        return True
    for f in dataclasses.fields(parent):
        value = getattr(parent, f.name, None)
        if value is child or (isinstance(value, list) and any(c is child for c in value)):
            return True
    return False
