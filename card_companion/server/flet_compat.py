"""What the server relies on of Flet that is not Flet's public API, in one place: each name
here says why the app needs it and what in Flet it rests on, as seen in flet and flet-web
1.0.5. No other module of server/ reads Flet's private names or its client's bytes; the
views' such parts are in views/flet_compat.py (a module of its own here, so that importing
the server, as the command line does, still loads nothing of Flet). A Flet upgrade checks
these two modules, and tests/project/test_flet_compat.py fails with a sentence on a Flet where one
of them no longer holds."""

from __future__ import annotations

from typing import Any

FLET_SEEN = "1.0.5"
"""the flet and flet-web version these were read from"""

# Why: Flet's web client shows "Working..." on its boot screen while it (re)connects; the
# app's own line says "Reconnecting…" over it (assets/connection.js), so
# ``serving.quiet_boot_screen`` serves copies with that text blanked. Rests on: the bytes
# below, exactly once in each of flet-web's prebuilt flet_web/web/main.dart.js (a JS string)
# and main.dart.wasm (the raw text; its blank keeps the length) (flet-web 1.0.5).
BOOT_TEXT = {"main.dart.js": (b'"Working..."', b'""'), "main.dart.wasm": (b"Working...", b" " * 10)}
"""file of Flet's web client -> (its boot text, what replaces it), each found exactly once, else
the file is served as it is"""

# Why: a frame Flet's receive loop could not take is logged with its whole traceback;
# ``serving.FletLogLines`` makes it one line. Rests on: flet_web/fastapi/flet_app.py's
# ``logger.warning(f"Receive loop error: {e}", exc_info=True)``, its logger named after the
# package flet_web.fastapi (flet-web 1.0.5).
FLET_LOGGER = "flet_web.fastapi"
RECEIVE_LOOP_ERROR = "Receive loop error"


# Why: a page's connection ends while one of its updates waits, and Flet's update scheduler
# dies of it; ``serving.flet_races`` makes that one log line and app.py starts the scheduler
# again at the next connect. Rests on: flet/messaging/session.py's private coroutine
# ``Session.__updates_scheduler`` (its name), ``Session.start_updates_scheduler``, and
# flet_web/fastapi/flet_app.py's ``send_message`` calling ``put_nowait`` on the send queue its
# disconnect set to None (flet 1.0.5).
def is_update_race(exc: object, coro: object) -> bool:
    """Whether an exception nobody awaited (``exc``, of the task running ``coro``) is that race."""
    return (isinstance(exc, AttributeError) and "put_nowait" in str(exc)
            and "updates_scheduler" in getattr(coro, "__qualname__", ""))


# Why: a table's page that came back on a new session has its old session dropped at once
# (``connection.drop_left_session``), and Flet has no public way to list or end one by its
# id. Rests on: flet_web/fastapi/flet_app_manager.py's ``FletAppManager.__sessions`` (key ->
# Session, read as ``_FletAppManager__sessions``) on ``flet_web.fastapi.app_manager``, with
# its public ``delete_session(key)``, and Session's ``id`` and ``expires_at`` (flet-web 1.0.5).
def flet_sessions() -> dict[str, Any] | None:
    """Flet's sessions of this server by their key (the very dict, not a copy), or None when
    this Flet keeps them elsewhere: then nothing is dropped, and a session times out as Flet
    would have it."""
    from flet_web.fastapi import app_manager

    sessions = getattr(app_manager, "_FletAppManager__sessions", None)
    return sessions if isinstance(sessions, dict) else None
