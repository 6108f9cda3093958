"""The server keeps the collector out of a tap's way (card_companion/app.py: settle_memory)."""

from __future__ import annotations

import asyncio
import gc

from card_companion import app
from card_companion.app import YOUNG_COLLECTION_EVERY, collect_closed_pages, settle_memory
from card_companion.views.common import PageLife
from tests.viewkit import run_coroutine


def test_start_up_objects_are_frozen_and_young_collections_are_rarer():
    before = gc.get_threshold()
    try:
        settle_memory()
        assert gc.get_freeze_count() > 10_000  # the loaded modules and their objects
        assert gc.get_threshold() == (YOUNG_COLLECTION_EVERY, 50, 50)
    finally:  # this test process keeps Python's defaults
        gc.unfreeze()
        gc.set_threshold(*before)


def test_pages_closing_together_get_one_full_collection_a_little_later(monkeypatch):
    # forty phones of ten tables leave: one collection, COLLECT_AFTER_CLOSE seconds after the first
    monkeypatch.setattr(app, "COLLECT_AFTER_CLOSE", 0.05)
    collections = []
    monkeypatch.setattr(gc, "collect", lambda *a: collections.append(a) or 0)
    trims = []
    monkeypatch.setattr(app, "give_back_memory", lambda: trims.append(len(collections)))

    async def phones_leave() -> tuple[int, int]:
        lives = [PageLife() for _ in range(40)]
        for life in lives:
            life.on_close(collect_closed_pages)
        for life in lives:
            life._close()
        waiting = len(collections)
        await asyncio.sleep(0.2)
        return waiting, len(collections)

    assert run_coroutine(phones_leave()) == (0, 1)  # on a thread of its own: Playwright's loop may run here
    assert trims == [1]  # the freed memory goes back to the system after the collection
    assert not app._collection  # the next page to close schedules a new one


def test_freed_memory_goes_back_to_the_system_where_the_c_library_can(monkeypatch):
    # glibc (Debian, the CI): malloc_trim is found and called; elsewhere nothing happens
    calls = []
    monkeypatch.setattr(app, "_malloc_trim", lambda pad: calls.append(pad) or 1)
    app.give_back_memory()
    assert calls == [0]
    monkeypatch.setattr(app, "_malloc_trim", False)  # a C library without it (macOS, musl)
    app.give_back_memory()
    assert calls == [0]


def test_malloc_trim_is_looked_up_once_and_runs_here(monkeypatch):
    monkeypatch.setattr(app, "_malloc_trim", None)
    app.give_back_memory()  # this machine's C library: glibc (found) or another (False); never raises
    assert app._malloc_trim is not None
