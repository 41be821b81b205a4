"""`draft_leave_request`: a leave request drafted for the person asking, checked like the form and counted
by code, and **not stored**. The person submits it themselves with the Submit button on the card shown
under the answer (bot/slack/requests/requesting.py); the model never submits, approves or cancels anything.

Strict, and about the asker only: the input has the dates, the part of the day, the type and a reason,
and no employee field. Its result (the working days, the days, the balance before and after) is evidence
for the grounding check; the audit log keeps the call as a draft (`draft_leave_request`, outcome ok)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, cast

from anthropic.types import ToolParam

from bot.calendar import KOREA, KoreanCalendar
from bot.domain.leave import ANNUAL, format_days
from bot.domain.outcomes import FailureReason
from bot.domain.requests import PARTS, REASON_LIMIT, Draft, Part
from bot.ports.hr import LeaveStoreError, UnknownEmployee
from bot.tools.dates import read_date
from bot.tools.leave_balance import balance_of
from bot.tools.registry import DRAFT_LEAVE_REQUEST, Figures, ToolContext, ToolError, ToolOutput

NAME = DRAFT_LEAVE_REQUEST
_LEAVE_TYPE = re.compile(r"[a-z][a-z_]{0,31}")

DECLARATION: ToolParam = {
    "name": NAME,
    "description": (
        "Draft a leave request for the person asking, when they say they want leave ('12월 24일 오후 반차 "
        "쓸래', 'I'd like next Thursday and Friday off'). It checks the draft like the request form does "
        "(past dates, overlaps, the balance, half days on one day only) and counts the working days and "
        "the balance before and after by code. It does NOT submit anything: the person submits the draft "
        "with the Submit button shown under your answer, and their manager approves it. Never say a "
        "request was submitted or approved. 휴가 신청 초안을 만든다 (신청은 본인이 카드의 '신청' 버튼으로)."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "start": {"type": "string", "description": "First day of leave, ISO date, e.g. 2026-12-24."},
            "end": {"type": "string", "description": "Last day (included), ISO date; the start for one day."},
            "part": {
                "type": "string",
                "enum": list(PARTS),
                "description": "full day; am = 오전 반차; pm = 오후 반차; quarter = 반반차 (one day only).",
            },
            "leave_type": {"type": "string", "description": "annual (연차) unless the person names another."},
            "reason": {"type": "string", "description": "The reason the person gave, or an empty string."},
        },
        "required": ["start", "end", "part", "leave_type", "reason"],
        "additionalProperties": False,
    },
    "strict": True,
}


class DraftRequestTool:
    name = NAME
    declaration = DECLARATION
    uses_requests = True  # the toolbox gives it the request store and the company policy

    def __init__(self, calendar: KoreanCalendar = KOREA) -> None:
        self.calendar = calendar

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput:
        start = read_date(tool_input, "start", ctx.today)
        end = read_date(tool_input, "end", ctx.today, {"start": start.isoformat()})
        detail: dict[str, str | int | None] = {"start": start.isoformat(), "end": end.isoformat()}
        part, leave_type, reason = tool_input["part"], tool_input["leave_type"], tool_input["reason"]
        if part not in PARTS:
            raise ToolError(f"'part' must be one of {', '.join(PARTS)}", detail=detail)
        if not isinstance(leave_type, str) or not _LEAVE_TYPE.fullmatch(leave_type):
            raise ToolError("'leave_type' must be a leave type such as annual", detail=detail)
        if not isinstance(reason, str) or len(reason) > REASON_LIMIT:
            raise ToolError(f"'reason' must be text of at most {REASON_LIMIT} characters", detail=detail)
        detail |= {"part": part, "leave_type": leave_type}
        if ctx.requests is None:
            raise ToolError("leave requests are not available here", "store_unavailable", detail)
        draft = Draft(leave_type, start, end, cast(Part, part), reason.strip())
        try:
            checked = await ctx.requests.check(ctx.caller.employee_id, draft, ctx.policy, ctx.today)
            if not checked.ok:
                english = "; ".join(f"{p.field}: {p.en}" for p in checked.problems)
                message = f"this draft cannot be submitted: {english}"  # the problems say it in Korean too
                raise ToolError(message, "invalid_input", detail, problems=checked.problems)
            figures: list[Figures] = [checked, self.calendar.working_days(start, end)]
            if leave_type == ANNUAL:  # the balance as the balance tool gives it: before and after rest on it
                inputs = await ctx.leave.ledger_inputs(ctx.caller.employee_id)
                figures.append(balance_of(inputs, ctx.policy.rules, ctx.today, start.year))
        except LeaveStoreError as exc:
            why: FailureReason = (
                "unknown_employee" if isinstance(exc, UnknownEmployee) else "store_unavailable"
            )
            raise ToolError(str(exc), why, detail) from exc
        detail["days"] = format_days(checked.days)
        return ToolOutput(tuple(figures), detail)
