"""HR data in the database: the `Directory` and `LeaveStore` ports over `bot/db/tables.py`.

Every call reads the database, so an import (or HR's own tooling writing the tables) shows in the very
next answer. Nothing is loaded at start. Used = the year's opening adjustment + the days of its `annual`
records (a record counts in the year of its first day); sums are done on Decimals, exact on both
databases. A lost connection becomes `StoreUnavailable`, which the tool reports as "HR system
unavailable"; the engine's pool reconnects by itself.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    BindParameter,
    Date,
    Integer,
    Row,
    Select,
    and_,
    bindparam,
    func,
    literal_column,
    null,
    select,
    true,
    type_coerce,
    union_all,
)
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.db.days_column import Days
from bot.db.engine import single_statement
from bot.db.tables import employees, leave_grants, leave_records
from bot.domain.leave import ANNUAL, LeaveRecord, LeaveTaken, StoredYear
from bot.domain.people import Employee
from bot.ports.hr import LedgerInputs, StoreUnavailable, UnknownEmployee

log = logging.getLogger(__name__)


def email_key(email: str) -> str:
    """How emails are matched: trimmed and case-folded."""
    return email.strip().casefold()


def employee_from(row: Row[Any]) -> Employee:
    return Employee(
        row.employee_id,
        row.name,
        row.email,
        row.slack_user_id,
        row.hire_date,
        bool(row.active),
        end_date=row.end_date,
        weekly_hours=row.weekly_hours,
        below_80=tuple(sorted(int(y) for y in row.below_80 or ())),
        manager_id=row.manager_id,
    )


class SqlHrStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def _rows(self, query: Select[Any], parameters: dict[str, Any] | None = None) -> Sequence[Row[Any]]:
        try:
            async with single_statement(self._engine) as connection:
                return (await connection.execute(query, parameters)).all()
        except (SQLAlchemyError, OSError) as exc:
            log.warning("HR database unavailable: %s", exc.__class__.__name__)
            raise StoreUnavailable("HR database unavailable") from exc

    async def _active_employee(self, *where: Any) -> Employee | None:
        rows = await self._rows(select(employees).where(employees.c.active.is_(True), *where))
        return employee_from(rows[0]) if rows else None

    async def employee_by_id(self, employee_id: str) -> Employee | None:
        return await self._active_employee(employees.c.employee_id == employee_id)

    async def employee_by_id_any_case(self, employee_id: str) -> Employee | None:
        rows = await self._rows(
            select(employees)
            .where(employees.c.active.is_(True), func.upper(employees.c.employee_id) == employee_id.upper())
            .limit(2)
        )
        return employee_from(rows[0]) if len(rows) == 1 else None

    async def ids_spelled(self, typed: str, *, active_only: bool = False) -> list[str]:
        """The stored ids equal to `typed` ignoring case (at most three), active ones only if asked: the
        terminal's `--employee e1001` reads as the HR data spells it."""
        query = select(employees.c.employee_id).where(func.upper(employees.c.employee_id) == typed.upper())
        if active_only:
            query = query.where(employees.c.active.is_(True))
        return [row.employee_id for row in await self._rows(query.limit(3))]

    async def some_employee_ids(self, limit: int) -> tuple[list[str], int]:
        active = employees.c.active.is_(True)
        ids = await self._rows(
            select(employees.c.employee_id).where(active).order_by(employees.c.employee_id).limit(limit)
        )
        count = await self._rows(select(func.count()).select_from(employees).where(active))
        return [row.employee_id for row in ids], int(count[0][0])

    async def names(self) -> list[tuple[str, str, str | None]]:
        rows = await self._rows(
            select(employees.c.name, employees.c.email, employees.c.slack_user_id).where(
                employees.c.active.is_(True)
            )
        )
        return [(row.name, row.email, row.slack_user_id) for row in rows]

    async def employee_by_slack_user_id(self, slack_user_id: str) -> Employee | None:
        return await self._active_employee(employees.c.slack_user_id == slack_user_id)

    async def employee_by_email(self, email: str) -> Employee | None:
        return await self._active_employee(employees.c.email_key == email_key(email))

    async def ledger_inputs(self, employee_id: str) -> LedgerInputs:
        return ledger_inputs_from(await self._rows(_LEDGER_INPUTS, {"employee_id": employee_id}))

    async def employee(self, employee_id: str) -> Employee:
        found = await self.employee_by_id(employee_id)
        if found is None:
            raise UnknownEmployee("employee not found in HR data")
        return found

    async def leave_taken(self, employee_id: str, year: int) -> LeaveTaken:
        # One statement when there are records: each row carries the grant's undated amount beside it.
        undated = (
            select(leave_grants.c.opening_used)
            .where(leave_grants.c.employee_id == employee_id, leave_grants.c.year == year)
            .scalar_subquery()
        )
        rows = await self._rows(
            select(
                leave_records.c.taken_on,
                leave_records.c.days,
                leave_records.c.leave_type,
                leave_records.c.note,
                undated.label("undated"),
            )
            .where(_in_year(employee_id, year))
            .order_by(leave_records.c.taken_on, leave_records.c.id)
        )
        if rows:
            records = tuple(LeaveRecord(r.taken_on, r.days, r.leave_type, r.note) for r in rows)
            return LeaveTaken(year, records, rows[0].undated or Decimal(0))
        [(opening_used,)] = await self._rows(select(undated))
        if opening_used is None and await self.employee_by_id(employee_id) is None:
            raise UnknownEmployee("employee not found in HR data")
        return LeaveTaken(year, (), opening_used or Decimal(0))


def _in_year(employee_id: str, year: int) -> Any:
    return and_(
        leave_records.c.employee_id == employee_id,
        leave_records.c.taken_on >= date(year, 1, 1),
        leave_records.c.taken_on <= date(year, 12, 31),
    )


async def ledger_inputs_on(connection: AsyncConnection, employee_id: str) -> LedgerInputs:
    """`ledger_inputs` inside a transaction the caller holds (a leave request's check, bot/db/requests.py)."""
    return ledger_inputs_from((await connection.execute(_LEDGER_INPUTS, {"employee_id": employee_id})).all())


def ledger_inputs_from(rows: Sequence[Row[Any]]) -> LedgerInputs:
    if not rows:
        raise UnknownEmployee("employee not found in HR data")
    stored = sorted(
        (StoredYear(r.year, r.amount, r.opening) for r in rows if r.source == "g"), key=lambda g: g.year
    )
    dated = sorted(((r.day, r.amount) for r in rows if r.source == "r"), key=lambda r: r[0])
    return LedgerInputs(employee_from(rows[0]), tuple(stored), tuple(dated))


def _ledger_inputs() -> Select[Any]:
    """One statement: the employee row, beside each of their stored rows ('g') and annual records ('r'), or
    alone with NULLs when they have none. Built once (the person is a bound parameter): building it per
    lookup cost more than running it."""
    employee_id: BindParameter[str] = bindparam("employee_id")
    grants = select(
        literal_column("'g'").label("source"),
        leave_grants.c.year.label("year"),
        type_coerce(null(), Date).label("day"),
        leave_grants.c.granted.label("amount"),
        leave_grants.c.opening_used.label("opening"),
    ).where(leave_grants.c.employee_id == employee_id)
    records = select(
        literal_column("'r'"),
        type_coerce(null(), Integer),
        leave_records.c.taken_on,
        leave_records.c.days,
        type_coerce(null(), Days),
    ).where(leave_records.c.employee_id == employee_id, leave_records.c.leave_type == ANNUAL)
    rows_of = union_all(grants, records).subquery()
    return (
        select(employees, rows_of)
        .select_from(employees.outerjoin(rows_of, true()))
        .where(employees.c.employee_id == employee_id)
    )


_LEDGER_INPUTS = _ledger_inputs()
