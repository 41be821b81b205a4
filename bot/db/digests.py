"""The morning "오늘 부재" digest in the database (bot/slack/jobs/absence_digest.py): who is off on a day from
approved leave requests, and the `leave_digests` record that makes a day's digest go out once across
processes and restarts.

The same claim-then-send as the §61 notices (bot/db/send_once.py), keyed by the date.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import cast

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db import send_once
from bot.db.engine import single_statement
from bot.db.tables import employees, leave_digests, leave_requests
from bot.domain.requests import Part


class SqlDigestLog:
    def __init__(
        self,
        engine: AsyncEngine,
        *,
        retry_after: timedelta = send_once.RETRY_AFTER,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._engine, self._retry_after, self._clock = engine, retry_after, clock

    async def away_on(self, day: date) -> list[tuple[str, Part]]:
        """Who is off on `day` by an approved request, with the part of the day, by name: nothing else of
        the request (its type and reason stay private)."""
        query = (
            select(employees.c.name, leave_requests.c.part)
            .join(employees, employees.c.employee_id == leave_requests.c.employee_id)
            .where(
                leave_requests.c.state == "approved",
                leave_requests.c.start_on <= day,
                leave_requests.c.end_on >= day,
            )
            .order_by(employees.c.name, leave_requests.c.id)
        )
        async with single_statement(self._engine) as connection:
            return [(row.name, cast(Part, row.part)) for row in await connection.execute(query)]

    async def claim(self, day: date) -> bool:
        """True for the one caller that may post `day`'s digest now."""
        return await send_once.claim(
            self._engine, leave_digests, {"day": day}, self._clock(), self._retry_after
        )

    async def sent(self, day: date) -> None:
        await send_once.mark_sent(self._engine, leave_digests, {"day": day}, self._clock())

    async def recorded(self) -> dict[date, datetime | None]:
        """Every day recorded so far, with when its digest was sent (None: recorded, not sent)."""
        async with single_statement(self._engine) as connection:
            rows = (await connection.execute(select(leave_digests))).all()
        return {row.day: row.sent_at for row in rows}
