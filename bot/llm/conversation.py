"""What the offline model reads from the conversation it is sent: today's date in the system prompt, the
latest question, its own previous answer, whether the last message is a correction, the lookups before
the question (`Earlier`), and whether the answer is wanted as structured output. Apart from the model's
answering (offline.py) because this is reading the wire, as any API peer must, before deciding anything.
"""

from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

from bot.grounding.shape import CORRECTION_OPENING
from bot.llm.reading_values import Earlier
from bot.llm.wire import WireError, blocks

_TODAY = re.compile(r"Today is (\d{4})-(\d{2})-(\d{2})")


def today_from(system: Any) -> date:
    text = system if isinstance(system, str) else json.dumps(system, ensure_ascii=False)
    match = _TODAY.search(text or "")
    if not match:
        raise WireError(400, "offline model: the system prompt must state 'Today is YYYY-MM-DD'")
    return date(int(match.group(1)), int(match.group(2)), int(match.group(3)))


def wants_declared(body: dict[str, Any]) -> bool:
    """Whether a request asks for the final answer as structured output."""
    output = body.get("output_config") or {}
    return isinstance(output, dict) and (output.get("format") or {}).get("type") == "json_schema"


def is_correction(message: dict[str, Any]) -> bool:
    return any(
        b.get("type") == "text" and str(b.get("text", "")).startswith(CORRECTION_OPENING)
        for b in blocks(message)
    )


def previous_answer(messages: list[dict[str, Any]]) -> str:
    return _last_text(messages, "assistant", "\n")


def latest_question(messages: list[dict[str, Any]]) -> str:
    return _last_text(messages, "user", " ")


def _last_text(messages: list[dict[str, Any]], role: str, joiner: str) -> str:
    """The text of the latest message from `role` that has any (tool results alone have none)."""
    for message in reversed(messages):
        if message["role"] == role:
            texts = [b.get("text", "") for b in blocks(message) if b.get("type") == "text"]
            if texts:
                return joiner.join(texts)
    return ""


def question_index(messages: list[dict[str, Any]]) -> int:
    """Where the latest question (a user message with text) is."""
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        if message["role"] == "user" and any(b.get("type") == "text" for b in blocks(message)):
            return index
    return 0


def earlier_in(messages: list[dict[str, Any]]) -> Earlier:
    """The last lookups before the question (years and tools), and whether the talk was about leave."""
    years: list[int] = []
    tools: list[str] = []
    about_leave = False
    for message in messages:
        uses = [b for b in blocks(message) if b.get("type") == "tool_use"]
        if uses:
            about_leave = True
            years = list(dict.fromkeys(int(b["input"]["year"]) for b in uses if _has_year(b)))
            tools = list(dict.fromkeys(str(b.get("name")) for b in uses))
    return Earlier(tuple(years), tuple(tools), about_leave, latest_question(messages))


def _has_year(block: dict[str, Any]) -> bool:
    year = (block.get("input") or {}).get("year") if isinstance(block.get("input"), dict) else None
    return isinstance(year, int) and not isinstance(year, bool)


def system_text(system: Any) -> str:
    return system if isinstance(system, str) else json.dumps(system, ensure_ascii=False)
