"""Redelivery claims: Slack redelivers an event it thinks we missed (same `event_id`); the first claim of
an id wins and every later one is told it lost, so each event is answered once.

The port is `async claim(event_id) -> bool`. `RecentEventIds` keeps ids in this process's memory, which
is right for one process; several processes need a shared implementation behind the same method.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol

# Slack retries three times over about an hour and a half (immediately, 1 min, 5 min); keep ids longer.
DEFAULT_TTL = 2 * 60 * 60.0


class RedeliveryClaims(Protocol):
    async def claim(self, event_id: str) -> bool:
        """True the first time `event_id` is claimed (handle it), False afterwards (drop it)."""
        ...


class RecentEventIds:
    """Event ids seen in the last `ttl` seconds, in memory. The check-and-set has no await in it, so
    two concurrent deliveries of one event cannot both win on the loop that calls it."""

    def __init__(self, ttl: float = DEFAULT_TTL, clock: Callable[[], float] = time.monotonic) -> None:
        self._ttl = ttl
        self._clock = clock
        self._expiry: OrderedDict[str, float] = OrderedDict()

    async def claim(self, event_id: str) -> bool:
        now = self._clock()
        while self._expiry and next(iter(self._expiry.values())) <= now:
            self._expiry.popitem(last=False)
        if event_id in self._expiry:
            return False
        self._expiry[event_id] = now + self._ttl
        return True
