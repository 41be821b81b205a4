"""The one path every Slack surface answers by, and its one apology path:

    who is asking? ─▶ refused: say why, stop ─▶ nothing asked: a hint, stop ─▶ show progress and
    gather the conversation ─▶ run the turn (or, for `/leave` alone, the balance by code) ─▶ post the
    answer ─▶ the trace, if asked for
    anything failing on the way ─▶ the progress message (if any) becomes a short apology

Each surface (DM, mention, `/leave`) says only *where* things go, as a `SlackReply`.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol

from anthropic.types import MessageParam

from bot import text
from bot.core.lookup import balance_by_code
from bot.core.trace import Trace
from bot.hr.directory import NotAnEmployee
from bot.hr.ports import Surface
from bot.slack.deps import Deps
from bot.slack.questions import Question
from bot.slack.render import Message, answer_text, trace_messages

log = logging.getLogger(__name__)


class SlackReply(Protocol):
    """Where one question's replies go on one surface."""

    @property
    def surface(self) -> Surface: ...

    async def start(self, question: Question) -> Sequence[MessageParam]:
        """Show that the bot is working; return the conversation to answer (ending with the question)."""
        ...

    async def finish(self, reply: str) -> str | None:
        """Post the answer (or a refusal, hint or apology) where the person looks; returns an anchor
        (the message ts) that the trace is threaded under, if the surface has one."""
        ...

    async def post_trace(self, message: Message, anchor: str | None) -> None: ...


async def answer(
    reply: SlackReply, user_id: str, question: Question, deps: Deps, *, by_code: str | None = None
) -> None:
    """Answers `question` from `user_id`. `by_code` (a reason) reads this year's balance straight from
    the tool instead of asking the model. Never raises: a failure ends in an apology where the answer
    would have gone."""
    try:
        await _answer(reply, user_id, question, deps, by_code)
    except Exception:
        log.exception("failed to answer a %s question", reply.surface)
        try:
            await reply.finish(text.SOMETHING_WENT_WRONG)
        except Exception:
            log.warning("could not post the apology either")


async def _answer(
    reply: SlackReply, user_id: str, question: Question, deps: Deps, by_code: str | None
) -> None:
    try:
        caller = await deps.identity.caller(user_id, reply.surface)
    except NotAnEmployee as refusal:
        await reply.finish(str(refusal))
        return
    trace: Trace
    if by_code is not None:
        looked_up = await balance_by_code(deps.services.toolbox, caller, why=by_code)
        said, trace = looked_up.answer, looked_up.trace
    elif not question.text:  # only a mention or a bare --trace: nothing to ask the model
        await reply.finish(text.ASK_HINT)
        return
    else:
        conversation = await reply.start(question)
        turn = await deps.services.assistant.run_turn(conversation, caller)
        said, trace = turn.answer, turn.trace
    anchor = await reply.finish(answer_text(said))
    if deps.trace_always or question.wants_trace:
        for message in trace_messages(trace):
            await reply.post_trace(message, anchor)
