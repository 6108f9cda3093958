"""The package installs anywhere: a wheel built from the checkout, installed (not editable)
into a fresh virtual environment, carries the rule texts, the rulings and the assets, and its
`companion` command serves the app with the suit font.

The fresh environment gets the dependencies from the test environment's site-packages through
a path file (no download), but not the checkout: the test runs from a temporary folder, so
every file it reads comes from the installed wheel.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# one worker builds the wheel, once: pip builds it in the checkout's own build/ folder, where two
# builds at once would trip over each other's files
pytestmark = pytest.mark.xdist_group("wheel")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh venv with the wheel of this checkout installed in it; returns its bin folder."""
    work = tmp_path_factory.mktemp("wheel")
    dist = work / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(dist), str(ROOT)], check=True, cwd=work)
    wheel, = dist.glob("card_companion-*.whl")
    env_dir = work / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    bin_dir = env_dir / "bin"
    fresh_site = subprocess.run([str(bin_dir / "python"), "-c",
                                 "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                check=True, capture_output=True, text=True).stdout.strip()
    # the dependencies (flet, pydantic, ...) from the test environment; .pth files in that folder
    # are not processed from here, so the checkout's editable install does not come along
    Path(fresh_site, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "--no-deps",
                    "--no-index", "-q", str(wheel)], check=True, cwd=work)
    return bin_dir


def _run(bin_dir: Path, code: str) -> str:
    return subprocess.run([str(bin_dir / "python"), "-c", code], check=True, capture_output=True, text=True,
                          cwd=bin_dir.parent.parent, env={**os.environ, "PYTHONPATH": ""}).stdout


def test_the_wheel_carries_rules_rulings_and_assets(installed):
    out = _run(installed, "\n".join([
        "import card_companion, card_companion.app as app",
        "from card_companion.companion.registry import GAMES",
        "from card_companion.companion.rules import rule_text, rulings_text",
        "print(card_companion.__file__)",
        "for g in GAMES.values():",
        "    assert 'missing' not in rule_text(g)[:200], g.id",
        "    assert not rulings_text(g).startswith('No rulings page'), g.id",
        "print((app.ASSETS / 'fonts' / 'CardSymbols.ttf').stat().st_size)",
        "print(rule_text(GAMES['fight'])[:40])",
    ]))
    where, font_size, fight_text = out.splitlines()[:3]
    assert str(ROOT) not in where and "site-packages" in where  # the installed copy, not the checkout
    assert int(font_size) > 1000
    assert fight_text.strip()


def test_the_installed_command_serves_the_app_and_the_font(installed, tmp_path):
    port = _free_port()
    proc = subprocess.Popen([str(installed / "companion"), "--port", str(port), "--no-open",
                             "--data-dir", str(tmp_path / "data")],
                            cwd=tmp_path, env={**os.environ, "PYTHONPATH": ""},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/fonts/CardSymbols.ttf", timeout=1) as r:
                    font = r.read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(proc.stdout.read().decode(errors="replace")[-2000:]) from None
                time.sleep(0.2)
        assert len(font) > 1000 and font[:4] in (b"\x00\x01\x00\x00", b"OTTO", b"true")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
            assert r.status == 200
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
