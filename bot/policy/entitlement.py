"""Annual leave from the Labour Standards Act (근로기준법 §60), computed so that HR can check each grant.

`entitlement(employment, rules, on)` lists every grant from the hire date up to `on` (and never after the
last day of employment): the first year's monthly days (§60②), each year's 15 days and more (§60①④), the
first partial fiscal year's prorated days on the fiscal basis, and for a year under 80 % attendance the
monthly days instead of the year's grant. Pure: no database, no clock. The rules and their sources are in
docs/policy.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import date
from decimal import Decimal
from fractions import Fraction

from bot.policy.grants import (
    BASES,
    FIRST_YEAR_MODES,
    HOURS_PER_DAY,
    MIN_WEEKLY_HOURS,
    ROUNDINGS,
    Employment,
    EntitlementInputError,
    ExitComparison,
    LeaveRules,
    Rounding,
    StatutoryGrant,
)
from bot.policy.periods import ONE_DAY, after, after_years, last_day_of_year
from bot.policy.statute import STATUTE

BASE_DAYS = int(STATUTE["base_days"])
MAX_DAYS = int(STATUTE["max_days"])
FIRST_YEAR_MAX_DAYS = int(STATUTE["first_year_max_days"])
EXTRA_EVERY_YEARS = int(STATUTE["extra_every_years"])


def annual_days(completed_years: int) -> int:
    """§60①④: 15 days after a year; one more for every two years after the first; at most 25."""
    return min(MAX_DAYS, BASE_DAYS + (completed_years - 1) // EXTRA_EVERY_YEARS)


def why_none(employment: Employment, rules: LeaveRules) -> str | None:
    """Why the Act gives this person no annual leave at all, or None."""
    if rules.under_five_employees:
        return "the Act's annual leave (§60) does not apply to a workplace of fewer than 5 employees (§11)"
    if employment.weekly_hours < MIN_WEEKLY_HOURS:
        return f"under {MIN_WEEKLY_HOURS} hours a week ({employment.weekly_hours}): §18③ excludes annual leave (§60)"
    return None


def entitlement(employment: Employment, rules: LeaveRules, on: date) -> list[StatutoryGrant]:
    """Every grant arising from the hire date up to `on` (and up to the last day of employment)."""
    _check(employment, rules, on)
    if why_none(employment, rules) is not None:
        return []
    until = on if employment.end_date is None else min(on, employment.end_date)
    grants = [g for g in _full_time_grants(employment, rules, until) if g.arises_on <= until]
    grants.sort(key=lambda g: (g.arises_on, g.kind))
    return [_in_hours(g, employment, rules) for g in grants]


def exit_comparison(employment: Employment, rules: LeaveRules) -> ExitComparison:
    """At the end of employment: the total that arose on the hire-date basis and on the fiscal basis."""
    if employment.end_date is None:
        raise EntitlementInputError("end_date", "the comparison at exit needs the end date")
    end = employment.end_date
    by_hire = entitlement(employment, replace(rules, basis="hire_date"), end)
    by_fiscal = entitlement(employment, replace(rules, basis="fiscal_year"), end)
    part_time = employment.weekly_hours < rules.full_time_weekly_hours
    if part_time:
        return ExitComparison(
            end,
            "hours",
            Decimal(sum(g.hours or 0 for g in by_hire)),
            Decimal(sum(g.hours or 0 for g in by_fiscal)),
        )
    return ExitComparison(end, "days", _total(by_hire), _total(by_fiscal))


def _total(grants: list[StatutoryGrant]) -> Decimal:
    return sum((g.days for g in grants), Decimal(0))


def _check(employment: Employment, rules: LeaveRules, on: date) -> None:
    hire = employment.hire_date
    if employment.end_date is not None and employment.end_date < hire:
        raise EntitlementInputError("end_date", f"the end date is before the hire date {hire}")
    if on < hire:
        raise EntitlementInputError("on", f"the date to compute up to is before the hire date {hire}")
    full_time = rules.full_time_weekly_hours
    if not 0 < full_time <= 7 * 24:
        raise EntitlementInputError("full_time_weekly_hours", "give the full-timers' weekly hours, e.g. 40")
    if not 0 < employment.weekly_hours <= full_time:
        raise EntitlementInputError(
            "weekly_hours",
            f"give the weekly working hours, more than 0 and at most the full-time {full_time}",
        )
    lowest = 0 if rules.basis == "fiscal_year" else 1
    if any(year < lowest for year in employment.below_80):
        raise EntitlementInputError(
            "below_80", f"name years of service as whole numbers from {lowest} (1 = the first year)"
        )
    if rules.basis not in BASES:
        raise EntitlementInputError("basis", f"use one of {', '.join(BASES)}")
    if rules.rounding not in ROUNDINGS:
        raise EntitlementInputError("rounding", f"use one of {', '.join(ROUNDINGS)}")
    if rules.first_year not in FIRST_YEAR_MODES:
        raise EntitlementInputError("first_year", f"use one of {', '.join(FIRST_YEAR_MODES)}")
    month, day = rules.fiscal_start
    if (month, day) == (2, 29):
        raise EntitlementInputError("fiscal_start", "February 29 is not in every year: use 03-01 or 02-28")
    try:
        date(2001, month, day)
    except ValueError:
        raise EntitlementInputError("fiscal_start", "give a month and day as MM-DD, e.g. 01-01") from None


def _full_time_grants(employment: Employment, rules: LeaveRules, until: date) -> Iterator[StatutoryGrant]:
    """Every grant in a full-timer's days up to `until` and perhaps a few after it (the caller filters), in
    no particular order. The years stop at the first one that starts after `until`: building the grants of
    all 80 years, then dropping most, was most of an answer's ledger cost."""
    hire = employment.hire_date
    yield from _first_year(hire, rules)
    year_start, partial = _year_starts(hire, rules)
    if partial is not None and 0 not in employment.below_80:
        yield partial
    first_anniversary = after_years(hire, 1)
    for n in _years():
        if year_start(n) > until:
            break  # this year's grants, and every later year's, arise after `until`
        if n in employment.below_80:
            yield from _monthly_instead(year_start(n), year_start(n + 1), n, first_anniversary, rules)
        else:
            yield _annual(n, year_start(n + 1), year_start(n + 2) - ONE_DAY, rules)


def _years() -> range:
    # Enough years for any date a person can be employed up to (the caller bounds by `until`); the cap of 25
    # days is reached after 21, so 80 covers every case with room.
    return range(1, 81)


def _first_year(hire: date, rules: LeaveRules) -> Iterator[StatutoryGrant]:
    """§60②: one day for each month of the first year completed with full attendance, at most 11, each
    arising the day after its month ends; usable until the first year of service ends (§60⑦)."""
    last = last_day_of_year(hire)
    if rules.first_year == "up_front":
        why = f"first year: the {FIRST_YEAR_MAX_DAYS} monthly days of §60② granted up front (company setting)"
        yield StatutoryGrant(hire, Decimal(FIRST_YEAR_MAX_DAYS), "monthly", 0, last, why)
        return
    for month in range(1, FIRST_YEAR_MAX_DAYS + 1):
        why = f"first year: month {month} of service completed with full attendance (§60②)"
        yield StatutoryGrant(after(hire, month), Decimal(1), "monthly", 0, last, why)


def _year_starts(hire: date, rules: LeaveRules) -> tuple[Callable[[int], date], StatutoryGrant | None]:
    """The first day of year of service n (1, 2, …) on the basis in use, and the first partial fiscal
    year's prorated grant (None on the hire-date basis or for a hire on the fiscal start)."""
    if rules.basis == "hire_date":
        return (lambda n: after_years(hire, n - 1)), None
    month, day = rules.fiscal_start
    start_before = date(hire.year, month, day)
    if start_before > hire:
        start_before = date(hire.year - 1, month, day)
    if start_before == hire:
        return (lambda n: date(hire.year + n - 1, month, day)), None
    first = date(start_before.year + 1, month, day)
    employed, length = (first - hire).days, (first - start_before).days
    exact = Fraction(BASE_DAYS * employed, length)
    days = _round(exact, rules.rounding)
    why = (
        f"first partial fiscal year: employed {hire}–{first - ONE_DAY}, {employed} of its {length} days: "
        f"{BASE_DAYS} × {employed}/{length} = {float(exact):.4f} → {days} ({rules.rounding})"
    )
    prorated = StatutoryGrant(first, days, "prorated", 0, date(first.year + 1, month, day) - ONE_DAY, why)
    return (lambda n: date(first.year + n - 1, month, day)), prorated


def _annual(n: int, arises: date, expires: date, rules: LeaveRules) -> StatutoryGrant:
    days = annual_days(n)
    year = "fiscal year" if rules.basis == "fiscal_year" else "year"
    done = f"{year} {n} of service completed, ≥ 80 % attendance"
    if n < 3:
        why = f"{done}: {BASE_DAYS} days (§60①)"
    else:
        cap = f", at most {MAX_DAYS}" if days == MAX_DAYS else ""
        why = f"{done}: {BASE_DAYS} + ({n} − 1) // {EXTRA_EVERY_YEARS} = {days}{cap} (§60①④)"
    return StatutoryGrant(arises, Decimal(days), "annual", n, expires, why)


def _monthly_instead(
    start: date, next_start: date, n: int, first_anniversary: date, rules: LeaveRules
) -> Iterator[StatutoryGrant]:
    """§60②: a year under 80 % attendance earns one day per month of it with full attendance (at most 11)
    instead of the year's grant. Months already counted in the first year of service are left out."""
    year = "fiscal year" if rules.basis == "fiscal_year" else "year"
    for month in range(1, FIRST_YEAR_MAX_DAYS + 1):
        if after(start, month - 1) < first_anniversary:
            continue  # inside the first year of service: already one of its monthly days
        arises = after(start, month)
        if arises > next_start:
            break
        why = f"{year} {n} under 80 % attendance: month {month} of it completed with full attendance (§60②)"
        yield StatutoryGrant(arises, Decimal(1), "monthly", n - 1, last_day_of_year(arises), why)


def _round(value: Fraction, rounding: Rounding) -> Decimal:
    """The prorated days: `exact` to 2 decimals (half up), `half_up` up to the next 0.5, `whole` up to a day."""
    if rounding == "exact":
        hundredths = math.floor(value * 100 + Fraction(1, 2))
        return Decimal(hundredths).scaleb(-2)  # 13.40, not 13.4
    if rounding == "half_up":
        return Decimal(math.ceil(value * 2)) / 2
    return Decimal(math.ceil(value))


def _in_hours(grant: StatutoryGrant, employment: Employment, rules: LeaveRules) -> StatutoryGrant:
    """A part-timer's leave: the full-timer's days × weekly hours ÷ full-time weekly hours × 8, rounded up
    to a whole hour (시행령 별표 2)."""
    if employment.weekly_hours >= rules.full_time_weekly_hours:
        return grant
    ratio = Fraction(employment.weekly_hours) / Fraction(rules.full_time_weekly_hours)
    hours = math.ceil(Fraction(grant.days) * ratio * HOURS_PER_DAY)
    why = (
        f"{grant.why}; part-time: {grant.days} × {employment.weekly_hours}/{rules.full_time_weekly_hours}"
        f" × {HOURS_PER_DAY} h = {hours} h (rounded up)"
    )
    return replace(grant, hours=hours, why=why)
