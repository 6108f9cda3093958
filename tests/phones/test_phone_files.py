"""The phone app served at /phone/ (server/phone_files.py), through the real Guard and Flet app:
the build's index at /phone/, each file with the type a browser needs and no-cache, GET and HEAD
only, nothing outside the build's folder (however the path is spelled), no build no phone app,
the Host check as everywhere; and ``companion`` finding the build and saying so in one line."""

from __future__ import annotations

import socket
import warnings
from pathlib import Path
from urllib.parse import unquote

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from card_companion import app as app_module
from card_companion import cli
from card_companion.app import ASSETS, make_main
from card_companion.server import AddressLimits, HostCheck, PhoneFiles, build_app, phone_build
from card_companion.server.phone_files import NO_PHONE_APP, NO_SUCH_FILE
from tests.support.viewkit import run_coroutine

FILES = {
    "index.html": b"<!DOCTYPE html><title>Card Companion</title>",
    "sw.js": b'const VERSION = "one";',
    "manifest.json": b'{"name": "Card Companion"}',
    "main.dart.js": b"main();",
    "pyodide/pyodide.mjs": b"export const loadPyodide = 1;",
    "pyodide/pyodide.asm.wasm": b"\0asm\1\0\0\0",
    "canvaskit/canvaskit.wasm": b"\0asm\1\0\0\0",
    "app/site.zip": b"PK\5\6" + b"\0" * 18,
    "app/msgpack-1.2.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl": b"PK\5\6" + b"\0" * 18,
    "assets/NOTICES": b"licences",
    "assets/AssetManifest.bin": b"\1\2",
    "assets/shaders/ink_sparkle.frag": b"shader",
    "assets/fonts/roboto.woff2": b"wOF2",
    "assets/fonts/MaterialIcons-Regular.otf": b"OTTO",
    "fonts/CardSymbols.ttf": b"\0\1\0\0",
    "icons/Icon-192.png": b"\x89PNG",
}
SECRET = b"the host's own file"


@pytest.fixture
def build(tmp_path) -> Path:
    """A small phone build, a file beside it that must never be served, and symlinks out."""
    folder = tmp_path / "phone"
    for name, data in FILES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    (tmp_path / "secret.txt").write_bytes(SECRET)
    (folder / "leak.txt").symlink_to(tmp_path / "secret.txt")
    (folder / "outside").symlink_to(tmp_path)
    (folder / ".hidden").write_bytes(SECRET)
    return folder


@pytest.fixture(scope="module")
def main(tmp_path_factory):
    main, _ = make_main(tmp_path_factory.mktemp("saves"))
    return main


def served(main, phone_dir: Path | None):
    """The real app (Guard, Flet) with the phone build at /phone/, and a client for it."""
    app = build_app(main, assets_dir=str(ASSETS), hosts=HostCheck("127.0.0.1"), limits=AddressLimits(),
                    owners=main.tables.pages, phone_dir=phone_build(phone_dir))
    return app, TestClient(app, base_url="http://127.0.0.1:8550")


def ask(app, raw: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    """One request with its path exactly as a client sent it (``raw``, percent-encoded, no
    client library tidying it first), decoded as uvicorn decodes it."""
    scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.4"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": unquote(raw), "raw_path": raw.encode(),
             "query_string": b"", "headers": [(b"host", b"127.0.0.1:8550")], "client": ("127.0.0.1", 5000),
             "server": ("127.0.0.1", 8550)}
    answer: dict = {"body": b""}

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
            answer["headers"] = {k.decode().lower(): v.decode() for k, v in message.get("headers", [])}
        elif message["type"] == "http.response.body":
            answer["body"] += message.get("body", b"")

    run_coroutine(app(scope, receive, send))
    return answer["status"], answer["headers"], answer["body"]


def test_the_phone_app_is_at_phone_and_phone_redirects_there(main, build):
    _, c = served(main, build)
    r = c.get("/phone/")
    assert r.status_code == 200 and r.content == FILES["index.html"]
    assert r.headers["content-type"] == "text/html; charset=utf-8"
    r = c.get("/phone", follow_redirects=False)
    assert r.status_code == 308 and r.headers["location"] == "/phone/"
    assert c.get("/phone?from=home", follow_redirects=False).headers["location"] == "/phone/?from=home"
    assert c.get("/phone/index.html").content == FILES["index.html"]


@pytest.mark.parametrize("name, kind", [
    ("sw.js", "text/javascript; charset=utf-8"),
    ("main.dart.js", "text/javascript; charset=utf-8"),
    ("pyodide/pyodide.mjs", "text/javascript; charset=utf-8"),
    ("pyodide/pyodide.asm.wasm", "application/wasm"),
    ("canvaskit/canvaskit.wasm", "application/wasm"),
    ("manifest.json", "application/json"),
    ("app/site.zip", "application/zip"),
    ("app/msgpack-1.2.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl", "application/zip"),
    ("assets/NOTICES", "text/plain; charset=utf-8"),
    ("assets/shaders/ink_sparkle.frag", "text/plain; charset=utf-8"),
    ("assets/fonts/roboto.woff2", "font/woff2"),
    ("assets/fonts/MaterialIcons-Regular.otf", "font/otf"),
    ("fonts/CardSymbols.ttf", "font/ttf"),
    ("icons/Icon-192.png", "image/png"),
    ("assets/AssetManifest.bin", "application/octet-stream"),
])
def test_each_file_has_the_type_a_browser_needs(main, build, name, kind):
    """A module script or WebAssembly of another type is refused by the browser (nosniff)."""
    _, c = served(main, build)
    r = c.get(f"/phone/{name}")
    assert r.status_code == 200 and r.content == FILES[name]
    assert r.headers["content-type"] == kind and r.headers["x-content-type-options"] == "nosniff"


def test_every_file_is_asked_again_and_an_unchanged_one_is_a_304(main, build):
    """index.html, sw.js and manifest.json (a new build is found at once), and the rest too:
    their names carry no version, so a browser's own caching could mix two builds."""
    _, c = served(main, build)
    for name in ("", "sw.js", "manifest.json", "main.dart.js", "pyodide/pyodide.asm.wasm"):
        r = c.get(f"/phone/{name}")
        assert r.headers["cache-control"] == "no-cache" and r.headers["etag"]
        again = c.get(f"/phone/{name}", headers={"If-None-Match": r.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["etag"] == r.headers["etag"] and again.headers["cache-control"] == "no-cache"
    (build / "sw.js").write_bytes(b'const VERSION = "two, a new build";')
    assert c.get("/phone/sw.js", headers={"If-None-Match": r.headers["etag"]}).status_code == 200


def test_head_answers_the_headers_without_the_body(main, build):
    _, c = served(main, build)
    r = c.head("/phone/pyodide/pyodide.mjs")
    assert r.status_code == 200 and r.content == b""
    assert r.headers["content-type"] == "text/javascript; charset=utf-8"
    assert r.headers["content-length"] == str(len(FILES["pyodide/pyodide.mjs"]))
    assert c.head("/phone/missing.js").status_code == 404


def test_only_get_and_head_and_nothing_is_written(main, build):
    _, c = served(main, build)
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        r = c.request(method, "/phone/sw.js", content=b"overwritten")
        assert r.status_code == 405 and r.headers["allow"] == "GET, HEAD"
    assert c.post("/phone/new.js", content=b"x").status_code == 405
    assert (build / "sw.js").read_bytes() == FILES["sw.js"] and not (build / "new.js").exists()


def test_a_missing_file_is_a_404(main, build):
    _, c = served(main, build)
    for path in ("/phone/missing.js", "/phone/play/abc", "/phone/pyodide/", "/phone/pyodide", "/phone/sw.js/x"):
        r = c.get(path)
        assert r.status_code == 404 and r.text == NO_SUCH_FILE, path


@pytest.mark.parametrize("raw", [
    "/phone/../secret.txt",
    "/phone/%2e%2e/secret.txt",
    "/phone/%2E%2E/secret.txt",
    "/phone/.%2e/secret.txt",
    "/phone/..%2fsecret.txt",
    "/phone/pyodide/../../secret.txt",
    "/phone/%2e%2e%2f%2e%2e%2fpyproject.toml",
    "/phone//etc/passwd",
    "/phone/%2fetc/passwd",
    "/phone/..%5csecret.txt",
    "/phone/leak.txt",
    "/phone/outside/secret.txt",
    "/phone/.hidden",
    "/phone/sw.js%00.png",
    "/phone/%252e%252e/secret.txt",
])
def test_a_path_out_of_the_folder_is_a_404_and_changes_nothing(main, build, raw):
    """However it is spelled (dots, encoded dots and slashes, an absolute path, a backslash,
    a symlink out, a NUL, encoded twice), a path that would leave the build is the same 404 as
    a missing file, and nothing is read or written outside the folder."""
    app, _ = served(main, build)
    status, headers, body = ask(app, raw)
    assert (status, body) == (404, NO_SUCH_FILE.encode()), raw
    assert SECRET not in body and headers["content-type"] == "text/plain; charset=utf-8"
    assert (build.parent / "secret.txt").read_bytes() == SECRET
    assert all((build / name).read_bytes() == data for name, data in FILES.items())


def test_phone_files_refuses_a_symlink_out_even_in_a_folder_named_by_a_symlink(tmp_path, build):
    """The folder may itself be a symlink (build/phone pointing at a copy): inside it still counts."""
    (tmp_path / "link").symlink_to(build)
    app = PhoneFiles(None, tmp_path / "link")
    assert ask(app, "/phone/sw.js")[0] == 200 and ask(app, "/phone/leak.txt")[0] == 404


def test_no_build_no_phone_app(main, tmp_path):
    """No build (no folder, or one without index.html and sw.js): /phone/ is a 404 with a
    sentence, not Flet's page; the rest of the app is as it was."""
    (tmp_path / "half").mkdir()
    (tmp_path / "half" / "index.html").write_text("x")
    assert phone_build(None) is None and phone_build(tmp_path / "nothing") is None
    assert phone_build(tmp_path / "half") is None
    _, c = served(main, tmp_path / "half")
    for path in ("/phone/", "/phone", "/phone/index.html", "/phone/sw.js"):
        r = c.get(path, follow_redirects=False)
        assert r.status_code == 404 and r.text == NO_PHONE_APP, path
    assert c.get("/").status_code == 200


def test_the_host_check_applies_to_the_phone_app(main, build):
    """DNS rebinding: another site's name pointed at this machine reads no file of it."""
    _, c = served(main, build)
    for path in ("/phone/", "/phone/sw.js", "/phone"):
        r = c.get(path, headers={"Host": "evil.example.com:8550"}, follow_redirects=False)
        assert r.status_code == 421 and FILES["sw.js"] not in r.content and "location" not in r.headers
    assert c.get("/phone/sw.js", headers={"Host": "localhost:8550"}).status_code == 200


def test_flets_own_routes_are_as_they_were(main, build):
    """/, Flet's patched client, its assets and the websocket, and the API pages still gone;
    a path that only begins with the word (/phonebook) is Flet's."""
    _, c = served(main, build)
    with c:
        r = c.get("/")
        assert r.status_code == 200 and "connection.js" in r.text and "access-control-allow-origin" not in r.headers
        assert b'"Working..."' not in c.get("/main.dart.js").content
        assert "Reconnecting" in c.get("/connection.js").text
        assert c.get("/phonebook").text == r.text and c.get("/play/abc").text == r.text
        assert c.get("/openapi.json").status_code == 404
        with c.websocket_connect("ws://127.0.0.1:8550/ws", headers={"Origin": "http://127.0.0.1:8550"}):
            pass


# --- companion finds the build and says so ------------------------------------------------------------


def test_companion_offers_the_build_it_is_given_or_the_checkouts(build, tmp_path, monkeypatch):
    url = "http://192.168.1.23:8600/"
    monkeypatch.delenv(cli.ENV_PHONE_DIR, raising=False)
    found, line = cli.phone_app_of(str(build), url)
    assert found == build.resolve() and line.endswith("is at http://192.168.1.23:8600/phone/")
    monkeypatch.setenv(cli.ENV_PHONE_DIR, str(build))
    assert cli.phone_app_of(None, url)[0] == build.resolve()
    found, line = cli.phone_app_of(str(tmp_path / "nothing"), url)  # the option wins over the variable
    assert found is None and "holds no build" in line and "make phone" in line
    monkeypatch.delenv(cli.ENV_PHONE_DIR)
    checkout = tmp_path / "checkout"
    monkeypatch.setattr(cli, "CHECKOUT_BUILD", checkout / "build" / "phone")
    assert cli.phone_app_of(None, url) == (None, None)  # an installed wheel: no make, no word
    (checkout / "Makefile").parent.mkdir()
    (checkout / "Makefile").write_text("phone:\n")
    found, line = cli.phone_app_of(None, url)
    assert found is None and line == "No phone app at /phone/: make phone builds it (then start again)"
    (checkout / "build").mkdir()
    (checkout / "build" / "phone").symlink_to(build)
    assert cli.phone_app_of(None, url)[0] == build.resolve()


def test_companion_serves_the_build_and_prints_one_line(build, tmp_path, monkeypatch, capsys):
    seen = {}

    def serve(*a, **kw):  # the real one calls on_listening once the server listens
        seen.update(kw)
        kw["on_listening"]()

    monkeypatch.setattr(app_module, "serve", serve)
    monkeypatch.delenv(cli.ENV_PHONE_DIR, raising=False)
    assert cli.main(["--no-open", "--port", "8731", "--phone-dir", str(build)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert seen["phone_dir"] == build.resolve()
    assert [line for line in lines if "phone app" in line] == [
        "The phone app (the whole app kept on one phone, no server needed) is at http://127.0.0.1:8731/phone/"]
    cli.main(["--no-open", "--phone-dir", str(tmp_path / "nothing")])
    assert seen["phone_dir"] is None


@pytest.mark.parametrize("with_build", [True, False])
def test_serve_offers_the_phone_app_on_the_home_screen_only_with_a_build(build, tmp_path, monkeypatch, with_build):
    """The home screen's line (make_main's ``phone_app``) and /phone/ come together."""
    asked, apps = {}, []
    real_make_main = app_module.make_main

    def spy(*args, **kwargs):
        asked.update(kwargs)
        return real_make_main(*args, **kwargs)

    monkeypatch.setattr(app_module, "make_main", spy)
    monkeypatch.setattr(app_module, "_warm_up_once_serving", lambda host, port: None)
    monkeypatch.setattr(app_module, "listening_socket", lambda host, port: socket.socket())  # no port taken
    monkeypatch.setattr(app_module, "run", lambda app, host, port, **kw: apps.append(app))
    app_module.serve(port=8731, data_dir=tmp_path / "saves", open_browser=False,
                     phone_dir=phone_build(build) if with_build else None)
    assert asked["phone_app"] == ("/phone/" if with_build else None)
    assert TestClient(apps[0], base_url="http://127.0.0.1:8731").get("/phone/sw.js").status_code == (
        200 if with_build else 404)
