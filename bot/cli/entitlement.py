"""`officebot entitlement`: the Act's annual leave for a hire date, as a table or JSON. No database, no settings.

Every option is read here (not by argparse's `type=`/`choices=`), so bad input is one line naming the option
and the fix, exit 2.
"""

from __future__ import annotations

import argparse
import json
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, TextIO, cast

from bot.policy.entitlement import entitlement, exit_comparison, why_none
from bot.policy.grants import (
    BASES,
    FULL_TIME_WEEKLY_HOURS,
    ROUNDINGS,
    Basis,
    Employment,
    EntitlementInputError,
    LeaveRules,
    Rounding,
    StatutoryGrant,
)

BAD_INPUT = 2
DEFAULT_YEARS_AHEAD = 2
# A hire date further from today than this is taken for a typo (1900 for 2000), not a career: one line
# saying so, rather than the 90-odd grants of a century's service.
MOST_YEARS_BACK = 60
MOST_YEARS_AHEAD = 10

# The calculator's field → the option that sets it.
OPTIONS = {
    "hire_date": "--hire-date",
    "end_date": "--end-date",
    "on": "--on",
    "weekly_hours": "--weekly-hours",
    "full_time_weekly_hours": "--full-time-hours",
    "below_80": "--below-80",
    "basis": "--basis",
    "rounding": "--rounding",
    "fiscal_start": "--fiscal-start",
}


class BadOption(Exception):
    def __init__(self, option: str, fix: str) -> None:
        super().__init__(f"{option}: {fix}")


def add_parser(sub: Any) -> None:
    """Register `entitlement` on the `officebot` subcommands (`sub`: argparse's subparsers action)."""
    p = sub.add_parser(
        "entitlement", help="annual leave the Labour Standards Act gives for a hire date (§60)"
    )
    p.add_argument("--hire-date", metavar="DATE", help="the hire date, YYYY-MM-DD (required)")
    p.add_argument("--basis", metavar="BASIS", default="hire_date", help="hire_date (default) or fiscal_year")
    p.add_argument(
        "--fiscal-start", metavar="MM-DD", default="01-01", help="fiscal year start (default 01-01)"
    )
    p.add_argument("--end-date", metavar="DATE", help="the last day of employment, if it ended or will end")
    p.add_argument(
        "--weekly-hours", metavar="H", help=f"weekly working hours (default {FULL_TIME_WEEKLY_HOURS})"
    )
    p.add_argument(
        "--full-time-hours",
        metavar="H",
        help=f"a full-timer's weekly hours (default {FULL_TIME_WEEKLY_HOURS})",
    )
    p.add_argument("--below-80", metavar="YEAR,...", help="years of service under 80 %% attendance, e.g. 2,5")
    p.add_argument(
        "--rounding", metavar="MODE", default="exact", help="prorated days: exact (default), half_up or whole"
    )
    p.add_argument("--first-year", metavar="MODE", default="monthly", help="monthly (default) or up_front")
    p.add_argument("--under-5-employees", action="store_true", help="a workplace of fewer than 5 employees")
    p.add_argument(
        "--on",
        metavar="DATE",
        help="list grants up to this date (default: 2 years after today, or after a later hire date)",
    )
    p.add_argument("--json", action="store_true", help="print a JSON list instead of a table")


def run(args: argparse.Namespace, out: TextIO, err: TextIO, today: date | None = None) -> int:
    try:
        employment, rules, on = _read(args, today or date.today())
        grants = entitlement(employment, rules, on)
        comparison = (
            exit_comparison(employment, rules)
            if rules.basis == "fiscal_year" and employment.end_date is not None
            else None
        )
    except BadOption as bad:
        print(f"officebot entitlement: {bad}", file=err)
        return BAD_INPUT
    except EntitlementInputError as bad:
        print(f"officebot entitlement: {OPTIONS.get(bad.field, bad.field)}: {bad}", file=err)
        return BAD_INPUT
    if args.json:
        print(json.dumps([_as_json(g) for g in grants], ensure_ascii=False, indent=2), file=out)
        return 0
    reason = why_none(employment, rules)
    if reason is not None:
        print(f"No annual leave: {reason}.", file=out)
        return 0
    _print_table(grants, out)
    if comparison is not None:
        unit = comparison.unit
        print(
            f"\nAt exit ({comparison.end_date}): hire-date basis {comparison.hire_date_basis} {unit}, "
            f"fiscal-year basis {comparison.fiscal_year_basis} {unit}, difference {comparison.difference} "
            f"{unit} (more than 0: the fiscal basis gave less than the law's hire-date basis).",
            file=out,
        )
    return 0


def _read(args: argparse.Namespace, today: date) -> tuple[Employment, LeaveRules, date]:
    if args.hire_date is None:
        raise BadOption(
            "--hire-date", "required: give the hire date as YYYY-MM-DD, e.g. --hire-date 2026-03-15"
        )
    hire = _date("--hire-date", args.hire_date)
    earliest, latest = _years_later(today, -MOST_YEARS_BACK), _years_later(today, MOST_YEARS_AHEAD)
    if not earliest <= hire <= latest:
        raise BadOption(
            "--hire-date",
            f"{hire} is more than {MOST_YEARS_BACK if hire < earliest else MOST_YEARS_AHEAD} years "
            f"{'ago' if hire < earliest else 'ahead'}: check the year (from {earliest} to {latest})",
        )
    end = None if args.end_date is None else _date("--end-date", args.end_date)
    # Unless --on says otherwise: two years past today, or past a hire date still to come (a future hire's
    # first grants), so a date never typed is never the one blamed.
    on = (
        _date("--on", args.on) if args.on is not None else _years_later(max(today, hire), DEFAULT_YEARS_AHEAD)
    )
    basis = _choice("--basis", args.basis, BASES)
    rounding = _choice("--rounding", args.rounding, ROUNDINGS)
    first_year = _choice("--first-year", args.first_year, ("monthly", "up_front"))
    employment = Employment(
        hire_date=hire,
        end_date=end,
        weekly_hours=_hours("--weekly-hours", args.weekly_hours),
        below_80=_years("--below-80", args.below_80),
    )
    rules = LeaveRules(
        basis=cast(Basis, basis),
        fiscal_start=_month_day("--fiscal-start", args.fiscal_start),
        full_time_weekly_hours=_hours("--full-time-hours", args.full_time_hours),
        rounding=cast(Rounding, rounding),
        first_year="up_front" if first_year == "up_front" else "monthly",
        under_five_employees=args.under_5_employees,
    )
    return employment, rules, on


def _date(option: str, text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise BadOption(option, f"'{text}' is not a date: use YYYY-MM-DD, e.g. 2026-03-15") from None


def _choice(option: str, text: str, allowed: tuple[str, ...]) -> str:
    if text not in allowed:
        raise BadOption(option, f"'{text}' is not one of {', '.join(allowed)}")
    return text


def _hours(option: str, text: str | None) -> Decimal:
    if text is None:
        return FULL_TIME_WEEKLY_HOURS
    try:
        hours = Decimal(text)
    except InvalidOperation:
        hours = Decimal("NaN")
    if not hours.is_finite() or hours <= 0:
        raise BadOption(option, f"'{text}' is not a number of hours: give e.g. 20 or 17.5")
    return hours


def _years(option: str, text: str | None) -> frozenset[int]:
    if not text:
        return frozenset()
    try:
        years = frozenset(int(part) for part in text.split(","))
    except ValueError:
        raise BadOption(option, f"'{text}' is not a list of years of service: give e.g. 2 or 2,5") from None
    return years


def _month_day(option: str, text: str) -> tuple[int, int]:
    month, dash, day = text.partition("-")
    if dash and month.isdigit() and day.isdigit() and len(month) == len(day) == 2:
        return int(month), int(day)
    raise BadOption(option, f"'{text}' is not a month and day: use MM-DD, e.g. 01-01 or 03-01")


def _years_later(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # February 29
        return date(day.year + years, 3, 1)


def _number(amount: Decimal) -> int | float:
    return int(amount) if amount == amount.to_integral_value() else float(amount)


def _as_json(grant: StatutoryGrant) -> dict[str, object]:
    item: dict[str, object] = {
        "arises_on": grant.arises_on.isoformat(),
        "days": _number(grant.days),
        "kind": grant.kind,
        "service_years": grant.service_years,
        "expires_on": grant.expires_on.isoformat(),
    }
    if grant.hours is not None:
        item["hours"] = grant.hours
    return item


def _print_table(grants: list[StatutoryGrant], out: TextIO) -> None:
    header = ("arises on", "amount", "kind", "expires on", "why")
    rows = [
        (
            g.arises_on.isoformat(),
            f"{g.hours} h" if g.hours is not None else f"{g.days} d",
            g.kind,
            g.expires_on.isoformat(),
            g.why,
        )
        for g in grants
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(4)]
    for row in [header, *rows]:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)) + "  " + row[4],
            file=out,
        )
    total_days = sum((g.days for g in grants), Decimal(0))
    hours = [g.hours for g in grants if g.hours is not None]
    total = f"{sum(hours)} h ({total_days} full-time days)" if hours else f"{total_days} d"
    print(f"{len(grants)} grant(s), {total} in all.", file=out)
