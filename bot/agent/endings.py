"""How a turn ends when it does not end with the model's plain answer: the model unreachable or refusing,
its answer cut off, the round limit reached. Each says so in the asker's language; none carries a
number the model made (the number check passes these by: `CANNED_ENDINGS`)."""

from __future__ import annotations

import logging
from typing import Literal

import anthropic
from anthropic.types import Message

from bot import text
from bot.agent.trace import Note, ToolResult, Trace

log = logging.getLogger(__name__)

# How a turn ended: the model's final stop_reason, or one of the loop's own endings.
Ended = Literal[
    "end_turn",
    "stop_sequence",
    "max_tokens",
    "refusal",
    "model_context_window_exceeded",
    "round_limit",
    "model_error",
    "audit_failed",
]
# Answers the loop wrote itself carry no model-made number (see the grounding check).
CANNED_ENDINGS: tuple[Ended, ...] = ("model_error", "refusal", "audit_failed")


def ending(stop_reason: str | None) -> Ended:
    """A stop_reason that ends the turn; an unknown one (a newer API) is treated as a normal end."""
    match stop_reason:
        case "stop_sequence" | "max_tokens" | "refusal" | "model_context_window_exceeded":
            return stop_reason
    return "end_turn"


def final_text(response: Message, korean: bool) -> str:
    said = "\n".join(b.text for b in response.content if b.type == "text").strip()
    match response.stop_reason:
        case "refusal":
            return text.REFUSAL.pick(korean)
        case "max_tokens":
            return f"{said} {text.TRUNCATED.pick(korean)}" if said else text.NO_ANSWER.pick(korean)
        case "model_context_window_exceeded":
            return said if said else text.TOO_LONG.pick(korean)
    return said or text.NO_ANSWER.pick(korean)


def round_limit(korean: bool, evidence: list[ToolResult]) -> str:
    found = [r.shown or r.content for r in evidence if not r.is_error]  # the tools' lines, for a person
    answer = text.ROUND_LIMIT.pick(korean)
    if found:
        answer += "\n" + text.FOUND_SO_FAR.pick(korean) + "\n" + "\n".join(f"• {line}" for line in found)
    return answer


def model_failed(exc: anthropic.APIError, trace: Trace, korean: bool) -> str:
    """What the person is told when the model call failed after the SDK's retries."""
    trace.add(Note(f"model call failed: {_describe_api_error(exc)}"))
    if _is_misconfiguration(exc):
        # A bad key, model name or request: retrying cannot help. An operator must act, so this is an
        # ERROR with what the API said; the person is told the bot is misconfigured.
        log.error("model call refused: %s", _describe_api_error(exc, detail=True))
        return text.MISCONFIGURED.pick(korean)
    log.warning("model call failed after retries: %s", _describe_api_error(exc, detail=True))
    return text.MODEL_DOWN.pick(korean)


def _is_misconfiguration(exc: anthropic.APIError) -> bool:
    """400/401/403/404: the key, the model name or the request is wrong; 408/409/429/5xx pass by themselves."""
    return isinstance(exc, anthropic.APIStatusError) and exc.status_code in (400, 401, 403, 404)


def _describe_api_error(exc: anthropic.APIError, detail: bool = False) -> str:
    if isinstance(exc, anthropic.APIStatusError):
        text = f"HTTP {exc.status_code} ({exc.__class__.__name__})"
        return f"{text}: {exc.message}" if detail else text
    return exc.__class__.__name__
