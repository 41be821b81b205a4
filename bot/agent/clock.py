"""Today, for the person asking. The model has no clock: without today's date "올해" or "last year" is a
guess. The date is taken in the asker's time zone (00:30 on 1 January in Seoul is still 31 December in
UTC), falling back to the configured one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.domain.people import Caller

DEFAULT_TIMEZONE = "Asia/Seoul"

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return datetime.now(tz=ZoneInfo("UTC"))


def pinned_clock(day: date, timezone: str) -> Clock:
    """A clock stuck at noon of `day` in `timezone`: reproducible demos and tests (OFFICEBOT_TODAY)."""
    noon = datetime(day.year, day.month, day.day, 12, tzinfo=ZoneInfo(timezone))
    return lambda: noon


def is_known_timezone(name: object) -> bool:
    if not isinstance(name, str) or not name:
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


@dataclass(frozen=True)
class Today:
    """The one definition of "today for this caller"."""

    timezone: str = DEFAULT_TIMEZONE  # when the caller's own is not known
    clock: Clock = system_clock

    def timezone_of(self, caller: Caller) -> str:
        return caller.timezone or self.timezone

    def today_for(self, caller: Caller) -> date:
        return self.clock().astimezone(ZoneInfo(self.timezone_of(caller))).date()
