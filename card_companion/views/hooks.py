"""The hooks a component calls at the top of its body: ``use_stable`` (a handler whose
identity never changes, for memoized children), ``use_made``/``use_maybe`` (Flet's ``use_state``
with the state's type) and the text-size setting (``use_text_scale``, ``at_scale`` for a
memoized component; ``sized`` and ``current_scale`` read it in the body); ``use_kept``, the
parts a step leaves as they were, handed back as drawn; ``drawn_inside``, a panel drawn in
the component of the wrapper that selects its data; ``FletKey``, the type of a component's
key. Flet only; no rules here."""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable
from typing import Any, TypeAlias, TypeVar

import flet as ft

from card_companion.views.flet_compat import MutableRef, component_body
from card_companion.views.services import use_services

T = TypeVar("T")
FletKey: TypeAlias = "str | None"
"""a component's ``key`` (its identity among its siblings: a new key is a new component, with new
state). Flet's component wrapper takes it before the body runs, so the body never sees it; a
component drawn with a key declares it (``key: FletKey = None``) because ``ft.component`` is
typed with the function's own parameters."""
Setter: TypeAlias = Callable[[T | Callable[[T], T]], None]
"""what ``use_state`` hands back to change the state: the new state, or a function of the old one"""


def use_made(make: Callable[[], T]) -> tuple[T, Setter[T]]:
    """Flet's ``use_state`` for a state made by ``make`` at the first render (a class, a
    function reading the saves once). Flet types its argument ``T | Callable[[], T]``, which
    mypy cannot solve for a callable (is the state the function, or what it returns?); here
    the state is what ``make`` returns."""
    return ft.use_state(make)


def use_maybe(kind: type[T]) -> tuple[T | None, Setter[T | None]]:
    """Flet's ``use_state(None)`` for a state that is a ``kind`` once set (a refusal's
    sentence, a chosen card...): Flet would type it ``None`` for ever."""
    del kind  # the state's type only
    return ft.use_state(None)


_TEXT_SCALE: contextvars.ContextVar[float] = contextvars.ContextVar("text_scale", default=1.0)


def use_text_scale() -> float:
    """The text-size setting (1.0, 1.15, 1.3) for what the theme's text styles do not scale by
    themselves: big numbers (``sized``), card faces and the picker's buttons. A hook: every
    component that draws those calls it first, so what its body draws uses this phone's
    setting (it is kept for the rest of the component's body, which runs at once)."""
    services = use_services()
    scale = float(getattr(getattr(services, "prefs", None), "scale", 1.0))
    _TEXT_SCALE.set(scale)
    return scale


def use_stable(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A handler whose identity never changes between renders (so a memoized child's props stay
    equal) and which always calls this render's ``fn``. Given to a control as its event
    handler, it passes the event on only if ``fn`` takes an argument, as Flet does."""
    latest: MutableRef[Callable[..., Any]] = ft.use_ref(None)
    latest.current = fn

    def call(*args: Any, **kwargs: Any) -> Any:
        target = latest.current
        assert target is not None, "set by every render, before its handlers can run"
        if args and not kwargs and not _takes_arguments(target):
            return target()
        return target(*args, **kwargs)

    return ft.use_callback(call, [])


@functools.lru_cache(maxsize=4096)
def _code_takes_arguments(code: Any, bound: bool) -> bool:
    return bool(code.co_argcount > bound or code.co_flags & 0x04)  # positional parameters or *args


def _takes_arguments(fn: Callable[..., Any]) -> bool:
    code = getattr(fn, "__code__", None)
    if code is None:
        import inspect

        return bool(inspect.signature(fn).parameters)
    return _code_takes_arguments(code, getattr(fn, "__self__", None) is not None)


def at_scale(scale: float) -> float:
    """The text-size setting for a memoized component, which has it as a prop (a memoized
    component is not drawn again when the setting's context changes, so the setting must be
    one of its props): ``sized`` and the card faces of its body follow it."""
    _TEXT_SCALE.set(scale)
    return scale


def sized(size: float) -> float:
    """A font size that follows the text-size setting (inside a component that called
    ``use_text_scale``)."""
    return round(size * current_scale(), 1)


def current_scale() -> float:
    """The text-size setting the component being drawn took (``use_text_scale``, ``at_scale``):
    for sizes that are not a font's (a card face's width)."""
    return _TEXT_SCALE.get()


Parts = dict[str, tuple[Callable[..., ft.Control], tuple[Any, ...], ft.Control]]

Part: TypeAlias = Callable[..., ft.Control]
"""``use_kept``'s ``part(make, *args, key=...)``, handed to the helpers that draw for a component"""


def made_anew(make: Callable[..., ft.Control], *args: Any, key: str) -> ft.Control:
    """``make(*args, key=key)``: a ``Part`` that keeps nothing, for a helper drawn outside a
    component that keeps its parts (a panel drawn without ``use_kept``)."""
    return make(*args, key=key)
"""key -> (make, args, element) of the last drawing"""


def use_kept() -> Callable[..., ft.Control]:
    """``part(make, *args, key=...)``: ``make(*args, key=key)``, or the very element this
    component drew under ``key`` the last time if that was made of the same ``args``. A panel
    handed back as it was is not reconciled again: Flet's diff skips it at once, where a new
    element of the same memoized panel is matched with the old one, checked and set up again
    control by control. Only elements of the last drawing are kept: a panel that went and
    comes back is made anew (its hooks went with it). ``make`` is a component (a memoized one),
    or plain controls with no component inside (a card face): a box of plain controls around
    components is not handed back (tests/support/viewkit.py draws the components inside it in
    place, as its own renderer). Every input of the element is in ``args``, what it reads from
    its drawing's context too (the text size a card face takes: CardPeeGee's ``_hero_card``)."""
    kept: MutableRef[Parts] = ft.use_ref(Parts)
    before = kept.current or {}
    now: Parts = {}
    kept.current = now

    def part(make: Callable[..., ft.Control], *args: Any, key: str) -> ft.Control:
        old = before.get(key)
        if old is not None and old[0] is make and old[1] == args:
            element = old[2]
        else:
            element = make(*args, key=key)
        now[key] = (make, args, element)
        return element

    return part


_DRAWN_INSIDE: dict[tuple[Callable[..., Any], Callable[..., Any]], Callable[..., ft.Control]] = {}


def drawn_inside(wrapper: Callable[..., Any], panel: Callable[..., Any]) -> Callable[..., ft.Control]:
    """The memoized component ``wrapper(body, *args)`` of this panel, where ``body`` is the
    panel's own function (``flet_compat.component_body``): a wrapper that selects the panel's
    data from the table (``Show``) draws the panel in its own component, so a change of the
    data draws one component, not the wrapper's and then the panel's. One component function
    for each wrapper and panel, named after the panel (a page's drawn names count the panel):
    Flet hands a component's hooks on only to a drawing of the same function (they are
    positional), so one panel's never go to another drawn in its place. The panel's hooks are
    the wrapper's: a wrapper that draws nothing for a while keeps them (``Follows``)."""
    found = _DRAWN_INSIDE.get((wrapper, panel))
    if found is None:
        body = component_body(panel) or panel

        def drawing(*args: Any) -> ft.Control:
            return wrapper(body, *args)

        drawing.__name__ = drawing.__qualname__ = getattr(body, "__name__", "Panel")
        found = _DRAWN_INSIDE[(wrapper, panel)] = ft.memo(ft.component(drawing))
    return found
