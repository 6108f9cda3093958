"""The periods the statistics can be filtered by (all time, this year, this month, tonight),
and when each one starts. Its own module: the statistics filter by them (stats.py) and the
running totals are kept for the whole history and for this year and this month (totals.py).
"""

from __future__ import annotations

import time
from typing import Literal

Period = Literal["all", "year", "month", "tonight"]
PERIODS: dict[str, str] = {"all": "All time", "year": "This year", "month": "This month", "tonight": "Tonight"}
TONIGHT_HOURS = 12
"""game night: the games finished in the last 12 hours"""


def period_start(period: str, now: float) -> float | None:
    """When a period starts (local time), None for all time.

    >>> now = time.mktime((2026, 11, 27, 21, 30, 0, 0, 0, -1))
    >>> time.localtime(period_start("month", now))[:3], time.localtime(period_start("year", now))[:3]
    ((2026, 11, 1), (2026, 1, 1))
    >>> (now - period_start("tonight", now)) / 3600
    12.0
    """
    if period == "all":
        return None
    if period == "tonight":
        return now - TONIGHT_HOURS * 3600
    t = time.localtime(now)
    return time.mktime((t.tm_year, t.tm_mon if period == "month" else 1, 1, 0, 0, 0, 0, 0, -1))
