"""The web server, hardened for a table's Wi-Fi: Flet's own FastAPI app (``flet_web.fastapi.app``,
the same one ``ft.run(view=WEB_BROWSER)`` mounts) served by uvicorn, behind one ASGI guard.

``ft.run`` builds its FastAPI app and uvicorn server inside ``flet_web.fastapi.
serve_fastapi_web_app`` with no hook for middleware, and its inner app turns on FastAPI's
``/docs``, ``/redoc`` and ``/openapi.json`` and answers every response with
``Access-Control-Allow-Origin: *``. So the app assembles the same pieces itself:

- ``Guard`` (pure ASGI, around everything):
  * the ``Host`` header must be one of the server's own names (DNS rebinding: a page of
    another site whose name was pointed at this machine is refused);
  * a websocket upgrade must carry an ``Origin`` that is the server's own: the scheme, the
    name and the port it was asked for (a page of another site open in the same browser
    cannot drive the app: cross-site websocket), or one named with ``--allow-host
    https://name`` (an HTTPS proxy in front);
  * at most ``per_address`` websockets open at once, and ``new_per_minute`` new ones a
    minute, from one client address;
  * each websocket is a ``Connection``: its first frame must be a registration, sent
    within ``REGISTER_WAIT`` seconds; a frame that is not one of Flet's client messages
    closes it with one log line; a session id presented at registration must be one this
    phone (device key, address) opened (``PageOwners``), else Flet starts a new session;
    whatever way it ends, its place (``per_address``) is given back;
  * ``/docs``, ``/redoc``, ``/openapi.json`` answer 404; ``Access-Control-Allow-Origin`` is
    removed; pages may not be framed by other sites.
- ``PhoneFiles`` (inside the guard, before Flet's app): the phone app's build (``make phone``)
  at ``/phone/``, GET and HEAD only, each file with its own type, nothing outside its folder.
- Flet's session timeout (``session_timeout``, minutes, instead of Flet's 3,600 s): a page
  that closed frees its session soon. All table state is in the save file, so a phone
  that comes back after the timeout gets a fresh session showing the same table.
- uvicorn without proxy headers (a client cannot claim another address with
  ``X-Forwarded-For``), with a websocket message limit, and a bounded stop: at SIGTERM the
  connections are ended and the server is gone within ``STOP_WAIT`` seconds.

The package, one concern a module: ``limits`` (the server's names and origins, the pages per
address), ``connection`` (one watched websocket), ``guard`` (the ASGI guard), ``phone_files``
(the phone app's files) and ``serving`` (Flet's app assembled behind the guard, uvicorn run).
Every public name is imported from here.
"""

from __future__ import annotations

from card_companion.server.connection import (
    CLIENT_MESSAGES,
    DEVICE_COOKIE,
    REGISTER_WAIT,
    TABLE_ROUTE,
    Connection,
    connection_address,
    device_of,
    frame_problem,
)
from card_companion.server.guard import BLOCKED_PATHS, Guard
from card_companion.server.limits import (
    NEW_PER_MINUTE,
    PER_ADDRESS,
    WILDCARD,
    AddressLimits,
    HostCheck,
    is_ip,
    lan_address,
    origin_of,
    strip_port,
)
from card_companion.server.phone_files import CHECKOUT_BUILD, PHONE_URL, PhoneFiles, kind_of, phone_build
from card_companion.server.serving import (
    BOOT_TEXT,
    SESSION_TIMEOUT,
    STOP_WAIT,
    WS_MAX_BYTES,
    CannotListen,
    FletLogLines,
    PatchedFiles,
    build_app,
    flet_races,
    free_port_near,
    listening_socket,
    quiet_boot_screen,
    run,
)

__all__ = [
    "BLOCKED_PATHS", "BOOT_TEXT", "CHECKOUT_BUILD", "CLIENT_MESSAGES", "DEVICE_COOKIE", "NEW_PER_MINUTE",
    "PER_ADDRESS", "PHONE_URL", "REGISTER_WAIT", "SESSION_TIMEOUT", "STOP_WAIT", "TABLE_ROUTE", "WILDCARD",
    "WS_MAX_BYTES",
    "AddressLimits", "CannotListen", "Connection", "FletLogLines", "Guard", "HostCheck", "PatchedFiles", "PhoneFiles",
    "build_app", "connection_address", "device_of", "flet_races", "frame_problem", "free_port_near", "is_ip", "kind_of",
    "lan_address", "listening_socket", "origin_of", "phone_build", "quiet_boot_screen", "run", "strip_port",
]
