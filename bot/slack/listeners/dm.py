"""Direct messages (`message.im`): answered in the same DM, in the thread if the person wrote in one,
with the conversation so far for follow-ups, from our records of the thread (`bot/slack/answering/conversation.py`)
or, when they cannot be complete, from Slack."""

from __future__ import annotations

import logging
from collections.abc import Coroutine
from typing import Any

from slack_bolt.async_app import AsyncApp, AsyncBoltContext

from bot import text
from bot.ports.inbox import Delivery, HeldQuestion
from bot.slack.answering.answer import answer
from bot.slack.answering.conversation import edited_thread, question_turn
from bot.slack.answering.dm_reply import DmReply
from bot.slack.answering.intake import Intake
from bot.slack.answering.questions import parse_question
from bot.slack.deps import Deps
from bot.slack.home.uploads import data_dropped, is_data_drop

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
        if is_data_drop(event):  # HR's data files (bot/slack/home/uploads.py), not a question
            intake.later(lambda deps: _quietly(data_dropped(deps, event)))
            return
        turn = question_turn(event, context.bot_user_id)
        delivery = Delivery(body["event_id"], "dm", event["user"], {"event": event, "bot": bot}, turn)
        await intake.take(delivery, answer_direct_message)
