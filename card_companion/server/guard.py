"""The guard in front of Flet's app (pure ASGI): a ``Host`` of the server's own, a websocket's
``Origin`` of its own, the pages per address, each websocket a watched ``Connection``, no API
pages, no cross-site headers or framing."""

from __future__ import annotations

import asyncio
import logging

from card_companion.server.connection import Connection, connection_address, device_of, header, slices
from card_companion.server.limits import AddressLimits, HostCheck

log = logging.getLogger(__name__)

BLOCKED_PATHS = ("/docs", "/redoc", "/openapi.json")
CLOSE_WAIT = 5.0
"""seconds Flet gets to end a connection whose page went away (to mark its session
disconnected) before it is ended for it; a connection that never registered gets
``UNREGISTERED_WAIT``: Flet has nothing to end for it, and waits forever without this (by
then it is already waiting: it was told of the end in the same step of its task)"""
UNREGISTERED_WAIT = 0.1


def _disconnected(exc: BaseException) -> bool:
    from starlette.websockets import WebSocketDisconnect

    return isinstance(exc, (WebSocketDisconnect, OSError))


class Guard:
    """Pure ASGI middleware: the checks listed in this module's docstring (and the package's)."""

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
        host = header(scope, b"host")
        if not self.hosts.allows(host):
            self._refuse(f"Host {host!r}")
            return await self._deny(scope, receive, send, 421, "This server answers only to its own address.")
        if kind == "http":
            if scope.get("path", "").rstrip("/") in BLOCKED_PATHS:
                return await self._deny(scope, receive, send, 404, "Not found.")
            return await self.app(scope, receive, self._clean_headers(send))
        origin = header(scope, b"origin")
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
