"""`officebot run`: Socket Mode when SLACK_APP_TOKEN is set, else HTTP mode with signed requests.

`SlackBot` is the running bot; `serve` runs it until told to stop; `run_slack` is the CLI's blocking
entry point with Ctrl-C / SIGTERM handling. Tests and benchmarks use `SlackBot` / `serve` directly, so
they start exactly what `officebot run` starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
from collections.abc import Awaitable, Mapping
from contextlib import AsyncExitStack

import aiohttp
from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler
from slack_bolt.async_app import AsyncApp
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_slack_response import AsyncSlackResponse

from bot.config import Settings
from bot.errors import ConfigError, Unreachable
from bot.metrics import Metrics
from bot.services import open_services
from bot.services.stores import only_one_process, open_receiving, process_name
from bot.slack.answering.intake import Intake
from bot.slack.app import build_app
from bot.slack.deps import Deps, ServicesOpener, open_answering
from bot.slack.jobs.caretaker import Caretaker
from bot.slack.transport.client import make_session, make_web_client
from bot.slack.transport.pacing import PRODUCTION, Pacing
from bot.slack.transport.rate_limits import LIMITS, Limit, Limiter, error_of
from bot.slack.transport.socket_mode import (
    ReconnectingSocketModeClient,
    SocketModeHandler,
)
from bot.slack.transport.web_server import EVENTS_PATH, WebServer
from bot.slack.transport.worker import AnswerWorker

log = logging.getLogger(__name__)

_REJECTED_TOKEN_ERRORS = {"invalid_auth", "not_authed", "account_inactive", "token_revoked", "token_expired"}


async def _check(variable: str, call: Awaitable[AsyncSlackResponse], hint: str) -> AsyncSlackResponse:
    """Runs one start-up Web API call: a rejected token becomes a ConfigError, an unreachable Slack an
    `Unreachable` (both one line)."""
    try:
        response = await call
    except SlackApiError as exc:
        error = error_of(exc)
        if error in _REJECTED_TOKEN_ERRORS:
            raise ConfigError(f"{variable} was rejected by Slack ({error}): {hint}") from None
        # missing_scope, not_allowed_token_type, …: still a setup problem, still one line.
        raise ConfigError(f"{variable}: Slack refused the start-up call ({error}): {hint}") from None
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise Unreachable(
            f"SLACK_API_URL is unreachable ({exc.__class__.__name__}): check the URL and network"
        ) from None
    return response


def _warn_if_not_durable(settings: Settings) -> None:
    if settings.data_path is not None:
        log.warning(
            "OFFICEBOT_DATA is set: questions are kept in a temporary database, which is not durable: "
            "questions in flight are lost if the process crashes. For production, use the embedded "
            "database (unset OFFICEBOT_DATA) or OFFICEBOT_DATABASE_URL"
        )


class SlackBot:
    """The app plus its transport. `async with SlackBot(settings) as bot:` or `start()` / `stop()`."""

    def __init__(
        self,
        settings: Settings,
        *,
        port: int = 3000,
        host: str = "0.0.0.0",
        services: ServicesOpener | None = None,
        pacing: Pacing = PRODUCTION,
        limits: Mapping[str, tuple[Limit, ...]] = LIMITS,
    ) -> None:
        self.settings = settings
        self.pacing = pacing  # the waits of retries and backoffs (tests pass short ones)
        self.port = port
        self.host = host
        # How to open the services, on the answering loop (tests and benchmarks pass overrides here).
        self._open_services = services or (lambda: open_services(settings))
        self.owner = process_name()  # who this process is in the inbox
        self._opened = AsyncExitStack()  # what this (receiving) loop opens: the session, the inbox's engine
        self._caretaker: Caretaker | None = None
        self.metrics = Metrics()
        # One budget for every Slack call this process makes, on either loop (bot.slack.transport.rate_limits).
        self.limiter = Limiter(
            limits,
            share=1 / settings.processes,
            on_refused=lambda method: self.metrics.rate_limited.labels(method).inc(),
            on_waited=lambda method, seconds: self.metrics.slack_wait.labels(method).inc(seconds),
        )
        self.health_port: int | None = None  # where /healthz, /readyz and /metrics are served
        self._session: aiohttp.ClientSession | None = None
        self._socket_mode: AsyncSocketModeHandler | None = None
        self._worker: AnswerWorker[Deps] = AnswerWorker()
        self._web = WebServer(host, self._worker, self.metrics, pacing, self._slack_ready)

    async def start(self) -> SlackBot:
        settings = self.settings
        settings.check_slack()
        _warn_if_not_durable(settings)
        try:
            self._opened.enter_context(only_one_process(settings))
            self._session = await self._opened.enter_async_context(make_session(settings))
            client = make_web_client(settings, self._session, pacing=self.pacing, limiter=self.limiter)
            identity = await _check(
                "SLACK_BOT_TOKEN",
                client.auth_test(token=settings.slack_bot_token),
                "reinstall the app and copy the new Bot User OAuth Token",
            )
            home = {"team_id": identity.get("team_id"), "enterprise_id": identity.get("enterprise_id")}
            deps = await self._worker.start(
                lambda: open_answering(
                    settings, self._open_services, home, self.metrics, self.owner, self.pacing, self.limiter
                )
            )
            # The receiving loop records questions through an engine of its own, on the database the
            # services opened (OFFICEBOT_DATA's temporary one included): it must never wait for the
            # answer loop, which may be busy.
            receiving = await self._opened.enter_async_context(
                open_receiving(settings, deps.services.engine, self.owner)
            )
            intake = Intake(
                receiving.inbox,
                receiving.conversations,
                self._worker,
                self.metrics,
                accept_timeout=self.pacing.accept_timeout,
            )
            app = build_app(
                settings,
                client,
                intake,
                auth_test=identity,
            )
            self._caretaker = await self._worker.run(self._start_caretaker(deps))
            if settings.socket_mode:
                await self._start_socket_mode(app)
                if settings.health_port is not None:
                    self.health_port = await self._web.serve_health(settings.health_port)
            else:
                self.port = self.health_port = await self._web.serve_events(app, self.port)
        except BaseException:
            await self.stop()
            raise
        log.info(
            "OfficeBot is running as @%s in %s; model: %s",
            identity.get("user"),
            "Socket Mode" if settings.socket_mode else f"HTTP mode on port {self.port}{EVENTS_PATH}",
            deps.services.model_description,
        )
        return self

    async def _start_caretaker(self, deps: Deps) -> Caretaker:
        # With the run lock held, questions another owner left in the SQLite file are orphans.
        sole_process = self.settings.database.is_sqlite and self.settings.data_path is None
        caretaker = Caretaker(deps, self._worker.submit, sole_process=sole_process)
        caretaker.start()  # on the answer loop, where this runs
        return caretaker

    async def _start_socket_mode(self, app: AsyncApp) -> None:
        # Open the first connection URL ourselves: the SDK would retry a rejected app token forever,
        # and we want one clear line instead.
        app_token = self.settings.slack_app_token or ""  # set: this is Socket Mode
        app_client = make_web_client(
            self.settings, self._session, token=app_token, pacing=self.pacing, limiter=self.limiter
        )
        opened = await _check(
            "SLACK_APP_TOKEN",
            app_client.apps_connections_open(app_token=app_token),
            "create a new App-Level Token with connections:write under Basic Information",
        )
        # The SDK's client would also retry a refused URL forever (see bot.slack.transport.socket_mode).
        # Bolt's logger, at WARNING: the SDK would log a line at INFO for every event not acknowledged.
        socket_mode = ReconnectingSocketModeClient(
            app_token,
            web_client=app_client,
            logger=app.logger,
            backoff_base=self.pacing.reconnect.base,
            backoff_cap=self.pacing.reconnect.cap,
            stable_after=self.pacing.reconnect.stable_after,
        )
        self._socket_mode = SocketModeHandler(app, socket_mode)
        await socket_mode.connect_first(opened["url"])

    async def _slack_ready(self) -> str | None:
        """/readyz's Slack check: in Socket Mode, the connection is up."""
        if self._socket_mode is None:
            return None if not self.settings.socket_mode else "Socket Mode is not connected"
        return None if await self._socket_mode.client.is_connected() else "Socket Mode is not connected"

    async def stop(self) -> None:
        if self._socket_mode is not None:
            await self._socket_mode.close_async()
            self._socket_mode = None
        await self._web.stop()
        # After the transport: nothing new arrives while in-flight answers finish. Nothing more is taken
        # over either; what is left unfinished after the grace is released for another process.
        if self._caretaker is not None:
            await self._worker.run(self._caretaker.stop())
            self._caretaker = None
        await self._worker.stop(self.settings.shutdown_grace)
        await self._opened.aclose()
        self._session = None

    async def __aenter__(self) -> SlackBot:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()


async def serve(
    settings: Settings,
    *,
    port: int = 3000,
    host: str = "0.0.0.0",
    stop: asyncio.Event,
    services: ServicesOpener | None = None,
) -> None:
    """Runs the bot until `stop` is set."""
    async with SlackBot(settings, port=port, host=host, services=services):
        # What is loaded now (the SDKs, the app, the settings: hundreds of thousands of objects) lives as long
        # as the process: left out of the cyclic collector's walks, every answer costs ~15 % less CPU
        # (`python -m benchmarks --n 200`, 3.5–3.7 s of bot CPU against 3.8–4.7 s).
        gc.freeze()
        await stop.wait()
        log.info("OfficeBot is shutting down")


def run_slack(settings: Settings, *, port: int = 3000, host: str = "0.0.0.0") -> int:
    settings.check_slack()  # before anything starts: a missing token is one line, not a traceback

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        # SIGHUP too: a closed terminal or a supervisor's reload stops the bot as gracefully as SIGTERM.
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            with contextlib.suppress(NotImplementedError):  # not on Windows; Ctrl-C still raises there
                loop.add_signal_handler(sig, stop.set)
        await serve(settings, port=port, host=host, stop=stop)

    asyncio.run(main())
    return 0
