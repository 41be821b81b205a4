"""The morning absence digest's log as a port: who is away on a day, and each day's digest claimed, then
marked sent, exactly once across processes. The SQL implementation is `bot/db/digests.py`."""

from __future__ import annotations

from datetime import date, datetime
from typing import Protocol

from bot.domain.requests import Part


class DigestLog(Protocol):
    async def away_on(self, day: date) -> list[tuple[str, Part]]:
        """Who is off on `day` by an approved request, with the part of the day, by name only."""
        ...

    async def claim(self, day: date) -> bool:
        """True for the one caller that is to send `day`'s digest."""
        ...

    async def sent(self, day: date) -> None: ...

    async def recorded(self) -> dict[date, datetime | None]: ...
