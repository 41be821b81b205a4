"""The audit sink in the database: one row per record in `audit_log`, safe with several processes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from datetime import UTC, datetime

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.engine import single_statement
from bot.db.group_commit import GroupCommit
from bot.db.tables import audit_log
from bot.ports.audit import AuditReading, LookupRecord, record_from, utc_timestamp


class SqlAuditLog:
    """One row per record in `audit_log`. `record` returns once its row is committed; records made at
    the same time are committed together (one INSERT of many rows, see `GroupCommit`)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._writing: GroupCommit[LookupRecord, None] = GroupCommit(self._write)

    async def record(self, entry: LookupRecord) -> None:
        await self._writing.submit(entry)

    async def _write(self, entries: Sequence[LookupRecord]) -> list[None]:
        rows = []
        for entry in entries:
            row = asdict(entry)
            row["at"] = datetime.fromisoformat(row.pop("time").replace("Z", "+00:00"))
            rows.append(row)
        # The rows as executemany parameters: one cached statement, where `.values(rows)` compiled a new one
        # for every batch size. Atomic: on SQLite the batch runs in one transaction
        # (bot/db/sqlite_on_loop.py), and asyncpg's executemany is one.
        async with single_statement(self._engine) as connection:
            await connection.execute(insert(audit_log), rows)
        return [None] * len(entries)

    async def recent(self, employee_id: str, limit: int) -> list[LookupRecord]:
        """The last `limit` records for one employee, oldest first."""
        return (await self.read(employee_id, limit)).records

    async def read(self, employee_id: str, limit: int) -> AuditReading:
        """The last `limit` records for one employee, oldest first, less any row that is not a record
        (written by something else, or by hand), counted in `skipped`."""
        query = (
            select(audit_log)
            .where(audit_log.c.employee_id == employee_id)
            .order_by(audit_log.c.id.desc())
            .limit(limit)
        )
        async with self._engine.connect() as connection:
            rows = (await connection.execute(query)).all()
        found = [
            record_from({**row._asdict(), "time": utc_timestamp(_as_utc(row.at)) if row.at else None})
            for row in reversed(rows)
        ]
        records = [r for r in found if r is not None]
        return AuditReading(records, len(found) - len(records))


def _as_utc(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; what was written was UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
