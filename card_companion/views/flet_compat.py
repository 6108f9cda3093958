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

__all__ = ["MutableRef", "bind_page"]

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
