"""`SqlCalendarFeeds`: each person's calendar feed token (`calendar_feeds`), kept as its SHA-256 only. A
token is 32 random bytes (256 bits), so an unsalted hash is enough: it cannot be guessed, only stolen,
and the table does not hold it."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.engine import single_statement, writing
from bot.db.tables import calendar_feeds, employees


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class SqlCalendarFeeds:
    def __init__(
        self, engine: AsyncEngine, clock: Callable[[], datetime] = lambda: datetime.now(UTC)
    ) -> None:
        self._engine, self._clock = engine, clock

    async def reset(self, employee_id: str) -> str:
        for attempt in range(2):  # two resets at once (a double click) on PostgreSQL: both insert; one wins
            try:
                return await self._reset(employee_id)
            except IntegrityError:
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def _reset(self, employee_id: str) -> str:
        token = secrets.token_urlsafe(32)
        async with writing(self._engine) as connection:  # the old row goes in the same transaction
            await connection.execute(
                delete(calendar_feeds).where(calendar_feeds.c.employee_id == employee_id)
            )
            await connection.execute(
                insert(calendar_feeds).values(
                    employee_id=employee_id, token_hash=token_hash(token), issued_at=self._clock()
                )
            )
        return token

    async def owner(self, token: str) -> str | None:
        query = (
            select(calendar_feeds.c.employee_id)
            .join(employees, employees.c.employee_id == calendar_feeds.c.employee_id)
            .where(calendar_feeds.c.token_hash == token_hash(token), employees.c.active.is_(True))
        )
        async with single_statement(self._engine) as connection:
            found = (await connection.execute(query)).scalar()
        return None if found is None else str(found)

    async def issued_at(self, employee_id: str) -> datetime | None:
        query = select(calendar_feeds.c.issued_at).where(calendar_feeds.c.employee_id == employee_id)
        async with single_statement(self._engine) as connection:
            found = (await connection.execute(query)).scalar()
        if found is None:
            return None
        return found if found.tzinfo else found.replace(tzinfo=UTC)  # SQLite hands back naive UTC
