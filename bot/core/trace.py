"""What happened in one turn, step by step, for the terminal, the demo and Slack's threaded trace."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.hr.ports import Balance, LeaveTaken
from bot.outcomes import FailureReason, Outcome


@dataclass(frozen=True)
class ModelCall:
    round: int
    stop_reason: str | None
    input_tokens: int
    output_tokens: int
    ms: float


@dataclass(frozen=True)
class ToolCall:
    tool_use_id: str
    name: str
    input: Any


@dataclass(frozen=True)
class ToolResult:
    """A tool_result as sent to the model, with what code needs of it: the failure kind and the
    structured figures (so nothing downstream re-parses `content`)."""

    tool_use_id: str
    name: str
    content: str
    is_error: bool
    ms: float
    outcome: Outcome = "ok"
    figures: tuple[Balance | LeaveTaken, ...] = ()

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


Step = ModelCall | ToolCall | ToolResult | Note | Answer


def compact_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


@dataclass
class Trace:
    steps: list[Step] = field(default_factory=list)

    def add(self, step: Step) -> None:
        self.steps.append(step)

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
                f"[model call {step.round}] stop_reason={step.stop_reason} "
                f"tokens in={step.input_tokens} out={step.output_tokens} ({step.ms:.0f} ms)"
            )
        case ToolCall():
            return f"[tool_use] {step.name} {compact_json(step.input)} (id {step.tool_use_id})"
        case ToolResult():
            flag = " is_error=true" if step.is_error else ""
            return f"[tool_result{flag}] {step.content} (id {step.tool_use_id}, {step.ms:.0f} ms)"
        case Note():
            return f"[note] {step.text}"
        case Answer():
            return f"[answer] {step.text}"
    raise TypeError(f"unknown step {step!r}")
