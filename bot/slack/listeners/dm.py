"""Direct messages (`message.im`): answered in the same DM, in the thread if the person wrote in one,
with the conversation so far for follow-ups, from our records of the thread (`bot/slack/conversation.py`)
or, when they cannot be complete, from Slack."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine, Sequence
from typing import Any

from anthropic.types import MessageParam
from slack_bolt.async_app import AsyncApp, AsyncBoltContext
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot import text
from bot.agent.trace import StepObserver
from bot.domain.people import Surface
from bot.metrics import Metrics
from bot.ports.conversations import Conversations, Turn
from bot.ports.inbox import Delivery, HeldQuestion
from bot.slack.answering import answer
from bot.slack.client import give_back_unused, held_back, prepaid
from bot.slack.conversation import conversation_of, edited_thread, question_turn, reply_turn
from bot.slack.deps import BotUser, Deps
from bot.slack.history import Where
from bot.slack.intake import Intake
from bot.slack.left_behind import LeftBehind, stream_started
from bot.slack.questions import Question, parse_question
from bot.slack.rate_limits import Limiter, error_of, outcome_unknown
from bot.slack.render import (
    FINAL_EVENT_TYPE,
    PROGRESS_EVENT_TYPE,
    TRACE_EVENT_TYPE,
    Message,
    answer_blocks,
    feedback_block,
    loading_messages,
    marked,
    placeholder_text,
    still_working_status,
    still_working_text,
    working_text,
)
from bot.slack.stream import COALESCE_STEPS, STREAM_APPENDS, AnswerStream, StreamFailed, StreamSwitch
from bot.slack.uploads import data_dropped, is_data_drop
from bot.text import is_korean

log = logging.getLogger(__name__)


# Subtypes that are still a person writing to us: a file shared with (or without) a question, and a
# thread reply also sent to the conversation ("also send to …"), answered like any thread reply.
_FROM_A_PERSON = {None, "file_share", "thread_broadcast"}


def is_person_writing_to_us(event: dict[str, Any]) -> bool:
    """A person's new message in a DM. Edits, deletions and joins carry another subtype; bots carry a
    bot_id; channel messages reach us only through `app_mention`."""
    return (
        event.get("channel_type") == "im"
        and event.get("subtype") in _FROM_A_PERSON
        and not event.get("bot_id")
        and bool(event.get("user"))
        and (bool((event.get("text") or "").strip()) or event.get("subtype") == "file_share")
    )


class DmReply:
    """Shows that the bot is working, then puts the answer where the person will look for it.

    Streaming (the default; `bot/slack/stream.py`): the answer is streamed into the question's thread
    (Slack streams only replies in a DM; in the agent view every question starts its own thread), its
    lookups live as task cards, the checked answer appended at the end. A top-level question starts a
    new conversation, as a new chat does in the agent view; a question in a thread gets the thread's.

    Chosen by the Slack budget (`bot/slack/rate_limits.py`), so that nobody waits for a 429: streams are
    Tier 2 (20 a minute per workspace), so once the budget for a stream's start and stop is spent, the
    answer is shown at once with per-channel methods instead ("status"): the assistant status line in the
    question's thread, then one `chat.postMessage` there with the answer and its feedback buttons.

    Without streaming (Slack cannot stream here, OFFICEBOT_STREAM=off, or a taken-over question): in a
    thread the assistant status line is used, and Slack clears it when the answer is posted. At the top
    level of a DM, or where the status call is refused, a placeholder message is posted and later edited
    into the answer (or the apology) — unless `chat.update` (Tier 3) is out of budget: then "status".
    A stream that fails part-way is edited into the answer the same way. A question taken over from
    another process edits the message that process left (stream or placeholder)."""

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
        self._records = records  # the threads' conversations as we recorded them
        self._metrics = metrics
        self._streaming = streaming
        self._coalesce = coalesce  # a stream's steps this close together go in one append (Pacing)
        self._budget = budget or Limiter()  # the process's; a reply made alone gets a fresh one
        self.presentation = "placeholder"  # how the answer was shown: "stream", "status" or "placeholder"
        self._stream: AnswerStream | None = None
        self._event: dict[str, Any] = held.payload["event"]
        self._channel: str = self._event["channel"]
        self._thread_ts: str | None = self._event.get("thread_ts")
        self._bot = BotUser(**held.payload["bot"])
        self._delivery_id = held.delivery_id
        self._left = LeftBehind(client, self._channel, self._event["ts"], held.delivery_id)
        self._placeholder_ts = held.progress_ts
        # The thread the placeholder is in, when known: a previous holder's may be a stream in the
        # question's thread or a message at the top level, so its reply is not recorded (`replies`).
        self._placeholder_thread: str | None = None
        self.replies: list[Turn] = []  # what `finish` posted, as turns of their thread's conversation
        self._taken_over = held.attempts > 0
        # The placeholder may be a stream left streaming (by a process that had this question, or by a
        # start whose answer was lost): it is stopped before it is edited into the answer.
        self._may_be_streaming = self._taken_over

    @property
    def progress_ts(self) -> str | None:
        return self._stream.ts if self._stream is not None else self._placeholder_ts

    @property
    def observer(self) -> StepObserver | None:
        return self._stream.observe if self._stream is not None else None

    async def start(self, question: Question) -> Sequence[MessageParam]:
        fresh = not self._taken_over and not self._placeholder_ts
        out_of_budget = False
        if fresh and self._streaming is not None and self._streaming.enabled:
            if not self._stream_budget():
                out_of_budget = True
            elif await self._start_streaming(question):
                return await self._thread_conversation(question)
        if fresh and not out_of_budget and not self._thread_ts:
            # A placeholder at the top level is edited into the answer: that edit (Tier 3) is taken now,
            # so the answers that chose a placeholder together cannot outrun chat.update's budget.
            out_of_budget = not self._prepay({"chat.update": 1})
        if fresh and out_of_budget and await self._status_in_thread(question):
            self.presentation = "status"
            return await self._thread_conversation(question)
        # Both may be Slack round trips (~100 ms each on the real API); neither needs the other. Both are
        # let finish before a failure is raised, so a placeholder is always known when the apology is posted.
        shown, conversation = await asyncio.gather(
            self._show_progress(question.text), self._conversation(), return_exceptions=True
        )
        for outcome in (shown, conversation):
            if isinstance(outcome, BaseException):
                raise outcome
        assert not isinstance(conversation, BaseException)
        return conversation

    async def _thread_conversation(self, question: Question) -> Sequence[MessageParam]:
        """The conversation of an answer given in the question's thread: a question at the top level of
        the DM starts a new thread, which is the whole conversation (no call to Slack needed)."""
        if not self._thread_ts:
            self._thread_ts = self._event["ts"]  # where the answer goes: the question's new thread
            return [{"role": "user", "content": question.text}]
        return await self._conversation()

    async def _conversation(self) -> list[MessageParam]:
        """The question's thread (or the DM's top level) up to it: from our records when complete."""
        root_is_ours = bool(self._thread_ts) and self._event.get("parent_user_id") == self._bot.user_id
        where = Where(
            self._channel,
            self._event["ts"],
            self._thread_ts,
            self._bot.user_id,
            self._bot.bot_id,
            root_is_ours,
        )
        current = self._event.get("text") or ""
        return await conversation_of(self._client, self._records, where, current, self._metrics)

    def _posted(self, ts: str, thread_ts: str | None, text: str) -> str:
        """Notes a reply posted, for the thread's records; returns its ts."""
        self.replies = [r for r in self.replies if r.ts != ts]  # an edit replaces what it said
        self.replies.append(reply_turn(self._channel, thread_ts, ts, text))
        return ts

    async def _status_in_thread(self, question: Question) -> bool:
        """The assistant status line under the question (per-channel budget); False if Slack refuses it."""
        try:
            await self._client.assistant_threads_setStatus(
                channel_id=self._channel,
                thread_ts=self._thread_ts or self._event["ts"],
                status=working_text(question.text),
                loading_messages=loading_messages(question.text),
            )
        except SlackApiError as exc:
            log.info("assistant status unavailable (%s); using a placeholder", error_of(exc))
            return False
        return True

    def _stream_budget(self) -> bool:
        """Takes a stream's start and stop from the budget (both Tier 2: the stop is taken with the start,
        so a stream once started can always be finished), if its task cards' appends (Tier 4) fit too."""
        if self._budget.wait_for("chat.appendStream", count=STREAM_APPENDS) > 0:
            return False
        return self._prepay({"chat.startStream": 1, "chat.stopStream": 1})

    def _prepay(self, calls: dict[str, int]) -> bool:
        """Takes every one of `calls` from the budget now, for this task to make later without waiting
        (`prepaid`), if all fit; else takes none and says so."""
        if not self._budget.try_take_all(calls):
            return False
        prepaid(calls)
        return True

    async def _start_streaming(self, question: Question) -> bool:
        assert self._streaming is not None
        thread = self._thread_ts or self._event["ts"]
        korean = is_korean(question.text) or not question.text
        stream = AnswerStream(
            self._client, self._channel, thread, korean, self._streaming, coalesce=self._coalesce
        )
        asked_at = time.time()
        try:
            await stream.start()
        except StreamFailed as failed:
            if failed.maybe_delivered and await self._adopt_stream_left_behind(asked_at):
                log.info(
                    "a stream start went unanswered (%s) but Slack had started it: it is the placeholder",
                    failed.error,
                )
                return True
            log.info("could not stream this answer (%s); using a placeholder", failed.error)
            # The stop taken with the start will never be made (nor the start, if Slack never saw it).
            give_back_unused(self._budget, {"chat.startStream": 1, "chat.stopStream": 1})
            return False
        self._stream = stream
        self.presentation = "stream"
        return True

    async def _adopt_stream_left_behind(self, asked_at: float) -> bool:
        """After a `chat.startStream` whose answer was lost: the stream Slack started anyway, if it is
        there, becomes this answer's placeholder (stopped, then edited into the answer), so that no
        second stream is started beside one left "typing" (`left_behind.stream_started`)."""
        try:
            messages = await self._left.thread_since_question(self._thread_ts)
        except Exception as exc:
            log.info("could not look for a stream Slack may have started (%s)", exc.__class__.__name__)
            return False
        found = stream_started(messages, self._event["ts"], self._bot.bot_id, asked_at)
        if found is None:
            return False
        self._placeholder_ts, self._may_be_streaming = found, True
        self._placeholder_thread = self._thread_ts or self._event["ts"]
        return True

    async def _show_progress(self, question: str) -> None:
        if self._taken_over and not self._placeholder_ts:
            # The process that had it may have posted a placeholder and died before noting it.
            self._placeholder_ts = await self._placeholder_left_behind()
        if self._placeholder_ts:
            return  # posted before this process took the question over
        if self._thread_ts:
            try:
                # What Bolt's `set_status` calls; called directly because answers run on the worker's loop.
                await self._client.assistant_threads_setStatus(
                    channel_id=self._channel,
                    thread_ts=self._thread_ts,
                    status=working_text(question),
                    loading_messages=loading_messages(question),
                )
                return
            except SlackApiError as exc:
                log.info("assistant status unavailable (%s); using a placeholder", error_of(exc))
        try:
            self._placeholder_ts = await self._post_placeholder(question)
        except Exception as exc:
            if not outcome_unknown(exc):
                raise
            # Slack may have posted it: a second one would be left showing "working" beside the answer.
            found = await self._placeholder_left_behind()
            self._placeholder_ts = found or await self._post_placeholder(question)
        self._placeholder_thread = self._thread_ts  # None: at the top level

    async def _post_placeholder(self, question: str) -> str:
        posted = await self._client.chat_postMessage(
            channel=self._channel,
            thread_ts=self._thread_ts,
            text=placeholder_text(question),
            # Names the question, so whoever takes it over finds this placeholder even if it was not noted.
            metadata=marked(PROGRESS_EVENT_TYPE, self._delivery_id),
        )
        return str(posted["ts"])

    async def _placeholder_left_behind(self) -> str | None:
        return await self._left.marked(PROGRESS_EVENT_TYPE, self._thread_ts)

    async def answered_before(self) -> str | None:
        return await self._left.marked(FINAL_EVENT_TYPE, self._thread_ts)

    async def finish(self, reply: str, *, feedback_id: str | None = None) -> str:
        final = marked(FINAL_EVENT_TYPE, self._delivery_id)  # a takeover sees this question was answered
        if self._stream is not None:
            stream, self._stream = self._stream, None
            self._thread_ts = stream.thread_ts  # where the trace goes, under the question
            feedback = [feedback_block(feedback_id, is_korean(reply))] if feedback_id else None
            try:
                return self._posted(await stream.finish(reply, feedback, final), stream.thread_ts, reply)
            except StreamFailed as failed:
                # The answer is edited into the streamed message (or posted in its thread): one answer.
                log.warning("a streamed answer could not be finished (%s); editing it in", failed.error)
                self._placeholder_ts, self._placeholder_thread = failed.ts, stream.thread_ts
                if failed.ts and await self._stop_stream(failed.ts) and failed.maybe_delivered:
                    # The stop that carried the answer timed out, but Slack had done it: it is there.
                    return self._posted(failed.ts, stream.thread_ts, reply)
        blocks = answer_blocks(reply, feedback_id, is_korean(reply)) if feedback_id else None
        if self._placeholder_ts and self._may_be_streaming:
            await self._stop_stream(self._placeholder_ts)  # a stream left streaming, if it is one
        if self._placeholder_ts:
            try:
                await self._client.chat_update(
                    channel=self._channel, ts=self._placeholder_ts, text=reply, blocks=blocks, metadata=final
                )
                if self._placeholder_thread is None and self._taken_over:
                    return self._placeholder_ts  # a previous holder's, somewhere unknown: not recorded
                return self._posted(self._placeholder_ts, self._placeholder_thread, reply)
            except SlackApiError as exc:
                if not held_back(exc, self._budget):
                    raise  # a short Retry-After: waited out by the caller's delivery retries
                # Slack will refuse edits for minutes: the answer is posted instead, under the placeholder.
                log.warning("the placeholder cannot be edited for a while (Retry-After); posting the answer")
        posted = await self._client.chat_postMessage(
            channel=self._channel, thread_ts=self._thread_ts, text=reply, blocks=blocks, metadata=final
        )
        return self._posted(str(posted["ts"]), self._thread_ts, reply)

    async def _stop_stream(self, ts: str) -> bool:
        """Ends the streaming state of a message before it is edited into an answer (a message left
        streaming may keep its "typing" look in Slack). True when it had already been stopped (Slack
        answers `message_not_in_streaming_state`, as it does for a plain placeholder too)."""
        try:
            await self._client.chat_stopStream(channel=self._channel, ts=ts)
        except SlackApiError as exc:
            error = error_of(exc)
            log.info("no stream left to stop (%s)", error)
            return bool(error == "message_not_in_streaming_state")
        except Exception as exc:
            log.info("could not stop a stream (%s)", exc.__class__.__name__)
        return False

    async def still_working(self, question: Question) -> None:
        if self._stream is not None:
            await self._client.assistant_threads_setStatus(
                channel_id=self._channel,
                thread_ts=self._stream.thread_ts,
                status=still_working_status(question.text),
            )
        elif self._placeholder_ts:
            # Its own edit, only if the budget has one now: the placeholder's prepaid edit is the answer's,
            # and a notice is not worth making the answer wait for chat.update's budget.
            if not self._prepay({"chat.update": 1}):
                return
            await self._client.chat_update(
                channel=self._channel, ts=self._placeholder_ts, text=still_working_text(question.text)
            )
        elif self._thread_ts:
            await self._client.assistant_threads_setStatus(
                channel_id=self._channel,
                thread_ts=self._thread_ts,
                status=still_working_status(question.text),
            )

    async def post_trace(self, message: Message, anchor: str | None) -> None:
        await self._client.chat_postMessage(
            channel=self._channel,
            thread_ts=self._thread_ts or anchor,
            metadata={"event_type": TRACE_EVENT_TYPE, "event_payload": {"answer_ts": anchor}},
            **message,
        )


async def answer_direct_message(held: HeldQuestion, deps: Deps) -> None:
    event: dict[str, Any] = held.payload["event"]
    question = parse_question(event.get("text") or "", held.payload["bot"]["user_id"])
    # A file with nothing written gets what we can read, never silence.
    hint = text.ONLY_TEXT if event.get("subtype") == "file_share" else text.ASK_HINT
    reply = DmReply(
        deps.client,
        held,
        deps.conversations,
        deps.metrics,
        deps.streaming,
        deps.limiter,
        coalesce=deps.pacing.stream_coalesce,
    )
    await answer(reply, held, question, deps, hint=hint)
    deps.metrics.presentation.labels(reply.presentation).inc()


async def _quietly(work: Coroutine[Any, Any, None]) -> None:
    try:
        await work
    except Exception:
        log.warning("a data upload could not be handled", exc_info=True)


def register(app: AsyncApp, intake: Intake) -> None:
    @app.event("message")
    async def on_message(event: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext) -> None:
        bot = {"user_id": context.bot_user_id, "bot_id": context.bot_id}
        if (changed := edited_thread(event, bot)) is not None:
            await intake.changed(*changed)  # the thread is read from Slack again next time
            return
        if not is_person_writing_to_us(event):
            return  # acknowledged by Bolt and ignored
        if is_data_drop(event):  # HR's data files (bot/slack/uploads.py), not a question
            intake.later(lambda deps: _quietly(data_dropped(deps, event)))
            return
        turn = question_turn(event, context.bot_user_id)
        delivery = Delivery(body["event_id"], "dm", event["user"], {"event": event, "bot": bot}, turn)
        await intake.take(delivery, answer_direct_message)
