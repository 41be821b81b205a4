"""Slack redelivers an event it thinks we missed (same `event_id`, `x-slack-retry-num` ≥ 1): answer once."""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from slack_bolt.middleware.async_middleware import AsyncMiddleware
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse

log = logging.getLogger(__name__)

# Slack retries three times over about an hour and a half (immediately, 1 min, 5 min); keep ids longer.
DEFAULT_TTL = 2 * 60 * 60.0


class RecentEventIds:
    """Event ids seen in the last `ttl` seconds. Claiming is synchronous, so two concurrent deliveries
    of one event cannot both win. One per process: with several processes, route by team or swap this
    for a shared store (e.g. Redis SET NX EX) behind the same `claim` method."""

    def __init__(self, ttl: float = DEFAULT_TTL, clock: Callable[[], float] = time.monotonic) -> None:
        self._ttl = ttl
        self._clock = clock
        self._expiry: OrderedDict[str, float] = OrderedDict()

    def claim(self, event_id: str) -> bool:
        """True the first time `event_id` is seen (the caller should handle it), False afterwards."""
        now = self._clock()
        while self._expiry and next(iter(self._expiry.values())) <= now:
            self._expiry.popitem(last=False)
        if event_id in self._expiry:
            return False
        self._expiry[event_id] = now + self._ttl
        return True


class DropRedeliveries(AsyncMiddleware):
    """A repeated event is acknowledged (so Slack stops retrying) and not handled again."""

    def __init__(self, seen: RecentEventIds) -> None:
        self._seen = seen

    async def async_process(
        self, *, req: AsyncBoltRequest, resp: BoltResponse, next: Callable[[], Awaitable[BoltResponse]]
    ) -> BoltResponse | None:
        event_id = req.body.get("event_id") if isinstance(req.body, dict) else None
        if event_id and not self._seen.claim(event_id):
            retry = (req.headers.get("x-slack-retry-num") or ["0"])[0]
            log.info("ignoring redelivered event %s (retry %s)", event_id, retry)
            return BoltResponse(status=200, body="")
        return await next()
