"""Leave requests as a port: a draft checked against the requester's standing, a request stored on their
Submit, and each move (approve, decline, cancel, expire) applied once. The SQL implementation is
`bot/db/requests.py`; the states and who may move them are `bot/domain/requests.py`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Literal, Protocol

from bot.domain.requests import Action, Actor, Away, Checked, Draft, LeaveRequest, Refusal, State
from bot.policy.company import CompanyPolicy

# Where a request was submitted or moved from, as the audit log records it.
RequestSurface = Literal["modal", "dm", "home", "card", "cli", "caretaker"]


@dataclass(frozen=True)
class Submitted:
    """A submission's outcome: the stored request (None when the check found problems), and the check."""

    request: LeaveRequest | None
    checked: Checked
    again: bool = False  # the same submission arrived before (a form submitted twice): nothing new stored


@dataclass(frozen=True)
class Moved:
    """A move's outcome: the request as it stands now (None: no such request), whether this call moved it,
    and why not when it did not (it was decided meanwhile: `request.state` says how)."""

    request: LeaveRequest | None
    moved: bool
    refusal: Refusal | None = None
    before: State | None = None  # the state this call moved it from


class RequestStore(Protocol):
    async def check(self, employee_id: str, draft: Draft, policy: CompanyPolicy, today: date) -> Checked:
        """The draft counted and checked against the requester's standing now. Changes nothing."""
        ...

    async def submit(
        self,
        requester: Actor,
        draft: Draft,
        policy: CompanyPolicy,
        today: date,
        surface: RequestSurface,
        submission_key: str | None = None,
    ) -> Submitted:
        """Checks and stores the draft as a pending request, with its audit record, in one transaction
        (two submissions of one person at once: one checks after the other). A `submission_key` seen
        before returns that request (`again`). Raises UnknownEmployee for an unknown requester."""
        ...

    async def move(
        self,
        request_id: int,
        action: Action,
        actor: Actor,
        policy: CompanyPolicy,
        today: date,
        surface: RequestSurface,
        note: str | None = None,
    ) -> Moved:
        """Applies `action` once: only from the state the request was read in, so of two callers at once
        exactly one moves it. An approval writes its leave records, cancelling an approved request removes
        them, and every move writes its audit record, in the same transaction."""
        ...

    async def get(self, request_id: int) -> LeaveRequest | None: ...

    async def claim_reminder(self, request_id: int, number: int) -> bool:
        """Reminder `number` (1, 2) of a pending request, recorded before it is sent: True only for the
        one caller that is to send it."""
        ...

    async def to_tell(self, limit: int = 200) -> list[LeaveRequest]:
        """Requests decided at the terminal whose people Slack has not told yet."""
        ...

    async def claim_telling(self, request_id: int) -> bool:
        """True for the one caller that is to tell the people of that decision (recorded before telling)."""
        ...

    async def claim_announcement(self, request_id: int) -> bool:
        """True for the one caller that may post the request's cards (a form sent twice: once)."""
        ...

    async def set_card(self, request_id: int, channel: str, ts: str) -> None:
        """Where the approver's card is, so a decision made elsewhere can bring it up to date."""
        ...

    async def listed(
        self,
        *,
        state: State | None = None,
        employee_id: str | None = None,
        limit: int = 200,
    ) -> list[LeaveRequest]:
        """Requests, newest first, of one state and one employee when given."""
        ...

    async def waiting_for(
        self, approver_id: str, hr_approvers: tuple[str, ...], limit: int = 20
    ) -> list[LeaveRequest]:
        """Pending requests this person may decide, oldest first: theirs as manager, and those with no
        manager when they are one of the policy's approvers (never their own)."""
        ...

    async def team_away(self, request: LeaveRequest) -> list[Away]:
        """Who else with the same manager is off (approved or pending requests, leave records) on the
        request's days."""
        ...

    async def pending_days(self, employee_id: str, year: int) -> Decimal:
        """The annual days of the employee's pending requests starting in `year` ("신청 중")."""
        ...

    async def leave_types(self) -> tuple[str, ...]:
        """Annual first, then the other types the leave records know."""
        ...
