"""Every store over one database, opened here, one of each kind: the one door to storage. Nothing outside
`bot.services` and `bot.db` imports `bot.db` (a contract `lint-imports` keeps). The terminal's commands take
`Stores` from `open_stores`; `open_services` builds its ports from the same `Stores` (`Services.stores`:
`services.requests is services.stores.requests`, so one refusal-audit budget, one audit write queue), and
the Slack app's receiving loop opens its own inbox and threads' records on an engine of its own
(`open_receiving`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractContextManager, asynccontextmanager, nullcontext
from dataclasses import dataclass
from datetime import date, timedelta

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.agent.clock import Clock
from bot.config import Settings
from bot.db.audit import SqlAuditLog
from bot.db.calendar_feeds import SqlCalendarFeeds
from bot.db.conversations import DEFAULT_GAP_AFTER, SqlConversations
from bot.db.digests import SqlDigestLog
from bot.db.engine import WRITE_CHECK_TIMEOUT as WRITE_CHECK_TIMEOUT  # the readiness check's wait
from bot.db.engine import create_engine, write_refused
from bot.db.feedback import SqlFeedbackLog
from bot.db.holdings import holding_on
from bot.db.hr import SqlHrStore
from bot.db.inbox import SqlInbox
from bot.db.inbox import process_name as process_name  # who this process is in the inbox
from bot.db.notices import SqlNoticeLog
from bot.db.policy import SqlPolicyStore
from bot.db.request_messages import SqlRequestOutbox
from bot.db.requests import SqlRequestStore
from bot.db.run_lock import only_process_on
from bot.db.team import SqlTeam
from bot.db.uploads import SqlUploads
from bot.db.url import Database
from bot.domain.people import Employee
from bot.policy.grants import LeaveRules
from bot.policy.holding import Holding
from bot.services.database import open_database


@dataclass(frozen=True)
class Stores:
    """Every store over one database, one of each kind."""

    engine: AsyncEngine
    hr: SqlHrStore
    policy: SqlPolicyStore
    requests: SqlRequestStore
    notices: SqlNoticeLog
    audit: SqlAuditLog
    feedback: SqlFeedbackLog
    uploads: SqlUploads
    digests: SqlDigestLog
    conversations: SqlConversations
    request_outbox: SqlRequestOutbox  # what the requests' transitions owe people, leased per delivery
    team: SqlTeam
    calendar_feeds: SqlCalendarFeeds

    async def holding_on(self, employee_id: str, rules: LeaveRules, on: date) -> tuple[Employee, Holding]:
        """The person (UnknownEmployee if HR has no such active one) and what they have on `on`."""
        return await holding_on(self.engine, employee_id, rules, on)


@asynccontextmanager
async def open_stores(settings: Settings) -> AsyncIterator[Stores]:
    """The database as `open_database` opens it (never seeded), with its stores."""
    async with open_database(settings) as engine:
        yield stores_on(engine, settings)


def stores_on(engine: AsyncEngine, settings: Settings, clock: Clock | None = None) -> Stores:
    """The stores on `engine`; `clock`: the day the digest log counts by (a pinned one in tests)."""
    return Stores(
        engine,
        SqlHrStore(engine),
        SqlPolicyStore(engine),
        SqlRequestStore(engine),
        SqlNoticeLog(engine),
        SqlAuditLog(engine),
        SqlFeedbackLog(engine),
        SqlUploads(engine),
        SqlDigestLog(engine) if clock is None else SqlDigestLog(engine, clock=clock),
        conversations_on(engine, settings),
        SqlRequestOutbox(engine, lease=settings.takeover_after),
        SqlTeam(engine),
        SqlCalendarFeeds(engine),
    )


def conversations_on(engine: AsyncEngine, settings: Settings) -> SqlConversations:
    """The threads' records on `engine`: kept OFFICEBOT_HISTORY_DAYS; a run of receiving is broken by 30 s
    without any process saying it receives (the lease, if longer: the caretaker says so every third of
    it). Events sent in a shorter gap are delivered again by Slack, unacknowledged."""
    keep = timedelta(days=settings.history_days)
    gap_after = max(settings.takeover_after, DEFAULT_GAP_AFTER)
    return SqlConversations(engine, keep=keep, gap_after=gap_after)


def inbox_on(engine: AsyncEngine, settings: Settings, owner: str) -> SqlInbox:
    """The durable inbox as `owner` (this process) holds questions in it, with the settings' lease."""
    return SqlInbox(engine, owner, lease=settings.takeover_after)


@dataclass(frozen=True)
class Receiving:
    """What the Slack app's receiving loop records each question through before it acknowledges Slack:
    an engine of its own on the same database, so it never waits for the busy answering loop."""

    inbox: SqlInbox
    conversations: SqlConversations


@asynccontextmanager
async def open_receiving(settings: Settings, serving: AsyncEngine, owner: str) -> AsyncIterator[Receiving]:
    engine = create_engine(Database(serving.url, embedded=False))
    try:
        yield Receiving(inbox_on(engine, settings, owner), conversations_on(engine, settings))
    finally:
        await engine.dispose()


def only_one_process(settings: Settings) -> AbstractContextManager[object]:
    """The embedded SQLite file is one process's: a second `officebot run` on it is refused."""
    if not settings.database.is_sqlite or settings.data_path is not None or settings.database.file is None:
        return nullcontext()
    return only_process_on(settings.database.file)


async def refuses_writes(engine: AsyncEngine, timeout: float) -> str | None:
    """Why the database takes no write now (the readiness check), or None."""
    return await write_refused(engine, timeout)
