"""Socket Mode connection health: a failed connect asks `apps.connections.open` for a fresh URL, a first
connection that fails ends start-up with one line, and reconnects back off instead of storming.

All through the real slack_sdk client and Bolt handler against the stand-in's WebSocket, whose URLs (like
Slack's temporary ones) are good for one connection attempt each."""

from __future__ import annotations

import asyncio
import itertools
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
from bot.slack.transport.pacing import Pacing
from bot.slack.transport.runner import SlackBot
from bot.slack.transport.socket_mode import ReconnectBackoff, ReconnectingSocketModeClient
from tests.support.in_process import SlackOnAThread
from tests.support.slack import FAST_RECONNECT, MINSU, brisk
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
        await asyncio.sleep(0.02)


async def _answers_over_socket_mode(slack: SlackStandIn) -> None:
    """An event goes down the WebSocket and its ack comes back: the connection really works."""
    await _until(lambda: slack.connected, 20, "a Socket Mode connection")
    sent = await slack.slash(MINSU)
    await slack.wait_for_ack(sent.envelope_id, timeout=15)


def _each_attempt_had_a_fresh_url(slack: SlackStandIn) -> None:
    assert len(set(slack.link_attempts)) == len(slack.link_attempts), slack.link_attempts
    assert len(slack.calls_to("apps.connections.open")) >= len(slack.link_attempts)


# ----- through `SlackBot` (what `officebot run` starts), with production's backoff made faster -------------


def test_slack_bot_waits_as_production_does_unless_told_otherwise():
    assert ReconnectBackoff() == ReconnectBackoff(base=1.0, cap=30.0, stable_after=30.0)
    settings = Settings.from_env({"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_APP_TOKEN": "xapp-1"})
    pacing = SlackBot(settings).pacing
    assert pacing == Pacing() and pacing.reconnect == ReconnectBackoff()
    # The SDK's own retry waits, unless a test passes others: 0.5 s × 2^n for a 5xx, up to 1 s of jitter.
    assert (pacing.server_error_backoff, pacing.rate_limit_jitter) == (0.5, 1.0)
    assert (pacing.accept_timeout, pacing.write_check_timeout) == (2.0, 2.0)  # inside Slack's 3 s ack
    assert FAST_RECONNECT.base == ReconnectBackoff().base / 5  # what the other Slack tests reconnect with


async def test_a_refused_reconnect_gets_a_fresh_url_and_readyz_says_not_connected(slack, start_bot):
    # Backoff from 0.02 s up to 0.08 s: the four attempts below, and the one after the refusals end, take a
    # fraction of a second (how long the waits are is the business of the backoff tests below).
    quick = brisk(reconnect=ReconnectBackoff(base=0.02, cap=0.08, stable_after=6.0))
    bot = await start_bot(OFFICEBOT_HEALTH_PORT=str(_free_port()), pacing=quick)
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


def _waited_at_least(slack: SlackStandIn, since: float, first: int, least: list[float]) -> None:
    """Attempts `first`, `first` + 1, … each came at least `least[i]` after the one before (the first one
    after `since`). Waits a loaded machine stretches only make these gaps longer, never shorter."""
    at = [since, *slack.link_attempted_at[first : first + len(least)]]
    gaps = [later - earlier for earlier, later in itertools.pairwise(at)]
    assert len(gaps) == len(least) and all(gap >= floor for gap, floor in zip(gaps, least, strict=True)), gaps


async def test_connections_closed_after_hello_back_off_instead_of_storming(slack, start_bot):
    # Production's backoff from 0.1 s (10x faster), capped at 0.2 s so that the three attempts after the drop
    # (two closed after hello, the third let stay) take a fraction of a second (the backoff's growth to its
    # cap is tested below).
    await start_bot(pacing=brisk(reconnect=ReconnectBackoff(base=0.1, cap=0.2, stable_after=6.0)))
    await _answers_over_socket_mode(slack)
    slack.close_after_hello = 2  # the next two connections are closed after hello; the third may stay
    before = len(slack.link_attempts)
    dropped = time.monotonic()
    await slack.drop_links()
    await _until(
        lambda: len(slack.link_attempts) >= before + 3, 10, "two attempts closed after hello, a third"
    )
    await _answers_over_socket_mode(slack)  # still trying: back once the server lets it stay
    # Before the fix: about 14 attempts a second, as fast as the network allows. Equal jitter waits at least
    # half of 0.1, 0.2, 0.2 s before each.
    _waited_at_least(slack, dropped, before, [0.05, 0.1, 0.1])
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
    async with _client(slack, backoff_base=0.01, backoff_cap=0.04) as client:
        slack.close_after_hello = 7  # the eighth attempt may stay
        before = len(slack.link_attempts)
        dropped = time.monotonic()
        await slack.drop_links()
        await _until(lambda: len(slack.link_attempts) >= before + 8, 10, "seven attempts closed, an eighth")
        await _answers_over_socket_mode(slack)
        assert await client.is_connected()
    # Waits of at most 0.01, 0.02, 0.04, 0.04, … s (the cap): eight attempts in about 0.3 s. Without the
    # cap, waits of at least half of 0.01, 0.02, 0.04, 0.08, … s would take 1.27 s or more.
    assert slack.link_attempted_at[before + 7] - dropped < 1.2
    # Waits of at least half of each (equal jitter): the SDK's own client made hundreds of attempts a second.
    _waited_at_least(slack, dropped, before, [0.005, 0.01, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02])
    _each_attempt_had_a_fresh_url(slack)


async def test_the_backoff_resets_once_a_connection_has_stayed_up(slack, caplog):
    caplog.set_level(logging.INFO, logger="bot.slack.transport.socket_mode")
    now = [0.0]  # the client's clock, on which it measures how long a connection stayed up

    def waits() -> int:
        return sum("reconnecting in" in record.getMessage() for record in caplog.records)

    async def reconnected(client: ReconnectingSocketModeClient, before: int) -> None:
        # Until its reconnect is over (the lock released): only then has it read its clock for the time
        # connected, which the test moves next.
        def over() -> bool:
            return len(slack.link_attempts) > before and not client.connect_operation_lock.locked()

        await _until(lambda: over() and slack.connected, 10, "a reconnect")

    async with _client(
        slack, backoff_base=0.1, backoff_cap=0.1, stable_after=30.0, clock=lambda: now[0]
    ) as client:
        # Dropped before it was stable (no time passed on its clock): the reconnect waits (0.05-0.1 s).
        before = len(slack.link_attempts)
        await slack.drop_links()
        await reconnected(client, before)
        assert waits() == 1
        # Up for 31 s on its clock, longer than stable_after: the next reconnect is at once, no wait.
        now[0] += 31
        before = len(slack.link_attempts)
        await slack.drop_links()
        await reconnected(client, before)
        assert waits() == 1
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
