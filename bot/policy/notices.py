"""The leave notices of 근로기준법 §61 (연차 사용 촉진), scheduled from the grants of the person's holding (the
Act's in `computed` mode, HR's calendar-year rows in `imported` mode). Pure: no I/O.

When an employer has sent both notices on time and the person still did not use the leave, the unused days
lapse without pay (§61). For each usage period (the days whose last usable day is the same):

- §61① (each year's leave, and the monthly days of a year under 80 %): notice 1 within 10 days starting
  6 months before the period ends — the unused days, and a request to choose the dates within 10 days;
  notice 2 by 2 months before the end, for what is still unused (HR then sets the dates).
- §61② (the first year's monthly days, §60②): notice 1 within 10 days starting 3 months before the first
  year ends, notice 2 by 1 month before. Days arising after notice 1 (the last two monthly days): notice 1
  within 5 days starting 1 month before, notice 2 by 10 days before.

"N months before the end" counts back from the day after the last usable day (`lapse`): last day 12-31 →
notice 1 from 07-01 to 07-10, notice 2 by 10-31. Where the earlier month has no such day, its last day.
Notice 2 is due once the person's 10 days after notice 1 have passed (counted from notice 1's last day).
See docs/policy.md for the sources.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Literal

from bot.policy.grants import StatutoryGrant
from bot.policy.holding import Holding

Rule = Literal["61-1", "61-2", "61-2-later"]
NoticeNumber = Literal[1, 2]

REPLY_DAYS = 10  # the person chooses dates within 10 days of notice 1 (§61①1, §61②1)


@dataclass(frozen=True)
class Period:
    """Days whose notices go together: the grants of one usage period (and rule)."""

    rule: Rule
    arises_on: date  # the first grant's day: with the employee and the notice, the notice's key
    expires_on: date  # the last usable day
    days: Decimal
    earlier_days: Decimal  # days of the same usage period noticed before these (used first)
    grants: tuple[StatutoryGrant, ...]


@dataclass(frozen=True)
class ScheduledNotice:
    period: Period
    notice: NoticeNumber
    due_from: date  # the first day it may be sent
    due_by: date  # the last day it may be sent (included)

    @property
    def arises_on(self) -> date:
        return self.period.arises_on

    @property
    def expires_on(self) -> date:
        return self.period.expires_on

    def is_due(self, on: date) -> bool:
        return self.due_from <= on <= self.due_by

    def reply_by(self) -> date:
        """Notice 1: the day by which the person is asked to choose dates."""
        return self.due_by + timedelta(days=REPLY_DAYS)

    def unused(self, used_in_period: Decimal) -> Decimal:
        """The period's days still unused, `used_in_period` being the annual leave used in it so far (taken
        from the earliest days first)."""
        used_here = max(Decimal(0), used_in_period - self.period.earlier_days)
        return max(Decimal(0), self.period.days - used_here)


def months_before(day: date, months: int) -> date:
    """The same day `months` months before `day`; where that month has no such day, its last day."""
    years, index = divmod(day.month - 1 - months, 12)
    year, month = day.year + years, index + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def periods(grants: Iterable[StatutoryGrant]) -> list[Period]:
    """The grants grouped as the notices go: the first year's monthly days (service year 0, `monthly`) by
    §61② in two groups, every other grant by §61①, one period per last usable day."""
    periods: list[Period] = []
    first_year = sorted((g for g in grants if g.kind == "monthly" and g.service_years == 0), key=_by_day)
    others = [g for g in grants if not (g.kind == "monthly" and g.service_years == 0)]
    if first_year:
        lapse = first_year[0].expires_on + timedelta(days=1)
        opens = months_before(lapse, 3)
        early = tuple(g for g in first_year if g.arises_on <= opens)
        later = tuple(g for g in first_year if g.arises_on > opens)
        if early:
            periods.append(_period("61-2", early, Decimal(0)))
        if later:
            periods.append(_period("61-2-later", later, _days(early)))
    # One period per last usable day: HR's excess over the Act (`adjustment`) arises with and expires with
    # the year's grant, and the notice's key (arises_on, number) must name one period.
    by_expiry: dict[date, list[StatutoryGrant]] = {}
    for g in sorted(others, key=_by_day):
        by_expiry.setdefault(g.expires_on, []).append(g)
    periods.extend(_period("61-1", tuple(group), Decimal(0)) for group in by_expiry.values())
    return sorted(periods, key=lambda p: (p.expires_on, p.arises_on))


def schedule(grants: Iterable[StatutoryGrant]) -> list[ScheduledNotice]:
    """Both notices of every period, in the order they fall due."""
    notices: list[ScheduledNotice] = []
    for period in periods(grants):
        lapse = period.expires_on + timedelta(days=1)
        if period.rule == "61-1":
            first_from, first_days, second_by = months_before(lapse, 6), 10, months_before(lapse, 2)
        elif period.rule == "61-2":
            first_from, first_days, second_by = months_before(lapse, 3), 10, months_before(lapse, 1)
        else:
            first_from, first_days, second_by = months_before(lapse, 1), 5, lapse - timedelta(days=10)
        first_by = first_from + timedelta(days=first_days - 1)
        second_by -= timedelta(days=1)  # "by N months before": up to the day before that day
        first = ScheduledNotice(period, 1, max(first_from, period.grants[-1].arises_on), first_by)
        second = ScheduledNotice(period, 2, first_by + timedelta(days=REPLY_DAYS + 1), second_by)
        notices.extend(n for n in (first, second) if n.due_from <= n.due_by)
    return sorted(notices, key=lambda n: (n.due_from, n.arises_on, n.notice))


def due(grants: Sequence[StatutoryGrant], on: date) -> list[ScheduledNotice]:
    """The notices whose window includes `on`."""
    return [n for n in schedule(grants) if n.is_due(on)]


def _by_day(grant: StatutoryGrant) -> date:
    return grant.arises_on


def _days(grants: Iterable[StatutoryGrant]) -> Decimal:
    return sum((g.days for g in grants), Decimal(0))


def _period(rule: Rule, grants: tuple[StatutoryGrant, ...], earlier: Decimal) -> Period:
    return Period(rule, grants[0].arises_on, grants[0].expires_on, _days(grants), earlier, grants)


def due_with_unused(held: Holding) -> list[tuple[ScheduledNotice, Decimal]]:
    """The notices due on the holding's day for the grants it holds (arisen by then), each with its
    period's unused days as the holding states them (what is left of those grants): the balance's figure.
    A period with nothing left is not noticed."""
    left = {g.statutory: g.remaining for g in held.grants if g.arises_on <= held.on}
    found = []
    for scheduled in due(sorted(left, key=lambda g: (g.arises_on, g.kind)), held.on):
        unused = sum((left[g] for g in scheduled.period.grants), Decimal(0))
        if unused > 0:
            found.append((scheduled, unused))
    return found
