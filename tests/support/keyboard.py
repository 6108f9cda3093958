"""A key of the table's keyboard, named as the entry it serves would have named its own
picker's: ``play-picker-rank-A`` is the keyboard's ``keyboard-rank-A`` while the keyboard
serves the play entry (its keys keep their identifiers from entry to entry; the control
around them takes the identifier of the entry's picker, ``play-picker``: views/card_picker.py's
``Keyboard``, views/keyboard.py). A test that taps or looks for ``play-picker-rank-A`` finds the entry's own
picker, or the keyboard while it serves that entry, and nothing else: one place for the
three ways tests look at a screen (the view kit, the phones, the browser)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from card_companion.views.keyboard import KEYS


def as_key(ident: str) -> tuple[str, str] | None:
    """``("play-picker", "keyboard-rank-A")`` for ``play-picker-rank-A``: the keyboard that
    would serve the entry, and its key; None for an identifier of no picker's key."""
    head, sep, rest = ident.rpartition("-picker-")
    return (f"{head}-picker", f"{KEYS}-{rest}") if sep and head else None


def key_named(served: str | None, identifier: str) -> str | None:
    """What the key ``identifier`` of a keyboard serving ``served`` (the identifier of the
    control around it) is called in tests: ``play-picker-rank-A``; None if it is no key."""
    if served and served.endswith("-picker") and identifier.startswith(f"{KEYS}-"):
        return served + identifier[len(KEYS):]
    return None


def known_as(identifiers: Iterable[str | None]) -> Iterator[tuple[str, ...]]:
    """For each identifier, in the screen's order (None: a control without one), the names a
    test knows it by: its own, and for a key of the keyboard the name the entry it serves gives
    it (the keyboard's ``play-picker`` comes just before its keys)."""
    served: str | None = None
    for ident in identifiers:
        if not ident:
            yield ()
            continue
        alias = key_named(served, ident)
        yield (ident, alias) if alias else (ident,)
        if ident.endswith("-picker"):
            served = ident


def selectors(ident: str) -> list[str]:
    """The CSS selectors of the control ``ident`` in the browser's semantics tree: its own, and
    the key of the keyboard serving its entry."""
    own = [f'[flt-semantics-identifier="{ident}"]']
    key = as_key(ident)
    if key is None:
        return own
    served, name = key
    return [*own, f'[flt-semantics-identifier="{served}"] [flt-semantics-identifier="{name}"]']
