"""`get_leave_balance`: the declaration the model sees and the executor our code runs, side by side.

The declaration has only `year`. Whose balance is read comes from `ctx.caller`, which the model cannot
reach: an `employee_id` smuggled into the input is refused by the toolbox, never used.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from anthropic.types import ToolParam

from bot.domain.leave import Balance, format_days
from bot.tools.hr_reads import reading_hr, validate_year
from bot.tools.registry import LEAVE_BALANCE, ToolContext, ToolOutput

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


def format_result(balance: Balance, today: date) -> str:
    return (
        f"{balance.year}년 남은 연차: {format_days(balance.remaining)}일 "
        f"(부여 {format_days(balance.granted)}일 − 사용 {format_days(balance.used)}일, "
        f"기준일 {today.isoformat()})"
    )


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

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput:
        year = validate_year(tool_input, ctx.today)
        with reading_hr(year):
            balance = await ctx.leave.get_balance(ctx.caller.employee_id, year)
        return ToolOutput(format_result(balance, ctx.today), figures=(balance,), detail={"year": year})
