"""HTTP mode's front door, before Bolt sees a request: a request without a well-formed Slack signature
is refused with 401 (the health paths and the calendar feed, which Slack does not call, pass), and one Bolt cannot parse with 400, so neither becomes a 500 with a traceback. Neither
line names anything from the request but its method and path (Bolt's own logging of a rejected request's
body is kept below the log's level by `bot.slack.app.bolt_logger`)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.slack.home.calendar_feed import FEED_PREFIX
from bot.slack.transport.health import HEALTH_PATHS

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    if request.path in HEALTH_PATHS or request.path.startswith(FEED_PREFIX):  # not Slack's: no signature
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
