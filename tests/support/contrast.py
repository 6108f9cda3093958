"""WCAG contrast of what a screen draws: every text against the background it sits on, in
the light and the dark theme.

The screens name colours by the theme's roles (``ft.Colors.ON_SURFACE``...) or as fixed hex
values (card faces, the picker's suit buttons). A role is resolved with the colour scheme
Flutter builds from the app's seed (#2E7D32, ``views/settings.app_theme``): Material's tonal
spot scheme, 2021 spec. The values below were computed with materialyoucolor 3.0.4
(``SchemeTonalSpot(Hct.from_int(0xFF2E7D32), is_dark, 0.0, spec_version="2021")``) and match
the pixels of the app's screenshots (primary #3c6939, surface #f7fbf1, secondary container
#d6e8ce, surface container highest #e0e4db in light).

A text's colour: its own ``color``, else its style's, else the theme's text colour (every text
style names on-surface). A button's text: on-primary on primary (filled), primary on the
background (outlined, text). Its background: the nearest container with a ``bgcolor`` above
it, else the page's surface. Text under a container drawn at reduced opacity (a dead player's
panel, on purpose) is not checked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import flet as ft

SCHEMES = {
    "light": {
        "primary": "#3c6939", "onprimary": "#ffffff", "primarycontainer": "#bcf0b4",
        "onprimarycontainer": "#245024", "secondary": "#52634f", "onsecondary": "#ffffff",
        "secondarycontainer": "#d6e8ce", "onsecondarycontainer": "#3b4b38", "tertiary": "#38656a",
        "ontertiary": "#ffffff", "tertiarycontainer": "#bcebf0", "ontertiarycontainer": "#1f4d52",
        "error": "#ba1a1a", "onerror": "#ffffff", "errorcontainer": "#ffdad6", "onerrorcontainer": "#93000a",
        "surface": "#f7fbf1", "onsurface": "#191d17", "onsurfacevariant": "#424940",
        "surfacecontainerlowest": "#ffffff", "surfacecontainerlow": "#f1f5eb", "surfacecontainer": "#ecefe6",
        "surfacecontainerhigh": "#e6e9e0", "surfacecontainerhighest": "#e0e4db", "outline": "#72796f",
        "outlinevariant": "#c2c9bd",
    },
    "dark": {
        "primary": "#a1d39a", "onprimary": "#0a390f", "primarycontainer": "#245024",
        "onprimarycontainer": "#bcf0b4", "secondary": "#baccb3", "onsecondary": "#253423",
        "secondarycontainer": "#3b4b38", "onsecondarycontainer": "#d6e8ce", "tertiary": "#a0cfd4",
        "ontertiary": "#00363b", "tertiarycontainer": "#1f4d52", "ontertiarycontainer": "#bcebf0",
        "error": "#ffb4ab", "onerror": "#690005", "errorcontainer": "#93000a", "onerrorcontainer": "#ffdad6",
        "surface": "#10140f", "onsurface": "#e0e4db", "onsurfacevariant": "#c2c9bd",
        "surfacecontainerlowest": "#0b0f0a", "surfacecontainerlow": "#191d17", "surfacecontainer": "#1d211b",
        "surfacecontainerhigh": "#272b25", "surfacecontainerhighest": "#323630", "outline": "#8c9388",
        "outlinevariant": "#424940",
    },
}

PALETTE = {  # Material's fixed palette colours the screens use (the same in both themes)
    "amber": "#ffc107", "amber100": "#ffecb3", "amber200": "#ffe082", "amber300": "#ffd54f",
    "amber700": "#ffa000", "amber800": "#ff8f00", "green800": "#2e7d32", "white": "#ffffff", "black": "#000000",
}

AA = 4.5
AA_LARGE = 3.0
"""WCAG 2.x AA: 4.5:1 for text, 3:1 for large text (24 px, or 18.66 px bold)"""


def rgb(value: str, theme: str) -> tuple[float, float, float] | None:
    """A colour as 0-1 RGB in a theme; None for what cannot be judged (transparent, with
    opacity)."""
    v = str(getattr(value, "value", value)).lower()
    if "," in v or v == "transparent":
        return None
    v = SCHEMES[theme].get(v) or PALETTE.get(v) or v
    if not (v.startswith("#") and len(v) in (7, 9)):
        raise KeyError(f"no colour value for {value!r} in the {theme} theme: add it to tests/support/contrast.py")
    h = v[-6:]
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def luminance(c: tuple[float, float, float]) -> float:
    def lin(x: float) -> float:
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(x) for x in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG contrast ratio, 1 to 21.

    >>> round(ratio((0, 0, 0), (1, 1, 1)), 1)
    21.0
    """
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclasses.dataclass(frozen=True)
class Pair:
    text: str
    color: str
    background: str
    large: bool


def _children(node) -> Iterator:
    if isinstance(node, list):
        yield from node
        return
    if not dataclasses.is_dataclass(node):
        return
    for f in dataclasses.fields(node):
        if f.name.startswith("_") or f.name in ("parent", "page", "spans"):
            continue
        v = getattr(node, f.name, None)
        if isinstance(v, list):
            yield from v
        elif isinstance(v, ft.BaseControl):
            yield v


def pairs(tree) -> list[Pair]:
    """Every text of the tree with the colour it is drawn in and the background under it."""
    out: list[Pair] = []

    def text_size(t: ft.Text) -> tuple[float, bool]:
        size = t.size or (t.style.size if t.style and t.style.size else 14)
        bold = t.weight in (ft.FontWeight.BOLD, ft.FontWeight.W_600, ft.FontWeight.W_700, ft.FontWeight.W_800,
                            ft.FontWeight.W_900)
        return size, bold

    def walk(node, bg: str, fg: str) -> None:
        if not isinstance(node, ft.BaseControl):
            for n in _children(node):
                walk(n, bg, fg)
            return
        if getattr(node, "opacity", 1.0) is not None and getattr(node, "opacity", 1.0) < 1.0:
            return
        if getattr(node, "visible", True) is False:
            return
        if isinstance(node, ft.Container) and node.bgcolor:
            bg = node.bgcolor
        if isinstance(node, ft.FilledButton):
            if isinstance(node.content, str) and node.content and not node.disabled:
                out.append(Pair(node.content, "onprimary", "primary", False))
            bg, fg = "primary", "onprimary"
        elif isinstance(node, (ft.OutlinedButton, ft.TextButton)):
            if isinstance(node.content, str) and node.content and not node.disabled:
                out.append(Pair(node.content, "primary", bg, False))
            fg = "primary"
        if isinstance(node, ft.Text):
            words = (node.value or "") + "".join(s.text or "" for s in node.spans or ())
            color = node.color or (node.style.color if node.style and node.style.color else None) or fg
            size, bold = text_size(node)
            large = size >= 24 or (bold and size >= 18.66)
            if words.strip():
                out.append(Pair(words, color, bg, large))
            for span in node.spans or ():
                if span.style and span.style.color and (span.text or "").strip():
                    out.append(Pair(span.text, span.style.color, bg, large))
        for n in _children(node):
            walk(n, bg, fg)

    walk(tree, "surface", "onsurface")
    return out


def failures(tree) -> list[str]:
    """The texts below AA in either theme, as readable lines (empty: all pass)."""
    bad = []
    for p in pairs(tree):
        for theme in SCHEMES:
            fg, bg = rgb(p.color, theme), rgb(p.background, theme)
            if fg is None or bg is None:
                continue
            r = ratio(fg, bg)
            need = AA_LARGE if p.large else AA
            if r < need:
                bad.append(f"{theme}: {p.text[:50]!r} {p.color} on {p.background}: {r:.2f} < {need}")
    return sorted(set(bad))
