"""Which day a terminal command takes as today: the real date, unless OFFICEBOT_TODAY pins one or the
command runs on the embedded default database, whose bundled demo data is written for 2026-11-29."""

from __future__ import annotations

from datetime import date, datetime
from typing import TextIO
from zoneinfo import ZoneInfo

from bot.config import Settings
from bot.hr.bundled import BUNDLED_DATA_TODAY


def date_said(settings: Settings) -> str:
    """Which day the shell takes as today, and why when it is not the real one."""
    if settings.pinned_today is None:
        return "today's date"
    if (
        settings.pinned_today == BUNDLED_DATA_TODAY
        and settings.database.embedded
        and settings.data_path is None
    ):
        return (
            f"{settings.pinned_today} (the bundled demo data's date; OFFICEBOT_TODAY=YYYY-MM-DD sets another)"
        )
    return f"{settings.pinned_today} (OFFICEBOT_TODAY)"


def today(settings: Settings) -> date:
    """Today in the company's time zone, or the pinned OFFICEBOT_TODAY."""
    return settings.pinned_today or datetime.now(ZoneInfo(settings.timezone)).date()


def day_asked(on: str | None, settings: Settings, err: TextIO) -> date | None:
    """`--on DATE`, else today; None (and one line on `err`) when it is not a date."""
    try:
        return date.fromisoformat(on) if on else today(settings)
    except ValueError:
        print(f"officebot: --on: {on!r} is not a date (YYYY-MM-DD)", file=err)
        return None
