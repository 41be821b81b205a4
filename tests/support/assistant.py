"""Building the core by hand for tests that drive it directly: the built-in tools over a given store, an
assistant pointed at a Messages API stand-in, and model clients closed after each test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import anthropic
import pytest

from bot.agent.loop import Assistant
from bot.grounding.check import Grounding
from bot.grounding.judge import ModelJudge
from bot.llm.client import make_client
from bot.policy.grants import LeaveRules
from bot.ports.audit import AuditSink
from bot.ports.hr import LeaveStore
from bot.tools import BUILTIN_TOOLS
from bot.tools.toolbox import Toolbox
from tests.support.clock import FIXED_CALENDAR, fixed_clock
from tests.support.messages_api import MessagesAPIStandIn
from tests.support.ports import MemoryAuditLog

_open_clients: list[anthropic.AsyncAnthropic] = []


@pytest.fixture(autouse=True)
async def _close_model_clients() -> AsyncIterator[None]:
    """Clients made by `make_assistant` hold aiohttp connections; close them on the test's loop."""
    yield
    while _open_clients:
        await _open_clients.pop().close()


def tracked(client: anthropic.AsyncAnthropic) -> anthropic.AsyncAnthropic:
    """Closes `client` after the test (see `_close_model_clients`)."""
    _open_clients.append(client)
    return client


def make_toolbox(
    store: LeaveStore, audit: AuditSink | None = None, rules: LeaveRules | None = None
) -> Toolbox:
    """The built-in tools over `store`, today fixed, audit times fixed (the policy: `rules`, else the
    defaults)."""
    return Toolbox(
        BUILTIN_TOOLS,
        leave=store,
        today_for=FIXED_CALENDAR.today_for,
        audit=audit or MemoryAuditLog(),
        clock=fixed_clock,
        rules=rules,
    )


def make_assistant(
    api: MessagesAPIStandIn,
    store: LeaveStore,
    *,
    max_retries: int = 0,
    grounding: bool = False,
    audit: AuditSink | None = None,
    rules: LeaveRules | None = None,
    **kwargs: Any,
) -> Assistant:
    client = tracked(make_client("test-key", api.base_url, max_retries=max_retries, timeout=10))
    toolbox = make_toolbox(store, audit, rules)
    # `judge=True`: a model judges the choice (as with Claude), its calls on the same stand-in
    judge = ModelJudge(client, "claude-test-judge") if kwargs.pop("judge", False) else None
    check = Grounding(toolbox, judge=judge) if grounding else None
    return Assistant(client, toolbox, model="claude-test", calendar=FIXED_CALENDAR, check=check, **kwargs)
