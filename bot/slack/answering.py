"""The one path every Slack surface answers by, and its one apology path:

    who is asking? ─▶ refused: say why, stop ─▶ nothing asked: a hint ─▶ too long: "please shorten"
    ─▶ asking too fast: "slow down" ─▶ show progress and gather the conversation ─▶ run the turn (or,
    for `/leave` alone, the balance by code) within the question's deadline, saying "still working" when
    it is slow ─▶ post the answer ─▶ the trace, if asked for
    anything failing on the way ─▶ the progress message (if any) becomes a short apology

Each surface (DM, mention, `/leave`) says only *where* things go, as a `SlackReply`. Every question is
counted in the metrics: answered (or told why not), or failed (apologised for).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from anthropic.types import MessageParam

from bot import text
from bot.core.lookup import balance_by_code
from bot.core.trace import Trace
from bot.hr.directory import NotAnEmployee
from bot.hr.ports import Caller, Surface
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

    async def still_working(self, question: Question) -> None:
        """Tell the person, once, that a slow answer is still coming."""
        ...


async def _noting_progress(
    work: Awaitable[tuple[str, Trace]], reply: SlackReply, question: Question, after: float
) -> tuple[str, Trace]:
    """`work`'s result; if it takes longer than `after` seconds, the person hears it is still coming."""
    task = asyncio.ensure_future(work)
    try:
        done, _ = await asyncio.wait({task}, timeout=after)
        if not done:
            try:
                await reply.still_working(question)
            except Exception:
                log.warning("could not say the answer is still coming", exc_info=True)
        return await task
    finally:
        task.cancel()  # the deadline passed (or we were cancelled): stop the work too


# How an answer is produced once we know who is asking: the model's turn, or the balance by code.
Produce = Callable[[Caller], Awaitable[tuple[str, Trace]]]


async def answer(
    reply: SlackReply, user_id: str, question: Question, deps: Deps, *, hint: str = text.ASK_HINT
) -> None:
    """Answers `question` from `user_id` through the model; `hint` is the reply when nothing was asked.
    Never raises: a failure ends in an apology where the answer would have gone."""

    async def through_the_model(caller: Caller) -> tuple[str, Trace]:
        conversation = await reply.start(question)
        turn = await deps.services.assistant.run_turn(conversation, caller)
        return turn.answer, turn.trace

    await _respond(reply, user_id, question, deps, through_the_model, hint=hint)


async def answer_balance_by_code(
    reply: SlackReply, user_id: str, question: Question, deps: Deps, *, why: str
) -> None:
    """This year's balance read straight from the tool, with no model call (`/leave` alone)."""

    async def by_code(caller: Caller) -> tuple[str, Trace]:
        looked_up = await balance_by_code(deps.services.toolbox, caller, why=why)
        return looked_up.answer, looked_up.trace

    await _respond(reply, user_id, question, deps, by_code, hint=None)


async def _respond(
    reply: SlackReply, user_id: str, question: Question, deps: Deps, produce: Produce, *, hint: str | None
) -> None:
    metrics = deps.metrics
    metrics.in_flight.inc()
    try:
        with metrics.latency.labels(reply.surface).time():
            apologised = not await _respond_or_apologise(reply, user_id, question, deps, produce, hint)
        (metrics.failed if apologised else metrics.answered).labels(reply.surface).inc()
    finally:
        metrics.in_flight.dec()


async def _respond_or_apologise(
    reply: SlackReply, user_id: str, question: Question, deps: Deps, produce: Produce, hint: str | None
) -> bool:
    """False when the person got the apology instead of an answer (or a reason why not). `hint` answers
    a message with nothing to ask; None when no question is needed (the balance by code)."""
    try:
        try:
            caller = await deps.identity.caller(user_id, reply.surface)
        except NotAnEmployee as refusal:
            await reply.finish(str(refusal))
            return True
        if hint is not None and not question.text:  # a bare mention or --trace, a file with no text
            await reply.finish(hint)
            return True
        settings = deps.settings
        if len(question.text) > settings.max_question_chars:  # cost and history stay bounded
            await reply.finish(text.QUESTION_TOO_LONG.format(limit=settings.max_question_chars))
            return True
        if not deps.rate.allow(user_id):
            await reply.finish(text.SLOW_DOWN.format(limit=deps.rate.limit))
            return True
        try:
            async with asyncio.timeout(settings.deadline):
                said, trace = await _noting_progress(
                    produce(caller), reply, question, settings.still_working_after
                )
        except TimeoutError:
            log.warning("a %s question passed its deadline of %s s", reply.surface, settings.deadline)
            await reply.finish(text.TOO_SLOW.pick(text.is_korean(question.text)))
            return False
        deps.metrics.count_turn(trace)
        anchor = await reply.finish(answer_text(said))
    except Exception:
        log.exception("failed to answer a %s question", reply.surface)
        try:
            await reply.finish(text.SOMETHING_WENT_WRONG)
        except Exception:
            log.warning("could not post the apology either")
        return False
    if deps.settings.trace or question.wants_trace:
        try:
            for message in trace_messages(trace):
                await reply.post_trace(message, anchor)
        except Exception:
            # The answer is already posted; a missing trace must not turn it into an apology.
            log.exception("could not post the trace of a %s answer", reply.surface)
    return True
