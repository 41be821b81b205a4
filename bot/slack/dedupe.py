"""Slack redelivers an event it thinks we missed (same `event_id`, `x-slack-retry-num` ≥ 1): answer once.

The check is a Bolt middleware on the receiving side; whose memory it asks is the `RedeliveryClaims`
port from `open_services`, so it can be swapped for a shared one without touching the app.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from slack_bolt.middleware.async_middleware import AsyncMiddleware
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse

from bot.claims import RedeliveryClaims

log = logging.getLogger(__name__)


class DropRedeliveries(AsyncMiddleware):
    """A repeated event is acknowledged (so Slack stops retrying) and not handled again."""

    def __init__(self, claims: RedeliveryClaims) -> None:
        self._claims = claims

    async def async_process(
        self, *, req: AsyncBoltRequest, resp: BoltResponse, next: Callable[[], Awaitable[BoltResponse]]
    ) -> BoltResponse | None:
        event_id = req.body.get("event_id") if isinstance(req.body, dict) else None
        if event_id and not await self._claims.claim(event_id):
            retry = (req.headers.get("x-slack-retry-num") or ["0"])[0]
            log.info("ignoring redelivered event %s (retry %s)", event_id, retry)
            return BoltResponse(status=200, body="")
        return await next()
