"""Leave requests' owed messages in the database: the `RequestOutbox` port over `request_messages`, and
`owe`, which the request store calls inside a submission's or a move's own transaction (docs/requests.md,
"Who is told").

One deliverer per request at a time: `leave_requests.deliver_owner`/`deliver_until` is a lease taken by one
conditional UPDATE, so a request's messages go in the order they were owed (its card is posted before a
decision edits it) and no two processes post the same one.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Row, and_, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.db.engine import single_statement
from bot.db.tables import leave_requests, request_messages
from bot.domain.request_messages import MessageKind, MessageState, Owed, RequestMessage
from bot.ports.audit import UtcClock, utc_now

DEFAULT_LEASE = 30.0  # seconds a deliverer holds a request (renewed before each message)


async def owe(connection: AsyncConnection, request_id: int, owed: Sequence[Owed], now: datetime) -> None:
    """The messages a transition owes, in the transition's transaction: they exist exactly when it does."""
    if owed:
        await connection.execute(
            insert(request_messages),
            [
                {
                    "request_id": request_id,
                    "kind": message.kind,
                    "recipient": message.recipient,
                    "state": "owed",
                    "attempts": 0,
                    "not_before": now,
                    "created_at": now,
                }
                for message in owed
            ],
        )


class SqlRequestOutbox:
    def __init__(self, engine: AsyncEngine, lease: float = DEFAULT_LEASE, clock: UtcClock = utc_now) -> None:
        self._engine, self._lease, self._clock = engine, timedelta(seconds=lease), clock

    async def due(self, limit: int = 50) -> list[int]:
        query = (
            select(request_messages.c.request_id)
            .where(request_messages.c.state == "owed", request_messages.c.not_before <= self._clock())
            .group_by(request_messages.c.request_id)
            .order_by(request_messages.c.request_id)
            .limit(limit)
        )
        async with single_statement(self._engine) as connection:
            return [int(row.request_id) for row in await connection.execute(query)]

    async def claim(self, request_id: int, owner: str, *, steal: bool = False) -> bool:
        now = self._clock()
        free = or_(
            leave_requests.c.deliver_owner.is_(None),
            leave_requests.c.deliver_owner == owner,
            leave_requests.c.deliver_until < now,
        )
        where = leave_requests.c.id == request_id if steal else and_(leave_requests.c.id == request_id, free)
        async with single_statement(self._engine) as connection:
            claimed = await connection.execute(
                update(leave_requests)
                .where(where)
                .values(deliver_owner=owner, deliver_until=now + self._lease)
            )
        return bool(claimed.rowcount == 1)

    async def release(self, request_id: int, owner: str) -> None:
        async with single_statement(self._engine) as connection:
            await connection.execute(
                update(leave_requests)
                .where(leave_requests.c.id == request_id, leave_requests.c.deliver_owner == owner)
                .values(deliver_owner=None, deliver_until=None)
            )

    async def owed(self, request_id: int) -> list[RequestMessage]:
        return await self._messages(
            request_messages.c.request_id == request_id,
            request_messages.c.state == "owed",
            request_messages.c.not_before <= self._clock(),
        )

    async def messages(self, request_id: int) -> list[RequestMessage]:
        return await self._messages(request_messages.c.request_id == request_id)

    async def add(self, request_id: int, owed: Owed) -> None:
        async with single_statement(self._engine) as connection:
            await owe(connection, request_id, [owed], self._clock())

    async def posted(self, request_id: int) -> list[RequestMessage]:
        return await self._messages(
            request_messages.c.request_id == request_id,
            request_messages.c.state == "sent",
            request_messages.c.ts.is_not(None),
        )

    async def message_at(self, channel: str, ts: str) -> RequestMessage | None:
        found = await self._messages(request_messages.c.channel == channel, request_messages.c.ts == ts)
        return found[0] if found else None

    async def trying(self, message_id: int) -> None:
        await self._set(message_id, attempts=request_messages.c.attempts + 1)

    async def sent(self, message_id: int, channel: str | None, ts: str | None) -> None:
        await self._set(message_id, state="sent", channel=channel, ts=ts)

    async def failed(self, message_id: int, error: str) -> None:
        await self._set(message_id, state="failed", error=error[:64])

    async def postpone(self, message_id: int, wait: timedelta) -> None:
        await self._set(message_id, not_before=self._clock() + wait)

    async def _set(self, message_id: int, **values: Any) -> None:
        async with single_statement(self._engine) as connection:
            await connection.execute(
                update(request_messages).where(request_messages.c.id == message_id).values(**values)
            )

    async def _messages(self, *where: Any) -> list[RequestMessage]:
        query = select(request_messages).where(*where).order_by(request_messages.c.id)
        async with single_statement(self._engine) as connection:
            return [_message_from(row) for row in await connection.execute(query)]


def _message_from(row: Row[Any]) -> RequestMessage:
    created = row.created_at
    return RequestMessage(
        id=int(row.id),
        request_id=int(row.request_id),
        kind=cast(MessageKind, row.kind),
        recipient=row.recipient,
        state=cast(MessageState, row.state),
        attempts=int(row.attempts),
        created_at=created if created.tzinfo else created.replace(tzinfo=utc_now().tzinfo),
        channel=row.channel,
        ts=row.ts,
    )
