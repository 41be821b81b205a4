"""`list_leave_taken`: the leave the asking employee took in one year — each record (date, days, type) and
a total per type. Read-only; like the balance tool, whose records are read comes from `ctx.caller`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from anthropic.types import ToolParam

from bot.tools.hr_reads import reading_hr, validate_year
from bot.tools.registry import LEAVE_TAKEN, ToolContext, ToolOutput

NAME = LEAVE_TAKEN

DECLARATION: ToolParam = {
    "name": NAME,
    "description": (
        "List the leave the asking employee took in one calendar year: each record's date, days (1, 0.5 "
        "for a half day, 0.25 for a quarter day, more for several days) and type (annual, sick, …), and "
        "the total per type. Use it when the user asks when or on which days they took leave, or for "
        "their leave history. 직원 본인이 그 해에 쓴 휴가 기록(날짜·일수·종류)과 종류별 합계를 조회한다. "
        "'언제 연차 썼어?', '쓴 날짜', '휴가 내역' 같은 질문에 사용. The employee is always the person "
        "asking. For the remaining balance use get_leave_balance; for several years, call once per year."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "year": {"type": "integer", "description": "Calendar year, e.g. 2026. 조회 연도."},
        },
        "required": ["year"],
        "additionalProperties": False,
    },
    "strict": True,
}


class LeaveTakenTool:
    name = NAME
    declaration = DECLARATION

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput:
        year = validate_year(tool_input, ctx.today)
        with reading_hr(year):
            taken = await ctx.leave.leave_taken(ctx.caller.employee_id, year)
        return ToolOutput((taken,), {"year": year}, as_of=ctx.today)
