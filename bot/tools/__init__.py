"""The tools the model may request. Adding one is a module beside this file plus one line below."""

from __future__ import annotations

from bot.tools.day import DayTool
from bot.tools.draft_request import DraftRequestTool
from bot.tools.entitlement import LeaveEntitlementTool
from bot.tools.leave_balance import LeaveBalanceTool
from bot.tools.leave_taken import LeaveTakenTool
from bot.tools.registry import Tool
from bot.tools.working_days import WorkingDaysTool

BUILTIN_TOOLS: tuple[Tool, ...] = (
    LeaveBalanceTool(),
    LeaveTakenTool(),
    WorkingDaysTool(),
    DayTool(),
    LeaveEntitlementTool(),
    DraftRequestTool(),
)
