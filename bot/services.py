"""The composition root: `async with open_services(settings, **overrides) as services:`.

Everything that answering talks to is opened here, once, and whatever needs closing is closed here, in
reverse order, on the same event loop: the database (the HR directory and leave store, and the audit
log, live there), the model client and the audit sinks. The toolbox, the grounding check and the
assistant are assembled from them. Every shell uses it: the Slack app enters it on the loop that
answers, `demo` and `chat` on their own loop. Tests and the demo
swap a port by passing it (`open_services(settings, leave=UnavailableStore())`); a port passed in is the
caller's to close.
"""

from __future__ import annotations

import contextlib
import logging
import tempfile
from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import anthropic
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.audit import AllSinks, AuditSink, JsonlAuditLog, SqlAuditLog
from bot.config import ConfigError, Settings
from bot.core.clock import Calendar, Clock, pinned_clock, system_clock
from bot.core.grounding import Grounding
from bot.core.loop import Assistant
from bot.db import migrate
from bot.db.engine import create_engine
from bot.db.tables import employees
from bot.db.url import Database, embedded_database
from bot.hr.bundled import bundled_data_path
from bot.hr.importer import ImportRefused, import_files
from bot.hr.ports import Directory, LeaveStore
from bot.hr.sql import SqlHrStore
from bot.llm.client import make_client
from bot.llm.offline import OFFLINE_MODEL_NOTICE
from bot.tools import BUILTIN_TOOLS
from bot.tools.registry import Tool, Toolbox

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Services:
    settings: Settings
    calendar: Calendar
    engine: AsyncEngine
    directory: Directory
    leave: LeaveStore
    model: anthropic.AsyncAnthropic
    audit: AuditSink
    toolbox: Toolbox
    assistant: Assistant

    @property
    def model_description(self) -> str:
        if self.settings.offline:
            return OFFLINE_MODEL_NOTICE
        where = self.settings.anthropic_base_url or "the Anthropic API"
        return f"{self.settings.model} via {where}"


@asynccontextmanager
async def open_services(
    settings: Settings,
    *,
    directory: Directory | None = None,
    leave: LeaveStore | None = None,
    model: anthropic.AsyncAnthropic | None = None,
    audit: AuditSink | None = None,
    tools: Sequence[Tool] = BUILTIN_TOOLS,
    clock: Clock = system_clock,
    announce_offline: bool = True,
) -> AsyncIterator[Services]:
    """`announce_offline`: log that the offline model is in use (`demo` and `chat` say it in their
    banner instead, once)."""
    async with AsyncExitStack() as opened:
        engine = await opened.enter_async_context(open_database(settings, seed_when_empty=True))
        store = SqlHrStore(engine)
        directory = store if directory is None else directory
        leave = store if leave is None else leave
        if model is None:
            model = make_client(settings.anthropic_api_key, settings.anthropic_base_url)
            opened.push_async_callback(model.close)  # its connections belong to this loop
            if settings.offline and announce_offline:
                log.warning("Using the %s. Set ANTHROPIC_API_KEY to use Claude.", OFFLINE_MODEL_NOTICE)
        if audit is None:
            sinks: list[AuditSink] = [SqlAuditLog(engine)]
            if settings.audit_path is not None:
                sinks.append(JsonlAuditLog(settings.audit_path))
            audit = sinks[0] if len(sinks) == 1 else AllSinks(sinks)

        if settings.pinned_today is not None:
            clock = pinned_clock(settings.pinned_today, settings.timezone)
        calendar = Calendar(settings.timezone, clock)
        # The audit keeps its own real-time clock even when OFFICEBOT_TODAY pins the date the model is told.
        toolbox = Toolbox(tools, leave=leave, today_for=calendar.today_for, audit=audit)
        assistant = Assistant(
            model,
            toolbox,
            model=settings.model,
            calendar=calendar,
            check=Grounding(toolbox) if settings.grounding else None,
        )
        yield Services(settings, calendar, engine, directory, leave, model, audit, toolbox, assistant)


@asynccontextmanager
async def open_database(settings: Settings, *, seed_when_empty: bool = False) -> AsyncIterator[AsyncEngine]:
    """The database, ready to serve: reachable, its schema current, its HR data in place.

    - OFFICEBOT_DATABASE_URL: must already be migrated (`officebot db upgrade`); never seeded.
    - Unset: the embedded SQLite file in the working directory, migrated here on first use, and (when
      `seed_when_empty`, i.e. for serving rather than for `officebot data …`) seeded from the bundled demo
      data while it holds no employee.
    - OFFICEBOT_DATA=file.json: a fresh embedded database in a temporary folder holding exactly that file.
    Every problem is one line (ConfigError) naming the variable to fix."""
    with contextlib.ExitStack() as scratch:
        database = settings.database
        if settings.data_path is not None:
            folder = scratch.enter_context(tempfile.TemporaryDirectory(prefix="officebot-data-"))
            database = embedded_database(Path(folder))
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
