"""Shared fixtures. Any connection to a non-loopback address fails the test run: the tests talk only to
stand-ins on 127.0.0.1, through the real SDKs."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.core.grounding import Grounding
from bot.core.loop import Assistant
from bot.core.prompt import today_in
from bot.hr.directory import Caller, caller_for_employee_id
from bot.hr.store import BUNDLED_DATA, JsonHrData, LeaveStore
from bot.llm.client import make_client
from bot.tools import Toolbox
from bot.tools.audit import AuditLog
from standins.messages_api import MessagesAPIStandIn

_LOOPBACK = ("127.", "::1", "localhost")
_real_connect = socket.socket.connect
_real_getaddrinfo = socket.getaddrinfo


def _guarded_connect(self: socket.socket, address: Any) -> Any:
    if self.family in (socket.AF_INET, socket.AF_INET6):
        host = str(address[0])
        if not host.startswith(_LOOPBACK):
            raise RuntimeError(f"test tried to reach the network: {address!r}")
    return _real_connect(self, address)


def _guarded_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
    name = host.decode() if isinstance(host, bytes) else str(host)
    if host is not None and not name.startswith(_LOOPBACK) and not name.endswith(".invalid"):
        raise RuntimeError(f"test tried to resolve a network host: {name!r}")
    return _real_getaddrinfo(host, *args, **kwargs)


# The Slack tests' fixtures (stand-in workspace, bot factory) live in their own module.
pytest_plugins = ["tests.slack_support"]

socket.socket.connect = _guarded_connect  # type: ignore[method-assign]
socket.getaddrinfo = _guarded_getaddrinfo

# 2026-11-29 12:00 in Seoul; the date the course note's examples are written against.
FIXED_NOW = datetime(2026, 11, 29, 3, 0, tzinfo=UTC)


def fixed_clock() -> datetime:
    return FIXED_NOW


@pytest.fixture
def hr() -> JsonHrData:
    return JsonHrData.load(BUNDLED_DATA)


@pytest.fixture
def minsu(hr: JsonHrData) -> Caller:
    return caller_for_employee_id(hr, "E1001")


@pytest.fixture
async def messages_api() -> AsyncIterator[Callable[..., Any]]:
    """Factory: `api = await messages_api(script, latency=0)`; stopped after the test."""
    started: list[MessagesAPIStandIn] = []

    async def start(script: Any = None, latency: float = 0.0) -> MessagesAPIStandIn:
        api = await MessagesAPIStandIn(script, latency=latency).start()
        started.append(api)
        return api

    yield start
    for api in started:
        await api.stop()


_open_clients: list[Any] = []


@pytest.fixture(autouse=True)
async def _close_model_clients() -> AsyncIterator[None]:
    """Clients made by `make_assistant` hold aiohttp connections; close them on the test's loop."""
    yield
    while _open_clients:
        await _open_clients.pop().close()


def tracked(client: Any) -> Any:
    """Closes `client` after the test (see `_close_model_clients`)."""
    _open_clients.append(client)
    return client


def make_assistant(
    api: MessagesAPIStandIn,
    store: LeaveStore,
    *,
    max_retries: int = 0,
    grounding: bool = False,
    audit: AuditLog | None = None,
    **kwargs: Any,
) -> Assistant:
    client = tracked(make_client("test-key", api.base_url, max_retries=max_retries, timeout=10))
    toolbox = Toolbox(
        store,
        lambda caller: today_in(caller.timezone or "Asia/Seoul", fixed_clock),
        audit=audit,
        clock=fixed_clock,
    )
    check = Grounding(toolbox) if grounding else None
    return Assistant(client, toolbox, model="claude-test", clock=fixed_clock, check=check, **kwargs)
