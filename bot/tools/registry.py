"""Tools as registered objects, and the one place a tool request becomes a result.

A tool is one object: its `name`, the `declaration` the model sees (strict, no employee field) and
`execute(ctx, tool_input)`. `ctx` is a `ToolContext` our code builds for every call — who is asking,
today in their time zone, the HR port — so identity is an argument the model can never reach (the way
pydantic-ai passes `RunContext[Deps]`). A tool returns a `ToolOutput`: the text the model reads, the
structured figures code checks (the grounding check never re-parses text), and the audit detail.

A tool marked `uses_policy = True` gets the company's policy read afresh before it runs (`ctx.rules`); one
marked `uses_policy = "alongside"` reads it itself, at the same time as its own lookup (`ctx.rules_now`).

`Toolbox.dispatch` runs one request: unknown name, non-object input and fields outside the declared
schema are refused here, from the declaration, for every tool alike; the tool checks what the input
means. Every failure becomes an `is_error` outcome with a short reason, and every request, whoever made
it (the model or our code), is written to the audit sink exactly once.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Protocol

from anthropic.types import ToolParam

from bot.calendar import Day, WorkingDays
from bot.domain.leave import Balance, LeaveTaken
from bot.domain.outcomes import NO_FACTS, FailureFacts, FailureReason, Outcome
from bot.domain.people import Caller
from bot.domain.requests import Checked
from bot.policy.company import DEFAULT_POLICY, CompanyPolicy
from bot.policy.grants import LeaveRules
from bot.policy.standing import Entitlement
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

log = logging.getLogger(__name__)

# The tools our own code names: the system prompt tells the model when to call them, and `/leave` and
# App Home run them directly. Named here, in the registry, so the core reaches them without importing a
# tool module; each tool module declares itself under its name.
LEAVE_BALANCE = "get_leave_balance"
LEAVE_TAKEN = "list_leave_taken"
COUNT_WORKING_DAYS = "count_working_days"
GET_DAY = "get_day"
LEAVE_ENTITLEMENT = "get_leave_entitlement"
DRAFT_LEAVE_REQUEST = "draft_leave_request"

# What a tool's result says in numbers, structured: the evidence the grounding check compares with.
# Calendar facts (`WorkingDays`, `Day`) are evidence too: a count of working days, a date's weekday; so is
# the Act's leave for the asker (`Entitlement`): years of service, grants, their expiry, the next grant.
# A leave request's draft (`Checked`: its working days, days, balance before and after) is evidence too.
Figures = Balance | LeaveTaken | WorkingDays | Day | Entitlement | Checked
# What an audit record may keep of a request: validated values only (never an injected one).
AuditDetail = Mapping[str, str | int | None]


@dataclass(frozen=True)
class ToolContext:
    """What a tool may use besides its input. Built by our code per call; the model never sees it."""

    caller: Caller
    today: date  # in the caller's time zone
    leave: LeaveStore
    rules: LeaveRules = field(
        default_factory=LeaveRules
    )  # how the company applies the Act (the defaults follow the Act)
    # The policy read afresh, for a tool that reads it beside its own lookup (at the same time) rather than
    # before it (`uses_policy = "alongside"`); None: `rules` is the policy.
    rules_now: Callable[[], Awaitable[LeaveRules]] | None = None
    # Leave requests, read only (a RequestReader has no method that stores, moves or cancels one): the draft
    # tool checks a draft against them, the balance says what is pending.
    requests: RequestReader | None = None
    policy: CompanyPolicy = DEFAULT_POLICY


@dataclass(frozen=True)
class ToolOutput:
    text: str  # what the model reads in the tool_result
    figures: tuple[Figures, ...] = ()  # what an answer may state, for the grounding check
    detail: AuditDetail = field(default_factory=dict)  # what the audit record keeps


class ToolError(Exception):
    """An expected failure whose message is safe to give the model as an `is_error` tool_result.

    `reason` is for the audit log; `detail` holds what was validated before it failed (e.g. the year);
    `facts` is what the phrasebook tells the person (the year, the years that exist, the range), so no
    one has to read them back out of `message`.
    """

    def __init__(
        self,
        message: str,
        reason: FailureReason = "invalid_input",
        detail: AuditDetail | None = None,
        facts: FailureFacts = NO_FACTS,
    ) -> None:
        super().__init__(message)
        self.reason: FailureReason = reason
        self.detail: AuditDetail = detail or {}
        self.facts = facts


class Tool(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def declaration(self) -> ToolParam: ...

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput: ...


@dataclass(frozen=True)
class ToolOutcome:
    """One dispatched request: the tool's output, or the failure the model is told about."""

    tool: str | None  # None when the model asked for a tool that does not exist
    text: str
    outcome: Outcome = "ok"
    figures: tuple[Figures, ...] = ()
    detail: AuditDetail = field(default_factory=dict)
    facts: FailureFacts = NO_FACTS  # a failure's facts, for the phrasebook

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
            return ToolOutcome(tool.name, output.text, figures=output.figures, detail=output.detail)
        except ToolError as exc:
            tool_name = tool.name if tool else None
            text = str(exc) or "the tool failed"
            return ToolOutcome(tool_name, text, exc.reason, detail=exc.detail, facts=exc.facts)
        except Exception:
            # Unexpected: keep the details in our log, give the model only a generic reason.
            log.exception("tool %s failed unexpectedly", name)
            return ToolOutcome(name, "internal error while running the tool", "internal")

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
