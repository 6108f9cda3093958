"""What the whole run shares, set once before pytest-xdist starts its workers (`make test` runs the
suite on two: see the Makefile).

This file is loaded by the process that starts the workers; tests/browser/conftest.py is only
loaded by the workers that collect browser tests, each at its own moment.
"""

from __future__ import annotations

import os
import time


def pytest_configure(config):
    # One screenshot folder for the run (tests/browser/conftest.py: test-output/screenshots/<run>/):
    # named here, before the workers start, so that they inherit the name rather than each taking
    # the second it happened to import its conftest in.
    os.environ.setdefault("COMPANION_RUN_NAME", time.strftime("run-%Y%m%d-%H%M%S"))
