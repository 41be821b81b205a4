"""Databases for tests: every store test runs on SQLite **and** PostgreSQL.

`database` is parametrised over both. SQLite: a fresh file per test. PostgreSQL: a fresh database per
test, copied from a template that is migrated once per session, dropped afterwards. The server is
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
        name = f"officebot_test_{uuid.uuid4().hex[:12]}"
        connection = await self.admin()
        try:
            await connection.execute(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"')
        finally:
            await connection.close()
        return name

    async def drop(self, name: str) -> None:
        connection = await self.admin()
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await connection.close()


_POSTGRES = _Postgres()


@pytest.fixture(scope="session", autouse=True)
def _drop_the_postgres_template() -> Iterator[None]:
    yield
    if _POSTGRES.ready:
        asyncio.run(_POSTGRES.drop(_POSTGRES.template))


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
        await _POSTGRES.drop(str(db.database.url.database))


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
