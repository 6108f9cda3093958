"""The phone app served at ``/phone/``: the files of ``make phone`` (build/phone: the whole app
as static files that run in the phone's browser), answered before Flet's app sees the request,
so that a phone at the table can take the app home from the server it already has open.

Why here and not in Flet's app: Flet answers every path it does not know with its own
index.html (its routes are the screens), so ``/phone/sw.js`` would be a page, not a script.
Why these rules:

- only a file inside the build's folder is ever read: a path whose segment is empty or starts
  with a dot (``..``, ``%2e%2e`` once decoded, ``//etc/passwd``), or holds a NUL or a
  backslash, and a file that is a symlink out of the folder, are a 404 like a missing file;
- each file's Content-Type is set here rather than guessed from the system's table: a module
  script (``.mjs``) or WebAssembly (``.wasm``) served with another type is refused by the
  browser (the guard sends ``nosniff``), and the system's table differs between machines;
- every file is ``Cache-Control: no-cache`` with its ETag (a 304 when it has not changed): the
  build's names carry no version, so a browser keeping any of them by its own reckoning could
  mix two builds (where the service worker runs, it keeps the files itself; on plain http to a
  LAN address browsers give the page no service worker, and the HTTP cache is all it has);
- a missing file is a plain 404: the service worker falls back on its own; with no build at
  all, ``/phone/`` is a 404 too rather than Flet's page."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from card_companion.server.connection import header

PHONE_PATH = "/phone"
PHONE_URL = PHONE_PATH + "/"
"""where the served app offers the phone app (the home screen's button opens it)"""
CHECKOUT_BUILD = Path(__file__).parent.parent.parent / "build" / "phone"
"""where ``make phone`` builds it, when the package sits in its checkout"""
NO_CACHE = "no-cache"
KINDS = {
    ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
    ".json": "application/json", ".zip": "application/zip", ".whl": "application/zip", ".png": "image/png",
    ".ttf": "font/ttf", ".otf": "font/otf", ".woff2": "font/woff2", ".frag": "text/plain", ".txt": "text/plain",
    ".md": "text/plain",
}
"""Content-Type by suffix (starlette adds ``charset=utf-8`` to the text types); others are bytes"""
NAMED_KINDS = {"NOTICES": "text/plain"}
"""files with no suffix (Flutter's licence notices)"""
BYTES = "application/octet-stream"
NO_PHONE_APP = "Not found: this server offers no phone app."
NO_SUCH_FILE = "Not found: the phone app has no such file."
"""the one answer to a missing file and to every path that would leave the folder alike"""


def phone_build(folder: str | Path | None) -> Path | None:
    """``folder`` resolved, if it holds a phone build (its index.html and its service worker);
    else None, and nothing is served at /phone/."""
    if folder is None:
        return None
    path = Path(folder).expanduser().resolve()
    return path if (path / "index.html").is_file() and (path / "sw.js").is_file() else None


def kind_of(path: Path) -> str:
    """The Content-Type a browser needs for this file of the build."""
    return NAMED_KINDS.get(path.name) or KINDS.get(path.suffix.lower(), BYTES)


def is_safe_rest(rest: str) -> bool:
    """A path below /phone/ made only of plain names: no empty segment (an absolute path, a
    folder), none starting with a dot (``..``, hidden files), no NUL or backslash."""
    return all(part and not part.startswith(".") and "\x00" not in part and "\\" not in part
               for part in rest.split("/"))


class PhoneFiles:
    """Pure ASGI: answers ``/phone`` and everything below it from the build's folder (``folder``,
    checked by ``phone_build``; None: a 404 for each); every other request goes to ``app``."""

    def __init__(self, app, folder: Path | None):
        self.app = app
        self.folder = Path(os.path.realpath(folder)) if folder is not None else None

    async def __call__(self, scope, receive, send):
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if path != PHONE_PATH and not path.startswith(PHONE_URL):
            return await self.app(scope, receive, send)
        from starlette.responses import PlainTextResponse, RedirectResponse

        if scope.get("method") not in ("GET", "HEAD"):
            response = PlainTextResponse("Only GET and HEAD here.", status_code=405, headers={"Allow": "GET, HEAD"})
        elif self.folder is None:
            response = PlainTextResponse(NO_PHONE_APP, status_code=404)
        elif path == PHONE_PATH:
            query = scope.get("query_string", b"").decode("latin-1")
            response = RedirectResponse(PHONE_URL + (f"?{query}" if query else ""), status_code=308)
        else:
            found = self.file_for(path[len(PHONE_URL):] or "index.html")
            response = self._file(found, scope) if found else PlainTextResponse(NO_SUCH_FILE, status_code=404)
        await response(scope, receive, send)

    def file_for(self, rest: str) -> tuple[Path, os.stat_result] | None:
        """The file ``rest`` names inside the folder (its real path, so a symlink out of the
        folder is not followed there) and its stat; None if it is not a plain file in it."""
        assert self.folder is not None  # __call__ answered a 404 without one
        if not is_safe_rest(rest):
            return None
        try:
            real = Path(os.path.realpath(self.folder / rest))
            found = os.stat(real)
        except (OSError, ValueError):
            return None
        if not real.is_relative_to(self.folder) or not stat.S_ISREG(found.st_mode):
            return None
        return real, found

    def _file(self, found: tuple[Path, os.stat_result], scope):
        """The file with its type and ETag, or a 304 when the browser's copy has that ETag."""
        from starlette.responses import FileResponse, Response

        real, kept = found
        response = FileResponse(real, media_type=kind_of(real), stat_result=kept,
                                headers={"Cache-Control": NO_CACHE})
        etag = response.headers["etag"]
        asked = header(scope, b"if-none-match") or ""
        if asked.strip() == "*" or etag in (tag.strip().removeprefix("W/") for tag in asked.split(",")):
            return Response(status_code=304, headers={"ETag": etag, "Cache-Control": NO_CACHE})
        return response
