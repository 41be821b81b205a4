"""How often one person may ask: at most `limit` questions in any `window` seconds; over it, a short
polite reply and no model call. Kept in this process's memory (with several processes, each allows the
limit; the durable inbox is where a shared count will live)."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class PerUserRate:
    def __init__(self, limit: int, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self._window = window
        self._clock = clock
        self._asked: dict[str, deque[float]] = {}

    def allow(self, user_id: str) -> bool:
        """Counts this question and says whether it may be answered. A limit of 0 allows everything."""
        if self.limit <= 0:
            return True
        now = self._clock()
        asked = self._asked.setdefault(user_id, deque())
        while asked and asked[0] <= now - self._window:
            asked.popleft()
        if len(asked) >= self.limit:
            return False
        asked.append(now)
        if len(self._asked) > 10_000:  # forget people who have not asked lately
            self._asked = {u: q for u, q in self._asked.items() if q and q[-1] > now - self._window}
        return True
