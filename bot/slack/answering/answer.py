"""The one path every Slack surface answers by, and its one apology path:

    too old (its process was restarted long ago)? ─▶ "please ask again"
    who is asking? ─▶ refused: say why, stop ─▶ nothing asked: a hint ─▶ too long: "please shorten"
    ─▶ asking too fast: "slow down" ─▶ show progress and gather the conversation ─▶ wait for a free slot
    (OFFICEBOT_MAX_INFLIGHT) ─▶ run the turn (or, for `/leave` alone, the balance by code) within the
    question's deadline, saying "still working" when it is slow ─▶ post the answer ─▶ the trace, if asked
    anything failing on the way ─▶ the progress message (if any) becomes a short apology

Each question arrives as a `HeldQuestion` row of the durable inbox, and its row follows it: the placeholder is
noted (so a takeover edits it), received → answering when a slot frees, answered / failed at the end. A
question cut off by shutdown is left unfinished, for the next process to take over. While a worker
answers it, the caretaker renews its lease (`Inbox.working`).

Two faults get special care, so that a person gets exactly one answer:
- Posting the answer is retried (with Slack's Retry-After, or a backoff) while Slack says it is busy or
  rate-limited: a finished answer is never replaced by an apology while a retry can still succeed. A post
  whose outcome is unknown (a 5xx, a time-out, a dropped connection: Slack may have done it) is looked
  for first (`answered_before`), and posted again only if it is not there.
- Recording "answered" is retried with a backoff while the database refuses it (a failover). If it never
  succeeds, the question is taken over after a restart, and the surface looks for the answer already
  posted (`answered_before`: a DM's final message carries the question's id) before answering again.

Each surface (DM, mention, `/leave`) says only *where* things go, as a `SlackReply`. Every question is
counted in the metrics: answered (or told why not), or failed (apologised for).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Protocol

from anthropic.types import MessageParam
from slack_sdk.errors import SlackApiError

from bot import text
from bot.agent.lookup import balance_by_code
from bot.agent.trace import StepObserver, Trace, observing
from bot.domain.people import Caller, Surface
from bot.domain.requests import Checked
from bot.hr.directory import NotAnEmployee
from bot.ports.conversations import Turn
from bot.ports.inbox import HeldQuestion
from bot.slack.answering.drafts import offer_drafts
from bot.slack.answering.questions import Question
from bot.slack.answering.render import Message, answer_text, trace_messages
from bot.slack.deps import Deps
from bot.slack.transport.client import retry_after
from bot.slack.transport.pacing import Pacing
from bot.slack.transport.rate_limits import error_of, outcome_unknown, status_of

log = logging.getLogger(__name__)

# A question taken over later than this is not answered: the person has moved on (and a `/leave`
# response_url lasts 30 minutes). Its placeholder becomes "I was restarted; please ask again".
STALE_AFTER = timedelta(minutes=10)


class SlackReply(Protocol):
    """Where one question's replies go on one surface."""

    @property
    def surface(self) -> Surface: ...

    @property
    def progress_ts(self) -> str | None:
        """The placeholder message showing progress, once posted (a takeover edits it)."""
        ...

    async def start(self, question: Question) -> Sequence[MessageParam]:
        """Show that the bot is working; return the conversation to answer (ending with the question)."""
        ...

    async def finish(self, reply: str, *, feedback_id: str | None = None) -> str | None:
        """Post the answer (or a refusal, hint or apology) where the person looks; returns an anchor
        (the message ts) that the trace is threaded under, if the surface has one. `feedback_id` (the
        question's delivery id) is given for an answer only: it carries the feedback buttons."""
        ...

    async def post_trace(self, message: Message, anchor: str | None) -> None: ...

    @property
    def observer(self) -> StepObserver | None:
        """Shows the turn's steps live as they happen (a streamed DM's task cards), if the surface can."""
        ...

    async def still_working(self, question: Question) -> None:
        """Tell the person, once, that a slow answer is still coming."""
        ...

    @property
    def replies(self) -> Sequence[Turn]:
        """What was posted for the question where a follow-up's history is read (a DM's threads), as
        turns of that conversation: recorded with the question's outcome. Empty elsewhere."""
        ...

    async def answered_before(self) -> str | None:
        """The ts of this question's final reply if it is already where the person looks (posted by a
        process that could not record it, or by a post whose answer was lost). Surfaces whose replies
        cannot be read back (ephemeral) say None."""
        ...


async def _noting_progress(
    work: Awaitable[Produced], reply: SlackReply, question: Question, after: float
) -> Produced:
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


# How an answer is produced once we know who is asking and have the conversation: the model's turn, or
# the balance by code.
Produce = Callable[[Caller, Sequence[MessageParam]], Awaitable["Produced"]]


@dataclass(frozen=True)
class Produced:
    """An answer worked out: its text, its trace, and the leave requests the model drafted on the way."""

    answer: str
    trace: Trace
    drafts: tuple[Checked, ...] = ()


async def answer(
    reply: SlackReply, held: HeldQuestion, question: Question, deps: Deps, *, hint: str = text.ASK_HINT
) -> None:
    """Answers `question` (held in the inbox) through the model; `hint` is the reply when nothing was
    asked. Never raises: a failure ends in an apology where the answer would have gone."""

    async def through_the_model(caller: Caller, conversation: Sequence[MessageParam]) -> Produced:
        observer = reply.observer
        with observing(observer) if observer else nullcontext():
            turn = await deps.services.assistant.run_turn(conversation, caller)
        return Produced(turn.answer, turn.trace, turn.figures(Checked))

    await _respond(reply, held, question, deps, through_the_model, hint=hint)


async def answer_balance_by_code(
    reply: SlackReply, held: HeldQuestion, question: Question, deps: Deps, *, why: str
) -> None:
    """This year's balance read straight from the tool, with no model call (`/leave` alone)."""

    async def by_code(caller: Caller, _: Sequence[MessageParam]) -> Produced:
        looked_up = await balance_by_code(deps.services.toolbox, caller, why=why)
        return Produced(looked_up.answer, looked_up.trace)

    await _respond(reply, held, question, deps, by_code, hint=None)


async def _respond(
    reply: SlackReply,
    held: HeldQuestion,
    question: Question,
    deps: Deps,
    produce: Produce,
    *,
    hint: str | None,
) -> None:
    metrics = deps.metrics
    with deps.inbox.working(held.delivery_id):
        if held.attempts and await _answered_before(reply):
            log.info("a taken-over %s question had been answered already; marking it finished", reply.surface)
            # Its text is unknown here: recorded without it, the thread is read from Slack next time.
            await _record_outcome(deps, held, reply, answered=True)
            return
        with metrics.latency.labels(reply.surface).time():
            outcome = await _respond_or_apologise(reply, held, question, deps, produce, hint)
        if outcome is None:
            return  # another process has it now
        (metrics.answered if outcome else metrics.failed).labels(reply.surface).inc()
        await _record_outcome(deps, held, reply, answered=outcome)


async def _answered_before(reply: SlackReply) -> str | None:
    try:
        return await reply.answered_before()
    except Exception as exc:  # cannot tell: answering again beats leaving the person without an answer
        log.warning("could not check for an earlier answer (%s)", exc.__class__.__name__)
        return None


async def _record_outcome(deps: Deps, held: HeldQuestion, reply: SlackReply, *, answered: bool) -> None:
    """answered / failed in the inbox, with the replies posted, retried while the database refuses it (a
    failover to a standby makes it read-only for a while): until it is recorded the question stays ours
    and its lease renewed, so no other process answers it a second time."""
    pacing = deps.pacing  # from the first to the longest wait, doubling, for record_retry_for seconds
    surface, replies = reply.surface, reply.replies
    wait, give_up = pacing.record_first_wait, time.monotonic() + pacing.record_retry_for
    while True:
        try:
            if not await deps.inbox.finish(held.delivery_id, answered=answered, replies=replies):
                log.warning("a %s question was taken over while this process answered it", surface)
            return
        except Exception as exc:
            if time.monotonic() + wait > give_up:
                # A takeover after the lease checks the surface for this answer before answering again.
                log.error("could not mark a %s question finished (%s); giving up", surface, _why(exc))
                return
            if wait == pacing.record_first_wait:
                log.warning("could not mark a %s question finished yet (%s); retrying", surface, _why(exc))
            await asyncio.sleep(wait)
            wait = min(wait * 2, pacing.record_longest_wait)


def _why(exc: BaseException) -> str:
    """An exception's class, never its text: a database error's text carries the statement's values."""
    return exc.__class__.__name__


# Slack's answers that mean "not done, try again later": a retry of the same call can still succeed.
RETRYABLE_ERRORS = {"ratelimited", "internal_error", "fatal_error", "service_unavailable", "request_timeout"}


def _retry_after(exc: Exception, wait: float) -> float | None:
    """How long to wait before trying a failed Slack call again; None when trying again cannot help."""
    if not isinstance(exc, SlackApiError):
        return wait if outcome_unknown(exc) else None  # a dropped connection, no answer in time
    status = status_of(exc)
    if status != 429 and status < 500 and error_of(exc) not in RETRYABLE_ERRORS:
        return None
    return retry_after(getattr(exc.response, "headers", None), default=wait)


async def _deliver(reply: SlackReply, answer: str, feedback_id: str, pacing: Pacing) -> str | None:
    """`reply.finish(answer)`, tried again while Slack says it is busy or rate-limited (beyond what the
    SDK's own retries covered), for up to `pacing.deliver_retry_for` seconds (a minute); returns the
    answer's anchor. A try whose outcome is unknown may have posted the answer: it is looked for before
    the next try, and found, it is the answer (the SDK repeats no post for this reason: it cannot look)."""
    wait, give_up = pacing.deliver_first_wait, time.monotonic() + pacing.deliver_retry_for
    surface = reply.surface
    while True:
        try:
            return await reply.finish(answer, feedback_id=feedback_id)
        except Exception as exc:
            if outcome_unknown(exc) and (found := await _answered_before(reply)):
                log.info(
                    "a %s answer whose post went unanswered had been posted; not posting it again", surface
                )
                return found
            pause = _retry_after(exc, wait)
            if pause is None or time.monotonic() + pause > give_up:
                raise
            log.warning("posting a %s answer failed (%s); trying again in %.1f s", surface, _why(exc), pause)
            await asyncio.sleep(pause)
            wait = min(wait * 2, pacing.deliver_longest_wait)


@asynccontextmanager
async def _slot(deps: Deps) -> AsyncIterator[None]:
    """One of OFFICEBOT_MAX_INFLIGHT answers at a time; the rest wait here, placeholder showing."""
    metrics = deps.metrics
    metrics.waiting.inc()
    try:
        await deps.slots.acquire()
    finally:
        metrics.waiting.dec()
    metrics.in_flight.inc()
    try:
        yield
    finally:
        metrics.in_flight.dec()
        deps.slots.release()


async def _respond_or_apologise(
    reply: SlackReply, held: HeldQuestion, question: Question, deps: Deps, produce: Produce, hint: str | None
) -> bool | None:
    """False when the person got the apology instead of an answer (or a reason why not); None when
    another process took the question over meanwhile. `hint` answers a message with nothing to ask; None
    when no question is needed (the balance by code)."""
    korean = text.is_korean(question.text)
    try:
        if datetime.now(UTC) - held.received_at > STALE_AFTER:
            await reply.finish(text.RESTARTED.pick(korean))
            return False
        try:
            caller = await deps.identity.caller(held.slack_user_id, reply.surface)
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
        limit = settings.questions_per_minute
        if limit and await deps.inbox.rank(held) > limit:  # counted in the inbox, across processes
            await reply.finish(text.SLOW_DOWN.format(limit=limit))
            return True
        conversation = await reply.start(question)
        placeholder = reply.progress_ts if reply.progress_ts != held.progress_ts else None
        if placeholder is not None and deps.slots.locked():
            # It will wait for a slot: note the placeholder now, so a takeover edits it, not a new one.
            await deps.inbox.note_progress(held.delivery_id, placeholder)
            placeholder = None
        async with _slot(deps):
            if not await deps.inbox.start_answering(held.delivery_id, progress_ts=placeholder):
                log.warning("a %s question was taken over while it waited for a slot", reply.surface)
                return None
            try:
                async with asyncio.timeout(settings.deadline):
                    produced = await _noting_progress(
                        produce(caller, conversation), reply, question, settings.still_working_after
                    )
            except TimeoutError:
                timed_out = True
            else:
                timed_out = False
        if timed_out:
            log.warning("a %s question passed its deadline of %s s", reply.surface, settings.deadline)
            await reply.finish(text.TOO_SLOW.pick(korean))
            return False
        deps.metrics.count_turn(produced.trace)
        posted = answer_text(produced.answer)
        anchor = await _deliver(reply, posted, held.delivery_id, deps.pacing)
        await offer_drafts(reply.post_trace, produced.drafts, anchor, korean)  # each drafted request's card
    except Exception:
        log.exception("failed to answer a %s question", reply.surface)
        try:
            await reply.finish(text.SOMETHING_WENT_WRONG)
        except Exception:
            log.warning("could not post the apology either")
        return False
    if deps.settings.trace or question.wants_trace:
        try:
            for message in trace_messages(produced.trace):
                await reply.post_trace(message, anchor)
        except Exception:
            # The answer is already posted; a missing trace must not turn it into an apology.
            log.exception("could not post the trace of a %s answer", reply.surface)
    return True
