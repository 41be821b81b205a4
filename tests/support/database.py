"""Databases for tests: every store test runs on SQLite **and** PostgreSQL.

`database` is parametrised over both. SQLite: a fresh file per test. PostgreSQL: a database copied from
a template migrated once per session; after a test it is emptied (DELETE) for the next one if its schema
and settings are still the template's, else dropped; all are dropped at the end of the session. The server is
`OFFICEBOT_TEST_POSTGRES_URL` (default: the local one, trust auth). With `CI=true` an unreachable server
fails the PostgreSQL tests; elsewhere they are skipped with the reason shown.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db import migrate
from bot.db.engine import create_engine
from bot.db.hr import SqlHrStore
from bot.db.url import Database, database_from
from bot.hr.bundled import bundled_data_path
from bot.hr.import_export import import_files

ADMIN_URL = os.environ.get("OFFICEBOT_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
BACKENDS = ("sqlite", "postgresql")


@dataclass
class ScratchDatabase:
    """A migrated, empty database: its URL as a person would write it, and an engine on it."""

    url: str
    database: Database
    engine: AsyncEngine


def asyncpg_dsn(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as the plain DSN asyncpg connects with (tests and benchmarks)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def url_for_database(url: str, name: str) -> str:
    """The same server URL, naming another database."""
    return make_url(url).set(database=name).render_as_string(hide_password=False)


class _Postgres:
    """The server, reached once per session: a template database migrated once, copied per test."""

    def __init__(self) -> None:
        self.template = f"officebot_tmpl_{uuid.uuid4().hex[:10]}"
        self.error: str | None = None
        self.ready = False
        self.clean: list[str] = []  # databases made from the template, emptied after use, ready again
        self.made: set[str] = set()  # every database made, dropped at the end of the session
        self.shape: tuple[object, ...] | None = None

    async def admin(self) -> asyncpg.Connection:
        return await asyncpg.connect(asyncpg_dsn(ADMIN_URL), timeout=5)

    def url_of(self, name: str) -> str:
        return url_for_database(ADMIN_URL, name)

    async def prepare(self) -> None:
        if self.ready or self.error:
            return
        try:
            connection = await self.admin()
        except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
            self.error = f"PostgreSQL at {ADMIN_URL} is unreachable ({exc.__class__.__name__}: {exc})"
            return
        try:
            await connection.execute(f'CREATE DATABASE "{self.template}"')
        finally:
            await connection.close()
        engine = create_engine(database_from(self.url_of(self.template), Path.cwd()))
        await migrate.upgrade(engine)
        await engine.dispose()
        self.ready = True

    async def create(self) -> str:
        if self.clean:
            return self.clean.pop()
        name = f"officebot_test_{uuid.uuid4().hex[:12]}"
        self.made.add(name)
        connection = await self.admin()
        try:
            # FILE_COPY: a third faster than WAL_LOG for a small template, and the copy needs no WAL.
            await connection.execute(
                f'CREATE DATABASE "{name}" TEMPLATE "{self.template}" STRATEGY FILE_COPY'
            )
            # A commit returns before its WAL reaches the disk: what a test sees is the same (only a server
            # crash could lose the last commits), and each commit stops waiting for an fsync.
            await connection.execute(f'ALTER DATABASE "{name}" SET {_TEST_DATABASE_SETTINGS}')
        finally:
            await connection.close()
        return name

    async def release(self, name: str) -> None:
        """A test is done with `name`: emptied for the next test when it is still exactly as migrated (the
        same tables, columns, indexes, privileges and revision, no database settings left behind), else
        dropped. Emptying takes ~25 ms where a copy of the template takes ~300 ms (a checkpoint each). One
        connection does it all (the server's superuser, as every test database is reached)."""
        if self.shape is None:
            self.shape = (_TEST_DATABASE_SETTINGS, (await self._shape_of(self.template, empty=False))[1])
        try:
            if await self._shape_of(name, empty=True) == self.shape:
                self.clean.append(name)
                return
        except (TimeoutError, OSError, asyncpg.PostgresError):
            pass  # whatever went wrong, a fresh copy is the safe answer
        await self.drop(name)

    async def _shape_of(self, name: str, *, empty: bool) -> tuple[object, ...]:
        """The database's settings and schema; with `empty`, its tables are emptied if they are the
        template's (in the same session, so nothing can come between the check and the emptying)."""
        connection = await asyncpg.connect(asyncpg_dsn(self.url_of(name)), timeout=5)
        try:
            # Sessions still open (a killed process's, a test's own) hold locks the emptying would wait for.
            await connection.execute(_CUT_SESSIONS, name)
            shape = (
                await connection.fetchval(_DATABASE_SETTINGS, name),
                await connection.fetchval(_SCHEMA_SHAPE),
            )
            if empty and shape == self.shape:
                await connection.execute("SET lock_timeout = '2s'")
                await connection.execute(_EMPTY_EVERY_TABLE)
            return shape
        finally:
            await connection.close()

    async def drop(self, name: str) -> None:
        connection = await self.admin()
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await connection.close()
        self.made.discard(name)


# What makes two databases interchangeable for a test: the columns, indexes, constraints, privileges and
# revision.
_SCHEMA_SHAPE = """
SELECT md5(
  coalesce((SELECT string_agg(table_name || '.' || column_name || ':' || data_type || ':' || is_nullable
                              || ':' || coalesce(column_default, ''), ',' ORDER BY table_name, column_name)
            FROM information_schema.columns WHERE table_schema NOT IN ('pg_catalog', 'information_schema')), '')
  || coalesce((SELECT string_agg(indexdef, ',' ORDER BY indexdef) FROM pg_indexes
               WHERE schemaname NOT IN ('pg_catalog', 'information_schema')), '')
  || coalesce((SELECT string_agg(conname || pg_get_constraintdef(oid), ',' ORDER BY conname)
               FROM pg_constraint WHERE connamespace = 'public'::regnamespace), '')
  || coalesce((SELECT string_agg(relname || coalesce(relacl::text, ''), ',' ORDER BY relname) FROM pg_class
               WHERE relnamespace = 'public'::regnamespace), '')
  || coalesce((SELECT nspacl::text FROM pg_namespace WHERE nspname = 'public'), '')
  || (SELECT count(*) FROM pg_default_acl)::text
  || coalesce((SELECT string_agg(version_num, ',') FROM alembic_version), '')
)
"""
_TEST_DATABASE_SETTINGS = "synchronous_commit=off"
_DATABASE_SETTINGS = """
SELECT string_agg(array_to_string(setconfig, ','), ';') FROM pg_db_role_setting s
JOIN pg_database d ON d.oid = s.setdatabase WHERE d.datname = $1
"""
_CUT_SESSIONS = (
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()"
)
_EMPTY_EVERY_TABLE = """
DO $$ DECLARE name text; BEGIN
  SET LOCAL session_replication_role = replica;  -- no foreign-key triggers: every table is emptied anyway
  FOR name IN SELECT format('%I.%I', schemaname, tablename) FROM pg_tables
              WHERE schemaname = 'public' AND tablename <> 'alembic_version' LOOP
    EXECUTE 'DELETE FROM ' || name;  -- a test's few rows: far cheaper than TRUNCATE's new files
  END LOOP;
  FOR name IN SELECT format('%I.%I', schemaname, sequencename) FROM pg_sequences WHERE schemaname = 'public' LOOP
    EXECUTE 'ALTER SEQUENCE ' || name || ' RESTART';
  END LOOP;
END $$
"""


_POSTGRES = _Postgres()


@pytest.fixture(scope="session", autouse=True)
def _drop_the_postgres_template() -> Iterator[None]:
    yield
    if _POSTGRES.ready:
        asyncio.run(_drop_all())


async def _drop_all() -> None:
    for name in sorted(_POSTGRES.made):
        await _POSTGRES.drop(name)
    await _POSTGRES.drop(_POSTGRES.template)


@asynccontextmanager
async def cut_off(db: ScratchDatabase) -> AsyncIterator[None]:
    """The PostgreSQL database goes away while inside: new connections are refused and open ones cut."""
    await _POSTGRES.prepare()
    require_postgres()
    name = str(db.database.url.database)
    admin = await _POSTGRES.admin()
    try:
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", name)
        yield
    finally:
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        await admin.close()


@asynccontextmanager
async def read_only(db: ScratchDatabase) -> AsyncIterator[None]:
    """The PostgreSQL database refuses writes while inside, as after a failover to a standby: every new
    session is read-only and the open ones are cut (the pool reconnects read-only), then the same back."""
    await _POSTGRES.prepare()
    require_postgres()
    name = str(db.database.url.database)
    admin = await _POSTGRES.admin()
    cut = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1"
    try:
        await admin.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
        await admin.execute(cut, name)
        yield
    finally:
        await admin.execute(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')
        await admin.execute(cut, name)  # sessions opened read-only reconnect writable
        await admin.close()


@contextmanager
def sqlite_write_locked(db: ScratchDatabase) -> Iterator[None]:
    """Another connection holds the SQLite file's write lock while inside (a large `data import` does)."""
    connection = sqlite3.connect(db.database.file, isolation_level=None)
    try:
        connection.execute("BEGIN IMMEDIATE")
        yield
    finally:
        connection.execute("ROLLBACK")
        connection.close()


def require_postgres() -> None:
    if _POSTGRES.error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{_POSTGRES.error}; CI must run the PostgreSQL tests")
        pytest.skip(f"{_POSTGRES.error}; set CI=true to make this a failure")


class _SqliteTemplates:
    """SQLite files made once per session (migrated; migrated and holding the demo data), copied per
    test: a copy takes a millisecond, a migration a hundred."""

    def __init__(self) -> None:
        self.folder: Path | None = None

    async def copy(self, seeded: bool, to: Path) -> None:
        if self.folder is None:
            self.folder = Path(tempfile_dir())
            for name, seed in (("empty.db", False), ("seeded.db", True)):
                engine = create_engine(database_from(f"sqlite:///{self.folder / name}", self.folder))
                await migrate.upgrade(engine)
                if seed:
                    await import_files(engine, [bundled_data_path()], replace_all=True)
                async with engine.begin() as connection:  # fold the WAL into the file before copying it
                    await connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
                await engine.dispose()
        shutil.copy(self.folder / ("seeded.db" if seeded else "empty.db"), to)


def tempfile_dir() -> str:
    return tempfile.mkdtemp(prefix="officebot-test-templates-")


_SQLITE = _SqliteTemplates()


@pytest.fixture(scope="session", autouse=True)
def _drop_the_sqlite_templates() -> Iterator[None]:
    yield
    if _SQLITE.folder is not None:
        shutil.rmtree(_SQLITE.folder, ignore_errors=True)


async def make_test_database(backend: str, tmp_path: Path, *, seeded: bool = False) -> ScratchDatabase:
    if backend == "sqlite":
        path = tmp_path / f"officebot-test-{uuid.uuid4().hex[:8]}.db"
        await _SQLITE.copy(seeded, path)
        url = f"sqlite:///{path}"
        database = database_from(url, tmp_path)
        return ScratchDatabase(url, database, create_engine(database))
    await _POSTGRES.prepare()
    require_postgres()
    url = _POSTGRES.url_of(await _POSTGRES.create())
    database = database_from(url, tmp_path)
    db = ScratchDatabase(url, database, create_engine(database))
    if seeded:
        await import_files(db.engine, [bundled_data_path()], replace_all=True)
    return db


async def release_test_database(db: ScratchDatabase) -> None:
    await db.engine.dispose()
    if db.database.url.get_backend_name() == "postgresql":
        await _POSTGRES.release(str(db.database.url.database))


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[ScratchDatabase]:
    """A migrated, empty database on each backend in turn."""
    db = await make_test_database(request.param, tmp_path)
    try:
        yield db
    finally:
        await release_test_database(db)


@pytest.fixture(params=BACKENDS)
async def seeded_database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[ScratchDatabase]:
    """A migrated database holding the bundled demo data, on each backend in turn."""
    db = await make_test_database(request.param, tmp_path, seeded=True)
    try:
        yield db
    finally:
        await release_test_database(db)


@asynccontextmanager
async def _seeded(backend: str, tmp_path: Path) -> AsyncIterator[ScratchDatabase]:
    db = await make_test_database(backend, tmp_path, seeded=True)
    try:
        yield db
    finally:
        await release_test_database(db)


@pytest.fixture
async def seeded_postgres(tmp_path: Path) -> AsyncIterator[ScratchDatabase]:
    """A migrated PostgreSQL database holding the demo data (the tests that need several processes)."""
    async with _seeded("postgresql", tmp_path) as db:
        yield db


@pytest.fixture
async def seeded_sqlite(tmp_path: Path) -> AsyncIterator[ScratchDatabase]:
    async with _seeded("sqlite", tmp_path) as db:
        yield db


@pytest.fixture
async def hr(tmp_path: Path) -> AsyncIterator[SqlHrStore]:
    """The bundled demo data served from an embedded (SQLite) database: the store most tests use."""
    db = await make_test_database("sqlite", tmp_path, seeded=True)
    try:
        yield SqlHrStore(db.engine)
    finally:
        await release_test_database(db)
