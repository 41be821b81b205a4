"""The company leave policy in the database: the one row of `leave_policy` (none: the defaults), and a
row in `policy_changes` for every key a change sets to a new value, written in the same transaction."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Row, insert, select
from sqlalchemy import update as sql_update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.db.engine import single_statement, writing
from bot.db.tables import leave_policy, policy_changes
from bot.policy.company import DEFAULT_POLICY, CompanyPolicy, as_text, from_text
from bot.ports.policy import PolicyChange, PolicyChangeRecord, UnreadablePolicy

_ROW_ID = 1


class SqlPolicyStore:
    """The `PolicyStore` port over `leave_policy` and `policy_changes`, read afresh every time."""

    def __init__(
        self, engine: AsyncEngine, clock: Callable[[], datetime] = lambda: datetime.now(UTC)
    ) -> None:
        self._engine = engine
        self._clock = clock

    async def current(self) -> CompanyPolicy:
        async with single_statement(self._engine) as connection:
            return _policy(await _stored(connection))

    async def change(
        self, update: Callable[[CompanyPolicy], CompanyPolicy], changed_by: str
    ) -> list[PolicyChange]:
        for attempt in range(2):  # two first changes at once: one inserts the row, the other updates it
            try:
                return await self._change(update, changed_by)
            except IntegrityError:
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def _change(
        self, update: Callable[[CompanyPolicy], CompanyPolicy], changed_by: str
    ) -> list[PolicyChange]:
        async with writing(self._engine) as connection:
            row = await _stored(connection, for_update=True)
            before = _policy(row)
            after = update(before)
            old, new = as_text(before), as_text(after)
            changes = [PolicyChange(key, old[key], new[key]) for key in old if old[key] != new[key]]
            if not changes:
                return []
            values = _columns(after)
            if row is None:
                await connection.execute(insert(leave_policy).values(id=_ROW_ID, **values))
            else:
                await connection.execute(
                    sql_update(leave_policy).where(leave_policy.c.id == _ROW_ID).values(**values)
                )
            at = self._clock()
            await connection.execute(
                insert(policy_changes),
                [
                    {
                        "at": at,
                        "changed_by": changed_by,
                        "key": change.key,
                        "old_value": change.old,
                        "new_value": change.new,
                    }
                    for change in changes
                ],
            )
            return changes

    async def history(self, limit: int = 20) -> list[PolicyChangeRecord]:
        query = select(policy_changes).order_by(policy_changes.c.id.desc()).limit(limit)
        async with single_statement(self._engine) as connection:
            rows = (await connection.execute(query)).all()
        return [
            PolicyChangeRecord(
                row.at if row.at.tzinfo else row.at.replace(tzinfo=UTC),  # SQLite hands back naive UTC
                row.changed_by,
                PolicyChange(row.key, row.old_value, row.new_value),
            )
            for row in reversed(rows)
        ]


# Built once: the policy is read on every lookup that applies it, and building a query costs about as
# much as running this one.
_CURRENT = select(leave_policy).where(leave_policy.c.id == _ROW_ID)


async def _stored(connection: AsyncConnection, *, for_update: bool = False) -> Row[Any] | None:
    query = _CURRENT
    if for_update:  # PostgreSQL: a concurrent change waits; SQLite's writer already holds the lock
        query = query.with_for_update()
    return (await connection.execute(query)).first()


def _policy(row: Row[Any] | None) -> CompanyPolicy:
    if row is None:
        return DEFAULT_POLICY
    texts = {
        "basis": row.basis,
        "fiscal_start": row.fiscal_start,
        "rounding": row.rounding,
        "first_year": row.first_year,
        "full_time_weekly_hours": format(row.full_time_weekly_hours.normalize(), "f"),
        "under_five_employees": "true" if row.under_five_employees else "false",
        "notices": "true" if row.notices else "false",
        "notice_target": row.notice_target or "",
        "approvers": row.approvers or "",
        "quarter_days": "true" if row.quarter_days else "false",
        "request_ahead_days": str(row.request_ahead_days),
        "announce_channel": row.announce_channel or "",
        "digest_hour": str(row.digest_hour),
        "grants": row.grants,
        "hr_admins": row.hr_admins or "",
        "show_leave_type": "true" if row.show_leave_type else "false",
        "max_out_per_day": str(row.max_out_per_day),
    }
    try:
        return from_text(texts)
    except ValueError as bad:
        raise UnreadablePolicy(f"the stored leave policy (table leave_policy) is not usable: {bad}") from None


def _columns(policy: CompanyPolicy) -> dict[str, Any]:
    rules = policy.rules
    text = as_text(policy)
    return {
        "basis": rules.basis,
        "fiscal_start": text["fiscal_start"],
        "rounding": rules.rounding,
        "first_year": rules.first_year,
        "full_time_weekly_hours": rules.full_time_weekly_hours,
        "under_five_employees": rules.under_five_employees,
        "notices": policy.notices,
        "notice_target": policy.notice_target,
        "approvers": text["approvers"] or None,
        "quarter_days": policy.quarter_days,
        "request_ahead_days": policy.request_ahead_days,
        "announce_channel": policy.announce_channel,
        "digest_hour": policy.digest_hour,
        "grants": rules.grants,
        "hr_admins": text["hr_admins"] or None,
        "show_leave_type": policy.show_leave_type,
        "max_out_per_day": policy.max_out_per_day,
    }
