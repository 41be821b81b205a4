"""Periods of service counted as the Civil Act (민법) counts them, for the leave calculator.

A period of service starts on the hire date itself (work starts at 0:00, so the first day counts: 민법 §157
proviso). A period of months or years ends on the day before the same day of the month that many months or
years later (§160②); where that month has no such day (the 31st, the 29th–30th of February), it ends on that
month's last day (§160③). The right that the completed period earns arises the next day: `after(start, k)`.
"""

from __future__ import annotations

from datetime import date, timedelta

ONE_DAY = timedelta(days=1)


def after(start: date, months: int) -> date:
    """The day after `months` months counted from `start` (included) are complete.

    The same day of the month `months` later; where that month has no such day, the period ended on its last
    day (§160③), so the next day is the 1st of the following month: hire 2026-01-31 → 2026-03-01 (one month),
    2026-03-31 (two months); hire 2024-02-29 → 2025-03-01 (one year), 2028-02-29 (four years).
    """
    years, month_index = divmod(start.month - 1 + months, 12)
    year, month = start.year + years, month_index + 1
    try:
        return date(year, month, start.day)
    except ValueError:  # no such day in that month: the period ended on the month's last day
        return date(year + month // 12, month % 12 + 1, 1)


def after_years(start: date, years: int) -> date:
    return after(start, 12 * years)


def last_day_of_year(start: date) -> date:
    """The last day of the year of service that begins on `start` (hire 2026-03-15 → 2027-03-14)."""
    return after_years(start, 1) - ONE_DAY
