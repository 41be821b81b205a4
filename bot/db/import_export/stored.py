"""The HR data as the exporter and the data check read it: one consistent snapshot, every employee with
their grants and leave, a batch of employees at a time so a large database is never all in memory.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.db.import_export.batches import chunks
from bot.db.tables import employees, leave_grants, leave_records

# Employees read per round of queries (their grants and leave come with them).
_BATCH = 1_000


@dataclass(frozen=True)
class StoredEmployee:
    employee: Row[Any]
    grants: list[Row[Any]]  # by year
    records: list[Row[Any]]  # by date, then the order they were entered


@asynccontextmanager
async def snapshot(engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """One transaction that sees one state of the data, however many queries it takes (PostgreSQL needs
    REPEATABLE READ for that; a SQLite read transaction is a snapshot anyway)."""
    async with engine.connect() as connection:
        if connection.dialect.name == "postgresql":
            await connection.execution_options(isolation_level="REPEATABLE READ")
        async with connection.begin():
            yield connection


async def stored_employees(connection: AsyncConnection) -> AsyncIterator[list[StoredEmployee]]:
    """Every employee with their grants and leave, in employee-id order, a batch at a time."""
    # Sorted here rather than by the database, whose collation may differ between backends.
    ids = sorted((await connection.execute(select(employees.c.employee_id))).scalars())
    for chunk in chunks(ids, _BATCH):
        rows = {
            row.employee_id: row
            for row in await connection.execute(select(employees).where(_among(employees, chunk)))
        }
        grants: dict[str, list[Row[Any]]] = {}
        query = select(leave_grants).where(_among(leave_grants, chunk)).order_by(leave_grants.c.year)
        for grant in await connection.execute(query):
            grants.setdefault(grant.employee_id, []).append(grant)
        records: dict[str, list[Row[Any]]] = {}
        query = (
            select(leave_records)
            .where(_among(leave_records, chunk))
            .order_by(leave_records.c.taken_on, leave_records.c.id)
        )
        for record in await connection.execute(query):
            records.setdefault(record.employee_id, []).append(record)
        yield [
            StoredEmployee(rows[employee_id], grants.get(employee_id, []), records.get(employee_id, []))
            for employee_id in chunk
            if employee_id in rows
        ]


def _among(table: Any, ids: Sequence[str]) -> Any:
    return table.c.employee_id.in_(ids)
