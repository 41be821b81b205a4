"""Direct messages (`message.im`): answered in the same DM, in the thread if the person wrote in one,
with the conversation so far rebuilt from Slack for follow-ups."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from slack_bolt.async_app import AsyncApp, AsyncBoltContext
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.hr.directory import NotAnEmployee
from bot.slack.deps import BotUser, Deps
from bot.slack.history import Where, recent_conversation
from bot.slack.questions import parse_question
from bot.slack.render import (
    ASK_HINT,
    SOMETHING_WENT_WRONG,
    TRACE_EVENT_TYPE,
    answer_text,
    placeholder_text,
    trace_messages,
    working_text,
)
from bot.slack.worker import AnswerWorker

log = logging.getLogger(__name__)


def is_person_writing_to_us(event: dict[str, Any]) -> bool:
    """A person's new message in a DM. Edits, deletions and joins carry a subtype; bots carry a bot_id;
    channel messages reach us only through `app_mention`."""
    return (
        event.get("channel_type") == "im"
        and not event.get("subtype")
        and not event.get("bot_id")
        and bool(event.get("user"))
        and bool((event.get("text") or "").strip())
    )


class DmProgress:
    """Shows that the bot is working, then puts the answer where the person will look for it.

    In a thread (Slack's assistant threads are always threads) the assistant status line is used, and
    Slack clears it when the answer is posted. At the top level of a DM, or where the status call is
    refused, a placeholder message is posted and later edited into the answer."""

    def __init__(self, client: AsyncWebClient, channel: str, thread_ts: str | None) -> None:
        self._client = client
        self._channel = channel
        self._thread_ts = thread_ts
        self._placeholder_ts: str | None = None

    async def start(self, question: str) -> None:
        if self._thread_ts:
            try:
                # What Bolt's `set_status` calls; called directly because answers run on the worker's loop.
                await self._client.assistant_threads_setStatus(
                    channel_id=self._channel, thread_ts=self._thread_ts, status=working_text(question)
                )
                return
            except SlackApiError as exc:
                log.info("assistant status unavailable (%s); using a placeholder", exc.response.get("error"))
        posted = await self._client.chat_postMessage(
            channel=self._channel,
            thread_ts=self._thread_ts,
            text=placeholder_text(question),
        )
        self._placeholder_ts = posted["ts"]

    async def finish(self, text: str) -> str:
        """Returns the answer's ts (traces are threaded under it)."""
        if self._placeholder_ts:
            await self._client.chat_update(channel=self._channel, ts=self._placeholder_ts, text=text)
            return self._placeholder_ts
        posted = await self._client.chat_postMessage(
            channel=self._channel, thread_ts=self._thread_ts, text=text
        )
        return posted["ts"]


async def answer_direct_message(event: dict[str, Any], bot: BotUser, deps: Deps) -> None:
    progress = DmProgress(deps.client, event["channel"], event.get("thread_ts"))
    try:
        await _answer(event, bot, deps, progress)
    except Exception:
        log.exception("failed to answer a direct message")
        try:
            await progress.finish(SOMETHING_WENT_WRONG)  # the placeholder, if any, becomes the apology
        except SlackApiError:
            log.warning("could not post the apology either")


async def _answer(event: dict[str, Any], bot: BotUser, deps: Deps, progress: DmProgress) -> None:
    client = deps.client
    channel, ts, thread_ts = event["channel"], event["ts"], event.get("thread_ts")
    question = parse_question(event["text"], bot.user_id)
    try:
        caller = await deps.identity.caller(event["user"], "dm")
    except NotAnEmployee as refusal:
        await client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=str(refusal))
        return
    if not question.text:  # only a mention or a bare --trace: nothing to ask the model
        await client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=ASK_HINT)
        return
    where = Where(channel, ts, thread_ts, bot.user_id, bot.bot_id)
    # Both are Slack round trips (~100 ms each on the real API); neither needs the other.
    _, conversation = await asyncio.gather(
        progress.start(question.text), recent_conversation(client, where, event["text"])
    )
    turn = await deps.assistant.run_turn(conversation, caller)
    answer_ts = await progress.finish(answer_text(turn.answer))
    if deps.trace_always or question.wants_trace:
        for message in trace_messages(turn.trace):
            await client.chat_postMessage(
                channel=channel,
                thread_ts=thread_ts or answer_ts,
                metadata={"event_type": TRACE_EVENT_TYPE, "event_payload": {"answer_ts": answer_ts}},
                **message,
            )


def register(app: AsyncApp, worker: AnswerWorker[Deps]) -> None:
    @app.event("message")
    async def on_message(event: dict[str, Any], context: AsyncBoltContext) -> None:
        if not is_person_writing_to_us(event):
            return  # acknowledged by Bolt and ignored
        bot = BotUser(context.bot_user_id, context.bot_id)
        worker.submit(lambda deps: answer_direct_message(event, bot, deps))
