"""The toolbox: what the model is offered, and the one place a tool request becomes a tool_result.

Every lookup passes through `dispatch`, whether the model requested it or our code ran it, so this is
also where each one is written to the audit log: exactly once, failures included.
"""

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
from bot.tools.audit import AuditLog, LookupRecord, NoAuditLog, RequestedBy, UtcClock, utc_now, utc_timestamp
from bot.tools.errors import Outcome, ToolError

log = logging.getLogger(__name__)

__all__ = ["ToolError", "ToolOutcome", "Toolbox"]


@dataclass(frozen=True)
class ToolOutcome:
    content: str
    outcome: Outcome = "ok"
    year: int | None = None  # the validated year; None when the input was rejected

    @property
    def is_error(self) -> bool:
        return self.outcome != "ok"


class Toolbox:
    def __init__(
        self,
        store: LeaveStore,
        today: Callable[[Caller], date],
        *,
        audit: AuditLog | None = None,
        clock: UtcClock = utc_now,
    ) -> None:
        self.store = store
        self.today = today
        self.audit: AuditLog = audit or NoAuditLog()
        self.clock = clock

    @property
    def declarations(self) -> list[ToolParam]:
        return [leave_balance.DECLARATION]

    async def dispatch(
        self, name: str, tool_input: Any, caller: Caller, *, requested_by: RequestedBy = "model"
    ) -> ToolOutcome:
        """Run one tool request and record it. Never raises: every failure becomes an `is_error` outcome."""
        outcome = await self._run(name, tool_input, caller)
        await self._record(outcome, caller, requested_by)
        return outcome

    async def _run(self, name: str, tool_input: Any, caller: Caller) -> ToolOutcome:
        try:
            if name != leave_balance.NAME:
                raise ToolError(
                    f"unknown tool {name!r}; the only tool is {leave_balance.NAME!r}", "unknown_tool"
                )
            lookup = await leave_balance.execute(
                caller, tool_input, store=self.store, today=self.today(caller)
            )
            return ToolOutcome(lookup.content, year=lookup.year)
        except ToolError as exc:
            return ToolOutcome(str(exc) or "the tool failed", outcome=exc.reason, year=exc.year)
        except Exception:
            # Unexpected: keep the details in our log, give the model only a generic reason.
            log.exception("tool %s failed unexpectedly", name)
            return ToolOutcome("internal error while running the tool", outcome="internal")

    async def _record(self, outcome: ToolOutcome, caller: Caller, requested_by: RequestedBy) -> None:
        entry = LookupRecord(
            time=utc_timestamp(self.clock()),
            slack_user_id=caller.slack_user_id,
            employee_id=caller.employee_id,
            year=outcome.year,
            outcome=outcome.outcome,
            surface=caller.surface,
            requested_by=requested_by,
        )
        try:
            await self.audit.record(entry)
        except Exception:
            # The employee still gets the answer; operators see the failure loudly in the log.
            log.exception("could not write the audit record for %s", caller.employee_id)
