"""The tests' fixed "now": 2026-11-29 12:00 in Seoul, the date the examples are written against."""

from __future__ import annotations

from datetime import UTC, date, datetime

from bot.agent.clock import Today

FIXED_NOW = datetime(2026, 11, 29, 3, 0, tzinfo=UTC)
TODAY = date(2026, 11, 29)


def fixed_clock() -> datetime:
    return FIXED_NOW


FIXED_CALENDAR = Today(clock=fixed_clock)
