"""The web server, hardened for a table's Wi-Fi: Flet's own FastAPI app (``flet_web.fastapi.app``,
the same one ``ft.run(view=WEB_BROWSER)`` mounts) served by uvicorn, behind one ASGI guard.

``ft.run`` builds its FastAPI app and uvicorn server inside ``flet_web.fastapi.
serve_fastapi_web_app`` with no hook for middleware, and its inner app turns on FastAPI's
``/docs``, ``/redoc`` and ``/openapi.json`` and answers every response with
``Access-Control-Allow-Origin: *``. So the app assembles the same pieces itself:

- ``Guard`` (pure ASGI, around everything):
  * the ``Host`` header must be one of the server's own names (DNS rebinding: a page of
    another site whose name was pointed at this machine is refused);
  * a websocket upgrade must carry an ``Origin`` equal to the host it asks for (a page of
    another site open in the same browser cannot drive the app: cross-site websocket);
  * at most ``per_address`` websockets open at once, and ``new_per_minute`` new ones a
    minute, from one client address;
  * ``/docs``, ``/redoc``, ``/openapi.json`` answer 404; ``Access-Control-Allow-Origin`` is
    removed; pages may not be framed by other sites.
- Flet's session timeout (``session_timeout``, minutes, instead of Flet's 3,600 s): a page
  that closed frees its session soon. All table state is in the save file, so a phone
  that comes back after the timeout gets a fresh session showing the same table.
- uvicorn without proxy headers (a client cannot claim another address with
  ``X-Forwarded-For``) and with a websocket message limit.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
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


@dataclass
class HostCheck:
    """The names this server answers to. Bound to every address (0.0.0.0): any IP address
    (a rebinding attack needs a DNS name), localhost, this machine's own name and
    ``extra``. Bound to one address: that one (and localhost's names if it is loopback)."""

    bind: str
    extra: tuple[str, ...] = ()
    names: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        names = {strip_port(n) for n in self.extra if n}
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


class Guard:
    """Pure ASGI middleware: the checks listed in the module's docstring."""

    def __init__(self, app, hosts: HostCheck, limits: AddressLimits):
        self.app, self.hosts, self.limits = app, hosts, limits
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
        if not origin or urlsplit(origin).netloc.lower() != (host or "").lower():
            self._refuse(f"websocket Origin {origin!r} for Host {host!r}")
            return await self._deny(scope, receive, send, 403, "")
        address = (scope.get("client") or ("", 0))[0]
        why = self.limits.admit(address)
        if why:
            self._refuse(f"websocket from {address}: {why}")
            return await self._deny(scope, receive, send, 429, "")
        try:
            return await self.app(scope, receive, send)
        finally:
            self.limits.release(address)

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
              session_timeout: int = SESSION_TIMEOUT):
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
    return Guard(PatchedFiles(inner, quiet_boot_screen(folder)), hosts, limits)


def run(app, host: str, port: int, *, on_started=None, log_level: str | None = None) -> None:
    """Serve until SIGINT/SIGTERM."""
    import uvicorn

    config = uvicorn.Config(app, host=host or "0.0.0.0", port=port, ws="websockets-sansio", proxy_headers=False,
                            server_header=False, ws_max_size=WS_MAX_BYTES, log_level=log_level or "warning",
                            lifespan="on")
    server = uvicorn.Server(config)

    async def serve() -> None:
        task = asyncio.create_task(server.serve())
        if on_started:
            while not server.started and not task.done():
                await asyncio.sleep(0.02)
            if server.started:
                on_started()
        await task

    asyncio.run(serve())
