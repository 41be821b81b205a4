"""`count_working_days`: how many working days lie between two dates (both included) in Korea — weekends,
public holidays and company closures taken out — and which holidays fall inside. Read-only, and about
no one: the input is two dates, nothing else."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from anthropic.types import ToolParam

from bot.calendar import KOREA, MAX_RANGE_DAYS, CalendarError, KoreanCalendar
from bot.tools.dates import read_date
from bot.tools.registry import COUNT_WORKING_DAYS, ToolContext, ToolError, ToolOutput

NAME = COUNT_WORKING_DAYS

DECLARATION: ToolParam = {
    "name": NAME,
    "description": (
        "Count the working days in Korea from a start date to an end date, both included: weekends, "
        "Korean public holidays (설날, 추석, substitute holidays, election days, …) and company closures "
        "are not working days. Returns the working days, weekend days and the holidays inside with their "
        "names. Use it for any question about how many working days or business days a period has, or "
        "how many days of leave a period of leave takes; never count dates yourself. "
        "두 날짜 사이(양 끝 포함)의 한국 근무일(영업일) 수와 그 사이 공휴일을 센다. "
        "'12월 21일부터 25일까지 휴가 내면 연차 며칠?', '이번 달 근무일 며칠?' 같은 질문에 사용. "
        f"At most {MAX_RANGE_DAYS} days per call."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "start": {"type": "string", "description": "First day, ISO date, e.g. 2026-12-21. 시작일."},
            "end": {
                "type": "string",
                "description": "Last day (included), ISO date, e.g. 2026-12-25. 종료일 (포함).",
            },
        },
        "required": ["start", "end"],
        "additionalProperties": False,
    },
    "strict": True,
}


class WorkingDaysTool:
    name = NAME
    declaration = DECLARATION

    def __init__(self, calendar: KoreanCalendar = KOREA) -> None:
        self.calendar = calendar

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput:
        start = read_date(tool_input, "start", ctx.today)
        end = read_date(tool_input, "end", ctx.today, {"start": start.isoformat()})
        detail = {"start": start.isoformat(), "end": end.isoformat()}
        try:
            counted = self.calendar.working_days(start, end)
        except CalendarError as exc:
            raise ToolError(str(exc), "invalid_input", detail) from None
        return ToolOutput((counted,), detail)
