"""Databases for tests: every store test runs on SQLite **and** PostgreSQL.

`database` is parametrised over both. SQLite: a fresh file per test. PostgreSQL: a database copied from
a template migrated once per session (while the tests are collected); after a test it is emptied (DELETE),
and the demo data copied back in for a seeded one, on a thread of its own while the next test runs, if its
schema and settings are still the template's, else dropped; all are dropped at the end of the session. The
server is `OFFICEBOT_TEST_POSTGRES_URL` (default: the local one, trust auth). With `CI=true` an unreachable
server fails the PostgreSQL tests; elsewhere they are skipped with the reason shown.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import shutil
import sqlite3
import tempfile
import threading
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db import migrate
from bot.db.engine import create_engine
from bot.db.hr import SqlHrStore
from bot.db.import_export import import_files
from bot.db.url import Database, database_from
from bot.hr.bundled import bundled_data_path

ADMIN_URL = os.environ.get("OFFICEBOT_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
# Every server a test reaches is on loopback (tests/conftest.py refuses any other address), where TLS guards
# nothing: without asyncpg's default attempt at it, each of the suite's ~500 PostgreSQL connections saves a
# round trip and an SSL context (~0.6 ms of CPU), or a whole handshake on a server with ssl=on (Debian's
# default). A PGSSLMODE already set, or a URL's sslmode, still wins. Processes the tests start inherit it.
os.environ.setdefault("PGSSLMODE", "disable")
BACKENDS = ("sqlite", "postgresql")
T = TypeVar("T")


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
    """The server, worked from a thread of its own: a template database migrated once per session, copies
    of it handed to tests and, after each test, emptied (and the demo data copied back in, for a seeded
    one) for the next test while that one runs. The tests' loops only hand names over: the server's work
    (copying, checking, emptying, refilling, dropping) overlaps the tests instead of adding to them."""

    def __init__(self) -> None:
        self.template = f"officebot_tmpl_{uuid.uuid4().hex[:10]}"
        self.error: str | None = None
        self._thread: threading.Thread | None = None
        self._loop = asyncio.new_event_loop()
        self._prepared: concurrent.futures.Future[None] | None = None
        self._handed_back: list[str] = []  # by the test running now
        # Touched on the thread's loop only. Keys `seeded`: whether a database holds the demo data.
        self._admin: asyncpg.Connection | None = None
        self._ready: dict[bool, list[str]] = {False: [], True: []}  # ready for a test
        self._cleaning = {False: 0, True: 0}  # handed back, being checked and emptied
        self._making = {False: 0, True: 0}  # being copied from the template
        self._lent: dict[str, bool] = {}  # handed to a test
        self._keepers: dict[str, asyncpg.Connection] = {}  # one session on each database, kept warm
        self._made: set[str] = set()  # every database made, dropped at the end of the session
        self._failure: BaseException | None = None  # the last copy or drop failed: the server is in trouble
        self._changed: asyncio.Condition | None = None
        self._shape: tuple[object, ...] | None = None
        self._seed: _Seed | None = None
        self._seeding: asyncio.Lock | None = None
        self._admin_busy: asyncio.Lock | None = None  # one statement at a time on the admin session

    def url_of(self, name: str) -> str:
        return url_for_database(ADMIN_URL, name)

    async def admin(self) -> asyncpg.Connection:
        """A connection to the server on the caller's loop (the tests that cut a database off)."""
        return await asyncpg.connect(asyncpg_dsn(ADMIN_URL), timeout=5)

    def start(self) -> concurrent.futures.Future[None]:
        """Starts the thread, which migrates the template and then copies it for the first test; once."""
        if self._prepared is None:
            self._thread = threading.Thread(target=self._loop.run_forever, name="test-postgres", daemon=True)
            self._thread.start()
            self._prepared = self._submit(self._prepare())
        return self._prepared

    @property
    def started(self) -> bool:
        return self._prepared is not None

    async def prepare(self) -> None:
        """Returns once the template is migrated (at once after the first time)."""
        await asyncio.wrap_future(self.start())

    async def acquire(self, *, seeded: bool) -> str:
        """A database as migrated, empty or holding the demo data; waits for one being emptied, or made."""
        return await asyncio.wrap_future(self._submit(self._acquire(seeded)))

    def release(self, name: str) -> None:
        """The test is done with `name`: once its teardown is over (a bot still running on it stops
        first), the database is emptied for the next test, or dropped, on the thread."""
        self._handed_back.append(name)

    def after_teardown(self) -> None:
        for name in self._handed_back:
            self._loop.call_soon_threadsafe(self._start_release, name)
        self._handed_back.clear()

    def close(self) -> None:
        """Drops every database the session made and stops the thread."""
        self.after_teardown()
        if self._thread is not None:
            try:
                self._submit(self._close()).result(timeout=120)
            finally:
                self._loop.call_soon_threadsafe(self._loop.stop)
                self._thread.join(timeout=10)
        if self._thread is None or not self._thread.is_alive():
            self._loop.close()

    def _submit(self, coroutine: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop)

    # On the thread's loop from here on.

    async def _prepare(self) -> None:
        self._changed = asyncio.Condition()
        self._seeding = asyncio.Lock()
        self._admin_busy = asyncio.Lock()
        try:
            self._admin = await asyncpg.connect(asyncpg_dsn(ADMIN_URL), timeout=5)
        except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
            self.error = f"PostgreSQL at {ADMIN_URL} is unreachable ({exc.__class__.__name__}: {exc})"
            return
        await self._on_admin(f'CREATE DATABASE "{self.template}"')
        engine = create_engine(database_from(self.url_of(self.template), Path.cwd()))
        await migrate.upgrade(engine)
        await engine.dispose()
        # Before any copy: CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
        connection = await asyncpg.connect(asyncpg_dsn(self.url_of(self.template)), timeout=5)
        try:
            self._shape = (_TEST_DATABASE_SETTINGS, await connection.fetchval(_SCHEMA_SHAPE))
        finally:
            await connection.close()
        # The first test's, on its way: seeded, as most are (and one of the other kind is emptied in ms).
        self._start(self._make(seeded=True), self._making, True)

    async def _acquire(self, seeded: bool) -> str:
        assert self._changed is not None
        async with self._changed:
            while True:
                if self._ready[seeded]:
                    name = self._ready[seeded].pop()
                    break
                if self._cleaning[seeded]:
                    pass  # one of this kind is nearly ready: a few milliseconds
                elif self._ready[not seeded]:
                    name = self._ready[not seeded].pop()
                    try:  # of the other kind: emptied, and the demo data copied in if asked
                        await self._on(name, self._refill, seeded)
                        break
                    except _LOST:
                        await self._drop(name)
                        continue
                elif self._failure is not None:
                    raise RuntimeError("no test database can be made") from self._failure
                elif not self._making[seeded]:
                    self._start(self._make(seeded), self._making, seeded)
                await self._changed.wait()
        self._lent[name] = seeded
        self._keep_a_spare(seeded)
        return name

    def _keep_a_spare(self, seeded: bool) -> None:
        """Another database is made while none is ready or on its way: a test that needs a second one at
        once (or the next test, after a drop) takes it instead of waiting ~300 ms for a copy."""
        if (
            not any(self._ready.values())
            and not any(self._cleaning.values())
            and not any(self._making.values())
        ):
            self._start(self._make(seeded), self._making, seeded)

    def _start(self, job: Coroutine[Any, Any, None], counter: dict[bool, int], seeded: bool) -> None:
        """Runs `job` (which makes or empties a database) as a task, counted until it is done."""
        counter[seeded] += 1

        async def counted() -> None:
            try:
                await job
            except BaseException as exc:  # waiting tests are told, and the session still ends
                self._failure = exc
            finally:
                assert self._changed is not None
                async with self._changed:
                    counter[seeded] -= 1
                    self._changed.notify_all()

        self._loop.create_task(counted())

    def _start_release(self, name: str) -> None:
        seeded = self._lent.pop(name)
        self._start(self._release(name, seeded), self._cleaning, seeded)

    async def _make(self, seeded: bool) -> None:
        """A new copy of the template, ready for a test."""
        name = f"officebot_test_{uuid.uuid4().hex[:12]}"
        self._made.add(name)
        # FILE_COPY: a third faster than WAL_LOG for a small template, and the copy needs no WAL.
        await self._on_admin(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}" STRATEGY FILE_COPY')
        # A commit returns before its WAL reaches the disk: what a test sees is the same (only a server
        # crash could lose the last commits), and each commit stops waiting for an fsync.
        await self._on_admin(f'ALTER DATABASE "{name}" SET {_TEST_DATABASE_SETTINGS}')
        if seeded:
            await self._on(name, self._refill, True)
        self._ready[seeded].append(name)
        self._failure = None  # the server is back

    async def _release(self, name: str, seeded: bool) -> None:
        """Emptied (and refilled with the demo data if it held them) for the next test when it is still
        exactly as migrated (the same tables, columns, indexes, privileges and revision, no database
        settings left behind), else dropped. Emptying takes a few milliseconds on the kept session, a
        copy of the template or a drop ~300."""
        try:
            if await self._on(name, self._check_and_refill, seeded):
                self._ready[seeded].append(name)
                return
        except _LOST:
            pass  # whatever went wrong, a fresh copy is the safe answer
        await self._drop(name)
        self._keep_a_spare(seeded)

    async def _check_and_refill(self, connection: asyncpg.Connection, name: str, seeded: bool) -> bool:
        # Sessions still open (a killed process's, a test's own) hold locks the emptying would wait for.
        await connection.execute(_CUT_SESSIONS, name)
        shape = (
            await connection.fetchval(_DATABASE_SETTINGS, name),
            await connection.fetchval(_SCHEMA_SHAPE),
        )
        if shape != self._shape:
            return False
        # In the same session as the check, so nothing can come between it and the emptying.
        await self._refill(connection, name, seeded)
        return True

    async def _refill(self, connection: asyncpg.Connection, name: str, seeded: bool) -> None:
        """Every table emptied and its sequences restarted; with `seeded`, the demo data copied back in
        (imported into the first such database, and its rows kept: a copy takes a few milliseconds of
        the server's time, an import through SQLAlchemy ~30 ms and ~12 ms of the test process's CPU)."""
        async with connection.transaction():
            await connection.execute(_EMPTY_EVERY_TABLE)
            if seeded and self._seed is not None:
                await self._seed.restore(connection)
        if seeded and self._seed is None:
            assert self._seeding is not None
            async with self._seeding:  # the first two to need them import them once
                if self._seed is None:
                    engine = create_engine(database_from(self.url_of(name), Path.cwd()))
                    try:
                        await import_files(engine, [bundled_data_path()], replace_all=True)
                    finally:
                        await engine.dispose()
                    self._seed = await _Seed.take(connection)
                else:
                    async with connection.transaction():
                        await self._seed.restore(connection)

    async def _on(
        self, name: str, work: Callable[[asyncpg.Connection, str, bool], Awaitable[T]], seeded: bool
    ) -> T:
        """`work(session, name, seeded)` on the session kept open on `name` (a new one when a test cut that
        one off): a warm session checks the schema in ~2 ms, a new one in ~10 more (cold catalog caches)."""
        connection = self._keepers.get(name)
        if connection is None or connection.is_closed():
            connection = await asyncpg.connect(asyncpg_dsn(self.url_of(name)), timeout=5)
            await connection.execute("SET lock_timeout = '2s'")
            self._keepers[name] = connection
        return await work(connection, name, seeded)

    async def _drop(self, name: str) -> None:
        keeper = self._keepers.pop(name, None)
        if keeper is not None:
            keeper.terminate()
        await self._on_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self._made.discard(name)

    async def _on_admin(self, statement: str) -> None:
        assert self._admin is not None and self._admin_busy is not None
        async with self._admin_busy:
            await self._admin.execute(statement)

    async def _close(self) -> None:
        if self._admin is None:
            return
        assert self._changed is not None
        async with self._changed:
            await self._changed.wait_for(
                lambda: not any(self._cleaning.values()) and not any(self._making.values())
            )
        for name in sorted(self._made):
            await self._drop(name)
        await self._on_admin(f'DROP DATABASE IF EXISTS "{self.template}" WITH (FORCE)')
        await self._admin.close()


# What a kept session may run into: its database cut off by a test, the server gone, a statement refused.
_LOST = (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError)


@dataclass
class _Seed:
    """The rows of every table the demo data fill (PostgreSQL's binary COPY) and every sequence's place."""

    tables: list[tuple[str, bytes]]
    sequences: list[tuple[str, int, bool]]

    @classmethod
    async def take(cls, connection: asyncpg.Connection) -> _Seed:
        tables = []
        for table in await connection.fetch(_TABLES):
            chunks: list[bytes] = []

            async def keep(chunk: bytes, into: list[bytes] = chunks) -> None:
                into.append(chunk)

            copied = await connection.copy_from_table(table["name"], output=keep, format="binary")
            if copied != "COPY 0":
                tables.append((table["name"], b"".join(chunks)))
        sequences = []
        for sequence in await connection.fetch(_SEQUENCES):
            value, called = await connection.fetchrow(f"SELECT last_value, is_called FROM {sequence['name']}")
            sequences.append((sequence["name"], value, called))
        return cls(tables, sequences)

    async def restore(self, connection: asyncpg.Connection) -> None:
        """Into emptied tables, in the caller's transaction; with fresh statistics, as the importer leaves."""
        await connection.execute("SET LOCAL session_replication_role = replica")  # no foreign-key triggers
        for table, rows in self.tables:

            async def source(rows: bytes = rows) -> AsyncIterator[bytes]:
                yield rows

            await connection.copy_to_table(table, source=source(), format="binary")
        for sequence, value, called in self.sequences:
            await connection.execute("SELECT setval($1, $2, $3)", sequence, value, called)
        await connection.execute("ANALYZE " + ", ".join(f'"{table}"' for table, _ in self.tables))


# What makes two databases interchangeable for a test: the columns (with their types, defaults and
# nullability), indexes, constraints, privileges and revision. From the catalogs: information_schema's views
# take three times as long (~6 ms a check).
_SCHEMA_SHAPE = """
SELECT md5(
  coalesce((SELECT string_agg(a.attrelid::regclass::text || '.' || a.attname || ':'
                              || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull || ':'
                              || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ',' ORDER BY 1)
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            WHERE c.relnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace,
                                         'pg_toast'::regnamespace)
              AND a.attnum > 0 AND NOT a.attisdropped), '')
  || coalesce((SELECT string_agg(pg_get_indexdef(i.indexrelid), ',' ORDER BY 1)
               FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
               WHERE c.relnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace,
                                            'pg_toast'::regnamespace)), '')
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
  -- setval, not ALTER SEQUENCE … RESTART, which gives each sequence a new file: a quarter of the time.
  PERFORM setval(format('%I.%I', schemaname, sequencename), start_value, false) FROM pg_sequences
  WHERE schemaname = 'public';
END $$
"""
_TABLES = (
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'alembic_version'"
)
_SEQUENCES = (
    "SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'"
)


_POSTGRES = _Postgres()


def pytest_itemcollected(item: pytest.Item) -> None:
    """The first test collected that runs on PostgreSQL starts the template's migration, which then goes
    on while the rest are collected (a second or two in the whole suite) instead of in that test."""
    if _POSTGRES.started or item.config.option.collectonly:
        return
    if "postgresql" in getattr(getattr(item, "callspec", None), "params", {}).values():
        import alembic.command  # noqa: F401  # here, not on the thread, while this thread imports modules too

        _POSTGRES.start()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Tests start once the migration is over: Alembic keeps its context in module globals, and some tests
    migrate databases of their own."""
    if _POSTGRES.started:
        concurrent.futures.wait([_POSTGRES.start()])  # a failure is the first PostgreSQL test's to report


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    yield
    _POSTGRES.after_teardown()


def pytest_sessionfinish(session: pytest.Session) -> None:
    _POSTGRES.close()


@asynccontextmanager
async def cut_off(db: ScratchDatabase) -> AsyncIterator[None]:
    """The PostgreSQL database goes away while inside: new connections are refused and open ones cut."""
    await _POSTGRES.prepare()
    require_postgres()
    name = str(db.database.url.database)
    admin = await _POSTGRES.admin()
    try:
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        await admin.execute(_CUT_SESSIONS, name)
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
    try:
        await admin.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
        await admin.execute(_CUT_SESSIONS, name)
        yield
    finally:
        await admin.execute(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')
        await admin.execute(_CUT_SESSIONS, name)  # sessions opened read-only reconnect writable
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
            self.folder = folder = Path(tempfile_dir())
            # One migration: the seeded file starts as a copy of the migrated one.
            await self._made(folder / "empty.db", migrate.upgrade)
            shutil.copy(folder / "empty.db", folder / "seeded.db")
            await self._made(
                folder / "seeded.db", lambda e: import_files(e, [bundled_data_path()], replace_all=True)
            )
        shutil.copy(self.folder / ("seeded.db" if seeded else "empty.db"), to)

    @staticmethod
    async def _made(path: Path, work: Callable[[AsyncEngine], Awaitable[object]]) -> None:
        engine = create_engine(database_from(f"sqlite:///{path}", path.parent))
        await work(engine)
        async with engine.begin() as connection:  # fold the WAL into the file before copying it
            await connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        await engine.dispose()


def tempfile_dir() -> str:
    return tempfile.mkdtemp(prefix="officebot-test-templates-")


_SQLITE = _SqliteTemplates()


@pytest.fixture(scope="session", autouse=True)
def _drop_the_sqlite_templates() -> Iterator[None]:
    yield
    if _SQLITE.folder is not None:
        shutil.rmtree(_SQLITE.folder, ignore_errors=True)


async def seeded_embedded_database(folder: Path) -> Path:
    """`folder`'s embedded database (`officebot.db`, what the commands open there by default) holding the
    demo data, as `officebot data import fixtures/employees.json` would leave it: a copy of the template."""
    path = folder / "officebot.db"
    await _SQLITE.copy(True, path)
    return path


async def make_test_database(backend: str, tmp_path: Path, *, seeded: bool = False) -> ScratchDatabase:
    if backend == "sqlite":
        path = tmp_path / f"officebot-test-{uuid.uuid4().hex[:8]}.db"
        await _SQLITE.copy(seeded, path)
        url = f"sqlite:///{path}"
        database = database_from(url, tmp_path)
        return ScratchDatabase(url, database, create_engine(database))
    await _POSTGRES.prepare()
    require_postgres()
    url = _POSTGRES.url_of(await _POSTGRES.acquire(seeded=seeded))
    database = database_from(url, tmp_path)
    return ScratchDatabase(url, database, create_engine(database))


async def release_test_database(db: ScratchDatabase) -> None:
    """The test is done with `db`. A PostgreSQL database is emptied for the next test (or dropped) after
    this test's teardown, while the next test runs: no teardown waits for the server."""
    await db.engine.dispose()
    if db.database.url.get_backend_name() == "postgresql":
        _POSTGRES.release(str(db.database.url.database))


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
