"""Claim-then-send, once across processes and restarts: the §61 notices (bot/db/notices.py) and the
morning absence digest (bot/db/digests.py) share it.

A thing to send is a row (its key, `recorded_at`, `sent_at`) recorded *before* it is sent:
`INSERT … ON CONFLICT DO NOTHING` on the key, and only the caller whose insert added the row sends it,
then sets `sent_at`. A send that failed leaves `sent_at` empty; once `retry_after` has passed since it was
recorded, a later round (of any process) may claim it again by moving `recorded_at` forward in one
conditional UPDATE, which again only one caller wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Table, and_, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.engine import single_statement

RETRY_AFTER = timedelta(minutes=30)  # a row recorded this long ago and still unsent may be claimed again


async def claim(
    engine: AsyncEngine, table: Table, key: Mapping[str, Any], now: datetime, retry_after: timedelta
) -> bool:
    """True for the one caller that may send the row `key` names now."""
    insert = (postgresql if engine.dialect.name == "postgresql" else sqlite).insert
    async with single_statement(engine) as connection:
        inserted = await connection.execute(
            insert(table).values(**key, recorded_at=now).on_conflict_do_nothing()
        )
        if inserted.rowcount == 1:
            return True
        # Recorded already: claim it again only if its send failed long enough ago.
        retried = await connection.execute(
            update(table)
            .where(_row(table, key), table.c.sent_at.is_(None), table.c.recorded_at < now - retry_after)
            .values(recorded_at=now)
        )
        return bool(retried.rowcount == 1)


async def mark_sent(engine: AsyncEngine, table: Table, key: Mapping[str, Any], now: datetime) -> None:
    async with single_statement(engine) as connection:
        await connection.execute(update(table).where(_row(table, key)).values(sent_at=now))


def _row(table: Table, key: Mapping[str, Any]) -> Any:
    return and_(*(table.c[column] == value for column, value in key.items()))
