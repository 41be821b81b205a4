"""CPU per SQL statement on the embedded SQLite: the engine OfficeBot ships (`bot.db.engine.create_engine`,
statements on the event loop's thread) against SQLAlchemy's stock aiosqlite engine (each cursor operation
on aiosqlite's thread). A primary-key SELECT, a connection checked out for each, as the HR reads do.

    python -m benchmarks.statement_cost [--statements N]

Prints a table and writes benchmarks/results/statement_cost.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path

from sqlalchemy import Column, Integer, MetaData, String, Table, insert, select
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from bot.db.engine import create_engine
from bot.db.url import database_from

RESULTS = Path(__file__).resolve().parent / "results"
metadata = MetaData()
rows = Table("rows", metadata, Column("id", String, primary_key=True), Column("n", Integer))


async def _cpu_per_statement(engine: AsyncEngine, statements: int) -> float:
    """Milliseconds of this process's CPU (every thread's) per statement."""
    query = select(rows).where(rows.c.id == "R7")
    async with engine.connect() as connection:  # warm: the pool, the compiled statement
        await connection.execute(query)
    started = time.process_time()
    for _ in range(statements):
        async with engine.connect() as connection:
            (await connection.execute(query)).first()
    return (time.process_time() - started) / statements * 1000


async def main(statements: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cost.db"
        shipped = create_engine(database_from(f"sqlite:///{path}", Path(folder)))
        async with shipped.begin() as connection:
            await connection.run_sync(metadata.create_all)
            await connection.execute(insert(rows), [{"id": f"R{i}", "n": i} for i in range(1000)])
        stock = create_async_engine(f"sqlite+aiosqlite:///{path}", pool_reset_on_return=None)
        try:
            figures = {
                "on_the_loop_ms": await _cpu_per_statement(shipped, statements),
                "aiosqlite_thread_ms": await _cpu_per_statement(stock, statements),
            }
        finally:
            await shipped.dispose()
            await stock.dispose()
    return {name: round(value, 3) for name, value in figures.items()}


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--statements", type=int, default=2000)
    args = parser.parse_args()
    figures = asyncio.run(main(args.statements))
    print("| engine | CPU per statement |\n|---|---|")
    print(f"| OfficeBot's (on the loop's thread) | {figures['on_the_loop_ms']} ms |")
    print(f"| SQLAlchemy's stock aiosqlite | {figures['aiosqlite_thread_ms']} ms |")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "statement_cost.json").write_text(
        json.dumps({"statements": args.statements, **figures}, indent=1)
    )
