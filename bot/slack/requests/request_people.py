"""The people a leave request's messages go to, as Slack knows them: an employee's Slack account, whether an
approver can act there (no guest, no deactivated or foreign account), who decided as Slack shows them, and
what a message shows its reader (language, names, the balance before and after, the team's absences).

Read from the database and Slack each time a message goes, never from a click's payload."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import date, datetime
from zoneinfo import ZoneInfo

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.domain.leave import ANNUAL
from bot.domain.requests import Checked, Draft, LeaveRequest
from bot.hr.directory import NotAnEmployee
from bot.ports.hr import Directory
from bot.ports.policy import PolicyStore
from bot.ports.requests import RequestStore
from bot.slack.identity import SlackIdentity, prefers_korean, slack_user_of_employee
from bot.slack.requests.request_messages import Reader
from bot.slack.requests.request_views import Decider


class RequestPeople:
    def __init__(
        self,
        requests: RequestStore,
        policy: PolicyStore,
        directory: Directory,
        client: AsyncWebClient,
        identity: SlackIdentity,
        clock: Callable[[], datetime],
        timezone: str,
    ) -> None:
        self._requests, self._policy, self._directory = requests, policy, directory
        self._client, self._identity = client, identity
        self._clock, self._zone = clock, ZoneInfo(timezone)

    def today(self) -> date:
        """The company's today: whether a Cancel is still open."""
        return self._clock().astimezone(self._zone).date()

    async def slack_user(self, employee_id: str) -> str | None:
        """Their Slack account; None when they have none. Raises when Slack could not be asked now."""
        return await slack_user_of_employee(self._directory, self._client, employee_id)

    async def can_act(self, user: str, employee_id: str) -> bool:
        """Whether this Slack account is that employee's own, able to act (not a guest, deactivated or
        from another organisation): only such a person gets a card or a reminder with someone's leave."""
        try:
            caller = await self._identity.caller(user, "home")
        except NotAnEmployee:
            return False
        return caller.employee_id == employee_id

    async def decider(self, request: LeaveRequest) -> Decider:
        """Who decided, as Slack shows them: a mention of their account (built by the renderer from the id
        looked up here), "HR" (at the terminal), "OfficeBot" (expiry)."""
        by = request.decided_by or "-"
        if by == "system":
            return Decider("OfficeBot")
        if by.startswith("hr:"):
            return Decider("HR")
        return Decider(by, await self.slack_user(by))

    async def reader(self, request: LeaveRequest, user: str | None) -> Reader:
        korean, zone = True, self._zone  # else Korean and the company's zone
        if user is not None:
            with contextlib.suppress(SlackApiError, NotAnEmployee):
                profile = await self._identity.profile(user)
                korean = prefers_korean(profile)
                zone = ZoneInfo(profile.timezone) if profile.timezone else self._zone
        requester = await self._directory.employee_by_id(request.employee_id)
        today = self.today()
        pending = request.state == "pending"
        return Reader(
            korean=korean,
            requester_name=requester.name if requester else request.employee_id,
            decider=await self.decider(request),
            today=today,
            zone=zone,
            balance=await self._balance(request, today) if pending else None,
            away=tuple(await self._requests.team_away(request)) if pending else (),
            max_out=(await self._policy.current()).max_out_per_day if pending else 0,
        )

    async def _balance(self, request: LeaveRequest, today: date) -> Checked | None:
        """The balance before and after this request as its approval would draw it (the ledger: the
        grants usable on its dates); `pending` holds what the requester's other pending requests take of
        those grants. Annual leave only."""
        if request.leave_type != ANNUAL:
            return None
        drawn = await self._requests.draw_of(request, await self._policy.current())
        if drawn is None:
            return None
        return Checked(
            Draft(request.leave_type, request.start, request.end, request.part, request.reason),
            days=request.days,
            balance_before=drawn.before,
            pending=drawn.pending,
            balance_after=drawn.after,
        )
