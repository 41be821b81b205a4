"""A DM question's conversation from our own records, Slack read only when they cannot be complete.

Each question in the agent view is a reply in a thread; reading the thread from Slack costs one
`conversations.replies` call (Tier 3: about 50 a minute per workspace, far fewer for a commercially
distributed app), so at company scale the read, not the model, would set the pace. Every question we
accept and every reply we post in a DM is recorded as a turn of its thread (`question_turn`,
`reply_turn`; written with the inbox's own changes), and a follow-up's history is built from those
records. When they cannot be complete (`bot/db/conversations.py` says when), the thread is read from
Slack once and the records are refreshed from what it showed.

A question at the top level of the DM answered there (a placeholder edited into the answer) still reads
the DM's top level from Slack (`conversations.history`): the bot's other posts there (notices, request
cards, the greeting) are not recorded. Only that presentation reads it, and only without streaming.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from anthropic.types import MessageParam
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.metrics import Metrics
from bot.ports.conversations import Conversations, Turn
from bot.slack.answering.history import Where, conversation_from, read_turns, recent_conversation
from bot.slack.answering.questions import parse_question
from bot.slack.transport.rate_limits import error_of

log = logging.getLogger(__name__)

# The subtypes Slack's history counts as a person's turn (`history._to_turn`): a question broadcast to
# the DM too ("also send to …") is answered, but left out of later history, in both.
_TURN_SUBTYPES = {None, "file_share"}


def question_turn(event: dict[str, Any], bot_user_id: str | None) -> Turn | None:
    """A person's DM message as its thread's turn (a top-level message is the root of its own thread),
    as Slack's history would make it; None when it would make none."""
    if event.get("subtype") not in _TURN_SUBTYPES:
        return None
    text = parse_question(event.get("text") or "", bot_user_id).text
    if not text:
        return None
    ts = str(event["ts"])
    return Turn(str(event["channel"]), str(event.get("thread_ts") or ts), ts, "user", text)


def reply_turn(channel: str, thread_ts: str | None, ts: str, text: str) -> Turn:
    """One of our replies, posted at `ts` in `thread_ts` (None: at the top level, its own thread)."""
    return Turn(channel, thread_ts or ts, ts, "assistant", text)


def edited_thread(event: dict[str, Any], bot: dict[str, Any]) -> tuple[str, str] | None:
    """The (channel, thread) whose conversation a DM's `message_changed` / `message_deleted` event
    changes, if it changes one: a person's message edited, or any message deleted. Our own edits
    (a placeholder or a stream becoming the answer) and Slack's own changes to a message (a thread's
    reply count) leave the words as they were, and change nothing."""
    subtype = event.get("subtype")
    if event.get("channel_type") != "im" or subtype not in ("message_changed", "message_deleted"):
        return None
    before: dict[str, Any] = event.get("previous_message") or {}
    after: dict[str, Any] = event.get("message") or {}
    message = after or before
    if subtype == "message_changed":
        ours = message.get("bot_id") == bot.get("bot_id") or message.get("user") == bot.get("user_id")
        if ours or (before and before.get("text") == after.get("text")):
            return None
    ts = message.get("ts") or event.get("deleted_ts")
    if not ts or not event.get("channel"):
        return None
    return str(event["channel"]), str(message.get("thread_ts") or ts)


async def conversation_of(
    client: AsyncWebClient, records: Conversations, where: Where, current_text: str, metrics: Metrics
) -> list[MessageParam]:
    """The last turns up to and including the current message, ending with it as a user turn."""
    if where.thread_ts is None:
        metrics.history.labels("slack").inc()
        return await recent_conversation(client, where, current_text)
    try:
        recorded = await records.recorded(where.channel, where.thread_ts, root_is_ours=where.root_is_ours)
    except Exception as exc:  # the database failed: Slack still has the thread
        log.warning("could not read a thread's records (%s)", exc.__class__.__name__)
        recorded = None
    if recorded is not None:
        metrics.history.labels("records").inc()
        return conversation_from(recorded, where, current_text)
    metrics.history.labels("slack").inc()
    read_at = datetime.now(UTC)
    try:
        turns = await read_turns(client, where)
    except SlackApiError as exc:
        # Better a context-free answer than none: the current question alone still gets answered.
        log.warning("could not read a conversation's history (%s)", error_of(exc))
        return conversation_from([], where, current_text)
    try:
        await records.refresh(where.channel, where.thread_ts, turns, read_at=read_at)
    except Exception as exc:  # the next follow-up reads Slack again
        log.warning("could not refresh a thread's records (%s)", exc.__class__.__name__)
    return conversation_from(turns, where, current_text)
