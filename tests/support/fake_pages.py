"""Pages without a browser: Flet's wire protocol spoken by hand, for the server's tests of
faults and hostile input (tests/phones/test_server_faults.py).

A ``Wire`` is one websocket into an ASGI app in this process (the real ``Guard`` around the
real Flet app): it sends frames, hears what the app sends, and answers the app's calls to the
browser's storage the way a browser would (``answers``: the keys the page has in its
localStorage). ``Phone`` is the same over a real socket, for a server in a process of its own.

The frames are Flet's (``flet/messaging/protocol.py``): one binary frame per message,
``0x00`` and a MessagePack ``[action, body]``; the page registers first (action 1, with the
session id it had, if any), then sends events (3), property updates (4) and the results of the
server's calls (5).
"""

from __future__ import annotations

import asyncio
from typing import Any

import msgpack

HOST = "127.0.0.1:8550"
ORIGIN = f"http://{HOST}"
DEVICE_PREF = "card-companion.device"
REGISTER, EVENT, INVOKE = 1, 3, 5


def registration(session_id: str | None = None, route: str = "/") -> bytes:
    page = {"route": route, "width": 400, "height": 860, "platform": "linux", "web": True}
    return b"\x00" + msgpack.packb([REGISTER, {"session_id": session_id, "page_name": "", "page": page}])


def event(target: int, name: str = "click", data: Any = None) -> bytes:
    return b"\x00" + msgpack.packb([EVENT, {"target": target, "name": name, "data": data}])


def decode(data: bytes) -> list[Any] | None:
    if not data or data[0] != 0:
        return None
    try:
        return msgpack.unpackb(data[1:], strict_map_key=False)
    except Exception:
        return None


def answer(call: dict[str, Any], answers: dict[str, Any]) -> bytes:
    """What a browser answers to the server's call (``SharedPreferences.get/set``...)."""
    args = call.get("args") or {}
    result = answers.get(args.get("key")) if call.get("name") == "get" else True
    return b"\x00" + msgpack.packb([INVOKE, {"control_id": call["control_id"], "call_id": call["call_id"],
                                             "result": result, "error": None}])


class Wire:
    """One websocket into ``app`` in this process, from ``address`` (with the device cookie
    ``device`` if given)."""

    def __init__(self, app, *, address: str = "10.0.0.5", device: str | None = None, origin: str = ORIGIN,
                 answers: dict[str, Any] | None = None, user_agent: str = "fake-phone"):
        self.app = app
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.sent: list[dict[str, Any]] = []
        """every ASGI message the app sent"""
        self.answers = dict(answers or {})
        if device and DEVICE_PREF not in self.answers:
            self.answers[DEVICE_PREF] = device
        headers = [(b"host", HOST.encode()), (b"origin", origin.encode()), (b"user-agent", user_agent.encode())]
        if device:
            headers.append((b"cookie", f"companion-device={device}".encode()))
        self.scope = {"type": "websocket", "path": "/ws", "raw_path": b"/ws", "query_string": b"", "headers": headers,
                      "client": (address, 50000), "server": ("127.0.0.1", 8550), "scheme": "ws",
                      "subprotocols": [], "root_path": "", "asgi": {"version": "3.0"}}
        self.task: asyncio.Task | None = None
        self.changed = asyncio.Event()

    def open(self) -> Wire:
        self.inbox.put_nowait({"type": "websocket.connect"})
        self.task = asyncio.create_task(self.app(self.scope, self.inbox.get, self._send))
        return self

    def frame(self, data: bytes | str) -> None:
        key = "text" if isinstance(data, str) else "bytes"
        self.inbox.put_nowait({"type": "websocket.receive", key: data})

    def close(self, code: int = 1001) -> None:
        self.inbox.put_nowait({"type": "websocket.disconnect", "code": code})

    async def _send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)
        decoded = decode(message.get("bytes") or b"")
        if decoded and decoded[0] == INVOKE:
            self.frame(answer(decoded[1], self.answers))
        self.changed.set()

    def messages(self) -> list[list[Any]]:
        return [d for d in (decode(m.get("bytes") or b"") for m in self.sent) if d]

    @property
    def accepted(self) -> bool:
        return any(m["type"] == "websocket.accept" for m in self.sent)

    @property
    def closed_by_server(self) -> int | None:
        """The close code the server sent, if it closed the websocket."""
        return next((m.get("code", 1000) for m in self.sent if m["type"] == "websocket.close"), None)

    async def session_id(self, timeout: float = 10) -> str:
        """The session Flet's answer to the registration names."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            for action, body in self.messages():
                if action == REGISTER:
                    return body["session_id"]
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise TimeoutError("no answer to the registration")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    async def done(self, timeout: float = 3) -> None:
        """The app's side of the websocket ended (TimeoutError if it did not in time)."""
        assert self.task is not None
        await asyncio.wait_for(asyncio.shield(self.task), timeout)


class Phone:
    """A page over a real socket to a server in another process (``websockets``)."""

    def __init__(self, port: int, *, device: str | None = None, user_agent: str = "fake-phone"):
        self.url = f"ws://127.0.0.1:{port}/ws"
        self.origin = f"http://127.0.0.1:{port}"
        self.device = device
        self.user_agent = user_agent
        self.ws = None

    async def connect(self) -> Phone:
        from websockets.asyncio.client import connect

        headers = {"Cookie": f"companion-device={self.device}"} if self.device else None
        self.ws = await connect(self.url, origin=self.origin, user_agent_header=self.user_agent,
                                additional_headers=headers, open_timeout=10)
        return self

    async def register(self, session_id: str | None = None, timeout: float = 10) -> str:
        """Register and answer the server's storage calls until the registration's answer came."""
        assert self.ws is not None
        await self.ws.send(registration(session_id))
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            data = await asyncio.wait_for(self.ws.recv(), max(0.1, deadline - asyncio.get_running_loop().time()))
            decoded = decode(data if isinstance(data, bytes) else b"")
            if decoded and decoded[0] == REGISTER:
                return decoded[1]["session_id"]

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
