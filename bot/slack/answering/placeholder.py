"""A DM answer's placeholder message, over its life: posted (named by metadata, so whoever takes the
question over finds it), found where an earlier attempt left it, stopped if it may be a stream left
streaming, and edited into the answer — unless Slack refuses edits for a while, and the answer is posted."""

from __future__ import annotations

import logging
from typing import Any

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.slack.answering.left_behind import LeftBehind, stream_started
from bot.slack.answering.question_thread import QuestionThread
from bot.slack.answering.render import PROGRESS_EVENT_TYPE, marked, placeholder_text
from bot.slack.transport.client import held_back
from bot.slack.transport.rate_limits import Limiter, error_of, outcome_unknown

log = logging.getLogger(__name__)


class Placeholder:
    """The message an answer is edited into, once there is one (`ts`). A previous holder's (`taken_over`)
    may be a stream in the question's thread or a message at the top level."""

    def __init__(
        self,
        client: AsyncWebClient,
        thread: QuestionThread,
        left: LeftBehind,
        delivery_id: str,
        budget: Limiter,
        *,
        ts: str | None,
        taken_over: bool,
    ) -> None:
        self._client = client
        self._thread = thread
        self._delivery_id = delivery_id
        self._budget = budget
        self._left = left  # what an earlier attempt at this answer left
        self.ts = ts
        # The thread it is in, when known; unknown for a previous holder's, whose edit is not recorded.
        self.thread_ts: str | None = None
        # It may be a stream left streaming (by a process that had this question, or by a start whose
        # answer was lost): it is stopped before it is edited into the answer.
        self.may_be_streaming = taken_over

    def at(self, ts: str | None, thread_ts: str | None) -> None:
        """It is the message `ts` in `thread_ts` (a streamed answer that could not be finished)."""
        self.ts, self.thread_ts = ts, thread_ts

    async def left_behind(self) -> str | None:
        """One the process that had the question may have posted, and died before noting."""
        return await self._left.marked(PROGRESS_EVENT_TYPE, self._thread.ts)

    async def adopt_stream(self, asked_at: float) -> bool:
        """After a `chat.startStream` whose answer was lost: the stream Slack started anyway, if it is
        there, becomes the placeholder (stopped, then edited into the answer), so that no second stream is
        started beside one left "typing" (`left_behind.stream_started`)."""
        try:
            messages = await self._left.thread_since_question(self._thread.ts)
        except Exception as exc:
            log.info("could not look for a stream Slack may have started (%s)", exc.__class__.__name__)
            return False
        found = stream_started(messages, self._thread.question_ts, self._thread.bot.bot_id, asked_at)
        if found is None:
            return False
        self.ts, self.may_be_streaming = found, True
        self.thread_ts = self._thread.under_question
        return True

    async def post(self, question: str) -> None:
        try:
            self.ts = await self._post(question)
        except Exception as exc:
            if not outcome_unknown(exc):
                raise
            # Slack may have posted it: a second one would be left showing "working" beside the answer.
            found = await self.left_behind()
            self.ts = found or await self._post(question)
        self.thread_ts = self._thread.ts  # None: at the top level

    async def _post(self, question: str) -> str:
        posted = await self._client.chat_postMessage(
            channel=self._thread.channel,
            thread_ts=self._thread.ts,
            text=placeholder_text(question),
            # Names the question, so whoever takes it over finds this placeholder even if it was not noted.
            metadata=marked(PROGRESS_EVENT_TYPE, self._delivery_id),
        )
        return str(posted["ts"])

    async def stop_stream(self, ts: str) -> bool:
        """Ends the streaming state of a message before it is edited into an answer (a message left
        streaming may keep its "typing" look in Slack). True when it had already been stopped (Slack
        answers `message_not_in_streaming_state`, as it does for a plain placeholder too)."""
        try:
            await self._client.chat_stopStream(channel=self._thread.channel, ts=ts)
        except SlackApiError as exc:
            error = error_of(exc)
            log.info("no stream left to stop (%s)", error)
            return bool(error == "message_not_in_streaming_state")
        except Exception as exc:
            log.info("could not stop a stream (%s)", exc.__class__.__name__)
        return False

    async def edit_into(self, reply: str, blocks: list[dict[str, Any]] | None, final: dict[str, Any]) -> bool:
        """Edits it into the answer (stopped first if it may be streaming); False when Slack will refuse
        edits for minutes (a long Retry-After), so the answer is to be posted instead."""
        assert self.ts is not None
        if self.may_be_streaming:
            await self.stop_stream(self.ts)  # a stream left streaming, if it is one
        try:
            await self._client.chat_update(
                channel=self._thread.channel, ts=self.ts, text=reply, blocks=blocks, metadata=final
            )
        except SlackApiError as exc:
            if not held_back(exc, self._budget):
                raise  # a short Retry-After: waited out by the caller's delivery retries
            log.warning("the placeholder cannot be edited for a while (Retry-After); posting the answer")
            return False
        return True

    async def still_working(self, text: str) -> None:
        assert self.ts is not None
        await self._client.chat_update(channel=self._thread.channel, ts=self.ts, text=text)
