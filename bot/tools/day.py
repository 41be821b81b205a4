"""`get_day`: what one date is in Korea — its weekday, whether it is a working day, and the public holiday
or company closure on it. Read-only, and about no one: the input is one date, nothing else."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from anthropic.types import ToolParam

from bot.calendar import KOREA, KoreanCalendar
from bot.tools.dates import read_date
from bot.tools.registry import GET_DAY, ToolContext, ToolOutput

NAME = GET_DAY

DECLARATION: ToolParam = {
    "name": NAME,
    "description": (
        "Look up one date in Korea: its weekday, whether it is a working day, and the public holiday "
        "(with its Korean and English name) or company closure on it. Use it for any question about "
        "which weekday a date is, or whether a date is a holiday or a working day; never work out "
        "weekdays or holidays yourself. 날짜 하나의 요일, 근무일 여부, 공휴일·회사 휴무 이름을 조회한다. "
        "'5월 25일 쉬는 날이야?', '크리스마스가 무슨 요일이야?' 같은 질문에 사용."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "date": {"type": "string", "description": "ISO date, e.g. 2026-05-25. 조회할 날짜."},
        },
        "required": ["date"],
        "additionalProperties": False,
    },
    "strict": True,
}


class DayTool:
    name = NAME
    declaration = DECLARATION

    def __init__(self, calendar: KoreanCalendar = KOREA) -> None:
        self.calendar = calendar

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput:
        on = read_date(tool_input, "date", ctx.today)
        found = self.calendar.day(on)
        return ToolOutput((found,), {"date": on.isoformat()})
