"""Phones of a table in one process, on Flet's own renderer (no browser): each phone is a real
Flet session of the app (``app.make_main``), connected by a stand-in websocket that encodes
every message as flet-web does (msgpack), answers the browser storage's calls (the device
key) and keeps what it was sent. The phones click by test id through Flet's event path.

Like a browser, a phone reports the size of every control that asks for it
(``on_size_change``) once it has "drawn" a patch: that is how the table knows what the phone
has drawn (views/live_table.py). ``Phone.drawing = False`` holds the reports back, as a slow
phone would, until ``await phone.draw()``.

What it is for: what a step costs each phone (``Renders``: every component Flet draws,
per page; ``Phone.controls_sent``: the controls a phone was sent; ``Updates``: the server
time of each page update), and what a phone does with a tap from an older drawing. The
view tests (tests/support/viewkit.py) draw every component anew at each event: they check what a
screen shows and does, this checks what Flet really draws again.

A scenario is an ``async`` function run by ``run(scenario)`` on a loop of its own thread
(the main thread may already run Playwright's loop).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import flet as ft
import msgpack
from flet.components import component as flet_component
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.controls.object_patch import DiffBuilder
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
    decode_ext_from_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from card_companion.companion.log_changes import EnterStep
from tests.support.keyboard import known_as
from tests.support.viewkit import taking

DEVICE_KEY = "card-companion.device"
_ENCODE = configure_encode_object_for_msgpack(BaseControl)


def run(scenario: Callable[[], Any], timeout: float = 120) -> Any:
    """Run ``scenario()`` (a coroutine function) to its end on a fresh loop in a thread."""
    _PHONES.clear()
    try:
        with ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(asyncio.run, scenario()).result(timeout)
    finally:
        _PHONES.clear()


class Phone(Connection):
    """One browser page, as the server sees it: a Flet session whose messages are encoded
    like flet-web's websocket and kept (``sent``)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, hub: PubSubHub, key: str | None):
        super().__init__()
        self.loop = loop
        self.executor = ThreadPoolExecutor(max_workers=1)
        self.pubsubhub = hub
        self.key = key
        self.sent: list[tuple[MessageAction, bytes]] = []
        self.session: Session | None = None
        self.drawing = True
        """report sizes after each settle (False: only on ``draw()``)"""
        self._sizes: dict[int, float] = {}
        _PHONES.append(self)

    def send_message(self, message: Message) -> None:
        body = msgpack.packb([message.action, message.body], default=_ENCODE)
        if message.action == MessageAction.INVOKE_METHOD:  # the browser answers at once
            call = message.body
            result = self.key if call.name == "get" and (call.args or {}).get("key") == DEVICE_KEY else None
            self.loop.call_soon(self.session.handle_invoke_method_results, call.control_id, call.call_id,
                                result, None)
        self.sent.append((message.action, body))

    @property
    def page(self) -> ft.Page:
        return self.session.page

    # --- what it was sent ---------------------------------------------------------------------

    def patches(self) -> list[Any]:
        return [msgpack.unpackb(body, ext_hook=decode_ext_from_msgpack, strict_map_key=False)
                for action, body in self.sent if action == MessageAction.PATCH_CONTROL]

    def controls_sent(self) -> int:
        """How many controls the patches it was sent describe anew (added or replaced)."""
        return sum(_count_controls(p) for p in self.patches())

    # --- the screen ----------------------------------------------------------------------------

    def controls(self, hidden: bool = False, under: Any = None) -> Iterator[BaseControl]:
        """Every control on the screen now, in order (``hidden``: and the ones mounted but not
        shown, the table's hidden keyboard; ``under``: only ``under`` and what it draws, walked
        down from it: a control's ``parent`` may still name where a reused control was before)."""
        seen: set[int] = set()

        def walk(node: Any) -> Iterator[BaseControl]:
            if isinstance(node, (list, tuple)):
                for n in node:
                    yield from walk(n)
                return
            if not isinstance(node, BaseControl) or id(node) in seen:
                return
            seen.add(id(node))
            if not hidden and getattr(node, "visible", True) is False:
                return
            yield node
            if isinstance(node, flet_component.Component):
                yield from walk(node._b)
                return
            for f in dataclasses.fields(node):
                if f.name.startswith("_") or f.name in ("parent", "page") or f.metadata.get("skip"):
                    continue
                yield from walk(getattr(node, f.name, None))

        yield from walk(self.page.views if under is None else under)

    def find(self, ident: str, hidden: bool = False) -> ft.Semantics:
        """The control with this test id (a key of the table's keyboard: under the name the
        entry it serves gives it too, tests/support/keyboard.py); ``hidden``: mounted, maybe
        not shown."""
        named = [c for c in self.controls(hidden=hidden) if isinstance(c, ft.Semantics) and c.identifier]
        for c, names in zip(named, known_as(c.identifier for c in named)):
            if ident in names:
                return c
        raise LookupError(f"no control with id {ident!r} on this phone")

    def has(self, ident: str) -> bool:
        try:
            self.find(ident)
        except LookupError:
            return False
        return True

    def tappable(self, ident: str) -> BaseControl:
        """The control that takes the tap of the control with this test id."""
        found = taking(self.find(ident))
        if found is None:
            raise LookupError(f"{ident!r} takes no tap")
        return found[0]

    async def click(self, ident: str) -> None:
        """A tap, as the browser sends it: an event for the control's id."""
        await self.tap_id(self.tappable(ident)._i)

    async def tap_id(self, control_id: int) -> None:
        await self.session.dispatch_event(control_id, "click", None)
        await settle()

    async def type(self, ident: str, text: str) -> None:
        """Text typed into the field of the control with this test id, as the browser sends it:
        the field's new value with its change event (not submitted)."""
        field = next(c for c in self.controls(under=self.find(ident)) if isinstance(c, ft.TextField))
        self.session.apply_patch(field._i, {"value": text})
        await self.session.dispatch_event(field._i, "change", text)
        await settle()

    async def draw(self) -> None:
        """Report the size of every control that asks for it and changed since its last
        report, as the browser does after a frame."""
        for c in list(self.controls()):
            if getattr(c, "on_size_change", None) is None:
                continue
            width = float(c.width or 0)
            if self._sizes.get(c._i) != width:
                self._sizes[c._i] = width
                await self.session.dispatch_event(c._i, "size_change", {"w": width, "h": float(c.height or 0)})

    def texts(self) -> str:
        out = []
        for c in self.controls():
            if isinstance(c, ft.Text):
                out.append((c.value if isinstance(c.value, str) else "")
                           + "".join(s.text or "" for s in c.spans or ()))
            elif isinstance(c, ft.Semantics) and c.label:
                out.append(c.label)
        return "\n".join(out)


def _count_controls(x: Any) -> int:
    if isinstance(x, dict):
        return ("_c" in x) + sum(_count_controls(v) for v in x.values())
    if isinstance(x, (list, tuple)):
        return sum(_count_controls(v) for v in x)
    return 0


_PHONES: list[Phone] = []
"""the phones of the running scenario (they report what they drew when things settle)"""


async def settle(rounds: int = 4, pause: float = 0.005) -> None:
    """Let the phones' scheduled updates and effects run, then let each drawing phone report
    its sizes."""
    for _ in range(rounds):
        await asyncio.sleep(pause)
    for phone in list(_PHONES):
        if phone.drawing and phone.session is not None and phone.session.connection is not None:
            await phone.draw()


async def open_phone(main: Callable[[ft.Page], None], route: str, key: str | None,
                     hub: PubSubHub | None = None, address: str = "127.0.0.1") -> Phone:
    """A page registering on ``route`` with this device key, served by ``main`` (as flet-web
    does: the page is sent, then ``main`` runs)."""
    conn = Phone(asyncio.get_running_loop(), hub or PubSubHub(), key)
    session = conn.session = Session(conn)
    _context_page.set(session.page)
    session.apply_page_patch({"route": route, "web": True, "platform": "linux", "width": 390, "height": 844})
    session.page.client_ip = address
    conn.send_message(Message(MessageAction.REGISTER_CLIENT, RegisterClientResponseBody(
        session_id=session.id, page_patch=session.get_page_patch(), error="")))
    main(session.page)
    await session.after_event(session.page)
    await settle(8)
    return conn


# --- what Flet draws, per page --------------------------------------------------------------------


@dataclasses.dataclass
class Drawn:
    """Every component drawn and every page update, with its page, while ``watching()``."""

    renders: list[tuple[Any, str]] = dataclasses.field(default_factory=list)
    updates: list[tuple[Any, float]] = dataclasses.field(default_factory=list)
    mounted: list[tuple[Any, int]] = dataclasses.field(default_factory=list)
    """(page, how many controls one patch mounted on it), one per patch sent"""
    reconciled: Counter = dataclasses.field(default_factory=Counter)
    """page: how many controls its patches reconciled (``watching(reconciled=True)``)"""

    def clear(self) -> None:
        self.renders.clear()
        self.updates.clear()
        self.mounted.clear()
        self.reconciled.clear()

    def reconciled_on(self, phone: Phone) -> int:
        """How many controls this phone's patches reconciled: a control drawn again as a new
        Python object, matched with the one it replaces and compared prop by prop (whether or
        not anything changed). A part handed back as it was drawn (``use_kept``) is the very
        object: Flet skips it at once, and it is not counted."""
        return self.reconciled[phone.page]

    def created(self, phone: Phone) -> int:
        """How many controls this phone's patches created: mounted for the first time (a new
        id in its session's index), not the controls only updated or reconciled."""
        return sum(n for page, n in self.mounted if page is phone.page)

    def names(self, phone: Phone) -> Counter:
        """The components drawn on this phone, by name."""
        return Counter(name for page, name in self.renders if page is phone.page)

    def update_time(self, phone: Phone) -> float:
        """The server time of this phone's page updates (seconds)."""
        return sum(t for page, t in self.updates if page is phone.page)


@contextlib.contextmanager
def watching(reconciled: bool = False) -> Iterator[Drawn]:
    """Record what Flet draws: each component rendered (``Renderer.render`` for a component,
    the function's name), each scheduled component update (``Component.update``, the
    whole of one page update: render, diff, encoding) and the controls each patch creates.

    Created: ``Session.patch_control`` diffs the tree, sends the patch, then puts every added
    control in the session's index under its id (``_i``). A control re-rendered as a new
    Python object takes over its predecessor's id (``_compare_dataclasses``: ``_migrate_state``),
    so it is already there; only a control mounted for the first time (the ones Flet calls
    ``did_mount`` on) brings a new id: the new ids of the index, counted per patch.

    ``reconciled``: count the controls each page's patches reconcile (``Drawn.reconciled_on``;
    off by default: the count costs the timed updates a call per dataclass compared)."""
    drawn = Drawn()
    compare = DiffBuilder._compare_dataclasses

    def counted_compare(self: Any, parent: Any, path: Any, src: Any, dst: Any, frozen: bool) -> None:
        if src is not dst and isinstance(dst, BaseControl):
            drawn.reconciled[_context_page.get(None)] += 1
        compare(self, parent, path, src, dst, frozen)

    render, update = flet_component.Renderer.render, flet_component.Component.update
    patch_control = Session.patch_control

    def counted_render(self: Any, root_fn: Any, *args: Any, **kwargs: Any) -> Any:
        if self._root_component is not None:
            drawn.renders.append((_context_page.get(None), getattr(root_fn, "__name__", str(root_fn))))
        return render(self, root_fn, *args, **kwargs)

    def timed_update(self: Any) -> None:
        t = time.perf_counter()
        update(self)
        drawn.updates.append((_context_page.get(None), time.perf_counter() - t))

    def counted_patch(self: Session, *args: Any, **kwargs: Any) -> None:
        index = _counting_index(self)
        before = index.new_ids
        index.taken_out.clear()
        try:
            patch_control(self, *args, **kwargs)
        finally:
            drawn.mounted.append((self.page, index.new_ids - before))

    flet_component.Renderer.render = counted_render
    flet_component.Component.update = timed_update
    Session.patch_control = counted_patch  # type: ignore[method-assign]
    if reconciled:
        DiffBuilder._compare_dataclasses = counted_compare  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        flet_component.Renderer.render, flet_component.Component.update = render, update
        Session.patch_control = patch_control  # type: ignore[method-assign]
        DiffBuilder._compare_dataclasses = compare  # type: ignore[method-assign]


class _CountingIndex(weakref.WeakValueDictionary):
    """A session's index of controls that counts the ids put in it for the first time (what
    ``watching`` counts as created): a snapshot of the index before and after every patch cost
    the measured update a walk of the page's thousand-odd ids, twice a patch."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.new_ids = 0
        self.taken_out: set[Any] = set()
        """the ids a patch took out (a control moved is taken out and put back: not new)"""

    def __setitem__(self, key: Any, value: Any) -> None:
        if key not in self and key not in self.taken_out:
            self.new_ids += 1
        super().__setitem__(key, value)

    def pop(self, key: Any, *default: Any) -> Any:
        if key in self:
            self.taken_out.add(key)
        return super().pop(key, *default)


def _counting_index(session: Session) -> _CountingIndex:
    """The session's index, made a counting one the first time (the same controls in it)."""
    index = session.index
    if not isinstance(index, _CountingIndex):
        index = _CountingIndex(index)
        session._Session__index = index  # type: ignore[attr-defined]
    return index


# --- a table of phones -------------------------------------------------------------------------


@dataclasses.dataclass
class TableOfPhones:
    """One saved game open on several phones of the app (each a device of its own, sitting at
    the whole table unless told otherwise), and the server's ``Tables``."""

    tables: Any
    gid: str
    phones: list[Phone]
    keys: list[str]

    def device(self, i: int) -> Any:
        return self.tables.device(self.keys[i], "127.0.0.1")

    def snapshot(self) -> Any:
        return self.tables.store.snapshot(self.gid)

    async def step(self, action: Any) -> None:
        """A step entered by another phone of the table (not one of these)."""
        actor = self.tables.device(self.tables.new_device_key(), "127.0.0.1", admin=True)
        actor.act(self.gid, self.snapshot(), EnterStep(action))
        await settle()


async def table_of_phones(session: Any, phones: int = 2, seats: tuple[str, ...] = (), data_dir: Any = None,
                          ) -> TableOfPhones:
    """``session`` saved and open on ``phones`` phones; ``seats`` gives some their seat
    ("table", "watch", "player:1"...); the others sit at the whole table."""
    import tempfile

    from card_companion.app import make_main

    main, _ = make_main(data_dir or tempfile.mkdtemp())
    tables = main.tables
    keys = [tables.new_device_key() for _ in range(phones)]
    gid = tables.device(keys[0], "127.0.0.1").create(session)
    for i, key in enumerate(keys):
        seat = seats[i] if i < len(seats) else "table"
        tables.store.set_seat(key, gid, seat, only_one=seat.startswith("player"))
    opened = [await open_phone(main, f"/play/{gid}", key) for key in keys]
    return TableOfPhones(tables, gid, opened, keys)
