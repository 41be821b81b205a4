"""Running one tool request into a timed `ToolResult`, and a lookup our code decides must happen.

`run_tool` is what the loop does for every tool_use. `look_up_by_code` is the lookup with no model choice
involved (the note's advice for a lookup that must happen): `/leave` with no question, and the grounding
check's fallback. Both go through the same `Toolbox.dispatch`, so every lookup is validated and audited
the same way, and a code-run lookup appears in the trace like any tool_use / tool_result pair.
"""

from __future__ import annotations

import time
from typing import Any

from bot.core.trace import ToolCall, ToolResult, Trace
from bot.hr.directory import Caller
from bot.tools import Toolbox, leave_balance
from bot.tools.audit import RequestedBy


async def run_tool(
    toolbox: Toolbox,
    tool_use_id: str,
    name: str,
    tool_input: Any,
    caller: Caller,
    requested_by: RequestedBy = "model",
) -> ToolResult:
    started = time.perf_counter()
    outcome = await toolbox.dispatch(name, tool_input, caller, requested_by=requested_by)
    return ToolResult(
        tool_use_id=tool_use_id,
        name=name,
        content=outcome.content,
        is_error=outcome.is_error,
        ms=(time.perf_counter() - started) * 1000,
    )


async def look_up_by_code(toolbox: Toolbox, caller: Caller, year: int, trace: Trace) -> ToolResult:
    call_id = f"code_{year}"
    tool_input = {"year": year}
    trace.add(ToolCall(call_id, leave_balance.NAME, tool_input))
    result = await run_tool(toolbox, call_id, leave_balance.NAME, tool_input, caller, requested_by="code")
    trace.add(result)
    return result
