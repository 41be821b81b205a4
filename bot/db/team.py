"""`SqlTeam`: reports and absences read for the manager's and HR's Home tabs and the calendar feeds
(`bot/ports/team.py`), in one statement each, so a 10,000-person company's feed is two reads."""

from __future__ import annotations

import logging
from collections.abc import Collection
from datetime import date, timedelta
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.engine import single_statement
from bot.db.hr import employee_from, ledger_inputs_on
from bot.db.tables import employees, leave_records, leave_requests
from bot.domain.leave import ANNUAL
from bot.domain.people import Employee
from bot.domain.requests import Part
from bot.policy.grants import EntitlementInputError, LeaveRules, employment_from
from bot.policy.holding import holding
from bot.ports.team import Absence

log = logging.getLogger(__name__)


class SqlTeam:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def reports_of(self, manager_id: str) -> list[Employee]:
        query = (
            select(employees)
            .where(employees.c.manager_id == manager_id, employees.c.active.is_(True))
            .order_by(employees.c.name, employees.c.employee_id)
        )
        async with single_statement(self._engine) as connection:
            return [employee_from(row) for row in await connection.execute(query)]

    async def absences(
        self,
        employee_ids: Collection[str] | None,
        first: date,
        last: date,
        *,
        pending: bool = False,
    ) -> list[Absence]:
        states = ("approved", "pending") if pending else ("approved",)
        requests: Select[Any] = (
            select(
                leave_requests.c.id,
                leave_requests.c.employee_id,
                employees.c.name,
                leave_requests.c.start_on,
                leave_requests.c.end_on,
                leave_requests.c.part,
                leave_requests.c.days,
                leave_requests.c.leave_type,
                leave_requests.c.state,
            )
            .join(employees, employees.c.employee_id == leave_requests.c.employee_id)
            .where(
                leave_requests.c.state.in_(states),
                leave_requests.c.start_on <= last,
                leave_requests.c.end_on >= first,
                employees.c.active.is_(True),
            )
        )
        # Records an approval wrote are the request's own days (shown once, as the request); the others
        # are HR's imported leave, one day (or part of one) each.
        records: Select[Any] = (
            select(
                leave_records.c.id,
                leave_records.c.employee_id,
                employees.c.name,
                leave_records.c.taken_on,
                leave_records.c.days,
                leave_records.c.leave_type,
            )
            .join(employees, employees.c.employee_id == leave_records.c.employee_id)
            .where(
                leave_records.c.request_id.is_(None),
                leave_records.c.taken_on.between(first, last),
                employees.c.active.is_(True),
            )
        )
        if employee_ids is not None:
            wanted = sorted(set(employee_ids))
            requests = requests.where(leave_requests.c.employee_id.in_(wanted))
            records = records.where(leave_records.c.employee_id.in_(wanted))
        # Rows unpacked as tuples: HR's feed reads tens of thousands, and a Row's attribute lookup per
        # column costs more than the statement.
        async with single_statement(self._engine) as connection:
            found = [
                Absence(
                    employee_id,
                    name,
                    start,
                    end,
                    cast(Part, part),
                    days,
                    leave_type,
                    "approved" if state == "approved" else "pending",
                    f"request-{key}",
                )
                for key, employee_id, name, start, end, part, days, leave_type, state in (
                    await connection.execute(requests)
                )
            ]
        async with single_statement(self._engine) as connection:
            found += [
                Absence(
                    employee_id,
                    name,
                    taken_on,
                    taken_on,
                    "full",
                    days,
                    leave_type,
                    "recorded",
                    f"record-{key}",
                )
                for key, employee_id, name, taken_on, days, leave_type in (await connection.execute(records))
                if days > 0
            ]
        found.sort(key=lambda a: (a.start, a.name, a.key))
        return found

    async def lapsing(self, rules: LeaveRules, on: date, within: int) -> list[tuple[str, Decimal, date]]:
        last = on + timedelta(days=within)
        query = (
            select(employees.c.employee_id)
            .where(employees.c.active.is_(True))
            .order_by(employees.c.employee_id)
        )
        found: list[tuple[str, Decimal, date]] = []
        async with single_statement(self._engine) as connection:
            ids = [row.employee_id for row in await connection.execute(query)]
        for employee_id in ids:
            async with single_statement(self._engine) as connection:
                inputs = await ledger_inputs_on(connection, employee_id)
            try:
                held = holding(inputs.stored, inputs.records, employment_from(inputs.employee), rules, on)
            except EntitlementInputError as exc:  # `officebot data check` names it; the rest still count
                log.info("no lapsing figure for %s: %s", employee_id, exc)
                continue
            found += [(inputs.employee.name, days, day) for day, days in held.unused() if day <= last]
        found.sort(key=lambda item: (item[2], item[0]))
        return found

    async def taken_per_month(self, year: int) -> list[Decimal]:
        query = (
            select(leave_records.c.taken_on, leave_records.c.days)
            .join(employees, employees.c.employee_id == leave_records.c.employee_id)
            .where(
                employees.c.active.is_(True),
                leave_records.c.leave_type == ANNUAL,
                leave_records.c.taken_on.between(date(year, 1, 1), date(year, 12, 31)),
            )
        )
        months = [Decimal(0)] * 12
        async with single_statement(self._engine) as connection:
            for row in await connection.execute(query):
                months[row.taken_on.month - 1] += Decimal(row.days)
        return months
