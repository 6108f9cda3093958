"""The benchmarks' kept files are keyed by the source files that make them: every one named
must exist, or `make bench` stops at that benchmark (it did, once records/ became a package)."""

from __future__ import annotations

import benchmarks
from benchmarks import bench_stats


def test_the_sources_keying_the_kept_files_exist() -> None:
    root = benchmarks.KEPT.parent.parent
    named = {*benchmarks.GENERATOR, *bench_stats.SOURCES}
    assert any("records/" in name for name in named) and any(name.endswith("random_play.py") for name in named)
    missing = sorted(name for name in named if not (root / name).is_file())
    assert not missing, f"named as sources of a kept file, but not there: {missing}"
