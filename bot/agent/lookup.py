"""The lookups our code decides must happen, with no model choice involved.

`look_up_by_code` is a lookup with no model choice
involved (a lookup that must happen is not left to the model): `/leave` with no question, the grounding
check's fallback, and next the App Home. All go through the same `Toolbox.dispatch`, so every lookup is
validated and audited the same way, and a code-run lookup appears in the trace like any tool_use /
tool_result pair.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from bot import text
from bot.agent.loop import run_tool
from bot.agent.trace import Answer, Note, ToolCall, ToolResult, Trace
from bot.domain.leave import Balance, LeaveTaken
from bot.domain.people import Caller
from bot.language.years import years_in
from bot.ports.audit import AuditUnavailable
from bot.tools.registry import LEAVE_BALANCE
from bot.tools.toolbox import Toolbox


async def look_up_by_code(toolbox: Toolbox, caller: Caller, year: int, trace: Trace) -> ToolResult:
    call_id = f"code_{year}"
    tool_input = {"year": year}
    trace.add(ToolCall(call_id, LEAVE_BALANCE, tool_input))
    result = await run_tool(toolbox, call_id, LEAVE_BALANCE, tool_input, caller, requested_by="code")
    trace.add(result)
    return result


@dataclass(frozen=True)
class CodeAnswer:
    """An answer our code gave without the model, and how it was reached."""

    answer: str
    trace: Trace


async def balance_by_code(toolbox: Toolbox, caller: Caller, *, why: str) -> CodeAnswer:
    """This year's balance for the caller, straight from the tool: the result line a person can check
    (`2026년 남은 연차: 7.5일 (부여 15일 − 사용 7.5일, …)`), or why it could not be read."""
    trace = Trace()
    trace.add(Note(f"{why}: looked up by code, no model call"))
    try:
        result = await look_up_by_code(toolbox, caller, toolbox.today_for(caller).year, trace)
    except AuditUnavailable:
        trace.add(Note("the audit record could not be written: no result is shown"))
        answer = text.NOT_RECORDED.ko
    else:
        # The tool's line is Korean, so a failure is said in Korean too.
        answer = result.shown
        if result.is_error:
            answer = text.lookup_failed(result.failure, result.shown, korean=True, facts=result.facts)
    trace.add(Answer(answer))
    return CodeAnswer(answer, trace)


def plain_answer(results: Sequence[ToolResult], korean: bool) -> str:
    """An answer built only from tool results: every amount in it is one the tool returned. The leave
    figures are said in a sentence; any other result (a count of working days, a day, a draft, the Act's
    leave) by the tool's own lines in the asker's language (bot/tools/shown.py)."""
    found: list[Balance | LeaveTaken | text.LookupFailed] = []
    others: list[str] = []
    for result in results:
        if result.is_error:
            found.append(text.LookupFailed(result.failure, result.shown, result.facts))
        elif leave := [f for f in result.figures if isinstance(f, Balance | LeaveTaken)]:
            found.extend(leave)
        elif result.shown:
            lines = result.shown.splitlines()
            others += [line for line in lines if text.is_korean(line) == korean] or lines
    if others and not found:
        return "\n".join(others)
    return "\n".join([text.results_answer(found, korean), *others])


def years_asked(toolbox: Toolbox, caller: Caller, question: str) -> list[int]:
    """The years a question names, in the asker's calendar; this year when it names none."""
    today = toolbox.today_for(caller)
    return years_in(question, today) or [today.year]


async def look_up_years(toolbox: Toolbox, caller: Caller, years: list[int], trace: Trace) -> list[ToolResult]:
    """The balance lookup by code for each of `years`, at once: what a check runs when an answer states or
    needs figures no lookup gave."""
    return list(await asyncio.gather(*(look_up_by_code(toolbox, caller, year, trace) for year in years)))
