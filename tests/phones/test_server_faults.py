"""The server under faults and hostile input: every websocket gives its place back
however it ends, a session is given back only to the phone that opened it, a hostile or
dropped client is one log line, an Origin must be the server's own in scheme, name and port;
and a real server in its own process stops within seconds at SIGTERM whatever its connections
are doing.

In this process: the real ``Guard`` around the real Flet app, with pages spoken by hand
(tests/support/fake_pages.py); every wait is bounded, so the old code fails here instead of hanging."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import signal
import time
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from card_companion import server
from card_companion.app import ASSETS, make_main
from card_companion.server import CLIENT_MESSAGES, AddressLimits, Guard, HostCheck, build_app, connection, origin_of
from card_companion.server.flet_compat import flet_sessions
from tests.support.fake_pages import ORIGIN, Phone, Wire, event, registration
from tests.support.viewkit import run_coroutine


@pytest.fixture(scope="module")
def main(tmp_path_factory):
    main, _ = make_main(tmp_path_factory.mktemp("saves"))
    return main


def real_app(main, limits: AddressLimits):
    return build_app(main, assets_dir=str(ASSETS), hosts=HostCheck("127.0.0.1"), limits=limits,
                     owners=main.tables.pages)


# --- every connection gives its place back --------------------------------------------------------------


def garbage(w: Wire) -> None:
    w.frame(b"\x00\xc1 not MessagePack")


def event_first(w: Wire) -> None:
    w.frame(event(1))


def text_first(w: Wire) -> None:
    w.frame("hello")


def nothing(w: Wire) -> None:
    w.close()


ENDINGS = {
    "closes before registering": nothing,
    "a garbage first frame": garbage,
    "an event before registering": event_first,
    "a text frame first": text_first,
    "no registration in time": lambda w: None,
}


@pytest.mark.parametrize("ending", list(ENDINGS))
def test_every_way_a_page_ends_before_registering_gives_its_place_back(main, ending, monkeypatch):
    """20 such pages from one address, one after another: on the old code the first one never
    ended (Flet waits forever for a session that never came), and after 16 the address was
    refused. Now each ends within a second and the 16 places are all free again."""
    monkeypatch.setattr(connection, "REGISTER_WAIT", 0.1)
    limits = AddressLimits(per_address=16, new_per_minute=1000)
    app = real_app(main, limits)

    async def run():
        for _ in range(20):
            w = Wire(app).open()
            ENDINGS[ending](w)
            await w.done(timeout=3)
            if ending != "closes before registering":
                assert w.closed_by_server == 1008  # sent away, not left open
            assert limits.open == {}
        pages = [Wire(app, address="10.0.0.5").open() for _ in range(16)]
        for p in pages:
            p.frame(registration())
        sessions = [await p.session_id() for p in pages]  # 16 pages open and get their first screen
        late = Wire(app).open()
        await late.done()
        assert not late.accepted  # the limit itself still holds
        for p in pages:
            p.close()
        for p in pages:
            await p.done(timeout=6)
        assert limits.open == {}
        return sessions

    assert len(set(run_coroutine(run()))) == 16


def test_a_busy_server_does_not_send_a_page_away_for_its_own_slowness(main, monkeypatch):
    """The registration is waited for in the server's own time, from the accept: a server busy
    elsewhere (a burst of other pages' renders) before it accepts, and again before it reads
    the page's registration, still takes it."""
    monkeypatch.setattr(connection, "REGISTER_WAIT", 0.3)
    app = real_app(main, AddressLimits())

    async def run():
        w = Wire(app).open()
        await asyncio.sleep(0)  # the upgrade is taken: the Guard watches the connection
        time.sleep(0.5)  # the server is busy elsewhere before it accepts
        await asyncio.sleep(0.05)  # it accepts; the page registers at once
        w.frame(registration())
        time.sleep(0.5)  # and the server is busy again before it reads the frame
        return await w.session_id(), w.closed_by_server

    session, closed = run_coroutine(run())
    assert session and closed is None


def test_a_failure_in_the_app_gives_the_place_back_and_logs_its_traceback(caplog):
    async def failing(scope, receive, send):
        await receive()
        await send({"type": "websocket.accept"})
        raise RuntimeError("a bug in our code")

    limits = AddressLimits(per_address=2)
    guard = Guard(failing, HostCheck("127.0.0.1"), limits)

    async def run():
        for _ in range(5):
            w = Wire(guard).open()
            await w.done()
        assert limits.open == {}

    with caplog.at_level(logging.INFO, logger="card_companion.server"):
        run_coroutine(run())
    failures = [r for r in caplog.records if "the app failed" in r.getMessage()]
    assert len(failures) == 5 and all(r.exc_info for r in failures)  # a real bug keeps its traceback


# --- a session belongs to its phone ---------------------------------------------------------------------


def test_a_session_id_is_given_back_only_to_the_phone_that_opened_it(main):
    """Phone A opens a page; its connection drops. Another phone at the same address (the
    same Wi-Fi behind one router, the same browser make) presents A's session id: on the old
    code it got A's session, screen and all; now it gets a new, empty one. A itself, coming
    back with its own device key, still gets its session back."""
    limits = AddressLimits()
    app = real_app(main, limits)
    key_a, key_b = main.tables.new_device_key(), main.tables.new_device_key()

    async def run():
        a = Wire(app, device=key_a).open()
        a.frame(registration())
        mine = await a.session_id()
        await asyncio.sleep(0.3)  # the page asked for its device key and got it
        a.close()
        await a.done(timeout=6)
        got = {}
        for who, device in (("B", key_b), ("no cookie", None), ("A", key_a)):
            w = Wire(app, device=device).open()
            w.frame(registration(mine))
            got[who] = await w.session_id()
            w.close()
            await w.done(timeout=6)
        return mine, got

    mine, got = run_coroutine(run())
    assert got["B"] != mine and got["no cookie"] != mine
    assert got["A"] == mine



def test_a_table_page_that_comes_back_is_drawn_anew_from_the_save(main):
    """A table's page (``/play/...``) whose connection dropped gets a new session when it
    comes back, even on its own phone: Flet's web client takes a whole table back onto its
    old session only after 95-135 s of the browser's main thread (measured in Chromium), and
    the new session reads the table from the save, so it shows every step at once. The session
    it left is dropped at once (not at the end of the session timeout: a club night's phones
    reconnect often, and each left session holds a whole table). Any other page gets its own
    session back; another phone presenting the table page's old id drops nothing."""
    limits = AddressLimits()
    app = real_app(main, limits)
    key, other = main.tables.new_device_key(), main.tables.new_device_key()

    async def run(route: str, comes_back: str) -> tuple[str, str, bool]:
        a = Wire(app, device=key).open()
        a.frame(registration(route=route))
        mine = await a.session_id()
        await asyncio.sleep(0.3)
        a.close()
        await a.done(timeout=6)
        again = Wire(app, device=comes_back).open()
        again.frame(registration(mine, route=route))
        back = await again.session_id()
        await asyncio.sleep(0.2)
        kept = any(s.id == mine for s in flet_sessions().values())
        again.close()
        await again.done(timeout=6)
        return mine, back, kept

    mine, back, kept = run_coroutine(run("/play/nothing-here", key))
    assert back != mine and not kept  # drawn anew; the session it left is gone already
    mine, back, kept = run_coroutine(run("/play/nothing-here", other))
    assert back != mine and kept  # another phone cannot drop it
    mine, back, kept = run_coroutine(run("/", key))
    assert back == mine and kept


def test_a_table_session_still_connected_is_not_dropped(main):
    """A duplicated browser tab carries its first tab's session id while the first tab still
    shows the table: the duplicate gets a new session, and the first tab keeps its own."""
    app = real_app(main, AddressLimits())
    key = main.tables.new_device_key()

    async def run() -> tuple[str, str, bool]:
        first = Wire(app, device=key).open()
        first.frame(registration(route="/play/nothing-here"))
        mine = await first.session_id()
        await asyncio.sleep(0.3)
        duplicate = Wire(app, device=key).open()
        duplicate.frame(registration(mine, route="/play/nothing-here"))
        theirs = await duplicate.session_id()
        await asyncio.sleep(0.2)
        kept = any(s.id == mine for s in flet_sessions().values())
        for w in (duplicate, first):
            w.close()
            await w.done(timeout=6)
        return mine, theirs, kept

    mine, theirs, kept = run_coroutine(run())
    assert theirs != mine and kept


def test_a_session_is_bound_to_its_key_and_address_and_only_so_many_are_kept():
    from card_companion.companion.phones.access import PageOwners

    owners = PageOwners(max_pages=3)
    owners.claim("s1", None, "10.0.0.5")  # a first visit: no key yet
    assert owners.allows("s1", None, "10.0.0.5") and not owners.allows("s1", "k", "10.0.0.5")
    owners.bind("s1", "k", "10.0.0.5")  # the page's key, made for it
    owners.claim("s1", "other", "10.0.0.5")  # a claim never takes a bound session
    assert owners.allows("s1", "k", "10.0.0.5")
    assert not owners.allows("s1", "k", "10.0.0.6")  # the same key from another address
    assert not owners.allows("unknown", None, "10.0.0.5") and not owners.knows("unknown") and owners.knows("s1")
    for i in range(5):
        owners.claim(f"x{i}", None, "")
    assert len(owners) == 3
    owners.forget("x4")
    assert not owners.allows("x4", None, "")


# --- a hostile or dropped client is one log line ------------------------------------------------------


AFTER_REGISTERING = {
    "garbage": b"\x00\xc1",
    "text": "x",
    "unknown type": b"\x07abc",
    "a field Flet does not know": b"\x00" + __import__("msgpack").packb([3, {"target": 1, "nam": "x"}]),
    "a second registration": registration(),
    "a wrong type": b"\x00" + __import__("msgpack").packb([4, {"id": 1, "props": "x"}]),
}


def test_bad_frames_and_dropped_pages_are_one_line_each(main, caplog):
    limits = AddressLimits(per_address=100, new_per_minute=1000)
    app = real_app(main, limits)

    async def run():
        for bad in AFTER_REGISTERING.values():
            w = Wire(app, address="10.0.0.66").open()
            w.frame(registration())
            await w.session_id()
            w.frame(bad)
            await w.done(timeout=6)
            assert w.closed_by_server == 1008
        # a page that vanishes while the server sends to it
        from uvicorn.protocols.utils import ClientDisconnected

        class Vanishing(Wire):
            gone = False

            async def _send(self, message):
                if self.gone:
                    raise ClientDisconnected()
                await super()._send(message)

        w = Vanishing(app, address="10.0.0.67").open()
        w.frame(registration())
        await w.session_id()
        w.gone = True
        w.frame(event(1, "resize", "400,860"))  # anything that makes the server send
        await asyncio.sleep(0.5)
        w.close()
        await w.done(timeout=6)
        assert limits.open == {}

    with caplog.at_level(logging.INFO):
        run_coroutine(run())
    assert not [r for r in caplog.records if r.exc_info], "a client's doing logged a traceback"
    lines = [r.getMessage() for r in caplog.records if "10.0.0.66" in r.getMessage() and "closed" in r.getMessage()]
    assert len(lines) == len(AFTER_REGISTERING), lines
    assert any("text frame" in line for line in lines) and any("not MessagePack" in line for line in lines)


def test_a_frame_flet_still_chokes_on_is_one_line_with_the_address(caplog):
    """What gets past the checks and still breaks Flet's receive loop (a property update for
    a control this page does not have, say) is one line too."""
    record = logging.LogRecord("flet_web.fastapi", logging.WARNING, __file__, 1, "Receive loop error: %s",
                               ("boom",), (RuntimeError, RuntimeError("boom"), None))
    server.connection_address.set("10.0.0.9")
    assert server.FletLogLines().filter(record)
    assert record.exc_info is None and record.getMessage() == (
        "websocket from 10.0.0.9: a frame Flet could not take (RuntimeError: boom): the page is disconnected")


def test_flets_update_race_at_a_dropped_page_is_one_line(caplog):
    """A page dropped while one of its updates waits: Flet's update scheduler dies of
    "'NoneType' object has no attribute 'put_nowait'" (118 tracebacks in a run of 600 phones
    that vanished mid-step). One line now; any other unawaited failure keeps its traceback."""
    class Session:
        async def __updates_scheduler(self):
            pass

        def scheduler(self):
            return self.__updates_scheduler()

    async def run():
        loop = asyncio.get_running_loop()
        seen = []
        loop.default_exception_handler = seen.append  # what the default would print
        coro = Session().scheduler()
        task = loop.create_task(coro)
        await task
        server.flet_races(loop, {"message": "Task exception was never retrieved", "future": task,
                                 "exception": AttributeError("'NoneType' object has no attribute 'put_nowait'")})
        other = {"message": "Task exception was never retrieved", "future": task, "exception": KeyError("x")}
        server.flet_races(loop, other)
        return seen, other

    with caplog.at_level(logging.INFO, logger="card_companion.server"):
        seen, other = run_coroutine(run())
    assert seen == [other]  # anything else: the default handler, traceback and all
    assert [r.getMessage() for r in caplog.records] == [
        "a page's update came after its connection closed: dropped (its updates start again when it reconnects)"]


def test_a_page_that_comes_back_gets_its_update_scheduler_again(main):
    """When that race killed a session's update scheduler, the page that reconnects to the
    session would never see another update (Flet starts the scheduler once, at the first
    render). The app starts it again at every reconnect (a live one is kept)."""
    app = real_app(main, AddressLimits())
    key = main.tables.new_device_key()

    async def run():
        a = Wire(app, device=key).open()
        a.frame(registration())
        sid = await a.session_id()
        await asyncio.sleep(0.3)
        session = next(v for v in flet_sessions().values() if v.id == sid)
        session._Session__updates_task.cancel()  # dead, as the race leaves it
        a.close()
        await a.done(timeout=6)
        back = Wire(app, device=key).open()
        back.frame(registration(sid))
        assert await back.session_id() == sid
        await asyncio.sleep(0.3)
        alive = not session._Session__updates_task.done()
        back.close()
        await back.done(timeout=6)
        return alive

    assert run_coroutine(run())


def test_the_client_messages_checked_are_flets():
    from flet.messaging import protocol

    bodies = {1: protocol.RegisterClientRequestBody, 3: protocol.ControlEventBody,
              4: protocol.UpdateControlPropsBody, 5: protocol.InvokeMethodResponseBody}
    assert set(CLIENT_MESSAGES) == set(bodies)
    for action, body in bodies.items():
        assert protocol.MessageAction(action)  # the number is Flet's
        assert set(CLIENT_MESSAGES[action][1]) == {f.name for f in dataclasses.fields(body)}


# --- origin means origin ------------------------------------------------------------------------------


@pytest.mark.parametrize("origin, host, scheme, ok", [
    ("http://127.0.0.1:8550", "127.0.0.1:8550", "ws", True),
    ("https://127.0.0.1:8550", "127.0.0.1:8550", "ws", False),  # the scheme counts
    ("http://127.0.0.1:8550", "127.0.0.1:8550", "wss", False),
    ("https://127.0.0.1:8550", "127.0.0.1:8550", "wss", True),
    ("http://127.0.0.1", "127.0.0.1:80", "ws", True),  # the scheme's own port, said or not
    ("http://127.0.0.1:80", "127.0.0.1", "ws", True),
    ("http://127.0.0.1:8551", "127.0.0.1:8550", "ws", False),
    ("http://LOCALHOST:8550", "localhost:8550", "ws", True),
    ("http://127.0.0.1:8550/path", "127.0.0.1:8550", "ws", False),
    ("null", "127.0.0.1:8550", "ws", False),
    ("http://[::1]:8550", "[::1]:8550", "ws", True),
    ("http://127.0.0.1:99999", "127.0.0.1:8550", "ws", False),
])
def test_an_origin_matches_in_scheme_name_and_port(origin, host, scheme, ok):
    assert HostCheck("127.0.0.1").allows_origin(origin, host, scheme) is ok


def test_an_https_origin_is_refused_by_an_http_server_unless_it_is_its_proxy():
    async def echo(scope, receive, send):
        await receive()
        await send({"type": "websocket.accept"})
        while (await receive())["type"] != "websocket.disconnect":
            pass

    c = TestClient(Guard(echo, HostCheck("127.0.0.1"), AddressLimits()), base_url="http://127.0.0.1:8550")
    with pytest.raises(WebSocketDisconnect):
        with c.websocket_connect("ws://127.0.0.1:8550/ws", headers={"Origin": "https://127.0.0.1:8550"}):
            pass
    with c.websocket_connect("ws://127.0.0.1:8550/ws", headers={"Origin": ORIGIN}):
        pass
    proxied = HostCheck("0.0.0.0", ("https://cards.lan",))  # --allow-host https://cards.lan
    assert proxied.allows("cards.lan") and proxied.allows_origin("https://cards.lan", "cards.lan", "ws")
    assert proxied.allows_origin("https://cards.lan", "127.0.0.1:8550", "ws")  # a proxy that rewrites Host
    assert not proxied.allows_origin("http://cards.lan:8443", "cards.lan", "ws")
    assert origin_of("https://Cards.LAN") == ("https", "cards.lan", 443) and origin_of("file://x") is None


# --- in a real process: SIGTERM ---------------------------------------------------------------------------


def test_a_real_server_after_40_dropped_pages_serves_and_stops_within_5_s_at_sigterm(tmp_path):
    """40 upgrades that close at once without a frame, then 15 pages register and get their
    first screen and a 16th opens and says nothing (the whole per-address allowance: on the
    old code the address was refused after 16 dropped pages); a 17th is refused (the limit
    holds); SIGTERM ends the server within 5 s, with no traceback in its log. (The browser
    test tests/browser/test_faults.py plays a game in between.)"""
    from tests.browser.support.harness import Server

    srv = Server(tmp_path / "data").start()
    try:
        async def run():
            for _ in range(40):
                p = await Phone(srv.port).connect()
                await p.close()
            pages = [await Phone(srv.port).connect() for _ in range(15)]
            sessions = [await p.register() for p in pages]
            silent = await Phone(srv.port).connect()
            try:
                await Phone(srv.port).connect()
                refused = False
            except Exception:  # websockets' InvalidStatus: 403
                refused = True
            assert refused
            t0 = time.perf_counter()
            srv.proc.send_signal(signal.SIGTERM)
            await asyncio.get_running_loop().run_in_executor(None, srv.proc.wait, 10)
            stopped = time.perf_counter() - t0
            for p in [*pages, silent]:
                await p.close()
            return sessions, stopped

        sessions, stopped = run_coroutine(run())
        assert len(set(sessions)) == 15
        assert stopped < 5, f"the server took {stopped:.1f} s to stop"
        assert srv.proc.returncode in (0, -signal.SIGTERM)  # uvicorn ends by the signal it stopped for
    finally:
        srv.stop()
    log = srv.log_path.read_text()
    assert "Traceback" not in log and log.count("16 pages are already open") == 1, log[-3000:]
    assert "Shutting down Flet App Manager" in log  # a clean stop (the app's lifespan ended)
    assert os.path.exists(tmp_path / "data" / "games.sqlite3")
