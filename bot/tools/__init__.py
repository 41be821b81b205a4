"""The toolbox: what the model is offered, and the one place a tool request becomes a tool_result."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from anthropic.types import ToolParam

from bot.hr.directory import Caller
from bot.hr.store import LeaveStore
from bot.tools import leave_balance
from bot.tools.errors import ToolError

log = logging.getLogger(__name__)

__all__ = ["ToolError", "ToolOutcome", "Toolbox"]


@dataclass(frozen=True)
class ToolOutcome:
    content: str
    is_error: bool = False


class Toolbox:
    def __init__(self, store: LeaveStore, today: Callable[[Caller], date]) -> None:
        self._store = store
        self.today = today

    @property
    def declarations(self) -> list[ToolParam]:
        return [leave_balance.DECLARATION]

    async def dispatch(self, name: str, tool_input: Any, caller: Caller) -> ToolOutcome:
        """Run one tool request. Never raises: every failure becomes an `is_error` outcome with a reason."""
        try:
            if name != leave_balance.NAME:
                raise ToolError(f"unknown tool {name!r}; the only tool is {leave_balance.NAME!r}")
            content = await leave_balance.execute(
                caller, tool_input, store=self._store, today=self.today(caller)
            )
            return ToolOutcome(content)
        except ToolError as exc:
            return ToolOutcome(str(exc) or "the tool failed", is_error=True)
        except Exception:
            # Unexpected: keep the details in our log, give the model only a generic reason.
            log.exception("tool %s failed unexpectedly", name)
            return ToolOutcome("internal error while running the tool", is_error=True)
