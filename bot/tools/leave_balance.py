"""`get_leave_balance`: the declaration the model sees and the executor our code runs, side by side.

The declaration has only `year`. Whose balance is read comes from `ctx.caller`, which the model cannot
reach: an `employee_id` smuggled into the input is refused by the toolbox, never used.

The year's granted / used / remaining come from one ledger (`bot/policy/ledger.py`), built from one read
of the person's stored rows and records under the company's `grants` mode: `imported` (HR's calendar-year
rows, the result exactly as before) or `computed` (the Act's grants, HR's rows winning for their year,
leave taken from the grant that expires first), where one more line per last usable day says what of the
remaining expires when. The model reads it as JSON data (bot/tools/result_data.py). Both from the same ledger, so they cannot disagree
([policy.md](../../docs/policy.md#the-ledger-one-model-of-a-grant)).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import Any, TypeVar

from anthropic.types import ToolParam

from bot.domain.leave import YEARS_AHEAD, YEARS_BACK, Balance
from bot.policy.grants import LeaveRules
from bot.policy.holding import Holding
from bot.ports.hr import LedgerInputs, NoRecordForYear
from bot.tools.hr_reads import holding_of, reading_hr, validate_year
from bot.tools.registry import LEAVE_BALANCE, ToolContext, ToolOutput

NAME = LEAVE_BALANCE
T = TypeVar("T")

DECLARATION: ToolParam = {
    "name": NAME,
    "description": (
        "Look up the asking employee's annual leave for one calendar year: days granted, days used and "
        "days remaining. Use it whenever the user asks how much annual leave, vacation or PTO they have "
        "left, have used, or were given, for any year (this year, last year, a named year). "
        "직원 본인의 연차(휴가) 잔여 일수를 연도별로 조회한다: 부여·사용·남은 연차. "
        "'남은 연차', '휴가 잔여', '연차 며칠 남았어' 같은 질문에 사용. "
        "When the company computes grants from the Act, the result also says until when the remaining days "
        "can be used (남은 연차 소멸일). "
        "The employee is always the person asking; never guess a number, call this tool instead. "
        "For several years, call it once per year."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "year": {
                "type": "integer",
                "description": "Calendar year to look up, e.g. 2026. 조회 연도 (올해, 작년은 오늘 날짜 기준으로 계산).",
            }
        },
        "required": ["year"],
        "additionalProperties": False,
    },
    "strict": True,
}


class LeaveBalanceTool:
    name = NAME
    declaration = DECLARATION
    # The `grants` mode says where the year's grants come from. Read beside the person's rows, at the same
    # time: the balance then costs what one read costs, as before the mode existed.
    uses_policy = "alongside"

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput:
        year = validate_year(tool_input, ctx.today)
        employee_id = ctx.caller.employee_id
        with reading_hr(year):
            # The person's rows, the policy (when read afresh) and the days in pending requests, all at
            # once: the balance costs what one read costs. All finish before a failure is raised (the
            # store's first), so nothing is left running.
            read_inputs, read_rules, read_pending = await asyncio.gather(
                ctx.leave.ledger_inputs(employee_id),
                ctx.rules_now() if ctx.rules_now is not None else _known(ctx.rules),
                ctx.requests.pending_days(employee_id, year) if ctx.requests is not None else _known(None),
                return_exceptions=True,
            )
            if isinstance(read_inputs, BaseException):
                raise read_inputs
            if isinstance(read_rules, BaseException):
                raise read_rules
            if isinstance(read_pending, BaseException):
                raise read_pending
            balance = balance_of(read_inputs, read_rules, ctx.today, year, read_pending)
        return ToolOutput((balance,), {"year": year}, as_of=ctx.today)


async def _known(value: T) -> T:
    return value


def balance_of(
    inputs: LedgerInputs, rules: LeaveRules, today: date, year: int, pending: Decimal | None = None
) -> Balance:
    """The year's balance as the person's holding on `today` states it (bot/policy/holding.py);
    NoRecordForYear (naming the years there are) when no grant counts in the year. `pending`: the annual
    days in pending requests starting in the year (None: not looked up)."""
    held = holding_of(inputs, rules, today, {year: pending} if pending else None, only_year=year)
    found = held.balance(year)
    if found is None:
        raise NoRecordForYear(f"no annual leave record for {year}", _years_with_grants(held, today))
    if rules.grants == "imported":
        # HR's rows are usable to December 31, as the holding says; the balance leaves the date to
        # get_leave_entitlement (which reads the same holding), so its result stays HR's figures alone.
        found = replace(found, expiring=())
    return replace(found, pending=pending)


def _years_with_grants(held: Holding, today: date) -> tuple[int, ...]:
    """The years to name: every year HR keeps a row for, and the years the ledger has grants in that may
    be asked about."""
    low, high = today.year - YEARS_BACK, today.year + YEARS_AHEAD
    computed = {g.year for g in held.grants if low <= g.year <= high}
    return tuple(sorted(held.hr_years | computed))
