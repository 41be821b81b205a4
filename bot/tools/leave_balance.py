"""`get_leave_balance`: the declaration the model sees and the executor our code runs, side by side.

The declaration has only `year`. Whose balance is read comes from `ctx.caller`, which the model cannot
reach: an `employee_id` smuggled into the input is refused by the toolbox, never used.

When HR keeps the person's hire date, a second line says what lapses next (this year's balance: from
today; next year's: from its first day): the last usable day and the days still left then: the Act's grants under the company policy, with the annual leave
records taken from the grant that expires first (`bot/policy/consumption.py`). The first line, and the
`Balance` figures, stay the store's granted / used / remaining as HR keeps them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from anthropic.types import ToolParam

from bot.domain.leave import ANNUAL, YEARS_BACK, Balance, format_days
from bot.policy.consumption import Lapse, consume
from bot.policy.entitlement import entitlement, why_none
from bot.policy.grants import EntitlementInputError
from bot.ports.hr import LeaveStoreError
from bot.tools.entitlement import employment_of
from bot.tools.hr_reads import reading_hr, validate_year
from bot.tools.registry import LEAVE_BALANCE, ToolContext, ToolError, ToolOutput

NAME = LEAVE_BALANCE

DECLARATION: ToolParam = {
    "name": NAME,
    "description": (
        "Look up the asking employee's annual leave for one calendar year: days granted, days used and "
        "days remaining. Use it whenever the user asks how much annual leave, vacation or PTO they have "
        "left, have used, or were given, for any year (this year, last year, a named year). "
        "직원 본인의 연차(휴가) 잔여 일수를 연도별로 조회한다: 부여·사용·남은 연차. "
        "'남은 연차', '휴가 잔여', '연차 며칠 남았어' 같은 질문에 사용. "
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


# The result text and its parser sit together, so a reader of the text (the offline model, which only
# sees the wire) can never drift from the format. Our own code uses `ToolOutput.figures` instead.
_RESULT = re.compile(
    r"(?P<year>\d{4})년 남은 연차: (?P<remaining>-?[\d.]+)일 "
    r"\(부여 (?P<granted>[\d.]+)일 − 사용 (?P<used>[\d.]+)일"
)


def format_result(balance: Balance, today: date, lapse: Lapse | None = None) -> str:
    line = (
        f"{balance.year}년 남은 연차: {format_days(balance.remaining)}일 "
        f"(부여 {format_days(balance.granted)}일 − 사용 {format_days(balance.used)}일, "
        f"기준일 {today.isoformat()})"
    )
    if lapse is None:
        return line
    return (
        f"{line}\n소멸 예정: {lapse.on}까지 쓰지 않으면 {format_days(lapse.days)}일 소멸 (다음 날); "
        f"in English: {format_days(lapse.days)} day(s) lapse unless used by {lapse.on}"
    )


_LAPSE = re.compile(r"^소멸 예정: (\d{4}-\d{2}-\d{2})까지 쓰지 않으면 ([\d.]+)일 소멸", re.M)


def parse_lapse(content: str) -> Lapse | None:
    """The next lapse a successful result's text names, or None."""
    match = _LAPSE.search(content)
    if match is None:
        return None
    try:
        return Lapse(date.fromisoformat(match[1]), Decimal(match[2]))
    except (ValueError, InvalidOperation):
        return None


def parse_result(content: str) -> Balance | None:
    """The figures in a successful result's text, or None if the text is not one."""
    match = _RESULT.search(content)
    if match is None:
        return None
    try:
        granted, used = Decimal(match["granted"]), Decimal(match["used"])
    except InvalidOperation:
        return None
    return Balance(int(match["year"]), granted, used)


class LeaveBalanceTool:
    name = NAME
    declaration = DECLARATION
    uses_policy = True  # the next lapse follows the company's leave policy (the grants' basis)

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput:
        year = validate_year(tool_input, ctx.today)
        with reading_hr(year):
            balance = await ctx.leave.get_balance(ctx.caller.employee_id, year)
        lapse = await next_lapse(ctx, year)
        figures: tuple[Balance] | tuple[Balance, Lapse] = (balance,) if lapse is None else (balance, lapse)
        return ToolOutput(format_result(balance, ctx.today, lapse), figures=figures, detail={"year": year})


async def next_lapse(ctx: ToolContext, year: int) -> Lapse | None:
    """What lapses next, for this year (from today) or next year (from its first day): the first
    last-usable-day on which days of the Act's grants are still left, the annual leave records taken from
    the grant that expires first. None for a past year, without a hire date, when the Act gives nothing or
    nothing is left to lapse; a failure to read what it needs leaves the balance as it is (no second line),
    never fails it."""
    if year < ctx.today.year:
        return None
    first = max(ctx.today, date(year, 1, 1))
    horizon = date(year + 1, 12, 31)  # a grant usable on `first` lapses within a year (and a day) of it
    try:
        employee = await ctx.leave.employee(ctx.caller.employee_id)
        if employee.hire_date is None or employee.hire_date > first:
            return None
        employment = employment_of(employee)
        if why_none(employment, ctx.rules) is not None:
            return None
        grants = entitlement(employment, ctx.rules, horizon)
        # Records from the hire year (at most the years a question may reach back) through the next year.
        records: list[tuple[date, Decimal]] = []
        for y in range(max(employment.hire_date.year, ctx.today.year - YEARS_BACK), year + 2):
            taken = await ctx.leave.leave_taken(ctx.caller.employee_id, y)
            records += [(r.taken_on, r.days) for r in taken.records if r.leave_type == ANNUAL]
    except (LeaveStoreError, EntitlementInputError, ToolError):
        return None
    return consume(grants, records).next_lapse(first)
