"""The hardened web server without a browser: the Host check (DNS
rebinding), the websocket Origin check (cross-site websocket), the per-address connection
limits, no API pages, no ``Access-Control-Allow-Origin: *``, Flet's session timeout in
minutes, and the boot screen's text blanked for the app's own "Reconnecting…" line."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from card_companion.app import ASSETS, make_main
from card_companion.server import (
    BOOT_TEXT,
    AddressLimits,
    Guard,
    HostCheck,
    build_app,
    quiet_boot_screen,
    strip_port,
)


async def echo_app(scope, receive, send):
    """A stand-in app: answers HTTP with a permissive CORS header (as Flet's does) and
    accepts websockets."""
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"access-control-allow-origin", b"*"), (b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": b"hello"})
    elif scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        while (await receive())["type"] != "websocket.disconnect":
            pass


WS = "ws://127.0.0.1:8550/ws"


def client(bind="127.0.0.1", limits=None, extra=()):
    guard = Guard(echo_app, HostCheck(bind, extra), limits or AddressLimits())
    return TestClient(guard, base_url="http://127.0.0.1:8550"), guard


def test_strip_port():
    assert strip_port("192.168.1.2:8550") == "192.168.1.2"
    assert strip_port("[::1]:8550") == "::1" and strip_port("MyPC.local") == "mypc.local"


@pytest.mark.parametrize("bind, host, ok", [
    ("127.0.0.1", "127.0.0.1:8550", True),
    ("127.0.0.1", "localhost:8550", True),
    ("127.0.0.1", "[::1]:8550", True),
    ("127.0.0.1", "evil.example.com:8550", False),  # a rebound name pointing at 127.0.0.1
    ("127.0.0.1", "192.168.1.20:8550", False),
    ("0.0.0.0", "192.168.1.20:8550", True),  # any address of this machine
    ("0.0.0.0", "10.0.0.7", True),
    ("0.0.0.0", "attacker.example:8550", False),
    ("0.0.0.0", "", False),
    ("192.168.1.20", "192.168.1.20:8550", True),
    ("192.168.1.20", "localhost:8550", False),
])
def test_host_check(bind, host, ok):
    assert HostCheck(bind).allows(host) is ok


def test_extra_host_names_are_allowed():
    assert HostCheck("0.0.0.0", ("cards.lan",)).allows("cards.lan:8550")


def test_http_with_a_foreign_host_is_refused_and_cors_star_is_gone():
    c, guard = client()
    r = c.get("/")
    assert r.status_code == 200 and "access-control-allow-origin" not in r.headers
    assert r.headers["content-security-policy"] == "frame-ancestors 'self'"
    r = c.get("/", headers={"Host": "evil.example.com:8550"})
    assert r.status_code == 421 and "answers only to its own address" in r.text
    for path in ("/docs", "/redoc", "/openapi.json", "/docs/"):
        assert c.get(path).status_code == 404


def test_a_websocket_from_another_origin_is_refused():
    c, guard = client()
    with c.websocket_connect(WS, headers={"Origin": "http://127.0.0.1:8550"}) as ws:
        ws.send_text("hi")  # same origin: accepted
    for origin in ("http://evil.example.com", "http://127.0.0.1:9999", "null", None):
        headers = {"Origin": origin} if origin else {}
        with pytest.raises(WebSocketDisconnect):
            with c.websocket_connect(WS, headers=headers):
                pass
    with pytest.raises(WebSocketDisconnect):  # rebinding: the page's own origin, a foreign Host
        with c.websocket_connect(WS, headers={"Origin": "http://evil.example.com:8550",
                                                 "Host": "evil.example.com:8550"}):
            pass
    assert sum(guard.refused.values()) == 5


def test_pages_per_address_are_limited():
    limits = AddressLimits(per_address=3, new_per_minute=100)
    c, guard = client(limits=limits)
    origin = {"Origin": "http://127.0.0.1:8550"}
    opened = [c.websocket_connect(WS, headers=origin) for _ in range(3)]
    sockets = [o.__enter__() for o in opened]
    with pytest.raises(WebSocketDisconnect):
        with c.websocket_connect(WS, headers=origin):
            pass
    for o in opened:
        o.__exit__(None, None, None)
    with c.websocket_connect(WS, headers=origin):  # a closed page frees its place
        pass
    assert limits.open == {} and sockets


def test_new_pages_a_minute_are_limited():
    class Clock:
        now = 0.0

        def __call__(self):
            return self.now

    clock = Clock()
    limits = AddressLimits(per_address=10, new_per_minute=4, clock=clock)
    for _ in range(4):
        assert limits.admit("10.0.0.5") is None
        limits.release("10.0.0.5")
    assert "new pages a minute" in limits.admit("10.0.0.5")
    assert limits.admit("10.0.0.6") is None
    clock.now = 61
    assert limits.admit("10.0.0.5") is None


def test_the_app_uses_a_session_timeout_of_minutes_and_no_api_pages(tmp_path, monkeypatch):
    import sys

    import flet_web.fastapi.app  # noqa: F401  (the package re-exports a function of that name)

    flet_app_module = sys.modules["flet_web.fastapi.app"]

    seen = {}
    real = flet_app_module.FletApp

    class Spy(real):
        def __init__(self, *args, **kwargs):
            seen["timeout"] = kwargs.get("session_timeout_seconds")
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(flet_app_module, "FletApp", Spy)
    main, _ = make_main(tmp_path)
    app = build_app(main, assets_dir=str(ASSETS), hosts=HostCheck("127.0.0.1"), limits=AddressLimits(),
                    session_timeout=120)
    with TestClient(app, base_url="http://127.0.0.1:8550") as c:
        r = c.get("/")
        assert r.status_code == 200 and "connection.js" in r.text and "<title>Card Companion</title>" in r.text
        assert "access-control-allow-origin" not in r.headers
        assert c.get("/openapi.json").status_code == 404
        assert "Reconnecting" in c.get("/connection.js").text
        manifest = c.get("/manifest.json").json()  # the app's own green (settings: GREEN_800), not Flet's pink
        assert manifest["theme_color"] == "#2E7D32" and manifest["name"] == "Card Companion"
        assert all(c.get(f"/{icon['src']}").status_code == 200 for icon in manifest["icons"])
        js = c.get("/main.dart.js").content
        assert b'"Working..."' not in js and len(js) > 1_000_000
        with pytest.raises(WebSocketDisconnect):
            with c.websocket_connect(WS, headers={"Origin": "http://evil.example.com"}):
                pass
        with c.websocket_connect(WS, headers={"Origin": "http://127.0.0.1:8550"}):
            pass
    assert seen["timeout"] == 120


def test_the_boot_text_is_found_exactly_once_in_both_builds(tmp_path):
    files = quiet_boot_screen(tmp_path)
    assert set(files) == {"/main.dart.js", "/main.dart.wasm"}
    for name, (old, new) in BOOT_TEXT.items():
        data = files[f"/{name}"].read_bytes()
        assert old not in data and len(new) == len(old) or name.endswith(".js")


def test_our_index_is_flets_with_one_line_more():
    """assets/index.html is Flet's own index.html with one script line added: a Flet upgrade
    that changes its index shows up here."""
    from flet_web import get_package_web_dir

    flet_index = (Path(get_package_web_dir()) / "index.html").read_text().splitlines()
    ours = (ASSETS / "index.html").read_text().splitlines()
    added = [line for line in ours if line not in flet_index]
    assert len(ours) == len(flet_index) + 1 and len(added) == 1 and "connection.js" in added[0]
