"""The hooks a component calls at the top of its body: ``use_stable`` (a handler whose
identity never changes, for memoized children) and the text-size setting (``use_text_scale``,
``at_scale`` for a memoized component; ``sized`` and ``current_scale`` read it in the body).
Flet only; no rules here."""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable
from typing import Any

import flet as ft

from card_companion.views.services import use_services

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


def use_stable(fn: Callable) -> Callable:
    """A handler whose identity never changes between renders (so a memoized child's props stay
    equal) and which always calls this render's ``fn``. Given to a control as its event
    handler, it passes the event on only if ``fn`` takes an argument, as Flet does."""
    latest = ft.use_ref(None)
    latest.current = fn

    def call(*args: Any, **kwargs: Any) -> Any:
        target = latest.current
        if args and not kwargs and not _takes_arguments(target):
            return target()
        return target(*args, **kwargs)

    return ft.use_callback(call, [])


@functools.lru_cache(maxsize=4096)
def _code_takes_arguments(code: Any, bound: bool) -> bool:
    return bool(code.co_argcount > bound or code.co_flags & 0x04)  # positional parameters or *args


def _takes_arguments(fn: Callable) -> bool:
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
