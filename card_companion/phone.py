"""The phone app: the whole app in the phone's browser, with no server and no network (its
Python runs in WebAssembly; ``make phone`` builds it: tools/phone/, docs/phone.md). It sits
above the layers, as app.py does.

The saves are one SQLite file in the memory of the phone's Python, kept in the browser's own
storage after every committed write (``BrowserKeeper``: the worker's ``companion_phone``
module, tools/phone/storage.js), so a step is drawn only once it is on the phone's storage.
This one phone holds every game saved on it; what needs a server (a table's code, the other
phones) is not offered. Where the browser keeps nothing (a private window), the app says so in
one sentence and plays in memory.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import PurePosixPath
from typing import Any

import flet as ft

from card_companion.companion.saves.storage import KeepFailed, OpenedStore, open_store


class BrowserKeeper:
    """Keeps the save file in the browser's storage (``companion_phone.keep``: back once the
    changed pages are on the phone's storage)."""

    def __init__(self, saves: Any) -> None:
        self.saves = saves

    def keep(self, path: str) -> None:
        try:
            self.saves.keep(PurePosixPath(path).name)
        except Exception as exc:  # a JavaScript error (Pyodide's JsException): the storage refused
            said = getattr(self.saves, "problem", None)
            raise KeepFailed(str(said) if said else f"the phone's storage could not be written ({exc}): the games "
                             "are kept only until the app is closed") from None


async def keep_spare(opened: OpenedStore, saves: Any) -> None:
    """A save file the app started using at start (a spare beside a damaged one): kept from now
    on (the browser gives a new file's handle only asynchronously)."""
    store = opened.store
    if store.keeper is None or store.path == ":memory:":
        return
    name = PurePosixPath(store.path).name
    try:
        prepared = await saves.prepare(name)
    except Exception:  # the storage refused the new file: it stays in memory, as said
        return
    if prepared and store.keep_problem is not None:
        store.keep_again()


def open_saves(saves: Any) -> tuple[OpenedStore, str | None]:
    """The phone's save file, and the sentence the home screen says about it (None: all kept)."""
    problem = str(saves.problem or "") or None  # "" (never JavaScript's null, which is not None): all kept
    keeper = BrowserKeeper(saves) if problem is None else None
    opened = open_store(str(saves.folder), wait=0.0, keeper=keeper)
    return opened, problem


def phone_main(opened: OpenedStore, problem: str | None, first: Callable[[], Awaitable[None]]):
    """The phone app's page handler: the one phone holds every game of its own saves
    (``problem``: the sentence for a browser that keeps nothing); ``first`` is awaited before
    the first page is drawn."""
    from card_companion.companion.phones.devices import Tables

    tables = Tables(opened.store)
    started: list[bool] = []
    said = "; ".join(p for p in (opened.problem, problem) if p) or None

    async def main(page: ft.Page) -> None:
        from card_companion.views.root import App, Where, prepare_page

        if not started:
            started.append(True)
            await first()
        life = prepare_page(page)
        page.render_views(App, tables, said, None, life, Where(on_phone=True))

    return main


def run() -> None:
    """The phone app's start (the build's main.py)."""
    import companion_phone  # type: ignore[import-not-found]  # the worker's module (tools/phone/python-worker.js)

    import card_companion.views.root  # noqa: F401  (loaded before the first page, then kept out of the collector)
    from card_companion.memory import settle_memory

    opened, problem = open_saves(companion_phone)
    settle_memory()
    ft.run(phone_main(opened, problem, lambda: keep_spare(opened, companion_phone)))
