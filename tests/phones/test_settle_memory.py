"""The server keeps the collector out of a tap's way (card_companion/memory.py: settle_memory;
card_companion/app.py: the collection after pages close)."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

from card_companion import app
from card_companion.app import collect_closed_pages
from card_companion.memory import YOUNG_COLLECTION_EVERY, settle_memory
from card_companion.views.services import PageLife
from tests.support.viewkit import run_coroutine


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


def test_a_collection_left_waiting_on_a_loop_that_ended_does_not_stop_the_next(monkeypatch):
    # a server (a test's) stopped with its collection still waiting: the next server's closed
    # pages get theirs all the same
    monkeypatch.setattr(app, "COLLECT_AFTER_CLOSE", 0.05)
    collections = []
    monkeypatch.setattr(gc, "collect", lambda *a: collections.append(a) or 0)
    monkeypatch.setattr(app, "give_back_memory", lambda: None)
    monkeypatch.setattr(app, "_collection", [])

    async def a_page_closes(wait: float) -> int:
        collect_closed_pages()
        await asyncio.sleep(wait)
        return len(collections)

    assert run_coroutine(a_page_closes(0)) == 0  # the loop ends before the collection runs
    assert app._collection  # still waiting, on a loop that is gone
    assert run_coroutine(a_page_closes(0.2)) == 1


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


# --- memory comes back ------------------------------------------------------------------------------


def test_the_server_serves_with_the_c_librarys_malloc_on_glibc(tmp_path, monkeypatch):
    """`companion` starts itself again with PYTHONMALLOC=malloc where the C library is glibc
    (a PYTHONMALLOC the user set is kept)."""
    import platform
    import sys

    import pytest

    from tests.browser.support.harness import Server

    if not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc":
        pytest.skip("Python's own allocator is kept where the C library is not glibc")
    monkeypatch.delenv("PYTHONMALLOC", raising=False)
    srv = Server(tmp_path / "data").start()
    try:
        env = (Path(f"/proc/{srv.proc.pid}/environ").read_bytes()).split(b"\0")
    finally:
        srv.stop()
    assert b"PYTHONMALLOC=malloc" in env


def test_memory_comes_back_when_120_phones_have_come_and_gone(tmp_path):
    """A real server; 30 tables of 4 phones open their table, a step is made at each, the
    phones leave. On the old code the sessions of phones that left while a step was being
    sent to them never expired (Flet's send loop failed there), and Python's allocator kept
    its arenas besides: 84 MB at the start, 140 MB after the phones left (206 MB after a
    second round). Now within 30 MB of the start (measured: 82 -> 88 MB, 99 after a second
    round; docs/performance.md has 300 phones)."""
    from benchmarks.bench_table import LoadPhone, dealt_game, rss_mb
    from card_companion.companion.phones.access import TABLE
    from card_companion.companion.phones.devices import Tables
    from card_companion.companion.saves.storage import Store
    from tests.browser.support.harness import Server

    data = tmp_path / "data"
    data.mkdir()
    store = Store(data / "games.sqlite3")
    tables = Tables(store)
    seats = []
    for _ in range(30):
        keys = [tables.new_device_key() for _ in range(4)]
        gid = tables.device(keys[0], "127.0.0.1").create(dealt_game())
        for key in keys[1:]:
            store.set_seat(key, gid, str(TABLE), only_one=False)
        seats.append((gid, keys))
    store.close()
    srv = Server(data, args=("--per-address", "1000", "--new-per-minute", "100000", "--session-timeout", "2"))
    srv.start()

    async def a_round() -> int:
        phones = [LoadPhone(srv.url, f"/play/{gid}", key) for gid, keys in seats for key in keys]
        for i in range(0, len(phones), 10):
            await asyncio.gather(*(p.connect() for p in phones[i:i + 10]))
        deadline = asyncio.get_running_loop().time() + 120
        while asyncio.get_running_loop().time() < deadline and not all(p.ready for p in phones):
            await asyncio.sleep(0.3)
        for gid_index in range(len(seats)):
            await phones[gid_index * 4].step()
        await asyncio.sleep(0.5)
        await asyncio.gather(*(p.close() for p in phones))
        return sum(1 for p in phones if p.ready)

    try:
        import time

        time.sleep(3)  # the views are loaded (the warm-up) before the start is measured
        start = rss_mb(srv.proc.pid)
        assert run_coroutine(a_round()) == 120
        time.sleep(25)  # sessions expire (2 s + Flet's 10 s sweep), then the collection 5 s later
        after = rss_mb(srv.proc.pid)
    finally:
        srv.stop()
    assert after - start < 30, f"RSS {start:.0f} MB at the start, {after:.0f} MB after the phones left"
