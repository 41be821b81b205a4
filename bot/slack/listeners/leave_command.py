"""`/leave`: acknowledged at once, answered privately through `response_url`.

`/leave` alone is this year's balance read by code straight from the tool, without the model: a lookup
that must happen is not left to the model's choice. `/leave <question>` goes through the model."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from typing import Any

from anthropic.types import MessageParam
from slack_bolt.async_app import AsyncAck, AsyncApp, AsyncRespond

from bot import text
from bot.domain.people import Surface
from bot.ports.conversations import Turn
from bot.ports.inbox import Delivery, HeldQuestion
from bot.slack.answering.answer import answer, answer_balance_by_code
from bot.slack.answering.intake import Intake, NotRecorded
from bot.slack.answering.questions import Question, parse_leave_command
from bot.slack.answering.render import Message, answer_blocks, placeholder_text, still_working_text
from bot.slack.deps import Deps
from bot.slack.listeners.requests import open_request_form
from bot.text import is_korean

log = logging.getLogger(__name__)


class CommandReply:
    """Every reply is ephemeral, through the command's `response_url`. `respond` only holds that URL and
    opens its own HTTP session per call, so it is safe to use from the worker's loop."""

    surface: Surface = "slash"
    progress_ts = None  # the ack showed progress; every reply goes through the response_url
    observer = None  # a response_url cannot stream
    replies: Sequence[Turn] = ()  # ephemeral: not part of any conversation a follow-up reads

    def __init__(self, respond: AsyncRespond) -> None:
        self._respond = respond

    async def start(self, question: Question) -> Sequence[MessageParam]:
        return [{"role": "user", "content": question.text}]  # the ack already says we are working

    async def finish(self, reply: str, *, feedback_id: str | None = None) -> None:
        blocks = answer_blocks(reply, feedback_id, is_korean(reply)) if feedback_id else None
        await self._respond(text=reply, blocks=blocks, response_type="ephemeral")

    async def still_working(self, question: Question) -> None:
        await self._respond(text=still_working_text(question.text), response_type="ephemeral")

    async def post_trace(self, message: Message, anchor: str | None) -> None:
        await self._respond(text=message["text"], blocks=message["blocks"], response_type="ephemeral")

    async def answered_before(self) -> str | None:
        return None  # an ephemeral reply cannot be read back: a takeover (or a lost post) answers again


async def answer_leave_command(held: HeldQuestion, deps: Deps) -> None:
    command: dict[str, Any] = held.payload["command"]
    parsed = parse_leave_command(command.get("text") or "")
    # `respond` only holds the response_url (valid 30 minutes), so a takeover can answer through it too.
    reply = CommandReply(AsyncRespond(response_url=command["response_url"]))
    if parsed.kind == "balance":
        why = "/leave without a question"
        await answer_balance_by_code(reply, held, parsed.question, deps, why=why)
    else:
        await answer(reply, held, parsed.question, deps)


def register(app: AsyncApp, intake: Intake) -> None:
    @app.command("/leave")
    async def on_leave(ack: AsyncAck, command: dict[str, Any]) -> None:
        parsed = parse_leave_command(command.get("text") or "")
        if parsed.kind == "help":
            await ack(text=text.LEAVE_USAGE, response_type="ephemeral")
            return
        if parsed.kind == "request":  # the form, not a question: nothing for the inbox
            await ack()
            open_request_form(intake, command["user_id"], command["trigger_id"])
            return
        # Slack never redelivers a command; its trigger_id still names this one invocation.
        delivery_id = f"command:{command.get('trigger_id') or uuid.uuid4().hex}"
        kept = {key: value for key, value in command.items() if key != "token"}
        delivery = Delivery(delivery_id, "slash", command["user_id"], {"command": kept})
        try:
            # Slack never redelivers a command: if the INSERT lands after all, the person was already
            # told to try again, so that late row is dropped rather than answered a second time.
            await intake.take(delivery, answer_leave_command, redelivered=False)
        except NotRecorded as exc:  # one line: in a database outage this is every command
            log.error("%s; the person was asked to try again", exc)
            await ack(text=text.CANNOT_TAKE_QUESTIONS, response_type="ephemeral")
            return
        # The ack leaves once this listener returns (Slack shows an error after 3 s).
        if parsed.kind == "question":
            await ack(text=placeholder_text(parsed.question.text), response_type="ephemeral")
        else:
            await ack()
