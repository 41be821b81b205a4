"""Assembles the core from Settings: HR data, toolbox, model client, assistant. Shared by every shell."""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass

import anthropic

from bot.config import Settings
from bot.core.grounding import Grounding
from bot.core.loop import Assistant
from bot.core.prompt import Clock, pinned_clock, system_clock, today_in
from bot.hr.directory import Caller
from bot.hr.store import JsonHrData, LeaveStore
from bot.llm.client import make_client
from bot.llm.offline import OFFLINE_MODEL_NOTICE
from bot.tools import Toolbox
from bot.tools.audit import AuditLog, JsonlAuditLog

log = logging.getLogger(__name__)


@dataclass
class Core:
    settings: Settings
    hr: JsonHrData
    assistant: Assistant

    def with_store(self, store: LeaveStore) -> Assistant:
        """The same assistant over another store (the demo's failing-store scenario)."""
        toolbox = copy.copy(self.assistant.toolbox)
        toolbox.store = store
        assistant = copy.copy(self.assistant)
        assistant.toolbox = toolbox
        if assistant.check is not None:
            assistant.check = Grounding(toolbox)
        return assistant

    @property
    def model_description(self) -> str:
        if self.settings.offline:
            return OFFLINE_MODEL_NOTICE
        where = self.settings.anthropic_base_url or "the Anthropic API"
        return f"{self.settings.model} via {where}"


def build_core(
    settings: Settings,
    *,
    store: LeaveStore | None = None,
    client: anthropic.AsyncAnthropic | None = None,
    clock: Clock = system_clock,
    audit: AuditLog | None = None,
) -> Core:
    hr = JsonHrData.load(settings.data_path)
    if settings.pinned_today is not None:
        clock = pinned_clock(settings.pinned_today, settings.timezone)

    def today_for(caller: Caller):
        return today_in(caller.timezone or settings.timezone, clock)

    # The audit log keeps the real time even when OFFICEBOT_TODAY pins the date the model is told.
    toolbox = Toolbox(store or hr, today_for, audit=audit or JsonlAuditLog(settings.audit_path))
    client = client or make_client(settings.anthropic_api_key, settings.anthropic_base_url)
    assistant = Assistant(
        client,
        toolbox,
        model=settings.model,
        timezone=settings.timezone,
        clock=clock,
        check=Grounding(toolbox) if settings.grounding else None,
    )
    core = Core(settings, hr, assistant)
    if settings.offline:
        log.warning("Using the %s. Set ANTHROPIC_API_KEY to use Claude.", OFFLINE_MODEL_NOTICE)
    return core
