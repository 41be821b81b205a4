"""The §61 leave notices in the database (`NoticeLog`): who is due which notice today, and the
`leave_notices` record that makes each go out once across processes and restarts.

A notice is recorded before it is sent: `INSERT … ON CONFLICT DO NOTHING` on (employee, period, notice),
and only the process whose insert added the row sends it, then sets `sent_at`. A send that failed leaves
`sent_at` empty; once `retry_after` has passed since it was recorded, a later round (of any process) may
claim it again by moving `recorded_at` forward in one conditional UPDATE, which again only one process wins.
A process that dies after Slack took the message and before `sent_at` is written sends it again after
`retry_after`: the one window where a notice can go twice.

Unused days: the period's days minus the `annual` leave records dated from the period's first day up to
today, taken from the earliest days first. The years' undated opening amounts (`opening_used`) are not
dated, so they are not counted: an approximation HR should know of (docs/policy.md). With the policy's
`grants=computed`, the grants and their unused days are the ledger's instead (bot/policy/ledger.py: HR's
rows winning, each year's opening amount and the records up to today taken from the grant that expires
first), as the balance states them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db import send_once
from bot.db.engine import single_statement
from bot.db.hr import SqlHrStore, employee_from
from bot.db.tables import employees, leave_notices, leave_records
from bot.domain.leave import ANNUAL
from bot.domain.people import Employee
from bot.policy.company import CompanyPolicy
from bot.policy.entitlement import entitlement
from bot.policy.grants import EntitlementInputError
from bot.policy.ledger import person_ledger
from bot.policy.notices import ScheduledNotice, due
from bot.ports.notices import DueNotice
from bot.tools.entitlement import employment_of

log = logging.getLogger(__name__)


class SqlNoticeLog:
    def __init__(
        self,
        engine: AsyncEngine,
        *,
        retry_after: timedelta = send_once.RETRY_AFTER,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._engine = engine
        self._retry_after = retry_after
        self._clock = clock

    async def due(self, policy: CompanyPolicy, on: date) -> list[DueNotice]:
        async with single_statement(self._engine) as connection:
            rows = (
                await connection.execute(
                    select(employees)
                    .where(employees.c.active.is_(True), employees.c.hire_date.is_not(None))
                    .order_by(employees.c.employee_id)
                )
            ).all()
        notices: list[DueNotice] = []
        for employee in (employee_from(row) for row in rows):
            if employee.end_date is not None and employee.end_date < on:
                continue  # left: nothing more to use
            if employee.hire_date is not None and employee.hire_date > on:
                continue  # not yet hired that day: no leave, no notice (not a warning)
            try:
                if policy.rules.grants == "computed":
                    notices += await self._from_the_ledger(employee, policy, on)
                    continue
                grants = entitlement(employment_of(employee), policy.rules, on)
            except EntitlementInputError as exc:
                log.warning("no leave notices for %s: %s", employee.employee_id, exc)
                continue
            for scheduled in due(grants, on):
                used = await self._used(employee, scheduled, on)
                unused = scheduled.unused(used)
                if unused > 0:
                    notices.append(DueNotice(employee, scheduled, unused))
        return notices

    async def _from_the_ledger(self, employee: Employee, policy: CompanyPolicy, on: date) -> list[DueNotice]:
        """`grants=computed`: the ledger's grants arisen by `on`, and what is left of each period's."""
        inputs = await SqlHrStore(self._engine).ledger_inputs(employee.employee_id)
        records = [r for r in inputs.records if r[0] <= on]  # what is used so far, not what is planned
        # To a December 31: a year's grants are matched with HR's row for it whole, never cut.
        found = person_ledger(
            inputs.stored, records, employment_of(employee), policy.rules, date(on.year, 12, 31)
        )
        uses = {u.grant.as_statutory(): u for year in found.years.values() for u in year.grants}
        grants = sorted((g for g in uses if g.arises_on <= on), key=lambda g: (g.arises_on, g.kind))
        notices = []
        for scheduled in due(grants, on):
            unused = sum((uses[g].left for g in scheduled.period.grants), Decimal(0))
            if unused > 0:
                notices.append(DueNotice(employee, scheduled, unused))
        return notices

    async def _used(self, employee: Employee, scheduled: ScheduledNotice, on: date) -> Decimal:
        async with single_statement(self._engine) as connection:
            total = await connection.scalar(
                select(func.sum(leave_records.c.days)).where(
                    leave_records.c.employee_id == employee.employee_id,
                    leave_records.c.leave_type == ANNUAL,
                    leave_records.c.taken_on >= scheduled.arises_on,
                    leave_records.c.taken_on <= min(on, scheduled.expires_on),
                )
            )
        return Decimal(total) if total is not None else Decimal(0)

    async def claim(self, notice: DueNotice) -> bool:
        return await send_once.claim(
            self._engine, leave_notices, _key(notice), self._clock(), self._retry_after
        )

    async def sent(self, notice: DueNotice) -> None:
        await send_once.mark_sent(self._engine, leave_notices, _key(notice), self._clock())

    async def recorded(self) -> dict[tuple[str, date, int], datetime | None]:
        """Every notice recorded so far, with when it was sent (None: recorded, not sent)."""
        async with single_statement(self._engine) as connection:
            rows = (await connection.execute(select(leave_notices))).all()
        return {(r.employee_id, r.grant_arises_on, int(r.notice)): r.sent_at for r in rows}


def _key(notice: DueNotice) -> dict[str, object]:
    employee_id, arises_on, number = notice.key
    return {"employee_id": employee_id, "grant_arises_on": arises_on, "notice": number}
