"""`@OfficeBot` in a channel: others can read the channel, so every reply is ephemeral (visible to the
asker alone) in the mention's thread. Ephemeral messages cannot have replies, so the trace follows the
answer as further ephemeral messages. A mention is answered on its own, without the channel's history:
other people's messages are not the asker's conversation with the bot."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt.async_app import AsyncApp, AsyncBoltContext
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.hr.directory import NotAnEmployee
from bot.slack.deps import Deps
from bot.slack.questions import parse_question
from bot.slack.render import ASK_HINT, SOMETHING_WENT_WRONG, answer_text, placeholder_text, trace_messages
from bot.slack.worker import AnswerWorker

log = logging.getLogger(__name__)


class PrivateReply:
    """Posts only where the asker alone can read: ephemeral, in the thread of the mention."""

    def __init__(self, client: AsyncWebClient, event: dict[str, Any]) -> None:
        self._client = client
        self._channel = event["channel"]
        self._user = event["user"]
        self._thread_ts = event.get("thread_ts") or event["ts"]

    async def __call__(self, text: str, blocks: list[dict[str, Any]] | None = None) -> None:
        await self._client.chat_postEphemeral(
            channel=self._channel, user=self._user, thread_ts=self._thread_ts, text=text, blocks=blocks
        )


async def answer_mention(event: dict[str, Any], deps: Deps, bot_user_id: str | None = None) -> None:
    reply = PrivateReply(deps.client, event)
    try:
        await _answer(event, reply, deps, bot_user_id)
    except Exception:
        log.exception("failed to answer a mention")
        try:
            await reply(SOMETHING_WENT_WRONG)
        except SlackApiError:
            log.warning("could not post the apology either")


async def _answer(event: dict[str, Any], reply: PrivateReply, deps: Deps, bot_user_id: str | None) -> None:
    question = parse_question(event.get("text") or "", bot_user_id)
    try:
        caller = await deps.identity.caller(event["user"], "mention")
    except NotAnEmployee as refusal:
        await reply(str(refusal))
        return
    if not question.text:
        await reply(ASK_HINT)
        return
    await reply(placeholder_text(question.text))
    turn = await deps.assistant.run_turn([{"role": "user", "content": question.text}], caller)
    await reply(answer_text(turn.answer))
    if deps.trace_always or question.wants_trace:
        for message in trace_messages(turn.trace):
            await reply(message["text"], message["blocks"])


def register(app: AsyncApp, worker: AnswerWorker[Deps]) -> None:
    @app.event("app_mention")
    async def on_mention(event: dict[str, Any], context: AsyncBoltContext) -> None:
        if event.get("subtype") or event.get("bot_id") or not event.get("user"):
            return
        if event.get("channel_type") == "im" or str(event.get("channel", "")).startswith("D"):
            return  # a mention inside a DM also arrives as message.im, which answers it
        bot_user_id = context.bot_user_id
        worker.submit(lambda deps: answer_mention(event, deps, bot_user_id))
