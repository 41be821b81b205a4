"""What an earlier attempt at a DM answer may have left in the DM: a placeholder or a final answer
posted for the question (by a process that died before noting it, or by a post whose answer was lost),
found by the metadata that names the question; and a stream Slack started though its start's answer was
lost, found by where and when it is. A takeover, and a post whose outcome is unknown, look here before
posting again, so that the person gets one answer."""

from __future__ import annotations

from typing import Any

from slack_sdk.web.async_client import AsyncWebClient

# How far Slack's clock (a message's ts) may be behind ours when matching a message to a call we made.
CLOCK_SKEW_S = 1.0


class LeftBehind:
    """The lookups for one question, `question_ts` in `channel`. Each takes the thread its answer goes
    to as the answer knows it then (None: the top level of the DM)."""

    def __init__(self, client: AsyncWebClient, channel: str, question_ts: str, delivery_id: str) -> None:
        self._client = client
        self._channel = channel
        self._question_ts = question_ts
        self._delivery_id = delivery_id

    async def marked(self, event_type: str, thread_ts: str | None) -> str | None:
        """The ts of a message posted for this question with `event_type` metadata: in the question's
        thread (a streamed answer is there even for a top-level question), and at the top level of the
        DM for a top-level question."""
        messages = await self.thread_since_question(thread_ts)
        if not thread_ts:
            top_level = await self._client.conversations_history(limit=100, **self._since_question)
            messages += top_level.get("messages") or []
        for message in messages:
            metadata = message.get("metadata") or {}
            payload = metadata.get("event_payload") or {}
            if metadata.get("event_type") == event_type and payload.get("delivery_id") == self._delivery_id:
                return str(message["ts"])
        return None

    @property
    def _since_question(self) -> dict[str, Any]:
        return {"channel": self._channel, "oldest": self._question_ts, "include_all_metadata": True}

    async def thread_since_question(self, thread_ts: str | None) -> list[dict[str, Any]]:
        """The question's thread (its own, for a top-level question), oldest first, from the question on."""
        thread = thread_ts or self._question_ts
        response = await self._client.conversations_replies(ts=thread, limit=200, **self._since_question)
        return list(response.get("messages") or [])


def stream_started(
    messages: list[dict[str, Any]], question_ts: str, bot_id: str | None, asked_at: float
) -> str | None:
    """The ts of the stream Slack started for us in the question's thread (`messages`, oldest first),
    if it is there. A stream carries no metadata until it stops, so it is known as ours, with none, in
    the question's thread after the question and before the person's next message there (later ones may
    be another question's), and started no earlier than our call (`asked_at`, less a second for the
    clocks: Slack's ts is its time): an earlier one is another answer's stream or the thread's greeting."""
    for message in messages:
        if float(message["ts"]) <= float(question_ts):
            continue  # the thread's root (Slack always lists it), or the question itself
        if message.get("bot_id") != bot_id:
            return None  # the person wrote again: what follows may answer that
        if not message.get("metadata") and float(message["ts"]) >= asked_at - CLOCK_SKEW_S:
            return str(message["ts"])
    return None
