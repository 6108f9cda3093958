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
    assert not app._collection  # the next page to close schedules a new one
