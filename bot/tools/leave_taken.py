"""`list_leave_taken`: the leave the asking employee took in one year — each record (date, days, type) and
a total per type. Read-only; like the balance tool, whose records are read comes from `ctx.caller`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from anthropic.types import ToolParam

from bot.domain.leave import LeaveRecord, LeaveTaken, format_days
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

# The result text and its parser sit together (the offline model reads results off the wire).
_HEAD = re.compile(r"^(?P<year>\d{4})년 휴가 사용 기록 (?P<count>\d+)건")
_UNDATED = re.compile(r"^날짜 기록 없는 연차 사용: (?P<days>[\d.]+)일$")
_LINE = re.compile(
    r"^- (?P<date>\d{4}-\d{2}-\d{2}) (?P<days>[\d.]+)일 (?P<type>[a-z_]+)(?: \((?P<note>.*)\))?$"
)


def format_result(taken: LeaveTaken, today: date) -> str:
    lines = [f"{taken.year}년 휴가 사용 기록 {len(taken.records)}건 (기준일 {today.isoformat()})"]
    for record in taken.records:
        note = f" ({' '.join(record.note.split())})" if record.note else ""
        lines.append(
            f"- {record.taken_on.isoformat()} {format_days(record.days)}일 {record.leave_type}{note}"
        )
    if taken.records:
        totals = ", ".join(f"{kind} {format_days(days)}일" for kind, days in taken.totals.items())
        lines.append(f"합계: {totals}")
    if taken.undated:
        lines.append(f"날짜 기록 없는 연차 사용: {format_days(taken.undated)}일")
    return "\n".join(lines)


def parse_result(content: str) -> LeaveTaken | None:
    """The records in a successful result's text, or None if the text is not one."""
    lines = content.splitlines()
    head = _HEAD.match(lines[0]) if lines else None
    if head is None:
        return None
    records = []
    undated = Decimal(0)
    for line in lines[1:]:
        if found := _UNDATED.match(line):
            undated = Decimal(found["days"])
            continue
        match = _LINE.match(line)
        if match is None:
            continue
        try:
            days = Decimal(match["days"])
            taken_on = date.fromisoformat(match["date"])
        except (InvalidOperation, ValueError):
            return None
        records.append(LeaveRecord(taken_on, days, match["type"], match["note"]))
    if len(records) != int(head["count"]):
        return None
    return LeaveTaken(int(head["year"]), tuple(records), undated)


class LeaveTakenTool:
    name = NAME
    declaration = DECLARATION

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput:
        year = validate_year(tool_input, ctx.today)
        with reading_hr(year):
            taken = await ctx.leave.leave_taken(ctx.caller.employee_id, year)
        return ToolOutput(format_result(taken, ctx.today), figures=(taken,), detail={"year": year})
