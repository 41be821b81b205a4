"""A leave request as values: its parts of a day, its states, and the one table of who may move it from
which state to which (docs/requests.md).

A draft is never stored: a request exists from the requester's click on Submit, as `pending`. From there
one action moves it once; the database applies a move only from the state it was read in
(`bot/db/requests.py`), so two people deciding at once get one outcome.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from types import MappingProxyType
from typing import Literal, get_args

from bot.domain.typed_text import character_problem

State = Literal["pending", "approved", "declined", "cancelled", "expired"]
STATES: tuple[State, ...] = get_args(State)

Action = Literal["approve", "decline", "cancel", "expire"]
ACTIONS: tuple[Action, ...] = get_args(Action)

# A whole day, the morning or afternoon half (오전 / 오후 반차), or a quarter (반반차, where the policy allows).
Part = Literal["full", "am", "pm", "quarter"]
PARTS: tuple[Part, ...] = get_args(Part)
PART_DAYS: Mapping[Part, Decimal] = MappingProxyType(
    {"full": Decimal(1), "am": Decimal("0.5"), "pm": Decimal("0.5"), "quarter": Decimal("0.25")}
)

# Who acts: the person who asked, the approver (their manager, else one of the policy's HR approvers), HR
# at the terminal (`officebot requests …`), or the caretaker (expiry).
Role = Literal["requester", "approver", "hr", "system"]


@dataclass(frozen=True)
class Move:
    """One row of the table: an action, the states it starts from, the state it ends in, who may take it."""

    action: Action
    from_states: frozenset[State]
    to: State
    by: frozenset[Role]


# THE table. Cancelling an approved request is the requester's only before its first day (HR's any time);
# that one condition on dates is in `refusal` below.
MOVES: Mapping[Action, Move] = MappingProxyType(
    {
        "approve": Move("approve", frozenset({"pending"}), "approved", frozenset({"approver", "hr"})),
        "decline": Move("decline", frozenset({"pending"}), "declined", frozenset({"approver", "hr"})),
        "cancel": Move(
            "cancel", frozenset({"pending", "approved"}), "cancelled", frozenset({"requester", "hr"})
        ),
        "expire": Move("expire", frozenset({"pending"}), "expired", frozenset({"system"})),
    }
)

# The states a request holds days in: they overlap nothing else of the same person, and count against
# the balance (approved as used, pending as "신청 중").
HOLDING: frozenset[State] = frozenset({"pending", "approved"})


@dataclass(frozen=True)
class Draft:
    """What the form or the draft tool gives: never stored until the requester submits it."""

    leave_type: str
    start: date
    end: date
    part: Part = "full"
    reason: str = ""


# --- A draft checked (bot/requests/validation.py counts and checks; the store reads the standing) ---

Field = Literal["leave_type", "start", "end", "part", "reason"]

REASON_LIMIT = 500  # characters: a reason is a line or two, and it goes on the approver's card
NOTE_LIMIT = 500  # characters of a decline's or a cancellation's note: one line, on the card and the DM


def note_problem(note: str) -> tuple[str, str] | None:
    """What is wrong with a decline's or a cancellation's note (the decline form, the terminal), in Korean
    and English; None when it may be stored. One line, some text, at most `NOTE_LIMIT` characters."""
    if not note.strip():
        return "사유를 적어 주세요.", "Say why."
    if len(note) > NOTE_LIMIT:
        return f"사유는 {NOTE_LIMIT}자까지예요 (지금 {len(note)}자).", (
            f"A reason is at most {NOTE_LIMIT} characters ({len(note)} now)."
        )
    return character_problem(note)


@dataclass(frozen=True)
class Problem:
    """What is wrong with a draft, on which field of the form, in Korean and English."""

    field: Field
    ko: str
    en: str
    over_balance: bool = False  # more days than the balance allows: the answer then says the balance
    days: Decimal | None = None  # ...and the days the draft takes, which the answer says beside it

    def pick(self, korean: bool) -> str:
        return self.ko if korean else self.en


@dataclass(frozen=True)
class HeldRequest:
    """One of the requester's own requests that holds days (pending or approved)."""

    id: int
    start: date
    end: date
    state: State


@dataclass(frozen=True)
class Standing:
    """What the check needs to know of the requester, read by the store at the moment of the check."""

    today: date
    leave_types: tuple[str, ...]  # annual, and the other types the data knows
    held: tuple[HeldRequest, ...] = ()  # their pending and approved requests overlapping the draft's dates
    record_dates: frozenset[date] = frozenset()  # dates of their leave records inside the draft's dates
    granted: Decimal | None = None  # the draft's year's annual grant (None: no grant that year)
    # The draft drawn by the ledger as approval will draw it (bot/policy/holding.py `request_draw`): what
    # is left of the grants it takes from, what their other pending requests hold of those grants, and
    # the draft's days no grant covers.
    available: Decimal = Decimal(0)
    pending: Decimal = Decimal(0)
    short: Decimal = Decimal(0)
    allow_negative: bool = False
    quarter_days: bool = False  # the policy allows 반반차
    ahead_days: int = 365  # the policy's limit on how far ahead a request may start
    # The policy's `grants=computed`: the year's grants are the Act's, so a year with none is not one HR
    # has yet to import (what the refusal tells the person to do differs).
    computed_grants: bool = False


@dataclass(frozen=True)
class Checked:
    """The draft counted: its working days, the days it takes, and the balance before and after (annual
    leave only; None for other types), or the problems that stop it."""

    draft: Draft
    problems: tuple[Problem, ...] = ()
    working_dates: tuple[date, ...] = ()
    days: Decimal = Decimal(0)
    balance_before: Decimal | None = None  # what is left of the grants the draft draws from
    pending: Decimal = Decimal(0)
    balance_after: Decimal | None = None  # before − pending − this request
    holidays: tuple[str, ...] = ()  # the holidays inside the range, by their Korean names

    @property
    def ok(self) -> bool:
        return not self.problems

    def errors(self, korean: bool) -> dict[str, str]:
        """The first problem of each field, as Slack's `response_action: errors` takes them."""
        found: dict[str, str] = {}
        for problem in self.problems:
            found.setdefault(problem.field, problem.pick(korean))
        return found


@dataclass(frozen=True)
class LeaveRequest:
    id: int
    employee_id: str
    approver_id: str | None  # the manager; None: any of the policy's HR approvers
    leave_type: str
    start: date
    end: date
    part: Part
    days: Decimal  # working days × the part's share, counted by code when submitted
    reason: str
    state: State
    created_at: datetime
    decided_by: str | None = None  # who moved it last (employee id, or `hr:<os user>`, or `system`)
    decided_at: datetime | None = None
    decision_note: str | None = None  # a decline's or a cancellation's reason
    reminders: int = 0  # reminders to the approver sent (claimed) so far
    moved_from: State | None = None  # the state its last move started from (None: never moved)


@dataclass(frozen=True)
class Away:
    """A teammate (same manager) off on some of a request's days: for the approver's card."""

    name: str
    start: date
    end: date
    state: State | Literal["recorded"]  # a request's state, or a leave record already in the data


@dataclass(frozen=True)
class Actor:
    """Who acts, as the store records it: an employee (from the Slack identity, never from a payload's
    text), HR at the terminal (by OS user), or the system."""

    employee_id: str | None
    slack_user_id: str | None = None
    hr_user: str | None = None  # `officebot requests …`: the OS user, HR's own authority
    system: bool = False
    # HR in Slack: an employee in the policy's `hr_admins`, as our code found from their Slack identity
    # at the click (bot/slack/home/roles.py), never from anything the click carried. HR's authority, except on
    # their own requests (nobody decides their own).
    hr_admin: bool = False

    @property
    def label(self) -> str:
        if self.system:
            return "system"
        if self.hr_user is not None:
            return f"hr:{self.hr_user}"
        if self.hr_admin:
            return f"hr:{self.employee_id}"
        return self.employee_id or "-"


SYSTEM = Actor(None, system=True)

Refusal = Literal["not_allowed", "not_pending", "already_started", "own_request", "unknown_request"]


def roles_of(request: LeaveRequest, actor: Actor, hr_approvers: tuple[str, ...]) -> frozenset[Role]:
    """What `actor` is to `request`. Nobody approves their own request, whatever list they are on."""
    if actor.system:
        return frozenset({"system"})
    if actor.hr_user is not None:
        return frozenset({"hr"})
    roles: set[Role] = set()
    if actor.employee_id is None:
        return frozenset()
    if actor.employee_id == request.employee_id:
        roles.add("requester")
    elif actor.employee_id == request.approver_id or (
        request.approver_id is None and actor.employee_id in hr_approvers
    ):
        roles.add("approver")
    if actor.hr_admin and actor.employee_id != request.employee_id:
        roles.add("hr")
    return frozenset(roles)


def refusal(
    action: Action, request: LeaveRequest, actor: Actor, hr_approvers: tuple[str, ...], today: date
) -> Refusal | None:
    """Why `actor` may not take `action` on `request` now, or None when they may."""
    move = MOVES[action]
    roles = roles_of(request, actor, hr_approvers)
    if not roles & move.by:
        if action in ("approve", "decline") and "requester" in roles:
            return "own_request"
        return "not_allowed"
    if request.state not in move.from_states:
        return "not_pending"
    if action == "cancel" and request.state == "approved" and "hr" not in roles and request.start <= today:
        return "already_started"
    return None


def record_note(request_id: int) -> str:
    """The note on the leave records an approval writes: how a record names its request."""
    return f"request #{request_id}"
