"""HTTP mode's front door, before Bolt sees a request: a request without a well-formed Slack signature
is refused with 401, and one Bolt cannot parse with 400, so neither becomes a 500 with a traceback. Bolt
itself logs a rejected request's whole body at INFO, so its loggers are kept at WARNING: request
bodies, message texts and user ids never reach the log."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.slack.health import HEALTH_PATHS

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def quiet_bolt_logs() -> None:
    logging.getLogger("slack_bolt").setLevel(logging.WARNING)


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    if request.path in HEALTH_PATHS:
        return await handler(request)
    timestamp = request.headers.get("X-Slack-Request-Timestamp", "")
    signature = request.headers.get("X-Slack-Signature", "")
    if not timestamp.isdigit() or not signature.startswith("v0="):
        log.info("refused an unsigned or malformed request (%s %s)", request.method, request.path)
        return web.Response(status=401, text="unsigned request\n")
    try:
        return await handler(request)
    except web.HTTPException:
        raise
    except Exception as exc:  # Bolt could not parse what was sent
        log.info("refused a request Slack would not send (%s)", exc.__class__.__name__)
        return web.Response(status=400, text="malformed request\n")
