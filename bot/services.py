"""The composition root: `async with open_services(settings, **overrides) as services:`.

Everything that answering talks to is opened here, once, and whatever needs closing is closed here, in
reverse order, on the same event loop: the HR directory and leave store, the model client and the audit
sink. The toolbox, the grounding check and the assistant are assembled from them. Every shell uses it:
the Slack app enters it on the loop that answers, `demo` and `chat` on their own loop. Tests and the demo
swap a port by passing it (`open_services(settings, leave=UnavailableStore())`); a port passed in is the
caller's to close.

`open_claims` opens the redelivery claims the same way, for the loop that *receives* Slack events: they
are checked before each ack, which must never wait for the (busy) answering loop.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass

import anthropic

from bot.audit import AuditSink, JsonlAuditLog
from bot.claims import RecentEventIds, RedeliveryClaims
from bot.config import Settings
from bot.core.clock import Calendar, Clock, pinned_clock, system_clock
from bot.core.grounding import Grounding
from bot.core.loop import Assistant
from bot.hr.json_data import JsonHrData, bundled_data_path
from bot.hr.ports import Directory, LeaveStore
from bot.llm.client import make_client
from bot.llm.offline import OFFLINE_MODEL_NOTICE
from bot.tools import BUILTIN_TOOLS
from bot.tools.registry import Tool, Toolbox

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Services:
    settings: Settings
    calendar: Calendar
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
) -> AsyncIterator[Services]:
    async with AsyncExitStack() as opened:
        if directory is None or leave is None:
            # Validated once, then served from memory; raises DataFileError with one line if unusable.
            hr = JsonHrData.load(settings.data_path or bundled_data_path())
            directory = hr if directory is None else directory
            leave = hr if leave is None else leave
        if model is None:
            model = make_client(settings.anthropic_api_key, settings.anthropic_base_url)
            opened.push_async_callback(model.close)  # its connections belong to this loop
            if settings.offline:
                log.warning("Using the %s. Set ANTHROPIC_API_KEY to use Claude.", OFFLINE_MODEL_NOTICE)
        if audit is None:
            audit = JsonlAuditLog(settings.audit_path)

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
        yield Services(settings, calendar, directory, leave, model, audit, toolbox, assistant)


@asynccontextmanager
async def open_claims(claims: RedeliveryClaims | None = None) -> AsyncIterator[RedeliveryClaims]:
    """The redelivery claims: in this process's memory unless a shared implementation is passed."""
    yield RecentEventIds() if claims is None else claims
