"""``make phone``: the phone app as static files, in ``build/phone/``.

    python -m tools.phone.build [--out DIR] [--floor] [--force]

What a build holds (docs/phone.md):

- Flet's web client from flet-web (the Flutter app, CanvasKit, the Pyodide it bundles), with
  only what the app uses: the JavaScript build (the CanvasKit renderer, which suits a Python
  that speaks to Flutter through messages), one CanvasKit for every browser, the fonts the
  app draws with.
- The app's Python: ``card_companion`` and the pure-Python packages it needs, compiled to
  byte code for the phone's Python (3.14, by that same Pyodide run under Node.js) and put in
  one zip that Python imports from as it is; the two packages with compiled parts
  (pydantic-core, msgpack) as the WebAssembly wheels PyPI has, which Pyodide loads itself.
  The packages are pinned in pyproject.toml (``[tool.flet.web] dependencies``) and come from
  the registries pip is set up for, nowhere else.
- The web shell of tools/phone/: the page, the worker that starts Python and keeps the saves,
  and a service worker that keeps every file of the build, under a version that is the hash
  of the files (a new build replaces the old one whole).

A build is skipped when nothing it is made from changed (``build.json`` holds the fingerprint).
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHELL = Path(__file__).resolve().parent
OUT = ROOT / "build" / "phone"
FLOOR_OUT = ROOT / "build" / "phone-floor"
WHEEL_CACHE = ROOT / "build" / "phone-wheels"
PACKAGE = ROOT / "card_companion"
FLOOR_ENTRY = ROOT / "benchmarks" / "floor_app.py"

PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
"""the platform of flet-web 1.0.5's Pyodide (314.0.7, Python 3.14): its pyodide-lock.json says
``abi_version 2026_0``; the build checks that they agree"""
PYODIDE_PYTHON = "3.14"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""what the page's Pyodide loads (not its command line, its type files, micropip)"""
FLOOR_PACKAGES = {"flet", "msgpack", "repath", "six"}
"""the floor (a one-button Flet app) needs Flet and what Flet needs, nothing of the app's"""
UNUSED_ASSETS = ("assets/packages/flutter_math_fork", "assets/packages/media_kit", "assets/packages/record_web",
                 "assets/packages/flutter_map", "assets/packages/cupertino_icons")
"""Flutter packages of Flet's client whose files only their own controls load (formulas, video,
recording, maps, Cupertino icons): the app draws none of them"""
UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
THEME_COLOR = "#2E7D32"
APP_NAME = "Card Companion"
SHORT_NAME = "Companion"
DESCRIPTION = "A table companion for five card games played with real decks."
SW_VERSION_LEN = 16


class BuildError(RuntimeError):
    """The build cannot be made: one sentence says why and what to do."""


@dataclass(frozen=True)
class Built:
    out: Path
    version: str
    files: int
    size: int
    seconds: float
    skipped: bool
    compiled: bool


def flet_web_dir() -> Path:
    try:
        from flet_web import get_package_web_dir
    except ImportError:
        raise BuildError("flet-web is not installed: `make phone` installs it (the `server` extra)") from None
    return Path(get_package_web_dir())


def pins(floor: bool = False) -> list[str]:
    """The phone's packages, exactly as pyproject.toml pins them for the web target."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    deps = data["tool"]["flet"]["web"]["dependencies"]
    for dep in deps:
        if not re.fullmatch(r"[A-Za-z0-9_.-]+==[A-Za-z0-9_.+-]+", dep):
            raise BuildError(f"pyproject.toml [tool.flet.web] dependencies: {dep!r} is not an exact pin "
                             "(name==version)")
    if floor:
        deps = [d for d in deps if normal(d.split("==")[0]) in FLOOR_PACKAGES]
    return deps


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheels(wanted: list[str], cache: Path = WHEEL_CACHE) -> list[Path]:
    """The wheels of ``wanted`` for the phone's Python, from the registries pip uses (kept in
    ``cache`` once downloaded)."""
    cache.mkdir(parents=True, exist_ok=True)

    def found() -> dict[str, Path]:
        have = {}
        for path in cache.glob("*.whl"):
            name, version = path.name.split("-")[:2]
            have[f"{normal(name)}=={version}"] = path
        return have

    missing = [p for p in wanted if f"{normal(p.split('==')[0])}=={p.split('==')[1]}" not in found()]
    if missing:
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
               "--only-binary=:all:", "--platform", PYODIDE_PLATFORM, "--platform", "any",
               "--python-version", PYODIDE_PYTHON, "--implementation", "cp",
               "--abi", f"cp{PYODIDE_PYTHON.replace('.', '')}", "--abi", "none", "-d", str(cache), *missing]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            tail = "\n".join(line for line in done.stderr.splitlines() if "is ignored" not in line)[-800:]
            raise BuildError(f"pip could not download the phone's packages {missing}:\n{tail}")
    have = found()
    return [have[f"{normal(p.split('==')[0])}=={p.split('==')[1]}"] for p in wanted]


def is_pure(wheel: Path) -> bool:
    return wheel.name.endswith("-none-any.whl")


def stage_python(staging: Path, pure: list[Path], entry: Path, with_app: bool) -> None:
    """The phone's Python files: the pure packages, the app (its code, rule texts and
    rulings; not its web assets, which the page serves), and ``main.py``."""
    for wheel in pure:
        with zipfile.ZipFile(wheel) as zf:
            for info in zf.infolist():
                top = info.filename.split("/")[0]
                if top.endswith((".dist-info", ".data")) or info.is_dir():
                    continue
                zf.extract(info, staging)
    if with_app:
        def ignore(folder: str, names: list[str]) -> set[str]:
            skip = {n for n in names if n in ("__pycache__", "assets") or n.endswith((".pyc", ".pyo"))}
            return skip
        shutil.copytree(PACKAGE, staging / "card_companion", ignore=ignore)
    shutil.copy2(entry, staging / "main.py")


def node() -> str | None:
    """Node.js 18 or newer, to run the phone's own Python at build time (None: not here)."""
    found = shutil.which("node") or shutil.which("nodejs")
    if not found:
        return None
    try:
        out = subprocess.run([found, "--version"], capture_output=True, text=True, timeout=20).stdout.strip()
        major = int(out.lstrip("v").split(".")[0])
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return None
    return found if major >= 18 else None


def compile_bytecode(staging: Path, pyodide: Path) -> bool:
    """Byte code for the phone's Python (3.14), made by that Python itself (Pyodide under
    Node.js), beside each module; the sources are then left out (the zip holds byte code
    only). False, and the sources kept, when there is no Node.js here."""
    runner = node()
    if runner is None:
        print("== no Node.js 18+ here: the phone app ships its Python sources (it starts about 2 s slower; "
              "install nodejs for byte code)", file=sys.stderr)
        return False
    with tempfile.TemporaryDirectory(prefix="companion-pyodide-") as tmp:
        runtime = Path(tmp)
        for name in (*PYODIDE_FILES, "python_cli_entry.mjs", "package.json"):
            shutil.copy2(pyodide / name, runtime / name)
        env = {**os.environ, "PATH": f"{Path(runner).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
        cmd = [runner, *node_flags(runner), str(runtime / "python_cli_entry.mjs"),
               f"--this-program={runtime / 'python'}", "-m", "compileall", "-q", "-b",
               "--invalidation-mode", "unchecked-hash", str(staging)]
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    if done.returncode != 0:
        raise BuildError(f"the phone's Python could not compile the app:\n{(done.stdout + done.stderr)[-1500:]}")
    for source in staging.rglob("*.py"):
        if source.with_suffix(".pyc").exists():
            source.unlink()
    return True


def node_flags(runner: str) -> list[str]:
    """Pyodide's own launcher turns on stack switching for Node 20-24 (its ``python`` script)."""
    out = subprocess.run([runner, "--version"], capture_output=True, text=True).stdout.strip()
    major = int(out.lstrip("v").split(".")[0])
    return ["--experimental-wasm-stack-switching"] if 20 <= major <= 24 else []


def make_zip(staging: Path, target: Path) -> None:
    """One zip of the staged files that Python imports from as it is (zipimport)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(staging.rglob("*")):
            if path.is_file():
                info = zipfile.ZipInfo(path.relative_to(staging).as_posix(), date_time=(2026, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, path.read_bytes(), compresslevel=9)


RIVE_CDN = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
"""where Flet's client fetches Rive's runtime at start (for the Rive control, which the app does
not draw): the phone app asks its own folder instead, so it reaches nothing outside the build"""


def copy_web(out: Path, web: Path) -> None:
    """Flet's web client, with only what the phone app loads."""
    for name in ("flutter.js", "favicon.png", "version.json"):
        shutil.copy2(web / name, out / name)
    client = (web / "main.dart.js").read_bytes()
    if client.count(RIVE_CDN) != 1:
        raise BuildError("flet-web's main.dart.js is not the one this build knows (1.0.5): Rive's CDN address "
                         "is not in it once")
    (out / "main.dart.js").write_bytes(client.replace(RIVE_CDN, b"rive/"))
    (out / "canvaskit").mkdir()
    for name in ("canvaskit.js", "canvaskit.wasm"):
        shutil.copy2(web / "canvaskit" / name, out / "canvaskit" / name)
    shutil.copytree(web / "assets", out / "assets",
                    ignore=lambda folder, names: {n for n in names
                                                  if any((Path(folder) / n).as_posix().endswith(u)
                                                         for u in UNUSED_ASSETS)})
    fonts = json.loads((web / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
    fonts = [f for f in fonts if not f["family"].startswith(UNUSED_FONTS)]
    fonts.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})  # no font from a CDN
    (out / "assets" / "FontManifest.json").write_text(json.dumps(fonts), encoding="utf-8")
    (out / "icons").mkdir()
    shutil.copy2(web / "icons" / "loading-animation.png", out / "icons" / "loading-animation.png")
    bootstrap = (web / "flutter_bootstrap.js").read_text(encoding="utf-8")
    # Flutter's loader would register its own service worker, which unregisters itself and
    # would take the app's place; and one CanvasKit (the full one) serves every browser
    worker_settings = re.compile(r"\n\s*serviceWorkerSettings:\s*\{[^}]*\},")
    if len(worker_settings.findall(bootstrap)) != 1 or bootstrap.count("var flutterConfig = {") != 1:
        raise BuildError("flet-web's flutter_bootstrap.js is not the one this build knows (1.0.5): check its "
                         "service worker settings and flutterConfig by hand")
    bootstrap = worker_settings.sub("", bootstrap)
    bootstrap = bootstrap.replace("var flutterConfig = {", 'var flutterConfig = {\n    canvasKitVariant: "full",')
    (out / "flutter_bootstrap.js").write_text(bootstrap, encoding="utf-8")


def copy_pyodide(out: Path, pyodide: Path) -> None:
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, out / "pyodide" / name)
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    abi = f"pyemscripten_{lock['info']['abi_version']}_wasm32"
    if abi != PYODIDE_PLATFORM or not lock["info"]["python"].startswith(PYODIDE_PYTHON + "."):
        raise BuildError(f"flet-web's Pyodide is {lock['info']} but this build fetches wheels for {PYODIDE_PLATFORM} "
                         f"(Python {PYODIDE_PYTHON}): set PYODIDE_PLATFORM/PYODIDE_PYTHON to match")


def copy_app_assets(out: Path) -> None:
    """The app's own assets (the suit font, the icons) where the page asks for them."""
    assets = PACKAGE / "assets"
    shutil.copytree(assets / "fonts", out / "fonts")
    for icon in (assets / "icons").iterdir():
        shutil.copy2(icon, out / "icons" / icon.name)
    shutil.copy2(assets / "favicon.png", out / "favicon.png")
    shutil.copy2(assets / "icons" / "Icon-192.png", out / "icons" / "apple-touch-icon-192.png")


def manifest() -> dict:
    return {
        "name": APP_NAME,
        "short_name": SHORT_NAME,
        "description": DESCRIPTION,
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#FFFFFF",
        "theme_color": THEME_COLOR,
        "prefer_related_applications": False,
        "icons": [
            {"src": "icons/Icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/Icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "icons/Icon-maskable-192.png", "sizes": "192x192", "type": "image/png", "purpose": "maskable"},
            {"src": "icons/Icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }


def write_shell(out: Path, natives: list[str], compiled: bool) -> None:
    """The page, the worker and the storage of tools/phone/, and what the worker loads."""
    for name in ("python.js", "python-worker.js", "storage.js"):
        shutil.copy2(SHELL / name, out / name)
    (out / "manifest.json").write_text(json.dumps(manifest(), indent=2), encoding="utf-8")
    boot = {"natives": [f"app/{n}" for n in natives], "site": "app/site.zip", "compiled": compiled}
    (out / "app" / "boot.json").write_text(json.dumps(boot), encoding="utf-8")
    page = (SHELL / "index.html").read_text(encoding="utf-8")
    page = page.replace("%THEME_COLOR%", THEME_COLOR).replace("%APP_NAME%", APP_NAME)
    page = page.replace("%DESCRIPTION%", DESCRIPTION)
    (out / "index.html").write_text(page, encoding="utf-8")


def write_service_worker(out: Path) -> str:
    """sw.js with every file of the build and the build's version (the hash of the files)."""
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update(hashlib.sha256((out / name).read_bytes()).digest())
    version = digest.hexdigest()[:SW_VERSION_LEN]
    worker = (SHELL / "sw.js").read_text(encoding="utf-8")
    if worker.count("%VERSION%") != 1 or worker.count("%FILES%") != 1:
        raise BuildError("tools/phone/sw.js must name %VERSION% and %FILES% once each")
    worker = worker.replace("%VERSION%", version).replace("%FILES%", json.dumps(["./", *files]))
    (out / "sw.js").write_text(worker, encoding="utf-8")
    return version


def fingerprint(floor: bool) -> str:
    """What a build is made from: the shell, the pins, flet-web, the builder, the app's files."""
    digest = hashlib.sha256()
    sources = sorted(SHELL.glob("*")) + [ROOT / "pyproject.toml"]
    sources += [FLOOR_ENTRY] if floor else sorted(p for p in PACKAGE.rglob("*") if p.is_file()
                                                 and "__pycache__" not in p.parts)
    for path in sources:
        if path.is_file():
            digest.update(path.relative_to(ROOT).as_posix().encode())
            digest.update(path.read_bytes())
    try:
        from flet_web.version import version as flet_web_version
    except ImportError:
        flet_web_version = "none"
    digest.update(str(flet_web_version).encode())
    digest.update(str(node() is not None).encode())
    return digest.hexdigest()


def build(out: Path = OUT, *, floor: bool = False, force: bool = False) -> Built:
    """Build the phone app (or the floor: a one-button Flet app built the same way) into ``out``.

    One build into ``out`` at a time (a lock file beside it): the test workers, ``make phone``
    and the benchmarks may ask at once, and the second one finds the first one's build."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.with_name(f".{out.name}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return build_now(out, floor=floor, force=force, start=time.monotonic())


def build_now(out: Path, *, floor: bool, force: bool, start: float) -> Built:
    stamp = out / "app" / "build.json"
    print_ = fingerprint(floor)
    if not force and stamp.exists():
        try:
            kept = json.loads(stamp.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            kept = {}
        if kept.get("fingerprint") == print_:
            return Built(out, kept["version"], kept["files"], kept["size"], time.monotonic() - start, True,
                         kept.get("compiled", False))
    web = flet_web_dir()
    wanted = pins(floor)
    got = wheels(wanted)
    pure = [w for w in got if is_pure(w)]
    native = [w for w in got if not is_pure(w)]
    tmp_out = out.with_name(out.name + ".new")
    shutil.rmtree(tmp_out, ignore_errors=True)
    tmp_out.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="companion-phone-") as tmp:
        staging = Path(tmp) / "site"
        staging.mkdir()
        entry = FLOOR_ENTRY if floor else SHELL / "main.py"
        stage_python(staging, pure, entry, with_app=not floor)
        compiled = compile_bytecode(staging, web / "pyodide")
        make_zip(staging, tmp_out / "app" / "site.zip")
    for wheel in native:
        shutil.copy2(wheel, tmp_out / "app" / wheel.name)
    copy_web(tmp_out, web)
    copy_pyodide(tmp_out, web / "pyodide")
    copy_app_assets(tmp_out)
    write_shell(tmp_out, [w.name for w in native], compiled)
    version = write_service_worker(tmp_out)
    files = [p for p in tmp_out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    info = {"fingerprint": print_, "version": version, "files": len(files), "size": size, "compiled": compiled,
            "pins": wanted}
    (tmp_out / "app" / "build.json").write_text(json.dumps(info, indent=2), encoding="utf-8")
    shutil.rmtree(out, ignore_errors=True)
    tmp_out.rename(out)
    return Built(out, version, len(files) + 1, size, time.monotonic() - start, False, compiled)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.phone.build", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None, help="where to build (default build/phone, or "
                        "build/phone-floor with --floor)")
    parser.add_argument("--floor", action="store_true", help="build the floor: a one-button Flet app built the "
                        "same way (the benchmarks' measure of what Flet and Pyodide cost alone)")
    parser.add_argument("--force", action="store_true", help="build even if nothing changed")
    args = parser.parse_args(argv)
    out = args.out or (FLOOR_OUT if args.floor else OUT)
    try:
        built = build(out, floor=args.floor, force=args.force)
    except BuildError as exc:
        print(f"make phone: {exc}", file=sys.stderr)
        return 1
    what = "the floor app" if args.floor else "the phone app"
    if built.skipped:
        print(f"== {what} in {built.out} is up to date (version {built.version})")
    else:
        print(f"== built {what} in {built.out}: {built.files} files, {built.size / 1e6:.1f} MB, version "
              f"{built.version}, {built.seconds:.0f} s{'' if built.compiled else ' (sources, no byte code)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
