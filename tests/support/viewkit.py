"""View tests without a browser: render our Flet components in-process, find controls by
their test id, call their handlers, and re-render, the way Flet would after an event.

A small stand-in for Flet's renderer: hooks (use_state, use_ref, use_memo, use_effect,
use_context, use_dialog, use_route_params) are kept per component path, components
are expanded recursively, and ``ft.context.page`` is a fake page that records
navigation. What it checks is our code: which controls a screen builds from a state, and
what its handlers do with the game (actions dispatched, saves written, messages shown).
"""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import flet as ft
from flet.components.component import Component, Renderer

from tests.support.keyboard import known_as


def taking(root: Any, event: str = "on_click") -> tuple[Any, Callable] | None:
    """The control at or below ``root`` that takes ``event`` (the nearest first, through
    ``content``, ``controls`` and a component's body) and its handler; None if none does.
    A test id sits on a wrapper (``tagged``): the tap goes to the control inside."""
    stack = [root]
    while stack:
        c = stack.pop(0)
        handler = getattr(c, event, None)
        if handler is not None:
            return c, handler
        if isinstance(c, Component):
            stack.append(c._b)
        elif dataclasses.is_dataclass(c):
            for name in ("content", "controls"):
                v = getattr(c, name, None)
                stack += v if isinstance(v, list) else [v] if v is not None else []
    return None


def text_of(t: ft.Text) -> str:
    """What a Text shows: its value and its spans (coloured suits) as one line."""
    return (t.value if isinstance(t.value, str) else "") + "".join(span.text or "" for span in t.spans or ())


class FakePage:
    def __init__(self, route: str = "/"):
        self.route = route
        self.routes: list[str] = []
        self.web = True

    def navigate(self, route: str) -> None:
        self.routes.append(route)
        self.route = route

    def run_task(self, *args, **kwargs) -> None:  # async work (prefs) is not run in view tests
        return None

    def update(self) -> None:
        pass

    @property
    def pubsub(self):
        return self._pubsub

    _pubsub = SimpleNamespace(subscribe_topic=lambda *a: None, unsubscribe_topic=lambda *a: None,
                              send_others_on_topic=lambda *a: None, send_all_on_topic=lambda *a: None)


class ViewHarness:
    """Render ``fn(*args)`` (a @ft.component), then click and type by test id."""

    def __init__(self, fn: Callable, *args, contexts: dict | None = None, route_params: dict | None = None,
                 page: FakePage | None = None, **kwargs):
        self.fn, self.args, self.kwargs = fn, args, kwargs
        self.contexts = contexts or {}
        self.route_params = route_params or {}
        self.page = page or FakePage()
        self.hooks: dict[tuple, list] = {}
        self._drawn: set = set()
        self.dialogs: list[ft.Control] = []
        self.tree: Any = None
        self.render()

    # --- rendering ---------------------------------------------------------------------

    @contextlib.contextmanager
    def _patched(self):
        """Our hooks and the fake page in place of Flet's, while rendering or handling."""
        saved = {name: getattr(ft, name) for name in _HOOKS}
        saved_context = ft.context
        try:
            for name in _HOOKS:
                setattr(ft, name, getattr(self, f"_{name}"))
            ft.context = SimpleNamespace(page=self.page)
            yield
        finally:
            for name, value in saved.items():
                setattr(ft, name, value)
            ft.context = saved_context

    def render(self) -> Any:
        self.dialogs = []
        self._drawn: set = set()
        with self._patched(), Renderer().with_context():
            self.tree = self._expand(self._call(self.fn, self.args, self.kwargs, ("root",)), ("root",))
            self.dialogs = [self._expand(d, ("dialog", i)) for i, d in enumerate(self.dialogs)]
            gone = self._unmount_gone()
        if gone:  # what their cleanups changed (the table's keyboard let go) is drawn, as Flet does
            return self.render()
        return self.tree

    def _unmount_gone(self) -> bool:
        """The components not drawn this time are gone, as Flet unmounts them: their effects'
        cleanups run and their state goes (drawn again later, they start anew)."""
        cleaned = False
        for path in [p for p in self.hooks if p not in self._drawn]:
            for cell in self.hooks.pop(path):
                if isinstance(cell[0], _Effect) and cell[0].cleanup is not None:
                    cell[0].cleanup()
                    cleaned = True
        return cleaned

    def _call(self, fn, args, kwargs, path):
        impl = getattr(fn, "__component_impl__", fn)
        self._slot = [path, 0]
        self._drawn.add(path)
        result = impl(*args, **kwargs)
        return result

    def _expand(self, node: Any, path: tuple) -> Any:
        if isinstance(node, Component):
            key = node.key if node.key is not None else getattr(node.fn, "__name__", "c")
            sub = path + (key,)
            outer = getattr(self, "_slot", None)
            result = self._call(node.fn, node.args, node.kwargs, sub)
            self._slot = outer
            return self._expand(result, sub)
        if isinstance(node, list):
            # a keyed component keeps its state when the controls before it come and go
            # (a message appears above it), as in Flet's renderer
            return [self._expand(n, path + (("key", n.key) if isinstance(n, Component) and n.key is not None
                                            else i,)) for i, n in enumerate(node)]
        if isinstance(node, ft.BaseControl) and dataclasses.is_dataclass(node):
            for f in dataclasses.fields(node):
                if f.name.startswith("_") or f.name in ("parent", "page"):
                    continue
                value = getattr(node, f.name, None)
                if isinstance(value, (Component, ft.BaseControl)) or (
                    isinstance(value, list) and any(isinstance(v, (Component, ft.BaseControl)) for v in value)
                ):
                    expanded = self._expand(value, path + (f.name,))
                    object.__setattr__(node, f.name, expanded)
        return node

    # --- hooks ---------------------------------------------------------------------------

    def _hook(self, init: Callable[[], Any]) -> list:
        path, index = self._slot
        self._slot[1] += 1
        store = self.hooks.setdefault(path, [])
        if index >= len(store):
            store.append([init()])
        return store[index]

    def _use_state(self, initial):
        cell = self._hook(lambda: initial() if callable(initial) else initial)

        def set_value(value):
            cell[0] = value(cell[0]) if callable(value) and not isinstance(value, type) else value

        return cell[0], set_value

    def _use_ref(self, initial=None):
        cell = self._hook(lambda: SimpleNamespace(current=initial() if callable(initial) else initial))
        return cell[0]

    def _use_memo(self, fn, dependencies=None):
        cell = self._hook(lambda: (object(), None))
        deps = tuple(dependencies) if dependencies is not None else object()
        if cell[0][0] != deps:
            cell[0] = (deps, fn())
        return cell[0][1]

    def _use_callback(self, fn, dependencies=None):
        return fn

    def _use_effect(self, fn, dependencies=None, cleanup=None):
        self._hook(_Effect)[0].cleanup = cleanup

    def _on_mounted(self, fn):
        self._hook(lambda: None)

    def _on_updated(self, fn, dependencies=None):
        self._hook(lambda: None)

    def _use_context(self, ctx):
        return self.contexts.get(ctx)

    def _use_dialog(self, dialog=None):
        self._hook(lambda: None)
        if dialog is not None:
            self.dialogs.append(dialog)

    def _use_route_params(self):
        return dict(self.route_params)

    def _use_route_location(self):
        return self.page.route

    # --- finding and acting ------------------------------------------------------------

    def _walk(self) -> list[tuple[ft.BaseControl, bool]]:
        """Every control on the screen, in order, with whether it is disabled: itself or inside
        a disabled control (Flet passes ``disabled`` down to all the children)."""
        out: list = []

        def walk(node, off: bool) -> None:
            if isinstance(node, list):
                for n in node:
                    walk(n, off)
                return
            if not isinstance(node, ft.BaseControl) or getattr(node, "visible", True) is False:
                return  # not on the screen (the table's hidden keyboard)
            off = off or bool(getattr(node, "disabled", False))
            out.append((node, off))
            if dataclasses.is_dataclass(node):
                for f in dataclasses.fields(node):
                    if f.name.startswith("_") or f.name in ("parent", "page"):
                        continue
                    walk(getattr(node, f.name, None), off)

        walk(self.tree, False)
        walk(self.dialogs, False)
        return out

    def all(self) -> list[ft.BaseControl]:
        return [node for node, _ in self._walk()]

    def _named(self) -> list[tuple[str, ft.Semantics]]:
        """Every test id on the screen with its control; a key of the table's keyboard under
        the name the entry it serves gives it too (tests/support/keyboard.py)."""
        named = [c for c in self.all() if isinstance(c, ft.Semantics) and c.identifier]
        return [(name, c) for c, names in zip(named, known_as(c.identifier for c in named)) for name in names]

    def ids(self) -> list[str]:
        return [name for name, _ in self._named()]

    def find(self, ident: str) -> ft.BaseControl:
        for name, c in self._named():
            if name == ident:
                return c
        raise LookupError(f"no control with id {ident!r}; ids: {', '.join(self.ids())}")

    def has(self, ident: str) -> bool:
        return ident in self.ids()

    def texts(self) -> str:
        """Every text on the screen, one per line (Text values, labels, button texts)."""
        parts = []
        for c in self.all():
            if isinstance(c, ft.TextSpan):
                continue  # read with its Text, as one line
            if isinstance(c, ft.Text) and c.spans:
                parts.append(text_of(c))
                continue
            for attr in ("value", "label", "text", "content", "title", "hint_text"):
                v = getattr(c, attr, None)
                if isinstance(v, str) and v:
                    parts.append(v)
        return "\n".join(parts)

    def _target(self, ident: str, event: str) -> tuple[ft.BaseControl, Callable]:
        root = self.find(ident)
        found = taking(root, event)
        if found is not None:
            return found
        for node, _off in self._walk():  # a menu's item: the id is on its content, the tap on the item
            if isinstance(node, ft.PopupMenuItem) and node.content is root and getattr(node, event, None):
                return node, getattr(node, event)
        raise LookupError(f"{ident!r} has no {event} handler")

    def _disabled(self, control) -> bool:
        return any(off for node, off in self._walk() if node is control)

    def _fire(self, control, handler, event: ft.Event) -> None:
        if self._disabled(control):
            raise AssertionError("that control is disabled")
        params = inspect.signature(handler).parameters
        with self._patched():
            result = handler(event) if params else handler()
            if inspect.iscoroutine(result):
                run_coroutine(result)
        self.render()

    def click(self, ident: str) -> None:
        control, handler = self._target(ident, "on_click")
        self._fire(control, handler, ft.Event(name="click", control=control))

    def is_enabled(self, ident: str) -> bool:
        try:
            control, _ = self._target(ident, "on_click")
        except LookupError:
            return False
        return not self._disabled(control)

    def type(self, ident: str, text: str, submit: bool = False) -> None:
        field = next(c for c in self.all_under(ident) if isinstance(c, ft.TextField))
        field.value = text
        if field.on_change:
            self._fire(field, field.on_change, ft.Event(name="change", control=field))
        if submit:
            field = next(c for c in self.all_under(ident) if isinstance(c, ft.TextField))
            self._fire(field, field.on_submit, ft.Event(name="submit", control=field))

    def select(self, ident: str, value: str) -> None:
        """Choose a segment of a SegmentedButton."""
        seg = next(c for c in self.all_under(ident) if isinstance(c, ft.SegmentedButton))
        seg.selected = [value]
        self._fire(seg, seg.on_change, ft.Event(name="change", control=seg))

    def toggle(self, ident: str, value: bool) -> None:
        sw = next(c for c in self.all_under(ident) if isinstance(c, ft.Switch))
        sw.value = value
        self._fire(sw, sw.on_change, ft.Event(name="change", control=sw))

    def all_under(self, ident: str) -> list[ft.BaseControl]:
        root = self.find(ident)
        out, stack = [], [root]
        while stack:
            c = stack.pop()
            out.append(c)
            if dataclasses.is_dataclass(c):
                for f in dataclasses.fields(c):
                    if f.name.startswith("_") or f.name in ("parent", "page"):
                        continue
                    v = getattr(c, f.name, None)
                    if isinstance(v, ft.BaseControl):
                        stack.append(v)
                    elif isinstance(v, list):
                        stack += [x for x in v if isinstance(x, ft.BaseControl)]
        return out

    def pick(self, picker: str, card: str) -> None:
        """Two taps on a card picker: rank, then suit (``card`` like "10H"); the Joker and
        the blank card are one tap."""
        if card.upper() in ("JOKER", "BLANK"):
            self.click(f"{picker}-{card.lower()}")
            return
        self.click(f"{picker}-rank-{card[:-1].upper()}")
        self.click(f"{picker}-suit-{card[-1].upper()}")


def run_coroutine(coro) -> Any:
    """Run an async handler to its end. On a thread of its own: the main thread may already
    have an event loop running (Playwright's, when browser tests ran first in the session)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


class _Effect:
    """An effect's cleanup, kept for the component's unmounting."""

    cleanup: Callable[[], Any] | None = None


_HOOKS = ("use_state", "use_ref", "use_memo", "use_callback", "use_effect", "on_mounted", "on_updated",
          "use_context", "use_dialog", "use_route_params", "use_route_location")
