"""Opening the database: reachable, its schema current, its HR data in place (the embedded default
migrated and seeded on first use, OFFICEBOT_DATA's copy made and removed), and the schema's commands."""

from __future__ import annotations

import contextlib
import logging
import os
import re
import shutil
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.config import Settings
from bot.db import migrate
from bot.db.engine import create_engine
from bot.db.import_export import ImportRefused, import_files
from bot.db.tables import employees
from bot.db.url import Database, embedded_database
from bot.errors import ConfigError
from bot.hr.bundled import bundled_data_path

log = logging.getLogger(__name__)


@asynccontextmanager
async def open_database(settings: Settings, *, seed_when_empty: bool = False) -> AsyncIterator[AsyncEngine]:
    """The database, ready to serve: reachable, its schema current, its HR data in place.

    - OFFICEBOT_DATABASE_URL: must already be migrated (`officebot db upgrade`); never seeded.
    - Unset: the embedded SQLite file in the working directory, migrated here on first use, and (when
      `seed_when_empty`, i.e. for serving rather than for `officebot data …`) seeded from the bundled demo
      data while it holds no employee.
    - OFFICEBOT_DATA=file.json: a fresh embedded database in a temporary folder holding exactly that file,
      removed at exit; copies left by processes that died without exiting are removed first.
    Every problem is one line (ConfigError) naming the variable to fix."""
    with contextlib.ExitStack() as scratch:
        database = settings.database
        if settings.data_path is not None:
            _remove_stale_data_copies()
            database = embedded_database(scratch.enter_context(_data_copy()))
        engine = create_engine(database)
        try:
            await _check_reachable(engine, database)
            try:
                if database.embedded:
                    before, after = await migrate.upgrade(engine)
                    if before != after:
                        log.info("migrated %s to schema revision %s", database.describe(), after)
                else:
                    await migrate.check_schema(engine)
            except migrate.SchemaMismatch as exc:
                raise ConfigError(str(exc)) from None
            if settings.data_path is not None:
                await _import_data_file(engine, settings.data_path)
            elif database.embedded and seed_when_empty and await _holds_no_employee(engine):
                await import_files(engine, [bundled_data_path()], replace_all=True)
                log.info("seeded the embedded database %s with the bundled demo data", database.describe())
            yield engine
        finally:
            await engine.dispose()


# OFFICEBOT_DATA's temporary folders: `officebot-data-<pid>-<random>`, holding a marker file that repeats
# the pid. Both must agree before a folder is taken for ours, so nothing else in the temp dir is touched.
_DATA_COPY_PREFIX = "officebot-data-"
_DATA_COPY_NAME = re.compile(r"officebot-data-([0-9]+)-[^/]+")
_DATA_COPY_MARKER = "officebot-data.pid"
# The copies this process has open: never stale, although their pid is alive (it is ours).
_open_data_copies: set[Path] = set()


@contextlib.contextmanager
def _data_copy() -> Iterator[Path]:
    """A temporary folder for OFFICEBOT_DATA's database, marked with this process's pid, removed at exit."""
    pid = os.getpid()
    with tempfile.TemporaryDirectory(prefix=f"{_DATA_COPY_PREFIX}{pid}-") as name:
        folder = Path(name)
        # Known as open before the marker says it is ours: another thread of this process cleaning up
        # meanwhile sees either no marker or an open copy, never a stale one.
        _open_data_copies.add(folder)
        try:
            (folder / _DATA_COPY_MARKER).write_text(f"{pid}\n", encoding="ascii")
            yield folder
        finally:
            _open_data_copies.discard(folder)


def _remove_stale_data_copies() -> None:
    """Removes OFFICEBOT_DATA folders whose process is gone. A clean exit removes its own folder, but a
    process killed (kill -9, a crash, the machine stopping) leaves it, with a copy of the HR data (personal
    data) and the questions it held. Only folders of our own making are touched: our name, our marker
    naming the same pid, owned by this user; a folder whose process still runs is left alone."""
    for folder in Path(tempfile.gettempdir()).glob(f"{_DATA_COPY_PREFIX}*"):
        pid = _data_copy_pid(folder)
        if pid is None or folder in _open_data_copies:
            continue
        # Our own pid on a folder this process did not make: an earlier process had it (a container's
        # pid 1, restarted with its /tmp kept), so that one is gone.
        if pid != os.getpid() and _running(pid):
            continue
        shutil.rmtree(folder, ignore_errors=True)
        log.info("removed %s, a copy of OFFICEBOT_DATA left by process %d, which is gone", folder, pid)


def _data_copy_pid(folder: Path) -> int | None:
    """The pid that made `folder`, if it is one of our OFFICEBOT_DATA folders; None for anything else."""
    match = _DATA_COPY_NAME.fullmatch(folder.name)
    if match is None:
        return None
    try:
        if not folder.is_dir() or folder.is_symlink() or folder.stat().st_uid != os.getuid():
            return None
        marker = folder / _DATA_COPY_MARKER
        if marker.is_symlink() or not marker.is_file():
            return None
        written = marker.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    pid = int(match.group(1))
    return pid if pid > 0 and written == str(pid) else None


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # signal 0: nothing is sent, only whether the process exists is checked
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, as another user's process
        return True
    return True


async def new_migration(message: str) -> Path:
    """A new migration file autogenerated from the tables against an empty database (`officebot db
    revision`): the schema's tooling is storage's too, reached through this door."""
    return await migrate.new_revision(message)


async def upgrade_database(settings: Settings) -> tuple[str | None, str]:
    """`officebot db upgrade`: brings OFFICEBOT_DATABASE_URL (or the embedded file) to the newest schema."""
    engine = create_engine(settings.database)
    try:
        await _check_reachable(engine, settings.database)
        return await migrate.upgrade(engine)
    except migrate.SchemaMismatch as exc:
        raise ConfigError(str(exc)) from None
    finally:
        await engine.dispose()


async def _check_reachable(engine: AsyncEngine, database: Database) -> None:
    try:
        async with engine.connect():
            pass
    except Exception as exc:  # any failure to connect, whatever the driver raises, is the same one line
        reason = getattr(exc, "orig", None) or exc
        raise ConfigError(
            f"OFFICEBOT_DATABASE_URL: cannot reach {database.describe()} ({reason.__class__.__name__}): "
            "check the URL and that the database server is running"
        ) from None


async def _holds_no_employee(engine: AsyncEngine) -> bool:
    async with engine.connect() as connection:
        return not (await connection.execute(select(func.count()).select_from(employees))).scalar()


async def _import_data_file(engine: AsyncEngine, path: Path) -> None:
    if not path.is_file():
        raise ConfigError(f"OFFICEBOT_DATA={str(path)!r}: no such file: point it at your HR data JSON file")
    try:
        await import_files(engine, [path], replace_all=True)
    except ImportRefused as exc:
        more = len(exc.problems) - 1
        also = (
            f" (and {more} more: unset OFFICEBOT_DATA and run `officebot data import --dry-run {path}` to list them)"
            if more
            else ""
        )
        raise ConfigError(f"OFFICEBOT_DATA: {exc.problems[0]}{also}") from None
