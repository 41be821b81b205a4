"""How a fresh DM answer is shown, chosen by the Slack budget (`bot/slack/answering/answer_budget.py`) so that
nobody waits for a 429: streamed into the question's thread (`bot/slack/answering/stream.py`); once the budget for a
stream's start and stop (Tier 2, 20 a minute per workspace) is spent, or a top-level placeholder's edit
(`chat.update`, Tier 3) is, the assistant status line in the question's thread with the answer posted
there later ("status", per-channel methods); otherwise a placeholder (`bot/slack/answering/placeholder.py`)."""

from __future__ import annotations

import logging
import time

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.slack.answering.answer_budget import PLACEHOLDER_EDIT, AnswerBudget
from bot.slack.answering.placeholder import Placeholder
from bot.slack.answering.question_thread import QuestionThread
from bot.slack.answering.questions import Question
from bot.slack.answering.render import loading_messages, working_text
from bot.slack.answering.stream import AnswerStream, StreamFailed, StreamSwitch
from bot.slack.transport.rate_limits import error_of
from bot.text import is_korean

log = logging.getLogger(__name__)


class Presentation:
    """The choice for one answer: `name` is how it was shown ("stream", "status" or "placeholder"), and
    `stream` the answer's stream once one started."""

    def __init__(
        self,
        client: AsyncWebClient,
        thread: QuestionThread,
        placeholder: Placeholder,
        budget: AnswerBudget,
        streaming: StreamSwitch | None,
        coalesce: float,
    ) -> None:
        self._client = client
        self._thread = thread
        self._placeholder = placeholder
        self._budget = budget
        self._streaming = streaming
        self._coalesce = coalesce  # a stream's steps this close together go in one append (Pacing)
        self.name = "placeholder"
        self.stream: AnswerStream | None = None

    async def in_thread(self, question: Question) -> bool:
        """Shows a fresh question's answer coming in the question's thread — a stream (or the stream
        Slack started though its start's answer was lost, adopted as the placeholder) or, out of budget,
        the status line — if it can; False: the caller shows progress another way."""
        out_of_budget = False
        if self._streaming is not None and self._streaming.enabled:
            if not self._budget.stream():
                out_of_budget = True
            elif await self._start_streaming(question):
                return True
        if not out_of_budget and not self._thread.ts:
            # A placeholder at the top level is edited into the answer: that edit (Tier 3) is taken now,
            # so the answers that chose a placeholder together cannot outrun chat.update's budget.
            out_of_budget = not self._budget.prepay(PLACEHOLDER_EDIT)
        if out_of_budget and await self.status(question.text):
            self.name = "status"
            return True
        return False

    async def status(self, question: str) -> bool:
        """The assistant status line under the question (per-channel budget); False if Slack refuses it.
        What Bolt's `set_status` calls; called directly because answers run on the worker's loop."""
        try:
            await self._client.assistant_threads_setStatus(
                channel_id=self._thread.channel,
                thread_ts=self._thread.under_question,
                status=working_text(question),
                loading_messages=loading_messages(question),
            )
        except SlackApiError as exc:
            log.info("assistant status unavailable (%s); using a placeholder", error_of(exc))
            return False
        return True

    async def _start_streaming(self, question: Question) -> bool:
        assert self._streaming is not None
        korean = is_korean(question.text) or not question.text
        stream = AnswerStream(
            self._client,
            self._thread.channel,
            self._thread.under_question,
            korean,
            self._streaming,
            coalesce=self._coalesce,
        )
        asked_at = time.time()
        try:
            await stream.start()
        except StreamFailed as failed:
            if failed.maybe_delivered and await self._placeholder.adopt_stream(asked_at):
                log.info(
                    "a stream start went unanswered (%s) but Slack had started it: it is the placeholder",
                    failed.error,
                )
                return True
            log.info("could not stream this answer (%s); using a placeholder", failed.error)
            self._budget.give_back_stream()
            return False
        self.stream = stream
        self.name = "stream"
        return True
