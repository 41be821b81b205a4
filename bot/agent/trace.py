"""What happened in one turn, step by step, for the terminal, the demo and Slack's threaded trace."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal

from anthropic.types import Message

from bot.domain.outcomes import NO_FACTS, FailureFacts, FailureReason, Outcome
from bot.tools.registry import Figures


@dataclass(frozen=True)
class ModelCall:
    round: int
    stop_reason: str | None
    input_tokens: int  # not read from or written to the prompt cache
    output_tokens: int
    ms: float
    cache_read_tokens: int = 0
    cache_written_tokens: int = 0
    judge: bool = False  # the check's call asking whether the answer answers (bot/grounding/judge.py)

    @classmethod
    def of(cls, reply: Message, round: int, started: float, *, judge: bool = False) -> ModelCall:
        """A reply's call: its usage, and the time since `started` (`time.perf_counter()`)."""
        usage = reply.usage
        return cls(
            round=round,
            stop_reason=reply.stop_reason,
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
            ms=(time.perf_counter() - started) * 1000,
            cache_read_tokens=usage.cache_read_input_tokens or 0,
            cache_written_tokens=usage.cache_creation_input_tokens or 0,
            judge=judge,
        )

    @property
    def billed_input(self) -> float:
        """Input as billed, in input-token equivalents: cache reads at 0.1×, cache writes at 1.25×."""
        return self.input_tokens + 0.1 * self.cache_read_tokens + 1.25 * self.cache_written_tokens


@dataclass(frozen=True)
class ToolCall:
    tool_use_id: str
    name: str
    input: Any


@dataclass(frozen=True)
class ToolResult:
    """A tool_result as sent to the model, with what code needs of it: the failure kind and facts, and
    the structured figures (so nothing downstream re-parses `content`, the JSON data the model reads)."""

    tool_use_id: str
    name: str
    content: str
    is_error: bool
    ms: float
    outcome: Outcome = "ok"
    figures: tuple[Figures, ...] = ()
    facts: FailureFacts = NO_FACTS  # a failure's year, existing years and range, for the phrasebook
    shown: str = ""  # as a person reads it (`/leave`, a stream): the tool's line or a failure's reason

    @property
    def failure(self) -> FailureReason | None:
        return None if self.outcome == "ok" else self.outcome


@dataclass(frozen=True)
class Note:
    """Something the loop or a check decided that is not a model or tool step (e.g. a round limit)."""

    text: str


@dataclass(frozen=True)
class Answer:
    text: str


@dataclass(frozen=True)
class Grounded:
    """Which path the grounding check took: `named` (the answer's statements, written by code) or `plain`
    (a plain-text answer, the conservative fallback), how many statements, how many problems."""

    path: Literal["named", "plain"]
    figures: int = 0  # the statements written
    failed: int = 0
    draft: str = ""  # the model's answer as first rendered (`officebot eval` judges it too)

    def describe(self) -> str:
        if self.path == "plain":
            return "plain-text answer: posted only if it types no number"
        verified = "all hold" if not self.failed else f"{self.failed} problems"
        return f"statements: {self.figures} written, {verified}"


Step = ModelCall | ToolCall | ToolResult | Note | Answer | Grounded


@dataclass(frozen=True)
class Running:
    """A tool_use whose tool has started running. Not a step of the trace: only an observer sees it."""

    tool_use_id: str


# The port a surface uses to show the steps live (Slack's task cards): called synchronously with each step
# as it is added, and when a tool starts. It must not block; the core knows nothing of what it does.
StepObserver = Callable[[Step | Running], None]

log = logging.getLogger(__name__)

# Set around a turn by whoever wants its steps live; read by each Trace made in that turn. A context
# variable, so the loop's signature (and anything wrapping it) stays as it is, and concurrent turns on
# one loop each see their own observer.
_observer: ContextVar[StepObserver | None] = ContextVar("officebot_step_observer", default=None)


@contextmanager
def observing(observer: StepObserver) -> Iterator[None]:
    token = _observer.set(observer)
    try:
        yield
    finally:
        _observer.reset(token)


def compact_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


@dataclass
class Trace:
    steps: list[Step] = field(default_factory=list)
    observer: StepObserver | None = field(default_factory=_observer.get, compare=False, repr=False)

    def add(self, step: Step) -> None:
        self.steps.append(step)
        self._tell(step)

    def running(self, tool_use_id: str) -> None:
        self._tell(Running(tool_use_id))

    def _tell(self, event: Step | Running) -> None:
        if self.observer is None:
            return
        try:
            self.observer(event)
        except Exception:  # showing progress must never break the answer
            log.warning("a step observer failed", exc_info=True)

    @property
    def model_calls(self) -> list[ModelCall]:
        return [s for s in self.steps if isinstance(s, ModelCall)]

    @property
    def tool_calls(self) -> list[ToolCall]:
        return [s for s in self.steps if isinstance(s, ToolCall)]

    @property
    def tool_results(self) -> list[ToolResult]:
        return [s for s in self.steps if isinstance(s, ToolResult)]

    def render_lines(self) -> list[str]:
        return [render_step(step) for step in self.steps]

    def render_text(self) -> str:
        return "\n".join(self.render_lines())


def render_step(step: Step) -> str:
    match step:
        case ModelCall():
            return (
                f"[{'judge call' if step.judge else f'model call {step.round}'}] stop_reason={step.stop_reason} "
                f"tokens in={step.input_tokens} cached={step.cache_read_tokens} "
                f"cache_written={step.cache_written_tokens} out={step.output_tokens} ({step.ms:.0f} ms)"
            )
        case ToolCall():
            return f"[tool_use] {step.name} {compact_json(step.input)} (id {step.tool_use_id})"
        case ToolResult():
            flag = " is_error=true" if step.is_error else ""
            return f"[tool_result{flag}] {step.content} (id {step.tool_use_id}, {step.ms:.0f} ms)"
        case Note():
            return f"[note] {step.text}"
        case Grounded():
            return f"[grounding] {step.describe()}"
        case Answer():
            return f"[answer] {step.text}"
    raise TypeError(f"unknown step {step!r}")
