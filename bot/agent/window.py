"""The earlier turns sent with a follow-up outside Slack (`officebot chat`): the same bound Slack's history
uses (`bot/slack/answering/history.py`: the last 10 turns, at most 16,000 characters), so a long terminal session
costs what a long DM costs instead of growing without end.

A turn is a question or an answer. An exchange (a question, its lookups, its answer) is kept or dropped
whole, so every tool_use keeps its tool_result and a follow-up still sees the figures it leans on.
"""

from __future__ import annotations

import json
from typing import Any

from anthropic.types import MessageParam

from bot.agent.conversation import Conversation

# Slack's limits (bot/slack/answering/history.py MAX_TURNS and HISTORY_BUDGET_CHARS); a test keeps them equal.
MAX_TURNS = 10
HISTORY_BUDGET_CHARS = 16_000


def recent(conversation: Conversation) -> Conversation:
    """The latest exchanges that leave room for one more question within MAX_TURNS turns and
    HISTORY_BUDGET_CHARS characters; older ones are dropped whole."""
    exchanges = _exchanges(conversation.messages)
    kept: list[list[MessageParam]] = []
    turns, chars = 1, 0  # the question about to be asked
    for exchange in reversed(exchanges):
        size = sum(len(json.dumps(m["content"], ensure_ascii=False, default=_plain)) for m in exchange)
        if turns + 2 > MAX_TURNS or chars + size > HISTORY_BUDGET_CHARS:
            break
        kept.append(exchange)
        turns, chars = turns + 2, chars + size
    messages = [m for exchange in reversed(kept) for m in exchange]
    return Conversation(messages, conversation.results)


def _exchanges(messages: list[MessageParam]) -> list[list[MessageParam]]:
    found: list[list[MessageParam]] = []
    for message in messages:
        if (message["role"] == "user" and _is_question(message["content"])) or not found:
            found.append([message])
        else:
            found[-1].append(message)
    return found


def _is_question(content: Any) -> bool:
    if isinstance(content, str):
        return True
    return not any(_type(b) == "tool_result" for b in content)


def _type(block: Any) -> Any:
    return block.get("type") if isinstance(block, dict) else getattr(block, "type", None)


def _plain(block: Any) -> Any:
    """Assistant content is kept as the SDK returned it (thinking signatures intact): its blocks are
    models, measured by their JSON."""
    dump = getattr(block, "model_dump", None)
    return dump(mode="json") if dump else str(block)
