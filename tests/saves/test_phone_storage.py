"""The phone app's saves (tools/phone/storage.js) under Node.js: its tests are JavaScript
(tests/saves/phone_storage/, Node's own test runner, no npm packages), run here so the normal
pytest run holds them.

Without Node.js 18+ they skip with a message on a laptop; in CI (COMPANION_REQUIRE_NODE=1,
set by .ci/run, which installs nodejs) they fail instead.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tools.phone.build import node

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "phone_storage" / "storage.test.mjs"
REQUIRED = os.environ.get("COMPANION_REQUIRE_NODE") == "1"
NO_NODE = "no Node.js 18+ found (node): install nodejs to run the phone storage tests (tests/saves/phone_storage/)"


def test_phone_storage_under_node():
    runner = node()
    if runner is None:
        if REQUIRED:
            pytest.fail(f"the phone storage tests are required here (COMPANION_REQUIRE_NODE=1) but {NO_NODE}")
        pytest.skip(NO_NODE)
    done = subprocess.run([runner, "--test", str(SCRIPT)], cwd=HERE.parents[1], capture_output=True, text=True,
                          timeout=120)
    if done.returncode != 0:
        pytest.fail(f"node --test {SCRIPT.relative_to(HERE.parents[1])} failed ({done.returncode}):\n"
                    f"{done.stdout}\n{done.stderr}", pytrace=False)
