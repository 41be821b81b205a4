"""A person's holding (bot/policy/holding.py) read from the database: their HR rows and annual records
(`SqlHrStore.ledger_inputs`) and the annual days of their pending requests per calendar year, so HR's
commands (`officebot leave show`, `notices`) state what the bot's answers state."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.engine import single_statement
from bot.db.hr import SqlHrStore
from bot.db.tables import leave_requests
from bot.domain.leave import ANNUAL
from bot.domain.people import Employee
from bot.policy.grants import LeaveRules, employment_from
from bot.policy.holding import Holding, holding


async def pending_by_year(engine: AsyncEngine, employee_id: str) -> dict[int, Decimal]:
    """The annual days in the person's pending requests, per calendar year of their first day."""
    async with single_statement(engine) as connection:
        rows = (
            await connection.execute(
                select(leave_requests.c.start_on, leave_requests.c.days).where(
                    leave_requests.c.employee_id == employee_id,
                    leave_requests.c.state == "pending",
                    leave_requests.c.leave_type == ANNUAL,
                )
            )
        ).all()
    found: dict[int, Decimal] = {}
    for row in rows:
        found[row.start_on.year] = found.get(row.start_on.year, Decimal(0)) + row.days
    return found


async def holding_on(
    engine: AsyncEngine, employee_id: str, rules: LeaveRules, on: date
) -> tuple[Employee, Holding]:
    """The person (UnknownEmployee if HR has no such active one) and what they have on `on`. Raises
    EntitlementInputError for employment data the calculator cannot use."""
    inputs = await SqlHrStore(engine).ledger_inputs(employee_id)
    pending = await pending_by_year(engine, employee_id)
    employment = employment_from(inputs.employee)
    return inputs.employee, holding(inputs.stored, inputs.records, employment, rules, on, pending)
