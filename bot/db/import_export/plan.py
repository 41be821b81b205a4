"""What an import changes, worked out against the database inside the import's transaction, and the
problems only the database can show: employees named but nowhere declared, an email or Slack user an
employee the database keeps already has, and balances that would go below zero.

Which of an employee's data the import replaces: the employee row if the import has one (else the
database's row stays), all their grants if the import carries grants (a JSON employee always does; CSV:
a grants file is given), all their leave records if it carries leave (a JSON employee always does;
CSV: a leave file is given). With `replace_all`, every employee the import does not name is removed.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import Row, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.db.import_export.batches import ID_CHUNK, chunks
from bot.db.import_export.reading import NOWHERE, FilesRead, Grant
from bot.db.tables import employees, leave_grants, leave_records
from bot.domain.leave import ANNUAL, format_days


@dataclass
class Plan:
    in_database: dict[str, Row[Any]]  # every employee row the database has, by id
    mentioned: set[str]  # every employee the import names
    grants_replaced: set[str]
    leave_replaced: set[str]
    removed: list[str]


async def make_plan(connection: AsyncConnection, reading: FilesRead, replace_all: bool) -> Plan:
    """Works out what the import replaces, and adds the problems only the database can show."""
    in_database = {row.employee_id: row for row in await connection.execute(select(employees))}
    mentioned = set(reading.declared) | {employee_id for employee_id, _ in reading.named_in_rows}
    plan = Plan(
        in_database=in_database,
        mentioned=mentioned,
        grants_replaced=mentioned if reading.grants_file_given else reading.whole_employees,
        leave_replaced=mentioned if reading.leave_file_given else reading.whole_employees,
        removed=sorted(in_database.keys() - mentioned) if replace_all else [],
    )
    unknown: set[str] = set()
    for (employee_id, _), (first_at, rows) in reading.named_in_rows.items():
        if employee_id not in reading.declared and employee_id not in in_database:
            unknown.add(employee_id)
            also = f" ({rows} rows)" if rows > 1 else ""
            reason = (
                f"unknown employee {employee_id}{also}: not in this import's employees nor in the database"
            )
            reading.problem(first_at, "employee_id", reason)
    _check_taken_in_database(reading, plan)
    await _check_balances(connection, reading, plan, unknown)
    return plan


def _check_taken_in_database(reading: FilesRead, plan: Plan) -> None:
    """An email or Slack user the import gives must not belong to an employee the database keeps."""
    kept = plan.in_database.keys() - reading.declared.keys() - set(plan.removed)
    email_of = {plan.in_database[employee_id].email_key: employee_id for employee_id in kept}
    slack_of = {plan.in_database[employee_id].slack_user_id: employee_id for employee_id in kept}
    for key, (employee_id, at) in reading.email_owner.items():
        if key in email_of:
            email = reading.employee_rows.get(employee_id, {}).get("email", key)
            reading.problem(at, "email", f"{email} is already the email of {email_of[key]} in the database")
    for slack_user_id, (_, at) in reading.slack_owner.items():
        if slack_user_id in slack_of:
            reason = f"{slack_user_id} is already the Slack user of {slack_of[slack_user_id]} in the database"
            reading.problem(at, "slack_user_id", reason)


async def _check_balances(
    connection: AsyncConnection, reading: FilesRead, plan: Plan, unknown: set[str]
) -> None:
    """After the import, no year may have more annual leave used than granted (unless the grant allows a
    negative balance), and annual leave needs a grant for its year. Where the import replaces only an
    employee's grants, or only their leave, the other half is the database's. (An unknown employee's
    rows are reported as that alone.)"""
    grants = dict(reading.grants)
    grants_kept = sorted((plan.leave_replaced - plan.grants_replaced) & plan.in_database.keys())
    for ids in chunks(grants_kept, ID_CHUNK):
        for stored in await connection.execute(
            select(leave_grants).where(leave_grants.c.employee_id.in_(ids))
        ):
            grants[stored.employee_id, stored.year] = Grant(
                stored.granted, stored.opening_used, stored.allow_negative, NOWHERE, ""
            )
    annual_days = dict(reading.annual_days)
    leave_kept = sorted((plan.grants_replaced - plan.leave_replaced) & plan.in_database.keys())
    for ids in chunks(leave_kept, ID_CHUNK):
        query = select(leave_records.c.employee_id, leave_records.c.taken_on, leave_records.c.days).where(
            leave_records.c.employee_id.in_(ids), leave_records.c.leave_type == ANNUAL
        )
        for record in await connection.execute(query):
            key = (record.employee_id, record.taken_on.year)
            annual_days[key] = annual_days.get(key, Decimal(0)) + record.days

    for employee_id, year in sorted(annual_days.keys() - grants.keys()):
        if employee_id in unknown:
            continue
        imported = reading.first_annual_at.get((employee_id, year))
        at, column = imported or reading.where_is(employee_id)
        source = "" if imported else " (leave in the database)"
        reading.problem(
            at, column, f"{employee_id} has annual leave in {year}{source} but no grant for {year}"
        )
    for (employee_id, year), grant in grants.items():
        if (
            grant.granted is None
            or grant.opening_used is None
            or grant.allow_negative
            or employee_id in unknown
        ):
            continue
        used = grant.opening_used + annual_days.get((employee_id, year), Decimal(0))
        if used <= grant.granted:
            continue
        if grant.at is NOWHERE:
            at, column = reading.first_annual_at.get((employee_id, year)) or reading.where_is(employee_id)
            granted = f"granted {format_days(grant.granted)} (grant in the database)"
        else:
            at, column, granted = grant.at, grant.column, f"granted {format_days(grant.granted)}"
        reason = f"{employee_id} {year}: used {format_days(used)} is more than {granted}; allow_negative is not set"
        reading.problem(at, column, reason)
