"""A lookup our code decides must happen, with no model choice involved (the note's advice for a lookup
that must happen): `/leave` with no question, and the grounding check's fallback.

It goes through the same `Toolbox.dispatch` as the model's requests, so it is validated and audited the
same way, and it appears in the trace like any tool_use / tool_result pair.
"""

from __future__ import annotations

import time

from bot.core.trace import ToolCall, ToolResult, Trace
from bot.hr.directory import Caller
from bot.tools import Toolbox, leave_balance


async def look_up_by_code(toolbox: Toolbox, caller: Caller, year: int, trace: Trace) -> ToolResult:
    call_id = f"code_{year}"
    tool_input = {"year": year}
    trace.add(ToolCall(call_id, leave_balance.NAME, tool_input))
    started = time.perf_counter()
    outcome = await toolbox.dispatch(leave_balance.NAME, tool_input, caller, requested_by="code")
    result = ToolResult(
        tool_use_id=call_id,
        name=leave_balance.NAME,
        content=outcome.content,
        is_error=outcome.is_error,
        ms=(time.perf_counter() - started) * 1000,
    )
    trace.add(result)
    return result
