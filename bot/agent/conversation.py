"""A conversation as the model sees it, plus the structured outputs of the tool_results in it.

The Messages API only carries text, so the figures behind an earlier turn's tool_result travel beside the
messages, keyed by `tool_use_id`. Only results whose tool_result block is still in `messages` count as
evidence: when an answer is corrected, the turn's tool_results leave the conversation, and so does their
evidence. A conversation rebuilt from Slack's history (plain text turns) has none.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from anthropic.types import MessageParam

from bot.agent.trace import ToolResult


@dataclass(frozen=True)
class Conversation:
    messages: list[MessageParam]
    results: Mapping[str, ToolResult] = field(default_factory=dict)  # by tool_use_id

    @classmethod
    def start(cls, question: str) -> Conversation:
        return cls([{"role": "user", "content": question}])

    @classmethod
    def of(cls, conversation: Conversation | Sequence[MessageParam]) -> Conversation:
        return conversation if isinstance(conversation, Conversation) else cls(list(conversation))

    def ask(self, question: str) -> Conversation:
        """The same conversation with the person's next question appended."""
        return Conversation([*self.messages, {"role": "user", "content": question}], self.results)

    def evidence(self) -> list[ToolResult]:
        """The successful tool results whose tool_result blocks are in the messages, in order."""
        found = []
        for tool_use_id in _tool_result_ids(self.messages):
            result = self.results.get(tool_use_id)
            if result is not None and not result.is_error:
                found.append(result)
        return found


def _tool_result_ids(messages: Sequence[MessageParam]) -> Iterator[str]:
    for message in messages:
        content: Any = message["content"]
        if message["role"] != "user" or isinstance(content, str):
            continue
        for block in content:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                yield str(block.get("tool_use_id"))


def message_text(message: MessageParam) -> str | None:
    """A message's text: its string content as it is, or its text blocks joined by spaces (the SDK's block
    objects too, as an assistant reply is kept); None when it has no text block (tool results alone)."""
    content: Any = message["content"]
    if isinstance(content, str):
        return content
    texts = [
        b.get("text", "") if isinstance(b, dict) else getattr(b, "text", "") or ""
        for b in content
        if (b.get("type") if isinstance(b, dict) else getattr(b, "type", None)) == "text"
    ]
    return " ".join(texts) if texts else None
