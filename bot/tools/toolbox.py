"""The one place a tool request becomes a result: `Toolbox.dispatch`.

Unknown name, non-object input and fields outside the declared schema are refused here, from the
declaration, for every tool alike; the tool checks what the input means. Who is asking is an argument
(`Caller`, from the Slack identity), never a field the model fills in. Every failure becomes an
`is_error` outcome with a short reason, and every request, whoever made it (the model or our code), is
written to the audit sink exactly once.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from anthropic.types import ToolParam

from bot.domain.outcomes import NO_FACTS, FailureFacts, Outcome
from bot.domain.people import Caller
from bot.policy.company import DEFAULT_POLICY, CompanyPolicy
from bot.policy.grants import LeaveRules
from bot.ports.audit import (
    AuditSink,
    AuditUnavailable,
    LookupRecord,
    RequestedBy,
    UtcClock,
    utc_now,
    utc_timestamp,
)
from bot.ports.hr import LeaveStore
from bot.ports.requests import RequestReader
from bot.tools.registry import AuditDetail, Figures, Tool, ToolContext, ToolError
from bot.tools.result_data import failure_text

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ToolOutcome:
    """One dispatched request: the tool's output, or the failure the model is told about."""

    tool: str | None  # None when the model asked for a tool that does not exist
    text: str  # the tool_result content: JSON data
    outcome: Outcome = "ok"
    figures: tuple[Figures, ...] = ()
    detail: AuditDetail = field(default_factory=dict)
    facts: FailureFacts = NO_FACTS  # a failure's facts, for the phrasebook
    shown: str = ""  # as a person reads it: the tool's own line, or a failure's short reason

    @property
    def is_error(self) -> bool:
        return self.outcome != "ok"


TodayFor = Callable[[Caller], date]


class Toolbox:
    """The registered tools, and everything a dispatch needs: the HR port, today, the audit sink."""

    def __init__(
        self,
        tools: Iterable[Tool],
        *,
        leave: LeaveStore,
        today_for: TodayFor,
        audit: AuditSink,
        clock: UtcClock = utc_now,
        rules: LeaveRules | None = None,
        rules_now: Callable[[], Awaitable[LeaveRules]] | None = None,
        requests: RequestReader | None = None,
        policy_now: Callable[[], Awaitable[CompanyPolicy]] | None = None,
    ) -> None:
        self._tools: dict[str, Tool] = {}
        for tool in tools:
            if tool.name in self._tools:
                raise ValueError(f"two tools are named {tool.name!r}")
            self._tools[tool.name] = tool
        self.leave = leave
        self.today_for = today_for
        self.audit = audit
        self.clock = clock
        self.rules = rules or LeaveRules()
        # The company's policy as it is now (HR may change it while the bot runs); else the fixed `rules`.
        self.rules_now = rules_now
        self.requests = requests
        self.policy_now = policy_now

    @property
    def declarations(self) -> list[ToolParam]:
        return [tool.declaration for tool in self._tools.values()]

    async def dispatch(
        self, name: str, tool_input: Any, caller: Caller, *, requested_by: RequestedBy = "model"
    ) -> ToolOutcome:
        """Run one tool request and record it. Every failure of the tool becomes an `is_error` outcome; only
        a failure to write the audit record raises (`AuditUnavailable`): an unrecorded result is never shown."""
        outcome = await self._run(name, tool_input, caller)
        await self._record(outcome, caller, requested_by)
        return outcome

    async def _run(self, name: str, tool_input: Any, caller: Caller) -> ToolOutcome:
        tool = self._tools.get(name)
        try:
            if tool is None:
                raise ToolError(f"unknown tool {name!r}; {self._which_tools()}", "unknown_tool")
            checked = _check_shape(tool.declaration, tool_input)
            # Only a tool that applies the company's policy reads it (one more query per lookup): before it
            # runs (True), or by itself beside its own lookup ("alongside": the two at once).
            reads_policy, policy_now = getattr(tool, "uses_policy", False), self.rules_now
            rules = await policy_now() if reads_policy is True and policy_now is not None else self.rules
            alongside = policy_now if reads_policy == "alongside" else None
            ctx = ToolContext(
                caller=caller,
                today=self.today_for(caller),
                leave=self.leave,
                rules=rules,
                rules_now=alongside,
                requests=self.requests,
            )
            if getattr(tool, "uses_requests", False):  # the draft tool: the whole policy too
                policy = await self.policy_now() if self.policy_now is not None else DEFAULT_POLICY
                ctx = replace(ctx, policy=policy)
            output = await tool.execute(ctx, checked)
            return ToolOutcome(
                tool.name, output.text, "ok", output.figures, output.detail, shown=output.shown
            )
        except ToolError as exc:
            why = str(exc) or "the tool failed"
            said = failure_text(why, exc.reason, exc.facts, exc.problems)
            return ToolOutcome(tool.name if tool else None, said, exc.reason, (), exc.detail, exc.facts, why)
        except Exception:
            # Unexpected: keep the details in our log, give the model only a generic reason.
            log.exception("tool %s failed unexpectedly", name)
            why = "internal error while running the tool"
            return ToolOutcome(name, failure_text(why, "internal"), "internal", shown=why)

    def _which_tools(self) -> str:
        names = [repr(n) for n in self._tools]
        return f"the only tool is {names[0]}" if len(names) == 1 else f"the tools are {', '.join(names)}"

    async def _record(self, outcome: ToolOutcome, caller: Caller, requested_by: RequestedBy) -> None:
        entry = LookupRecord(
            time=utc_timestamp(self.clock()),
            slack_user_id=caller.slack_user_id,
            employee_id=caller.employee_id,
            tool=outcome.tool,
            detail=dict(outcome.detail),
            outcome=outcome.outcome,
            surface=caller.surface,
            requested_by=requested_by,
        )
        try:
            await self.audit.record(entry)
        except Exception as exc:
            # Who asked stays out of the log, and so does the error's text: a database error can quote
            # the record it failed to write.
            log.error(
                "could not write the audit record of a %s lookup (%s)", outcome.tool, exc.__class__.__name__
            )
            # Fail closed for what would show someone's data. A failure shows none, and the person must
            # still hear it (the database being down is the usual reason both fail).
            if not outcome.is_error:
                raise AuditUnavailable("the audit record could not be written") from exc


def _check_shape(declaration: ToolParam, tool_input: Any) -> Mapping[str, Any]:
    """`strict` guarantees the shape the model sends; it is checked again here, from the declaration,
    because a tool_use is input from outside. Extra fields (an injected `employee_id`) are refused."""
    schema: Mapping[str, Any] = declaration["input_schema"]
    allowed = list(schema.get("properties") or {})
    if not isinstance(tool_input, Mapping):
        wanted = " and ".join(f"a {name!r}" for name in allowed) or "no fields"
        raise ToolError(f"input must be an object with {wanted}")
    extra = sorted(str(key) for key in set(tool_input) - set(allowed))
    if extra:
        only = ", ".join(repr(name) for name in allowed)
        verb = "is" if len(allowed) == 1 else "are"
        accepted = f"only {only} {verb} accepted" if allowed else "this tool takes no input fields"
        raise ToolError(f"unexpected input field(s): {', '.join(extra)}; {accepted}", "injected_field")
    for name in schema.get("required") or []:
        if name not in tool_input:
            raise ToolError(f"missing required field {name!r}")
    return tool_input
