"""`/leave`: acknowledged at once, answered privately through `response_url`.

`/leave` alone is this year's balance read by code straight from the tool, without the model: a lookup
that must happen is not left to the model's choice. `/leave <question>` goes through the model."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from anthropic.types import MessageParam
from slack_bolt.async_app import AsyncAck, AsyncApp, AsyncRespond

from bot import text
from bot.hr.ports import Surface
from bot.metrics import Metrics
from bot.slack.answering import answer, answer_balance_by_code
from bot.slack.deps import Deps
from bot.slack.questions import Question, parse_leave_command
from bot.slack.render import Message, placeholder_text, still_working_text
from bot.slack.worker import AnswerWorker


class CommandReply:
    """Every reply is ephemeral, through the command's `response_url`. `respond` only holds that URL and
    opens its own HTTP session per call, so it is safe to use from the worker's loop."""

    surface: Surface = "slash"

    def __init__(self, respond: AsyncRespond) -> None:
        self._respond = respond

    async def start(self, question: Question) -> Sequence[MessageParam]:
        return [{"role": "user", "content": question.text}]  # the ack already says we are working

    async def finish(self, reply: str) -> None:
        await self._respond(text=reply, response_type="ephemeral")

    async def still_working(self, question: Question) -> None:
        await self._respond(text=still_working_text(question.text), response_type="ephemeral")

    async def post_trace(self, message: Message, anchor: str | None) -> None:
        await self._respond(text=message["text"], blocks=message["blocks"], response_type="ephemeral")


def register(app: AsyncApp, worker: AnswerWorker[Deps], metrics: Metrics) -> None:
    @app.command("/leave")
    async def on_leave(ack: AsyncAck, command: dict[str, Any], respond: AsyncRespond) -> None:
        parsed = parse_leave_command(command.get("text") or "")
        # Ack first: Slack shows an error after 3 s, and the answer may wait on the model.
        if parsed.kind == "help":
            await ack(text=text.LEAVE_USAGE, response_type="ephemeral")
            return
        if parsed.kind == "question":
            await ack(text=placeholder_text(parsed.question.text), response_type="ephemeral")
        else:
            await ack()
        metrics.received.labels("slash").inc()
        user_id, question = command["user_id"], parsed.question
        if parsed.kind == "balance":
            why = "/leave without a question"
            worker.submit(
                lambda deps: answer_balance_by_code(CommandReply(respond), user_id, question, deps, why=why)
            )
        else:
            worker.submit(lambda deps: answer(CommandReply(respond), user_id, question, deps))
