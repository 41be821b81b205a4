"""Reads a conversation from Slack, and makes any conversation (read from Slack, or from our records:
`bot/slack/answering/conversation.py`) the model's history.

Slack messages become Messages API turns: the asker's messages are user turns, this bot's are assistant
turns, everything else (other bots, edits, joins, our own trace posts) is left out. Only the last
`MAX_TURNS` turns are kept: enough for a follow-up, bounded in tokens.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from anthropic.types import MessageParam
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.ports.conversations import Role, Turn
from bot.slack.answering.questions import parse_question
from bot.slack.answering.render import REQUEST_EVENT_TYPE, TRACE_EVENT_TYPE, is_placeholder
from bot.slack.transport.rate_limits import error_of

log = logging.getLogger(__name__)

MAX_TURNS = 10
# What the earlier turns may add up to, in characters (about 5,000 tokens of Korean): long old messages
# give way to the latest ones, so one request stays bounded whatever the DM holds.
HISTORY_BUDGET_CHARS = 16_000
# Fetch more than MAX_TURNS: skipped messages (trace replies, other bots) must not eat the window.
FETCH_LIMIT = 50
MAX_REPLY_PAGES = 10  # 2,000 replies; a longer thread loses its middle, never its latest turns


@dataclass(frozen=True)
class Where:
    """The message being answered, and the bot's own identity to recognise its past answers."""

    channel: str
    ts: str
    thread_ts: str | None
    bot_user_id: str | None
    bot_id: str | None
    root_is_ours: bool = False  # the thread's first message is the bot's (Slack's `parent_user_id`)


@dataclass(frozen=True)
class _Turn:
    ts: str
    role: Role
    text: str


async def recent_conversation(client: AsyncWebClient, where: Where, current_text: str) -> list[MessageParam]:
    """The last turns up to and including the current message, read from Slack, ending with it as a
    user turn."""
    try:
        turns = await read_turns(client, where)
    except SlackApiError as exc:
        # Better a context-free answer than none: the current question alone still gets answered.
        log.warning("could not read a conversation's history (%s)", error_of(exc))
        turns = []
    return conversation_from(turns, where, current_text)


async def read_turns(client: AsyncWebClient, where: Where) -> list[Turn]:
    """The conversation up to and including the current message as Slack has it, oldest first (raises
    `SlackApiError`). A thread's turns carry its ts; the top level's, each its own."""
    messages = await _fetch(client, where)
    found = []
    for message in messages:
        turn = _to_turn(message, where)
        if turn is not None:
            thread = where.thread_ts or str(message.get("thread_ts") or turn.ts)
            found.append(Turn(where.channel, thread, turn.ts, turn.role, turn.text))
    return found


def conversation_from(turns: Sequence[Turn], where: Where, current_text: str) -> list[MessageParam]:
    """The model's history: `turns` up to the current message, which ends it as a user turn."""
    current = _ts_key(where.ts)
    kept = [_Turn(t.ts, t.role, t.text) for t in turns if _ts_key(t.ts) <= current]
    if not any(t.ts == where.ts for t in kept):  # history can lag behind the event
        kept.append(_Turn(where.ts, "user", parse_question(current_text, where.bot_user_id).text))
    return to_message_params(kept)


def _ts_key(ts: str) -> tuple[int, int]:
    seconds, _, micros = ts.partition(".")
    return int(seconds or 0), int(micros or 0)


async def _fetch(client: AsyncWebClient, where: Where) -> list[dict[str, Any]]:
    if where.thread_ts:
        # Replies come oldest first, a page at a time: in a long thread the recent turns are on the last
        # page, so follow the cursor (a bounded number of pages) and keep the tail.
        recent: deque[dict[str, Any]] = deque(maxlen=FETCH_LIMIT)
        cursor = None
        for _ in range(MAX_REPLY_PAGES):
            response = await client.conversations_replies(
                channel=where.channel,
                ts=where.thread_ts,
                latest=where.ts,
                inclusive=True,
                limit=FETCH_LIMIT * 4,
                include_all_metadata=True,
                **({"cursor": cursor} if cursor else {}),
            )
            recent.extend(response.get("messages") or [])
            cursor = (response.get("response_metadata") or {}).get("next_cursor")
            if not cursor:
                break
        return list(recent)  # oldest first
    response = await client.conversations_history(
        channel=where.channel, latest=where.ts, inclusive=True, limit=FETCH_LIMIT, include_all_metadata=True
    )
    return list(reversed(response.get("messages") or []))  # newest first → oldest first


def _to_turn(message: dict[str, Any], where: Where) -> _Turn | None:
    text = message.get("text") or ""
    from_us = (where.bot_id and message.get("bot_id") == where.bot_id) or (
        where.bot_user_id and message.get("user") == where.bot_user_id
    )
    if from_us:
        metadata = message.get("metadata") or {}
        if metadata.get("event_type") in (TRACE_EVENT_TYPE, REQUEST_EVENT_TYPE):
            return None
        return _Turn(message["ts"], "assistant", text) if text.strip() and not is_placeholder(text) else None
    if message.get("bot_id") or message.get("subtype") not in (None, "file_share") or not message.get("user"):
        return None
    question = parse_question(text, where.bot_user_id).text
    return _Turn(message["ts"], "user", question) if question else None


def to_message_params(turns: list[_Turn]) -> list[MessageParam]:
    """Consecutive turns of one role are merged; the result starts with a user turn. Turns that Slack's
    messages would not make (an empty question, a placeholder still showing) are left out."""
    merged: list[_Turn] = []
    for turn in turns:
        if not turn.text.strip() or (turn.role == "assistant" and is_placeholder(turn.text)):
            continue
        if merged and merged[-1].role == turn.role:
            merged[-1] = _Turn(turn.ts, turn.role, merged[-1].text + "\n" + turn.text)
        else:
            merged.append(turn)
    window = _within_budget(merged[-MAX_TURNS:])
    while window and window[0].role != "user":
        window = window[1:]
    return [_param(t) for t in window]


def _within_budget(turns: list[_Turn]) -> list[_Turn]:
    """The latest turns whose text fits HISTORY_BUDGET_CHARS; the newest (the question) always stays, and
    the oldest one that only partly fits keeps its end."""
    kept: list[_Turn] = []
    room = HISTORY_BUDGET_CHARS
    for turn in reversed(turns):
        if kept and room <= 0:
            break
        if kept and len(turn.text) > room:
            turn = _Turn(turn.ts, turn.role, "…" + turn.text[-room:])
        kept.append(turn)
        room -= len(turn.text)
    return list(reversed(kept))


def _param(turn: _Turn) -> MessageParam:
    if turn.role == "user":
        return {"role": "user", "content": turn.text}
    return {"role": "assistant", "content": turn.text}
