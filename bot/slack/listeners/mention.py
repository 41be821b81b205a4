"""`@OfficeBot` in a channel: others can read the channel, so every reply is ephemeral (visible to the
asker alone) in the mention's thread. Ephemeral messages cannot have replies, so the trace follows the
answer as further ephemeral messages. A mention is answered on its own, without the channel's history:
other people's messages are not the asker's conversation with the bot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from anthropic.types import MessageParam
from slack_bolt.async_app import AsyncApp, AsyncBoltContext
from slack_sdk.web.async_client import AsyncWebClient

from bot.domain.people import Surface
from bot.ports.conversations import Turn
from bot.ports.inbox import Delivery, HeldQuestion
from bot.slack.answering.answer import answer
from bot.slack.answering.intake import Intake
from bot.slack.answering.questions import Question, parse_question
from bot.slack.answering.render import Message, answer_blocks, placeholder_text, still_working_text
from bot.slack.deps import Deps
from bot.text import is_korean


class MentionReply:
    """Posts only where the asker alone can read: ephemeral, in the thread of the mention."""

    surface: Surface = "mention"
    progress_ts = None  # an ephemeral placeholder cannot be edited: a takeover posts a new message
    observer = None  # ephemeral messages cannot stream: the steps are not shown live
    replies: Sequence[Turn] = ()  # ephemeral: not part of any conversation a follow-up reads

    def __init__(self, client: AsyncWebClient, event: dict[str, Any]) -> None:
        self._client = client
        self._channel = event["channel"]
        self._user = event["user"]
        self._thread_ts = event.get("thread_ts") or event["ts"]

    async def _post(self, text: str, blocks: list[dict[str, Any]] | None = None) -> None:
        await self._client.chat_postEphemeral(
            channel=self._channel, user=self._user, thread_ts=self._thread_ts, text=text, blocks=blocks
        )

    async def start(self, question: Question) -> Sequence[MessageParam]:
        await self._post(placeholder_text(question.text))
        return [{"role": "user", "content": question.text}]

    async def finish(self, reply: str, *, feedback_id: str | None = None) -> None:
        await self._post(reply, answer_blocks(reply, feedback_id, is_korean(reply)) if feedback_id else None)

    async def still_working(self, question: Question) -> None:
        await self._post(still_working_text(question.text))

    async def post_trace(self, message: Message, anchor: str | None) -> None:
        await self._post(message["text"], message["blocks"])

    async def answered_before(self) -> str | None:
        return None  # an ephemeral reply cannot be read back: a takeover (or a lost post) answers again


async def answer_mention(held: HeldQuestion, deps: Deps) -> None:
    event: dict[str, Any] = held.payload["event"]
    question = parse_question(event.get("text") or "", held.payload.get("bot_user_id"))
    await answer(MentionReply(deps.client, event), held, question, deps)


def register(app: AsyncApp, intake: Intake) -> None:
    @app.event("app_mention")
    async def on_mention(event: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext) -> None:
        if event.get("subtype") or event.get("bot_id") or not event.get("user"):
            return
        if event.get("channel_type") == "im" or str(event.get("channel", "")).startswith("D"):
            return  # a mention inside a DM also arrives as message.im, which answers it
        payload = {"event": event, "bot_user_id": context.bot_user_id}
        await intake.take(Delivery(body["event_id"], "mention", event["user"], payload), answer_mention)
