"""`/healthz` (the process is alive), `/readyz` (connected to Slack and to a database that takes writes),
`/metrics` (Prometheus). Served beside `/slack/events` in HTTP mode, or on OFFICEBOT_HEALTH_PORT in Socket
Mode."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.metrics import Metrics

# Each readiness check answers None when fine, or a short reason.
ReadinessCheck = Callable[[], Awaitable[str | None]]

HEALTH_PATHS = ("/healthz", "/readyz", "/metrics")


def add_health_routes(app: web.Application, checks: dict[str, ReadinessCheck], metrics: Metrics) -> None:
    async def healthz(_: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def readyz(_: web.Request) -> web.Response:
        problems = {name: reason for name, check in checks.items() if (reason := await check()) is not None}
        body = json.dumps({"ready": not problems, "problems": problems}, ensure_ascii=False)
        return web.Response(
            status=503 if problems else 200, text=body + "\n", content_type="application/json"
        )

    async def prometheus(_: web.Request) -> web.Response:
        return web.Response(body=metrics.exposition(), content_type="text/plain", charset="utf-8")

    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
    app.router.add_get("/metrics", prometheus)
