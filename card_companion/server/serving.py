"""Serving: Flet's FastAPI app assembled behind the guard (its API pages gone, the boot
screen's text blanked, Flet's log lines of a bad frame made one line, the phone app's files at
/phone/ in front of it), and uvicorn run with a websocket message limit, no proxy headers, and a
bounded stop at SIGTERM. The app's socket is bound before uvicorn starts (``listening_socket``):
an address that cannot be served (a port another program has, a port only the administrator
may use, an address not this machine's) is one sentence (``CannotListen``, with a port to
try), never uvicorn's log line and tracebacks."""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
from pathlib import Path
from typing import Any

from card_companion.server.connection import connection_address
from card_companion.server.flet_compat import BOOT_TEXT, FLET_LOGGER, RECEIVE_LOOP_ERROR, is_update_race
from card_companion.server.guard import Guard
from card_companion.server.limits import AddressLimits, HostCheck
from card_companion.server.phone_files import PhoneFiles

log = logging.getLogger(__name__)

SESSION_TIMEOUT = 120
"""seconds Flet keeps the session of a page whose connection closed (Flet's default: 3,600)"""
WS_MAX_BYTES = 8 * 1024 * 1024
STOP_WAIT = 3
"""seconds uvicorn waits at SIGTERM for the connections to end before it cancels them"""


class FletLogLines(logging.Filter):
    """Flet's receive loop logs a frame it could not take (after the checks above, a body
    Flet's own code chokes on) with its whole traceback: it is the client's doing, so it
    becomes one line naming the address and what was wrong."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and str(record.msg).startswith(RECEIVE_LOOP_ERROR):
            exc = record.exc_info[1]
            record.msg = "websocket from %s: a frame Flet could not take (%s: %s): the page is disconnected"
            record.args = (connection_address.get(), type(exc).__name__, str(exc)[:200])
            record.exc_info = record.exc_text = None
        return True


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
    if is_update_race(exc, coro):
        log.info("a page's update came after its connection closed: dropped (its updates start again when it "
                 "reconnects)")
        return
    loop.default_exception_handler(context)


def quiet_boot_screen(folder: Path) -> dict[str, Path]:
    """Copies of Flet's client with the boot screen's text blanked (``BOOT_TEXT``: exactly one
    occurrence in each build, else the file is served as it is): URL path -> file."""
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
              session_timeout: int = SESSION_TIMEOUT, owners=None, phone_dir: Path | None = None):
    """Flet's FastAPI app for ``main`` (the page handler) behind the Guard; ``phone_dir``: the
    phone app's build (``phone_build``), served at /phone/ (None: /phone/ is a 404)."""
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
    flet_log = logging.getLogger(FLET_LOGGER)
    if not any(isinstance(f, FletLogLines) for f in flet_log.filters):
        flet_log.addFilter(FletLogLines())
    return Guard(PhoneFiles(PatchedFiles(inner, quiet_boot_screen(folder)), phone_dir), hosts, limits, owners)


class CannotListen(Exception):
    """The server cannot listen where it was asked to; the message says why in one sentence,
    and what to try instead."""


def listening_socket(host: str, port: int) -> socket.socket:
    """The bound socket the server will listen on (as uvicorn would bind it: SO_REUSEADDR, so a
    port just left is not taken for busy; a port another program listens on still is), or
    CannotListen saying why."""
    where = host or "0.0.0.0"
    if not 1 <= port <= 65535:
        raise CannotListen(f"{port} is not a port (a port is 1 to 65535): try --port {free_port_near(where, 8549)}")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(where, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except socket.gaierror:
        raise CannotListen(f"there is no address {where!r} on this machine's network: try --host 0.0.0.0 "
                           "(every address of this machine) or --host 127.0.0.1 (this machine only)") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise CannotListen(bind_problem(where, port, exc)) from None
    return sock


def bind_problem(host: str, port: int, exc: OSError) -> str:
    """Why a bind failed, in one sentence, with what to try."""
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} is taken on {host} (another program is listening there): try --port " \
               f"{free_port_near(host, port)}"
    if exc.errno == errno.EACCES:
        return f"port {port} may be used only by the administrator on this machine: try --port " \
               f"{free_port_near(host, max(port, 8549))}"
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"{host} is not an address of this machine: try --host 0.0.0.0 (every address of this machine)"
    return f"the server cannot listen on {host}:{port} ({exc.strerror or exc})"


def free_port_near(host: str, port: int) -> int:
    """A port after ``port`` that nothing listens on now (the first of the next 50; else one the
    system picks)."""
    for candidate in [*range(port + 1, min(port + 51, 65536)), 0]:
        try:
            with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as probe:
                probe.bind((host, candidate))
                return int(probe.getsockname()[1])
        except OSError:
            continue
    return 0


def run(app, host: str, port: int, *, on_started=None, log_level: str | None = None,
        sock: socket.socket | None = None) -> None:
    """Serve until SIGINT/SIGTERM (then gone within about ``STOP_WAIT`` seconds, whatever the
    connections are doing: every step is in the save file before a page is told of it).
    ``on_started`` once the server listens; ``sock``: bound already (``listening_socket``),
    else bound here, CannotListen before anything else if it cannot be."""
    import uvicorn

    sock = sock if sock is not None else listening_socket(host, port)
    config = uvicorn.Config(app, host=host or "0.0.0.0", port=port, ws="websockets-sansio", proxy_headers=False,
                            server_header=False, ws_max_size=WS_MAX_BYTES, log_level=log_level or "warning",
                            lifespan="on", timeout_graceful_shutdown=STOP_WAIT)
    server = uvicorn.Server(config)

    async def serve() -> None:
        asyncio.get_running_loop().set_exception_handler(flet_races)
        task = asyncio.create_task(server.serve(sockets=[sock]))
        if on_started:
            while not server.started and not task.done():
                await asyncio.sleep(0.02)
            if server.started:
                on_started()
        await task

    try:
        asyncio.run(serve())
    finally:
        sock.close()
