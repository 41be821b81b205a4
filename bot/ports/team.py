"""Who is whose, and who is out when, as the manager's and HR's views and the calendar feeds read them;
and the feeds' tokens. The SQL implementations are `bot/db/team.py` and `bot/db/calendar_feeds.py`.

Roles are company data read afresh on every use: a manager is whoever a person's `manager_id` names, HR is
the policy's `hr_admins`. Nothing here takes a role from a client."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Literal, Protocol

from bot.domain.people import Employee
from bot.domain.requests import Part
from bot.policy.grants import LeaveRules

# Where an absence comes from: an approved (or, for an approver's eyes only, pending) request, or a leave
# record HR imported that no request wrote.
AbsenceSource = Literal["approved", "pending", "recorded"]


@dataclass(frozen=True, slots=True)  # slots: HR's feed reads tens of thousands
class Absence:
    """One person out from `start` to `end` (inclusive). `part` is the request's; an imported record of
    less than a day is `part="full"` with its `days` (the data does not say which half)."""

    employee_id: str
    name: str
    start: date
    end: date
    part: Part
    days: Decimal
    leave_type: str
    source: AbsenceSource
    key: str  # stable across reads: the calendar event's UID ("request-12", "record-40")


class Team(Protocol):
    async def reports_of(self, manager_id: str) -> list[Employee]:
        """The active employees whose `manager_id` is this person, by name."""
        ...

    async def absences(
        self,
        employee_ids: Collection[str] | None,
        first: date,
        last: date,
        *,
        pending: bool = False,
    ) -> list[Absence]:
        """Approved leave (and, with `pending`, pending requests) of these employees (None: every active
        one) touching `first`…`last`, with imported records no request wrote; by start, then name."""
        ...

    async def lapsing(self, rules: LeaveRules, on: date, within: int) -> list[tuple[str, Decimal, date]]:
        """Each active person's leave that lapses within `within` days of `on`: name, days left, the last
        usable day; from each person's holding (bot/policy/holding.py), soonest first."""
        ...

    async def taken_per_month(self, year: int) -> list[Decimal]:
        """Annual leave days taken by active employees in each month of `year` (12 figures): the leave
        records, which an approval writes and HR imports."""
        ...


class CalendarFeeds(Protocol):
    async def reset(self, employee_id: str) -> str:
        """A new secret token for this person's feed, replacing any earlier one (which stops working at
        once). Only its hash is stored: the token is returned once, to be shown to its owner."""
        ...

    async def owner(self, token: str) -> str | None:
        """Whose feed `token` opens (an active employee), or None."""
        ...

    async def issued_at(self, employee_id: str) -> datetime | None:
        """When this person's current token was issued (None: they have none)."""
        ...
