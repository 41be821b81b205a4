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
from bot.policy.holding import Draw

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


class RequestReader(Protocol):
    """What a tool may ask of leave requests: reads only. The draft tool checks a draft, the balance tool
    says what is pending; no method here stores, moves or cancels a request (the type says so, not a
    comment: a tool's context holds this, never the store)."""

    async def check(self, employee_id: str, draft: Draft, policy: CompanyPolicy, today: date) -> Checked:
        """The draft counted and checked against the requester's standing now. Changes nothing."""
        ...

    async def pending_days(self, employee_id: str, year: int) -> Decimal:
        """The annual days of the employee's pending requests starting in `year` ("신청 중")."""
        ...


class RequestStore(RequestReader, Protocol):
    async def submit(
        self,
        requester: Actor,
        draft: Draft,
        policy: CompanyPolicy,
        today: date,
        surface: RequestSurface,
        submission_key: str | None = None,
        approvers_in_slack: frozenset[str] | None = None,
    ) -> Submitted:
        """Checks and stores the draft as a pending request, with its audit record and the messages it
        owes (the approvers' cards, the requester's note), in one transaction (two submissions of one
        person at once: one checks after the other). A `submission_key` seen before returns that request
        (`again`), owing nothing new. `approvers_in_slack`: the approvers who can act in Slack (None: all);
        the others are passed over as if absent. Raises UnknownEmployee for an unknown requester."""
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
        them, and every move writes its audit record and the messages it owes, in the same transaction. A
        refused move is audited as refused."""
        ...

    async def record_refusal(
        self, request_id: int, action: Action, actor: Actor, why: str, surface: RequestSurface
    ) -> None:
        """A click refused before it reached `move` (a forged one: its card is not that request's)."""
        ...

    async def get(self, request_id: int) -> LeaveRequest | None: ...

    async def draw_of(self, request: LeaveRequest, policy: CompanyPolicy) -> Draw | None:
        """An annual request drawn by the ledger after the requester's other pending requests, as its
        approval would draw it: the balance its card shows; None when the data cannot give one."""
        ...

    async def claim_reminder(self, request_id: int, number: int) -> bool:
        """Reminder `number` (1, 2) of a pending request, recorded before it is sent: True only for the
        one caller that is to send it."""
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

    async def leave_types(self) -> tuple[str, ...]:
        """Annual first, then the other types the leave records know."""
        ...
