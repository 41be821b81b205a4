"""`DmReply`: how a DM answer is shown — chosen by the Slack budget among a stream, the assistant status
line and a placeholder — and where it is put, with what was posted noted for the thread's records."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from anthropic.types import MessageParam
from slack_sdk.web.async_client import AsyncWebClient

from bot.agent.trace import StepObserver
from bot.domain.people import Surface
from bot.metrics import Metrics
from bot.ports.conversations import Conversations, Turn
from bot.ports.inbox import HeldQuestion
from bot.slack.answering.answer_budget import PLACEHOLDER_EDIT, AnswerBudget
from bot.slack.answering.conversation import reply_turn
from bot.slack.answering.left_behind import LeftBehind
from bot.slack.answering.placeholder import Placeholder
from bot.slack.answering.presentation import Presentation
from bot.slack.answering.question_thread import QuestionThread
from bot.slack.answering.questions import Question
from bot.slack.answering.render import (
    FINAL_EVENT_TYPE,
    TRACE_EVENT_TYPE,
    Message,
    answer_blocks,
    feedback_block,
    marked,
    still_working_status,
    still_working_text,
)
from bot.slack.answering.stream import COALESCE_STEPS, AnswerStream, StreamFailed, StreamSwitch
from bot.slack.deps import BotUser
from bot.slack.transport.rate_limits import Limiter
from bot.text import is_korean

log = logging.getLogger(__name__)


class DmReply:
    """Shows that the bot is working, then puts the answer where the person will look for it.

    Streaming (the default; `bot/slack/answering/stream.py`): the answer is streamed into the question's thread
    (Slack streams only replies in a DM; in the agent view every question starts its own thread), its
    lookups live as task cards, the checked answer appended at the end. A top-level question starts a
    new conversation, as a new chat does in the agent view; a question in a thread gets the thread's.

    Chosen by the Slack budget (`bot/slack/answering/presentation.py`), so that nobody waits for a 429: once the
    budget for a stream is spent, the answer is shown at once with per-channel methods instead ("status"):
    the assistant status line in the question's thread, then one `chat.postMessage` there with the answer
    and its feedback buttons.

    Without streaming (Slack cannot stream here, OFFICEBOT_STREAM=off, or a taken-over question): in a
    thread the assistant status line is used, and Slack clears it when the answer is posted. At the top
    level of a DM, or where the status call is refused, a placeholder (`bot/slack/answering/placeholder.py`) is
    posted and later edited into the answer (or the apology) — unless `chat.update` (Tier 3) is out of
    budget: then "status". A stream that fails part-way is edited into the answer the same way. A question
    taken over from another process edits the message that process left (stream or placeholder)."""

    surface: Surface = "dm"

    def __init__(
        self,
        client: AsyncWebClient,
        held: HeldQuestion,
        records: Conversations,
        metrics: Metrics,
        streaming: StreamSwitch | None = None,
        budget: Limiter | None = None,
        *,
        coalesce: float = COALESCE_STEPS,
    ) -> None:
        self._client = client
        self._budget = AnswerBudget(budget or Limiter())  # the process's; a reply made alone gets a fresh one
        self._stream: AnswerStream | None = None
        event: dict[str, Any] = held.payload["event"]
        self._thread = QuestionThread(client, records, metrics, event, BotUser(**held.payload["bot"]))
        self._delivery_id = held.delivery_id
        self._taken_over = held.attempts > 0
        self._left = LeftBehind(client, self._thread.channel, self._thread.question_ts, held.delivery_id)
        self._placeholder = Placeholder(
            client,
            self._thread,
            self._left,
            held.delivery_id,
            self._budget.limiter,
            ts=held.progress_ts,
            taken_over=self._taken_over,
        )
        self._presentation = Presentation(
            client, self._thread, self._placeholder, self._budget, streaming, coalesce
        )
        self.replies: list[Turn] = []  # what `finish` posted, as turns of their thread's conversation

    @property
    def presentation(self) -> str:
        """How the answer was shown: "stream", "status" or "placeholder"."""
        return self._presentation.name

    @property
    def progress_ts(self) -> str | None:
        return self._stream.ts if self._stream is not None else self._placeholder.ts

    @property
    def observer(self) -> StepObserver | None:
        return self._stream.observe if self._stream is not None else None

    async def start(self, question: Question) -> Sequence[MessageParam]:
        fresh = not self._taken_over and not self._placeholder.ts
        if fresh and await self._presentation.in_thread(question):
            self._stream = self._presentation.stream
            return await self._thread.answered_in_thread(question)
        # Both may be Slack round trips (~100 ms each on the real API); neither needs the other. Both are
        # let finish before a failure is raised, so a placeholder is always known when the apology is posted.
        shown, conversation = await asyncio.gather(
            self._show_progress(question.text), self._thread.conversation(), return_exceptions=True
        )
        for outcome in (shown, conversation):
            if isinstance(outcome, BaseException):
                raise outcome
        assert not isinstance(conversation, BaseException)
        return conversation

    def _posted(self, ts: str, thread_ts: str | None, text: str) -> str:
        """Notes a reply posted, for the thread's records; returns its ts."""
        self.replies = [r for r in self.replies if r.ts != ts]  # an edit replaces what it said
        self.replies.append(reply_turn(self._thread.channel, thread_ts, ts, text))
        return ts

    async def _show_progress(self, question: str) -> None:
        if self._taken_over and not self._placeholder.ts:
            # The process that had it may have posted a placeholder and died before noting it.
            self._placeholder.ts = await self._placeholder.left_behind()
        if self._placeholder.ts:
            return  # posted before this process took the question over
        if self._thread.ts and await self._presentation.status(question):
            return
        await self._placeholder.post(question)

    async def answered_before(self) -> str | None:
        return await self._left.marked(FINAL_EVENT_TYPE, self._thread.ts)

    async def finish(self, reply: str, *, feedback_id: str | None = None) -> str:
        final = marked(FINAL_EVENT_TYPE, self._delivery_id)  # a takeover sees this question was answered
        placeholder = self._placeholder
        if self._stream is not None:
            stream, self._stream = self._stream, None
            self._thread.ts = stream.thread_ts  # where the trace goes, under the question
            feedback = [feedback_block(feedback_id, is_korean(reply))] if feedback_id else None
            try:
                return self._posted(await stream.finish(reply, feedback, final), stream.thread_ts, reply)
            except StreamFailed as failed:
                # The answer is edited into the streamed message (or posted in its thread): one answer.
                log.warning("a streamed answer could not be finished (%s); editing it in", failed.error)
                placeholder.at(failed.ts, stream.thread_ts)
                if failed.ts and await placeholder.stop_stream(failed.ts) and failed.maybe_delivered:
                    # The stop that carried the answer timed out, but Slack had done it: it is there.
                    return self._posted(failed.ts, stream.thread_ts, reply)
        blocks = answer_blocks(reply, feedback_id, is_korean(reply)) if feedback_id else None
        if placeholder.ts and await placeholder.edit_into(reply, blocks, final):
            if placeholder.thread_ts is None and self._taken_over:
                return placeholder.ts  # a previous holder's, somewhere unknown: not recorded
            return self._posted(placeholder.ts, placeholder.thread_ts, reply)
        posted = await self._client.chat_postMessage(
            channel=self._thread.channel, thread_ts=self._thread.ts, text=reply, blocks=blocks, metadata=final
        )
        return self._posted(str(posted["ts"]), self._thread.ts, reply)

    async def still_working(self, question: Question) -> None:
        if self._stream is None and self._placeholder.ts:
            # Its own edit, only if the budget has one now: the placeholder's prepaid edit is the answer's,
            # and a notice is not worth making the answer wait for chat.update's budget.
            if self._budget.prepay(PLACEHOLDER_EDIT):
                await self._placeholder.still_working(still_working_text(question.text))
            return
        thread = self._stream.thread_ts if self._stream is not None else self._thread.ts
        if thread:  # else nothing shows progress: nothing to update
            await self._client.assistant_threads_setStatus(
                channel_id=self._thread.channel, thread_ts=thread, status=still_working_status(question.text)
            )

    async def post_trace(self, message: Message, anchor: str | None) -> None:
        await self._client.chat_postMessage(
            channel=self._thread.channel,
            thread_ts=self._thread.ts or anchor,
            metadata={"event_type": TRACE_EVENT_TYPE, "event_payload": {"answer_ts": anchor}},
            **message,
        )
