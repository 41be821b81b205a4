"""The §61 leave notices in the database (`NoticeLog`): who is due which notice today, and the
`leave_notices` record that makes each go out once across processes and restarts.

A notice is recorded before it is sent: `INSERT … ON CONFLICT DO NOTHING` on (employee, period, notice),
and only the process whose insert added the row sends it, then sets `sent_at`. A send that failed leaves
`sent_at` empty; once `retry_after` has passed since it was recorded, a later round (of any process) may
claim it again by moving `recorded_at` forward in one conditional UPDATE, which again only one process wins.
A process that dies after Slack took the message and before `sent_at` is written sends it again after
`retry_after`: the one window where a notice can go twice.

Unused days: what the person's holding (bot/policy/holding.py) leaves of the period's grants, in the
policy's `grants` mode: the figure the balance states, every annual record and each year's undated opening
amount drawn from the grant that expires first.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db import send_once
from bot.db.engine import single_statement
from bot.db.hr import SqlHrStore, employee_from
from bot.db.tables import employees, leave_notices
from bot.policy.company import CompanyPolicy
from bot.policy.grants import EntitlementInputError, employment_from
from bot.policy.holding import holding
from bot.policy.notices import due_with_unused
from bot.ports.notices import DueNotice

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
        store = SqlHrStore(self._engine)
        for employee in (employee_from(row) for row in rows):
            if employee.end_date is not None and employee.end_date < on:
                continue  # left: nothing more to use
            if employee.hire_date is not None and employee.hire_date > on:
                continue  # not yet hired that day: no leave, no notice (not a warning)
            inputs = await store.ledger_inputs(employee.employee_id)
            try:
                held = holding(inputs.stored, inputs.records, employment_from(employee), policy.rules, on)
            except EntitlementInputError as exc:
                log.warning("no leave notices for %s: %s", employee.employee_id, exc)
                continue
            notices += [DueNotice(employee, s, unused) for s, unused in due_with_unused(held)]
        return notices

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
