"""The async engine, set up so that a transaction really is one, on both databases.

SQLite: statements run on the event loop's thread (`bot.db.sqlite_on_loop`: a statement costs a quarter
of the CPU it did on aiosqlite's thread, and a lock held elsewhere is waited for with `asyncio.sleep`,
never by blocking the loop). Python's sqlite3 would run DDL outside any transaction and begin
transactions lazily; following SQLAlchemy's documented recipe, the driver's own transaction handling is
switched off (the connection opens with `isolation_level=None`) and SQLAlchemy emits BEGIN itself, so a
migration or an import is all-or-nothing there too. WAL lets readers go on while one writer commits, and
foreign keys are enforced. PostgreSQL: connections are
checked before use, so the pool recovers by itself after the server restarts.

Both: a failed statement's error never carries its parameters (`hide_parameters`). They are questions,
Slack user ids, employee ids and emails, and the error's text ends up in logs and tracebacks.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import event, false, func, select, text, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from bot.db import sqlite_on_loop
from bot.db.tables import inbox
from bot.db.url import Database

# How long a SQLite writer waits for another to finish before giving up (seconds).
SQLITE_LOCK_WAIT = 10.0
# How long to wait for PostgreSQL to accept a connection before calling it unreachable, and for one
# statement before giving up on it (a stalled connection must not hang an answer).
CONNECT_TIMEOUT_S = 10
STATEMENT_TIMEOUT_S = 60
# How long the write check waits for a lock before calling the database not ready. A question's own write
# waits longer (SQLITE_LOCK_WAIT), but a lock held this long already holds up every question.
WRITE_CHECK_TIMEOUT = 2.0  # seconds: a write lock held longer by another connection reads as not ready


def create_engine(database: Database) -> AsyncEngine:
    if database.is_sqlite:
        # No rollback when a connection goes back to the pool: `engine.connect()` already rolls back an
        # open transaction on close, and an extra statement per checkout is CPU for nothing.
        engine = create_async_engine(
            database.url,
            async_creator=sqlite_on_loop.connector(database.url, lock_wait=SQLITE_LOCK_WAIT),
            hide_parameters=True,
            pool_reset_on_return=None,
        )
        _make_sqlite_transactional(engine)
        return engine
    return create_async_engine(
        database.url,
        hide_parameters=True,
        pool_pre_ping=True,
        pool_size=10,
        max_overflow=10,
        connect_args={"timeout": CONNECT_TIMEOUT_S, "command_timeout": STATEMENT_TIMEOUT_S},
    )


def _make_sqlite_transactional(engine: AsyncEngine) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def on_begin(connection: Any) -> None:
        options = connection.get_execution_options()
        if options.get(_WRITER):
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        elif not options.get(_SINGLE_STATEMENT):
            connection.exec_driver_sql("BEGIN")


# Marks a SQLite connection whose statement runs in the driver's own autocommit mode (no BEGIN is sent).
_SINGLE_STATEMENT = "officebot_single_statement"
# Marks a transaction that will write after reading (an import, a migration): on SQLite it takes the write
# lock at BEGIN, so it waits its turn instead of failing when another writer commits in between.
_WRITER = "officebot_writer"


@asynccontextmanager
async def writing(engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """One transaction that reads, then writes, all or nothing (`engine.begin()`, with the write lock
    taken up front on SQLite)."""
    async with engine.connect() as connection, writing_on(connection):
        yield connection


@asynccontextmanager
async def writing_on(connection: AsyncConnection) -> AsyncIterator[AsyncConnection]:
    """`writing`, on a connection the caller holds."""
    await connection.execution_options(**{_WRITER: True, _SINGLE_STATEMENT: False})
    async with connection.begin():
        yield connection


async def outside_transaction(connection: AsyncConnection, sql: str) -> None:
    """One statement with no transaction around it: SQLite ignores some PRAGMAs inside one."""
    await connection.execution_options(**{_SINGLE_STATEMENT: True, _WRITER: False})
    await connection.exec_driver_sql(sql)
    await connection.commit()  # ends SQLAlchemy's bookkeeping; the driver had nothing open


@asynccontextmanager
async def single_statement(engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """A connection for one statement that needs no transaction around it (a read, or one INSERT): the
    database makes a single statement atomic by itself, and skipping BEGIN / COMMIT saves round trips.
    Anything that must see or change several rows together uses `engine.begin()`.

    SQLite's driver is already in autocommit mode here (see above), so only our BEGIN is left out, which
    costs nothing; PostgreSQL gets SQLAlchemy's AUTOCOMMIT, a flag on the asyncpg connection."""
    async with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            yield await connection.execution_options(**{_SINGLE_STATEMENT: True})
        else:
            yield await connection.execution_options(isolation_level="AUTOCOMMIT")


async def write_refused(engine: AsyncEngine, lock_timeout: float = WRITE_CHECK_TIMEOUT) -> str | None:
    """None if the database takes a write now, else why not in a few words (never any data): the readiness
    check, so that a load balancer stops sending questions to a process that could not record them.

    `SELECT 1` is not enough: a PostgreSQL standby after a failover, or one set to
    `default_transaction_read_only`, answers reads and refuses every write. So this opens a write
    transaction the way recording a question does, and rolls it back, leaving nothing behind:

    - An UPDATE of the inbox that matches no row. PostgreSQL refuses it before looking at any row when the
      transaction is read-only (a standby, `default_transaction_read_only`) or the role may not write the
      table; SQLite when the file is open read-only (BEGIN IMMEDIATE alone succeeds there, tried).
    - PostgreSQL: then a transaction id, which every real write needs: a standby, or a server guarding
      against transaction id wraparound, refuses to hand one out. Rolling back costs one abort record.
    - SQLite: BEGIN IMMEDIATE takes the write lock first; a lock held longer than
      `lock_timeout` seconds by another connection reads as not ready.

    Not reaching the database at all raises, as any query would."""
    lock_timeout_ms = max(1, round(lock_timeout * 1000))
    async with engine.connect() as connection:
        sqlite = engine.dialect.name == "sqlite"
        on_loop = (await connection.get_raw_connection()).driver_connection
        if isinstance(on_loop, sqlite_on_loop.Connection):  # this connection only, put back below
            own_lock_wait, on_loop.lock_wait = on_loop.lock_wait, lock_timeout
        try:
            await connection.execution_options(**{_WRITER: True, _SINGLE_STATEMENT: False})
            transaction = await connection.begin()  # BEGIN IMMEDIATE on SQLite
            try:
                if not sqlite:
                    await connection.execute(text(f"SET LOCAL lock_timeout = {lock_timeout_ms}"))
                await connection.execute(update(inbox).where(false()).values(state=inbox.c.state))
                if not sqlite:
                    await connection.execute(select(func.pg_current_xact_id()))
            finally:
                await transaction.rollback()
        except DBAPIError as exc:
            if exc.connection_invalidated:  # the connection broke: unreachable, not refusing
                raise
            return f"database refuses writes ({_why(exc)})"
        finally:
            if isinstance(on_loop, sqlite_on_loop.Connection):
                on_loop.lock_wait = own_lock_wait
    return None


# PostgreSQL's SQLSTATEs and SQLite's primary result codes for "read-only" and "locked".
_READ_ONLY = {"25006", 8}  # read_only_sql_transaction; SQLITE_READONLY
_LOCKED = {"55P03", 5, 6}  # lock_not_available; SQLITE_BUSY, SQLITE_LOCKED
_NOT_ALLOWED = {"42501"}  # insufficient_privilege: the role may read but not write


def _why(exc: DBAPIError) -> str:
    """A few words for the refusal; the driver's message may quote data, so it is never used."""
    code = getattr(exc.orig, "sqlstate", None) or getattr(exc.orig, "sqlite_errorcode", None)
    if isinstance(code, int):
        code &= 0xFF  # SQLite's extended codes carry the primary code in the low byte
    if code in _READ_ONLY:
        return "read-only"
    if code in _LOCKED:
        return "locked"
    if code in _NOT_ALLOWED:
        return "permission denied"
    return exc.orig.__class__.__name__ if exc.orig is not None else exc.__class__.__name__
