"""The morning "오늘 부재" digest in the policy's announcement channel (docs/requests.md), started by the
caretaker now and then: on a working day (bot/calendar.py: no weekends or Korean public holidays), from
the policy's `digest_hour` in the company's time zone, one message naming who is off today by an approved
request and the part of the day ("김민수, 이서연 (오후)"), never the leave type or reason (privacy);
nothing when nobody is off.

Once a day across processes and restarts: the day is claimed first (`SqlDigestLog.claim`, bot/db/digests.py)
and only the process that claimed it posts. A failed post costs one log line; a later round claims the day
again once `RETRY_AFTER` (bot/db/send_once.py) has passed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.calendar import KOREA, KoreanCalendar
from bot.domain.requests import Part
from bot.ports.digests import DigestLog
from bot.ports.policy import PolicyStore
from bot.slack.requests.request_views import part_label
from bot.slack.transport.rate_limits import error_of
from bot.slack.user_text import NAME_LIMIT, shown

log = logging.getLogger(__name__)

DIGEST_EVERY = 600.0  # seconds between rounds: the digest goes out within ten minutes of the hour
WEEKDAYS = "월화수목금토일"


def digest_text(day: date, away: list[tuple[str, Part]]) -> str:
    """The message: the day and the names, each with its part of the day when not a full day."""
    names = ", ".join(f"{shown(name, NAME_LIMIT)}{part_label(part)}" for name, part in away)
    return f"오늘 부재 ({day.month}/{day.day} {WEEKDAYS[day.weekday()]}): {names}"


@dataclass(frozen=True)
class Digest:
    """A day this process claimed: the names it posted (none: nobody was off, nothing posted)."""

    day: date
    text: str | None


class AbsenceDigest:
    def __init__(
        self,
        policy: PolicyStore,
        digests: DigestLog,
        client: AsyncWebClient,
        clock: Callable[[], datetime],
        timezone: str,
        calendar: KoreanCalendar = KOREA,
    ) -> None:
        self._policy, self._digests, self._client = policy, digests, client
        self._clock, self._zone, self._calendar = clock, ZoneInfo(timezone), calendar

    async def round(self) -> Digest | None:
        """Today's digest if it is due and this process claims it; None otherwise."""
        policy = await self._policy.current()
        if not policy.announce_channel:
            return None
        now = self._clock().astimezone(self._zone)
        today = now.date()
        if now.hour < policy.digest_hour or not self._calendar.day(today).working:
            return None
        if not await self._digests.claim(today):
            return None
        away = await self._digests.away_on(today)
        text = digest_text(today, away) if away else None
        if text is not None:
            try:
                await self._client.chat_postMessage(channel=policy.announce_channel, text=text)
            except SlackApiError as failed:
                log.warning("could not post today's absence digest (%s)", error_of(failed))
                return None
        await self._digests.sent(today)
        return Digest(today, text)
