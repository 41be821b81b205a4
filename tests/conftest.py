"""Shared fixtures. Any connection to a non-loopback address fails the test run: the tests talk only to
stand-ins on 127.0.0.1, through the real SDKs."""

from __future__ import annotations

import gc
import socket
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from bot.db.hr import SqlHrStore
    from bot.domain.people import Caller
    from tests.support.messages_api import MessagesAPIStandIn

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


# Shared fixtures (the Slack stand-in workspace and bot factory, the environment scrub) live in support/.
SUPPORT_PLUGINS = (
    "tests.support.slack",
    "tests.support.env",
    "tests.support.assistant",
    "tests.support.database",
    "tests.support.in_process",
)


# Importing the bot, its SDKs and the test modules makes a few hundred thousand objects that live as long as
# the run; the collector walking them over and over while they load costs seconds per worker. It waits until
# collection is over, then leaves them out of its walks for good (`gc.freeze`).
gc.disable()


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.freeze()
    gc.enable()


def pytest_configure(config: pytest.Config) -> None:
    """Loads the fixtures, and with them the bot and its SDKs (~2 s of imports), where tests run: not in
    pytest-xdist's controller, which only hands tests to its workers and would make them wait that long
    before they start."""
    xdist_controller = bool(config.getoption("numprocesses", None)) and not hasattr(config, "workerinput")
    if xdist_controller:
        gc.enable()  # it collects no tests
    else:
        for plugin in SUPPORT_PLUGINS:
            config.pluginmanager.import_plugin(plugin)


socket.socket.connect = _guarded_connect  # type: ignore[method-assign,assignment]
socket.getaddrinfo = _guarded_getaddrinfo


@pytest.fixture
async def minsu(hr: SqlHrStore) -> Caller:
    from bot.hr.directory import caller_for_employee_id

    return await caller_for_employee_id(hr, "E1001")


@pytest.fixture
async def messages_api() -> AsyncIterator[Callable[..., Any]]:
    """Factory: `api = await messages_api(script, latency=0)`; stopped after the test."""
    from tests.support.messages_api import MessagesAPIStandIn

    started: list[MessagesAPIStandIn] = []

    async def start(script: Any = None, latency: float = 0.0) -> MessagesAPIStandIn:
        api = await MessagesAPIStandIn(script, latency=latency).start()
        started.append(api)
        return api

    yield start
    for api in started:
        await api.stop()
