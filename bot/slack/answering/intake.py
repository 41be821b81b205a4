"""The receiving side's one move, made before Slack is acknowledged: record the question in the durable
inbox, then hand it to the answer worker.

Bolt runs with `process_before_response=True`, so a listener finishes (the inbox row committed) before
the ack leaves; the listener does nothing slow (one INSERT, and a DM question's turn in the same
transaction), so the ack still leaves in milliseconds. A delivery the inbox already holds is a
redelivery, acknowledged and dropped. If the inbox cannot record it, the listener raises `NotRecorded`:
no ack, so Slack delivers the event again later (a slash command, which Slack never retries, is told to
try again instead). In a database outage that is every event, so it is logged in one line naming the
error's class, never with the error's text (see `NotRecorded`). An edit or deletion in a DM thread is
recorded the same way (`changed`), so the thread's next follow-up cannot miss it.

This runs on the receiving loop with its own engine (see `SlackBot`), never waiting for the answer loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from bot.domain.people import Surface
from bot.metrics import Metrics
from bot.ports.conversations import Conversations
from bot.ports.inbox import Delivery, HeldQuestion, Inbox
from bot.slack.deps import Deps
from bot.slack.transport.worker import AnswerWorker

log = logging.getLogger(__name__)

T = TypeVar("T")

# How a surface answers a question it holds; also how a taken-over question is answered.
AnswerHeld = Callable[[HeldQuestion, Deps], Coroutine[Any, Any, None]]


class NotRecorded(Exception):
    """The inbox could not record a question (the database refused, failed or was too slow), so it must
    not be acknowledged. Its text names the surface and the error's class only: a database error's own
    text can quote the question, so the cause is kept for debuggers, never written to the log."""

    def __init__(self, surface: Surface, cause: BaseException, what: str = "question") -> None:
        super().__init__(f"could not record a {surface} {what} ({cause.__class__.__name__})")


class Intake:
    def __init__(
        self,
        inbox: Inbox,
        conversations: Conversations,
        worker: AnswerWorker[Deps],
        metrics: Metrics,
        *,
        accept_timeout: float,
    ) -> None:
        self._inbox = inbox
        self._conversations = conversations
        self._accept_timeout = accept_timeout  # Pacing.accept_timeout
        self._worker = worker
        self._metrics = metrics
        self._dropping: set[asyncio.Future[bool]] = set()  # late recordings being marked failed

    async def take(self, delivery: Delivery, answer: AnswerHeld, *, redelivered: bool = True) -> bool:
        """Records `delivery` and starts answering it; False when it was a redelivery. Raises `NotRecorded`
        when the inbox could not record it.

        Slack wants the ack within 3 s, so recording may take `accept_timeout` (2 s): past that the database is
        treated as unavailable (no ack). The INSERT may still land later (SQLite's write lock held by a
        long import): then the question is answered all the same when `redelivered` (Slack delivers an
        unacked event again, and that redelivery is dropped as a duplicate), or marked failed unanswered
        when it is not (a slash command, whose person was told to try again)."""
        recording = asyncio.ensure_future(self._inbox.accept(delivery))
        try:
            held = await asyncio.wait_for(asyncio.shield(recording), self._accept_timeout)
        except TimeoutError as exc:
            recording.add_done_callback(lambda done: self._recorded_late(done, answer, redelivered))
            raise NotRecorded(delivery.surface, exc) from exc
        except Exception as exc:
            raise NotRecorded(delivery.surface, exc) from exc
        if held is None:
            log.info("ignoring a redelivered %s question", delivery.surface)
            return False
        self._start(held, answer)
        return True

    async def changed(self, channel: str, thread_ts: str) -> None:
        """A message of a DM thread was edited or deleted: recorded before the ack, like a question, so
        the thread's next follow-up cannot miss it (it reads the thread from Slack). Raises `NotRecorded`
        when the database could not record it: Slack delivers the event again."""
        try:
            await asyncio.wait_for(self._conversations.changed(channel, thread_ts), self._accept_timeout)
        except Exception as exc:
            raise NotRecorded("dm", exc, "edit") from exc

    def _start(self, held: HeldQuestion, answer: AnswerHeld) -> None:
        self._metrics.received.labels(held.surface).inc()
        self._worker.submit(lambda deps: answer(held, deps))

    def _recorded_late(
        self, recording: asyncio.Future[HeldQuestion | None], answer: AnswerHeld, answer_it: bool
    ) -> None:
        if recording.cancelled() or recording.exception() is not None:
            return  # nothing was recorded: the redelivery (or the person's retry) records it afresh
        held = recording.result()
        if held is None:
            return
        if answer_it:
            log.info("a %s question was recorded after its ack was given up; answering it", held.surface)
            self._start(held, answer)
            return
        log.info(
            "a %s question was recorded after its ack was given up; its person was told to retry",
            held.surface,
        )
        dropping = asyncio.ensure_future(self._inbox.finish(held.delivery_id, answered=False))
        self._dropping.add(dropping)
        dropping.add_done_callback(self._dropped)

    def _dropped(self, dropping: asyncio.Future[bool]) -> None:
        self._dropping.discard(dropping)
        if not dropping.cancelled() and dropping.exception() is not None:
            # Left held and unstarted, it expires and is taken over: answered once, late.
            log.warning(
                "could not drop a question recorded late (%s)", dropping.exception().__class__.__name__
            )

    async def run(self, job: Callable[[Deps], Coroutine[Any, Any, T]]) -> T:
        """Work whose result the ack carries (a form's field errors): done on the answer loop, where the
        services live, and awaited here. It must be quick: Slack wants the ack within 3 s."""
        return await self._worker.run(job(self._worker.deps))

    def later(self, job: Callable[[Deps], Coroutine[Any, Any, None]]) -> None:
        """Work that is not a question (a greeting, the Home tab, a feedback click): done on the answer
        loop once Bolt has acked, and not recorded in the inbox. Losing one to a crash costs nothing that
        matters: the person's next open or click does it again. `job` must handle its own errors."""
        self._worker.submit(job)
