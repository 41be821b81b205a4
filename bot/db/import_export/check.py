"""`officebot data check`: what is wrong with the HR data already in the database, one line each.

`check_data`: the rules an import enforces on its way in (a grant for every year with annual leave, no
more used than granted unless allowed, quarter days, one email per employee), checked on what is stored.
`differences_from_the_act`: each stored grant that is not what the Labour Standards Act gives under the
company's policy (the calculator, `bot.policy.entitlement`). Both change nothing: a grant HR entered
stays the grant, whatever the Act says.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.hr import email_key
from bot.db.import_export.schema import is_valid_days
from bot.db.import_export.stored import StoredEmployee, snapshot, stored_employees
from bot.domain.leave import ANNUAL, format_days
from bot.policy.entitlement import entitlement, why_none
from bot.policy.grants import HOURS_PER_DAY, Employment, EntitlementInputError, LeaveRules, StatutoryGrant


async def check_data(engine: AsyncEngine) -> list[str]:
    """What is wrong with the HR data in the database, one line each ([] = nothing). Changes nothing."""
    findings: list[str] = []
    owners_of_email: dict[str, list[tuple[str, str]]] = {}
    async with snapshot(engine) as connection:
        async for batch in stored_employees(connection):
            for stored in batch:
                findings.extend(_findings(stored))
                owner = (stored.employee.employee_id, stored.employee.email)
                owners_of_email.setdefault(email_key(stored.employee.email), []).append(owner)
    for owners in owners_of_email.values():
        first_id, _ = owners[0]
        for employee_id, email in owners[1:]:
            findings.append(
                f"employee {employee_id}: email {email} is also the email of {first_id} (ignoring case)"
            )
    return findings


def _findings(stored: StoredEmployee) -> Iterator[str]:
    employee_id = stored.employee.employee_id
    if not stored.grants:
        yield f"employee {employee_id}: no leave grants at all"
    annual_days: dict[int, Decimal] = {}
    for record in stored.records:
        if not is_valid_days(record.days):
            yield (
                f"employee {employee_id}: {record.taken_on.isoformat()}: days {format_days(record.days)} is not "
                "a positive multiple of 0.25 up to 366"
            )
        if record.leave_type == ANNUAL:
            year = record.taken_on.year
            annual_days[year] = annual_days.get(year, Decimal(0)) + record.days
    granted_years = {grant.year for grant in stored.grants}
    for year in sorted(annual_days.keys() - granted_years):
        days = annual_days[year]
        taken = f"{format_days(days)} day{'' if days == 1 else 's'}"
        yield f"employee {employee_id}: {year}: annual leave taken ({taken}) but no grant for {year}"
    for grant in stored.grants:
        used = grant.opening_used + annual_days.get(grant.year, Decimal(0))
        if used > grant.granted and not grant.allow_negative:
            yield (
                f"employee {employee_id}: {grant.year}: used {format_days(used)} is more than granted "
                f"{format_days(grant.granted)}"
            )


async def differences_from_the_act(engine: AsyncEngine, rules: LeaveRules) -> list[str]:
    """Each stored grant whose days are not the Act's for that calendar year under `rules`, one line each:
    the days of every statutory grant arising in the year, summed. Employees without a hire date are not
    compared. A part-timer's hours are compared as days of 8 hours (시행령 별표 2). Changes nothing."""
    findings: list[str] = []
    async with snapshot(engine) as connection:
        async for batch in stored_employees(connection):
            for stored in batch:
                findings.extend(_differences(stored, rules))
    return findings


def _differences(stored: StoredEmployee, rules: LeaveRules) -> Iterator[str]:
    employee = stored.employee
    if employee.hire_date is None or not stored.grants:
        return
    hours = employee.weekly_hours
    employment = Employment(
        hire_date=employee.hire_date,
        end_date=employee.end_date,
        # Above the company's full-time hours is full time.
        weekly_hours=rules.full_time_weekly_hours
        if hours is None
        else min(hours, rules.full_time_weekly_hours),
        below_80=frozenset(employee.below_80 or ()),
    )
    if why_none(employment, rules) is not None:
        return  # the Act gives nothing: every grant is the company's own
    last_year = max(grant.year for grant in stored.grants)
    try:
        arising = entitlement(employment, rules, max(date(last_year, 12, 31), employee.hire_date))
    except EntitlementInputError as bad:
        yield f"employee {employee.employee_id}: {bad.field}: {bad}: not compared with the Act"
        return
    part_time = employment.weekly_hours < rules.full_time_weekly_hours
    for grant in stored.grants:
        in_year = [g for g in arising if g.arises_on.year == grant.year]
        if grant.year < employee.hire_date.year:
            continue  # before the hire: not the Act's business
        act = _days(in_year, part_time)
        if act != grant.granted:
            yield (
                f"employee {employee.employee_id}: {grant.year} grant {_amount(grant.granted)}, the Act gives "
                f"{_hours(in_year, part_time)}{_amount(act)}{_part_time_unit(part_time)} ({_basis(employment, rules, in_year)})"
            )


def _days(grants: list[StatutoryGrant], part_time: bool) -> Decimal:
    if part_time:
        return Decimal(sum(g.hours or 0 for g in grants)) / HOURS_PER_DAY
    return sum((g.days for g in grants), Decimal(0))


def _amount(days: Decimal) -> str:
    return f"{format_days(days)} day{'' if days == 1 else 's'}"


def _part_time_unit(part_time: bool) -> str:
    return f" of {HOURS_PER_DAY} hours" if part_time else ""


def _hours(grants: list[StatutoryGrant], part_time: bool) -> str:
    if not part_time:
        return ""
    return f"{sum(g.hours or 0 for g in grants)} hours = "


def _basis(employment: Employment, rules: LeaveRules, grants: list[StatutoryGrant]) -> str:
    """What the Act's figure rests on: the hire date, the completed years of service its grants arise on
    (on the basis in use), and whatever else changed it."""
    hire = employment.hire_date
    years = max((g.service_years for g in grants), default=0)
    service = f"{years} year{'' if years == 1 else 's'} of service" if years else "first year"
    parts = [f"hire date {hire.isoformat()}", service]
    if rules.basis == "fiscal_year":
        parts.append(f"fiscal year from {rules.fiscal_start[0]:02}-{rules.fiscal_start[1]:02}")
    if employment.weekly_hours < rules.full_time_weekly_hours:
        parts.append(f"{format_days(employment.weekly_hours)} hours a week")
    if employment.below_80:
        parts.append(f"under 80 % in year(s) {','.join(str(y) for y in sorted(employment.below_80))}")
    return ", ".join(parts)
