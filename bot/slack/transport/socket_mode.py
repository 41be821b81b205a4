"""The Socket Mode client `officebot run` uses: slack_sdk's aiohttp client, with reconnects that get a
fresh URL and back off.

Why not the SDK's client as it is (slack_sdk 3.48): when connecting fails, its `connect()` retries the same
WebSocket URL every `ping_interval` seconds, forever. Slack's URLs are temporary, so one refused upgrade
leaves a process that looks alive and never connects again; at start-up it hangs before "running". And
when Slack closes every new connection right after `hello`, it reconnects as fast as the network allows.

What this client does instead (overriding `connect`, `connect_to_new_endpoint` and `close`):

- Every attempt that fails, at the URL or at the upgrade, drops the URL: the next attempt asks
  `apps.connections.open` for a fresh one.
- Attempts are spaced by exponential backoff with equal jitter: before attempt n (n ≥ 1 since the last
  connection that stayed up) it waits d/2 + uniform(0, d/2), d = min(cap, base · 2^(n-1)); base 1 s,
  cap 30 s by default. A connection closed straight after `hello` counts as an attempt, so a server that
  keeps closing connections gets an attempt every 15–30 s, not many a second.
- The backoff resets once a connection has stayed up `stable_after` seconds (30 s by default): the next
  reconnect (Slack's routine `disconnect` refreshes included) is immediate.
- `connect_first(url)` is for start-up: one attempt at the URL the runner already opened; a failure is a
  `Unreachable` (a start-up error) with one line naming what failed and what to check, instead of a hang.

While it waits or retries, `is_connected()` is False, so `/readyz` says "Socket Mode is not connected".
`SocketModeHandler` is Bolt's `AsyncSocketModeHandler` on this client.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

import aiohttp
from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler
from slack_bolt.async_app import AsyncApp
from slack_sdk.errors import SlackApiError
from slack_sdk.socket_mode.aiohttp import SocketModeClient
from slack_sdk.web.async_client import AsyncWebClient

from bot.errors import Unreachable

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ReconnectBackoff:
    """How reconnect attempts are spaced (see the module docstring); production's by default. Tests pass
    shorter ones so that checking the backoff takes a fraction of a second, not many."""

    base: float = 1.0
    cap: float = 30.0
    stable_after: float = 30.0


PRODUCTION_BACKOFF = ReconnectBackoff()


class ReconnectingSocketModeClient(SocketModeClient):
    """slack_sdk's aiohttp `SocketModeClient`; every failed attempt gets a fresh URL, reconnects back off."""

    def __init__(
        self,
        app_token: str,
        *,
        web_client: AsyncWebClient,
        logger: logging.Logger | None = None,
        ping_interval: float = 10,
        backoff_base: float = 1.0,
        backoff_cap: float = 30.0,
        stable_after: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(app_token, logger=logger, web_client=web_client, ping_interval=ping_interval)
        self.backoff_base = backoff_base
        self.backoff_cap = backoff_cap
        self.stable_after = stable_after
        self._clock = clock  # how long a connection stayed up is measured on it (a test's can jump ahead)
        self._attempts = 0  # connection attempts since the last connection that stayed up
        self._connected_at: float | None = None  # self._clock() when the last connection was made
        self._closing = asyncio.Event()  # ends a backoff wait early when the client closes

    async def connect_first(self, url: str) -> None:
        """Start-up: one attempt at `url` (just issued by `apps.connections.open`); failing is one line."""
        self.wss_uri = url
        self._attempts = 1
        try:
            await self._open_session()
        except Exception as exc:
            host = urlsplit(url).netloc  # not the whole URL: its ticket is a credential for one connection
            raise Unreachable(
                f"Socket Mode: the WebSocket to {host} could not be opened ({_reason(exc)}): check that "
                "this host may open outbound WebSockets to Slack (firewall, proxy) and Slack's status"
            ) from None
        self._connected_at = self._clock()

    async def connect(self) -> None:
        if self._connected_at is not None and self._clock() - self._connected_at >= self.stable_after:
            self._attempts = 0
        while not self.closed:
            if self._attempts > 0:
                delay = self._delay(self._attempts)
                log.info("Socket Mode: reconnecting in %.1f s (attempt %d)", delay, self._attempts + 1)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._closing.wait(), delay)
                if self.closed:
                    return
            self._attempts += 1
            try:
                if self.wss_uri is None:
                    self.wss_uri = await self.issue_new_wss_url()
                await self._open_session()
            except Exception as exc:
                if self.closed:
                    return
                self.wss_uri = None  # temporary and maybe spent: the next attempt asks for a fresh one
                log.warning("Socket Mode: connecting failed (%s)", _reason(exc))
                continue
            self._connected_at = self._clock()
            return

    async def connect_to_new_endpoint(self, force: bool = False) -> None:
        # As the SDK's, except that asking for the URL happens inside `connect`, after the backoff wait.
        acquired: bool
        try:
            acquired = await asyncio.wait_for(self.connect_operation_lock.acquire(), timeout=5)
        except TimeoutError:
            acquired = False  # another task is reconnecting
        try:
            if force or (acquired and not await self.is_connected()):
                self.wss_uri = None
                await self.connect()
        finally:
            if acquired:
                self.connect_operation_lock.release()

    async def close(self) -> None:
        self._closing.set()
        await super().close()

    def _delay(self, attempts: int) -> float:
        ceiling = min(self.backoff_cap, self.backoff_base * 2 ** (attempts - 1))
        return ceiling / 2 + random.uniform(0, ceiling / 2)

    async def _open_session(self) -> None:
        """One attempt at `self.wss_uri`: the body of the SDK's `connect()` without its retry loop."""
        old_session = self.current_session
        # Closed first: when Slack disconnects for too_many_websockets, the old one must go before the new.
        self.auto_reconnect_enabled = False
        if old_session is not None:
            try:
                await old_session.close()
            except Exception as exc:
                log.debug("Socket Mode: closing the old session failed (%s)", _reason(exc))
        if self.aiohttp_client_session.closed and not self.closed:
            self.aiohttp_client_session = aiohttp.ClientSession()
        assert self.wss_uri is not None
        session = await self.aiohttp_client_session.ws_connect(
            self.wss_uri,
            autoping=False,
            heartbeat=self.ping_interval,
            proxy=self.proxy,
            ssl=self.web_client.ssl if self.web_client.ssl is not None else True,
        )
        if self.closed:  # closed while connecting: nothing would ever close this one
            await session.close()
            return
        self.current_session = session
        self.auto_reconnect_enabled = self.default_auto_reconnect_enabled
        self.stale = False
        # Our logger: the SDK's is Bolt's, kept at WARNING (see `bot.slack.app.bolt_logger`).
        log.info("Socket Mode: connected (session %s)", self.build_session_id(session))
        await session.ping(f"sdk-ping-pong:{time.time()}".encode())
        if self.current_session_monitor is not None:
            self.current_session_monitor.cancel()
        self.current_session_monitor = asyncio.ensure_future(self.monitor_current_session())
        if self.message_receiver is not None:
            self.message_receiver.cancel()
        self.message_receiver = asyncio.ensure_future(self.receive_messages())


class SocketModeHandler(AsyncSocketModeHandler):
    """Bolt's Socket Mode adapter on a client made elsewhere (its own `__init__` always makes the SDK's)."""

    def __init__(self, app: AsyncApp, client: ReconnectingSocketModeClient) -> None:
        # What AsyncSocketModeHandler.__init__ does, minus building a second client (and its session).
        self.app = app
        self.app_token = client.app_token
        self.client = client
        client.socket_mode_request_listeners.append(self.handle)  # type: ignore[arg-type]


def _reason(exc: BaseException) -> str:
    """What failed, in a few words (never the URL: it carries the connection's ticket)."""
    if isinstance(exc, aiohttp.WSServerHandshakeError):
        return f"HTTP {exc.status} on the WebSocket upgrade"
    if isinstance(exc, SlackApiError):
        return f"apps.connections.open: {exc.response.get('error')}"
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.__class__.__name__}: {exc.strerror}"
    return exc.__class__.__name__
