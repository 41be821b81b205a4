"""The §61 leave notices, sent from the Slack runner (the caretaker starts a round now and then): each due
notice is recorded first (`NoticeLog.claim`), and only if this process recorded it, sent as a DM to the
person (Korean, or English when their Slack locale is English: read from the identity cache,
`SlackIdentity.reads_english`), with the unused days and the deadline;
then `sent_at`. HR gets one summary per round at the policy's `notice_target` (names and ids, the notice,
the days and dates: what HR already has). Nothing is sent while the policy has notices off.

A failed send costs one log line and leaves the notice unsent; a later round claims it again once
`RETRY_AFTER` (bot/db/send_once.py) has passed, as long as the notice's window is still open.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date, datetime
from zoneinfo import ZoneInfo

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.domain.leave import format_days
from bot.ports.notices import DueNotice, NoticeLog
from bot.ports.policy import PolicyStore
from bot.slack.identity import SlackIdentity
from bot.slack.transport.rate_limits import error_of
from bot.slack.user_text import NAME_LIMIT, shown

log = logging.getLogger(__name__)

NOTICE_EVERY = 3600.0  # seconds between notice rounds (the caretaker's setting)


def notice_text(notice: DueNotice, english: bool) -> str:
    """The DM the person reads."""
    s, name, days = notice.scheduled, shown(notice.employee.name, NAME_LIMIT), format_days(notice.unused)
    if english:
        if s.notice == 1:
            return (
                f"[Annual leave notice 1 of 2] {name}, {days} day(s) of your annual leave (arisen "
                f"{s.arises_on}) are unused and lapse after {s.expires_on}. Please choose the dates you will "
                f"take them and tell HR by {s.reply_by()}. (Labour Standards Act §61)"
            )
        return (
            f"[Annual leave notice 2 of 2] {name}, {days} day(s) of your annual leave (arisen {s.arises_on}) "
            f"are still unused and lapse after {s.expires_on}. HR will set the dates for the days you have "
            "not chosen and tell you in writing. Leave left unused after that is not paid out. "
            "(Labour Standards Act §61)"
        )
    if s.notice == 1:
        return (
            f"[연차 사용 촉진 1차 안내] {name}님, {s.arises_on}에 발생한 연차 중 사용하지 않은 {days}일은 "
            f"{s.expires_on}까지 사용하지 않으면 소멸됩니다. 사용할 날짜를 정해 {s.reply_by()}까지 HR에 "
            "알려 주세요. (근로기준법 제61조)"
        )
    return (
        f"[연차 사용 촉진 2차 안내] {name}님, {s.arises_on}에 발생한 연차 중 아직 사용하지 않은 {days}일은 "
        f"{s.expires_on}까지 사용하지 않으면 소멸됩니다. 사용 시기를 정하지 않은 날은 회사(HR)가 정해 서면으로 "
        "알려 드리며, 그래도 사용하지 않은 연차는 수당으로 보상되지 않습니다. (근로기준법 제61조)"
    )


def summary_text(on: date, sent: list[DueNotice], failed: list[DueNotice]) -> str:
    """HR's copy: who got which notice today, and which could not be sent."""
    lines = [f"연차 사용 촉진 통지 {on}: {len(sent)}건 발송" + (f", {len(failed)}건 실패" if failed else "")]
    for notice, outcome in [(n, "발송") for n in sent] + [(n, "실패") for n in failed]:
        s = notice.scheduled
        extra = f", 회신 기한 {s.reply_by()}" if s.notice == 1 else ", 미지정일 사용 시기 지정 필요"
        lines.append(
            f"- {shown(notice.employee.name, NAME_LIMIT)} ({shown(notice.employee.employee_id, NAME_LIMIT)}): "
            f"{s.notice}차 {outcome}, "
            f"미사용 {format_days(notice.unused)}일, 소멸 {s.expires_on}{extra}"
        )
    return "\n".join(lines)


class NoticeRound:
    def __init__(
        self,
        policy: PolicyStore,
        notices: NoticeLog,
        client: AsyncWebClient,
        identity: SlackIdentity,
        clock: Callable[[], datetime],
        timezone: str,
    ) -> None:
        self._policy, self._notices, self._client, self._identity = policy, notices, client, identity
        self._clock, self._zone = clock, ZoneInfo(timezone)

    async def round(self) -> list[DueNotice]:
        """Sends what is due today and not sent yet; returns the notices sent."""
        policy = await self._policy.current()
        if not policy.notices:
            return []
        on = self._clock().astimezone(self._zone).date()
        sent: list[DueNotice] = []
        failed: list[DueNotice] = []
        for notice in await self._notices.due(policy, on):
            user = notice.employee.slack_user_id
            if user is None:
                log.warning(
                    "leave notice %s for %s not sent: no Slack user id",
                    notice.scheduled.notice,
                    notice.employee.employee_id,
                )
                continue
            if not await self._notices.claim(notice):
                continue  # recorded already: sent, or being sent by another process
            try:
                english = await self._identity.reads_english(user)
                await self._client.chat_postMessage(channel=user, text=notice_text(notice, english))
            except (SlackApiError, OSError, TimeoutError) as exc:
                log.warning(
                    "leave notice %s for %s not sent (%s); a later round retries it",
                    notice.scheduled.notice,
                    notice.employee.employee_id,
                    _reason(exc),
                )
                failed.append(notice)
                continue
            await self._notices.sent(notice)
            sent.append(notice)
        if (sent or failed) and policy.notice_target:
            try:
                await self._client.chat_postMessage(
                    channel=policy.notice_target, text=summary_text(on, sent, failed)
                )
            except (SlackApiError, OSError, TimeoutError) as exc:
                log.warning("leave notices' summary to HR not sent (%s)", _reason(exc))
        return sent


def _reason(exc: BaseException) -> str:
    if isinstance(exc, SlackApiError):
        return str(error_of(exc) or "Slack error")
    return exc.__class__.__name__
