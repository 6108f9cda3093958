"""The server keeps the collector out of a tap's way (card_companion/app.py: settle_memory)."""

from __future__ import annotations

import gc

from card_companion.app import YOUNG_COLLECTION_EVERY, settle_memory


def test_start_up_objects_are_frozen_and_young_collections_are_rarer():
    before = gc.get_threshold()
    try:
        settle_memory()
        assert gc.get_freeze_count() > 10_000  # the loaded modules and their objects
        assert gc.get_threshold() == (YOUNG_COLLECTION_EVERY, 50, 50)
    finally:  # this test process keeps Python's defaults
        gc.unfreeze()
        gc.set_threshold(*before)
