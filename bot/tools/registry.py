"""What a tool is: one object with a name, the declaration the model sees, and `execute`.

A tool is one object: its `name`, the `declaration` the model sees (strict, no employee field) and
`execute(ctx, tool_input)`. `ctx` is a `ToolContext` our code builds for every call — who is asking,
today in their time zone, the HR port — so identity is an argument the model can never reach (the way
pydantic-ai passes `RunContext[Deps]`). A tool returns a `ToolOutput`: the structured figures code checks
(the model's tool_result is made from them, as JSON data: the two cannot drift) and the audit detail.

A tool marked `uses_policy = True` gets the company's policy read afresh before it runs (`ctx.rules`); one
marked `uses_policy = "alongside"` reads it itself, at the same time as its own lookup (`ctx.rules_now`).

The one place a tool request becomes a result is `Toolbox.dispatch` (bot/tools/toolbox.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Protocol

from anthropic.types import ToolParam

from bot.calendar import Day, WorkingDays
from bot.domain.leave import Balance, LeaveTaken
from bot.domain.outcomes import NO_FACTS, FailureFacts, FailureReason
from bot.domain.people import Caller
from bot.domain.requests import Checked, Problem
from bot.policy.company import DEFAULT_POLICY, CompanyPolicy
from bot.policy.grants import LeaveRules
from bot.policy.standing import Entitlement
from bot.ports.hr import LeaveStore
from bot.ports.requests import RequestReader
from bot.tools.result_data import data_of, wire_text
from bot.tools.shown import shown_of

# The tools our own code names: the system prompt tells the model when to call them, and `/leave` and
# App Home run them directly. Named here, in the registry, so the core reaches them without importing a
# tool module; each tool module declares itself under its name.
LEAVE_BALANCE = "get_leave_balance"
LEAVE_TAKEN = "list_leave_taken"
COUNT_WORKING_DAYS = "count_working_days"
GET_DAY = "get_day"
LEAVE_ENTITLEMENT = "get_leave_entitlement"
DRAFT_LEAVE_REQUEST = "draft_leave_request"

# What a tool's result says in numbers, structured: the evidence the grounding check compares with. A
# balance, records, calendar facts (a count of working days, a date's weekday), the Act's leave for the
# asker (`Entitlement`) and a leave request's draft (`Checked`: its days, the balance before and after).
Figures = Balance | LeaveTaken | WorkingDays | Day | Entitlement | Checked
# What an audit record may keep of a request: validated values only (never an injected one).
AuditDetail = Mapping[str, str | int | None]


@dataclass(frozen=True)
class ToolContext:
    """What a tool may use besides its input. Built by our code per call; the model never sees it."""

    caller: Caller
    today: date  # in the caller's time zone
    leave: LeaveStore
    # How the company applies the Act (the defaults follow the Act).
    rules: LeaveRules = field(default_factory=LeaveRules)
    # The policy read afresh, for a tool that reads it beside its own lookup (at the same time) rather than
    # before it (`uses_policy = "alongside"`); None: `rules` is the policy.
    rules_now: Callable[[], Awaitable[LeaveRules]] | None = None
    # Leave requests, read only (a RequestReader has no method that stores, moves or cancels one): the draft
    # tool checks a draft against them, the balance says what is pending.
    requests: RequestReader | None = None
    policy: CompanyPolicy = DEFAULT_POLICY


@dataclass(frozen=True)
class ToolOutput:
    figures: tuple[Figures, ...] = ()  # what an answer may state, for the grounding check
    detail: AuditDetail = field(default_factory=dict)  # what the audit record keeps
    as_of: date | None = None  # the day of the lookup, for a result that depends on it (a balance)
    data: Mapping[str, Any] | None = None  # the result of a tool with no figure of ours

    @property
    def text(self) -> str:  # what the model reads: the first figure (or `data`) as JSON, made here
        return wire_text(self.data if self.data is not None else data_of(self.figures[0], self.as_of))

    @property
    def shown(self) -> str:  # the same figure as a person reads it (`/leave`, a streamed lookup)
        return shown_of(self.figures[0], self.as_of) if self.figures else ""


class ToolError(Exception):
    """An expected failure whose message is safe to give the model as an `is_error` tool_result.

    `reason` is for the audit log; `detail` holds what was validated before it failed (e.g. the year);
    `facts` (the year, the years that exist, the range) and `problems` (why a draft cannot be submitted)
    are values, so no one has to read them back out of `message`."""

    def __init__(
        self,
        message: str,
        reason: FailureReason = "invalid_input",
        detail: AuditDetail | None = None,
        facts: FailureFacts = NO_FACTS,
        problems: tuple[Problem, ...] = (),
    ) -> None:
        super().__init__(message)
        self.reason: FailureReason = reason
        self.detail: AuditDetail = detail or {}
        self.facts = facts
        self.problems = problems


class Tool(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def declaration(self) -> ToolParam: ...

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput: ...
