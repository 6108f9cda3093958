"""How the app's Python keeps its garbage collector out of a tap's way, for the served app
(app.py) and the phone app (phone.py) alike."""

from __future__ import annotations

import gc

YOUNG_COLLECTION_EVERY = 50_000
"""objects allocated between two collections of the youngest generation (Python's default: 700)"""


def settle_memory() -> None:
    """Keep Python's cyclic garbage collector out of the way of a tap. Everything loaded at
    start (Flet, pydantic, the games, the views) lives as long as the server: it is frozen
    out of the collector's scans. A page update allocates thousands of short-lived controls,
    which with the default threshold set off dozens of collections in the middle of one
    update: the youngest generation is collected every 50,000 allocations instead
    (docs/performance.md: the calculator's median 33–36 → 29–31 ms)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, 50, 50)
