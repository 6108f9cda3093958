"""Copy and Share: what this browser lets a page do with the clipboard and the share sheet,
for every screen that offers them (a calculator's ruling, the Players screen's records). A
module of its own, so that a screen offering them loads no calculator."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlparse

import flet as ft

SHARE_PLATFORMS = {"android", "ios", "macos", "windows"}
"""where browsers have a share sheet (the Web Share API); elsewhere (Linux desktops) the
web client would fall back to a mailto: link, so only Copy is offered"""


def secure_origin(page) -> bool:
    """Whether the browser lets the page use the clipboard and the share sheet: over https,
    on this device (localhost), or in the desktop/phone app; not over plain http on the
    table's Wi-Fi."""
    if not getattr(page, "web", False):
        return True
    try:
        url = page.url
    except Exception:  # a page without a session (view tests): assume the local server
        return True
    if not url:
        return True
    parts = urlparse(url)
    return parts.scheme == "https" or parts.hostname in ("localhost", "127.0.0.1", "::1")


def can_share(page) -> bool:
    """A share sheet exists: the phone or desktop app, or a browser on a platform with the
    Web Share API, on a secure origin."""
    if not getattr(page, "web", False):
        return True
    platform = getattr(page, "platform", None)
    name = getattr(platform, "value", platform)
    return secure_origin(page) and name in SHARE_PLATFORMS


def client_action(make: Callable[[], ft.ClientAction]) -> ft.ClientAction | None:
    """A Flet client action (run by the browser inside the tap, as Safari requires for the
    clipboard and the share sheet); None where no Flet page runs (view tests)."""
    try:
        return make()
    except RuntimeError:
        return None
