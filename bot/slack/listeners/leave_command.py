"""`/leave`: acknowledged at once, answered privately through `response_url`.

`/leave` alone is this year's balance read by code straight from the tool, without the model: a lookup
that must happen is not left to the model's choice. `/leave <question>` goes through the model."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from slack_bolt.async_app import AsyncAck, AsyncApp, AsyncRespond

from bot.core.lookup import look_up_by_code
from bot.core.loop import Assistant
from bot.core.trace import Answer, Note, Trace
from bot.hr.directory import Caller, NotAnEmployee
from bot.slack.deps import Deps
from bot.slack.questions import LeaveCommand, parse_leave_command
from bot.slack.render import LEAVE_USAGE, SOMETHING_WENT_WRONG, answer_text, placeholder_text, trace_messages
from bot.slack.worker import AnswerWorker

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Reply:
    """An answer and how it was reached, whichever path produced it."""

    answer: str
    trace: Trace


async def balance_without_model(assistant: Assistant, caller: Caller) -> Reply:
    """This year's balance, from the same toolbox the model uses, for the same mapped caller."""
    trace = Trace()
    trace.add(Note("/leave without a question: looked up by code, no model call"))
    toolbox = assistant.toolbox
    outcome = await look_up_by_code(toolbox, caller, toolbox.today(caller).year, trace)
    answer = f"연차를 조회하지 못했어요: {outcome.content}" if outcome.is_error else outcome.content
    trace.add(Answer(answer))
    return Reply(answer, trace)


async def answer_leave_command(parsed: LeaveCommand, user_id: str, respond: AsyncRespond, deps: Deps) -> None:
    try:
        await _answer(parsed, user_id, respond, deps)
    except Exception:
        log.exception("failed to answer /leave")
        await respond(text=SOMETHING_WENT_WRONG, response_type="ephemeral")


async def _answer(parsed: LeaveCommand, user_id: str, respond: AsyncRespond, deps: Deps) -> None:
    try:
        caller = await deps.identity.caller(user_id, "slash")
    except NotAnEmployee as refusal:
        await respond(text=str(refusal), response_type="ephemeral")
        return
    if parsed.kind == "balance":
        reply = await balance_without_model(deps.assistant, caller)
    else:
        turn = await deps.assistant.run_turn([{"role": "user", "content": parsed.question.text}], caller)
        reply = Reply(turn.answer, turn.trace)
    await respond(text=answer_text(reply.answer), response_type="ephemeral")
    if deps.trace_always or parsed.question.wants_trace:
        for message in trace_messages(reply.trace):
            await respond(text=message["text"], blocks=message["blocks"], response_type="ephemeral")


def register(app: AsyncApp, worker: AnswerWorker[Deps]) -> None:
    @app.command("/leave")
    async def on_leave(ack: AsyncAck, command: dict[str, Any], respond: AsyncRespond) -> None:
        parsed = parse_leave_command(command.get("text") or "")
        # Ack first: Slack shows an error after 3 s, and the answer may wait on the model.
        if parsed.kind == "help":
            await ack(text=LEAVE_USAGE, response_type="ephemeral")
            return
        if parsed.kind == "question":
            await ack(text=placeholder_text(parsed.question.text), response_type="ephemeral")
        else:
            await ack()
        # `respond` only holds the response_url; each call opens its own HTTP session, so it is safe to
        # use from the worker's loop.
        worker.submit(lambda deps: answer_leave_command(parsed, command["user_id"], respond, deps))
