"""Where a DM question is and where its answer goes: the DM, the question's thread (the question's own
once an answer starts one there), and the conversation read there — from our records of the thread
(`bot/slack/answering/conversation.py`) or, when they cannot be complete, from Slack."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from anthropic.types import MessageParam
from slack_sdk.web.async_client import AsyncWebClient

from bot.metrics import Metrics
from bot.ports.conversations import Conversations
from bot.slack.answering.conversation import conversation_of
from bot.slack.answering.history import Where
from bot.slack.answering.questions import Question
from bot.slack.deps import BotUser


class QuestionThread:
    """One question, `event` in a DM, and the thread its answer goes to (`ts`; None: the DM's top level)."""

    def __init__(
        self,
        client: AsyncWebClient,
        records: Conversations,
        metrics: Metrics,
        event: dict[str, Any],
        bot: BotUser,
    ) -> None:
        self._client = client
        self._records = records  # the threads' conversations as we recorded them
        self._metrics = metrics
        self._event = event
        self.bot = bot
        self.channel: str = event["channel"]
        self.question_ts: str = event["ts"]
        self.ts: str | None = event.get("thread_ts")

    @property
    def under_question(self) -> str:
        """The thread a stream or status line goes in: the question's thread, or the question's own."""
        return self.ts or self.question_ts

    async def answered_in_thread(self, question: Question) -> Sequence[MessageParam]:
        """The conversation of an answer given in the question's thread: a question at the top level of
        the DM starts a new thread, which is the whole conversation (no call to Slack needed)."""
        if not self.ts:
            self.ts = self.question_ts  # where the answer goes: the question's new thread
            return [{"role": "user", "content": question.text}]
        return await self.conversation()

    async def conversation(self) -> list[MessageParam]:
        """The question's thread (or the DM's top level) up to it: from our records when complete."""
        root_is_ours = bool(self.ts) and self._event.get("parent_user_id") == self.bot.user_id
        where = Where(
            self.channel,
            self.question_ts,
            self.ts,
            self.bot.user_id,
            self.bot.bot_id,
            root_is_ours,
        )
        current = self._event.get("text") or ""
        return await conversation_of(self._client, self._records, where, current, self._metrics)
