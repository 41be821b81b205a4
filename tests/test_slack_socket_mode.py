"""Socket Mode connection health: a failed connect asks `apps.connections.open` for a fresh URL, a first
connection that fails ends start-up with one line, and reconnects back off instead of storming.

All through the real slack_sdk client and Bolt handler against the stand-in's WebSocket, whose URLs (like
Slack's temporary ones) are good for one connection attempt each."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import pytest
from slack_sdk.socket_mode.async_client import AsyncBaseSocketModeClient
from slack_sdk.socket_mode.request import SocketModeRequest
from slack_sdk.socket_mode.response import SocketModeResponse
from slack_sdk.web.async_client import AsyncWebClient

from bot.cli import main
from bot.config import Settings
from bot.errors import Unreachable
from bot.slack.runner import SlackBot
from bot.slack.socket_mode import ReconnectBackoff, ReconnectingSocketModeClient
from tests.support.in_process import SlackOnAThread
from tests.support.slack import FAST_RECONNECT, MINSU
from tests.support.slack_api import SlackStandIn


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        await asyncio.sleep(0.02)


async def _readyz(port: int) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/readyz") as response,
    ):
        return response.status, await response.text()


async def _until_ready(port: int, want: int, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while True:
        status, body = await _readyz(port)
        if status == want:
            return body
        if time.monotonic() > deadline:
            raise AssertionError(f"/readyz still {status} after {timeout} s: {body}")
        await asyncio.sleep(0.05)


async def _answers_over_socket_mode(slack: SlackStandIn) -> None:
    """An event goes down the WebSocket and its ack comes back: the connection really works."""
    await _until(lambda: slack.connected, 20, "a Socket Mode connection")
    sent = await slack.slash(MINSU)
    await slack.wait_for_ack(sent.envelope_id, timeout=15)


def _each_attempt_had_a_fresh_url(slack: SlackStandIn) -> None:
    assert len(set(slack.link_attempts)) == len(slack.link_attempts), slack.link_attempts
    assert len(slack.calls_to("apps.connections.open")) >= len(slack.link_attempts)


# ----- through `SlackBot` (what `officebot run` starts), with production's backoff 5x faster ---------------


def test_slack_bot_reconnects_with_production_s_backoff_unless_told_otherwise():
    assert ReconnectBackoff() == ReconnectBackoff(base=1.0, cap=30.0, stable_after=30.0)
    settings = Settings.from_env({"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_APP_TOKEN": "xapp-1"})
    assert SlackBot(settings).reconnect == ReconnectBackoff()
    assert FAST_RECONNECT.base == ReconnectBackoff().base / 5  # what the tests below are scaled by


async def test_a_refused_reconnect_gets_a_fresh_url_and_readyz_says_not_connected(slack, start_bot):
    bot = await start_bot(OFFICEBOT_HEALTH_PORT=str(_free_port()))
    await _answers_over_socket_mode(slack)
    slack.refuse_links = 1_000_000
    await slack.drop_links()
    body = await _until_ready(bot.health_port, 503, timeout=10)
    assert "Socket Mode is not connected" in body
    # The SDK alone retried the refused URL every 10 s forever; each attempt must ask for a new one.
    await _until(lambda: len(set(slack.link_attempts)) >= 4, 15, "two refused reconnects, each a new URL")
    slack.refuse_links = 0
    await _until_ready(bot.health_port, 200, timeout=20)
    await _answers_over_socket_mode(slack)
    _each_attempt_had_a_fresh_url(slack)


async def test_a_failed_first_connection_ends_start_up_with_one_line(slack, start_bot):
    slack.refuse_links = 1
    with pytest.raises(Unreachable) as raised:
        await asyncio.wait_for(start_bot(), 30)  # before the fix: retried the same URL forever
    message = str(raised.value)
    assert "\n" not in message
    assert message.startswith("Socket Mode") and "HTTP 503" in message and "WebSocket" in message
    assert "ticket" not in message  # the URL's one-time ticket is not printed
    assert len(slack.link_attempts) == 1


def test_officebot_run_stops_with_one_line_when_the_first_connection_fails(
    newcomer, monkeypatch, capsys, caplog, slack_thread: SlackOnAThread
):
    slack = slack_thread.slack
    slack.refuse_links = 1
    for name, value in {"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_APP_TOKEN": "xapp-1"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("SLACK_API_URL", slack.api_url)
    caplog.set_level(logging.INFO)  # as `run` logs
    assert main(["run"]) == 2  # in this process (tests/support/in_process.py)
    log = capsys.readouterr().err
    assert log.strip().splitlines()[-1].startswith("officebot: Socket Mode"), log
    assert "Traceback" not in log and all(record.exc_info is None for record in caplog.records)
    assert not any("OfficeBot is running" in message for message in caplog.messages)


async def test_connections_closed_after_hello_back_off_instead_of_storming(slack, start_bot):
    await start_bot()
    await _answers_over_socket_mode(slack)
    slack.close_after_hello = True
    before = len(slack.link_attempts)
    await slack.drop_links()
    await asyncio.sleep(0.6)  # production's 3 s, as the backoff here is 5x faster
    storm = len(slack.link_attempts) - before
    # Before the fix: about 14 a second. Backoff from 0.2 s (equal jitter: at least 0.1, 0.2, 0.4 s)
    # allows 3 (as production's from 1 s does in 3 s).
    assert 1 <= storm <= 5, slack.link_attempts
    slack.close_after_hello = False
    await _answers_over_socket_mode(slack)  # still trying: back once the server lets it stay
    _each_attempt_had_a_fresh_url(slack)


# ----- the client alone, with fast delays (constructor arguments) ---------------------------------------


async def _ack(client: AsyncBaseSocketModeClient, request: SocketModeRequest) -> None:
    await client.send_socket_mode_response(SocketModeResponse(envelope_id=request.envelope_id))


@asynccontextmanager
async def _client(slack: SlackStandIn, **delays: Any) -> AsyncIterator[ReconnectingSocketModeClient]:
    """Connected the way the runner connects it: a URL from apps.connections.open, then connect_first."""
    web_client = AsyncWebClient(token="xapp-test", base_url=slack.api_url)
    client = ReconnectingSocketModeClient("xapp-test", web_client=web_client, **delays)
    client.socket_mode_request_listeners.append(_ack)
    try:
        opened = await web_client.apps_connections_open(app_token="xapp-test")
        await client.connect_first(opened["url"])
        yield client
    finally:
        await client.close()


async def test_backoff_keeps_trying_within_its_cap_and_each_attempt_gets_a_fresh_url(slack):
    async with _client(slack, backoff_base=0.05, backoff_cap=0.2) as client:
        slack.close_after_hello = True
        before = len(slack.link_attempts)
        await slack.drop_links()
        await asyncio.sleep(1.5)
        storm = len(slack.link_attempts) - before
        # Waits of at least 0.025, 0.05, 0.1, 0.1, … s allow ≤ 16 attempts in 1.5 s; of at most
        # 0.05, 0.1, 0.2, 0.2, … s (the cap) force ≥ 7. The SDK's own client made hundreds.
        assert 4 <= storm <= 20, slack.link_attempts
        slack.close_after_hello = False
        await _answers_over_socket_mode(slack)
        assert await client.is_connected()
    _each_attempt_had_a_fresh_url(slack)


async def test_the_backoff_resets_once_a_connection_has_stayed_up(slack):
    async with _client(slack, backoff_base=4.0, backoff_cap=4.0, stable_after=0.5):
        # Dropped before it was stable: the reconnect waits (at least base / 2 = 2 s).
        before = len(slack.link_attempts)
        await slack.drop_links()
        await asyncio.sleep(1.5)
        assert len(slack.link_attempts) == before
        await _until(lambda: slack.connected, 10, "the reconnect after the backoff")
        # Up for longer than stable_after: the next reconnect is immediate, well inside those 2 s.
        await asyncio.sleep(0.6)
        before = len(slack.link_attempts)
        await slack.drop_links()
        await _until(lambda: len(slack.link_attempts) > before, 1.5, "an immediate reconnect")
        await _answers_over_socket_mode(slack)


async def test_a_refused_tcp_connection_at_start_up_is_one_line(slack):
    web_client = AsyncWebClient(token="xapp-test", base_url=slack.api_url)
    client = ReconnectingSocketModeClient("xapp-test", web_client=web_client)
    try:
        with pytest.raises(Unreachable) as raised:
            await asyncio.wait_for(client.connect_first(f"ws://127.0.0.1:{_free_port()}/link/?ticket=x"), 30)
    finally:
        await client.close()
    message = str(raised.value)
    assert message.startswith("Socket Mode") and "ClientConnectorError" in message and "\n" not in message
    assert "ticket" not in message
