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

import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass

import anthropic
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.agent.clock import Clock, Today, pinned_clock, system_clock
from bot.agent.loop import Assistant
from bot.audit_file import JsonlAuditLog
from bot.calendar import working_days
from bot.config import Settings
from bot.grounding.check import Grounding
from bot.grounding.judge import Judge, ModelJudge
from bot.hr.directory import roster
from bot.llm.client import make_client
from bot.llm.offline import OFFLINE_MODEL_NOTICE
from bot.policy.grants import LeaveRules
from bot.ports.audit import AllSinks, AuditSink
from bot.ports.feedback import FeedbackLog
from bot.ports.hr import Directory, LeaveStore
from bot.ports.policy import PolicyStore
from bot.ports.request_messages import RequestOutbox
from bot.ports.requests import RequestStore
from bot.ports.team import CalendarFeeds, Team
from bot.services.database import new_migration, open_database, upgrade_database
from bot.services.stores import Stores, open_stores, stores_on
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
    stores: Stores  # every store over the same database, the fields above among them (one of each kind)

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
        if settings.pinned_today is not None:
            clock = pinned_clock(settings.pinned_today, settings.timezone)
        calendar = Today(settings.timezone, clock)
        # Every store, one of each kind: the ports below default to these same objects (a port passed in
        # replaces its kind for answering; `stores` keeps the database's own, for the Slack shell's jobs).
        stores = stores_on(engine, settings, clock=calendar.clock)
        directory = stores.hr if directory is None else directory
        leave = stores.hr if leave is None else leave
        if model is None:
            model = make_client(
                settings.anthropic_api_key,
                settings.anthropic_base_url,
                # who is in the HR data: the offline model reads a colleague's name as someone else
                roster=await roster(directory) if settings.offline else None,
            )
            opened.push_async_callback(model.close)  # its connections belong to this loop
            if settings.offline and announce_offline:
                log.warning("Using the %s. Set ANTHROPIC_API_KEY to use Claude.", OFFLINE_MODEL_NOTICE)
        if audit is None:
            sinks: list[AuditSink] = [stores.audit]
            if settings.audit_path is not None:
                sinks.append(JsonlAuditLog(settings.audit_path))
            audit = sinks[0] if len(sinks) == 1 else AllSinks(sinks)
        feedback = stores.feedback if feedback is None else feedback
        policy = stores.policy if policy is None else policy

        async def rules_now() -> LeaveRules:  # read per lookup: `officebot policy set` applies at once
            return (await policy.current()).rules

        # The audit keeps its own real-time clock even when OFFICEBOT_TODAY pins the date the model is told.
        requests = stores.requests
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
            check=Grounding(
                toolbox,
                calendar=lambda first, last: working_days(first, last).working,
                judge=judge_for(settings, model),
            )
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
            stores.request_outbox,
            stores.team,
            stores.calendar_feeds,
            stores,
        )


def judge_for(settings: Settings, client: anthropic.AsyncAnthropic) -> Judge | None:
    """A model judges the choice of Claude's answers. None offline, where the offline model checks its own
    choice (bot/llm/choice/), and with `OFFICEBOT_JUDGE_MODEL=off`, where nothing does."""
    named = (settings.judge_model or "").strip()
    if settings.offline or named.lower() == "off":
        return None
    return ModelJudge(client, named or settings.model)


__all__ = [
    "Services",
    "Stores",
    "judge_for",
    "new_migration",
    "open_database",
    "open_services",
    "open_stores",
    "upgrade_database",
]
