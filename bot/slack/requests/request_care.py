"""Pending leave requests looked after (the caretaker starts a round now and then; docs/requests.md):

- after 1 and after 3 working days still pending, the approver gets a reminder: each is claimed first
  (`RequestStore.claim_reminder`, one conditional UPDATE), so only one process sends it;
- after 7 working days, or once its first day has passed, a pending request expires: the move is the same
  conditional UPDATE as every decision, so one process moves it, and what it owes (the requester told,
  the cards brought up to date) is delivered like any decision's (`bot/slack/requests/request_delivery.py`).

Working days are counted by code (bot/calendar.py) from the day after the request was made, in the
company's time zone. A reminder whose send fails is not sent again (the next one, or expiry, follows).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.calendar import KOREA, KoreanCalendar
from bot.domain.requests import SYSTEM, LeaveRequest
from bot.ports.hr import Directory
from bot.ports.policy import PolicyStore
from bot.ports.requests import RequestStore
from bot.slack.answering.render import REQUEST_METADATA
from bot.slack.identity import SlackIdentity, slack_user_of_employee
from bot.slack.requests.request_delivery import RequestDelivery
from bot.slack.requests.request_views import request_summary
from bot.slack.transport.rate_limits import error_of

log = logging.getLogger(__name__)

CARE_EVERY = 3600.0  # seconds between rounds (the caretaker's setting)
REMIND_AFTER = (1, 3)  # working days pending before reminder 1 and reminder 2
EXPIRE_AFTER = 7  # working days pending before a request expires


@dataclass
class CareRound:
    """What one round did: (request id, reminder number) sent, and the requests it expired."""

    reminded: list[tuple[int, int]] = field(default_factory=list)
    expired: list[int] = field(default_factory=list)


class RequestCare:
    def __init__(
        self,
        requests: RequestStore,
        policy: PolicyStore,
        directory: Directory,
        client: AsyncWebClient,
        identity: SlackIdentity,
        delivery: RequestDelivery,
        clock: Callable[[], datetime],
        timezone: str,
        calendar: KoreanCalendar = KOREA,
    ) -> None:
        self._requests, self._policy, self._directory, self._client = requests, policy, directory, client
        self._identity = identity
        self._delivery = delivery
        self._clock, self._zone, self._calendar = clock, ZoneInfo(timezone), calendar

    async def round(self) -> CareRound:
        done = CareRound()
        today = self._clock().astimezone(self._zone).date()
        policy = await self._policy.current()
        for request in reversed(await self._requests.listed(state="pending", limit=1000)):
            made_on = request.created_at.astimezone(self._zone).date()
            waited = (
                self._calendar.working_days(made_on + timedelta(days=1), today).working
                if today > made_on
                else 0
            )
            if request.start < today or waited >= EXPIRE_AFTER:
                moved = await self._requests.move(request.id, "expire", SYSTEM, policy, today, "caretaker")
                if moved.moved:
                    done.expired.append(request.id)
                    await self._delivery.deliver(request.id)
                continue
            due = [number for number, after in enumerate(REMIND_AFTER, 1) if waited >= after]
            if (
                due
                and due[-1] > request.reminders
                and await self._requests.claim_reminder(request.id, due[-1])
            ):
                done.reminded.append((request.id, due[-1]))
                await self._remind(request, waited, policy.approvers)
        return done

    async def _remind(self, request: LeaveRequest, waited: int, hr_approvers: tuple[str, ...]) -> None:
        name = await self._name(request.employee_id)
        for approver in [request.approver_id] if request.approver_id else list(hr_approvers):
            if approver == request.employee_id:
                continue
            try:
                user = await self._slack_user(approver)
                if user is None or not await self._delivery.can_act(user, approver):
                    continue  # nobody's leave to a guest, or to an account that is no longer theirs
            except SlackApiError as failed:
                log.warning("could not find an approver to remind (%s)", error_of(failed))
                continue
            korean = not await self._identity.reads_english(user)
            summary = request_summary(request, name, korean, None)
            line = (
                f"⏰ 이 휴가 신청이 {waited}근무일째 승인을 기다리고 있어요. 받은 카드나 홈 탭에서 승인·반려해 주세요."
                if korean
                else f"⏰ This leave request has waited {waited} working days for your decision: approve or "
                "decline it on its card or the Home tab."
            )
            await self._send(user, f"{summary}\n{line}")

    async def _name(self, employee_id: str) -> str:
        employee = await self._directory.employee_by_id(employee_id)
        return employee.name if employee else employee_id

    async def _slack_user(self, employee_id: str) -> str | None:
        return await slack_user_of_employee(self._directory, self._client, employee_id)

    async def _send(self, user: str, message: str) -> None:
        try:
            await self._client.chat_postMessage(metadata=REQUEST_METADATA, channel=user, text=message)
        except SlackApiError as failed:
            log.warning("could not send a leave request's reminder or expiry (%s)", error_of(failed))
