"""The load phones of ``python -m benchmarks table``'s tables under load: plain Flet websocket
clients, because 200 Chromium pages on 2 cores would measure Chromium."""

from __future__ import annotations

import asyncio


class LoadPhone:
    """A phone that speaks Flet's web protocol itself: msgpack frames (``[0x00][msgpack]``)
    over ``/ws``. It registers on a route, answers the server's method calls (its device key
    from "SharedPreferences"; nothing for the wake lock or haptics) and keeps the page as Flet's
    web client does: every control by its id, changed by each patch (replace, add, remove,
    move at a path from a control). After each patch it reports the size of the controls that
    ask for it (the table's drawing marker), as the browser does after a frame: the table
    takes a step only from a phone that has drawn the state it shows. It clicks by control id."""

    def __init__(self, url: str, route: str, key: str):
        self.url, self.route, self.key = url, route, key
        self.controls: dict[int, dict] = {}
        self.sizes: dict[int, float] = {}
        self.received = 0
        self.ws = None
        self.task = None

    async def connect(self) -> None:
        import websockets

        host = self.url.split("//", 1)[1]
        self.ws = await websockets.connect(f"ws://{host}/ws", origin=self.url, max_size=2 ** 24)
        page = {"route": self.route, "web": True, "platform": "linux", "width": 390, "height": 844}
        await self.send(1, {"session_id": None, "page_name": "", "page": page})
        self.task = asyncio.create_task(self.listen())

    async def send(self, action: int, body) -> None:
        import msgpack

        await self.ws.send(b"\x00" + msgpack.packb([action, body]))

    # --- the page, as the patches change it ---------------------------------------------------

    def keep(self, x) -> None:
        """Index every control in ``x`` by its id."""
        if isinstance(x, dict):
            if "_i" in x:
                self.controls[x["_i"]] = x
            for v in x.values():
                self.keep(v)
        elif isinstance(x, list):
            for v in x:
                self.keep(v)

    def patch(self, body: dict) -> None:
        root = self.controls.get(body.get("id"))
        tree, *ops = body["patch"]
        paths: dict[int, list] = {}

        def walk(node: list, path: list) -> None:
            paths[node[0]] = path
            for key, child in (node[1] if len(node) > 1 else {}).items():
                walk(child, path + [key])

        walk(tree, [])

        def at(node: int):
            obj = root
            for key in paths[node]:
                obj = obj[int(key)] if isinstance(obj, list) else obj[key]
            return obj

        for op in ops:
            kind = op[0]
            if kind == 3:  # move: from (node, key) to (node, key)
                src, dst = at(op[1]), at(op[3])
                item = src.pop(int(op[2]))
                dst.insert(int(op[4]), item)
                continue
            target, key = at(op[1]), op[2]
            if kind == 0:  # replace
                if isinstance(target, list):
                    target[int(key)] = op[3]
                else:
                    target[key] = op[3]
                self.keep(op[3])
            elif kind == 1:  # add
                if isinstance(target, list):
                    target.insert(int(key), op[3])
                else:
                    target[key] = op[3]
                self.keep(op[3])
            elif kind == 2:  # remove
                if isinstance(target, list):
                    target.pop(int(key))
                else:
                    target.pop(key, None)

    def button(self, ident: str) -> tuple[int, bool] | None:
        """The control id of the button with this test id, and whether it is enabled."""
        for c in self.controls.values():
            if c.get("identifier") == ident and isinstance(c.get("content"), dict):
                content = c["content"]
                if content.get("_i") in self.controls:
                    return content["_i"], not content.get("disabled")
        return None

    async def report_sizes(self) -> None:
        """The browser's report after a frame: the size of each control that asks for it."""
        for i, c in list(self.controls.items()):
            if c.get("on_size_change") and self.sizes.get(i) != c.get("width"):
                self.sizes[i] = c.get("width")
                await self.send(3, {"target": i, "name": "size_change",
                                    "data": {"w": float(c.get("width") or 0), "h": float(c.get("height") or 0)}})

    async def listen(self) -> None:
        import msgpack
        from flet.messaging.protocol import decode_ext_from_msgpack

        try:
            async for data in self.ws:
                if not data or data[0] != 0:
                    continue
                action, body = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack, strict_map_key=False)
                self.received += 1
                if action == 1:  # registered: the page
                    self.keep(body.get("page_patch"))
                    await self.report_sizes()
                elif action == 5:  # the server calls a method of a service on this phone
                    result = None
                    if body.get("name") == "get" and (body.get("args") or {}).get("key") == "card-companion.device":
                        result = self.key
                    await self.send(5, {"control_id": body["control_id"], "call_id": body["call_id"],
                                        "result": result, "error": None})
                elif action == 2:
                    self.patch(body)
                    await self.report_sizes()
        except Exception as exc:  # the phone goes; a bug in the mirror is said, not swallowed
            if not isinstance(exc, (asyncio.CancelledError,)) and "close" not in type(exc).__name__.lower():
                print(f"  (a load phone stopped: {type(exc).__name__}: {exc})", flush=True)

    @property
    def ready(self) -> bool:
        return self.button("undo") is not None

    async def step(self) -> bool:
        """Click whichever of undo and redo is enabled."""
        for name in ("undo", "redo"):
            found = self.button(name)
            if found and found[1]:
                await self.send(3, {"target": found[0], "name": "click", "data": None})
                return True
        return False

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.task is not None:
            await asyncio.wait([self.task], timeout=5)
