"""SQLite on the event loop's thread (bot/db/sqlite_on_loop.py): a lock held elsewhere is waited for
without stopping the loop, given up after the lock wait with SQLite's own error, and an executemany is
all or nothing. Through the real engine (bot/db/engine.py), on a real file."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import Column, Integer, MetaData, String, Table, bindparam, insert, select
from sqlalchemy.exc import IntegrityError, OperationalError

from bot.db import tables
from bot.db.engine import create_engine, single_statement, write_refused
from bot.db.url import database_from

metadata = MetaData()
things = Table("things", metadata, Column("id", Integer, primary_key=True), Column("name", String))


async def _engine_on(path: Path, query: str = ""):
    engine = create_engine(database_from(f"sqlite:///{path}{query}", path.parent))
    async with engine.begin() as connection:
        await connection.run_sync(metadata.create_all)
    return engine


class _LockHolder:
    """Another connection, on a thread of its own, holds the file's write lock until `release()`."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._taken = threading.Event()
        self._release = threading.Event()
        self._thread = threading.Thread(target=self._hold, daemon=True)

    def _hold(self) -> None:
        connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        connection.execute("BEGIN IMMEDIATE")
        self._taken.set()
        self._release.wait(30)
        connection.execute("ROLLBACK")
        connection.close()

    def __enter__(self) -> _LockHolder:
        self._thread.start()
        self._taken.wait(5)
        return self

    def release(self) -> None:
        self._release.set()

    def __exit__(self, *_: object) -> None:
        self.release()
        self._thread.join(5)


async def test_a_write_waits_for_a_lock_held_elsewhere_while_the_loop_goes_on(tmp_path: Path):
    engine = await _engine_on(tmp_path / "wait.db")
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.005)

    ticker = asyncio.create_task(tick())
    try:
        with _LockHolder(tmp_path / "wait.db") as holder:
            async with engine.connect() as connection:
                write = asyncio.create_task(connection.execute(insert(things).values(name="after the lock")))
                await asyncio.sleep(0.2)
                assert not write.done()  # still waiting for the lock …
                ticks_while_waiting = ticks
                holder.release()
                await asyncio.wait_for(write, 5)
                await connection.commit()
        # … and the loop ran other work meanwhile: a blocked loop would not have ticked at all.
        assert ticks_while_waiting >= 10
        async with engine.connect() as connection:
            assert (await connection.execute(select(things.c.name))).scalars().all() == ["after the lock"]
    finally:
        ticker.cancel()
        await engine.dispose()


async def test_past_the_lock_wait_it_is_sqlite_s_own_database_is_locked(tmp_path: Path):
    engine = await _engine_on(tmp_path / "locked.db", "?timeout=0.2")  # the URL's timeout is the wait
    try:
        with _LockHolder(tmp_path / "locked.db"):
            async with engine.connect() as connection:
                with pytest.raises(OperationalError, match="database is locked"):
                    await connection.execute(insert(things).values(name="never"))
    finally:
        await engine.dispose()


async def test_the_readiness_check_waits_only_its_own_short_time(tmp_path: Path):
    engine = await _engine_on(tmp_path / "ready.db")
    async with engine.begin() as connection:  # the check writes to the inbox (and rolls back)
        await connection.run_sync(tables.metadata.create_all)
    try:
        with _LockHolder(tmp_path / "ready.db"):
            assert await write_refused(engine, lock_timeout=0.1) == "database refuses writes (locked)"
        assert await write_refused(engine) is None
    finally:
        await engine.dispose()


async def test_an_executemany_outside_a_transaction_is_all_or_nothing(tmp_path: Path):
    engine = await _engine_on(tmp_path / "many.db")
    try:
        async with engine.connect() as connection:
            await connection.execute(insert(things).values(id=3, name="already there"))
            await connection.commit()
        rows = [(1, "one"), (2, "two"), (3, "clash")]
        # No BEGIN from SQLAlchemy here (one statement, run as it is): Python's sqlite3 would commit the
        # rows before the clash one by one.
        async with single_statement(engine) as connection:
            with pytest.raises(IntegrityError):
                await connection.exec_driver_sql("INSERT INTO things (id, name) VALUES (?, ?)", rows)
        async with engine.connect() as connection:
            names = (await connection.execute(select(things.c.name).order_by(things.c.id))).scalars().all()
        assert names == ["already there"]  # neither "one" nor "two": the failed batch left nothing
    finally:
        await engine.dispose()


async def test_an_executemany_through_the_engine_writes_every_row(tmp_path: Path):
    engine = await _engine_on(tmp_path / "rows.db")
    try:
        async with engine.connect() as connection:
            await connection.execute(
                insert(things).values(name=bindparam("n")), [{"n": f"row {i}"} for i in range(50)]
            )
            await connection.commit()
            assert (await connection.execute(select(things.c.id))).scalars().all() == list(range(1, 51))
    finally:
        await engine.dispose()


async def test_the_readiness_check_puts_back_the_url_s_own_lock_wait(tmp_path: Path):
    engine = await _engine_on(tmp_path / "own.db", "?timeout=0.2")
    async with engine.begin() as connection:
        await connection.run_sync(tables.metadata.create_all)
    try:
        assert await write_refused(engine, lock_timeout=0.1) is None  # on the pool's one connection
        with _LockHolder(tmp_path / "own.db"):
            async with asyncio.timeout(5):  # the URL's 0.2 s, not the default 10 s, once it is put back
                async with engine.connect() as connection:
                    with pytest.raises(OperationalError, match="database is locked"):
                        await connection.execute(insert(things).values(name="never"))
    finally:
        await engine.dispose()
