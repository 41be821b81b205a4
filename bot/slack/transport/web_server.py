"""The bot's HTTP server: Slack's events in HTTP mode (signed requests), or in Socket Mode only the health
port; either serves `/healthz`, `/readyz` (Slack connected, database takes writes), `/metrics` and the
calendar feed."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from aiohttp import web
from slack_bolt.async_app import AsyncApp

from bot.errors import ConfigError
from bot.metrics import Metrics
from bot.services.stores import refuses_writes
from bot.slack.deps import Deps
from bot.slack.home.calendar_feed import Feed, add_calendar_route, feed_for
from bot.slack.transport.health import ReadinessCheck, add_health_routes
from bot.slack.transport.http_guard import guard
from bot.slack.transport.pacing import Pacing
from bot.slack.transport.worker import AnswerWorker

EVENTS_PATH = "/slack/events"


class WebServer:
    """The sites this process serves on `host`. `slack_ready` is /readyz's Slack check (None: ready, else
    why not); the database's is read on the answer loop (`worker`), where the database lives."""

    def __init__(
        self,
        host: str,
        worker: AnswerWorker[Deps],
        metrics: Metrics,
        pacing: Pacing,
        slack_ready: Callable[[], Awaitable[str | None]],
    ) -> None:
        self._host = host
        self._worker = worker
        self._metrics = metrics
        self._pacing = pacing
        self._slack_ready = slack_ready
        self._runners: list[web.AppRunner] = []

    async def serve_events(self, app: AsyncApp, port: int) -> int:
        """Slack's events (HTTP mode) with health and the feed on `port`; returns the port (0 → the real one)."""
        # Bolt's aiohttp app verifies each request's signature and timestamp (bad or stale → 401).
        web_app = app.web_app(path=EVENTS_PATH, port=port)
        web_app.middlewares.append(guard)
        return await self._serve(web_app, port, "--port")

    async def serve_health(self, port: int) -> int:
        """Health and the feed alone on `port` (Socket Mode's OFFICEBOT_HEALTH_PORT)."""
        return await self._serve(web.Application(), port, "OFFICEBOT_HEALTH_PORT")

    async def stop(self) -> None:
        for runner in self._runners:
            await runner.cleanup()
        self._runners = []

    async def _serve(self, web_app: web.Application, port: int, setting: str) -> int:
        add_health_routes(web_app, self._readiness_checks(), self._metrics)
        add_calendar_route(web_app, self._read_feed)
        runner = web.AppRunner(web_app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self._host, port)
        try:
            await site.start()
        except OSError as exc:
            await runner.cleanup()
            raise ConfigError(
                f"{setting} {port} cannot be used ({exc.strerror}): choose another port"
            ) from None
        self._runners.append(runner)
        return int(site._server.sockets[0].getsockname()[1])  # type: ignore[union-attr]  # port 0 → real port

    async def _read_feed(self, token: str) -> Feed | None:
        # The database lives on the answer loop, as for /readyz: the read runs there; the rendering, which
        # is CPU, runs in a thread (bot.slack.home.calendar_feed).
        return await self._worker.run(feed_for(self._worker.deps.services, token))

    def _readiness_checks(self) -> dict[str, ReadinessCheck]:
        async def database() -> str | None:
            # Not just reachable: a database that answers reads but refuses writes (a read-only standby
            # after a failover) cannot record questions, so it is not ready either.
            try:
                return await asyncio.wait_for(
                    self._worker.run(
                        refuses_writes(self._worker.deps.services.engine, self._pacing.write_check_timeout)
                    ),
                    timeout=5,
                )
            except Exception as exc:
                return f"database unreachable ({exc.__class__.__name__})"

        return {"slack": self._slack_ready, "database": database}
