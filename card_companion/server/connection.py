"""One websocket between a page and Flet, watched: the registration first and in time, only
Flet's client messages, a session id only for the phone that opened it (a table's page drawn
anew), and Flet told that it ended however it ended."""

from __future__ import annotations

import asyncio
import contextvars
import logging
from http.cookies import CookieError, SimpleCookie
from typing import Any

from card_companion.server.flet_compat import flet_sessions

log = logging.getLogger(__name__)

REGISTER_WAIT = 5.0
"""seconds a new websocket has to send its registration once it is accepted (Flet's client
sends it as soon as the socket is open), else it is closed and its place given back. The
server's own time: counted in slices of ``SLICE`` seconds, and a slice in which the server
was busy elsewhere (a burst of other pages' renders) counts as one slice, however long"""
SLICE = 0.5
DEVICE_COOKIE = "companion-device"
"""the cookie the page's connection.js sets from its device key before each websocket (path /ws):
the only way a registration can say which phone it comes from"""


def header(scope, name: bytes) -> str | None:
    """A header of an ASGI request (its first, decoded), or None."""
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


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
fields; tests/phones/test_server_faults.py checks them against Flet's): name, field → its types"""

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
    raw = header(scope, b"cookie")
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
        self._left: asyncio.Task | None = None
        """the old session of a table's page that came back, being dropped"""

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
            if self.owners is None or self.owners.allows(asked, self.device, self.address):
                self._left = asyncio.get_running_loop().create_task(drop_left_session(asked))
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


async def drop_left_session(session_id: str) -> None:
    """A table's page came back on a new session: the one it left (its whole table drawn, its
    subscriptions) is dropped now rather than at the end of the session timeout, if it is
    disconnected. A session still connected is kept: a duplicated browser tab carries the
    same session id while the first tab still shows it. Flet keys its sessions by page name,
    session id and a hash of the client, and lists them only privately (flet-web 1.0.5's
    ``FletAppManager``): if that list is not there, nothing is dropped and the session times
    out as Flet would have it (flet_compat.flet_sessions; tests/project/test_flet_compat.py pins the list)."""
    from flet_web.fastapi import app_manager

    sessions = flet_sessions()
    if sessions is None:
        return
    for key, left in list(sessions.items()):
        if getattr(left, "id", None) == session_id and getattr(left, "expires_at", None) is not None:
            log.info("the session a table's page left is dropped at once")
            await app_manager.delete_session(key)


async def slices(task: asyncio.Task, seconds: float) -> None:
    """Wait for ``task`` up to ``seconds`` of the server's own time (slices of ``SLICE``; a
    slice in which the server was busy elsewhere counts as one slice, however long)."""
    step = min(SLICE, seconds)
    waited = 0.0
    while not task.done() and waited < seconds:
        await asyncio.wait({task}, timeout=step)
        waited += step
