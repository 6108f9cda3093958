"""The web server, hardened for a table's Wi-Fi: Flet's own FastAPI app (``flet_web.fastapi.app``,
the same one ``ft.run(view=WEB_BROWSER)`` mounts) served by uvicorn, behind one ASGI guard.

``ft.run`` builds its FastAPI app and uvicorn server inside ``flet_web.fastapi.
serve_fastapi_web_app`` with no hook for middleware, and its inner app turns on FastAPI's
``/docs``, ``/redoc`` and ``/openapi.json`` and answers every response with
``Access-Control-Allow-Origin: *``. So the app assembles the same pieces itself:

- ``Guard`` (pure ASGI, around everything):
  * the ``Host`` header must be one of the server's own names (DNS rebinding: a page of
    another site whose name was pointed at this machine is refused);
  * a websocket upgrade must carry an ``Origin`` that is the server's own: the scheme, the
    name and the port it was asked for (a page of another site open in the same browser
    cannot drive the app: cross-site websocket), or one named with ``--allow-host
    https://name`` (an HTTPS proxy in front);
  * at most ``per_address`` websockets open at once, and ``new_per_minute`` new ones a
    minute, from one client address;
  * each websocket is a ``Connection``: its first frame must be a registration, sent
    within ``REGISTER_WAIT`` seconds; a frame that is not one of Flet's client messages
    closes it with one log line; a session id presented at registration must be one this
    phone (device key, address) opened (``PageOwners``), else Flet starts a new session;
    whatever way it ends, its place (``per_address``) is given back;
  * ``/docs``, ``/redoc``, ``/openapi.json`` answer 404; ``Access-Control-Allow-Origin`` is
    removed; pages may not be framed by other sites.
- Flet's session timeout (``session_timeout``, minutes, instead of Flet's 3,600 s): a page
  that closed frees its session soon. All table state is in the save file, so a phone
  that comes back after the timeout gets a fresh session showing the same table.
- uvicorn without proxy headers (a client cannot claim another address with
  ``X-Forwarded-For``), with a websocket message limit, and a bounded stop: at SIGTERM the
  connections are ended and the server is gone within ``STOP_WAIT`` seconds.
"""

from __future__ import annotations

import asyncio
import contextvars
import ipaddress
import logging
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

log = logging.getLogger(__name__)

WILDCARD = ("0.0.0.0", "::", "")
SESSION_TIMEOUT = 120
"""seconds Flet keeps the session of a page whose connection closed (Flet's default: 3,600)"""
PER_ADDRESS = 16
"""websockets (pages) open at once from one client address"""
NEW_PER_MINUTE = 60
"""new websockets a minute from one client address"""
WS_MAX_BYTES = 8 * 1024 * 1024
BLOCKED_PATHS = ("/docs", "/redoc", "/openapi.json")
REGISTER_WAIT = 5.0
"""seconds a new websocket has to send its registration once it is accepted (Flet's client
sends it as soon as the socket is open), else it is closed and its place given back. The
server's own time: counted in slices of ``SLICE`` seconds, and a slice in which the server
was busy elsewhere (a burst of other pages' renders) counts as one slice, however long"""
SLICE = 0.5
CLOSE_WAIT = 5.0
"""seconds Flet gets to end a connection whose page went away (to mark its session
disconnected) before it is ended for it; a connection that never registered gets
``UNREGISTERED_WAIT``: Flet has nothing to end for it, and waits forever without this (by
then it is already waiting: it was told of the end in the same step of its task)"""
UNREGISTERED_WAIT = 0.1
STOP_WAIT = 3.0
"""seconds uvicorn waits at SIGTERM for the connections to end before it cancels them"""
DEVICE_COOKIE = "companion-device"
"""the cookie the page's connection.js sets from its device key before each websocket (path /ws):
the only way a registration can say which phone it comes from"""


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    except OSError:
        try:
            return socket.gethostbyname(socket.gethostname())
        except OSError:
            return "127.0.0.1"


def strip_port(host: str) -> str:
    """'192.168.1.2:8550' -> '192.168.1.2'; '[::1]:8550' -> '::1'; 'Name' -> 'name'."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.index("]")] if "]" in host else host
    if host.count(":") == 1:
        return host.split(":")[0]
    return host


def is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(url: str) -> tuple[str, str, int] | None:
    """An origin as (scheme, name, port), the port the scheme's own when it is left out:
    'http://127.0.0.1:8550' -> ('http', '127.0.0.1', 8550), 'https://Cards.lan' -> ('https',
    'cards.lan', 443). None: not an http(s) origin ('null', a file: page, garbage)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        return None
    return parts.scheme, parts.hostname.lower(), port or DEFAULT_PORTS[parts.scheme]


@dataclass
class HostCheck:
    """The names this server answers to. Bound to every address (0.0.0.0): any IP address
    (a rebinding attack needs a DNS name), localhost, this machine's own name and
    ``extra``. Bound to one address: that one (and localhost's names if it is loopback).
    An ``extra`` given as an origin (``https://cards.lan``: an HTTPS proxy in front) is
    also an origin a page of this app may have."""

    bind: str
    extra: tuple[str, ...] = ()
    names: set[str] = field(default_factory=set)
    origins: set[tuple[str, str, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.origins = {o for o in (origin_of(n) for n in self.extra if "://" in n) if o}
        names = {strip_port(n) for n in self.extra if n and "://" not in n} | {o[1] for o in self.origins}
        bind = strip_port(self.bind) if self.bind else ""
        loopback = bind in ("localhost",) or (is_ip(bind) and ipaddress.ip_address(bind).is_loopback)
        if bind in WILDCARD or loopback:
            names |= {"localhost", "127.0.0.1", "::1"}
        if bind in WILDCARD:
            try:
                hostname = socket.gethostname().lower()
                names |= {hostname, f"{hostname}.local"}
            except OSError:
                pass
        elif bind:
            names.add(bind)
        self.names = names

    def allows(self, host_header: str | None) -> bool:
        if not host_header:
            return False
        name = strip_port(host_header)
        if name in self.names:
            return True
        return self.bind in WILDCARD and is_ip(name)

    def allows_origin(self, origin: str | None, host_header: str | None, scheme: str | None) -> bool:
        """A websocket's ``Origin`` is the server's own: the scheme it was reached by (ws:
        http, wss: https), the name and the port of its ``Host``, all three; or one of the
        origins given as ``extra``."""
        seen = origin_of(origin or "")
        if seen is None or not host_header:
            return False
        own = origin_of(f"{'https' if scheme in ('wss', 'https') else 'http'}://{host_header}")
        return seen == own or seen in self.origins


class AddressLimits:
    """Open websockets and new ones a minute, per client address."""

    def __init__(self, per_address: int = PER_ADDRESS, new_per_minute: int = NEW_PER_MINUTE, clock=time.monotonic):
        self.per_address = per_address
        self.new_per_minute = new_per_minute
        self.clock = clock
        self.open: dict[str, int] = {}
        self.recent: dict[str, deque] = {}
        self._lock = threading.Lock()

    def admit(self, address: str) -> str | None:
        """None if a new websocket from ``address`` may open (and counts it), else why not."""
        with self._lock:
            now = self.clock()
            recent = self.recent.setdefault(address, deque())
            while recent and now - recent[0] > 60:
                recent.popleft()
            if self.open.get(address, 0) >= self.per_address:
                return f"{self.per_address} pages are already open from this address"
            if len(recent) >= self.new_per_minute:
                return f"more than {self.new_per_minute} new pages a minute from this address"
            recent.append(now)
            self.open[address] = self.open.get(address, 0) + 1
            return None

    def release(self, address: str) -> None:
        with self._lock:
            n = self.open.get(address, 0) - 1
            if n > 0:
                self.open[address] = n
            else:
                self.open.pop(address, None)
                if not self.recent.get(address):
                    self.recent.pop(address, None)


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


# --- one websocket ---------------------------------------------------------------------------

REGISTER = 1
"""Flet's MessageAction.REGISTER_CLIENT"""
CLIENT_MESSAGES: dict[int, tuple[str, dict[str, tuple[type, ...]]]] = {
    REGISTER: ("registration", {"session_id": (str, type(None)), "page_name": (str,), "page": (dict,)}),
    3: ("control event", {"target": (int,), "name": (str,), "data": (object,)}),
    4: ("property update", {"id": (int,), "props": (dict,)}),
    5: ("method result", {"control_id": (int,), "call_id": (str,), "result": (object,),
                          "error": (str, type(None))}),
}
"""the messages Flet's client sends (flet.messaging.protocol: MessageAction and the bodies'
fields; tests/test_server_faults.py checks them against Flet's): name, field → its types"""

connection_address: contextvars.ContextVar[str] = contextvars.ContextVar("connection_address", default="?")
"""the client address of the websocket whose task runs (Flet's own log lines name it)"""


def frame_problem(message: dict[str, Any], registered: bool) -> tuple[str | None, list[Any] | None]:
    """What is wrong with a frame a page sent (None: nothing), and the Flet message in it:
    a binary frame, ``0x00`` and a MessagePack ``[action, body]`` of a message Flet's client
    sends, a registration first and only first; or ``0x01`` and a data channel's frame."""
    import msgpack

    data = message.get("bytes")
    if data is None:
        return "a text frame (Flet's client sends binary frames)", None
    if not data:
        return None, None  # Flet skips empty frames
    if data[0] == 1:
        return (None, None) if registered and len(data) >= 5 else ("a data-channel frame out of place", None)
    if data[0] != 0:
        return f"a frame of unknown type {data[0]:#04x}", None
    try:
        decoded = msgpack.unpackb(data[1:])
    except Exception:  # msgpack raises several kinds, and ValueError for trailing bytes
        return "a frame that is not MessagePack", None
    if not (isinstance(decoded, list) and len(decoded) == 2 and isinstance(decoded[1], dict)):
        return "a frame that is not a Flet message", None
    action, body = decoded
    known = CLIENT_MESSAGES.get(action) if isinstance(action, int) else None
    if known is None:
        return f"a message Flet's client does not send ({str(action)[:20]})", None
    name, fields = known
    if registered == (action == REGISTER):
        return (f"a {name} before the registration" if not registered else "a second registration"), None
    if set(body) != set(fields) or not all(isinstance(body[f], types) for f, types in fields.items()):
        return f"a {name} whose fields are not Flet's ({', '.join(sorted(map(str, body))[:6])[:80]})", None
    return None, decoded


def device_of(scope) -> str | None:
    """The device key the page's cookie names (None: no cookie: a first visit, or a script)."""
    raw = _header(scope, b"cookie")
    if not raw:
        return None
    try:
        jar: SimpleCookie = SimpleCookie()
        jar.load(raw)
    except CookieError:
        return None
    morsel = jar.get(DEVICE_COOKIE)
    return morsel.value[:200] if morsel is not None and morsel.value else None


class Connection:
    """One websocket between a page and Flet, watched: the registration comes first and in
    time, every frame is one of Flet's client messages, a session id asked for is this
    phone's, and Flet hears that the connection ended however it ended (without it, Flet
    waits forever on a connection that closed before registering: issue 25, item 1).
    What Flet sends after the page is gone is dropped: Flet's send loop would fail, and its
    session stay attached to a dead connection, never to expire."""

    def __init__(self, receive, send, address: str, device: str | None, owners=None, on_end=None):
        self._receive, self._send = receive, send
        self.address, self.device, self.owners = address, device, owners
        self._on_end = on_end
        """called once when the connection ends (its place is given back at once)"""
        self.registered = False
        self.session_id: str | None = None
        self.gone = False
        """the page is gone, or was sent away: nothing more is sent to it"""
        self.ended = asyncio.Event()
        """Flet was told the connection ended"""
        self.accepted = False
        self._waited = 0.0
        """seconds of the server's own time waited for the registration since the accept"""

    async def receive(self) -> dict[str, Any]:
        if self.ended.is_set():
            return {"type": "websocket.disconnect", "code": 1006}
        message = await self._receive() if self.registered else await self._before_registering()
        if message is None:
            return await self.close(f"no registration within {REGISTER_WAIT:g} s")
        kind = message.get("type")
        if kind == "websocket.disconnect":
            self.gone = True
            if not self.registered:
                log.info("websocket from %s: closed before it registered", self.address)
            self._end()
            return message
        if kind != "websocket.receive":
            return message
        problem, decoded = frame_problem(message, self.registered)
        if problem:
            return await self.close(problem)
        if decoded is not None and decoded[0] == REGISTER:
            return self._registration(message, decoded[1])
        return message

    async def _before_registering(self) -> dict[str, Any] | None:
        """The next message before the registration, or None once ``REGISTER_WAIT`` seconds
        of slices have passed since the accept with nothing."""
        step = min(SLICE, REGISTER_WAIT)
        while True:
            try:
                return await asyncio.wait_for(self._receive(), step)
            except TimeoutError:  # a message that came meanwhile stays in the queue for the next try
                if self.accepted:
                    self._waited += step
                if self._waited >= REGISTER_WAIT:
                    return None

    def _registration(self, message: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        """A session id this phone did not open is left out: Flet starts a new session."""
        import msgpack

        self.registered = True
        asked = body.get("session_id")
        page = body.get("page")
        route = str(page.get("route") or "") if isinstance(page, dict) else ""
        if asked and route.startswith(TABLE_ROUTE):
            # a table's page is drawn anew from the save: Flet's web client (1.0.5) takes 95-135 s
            # of the browser's main thread to take a whole table back onto the session it had,
            # and a new session draws it in a tenth of a second (docs/architecture.md)
            log.info("websocket from %s: a table's page came back: drawn anew from the save", self.address)
            fresh = msgpack.packb([REGISTER, dict(body, session_id=None)])
            return {"type": "websocket.receive", "bytes": b"\x00" + fresh}
        if asked and self.owners is not None and not self.owners.allows(asked, self.device, self.address):
            if self.owners.knows(asked):
                log.warning("websocket from %s: asked for a session another phone opened: a new session", self.address)
            else:  # the server was started again, or the session expired: Flet would not find it either
                log.info("websocket from %s: asked for a session this server does not know: a new session",
                         self.address)
            fresh = msgpack.packb([REGISTER, dict(body, session_id=None)])
            return {"type": "websocket.receive", "bytes": b"\x00" + fresh}
        return message

    async def close(self, why: str) -> dict[str, Any]:
        """Close the websocket (policy violation) and tell Flet it ended."""
        log.warning("websocket from %s: %s: closed", self.address, why)
        if not self.gone:
            self.gone = True
            try:
                await self._send({"type": "websocket.close", "code": 1008})
            except (OSError, RuntimeError):  # the page went meanwhile
                pass
        self._end()
        return {"type": "websocket.disconnect", "code": 1008}

    def _end(self) -> None:
        if not self.ended.is_set():
            self.ended.set()
            if self._on_end is not None:
                self._on_end()

    async def send(self, message: dict[str, Any]) -> None:
        if self.gone:
            return
        if message.get("type") == "websocket.accept":
            self.accepted = True
        elif self.session_id is None and message.get("type") == "websocket.send":
            self._note_session(message.get("bytes"))
        try:
            await self._send(message)
        except OSError:  # uvicorn's ClientDisconnected: the page went while it was being sent to
            self.gone = True
            log.info("websocket from %s: the page went away while the server was sending to it", self.address)

    def _note_session(self, data: bytes | None) -> None:
        """Flet's answer to the registration names the session: a new one belongs to this phone."""
        if not data or data[:3] != b"\x00\x92\x01":  # 0x00, [REGISTER, ...]
            return
        import msgpack

        try:
            body = msgpack.unpackb(data[1:])[1]
            self.session_id = str(body["session_id"])
        except Exception:  # not the registration's answer after all
            return
        if self.owners is not None:
            self.owners.claim(self.session_id, self.device, self.address)


TABLE_ROUTE = "/play/"
"""the routes of a table's pages (the table, its history): drawn anew when they reconnect"""


class FletLogLines(logging.Filter):
    """Flet's receive loop logs a frame it could not take (after the checks above, a body
    Flet's own code chokes on) with its whole traceback: it is the client's doing, so it
    becomes one line naming the address and what was wrong."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and str(record.msg).startswith("Receive loop error"):
            exc = record.exc_info[1]
            record.msg = "websocket from %s: a frame Flet could not take (%s: %s): the page is disconnected"
            record.args = (connection_address.get(), type(exc).__name__, str(exc)[:200])
            record.exc_info = record.exc_text = None
        return True


async def slices(task: asyncio.Task, seconds: float) -> None:
    """Wait for ``task`` up to ``seconds`` of the server's own time (slices of ``SLICE``; a
    slice in which the server was busy elsewhere counts as one slice, however long)."""
    step = min(SLICE, seconds)
    waited = 0.0
    while not task.done() and waited < seconds:
        await asyncio.wait({task}, timeout=step)
        waited += step


def flet_races(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The loop's handler of exceptions nobody awaited: one known race of Flet's is one log
    line, anything else is the default (its traceback). The race: a page's connection ends
    while one of its components' updates is waiting; Flet's send loop has already dropped its
    queue when the session's update scheduler sends, and the scheduler dies of it
    (``'NoneType' object has no attribute 'put_nowait'``). The app starts the scheduler again
    when the page reconnects (app.py: ``make_main``)."""
    exc = context.get("exception")
    task = context.get("future")
    coro = getattr(task, "get_coro", lambda: None)()
    if (isinstance(exc, AttributeError) and "put_nowait" in str(exc)
            and "updates_scheduler" in getattr(coro, "__qualname__", "")):
        log.info("a page's update came after its connection closed: dropped (its updates start again when it "
                 "reconnects)")
        return
    loop.default_exception_handler(context)


def _disconnected(exc: BaseException) -> bool:
    from starlette.websockets import WebSocketDisconnect

    return isinstance(exc, (WebSocketDisconnect, OSError))


class Guard:
    """Pure ASGI middleware: the checks listed in the module's docstring."""

    def __init__(self, app, hosts: HostCheck, limits: AddressLimits, owners=None):
        self.app, self.hosts, self.limits, self.owners = app, hosts, limits, owners
        self.refused: dict[str, int] = {}
        """why → how many times (tests and the log read it)"""

    def _refuse(self, why: str) -> None:
        self.refused[why] = self.refused.get(why, 0) + 1
        log.warning("refused: %s", why)

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        host = _header(scope, b"host")
        if not self.hosts.allows(host):
            self._refuse(f"Host {host!r}")
            return await self._deny(scope, receive, send, 421, "This server answers only to its own address.")
        if kind == "http":
            if scope.get("path", "").rstrip("/") in BLOCKED_PATHS:
                return await self._deny(scope, receive, send, 404, "Not found.")
            return await self.app(scope, receive, self._clean_headers(send))
        origin = _header(scope, b"origin")
        if not self.hosts.allows_origin(origin, host, scope.get("scheme")):
            self._refuse(f"websocket Origin {origin!r} for Host {host!r}")
            return await self._deny(scope, receive, send, 403, "")
        address = (scope.get("client") or ("", 0))[0]
        why = self.limits.admit(address)
        if why:
            self._refuse(f"websocket from {address}: {why}")
            return await self._deny(scope, receive, send, 429, "")
        released = []

        def release() -> None:  # once: when the page is gone, or at the latest when Flet is done
            if not released:
                released.append(True)
                self.limits.release(address)

        try:
            await self._connect(scope, receive, send, address, release)
        finally:
            release()

    async def _connect(self, scope, receive, send, address: str, release) -> None:
        """Run Flet's side of one websocket until it ends; end it for Flet if Flet does not."""
        conn = Connection(receive, send, address, device_of(scope), self.owners, on_end=release)
        connection_address.set(address)  # copied into the app's task
        app = asyncio.create_task(self.app(scope, conn.receive, conn.send))
        ended = asyncio.create_task(conn.ended.wait())
        try:
            await asyncio.wait({app, ended}, return_when=asyncio.FIRST_COMPLETED)
            await slices(app, CLOSE_WAIT if conn.registered else UNREGISTERED_WAIT)
        finally:
            ended.cancel()
            if not app.done():
                app.cancel()
        try:
            await app
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise
        except Exception as exc:
            if conn.gone and _disconnected(exc):
                log.info("websocket from %s: the page went away (%s)", address, type(exc).__name__)
            else:
                log.error("websocket from %s: the app failed", address, exc_info=exc)

    def _clean_headers(self, send):
        async def sending(message):
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.lower() != b"access-control-allow-origin"]
                headers.append((b"content-security-policy", b"frame-ancestors 'self'"))
                headers.append((b"x-content-type-options", b"nosniff"))
                message = dict(message, headers=headers)
            await send(message)

        return sending

    async def _deny(self, scope, receive, send, status: int, text: str) -> None:
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008})
            return
        body = text.encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


BOOT_TEXT = {"main.dart.js": (b'"Working..."', b'""'), "main.dart.wasm": (b"Working...", b" " * 10)}
"""Flet's web client shows "Working..." on its boot screen while it (re)connects; that text is
blanked (exactly one occurrence in each build, else the file is served as it is), and the
app's own line says "Reconnecting…" over it (assets/connection.js)."""


def quiet_boot_screen(folder: Path) -> dict[str, Path]:
    """Copies of Flet's client with the boot screen's text blanked: URL path -> file."""
    from flet_web import get_package_web_dir

    out = {}
    for name, (old, new) in BOOT_TEXT.items():
        data = (Path(get_package_web_dir()) / name).read_bytes()
        if data.count(old) != 1:
            log.warning("%s: Flet's boot text not found once; served as it is", name)
            continue
        target = folder / name
        target.write_bytes(data.replace(old, new))
        out[f"/{name}"] = target
    return out


class PatchedFiles:
    """Serve a few files of Flet's web client from patched copies."""

    def __init__(self, app, files: dict[str, Path]):
        self.app, self.files = app, files

    async def __call__(self, scope, receive, send):
        path = self.files.get(scope.get("path", "")) if scope["type"] == "http" else None
        if path is None or scope.get("method") not in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        from starlette.responses import FileResponse

        kind = "application/wasm" if path.suffix == ".wasm" else "text/javascript"
        await FileResponse(path, media_type=kind)(scope, receive, send)


def build_app(main, *, assets_dir: str, hosts: HostCheck, limits: AddressLimits,
              session_timeout: int = SESSION_TIMEOUT, owners=None):
    """Flet's FastAPI app for ``main`` (the page handler) behind the Guard."""
    import tempfile

    import flet as ft
    import flet_web.fastapi as flet_fastapi

    inner = flet_fastapi.app(
        main,
        app_name="Card Companion",
        app_short_name="Companion",
        app_description="A table companion for five card games played with real decks.",
        assets_dir=assets_dir,
        web_renderer=ft.WebRenderer.AUTO,
        route_url_strategy=ft.RouteUrlStrategy.PATH,
        no_cdn=True,
        session_timeout_seconds=session_timeout,
    )
    # FastAPI adds its API pages in its constructor; this app has no API to describe
    inner.router.routes = [r for r in inner.router.routes if getattr(r, "path", None) not in
                           ("/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect")]
    inner.openapi_url = inner.docs_url = inner.redoc_url = None
    folder = Path(tempfile.mkdtemp(prefix="companion-web-"))
    flet_fastapi.app_manager.add_temp_dir(str(folder))  # removed at shutdown
    flet_log = logging.getLogger("flet_web.fastapi")
    if not any(isinstance(f, FletLogLines) for f in flet_log.filters):
        flet_log.addFilter(FletLogLines())
    return Guard(PatchedFiles(inner, quiet_boot_screen(folder)), hosts, limits, owners)


def run(app, host: str, port: int, *, on_started=None, log_level: str | None = None) -> None:
    """Serve until SIGINT/SIGTERM (then gone within about ``STOP_WAIT`` seconds, whatever the
    connections are doing: every step is in the save file before a page is told of it)."""
    import uvicorn

    config = uvicorn.Config(app, host=host or "0.0.0.0", port=port, ws="websockets-sansio", proxy_headers=False,
                            server_header=False, ws_max_size=WS_MAX_BYTES, log_level=log_level or "warning",
                            lifespan="on", timeout_graceful_shutdown=STOP_WAIT)
    server = uvicorn.Server(config)

    async def serve() -> None:
        asyncio.get_running_loop().set_exception_handler(flet_races)
        task = asyncio.create_task(server.serve())
        if on_started:
            while not server.started and not task.done():
                await asyncio.sleep(0.02)
            if server.started:
                on_started()
        await task

    asyncio.run(serve())
