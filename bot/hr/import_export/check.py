"""`officebot data check`: what is wrong with the HR data already in the database, one line each.

The rules an import enforces on its way in (a grant for every year with annual leave, no more used than
granted unless allowed, quarter days, one email per employee), checked on what is stored. Changes
nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.hr import email_key
from bot.domain.leave import ANNUAL, format_days
from bot.hr.import_export.schema import is_valid_days
from bot.hr.import_export.stored import StoredEmployee, snapshot, stored_employees


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
