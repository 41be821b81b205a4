"""The Messages API wire as the offline model serves it: a message's content blocks, its tool results as
text, signed thinking, and the checks the real API makes on a request (`check_wire_contract`), so that a
loop bug fails offline instead of in production."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

_SIGNING_KEY = b"officebot-offline-model"


def sign(thinking: str) -> str:
    return hmac.new(_SIGNING_KEY, thinking.encode(), hashlib.sha256).hexdigest()


class WireError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def blocks(message: dict[str, Any]) -> list[dict[str, Any]]:
    content = message.get("content")
    return [{"type": "text", "text": content}] if isinstance(content, str) else list(content or [])


def tool_results(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [b for b in blocks(message) if b.get("type") == "tool_result"]


def check_wire_contract(body: dict[str, Any], messages: list[dict[str, Any]]) -> None:
    """Reject what the real API rejects, so a loop bug fails offline instead of in production."""
    if not messages:
        raise WireError(400, "messages: at least one message is required")
    if messages[-1].get("role") != "user":
        raise WireError(400, "offline model: the last message must be a user message")
    choice = body.get("tool_choice") or {}
    if choice.get("type") in ("any", "tool"):
        raise WireError(400, "tool_choice: forcing tool use is not supported with thinking")
    for index, message in enumerate(messages):
        if message.get("role") != "assistant":
            continue
        content = blocks(message)
        for block in content:
            if block.get("type") == "thinking" and block.get("signature") != sign(block.get("thinking", "")):
                raise WireError(400, f"messages.{index}.content: invalid signature in thinking block")
        tool_use_ids = [b["id"] for b in content if b.get("type") == "tool_use"]
        if not tool_use_ids:
            continue
        following = messages[index + 1] if index + 1 < len(messages) else None
        leading: list[str] = []
        for block in blocks(following) if following and following.get("role") == "user" else []:
            if block.get("type") != "tool_result":
                break
            leading.append(str(block.get("tool_use_id")))
        if sorted(leading) != sorted(tool_use_ids):
            raise WireError(
                400,
                f"messages.{index + 1}: tool_use ids were found without tool_result blocks immediately "
                f"after: each tool_use must have a tool_result first in the next user message",
            )


def result_text(block: dict[str, Any]) -> str:
    content = block.get("content")
    if isinstance(content, list):
        return " ".join(b.get("text", "") for b in content if b.get("type") == "text")
    return str(content or "")
