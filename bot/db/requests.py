"""Leave requests in the database: the `RequestStore` port over `leave_requests` (docs/requests.md).

A submission checks the draft and inserts it in one transaction that first locks the requester's employee
row (PostgreSQL; SQLite's writer lock does the same), so two submissions of one person cannot both pass
the overlap and balance checks. A move is one conditional `UPDATE … WHERE id = ? AND state = <the state
read>`: of two deciders at once exactly one updates a row; the other's update matches none, and it reads
the request again to say what happened. The approval's leave records (one per working day, a half day
0.5, a quarter 0.25, `request_id` and a note naming the request), the removal of an approved request's
records on cancellation, the audit row of every move, and the messages the move owes people
(`bot/db/request_messages.py`) are written in the same transaction. A refused move is audited too (who,
which request, why; never a text), at most `REFUSALS_AUDITED` a minute per person (bot/db/request_audit.py).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Row, delete, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.calendar import KOREA, KoreanCalendar
from bot.db.engine import single_statement, writing
from bot.db.request_audit import RefusalAudit, audit_move
from bot.db.request_messages import owe
from bot.db.request_standing import (
    leave_types_of,
    ledger_draw,
    pending_days_of,
    request_from,
    standing_of,
    team_away_of,
)
from bot.db.tables import employees, leave_records, leave_requests
from bot.domain.request_messages import owed_on_move, owed_on_submit
from bot.domain.requests import (
    MOVES,
    Action,
    Actor,
    Away,
    Checked,
    Draft,
    LeaveRequest,
    Problem,
    State,
    note_problem,
    record_note,
    refusal,
)
from bot.policy.company import CompanyPolicy
from bot.policy.holding import Draw
from bot.ports.audit import UtcClock, utc_now
from bot.ports.hr import UnknownEmployee
from bot.ports.requests import Moved, RequestSurface, Submitted
from bot.requests.validation import check, days_taken, out_of_range

NO_APPROVER = Problem(
    "leave_type",
    "승인할 사람이 없어요: HR 데이터에 관리자가 없고 정책에 승인자도 없어요. HR에 관리자 지정을 요청해 주세요.",
    "Nobody can approve this: the HR data names no manager for you and the policy no approvers. Ask HR to "
    "set your manager.",
)


class SqlRequestStore:
    def __init__(
        self, engine: AsyncEngine, calendar: KoreanCalendar = KOREA, clock: UtcClock = utc_now
    ) -> None:
        self._engine = engine
        self._calendar = calendar
        self._clock = clock
        self._refusals = RefusalAudit()

    # --- reading ---------------------------------------------------------------------------------------

    async def check(self, employee_id: str, draft: Draft, policy: CompanyPolicy, today: date) -> Checked:
        if far := out_of_range(draft, today, policy.request_ahead_days):  # nothing to read for such dates
            return Checked(draft, far)
        # One read transaction (a snapshot on SQLite; nothing is written, so no write lock is taken).
        async with self._engine.connect() as connection, connection.begin():
            if await _employee_row(connection, employee_id) is None:
                raise UnknownEmployee("employee not found in HR data")
            return check(
                draft,
                await standing_of(connection, self._calendar, employee_id, draft, policy, today),
                self._calendar,
            )

    async def draw_of(self, request: LeaveRequest, policy: CompanyPolicy) -> Draw | None:
        async with self._engine.connect() as connection, connection.begin():
            return await ledger_draw(connection, self._calendar, request, policy)

    async def get(self, request_id: int) -> LeaveRequest | None:
        async with single_statement(self._engine) as connection:
            return await _request(connection, request_id)

    async def listed(
        self, *, state: State | None = None, employee_id: str | None = None, limit: int = 200
    ) -> list[LeaveRequest]:
        query = select(leave_requests).order_by(leave_requests.c.id.desc()).limit(limit)
        if state is not None:
            query = query.where(leave_requests.c.state == state)
        if employee_id is not None:
            query = query.where(leave_requests.c.employee_id == employee_id)
        async with single_statement(self._engine) as connection:
            return [request_from(row) for row in await connection.execute(query)]

    async def waiting_for(
        self, approver_id: str, hr_approvers: tuple[str, ...], limit: int = 20
    ) -> list[LeaveRequest]:
        mine = leave_requests.c.approver_id == approver_id
        if approver_id in hr_approvers:
            mine = or_(mine, leave_requests.c.approver_id.is_(None))
        query = (
            select(leave_requests)
            .where(leave_requests.c.state == "pending", leave_requests.c.employee_id != approver_id, mine)
            .order_by(leave_requests.c.id)
            .limit(limit)
        )
        async with single_statement(self._engine) as connection:
            return [request_from(row) for row in await connection.execute(query)]

    async def team_away(self, request: LeaveRequest) -> list[Away]:
        async with single_statement(self._engine) as connection:
            return await team_away_of(connection, request)

    async def pending_days(self, employee_id: str, year: int) -> Decimal:
        async with single_statement(self._engine) as connection:
            return await pending_days_of(connection, employee_id, year)

    async def leave_types(self) -> tuple[str, ...]:
        async with single_statement(self._engine) as connection:
            return await leave_types_of(connection)

    # --- writing ---------------------------------------------------------------------------------------

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
        employee_id = requester.employee_id
        if employee_id is None:
            raise UnknownEmployee("a request is made by an employee")
        if far := out_of_range(draft, today, policy.request_ahead_days):
            return Submitted(None, Checked(draft, far))
        async with writing(self._engine) as connection:
            employee = await _employee_row(connection, employee_id, lock=True)
            if employee is None:
                raise UnknownEmployee("employee not found in HR data")
            if submission_key is not None:
                # The same submission is the same person's: a key is only ever matched with its requester.
                earlier = (
                    await connection.execute(
                        select(leave_requests).where(
                            leave_requests.c.submission_key == submission_key,
                            leave_requests.c.employee_id == employee_id,
                        )
                    )
                ).first()
                if earlier is not None:
                    stored = request_from(earlier)
                    return Submitted(stored, Checked(draft, days=stored.days), again=True)
            standing = await standing_of(connection, self._calendar, employee_id, draft, policy, today)
            checked = check(draft, standing, self._calendar)
            if not checked.ok:
                return Submitted(None, checked)

            # Someone who cannot act in Slack (a guest, a deactivated account) approves nothing: passed over
            # as if absent, so no card with the request's details goes to them.
            def can_act(approver_id: str) -> bool:
                return approvers_in_slack is None or approver_id in approvers_in_slack

            approver = await _approver(connection, employee, policy)
            if approver is not None and not can_act(approver):
                approver = None
            hr_approvers = tuple(a for a in policy.approvers if a != employee_id and can_act(a))
            if approver is None and not hr_approvers:
                return Submitted(None, Checked(draft, (NO_APPROVER,)))
            now = self._clock()
            inserted = await connection.execute(
                insert(leave_requests)
                .values(
                    employee_id=employee_id,
                    approver_id=approver,
                    leave_type=draft.leave_type,
                    start_on=draft.start,
                    end_on=draft.end,
                    part=draft.part,
                    days=checked.days,
                    reason=draft.reason,
                    state="pending",
                    created_at=now,
                    submission_key=submission_key,
                )
                .returning(leave_requests.c.id)
            )
            request_id = int(inserted.scalar_one())
            await audit_move(
                connection, now, requester, employee_id, request_id, "submit", "draft", "pending", surface
            )
            made = await _request(connection, request_id)
            assert made is not None
            await owe(connection, request_id, owed_on_submit(made, hr_approvers), now)
            return Submitted(made, checked)

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
        if note is not None and note_problem(note) is not None:
            # The decline form and the terminal say what is wrong first; a note that got past them is a bug,
            # and would be stored on SQLite but fail on PostgreSQL (a NUL).
            raise ValueError("a decision note must be checked with note_problem before it is stored")
        async with writing(self._engine) as connection:
            request = await _request(connection, request_id)
            if request is None:
                await self._refused(connection, request_id, None, action, actor, "unknown_request", surface)
                return Moved(None, False, "unknown_request")
            why = refusal(action, request, actor, policy.approvers, today)
            if why is not None:
                await self._refused(connection, request_id, request, action, actor, why, surface)
                return Moved(request, False, why)
            to = MOVES[action].to
            now = self._clock()
            changed = await connection.execute(
                update(leave_requests)
                .where(leave_requests.c.id == request_id, leave_requests.c.state == request.state)
                .values(
                    state=to,
                    decided_by=actor.label,
                    decided_at=now,
                    decision_note=note,
                    moved_from=request.state,
                )
            )
            if changed.rowcount != 1:  # decided meanwhile by someone else: say how it stands now
                now_is = await _request(connection, request_id)
                await self._refused(connection, request_id, now_is, action, actor, "not_pending", surface)
                return Moved(now_is, False, "not_pending")
            if to == "approved":
                await self._write_records(connection, request)
            elif request.state == "approved":
                await connection.execute(
                    delete(leave_records).where(leave_records.c.request_id == request_id)
                )
            await audit_move(
                connection, now, actor, request.employee_id, request_id, action, request.state, to, surface
            )
            moved = await _request(connection, request_id)
            assert moved is not None
            owed = owed_on_move(action, moved, actor, policy.approvers, policy.announce_channel)
            await owe(connection, request_id, owed, now)
            return Moved(moved, True, before=request.state)

    async def record_refusal(
        self, request_id: int, action: Action, actor: Actor, why: str, surface: RequestSurface
    ) -> None:
        async with writing(self._engine) as connection:
            await self._refused(
                connection, request_id, await _request(connection, request_id), action, actor, why, surface
            )

    async def _refused(
        self,
        connection: AsyncConnection,
        request_id: int,
        request: LeaveRequest | None,
        action: Action,
        actor: Actor,
        why: str,
        surface: RequestSurface,
    ) -> None:
        employee_id = request.employee_id if request else actor.employee_id or "-"
        await self._refusals.record(
            connection, self._clock(), actor, employee_id, request_id, action, why, surface
        )

    async def claim_reminder(self, request_id: int, number: int) -> bool:
        """Records reminder `number` of a pending request before it is sent: True for the one caller whose
        UPDATE raised the count (a later reminder claimed first makes an earlier one moot)."""
        async with single_statement(self._engine) as connection:
            claimed = await connection.execute(
                update(leave_requests)
                .where(
                    leave_requests.c.id == request_id,
                    leave_requests.c.state == "pending",
                    leave_requests.c.reminders < number,
                )
                .values(reminders=number)
            )
            return claimed.rowcount == 1

    async def _write_records(self, connection: AsyncConnection, request: LeaveRequest) -> None:
        taken = days_taken(self._calendar, request.start, request.end, request.part)
        if taken:
            await connection.execute(
                insert(leave_records),
                [
                    {
                        "employee_id": request.employee_id,
                        "taken_on": on,
                        "days": share,
                        "leave_type": request.leave_type,
                        "note": record_note(request.id),
                        "request_id": request.id,
                    }
                    for on, share in taken
                ],
            )


async def _request(connection: AsyncConnection, request_id: int) -> LeaveRequest | None:
    row = (await connection.execute(select(leave_requests).where(leave_requests.c.id == request_id))).first()
    return None if row is None else request_from(row)


async def _employee_row(connection: AsyncConnection, employee_id: str, lock: bool = False) -> Row[Any] | None:
    query = select(employees).where(employees.c.employee_id == employee_id, employees.c.active.is_(True))
    if lock and connection.dialect.name == "postgresql":  # SQLite: the writer's lock is already held
        query = query.with_for_update()
    return (await connection.execute(query)).first()


async def _approver(connection: AsyncConnection, employee: Row[Any], policy: CompanyPolicy) -> str | None:
    """The manager, while they are an active employee other than the requester; else None (the policy's
    HR approvers decide)."""
    manager = employee.manager_id
    if manager is None or manager == employee.employee_id:
        return None
    return manager if await _employee_row(connection, manager) is not None else None
