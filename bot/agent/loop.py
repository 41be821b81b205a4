"""The tool-use loop.

    call the model with the tools ─▶ stop_reason == "tool_use"?
        yes: keep the assistant content as sent, run every tool_use concurrently, answer them all in one
             user message (same order, paired by tool_use_id), call again
        no:  that is the draft answer; an optional `AnswerCheck` (the grounding check) reviews it
             before it is returned, and may ask the model once more in the same turn

The model only *requests* a tool. Whether it runs, and for whom, is decided here and in the toolbox:
the `Caller` is an argument of `run_turn`, never something the model can write.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

import anthropic
from anthropic import omit
from anthropic.types import (
    Message,
    MessageParam,
    OutputConfigParam,
    TextBlockParam,
    ToolResultBlockParam,
    ToolUseBlock,
)

from bot import text
from bot.agent.clock import Today
from bot.agent.conversation import Conversation, message_text
from bot.agent.endings import Ended, ending, final_text, model_failed, round_limit
from bot.agent.prompt import system_blocks
from bot.agent.trace import Answer, ModelCall, Note, ToolCall, ToolResult, Trace
from bot.domain.people import Caller
from bot.ports.audit import AuditUnavailable, RequestedBy
from bot.tools.result_data import failure_text
from bot.tools.toolbox import Toolbox

DEFAULT_MAX_ROUNDS = 5
# Room for the model's thinking and a short answer (answers are one or two sentences); a bound on cost.
DEFAULT_MAX_TOKENS = 4096
# At most this many tool calls run per round: one question cannot turn into hundreds of lookups.
MAX_TOOL_USES_PER_ROUND = 8


F = TypeVar("F")


@dataclass
class Turn:
    """One question answered. `conversation` includes this turn, ready for a follow-up."""

    answer: str
    trace: Trace
    conversation: Conversation
    ended: Ended
    evidence: list[ToolResult] = field(default_factory=list)  # this turn's tool results

    @property
    def messages(self) -> list[MessageParam]:
        return self.conversation.messages

    def figures(self, kind: type[F]) -> tuple[F, ...]:
        """The structured outputs of one type among this turn's successful tool results (a leave request
        the model drafted, say): what a surface shows beside the answer, read from the turn itself."""
        return tuple(f for r in self.evidence if not r.is_error for f in r.figures if isinstance(f, kind))


@dataclass
class Unchecked:
    """An answer the loop produced, before any check has decided it may be posted.

    `messages` ends with the assistant's answer; `evidence` is this turn's tool results so far; `results`
    every known tool result by id (earlier turns' too).
    """

    text: str
    ended: Ended
    messages: list[MessageParam]
    evidence: list[ToolResult]
    results: Mapping[str, ToolResult] = field(default_factory=dict)
    named: str | None = None  # the answer's text with its figures named, for the check to render
    rendered: bool = False  # the check only wrote the named figures out: the turn stays as the model made it
    asked_at: int = 0  # the index in `messages` of this turn's question: what comes before is earlier turns

    @property
    def conversation(self) -> Conversation:
        return Conversation(self.messages, self.results)


# Continues the same turn after appending one user message (e.g. a correction); returns the new draft.
AskAgain = Callable[[str], Awaitable[Unchecked]]


class AnswerCheck(Protocol):
    """Reviews a draft before it is posted; may ask again, or replace the answer (the number check,
    bot/grounding/check.py, is one). It may ask for the final answer in a shape of its own (structured
    output): `output_config` is sent with every call, and `shaped` reads a final answer in that shape (None:
    it is not, e.g. plain text from a server without structured outputs)."""

    output_config: OutputConfigParam | None

    def shaped(self, answer: str) -> str | None: ...

    async def review(
        self, draft: Unchecked, *, question: str, caller: Caller, trace: Trace, ask_again: AskAgain
    ) -> Unchecked: ...


class Assistant:
    """Runs turns against one model with one toolbox. Holds no per-conversation state."""

    def __init__(
        self,
        client: anthropic.AsyncAnthropic,
        toolbox: Toolbox,
        *,
        model: str,
        calendar: Today,
        max_rounds: int = DEFAULT_MAX_ROUNDS,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        check: AnswerCheck | None = None,
        shape_answers: bool = True,
    ) -> None:
        self.client = client
        self.toolbox = toolbox
        self.model = model
        self.calendar = calendar
        self.max_rounds = max_rounds
        self.max_tokens = max_tokens
        self.check = check
        # The final answer in the check's shape (structured outputs): only when there is a check to read it.
        self.output_config = check.output_config if check is not None and shape_answers else None

    def system_for(self, caller: Caller) -> list[TextBlockParam]:
        return system_blocks(
            self.calendar.today_for(caller), self.calendar.timezone_of(caller), caller.name or None
        )

    async def run_turn(self, conversation: Conversation | Sequence[MessageParam], caller: Caller) -> Turn:
        """A plain list of messages (e.g. rebuilt from Slack) carries no earlier tool outputs. A surface
        showing the steps live wraps the call in `trace.observing(...)`; the answer is only in the Turn."""
        before = Conversation.of(conversation)
        messages: list[MessageParam] = list(before.messages)
        results: dict[str, ToolResult] = dict(before.results)
        question = _last_user_text(messages)
        korean = text.is_korean(question)
        system = self.system_for(caller)
        trace = Trace()
        evidence: list[ToolResult] = []

        async def converse() -> Unchecked:
            answer, ended = await self._converse(messages, system, caller, trace, evidence, korean)
            results.update((r.tool_use_id, r) for r in evidence)
            named = (
                self.check.shaped(answer)
                if self.check is not None and self.output_config is not None and ended == "end_turn"
                else None
            )
            said = named if named is not None else answer
            return Unchecked(
                said, ended, messages, evidence, results, named, asked_at=len(before.messages) - 1
            )

        async def ask_again(user_text: str) -> Unchecked:
            messages.append({"role": "user", "content": user_text})
            return await converse()

        try:
            draft = await converse()
            if self.check is not None:
                reviewed = await self.check.review(
                    draft, question=question, caller=caller, trace=trace, ask_again=ask_again
                )
                if reviewed is not draft and not reviewed.rendered:
                    # The check corrected or replaced the answer: a follow-up sees only what was posted,
                    # never the rejected draft or the correction that named its ungrounded amount.
                    posted: MessageParam = {"role": "assistant", "content": reviewed.text}
                    reviewed = replace(reviewed, messages=[*before.messages, posted])
                draft = reviewed
        except AuditUnavailable:
            # Fail closed: a lookup whose audit record was not written is never shown, in any form.
            trace.add(Note("an audit record could not be written: no result is shown"))
            apology = text.NOT_RECORDED.pick(korean)
            said: MessageParam = {"role": "assistant", "content": apology}
            draft = Unchecked(apology, "audit_failed", [*before.messages, said], [], dict(before.results))
        trace.add(Answer(draft.text))
        return Turn(draft.text, trace, draft.conversation, draft.ended, draft.evidence)

    async def _converse(
        self,
        messages: list[MessageParam],
        system: list[TextBlockParam],
        caller: Caller,
        trace: Trace,
        evidence: list[ToolResult],
        korean: bool,
    ) -> tuple[str, Ended]:
        """Call the model until it answers; returns (answer text, how it ended). Extends `messages`
        and `evidence` in place, so a second call continues the same conversation."""
        tool_rounds = 0
        calls_here = 0
        while True:
            calls_here += 1
            call_number = len(trace.model_calls) + 1
            try:
                response = await self._call_model(messages, system, trace, call_number)
            except anthropic.APIError as exc:
                return model_failed(exc, trace, korean), "model_error"

            stop = response.stop_reason
            if stop == "pause_turn":
                # A long server-side turn paused: send its content back as-is and let the model go on.
                messages.append({"role": "assistant", "content": response.content})
                if calls_here >= self.max_rounds * 2:
                    return round_limit(korean, evidence), "round_limit"
                continue

            tool_uses = [b for b in response.content if isinstance(b, ToolUseBlock)]
            if stop != "tool_use" or not tool_uses:
                # A tool_use cut off by max_tokens is never run, so it must not stay in the conversation
                # either: an unanswered tool_use makes every later request invalid.
                content = [b for b in response.content if not isinstance(b, ToolUseBlock)]
                if content:
                    messages.append(
                        {"role": "assistant", "content": content if tool_uses else response.content}
                    )
                return final_text(response, korean), ending(stop)

            if tool_rounds >= self.max_rounds:
                trace.add(Note(f"stopped: the model still wanted tools after {self.max_rounds} rounds"))
                return round_limit(korean, evidence), "round_limit"
            tool_rounds += 1

            # The assistant turn goes back exactly as received: thinking blocks and signatures included.
            messages.append({"role": "assistant", "content": response.content})
            results = await self._run_tools(tool_uses, caller, trace)
            evidence.extend(results)
            messages.append({"role": "user", "content": [_to_param(r) for r in results]})

    async def _call_model(
        self, messages: list[MessageParam], system: list[TextBlockParam], trace: Trace, call_number: int
    ) -> Message:
        started = time.perf_counter()
        response = await self.client.messages.create(
            model=self.model,
            max_tokens=self.max_tokens,
            system=system,  # the rules block ends the prefix every question shares (bot/agent/prompt.py)
            tools=self.toolbox.declarations,
            messages=messages,
            # Tool calls are unaffected; the final answer comes in the check's shape, if it has one.
            output_config=self.output_config if self.output_config is not None else omit,
            # And the conversation so far: the same turn's next call (after its tool results) reads it.
            cache_control={"type": "ephemeral"},
        )
        trace.add(ModelCall.of(response, call_number, started))
        return response

    async def _run_tools(
        self, tool_uses: list[ToolUseBlock], caller: Caller, trace: Trace
    ) -> list[ToolResult]:
        """Every tool_use gets its tool_result; only the first MAX_TOOL_USES_PER_ROUND are run, the rest are
        answered with an error (one question cannot turn into hundreds of lookups)."""
        for block in tool_uses:
            trace.add(ToolCall(block.id, block.name, block.input))
        run, refused = tool_uses[:MAX_TOOL_USES_PER_ROUND], tool_uses[MAX_TOOL_USES_PER_ROUND:]

        async def running(block: ToolUseBlock) -> ToolResult:
            trace.running(block.id)
            return await run_tool(self.toolbox, block.id, block.name, block.input, caller)

        ran = await asyncio.gather(*(running(b) for b in run))
        results = [*ran, *(_not_run(b) for b in refused)]
        for result in results:
            trace.add(result)
        return results


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
        content=outcome.text,
        is_error=outcome.is_error,
        ms=(time.perf_counter() - started) * 1000,
        outcome=outcome.outcome,
        figures=outcome.figures,
        facts=outcome.facts,
        shown=outcome.shown,
    )


def _not_run(block: ToolUseBlock) -> ToolResult:
    reason = f"not run: at most {MAX_TOOL_USES_PER_ROUND} tool calls are run per turn; ask for fewer at once"
    return ToolResult(
        block.id, block.name, failure_text(reason, "invalid_input"), True, 0.0, outcome="invalid_input"
    )


def _to_param(result: ToolResult) -> ToolResultBlockParam:
    return {
        "type": "tool_result",
        "tool_use_id": result.tool_use_id,
        "content": result.content,
        "is_error": result.is_error,
    }


def _last_user_text(messages: Sequence[MessageParam]) -> str:
    for message in reversed(messages):
        said = message_text(message) if message["role"] == "user" else None
        if said is not None:
            return said
    return ""
