"""What a draft is checked against, read in the checking transaction (`bot/db/requests.py`): the asker's
pending and approved requests and leave records on the draft's dates, the year's balance as their holding
states it and the ledger's draw of the draft's days, the year's grant, used and pending days, and the leave
types the data knows; and a `leave_requests` row as the `LeaveRequest` it is."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import Row, and_, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.calendar import KoreanCalendar
from bot.db.hr import ledger_inputs_on
from bot.db.tables import employees, leave_grants, leave_records, leave_requests
from bot.domain.leave import ANNUAL, Balance
from bot.domain.requests import (
    HOLDING,
    Away,
    Draft,
    HeldRequest,
    LeaveRequest,
    Part,
    Standing,
    State,
)
from bot.policy.company import CompanyPolicy
from bot.policy.grants import EntitlementInputError, employment_from
from bot.policy.holding import Draw, holding, request_draw
from bot.ports.hr import LedgerInputs
from bot.requests.validation import days_taken

# A leave record of several days starts on its date and covers that many working days from it: how far
# back a record may start and still reach into a draft's dates.
_LONGEST_RECORD = timedelta(days=62)


async def standing_of(
    connection: AsyncConnection,
    calendar: KoreanCalendar,
    employee_id: str,
    draft: Draft,
    policy: CompanyPolicy,
    today: date,
) -> Standing:
    """What the check of `draft` needs to know, read in the caller's transaction: the year's balance, the
    ledger's draw of an annual leave's days (both from one read of the person's ledger inputs), and what
    `read_standing` reads."""
    inputs = await ledger_inputs_on(connection, employee_id)
    balance = _balance(inputs, draft.start.year, policy, today)
    draw = None
    if balance is not None and draft.leave_type == ANNUAL and draft.start <= draft.end:
        pending = await pending_taken(connection, calendar, employee_id)
        draw = _draw(inputs, pending, days_taken(calendar, draft.start, draft.end, draft.part), policy)
    return await read_standing(connection, calendar, balance, draw, employee_id, draft, policy, today)


async def ledger_draw(
    connection: AsyncConnection, calendar: KoreanCalendar, request: LeaveRequest, policy: CompanyPolicy
) -> Draw | None:
    """A stored request's days drawn by the ledger after the person's other pending requests, in the
    caller's transaction (its approval card's balance)."""
    inputs = await ledger_inputs_on(connection, request.employee_id)
    pending = await pending_taken(connection, calendar, request.employee_id, request.id)
    return _draw(inputs, pending, days_taken(calendar, request.start, request.end, request.part), policy)


def _draw(
    inputs: LedgerInputs,
    pending: Sequence[tuple[date, Decimal]],
    requested: Sequence[tuple[date, Decimal]],
    policy: CompanyPolicy,
) -> Draw | None:
    """None for employment data the calculator cannot use (the check then says what the balance tool
    says)."""
    try:
        employment = employment_from(inputs.employee)
        return request_draw(inputs.stored, inputs.records, employment, policy.rules, pending, requested)
    except EntitlementInputError:
        return None


def _balance(inputs: LedgerInputs, year: int, policy: CompanyPolicy, today: date) -> Balance | None:
    """The year's balance as the person's holding states it (the ledger, in the policy's grants mode),
    from inputs read in the check's own transaction (a second connection per check would empty the pool
    under load); None when no grant counts in the year, or the employment data cannot give one."""
    try:
        employment = employment_from(inputs.employee)
        held = holding(inputs.stored, inputs.records, employment, policy.rules, today, only_year=year)
    except EntitlementInputError:
        return None
    return held.balance(year)


async def read_standing(
    connection: AsyncConnection,
    calendar: KoreanCalendar,
    balance: Balance | None,
    draw: Draw | None,
    employee_id: str,
    draft: Draft,
    policy: CompanyPolicy,
    today: date,
) -> Standing:
    first, last = min(draft.start, draft.end), max(draft.start, draft.end)
    held_rows = await connection.execute(
        select(
            leave_requests.c.id,
            leave_requests.c.start_on,
            leave_requests.c.end_on,
            leave_requests.c.state,
        )
        .where(
            leave_requests.c.employee_id == employee_id,
            leave_requests.c.state.in_(sorted(HOLDING)),
            leave_requests.c.start_on <= last,
            leave_requests.c.end_on >= first,
        )
        .order_by(leave_requests.c.start_on)
    )
    held = tuple(HeldRequest(row.id, row.start_on, row.end_on, row.state) for row in held_rows)
    record_rows = await connection.execute(
        select(leave_records.c.taken_on, leave_records.c.days).where(
            leave_records.c.employee_id == employee_id,
            leave_records.c.taken_on >= first - _LONGEST_RECORD,
            leave_records.c.taken_on <= last,
        )
    )
    record_dates = frozenset(
        on for row in record_rows for on in _covered(calendar, row.taken_on, row.days) if first <= on <= last
    )
    year = draft.start.year
    grant = (
        await connection.execute(
            select(leave_grants.c.allow_negative).where(
                leave_grants.c.employee_id == employee_id, leave_grants.c.year == year
            )
        )
    ).first()
    return Standing(
        today=today,
        leave_types=await leave_types_of(connection),
        held=held,
        record_dates=record_dates,
        granted=None if balance is None else balance.granted,
        available=Decimal(0) if draw is None else draw.before,
        pending=Decimal(0) if draw is None else draw.pending,
        short=Decimal(0) if draw is None else draw.short,
        allow_negative=bool(grant is not None and grant.allow_negative),
        quarter_days=policy.quarter_days,
        ahead_days=policy.request_ahead_days,
        computed_grants=policy.rules.grants == "computed",
    )


async def pending_taken(
    connection: AsyncConnection, calendar: KoreanCalendar, employee_id: str, other_than: int | None = None
) -> list[tuple[date, Decimal]]:
    """The days the person's pending annual requests (but `other_than`) will take once approved, per date,
    as approval records them."""
    rows = await connection.execute(
        select(
            leave_requests.c.id, leave_requests.c.start_on, leave_requests.c.end_on, leave_requests.c.part
        ).where(
            leave_requests.c.employee_id == employee_id,
            leave_requests.c.state == "pending",
            leave_requests.c.leave_type == ANNUAL,
        )
    )
    return [
        taken
        for row in rows
        if row.id != other_than
        for taken in days_taken(calendar, row.start_on, row.end_on, row.part)
    ]


def _covered(calendar: KoreanCalendar, start: date, days: Decimal) -> list[date]:
    """The working days a record starting on `start` covers: a part day or one day is its own date."""
    wanted, on = max(1, math.ceil(days)), start
    found: list[date] = []
    while len(found) < wanted and on <= start + _LONGEST_RECORD:
        if calendar.day(on).working or on == start:
            found.append(on)
        on += timedelta(days=1)
    return found


async def team_away_of(connection: AsyncConnection, request: LeaveRequest) -> list[Away]:
    """Teammates (the same manager, not the requester) with pending or approved requests, or leave records,
    on the request's days."""
    manager = (
        select(employees.c.manager_id).where(employees.c.employee_id == request.employee_id).scalar_subquery()
    )
    team = select(employees.c.employee_id).where(
        employees.c.manager_id == manager, employees.c.employee_id != request.employee_id
    )
    names = {
        row.employee_id: row.name
        for row in await connection.execute(
            select(employees.c.employee_id, employees.c.name).where(employees.c.employee_id.in_(team))
        )
    }
    if not names:
        return []
    found: list[Away] = []
    requested = await connection.execute(
        select(leave_requests).where(
            leave_requests.c.employee_id.in_(list(names)),
            leave_requests.c.state.in_(sorted(HOLDING)),
            leave_requests.c.start_on <= request.end,
            leave_requests.c.end_on >= request.start,
        )
    )
    found += [Away(names[r.employee_id], r.start_on, r.end_on, r.state) for r in requested]
    recorded = await connection.execute(
        select(leave_records.c.employee_id, leave_records.c.taken_on).where(
            leave_records.c.employee_id.in_(list(names)),
            leave_records.c.request_id.is_(None),  # an approved request's records are shown as the request
            leave_records.c.taken_on >= request.start,
            leave_records.c.taken_on <= request.end,
        )
    )
    found += [Away(names[r.employee_id], r.taken_on, r.taken_on, "recorded") for r in recorded]
    return sorted(found, key=lambda away: (away.start, away.name))


async def pending_days_of(connection: AsyncConnection, employee_id: str, year: int) -> Decimal:
    rows: Sequence[Row[Any]] = (
        await connection.execute(
            select(leave_requests.c.days).where(
                leave_requests.c.employee_id == employee_id,
                leave_requests.c.state == "pending",
                leave_requests.c.leave_type == ANNUAL,
                and_(
                    leave_requests.c.start_on >= date(year, 1, 1),
                    leave_requests.c.start_on <= date(year, 12, 31),
                ),
            )
        )
    ).all()
    return sum((row.days for row in rows), Decimal(0))


async def leave_types_of(connection: AsyncConnection) -> tuple[str, ...]:
    rows = await connection.execute(select(func.distinct(leave_records.c.leave_type)))
    others = sorted({row[0] for row in rows} - {ANNUAL})
    return (ANNUAL, *others)


# --- rows ----------------------------------------------------------------------------------------------


def request_from(row: Row[Any]) -> LeaveRequest:
    return LeaveRequest(
        id=int(row.id),
        employee_id=row.employee_id,
        approver_id=row.approver_id,
        leave_type=row.leave_type,
        start=row.start_on,
        end=row.end_on,
        part=cast(Part, row.part),
        days=row.days,
        reason=row.reason,
        state=cast(State, row.state),
        created_at=_utc(row.created_at),
        decided_by=row.decided_by,
        decided_at=None if row.decided_at is None else _utc(row.decided_at),
        decision_note=row.decision_note,
        reminders=int(row.reminders),
        moved_from=None if row.moved_from is None else cast(State, row.moved_from),
    )


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)  # SQLite hands back naive UTC
