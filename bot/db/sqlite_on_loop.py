"""SQLite on the event loop's own thread: the part of aiosqlite's API that SQLAlchemy's aiosqlite dialect
uses, run in place instead of on a thread of its own.

Why: aiosqlite runs every cursor operation on its connection's thread, so one statement through
SQLAlchemy's async engine is about five thread hand-offs (cursor, execute, fetch, close, the pool's
reset), each a wake-up of another thread and back: 0.92 ms of CPU a statement against 0.24–0.32 ms run in
place, with SQLAlchemy's own work in both (`python -m benchmarks.statement_cost`), and an answer makes
about ten. Our statements are small (a row by key, a handful of rows by index, one INSERT); SQLite
answers them from the page cache in microseconds, so running them in place costs the loop less than
handing them over does.

What running in place must not do is wait: a connection that waits for another's write lock inside
SQLite's busy handler would stop the whole loop, including the coroutine holding the lock. So SQLite's
own busy timeout is 0 here, and a statement refused with SQLITE_BUSY is tried again after an
`asyncio.sleep`, until `lock_wait` seconds have passed (the same wait SQLite's busy timeout gave, now
without blocking). A refused statement did nothing, so it may be tried again, except when the refusal
ended the transaction it was in, or came part-way through an `executemany` inside one (its first rows
were written): those are raised at once, as is a stale snapshot (SQLITE_BUSY_SNAPSHOT), which no wait
cures. An `executemany` outside a transaction runs inside BEGIN IMMEDIATE … COMMIT, so a refusal part-way
can never leave some of its rows written and others not.

What still runs on the loop beside the statements themselves: opening a connection (and recovering the
WAL after a crash), and the WAL's automatic checkpoint, which the commit that fills it (every ~4 MB of
changes) runs, fsync included.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from types import TracebackType
from typing import Any, TypeVar

from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite
from sqlalchemy.engine import URL

T = TypeVar("T")

_SQLITE_BUSY = 5
_SQLITE_BUSY_SNAPSHOT = 5 | (2 << 8)
# Between tries of a statement refused for a lock: short at first (another coroutine's transaction of
# this process ends within a turn or two of the loop), longer while another process holds the lock.
_FIRST_RETRY_S = 0.001
_LONGEST_RETRY_S = 0.05


def _busy(error: sqlite3.OperationalError) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF == _SQLITE_BUSY and code != _SQLITE_BUSY_SNAPSHOT


class Connection:
    """One SQLite connection whose statements run on the caller's thread (the event loop's)."""

    def __init__(self, database: str, *, lock_wait: float, uri: bool = False) -> None:
        # isolation_level None: the driver begins no transaction of its own; SQLAlchemy sends BEGIN
        # (bot/db/engine.py). timeout 0: SQLite never waits for a lock on this thread (see above).
        # check_same_thread off: the pool may close a connection from whatever thread collects it.
        self._conn = sqlite3.connect(
            database, isolation_level=None, timeout=0, check_same_thread=False, uri=uri
        )
        self.lock_wait = lock_wait  # seconds a statement keeps trying while another holds the lock
        self._closed = False

    # What SQLAlchemy's dialect reads of aiosqlite's Connection: None once closed, so that a pool's
    # rollback of a connection already closed (terminated) is skipped, as it is for aiosqlite's.
    @property
    def _connection(self) -> sqlite3.Connection | None:
        return None if self._closed else self._conn

    @property
    def isolation_level(self) -> str | None:
        return self._conn.isolation_level

    @property
    def in_transaction(self) -> bool:
        return self._conn.in_transaction

    def cursor(self) -> _CursorOpening:
        return _CursorOpening(self)

    async def commit(self) -> None:
        await self.retrying(self._conn.commit)

    async def rollback(self) -> None:
        self._conn.rollback()  # never refused for a lock: it only lets go

    async def close(self) -> None:
        self.stop()

    def stop(self) -> None:
        self._closed = True
        self._conn.close()

    async def create_function(self, *args: Any, **kwargs: Any) -> None:
        self._conn.create_function(*args, **kwargs)

    @property
    def _tx(self) -> Any:
        """aiosqlite's queue to its thread, which SQLAlchemy's dialect uses to set an isolation level.
        There is no thread here, and SQLite's connections keep the driver's transactions off (see
        bot/db/engine.py): an isolation level set on SQLite is a mistake, said plainly."""
        raise NotImplementedError("isolation levels are not set on SQLite connections (bot/db/engine.py)")

    async def retrying(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)`, tried again while SQLite refuses it for a lock held elsewhere, up to `lock_wait`
        seconds; then SQLite's own "database is locked" error. Not tried again when the refused try had
        already written rows (an `executemany` refused part-way: a retry would write them twice), or when
        the refusal ended the transaction it was in (SQLite may roll one back on SQLITE_BUSY: the retry
        would run on its own, outside the transaction the caller believes is open)."""
        deadline: float | None = None
        pause = _FIRST_RETRY_S
        while True:
            in_transaction, written = self._conn.in_transaction, self._conn.total_changes
            try:
                return work(*args)
            except sqlite3.OperationalError as error:
                if (
                    not _busy(error)
                    or self._conn.total_changes != written
                    or (in_transaction and not self._conn.in_transaction)
                ):
                    raise
                now = time.monotonic()
                if deadline is None:
                    deadline = now + self.lock_wait
                if now >= deadline:
                    raise
                await asyncio.sleep(min(pause, deadline - now))
                pause = min(pause * 2, _LONGEST_RETRY_S)


class _CursorOpening(Awaitable["Cursor"]):
    """`connection.cursor()`, awaited or used as `async with` (as aiosqlite's `Result` is)."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection
        self._cursor: Cursor | None = None

    def __await__(self) -> Any:
        return self._open().__await__()

    async def _open(self) -> Cursor:
        return Cursor(self._connection)

    async def __aenter__(self) -> Cursor:
        self._cursor = Cursor(self._connection)
        return self._cursor

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._cursor is not None:
            await self._cursor.close()


class Cursor:
    """The part of aiosqlite's Cursor that SQLAlchemy uses."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection
        self._cursor = connection._conn.cursor()

    @property
    def description(self) -> Any:
        return self._cursor.description

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid

    @property
    def arraysize(self) -> int:
        return self._cursor.arraysize

    @arraysize.setter
    def arraysize(self, value: int) -> None:
        self._cursor.arraysize = value

    async def execute(self, sql: str, parameters: Sequence[Any] | None = None) -> Cursor:
        if parameters is None:
            await self._connection.retrying(self._cursor.execute, sql)
        else:
            await self._connection.retrying(self._cursor.execute, sql, parameters)
        return self

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> Cursor:
        rows = list(parameters)
        if self._connection.in_transaction:  # tried again only if refused before its first row
            await self._connection.retrying(self._cursor.executemany, sql, rows)
            return self
        await self._connection.retrying(self._cursor.execute, "BEGIN IMMEDIATE")
        try:
            self._cursor.executemany(sql, rows)  # the write lock is held: no refusal from here on
        except BaseException:
            self._connection._conn.rollback()
            raise
        await self._connection.commit()
        return self

    async def fetchone(self) -> Any:
        return self._cursor.fetchone()

    async def fetchmany(self, size: int | None = None) -> list[Any]:
        return self._cursor.fetchmany(size if size is not None else self._cursor.arraysize)

    async def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()

    async def close(self) -> None:
        self._cursor.close()


def connector(url: URL, *, lock_wait: float) -> Callable[[], Awaitable[Connection]]:
    """The `async_creator` for `create_async_engine`: each call opens one connection to the file `url`
    names, read as SQLAlchemy's SQLite dialect reads it (`sqlite:///file:…?mode=ro&uri=true` too); a
    `timeout` in the URL sets `lock_wait`."""
    arguments, options = SQLiteDialect_pysqlite().create_connect_args(url)
    (database,) = arguments
    lock_wait = float(options.get("timeout", lock_wait))
    uri = bool(options.get("uri", False))

    async def connect() -> Connection:
        return Connection(database, lock_wait=lock_wait, uri=uri)

    return connect
