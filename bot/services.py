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
import os
import re
import shutil
import tempfile
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import anthropic
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.agent.clock import Clock, Today, pinned_clock, system_clock
from bot.agent.loop import Assistant
from bot.audit_file import JsonlAuditLog
from bot.calendar import working_days
from bot.config import Settings
from bot.db import migrate
from bot.db.audit import SqlAuditLog
from bot.db.calendar_feeds import SqlCalendarFeeds
from bot.db.engine import create_engine
from bot.db.feedback import SqlFeedbackLog
from bot.db.holdings import holding_on
from bot.db.hr import SqlHrStore
from bot.db.notices import SqlNoticeLog
from bot.db.policy import SqlPolicyStore
from bot.db.request_messages import SqlRequestOutbox
from bot.db.requests import SqlRequestStore
from bot.db.tables import employees
from bot.db.team import SqlTeam
from bot.db.uploads import SqlUploads
from bot.db.url import Database, embedded_database
from bot.domain.people import Employee
from bot.errors import ConfigError
from bot.grounding.check import Grounding
from bot.hr.bundled import bundled_data_path
from bot.hr.directory import roster
from bot.hr.import_export import ImportRefused, import_files
from bot.llm.client import make_client
from bot.llm.offline import OFFLINE_MODEL_NOTICE
from bot.policy.grants import LeaveRules
from bot.policy.holding import Holding
from bot.ports.audit import AllSinks, AuditSink
from bot.ports.feedback import FeedbackLog
from bot.ports.hr import Directory, LeaveStore
from bot.ports.policy import PolicyStore
from bot.ports.request_messages import RequestOutbox
from bot.ports.requests import RequestStore
from bot.ports.team import CalendarFeeds, Team
from bot.tools import BUILTIN_TOOLS
from bot.tools.registry import Tool
from bot.tools.toolbox import Toolbox

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Services:
    settings: Settings
    calendar: Today
    engine: AsyncEngine
    directory: Directory
    leave: LeaveStore
    model: anthropic.AsyncAnthropic
    audit: AuditSink
    feedback: FeedbackLog
    policy: PolicyStore  # the company's leave policy (the defaults until HR sets one)
    toolbox: Toolbox
    assistant: Assistant
    requests: RequestStore  # leave requests: submitted and decided only on a person's click
    request_outbox: RequestOutbox  # what the requests' transitions owe people, until delivered
    team: Team  # who reports to whom, who is out when (the manager's and HR's views, the calendar feeds)
    calendar_feeds: CalendarFeeds  # each person's calendar feed token, stored hashed

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
    feedback: FeedbackLog | None = None,
    policy: PolicyStore | None = None,
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
            model = make_client(
                settings.anthropic_api_key,
                settings.anthropic_base_url,
                roster=await roster(directory) if settings.offline else None,
            )
            opened.push_async_callback(model.close)  # its connections belong to this loop
            if settings.offline and announce_offline:
                log.warning("Using the %s. Set ANTHROPIC_API_KEY to use Claude.", OFFLINE_MODEL_NOTICE)
        if audit is None:
            sinks: list[AuditSink] = [SqlAuditLog(engine)]
            if settings.audit_path is not None:
                sinks.append(JsonlAuditLog(settings.audit_path))
            audit = sinks[0] if len(sinks) == 1 else AllSinks(sinks)
        feedback = SqlFeedbackLog(engine) if feedback is None else feedback

        if settings.pinned_today is not None:
            clock = pinned_clock(settings.pinned_today, settings.timezone)
        calendar = Today(settings.timezone, clock)
        policy = SqlPolicyStore(engine) if policy is None else policy

        async def rules_now() -> LeaveRules:  # read per lookup: `officebot policy set` applies at once
            return (await policy.current()).rules

        # The audit keeps its own real-time clock even when OFFICEBOT_TODAY pins the date the model is told.
        requests = SqlRequestStore(engine)
        toolbox = Toolbox(
            tools,
            leave=leave,
            today_for=calendar.today_for,
            audit=audit,
            rules_now=rules_now,
            requests=requests,
            policy_now=policy.current,
        )
        assistant = Assistant(
            model,
            toolbox,
            model=settings.model,
            calendar=calendar,
            check=Grounding(toolbox, calendar=lambda first, last: working_days(first, last).working)
            if settings.grounding
            else None,
            shape_answers=settings.declared_figures,
        )
        yield Services(
            settings,
            calendar,
            engine,
            directory,
            leave,
            model,
            audit,
            feedback,
            policy,
            toolbox,
            assistant,
            requests,
            SqlRequestOutbox(engine, lease=settings.takeover_after),
            SqlTeam(engine),
            SqlCalendarFeeds(engine),
        )


@dataclass(frozen=True)
class Stores:
    """Every store over one database, for the terminal's commands: storage is opened here and in
    `open_services`, nowhere else (nothing outside `services` and `db` imports `bot.db`)."""

    engine: AsyncEngine
    hr: SqlHrStore
    policy: SqlPolicyStore
    requests: SqlRequestStore
    notices: SqlNoticeLog
    audit: SqlAuditLog
    feedback: SqlFeedbackLog
    uploads: SqlUploads

    async def holding_on(self, employee_id: str, rules: LeaveRules, on: date) -> tuple[Employee, Holding]:
        """The person (UnknownEmployee if HR has no such active one) and what they have on `on`."""
        return await holding_on(self.engine, employee_id, rules, on)


@asynccontextmanager
async def open_stores(settings: Settings) -> AsyncIterator[Stores]:
    """The database as `open_database` opens it (never seeded), with its stores."""
    async with open_database(settings) as engine:
        yield Stores(
            engine,
            SqlHrStore(engine),
            SqlPolicyStore(engine),
            SqlRequestStore(engine),
            SqlNoticeLog(engine),
            SqlAuditLog(engine),
            SqlFeedbackLog(engine),
            SqlUploads(engine),
        )


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
