"""Working days in Korea: weekends, Korean public holidays and the company's own closures.

Public holidays come from the `holidays` library (`holidays.KR`, its default "public" category): 설날 and
추석 with the days around them, substitute holidays (대체 휴일), election days, and from 2026 노동절 (May 1)
and 제헌절 (July 17). What the government designates later (a 임시공휴일, a by-election) is known only to a
newer release of the library. Company closures are given to `KoreanCalendar` by whoever knows them (a
later policy); by default there are none.

Values and pure functions: nothing here reads the clock, a file of ours or the network. (The library reads
its own translation files once per year looked up; the result is cached.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from types import MappingProxyType
from typing import Literal

import holidays

# The longest range `working_days` counts (a leap year, inclusive): longer ones are split by the caller.
MAX_RANGE_DAYS = 366

WEEKDAYS_KO = ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일")
WEEKDAYS_EN = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

HolidayKind = Literal["public", "company"]


class CalendarError(ValueError):
    """A range the calendar does not count (end before start, too long); the message says which."""


@dataclass(frozen=True)
class Holiday:
    """A day off for everyone: a public holiday (named by the library in Korean and English) or a company
    closure. Two holidays on one date (개천절 and 추석 in 2028) are one entry, names joined by `; `."""

    on: date
    name_ko: str
    name_en: str
    kind: HolidayKind = "public"


@dataclass(frozen=True)
class Closure:
    """A company closure, as a policy gives it: the date and its name (English defaults to the Korean)."""

    on: date
    name_ko: str
    name_en: str | None = None


@dataclass(frozen=True)
class Day:
    """One date: its weekday, whether it is a working day, and the holidays on it (public first)."""

    on: date
    holidays: tuple[Holiday, ...] = ()

    @property
    def weekday(self) -> int:
        """Monday 0 … Sunday 6, as `date.weekday()`."""
        return self.on.weekday()

    @property
    def weekday_ko(self) -> str:
        return WEEKDAYS_KO[self.weekday]

    @property
    def weekday_en(self) -> str:
        return WEEKDAYS_EN[self.weekday]

    @property
    def weekend(self) -> bool:
        return self.weekday >= 5

    @property
    def working(self) -> bool:
        return not self.weekend and not self.holidays

    @property
    def holiday(self) -> Holiday | None:
        return self.holidays[0] if self.holidays else None


@dataclass(frozen=True)
class WorkingDays:
    """The days from `start` to `end`, both included, counted: working days, weekend days, and the
    holidays inside (those on a weekend too, for naming; they take no working day away twice)."""

    start: date
    end: date
    working: int
    weekend: int
    holidays: tuple[Holiday, ...]  # in date order; a date with a public holiday and a closure has two

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1

    @property
    def weekday_holidays(self) -> int:
        """Weekdays that are not working days because of a holiday or closure."""
        return self.days - self.working - self.weekend


class KoreanCalendar:
    """Korea's working days, with the company's closures (none unless given)."""

    def __init__(self, closures: Iterable[Closure] = ()) -> None:
        by_date: dict[date, list[Holiday]] = {}
        for closure in closures:
            name_en = closure.name_en if closure.name_en is not None else closure.name_ko
            by_date.setdefault(closure.on, []).append(
                Holiday(closure.on, closure.name_ko, name_en, "company")
            )
        self._closures: Mapping[date, tuple[Holiday, ...]] = MappingProxyType(
            {on: tuple(found) for on, found in by_date.items()}
        )

    def day(self, on: date) -> Day:
        public = public_holidays(on.year).get(on)
        return Day(on, ((public,) if public else ()) + self._closures.get(on, ()))

    def working_days(self, start: date, end: date) -> WorkingDays:
        """Counts from `start` to `end`, both included. At most `MAX_RANGE_DAYS` days."""
        if end < start:
            raise CalendarError(f"the end {end.isoformat()} is before the start {start.isoformat()}")
        length = (end - start).days + 1
        if length > MAX_RANGE_DAYS:
            raise CalendarError(
                f"{start.isoformat()} to {end.isoformat()} is {length} days; at most {MAX_RANGE_DAYS} "
                "days can be counted at once"
            )
        working = weekend = 0
        found: list[Holiday] = []
        for offset in range(length):
            current = self.day(start + timedelta(days=offset))
            found.extend(current.holidays)
            if current.weekend:
                weekend += 1
            elif current.working:
                working += 1
        return WorkingDays(start, end, working, weekend, tuple(found))


@lru_cache(maxsize=32)
def public_holidays(year: int) -> Mapping[date, Holiday]:
    """Korea's public holidays in one year, by date, named in Korean and English (read-only)."""
    korean = holidays.KR(years=year, language="ko")
    english = holidays.KR(years=year, language="en_US")
    return MappingProxyType(
        {on: Holiday(on, name, english.get(on, name)) for on, name in sorted(korean.items())}
    )


# The calendar with no company closures: what the tools use until a policy gives closures.
KOREA = KoreanCalendar()


def day(on: date) -> Day:
    return KOREA.day(on)


def working_days(start: date, end: date) -> WorkingDays:
    return KOREA.working_days(start, end)
