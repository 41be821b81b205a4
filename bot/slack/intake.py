"""The receiving side's one move, made before Slack is acknowledged: record the question in the durable
inbox, then hand it to the answer worker.

Bolt runs with `process_before_response=True`, so a listener finishes (the inbox row committed) before
the ack leaves; the listener does nothing slow (one INSERT), so the ack still leaves in milliseconds. A
delivery the inbox already holds is a redelivery, acknowledged and dropped. If the inbox cannot record
it, the listener raises `NotRecorded`: no ack, so Slack delivers the event again later (a slash command,
which Slack never retries, is told to try again instead). In a database outage that is every event, so
it is logged in one line naming the error's class, never with the error's text (see `NotRecorded`).

This runs on the receiving loop with its own engine (see `SlackBot`), never waiting for the answer loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from bot.hr.ports import Surface
from bot.inbox import Delivery, Held, Inbox
from bot.metrics import Metrics
from bot.slack.deps import Deps
from bot.slack.worker import AnswerWorker

log = logging.getLogger(__name__)

ACCEPT_TIMEOUT = 2.0  # seconds recording a question may take before the ack is given up

# How a surface answers a question it holds; also how a taken-over question is answered.
AnswerHeld = Callable[[Held, Deps], Coroutine[Any, Any, None]]


class NotRecorded(Exception):
    """The inbox could not record a question (the database refused, failed or was too slow), so it must
    not be acknowledged. Its text names the surface and the error's class only: a database error's own
    text can quote the question, so the cause is kept for debuggers, never written to the log."""

    def __init__(self, surface: Surface, cause: BaseException) -> None:
        super().__init__(f"could not record a {surface} question ({cause.__class__.__name__})")


class Intake:
    def __init__(self, inbox: Inbox, worker: AnswerWorker[Deps], metrics: Metrics) -> None:
        self._inbox = inbox
        self._worker = worker
        self._metrics = metrics

    async def take(self, delivery: Delivery, answer: AnswerHeld) -> bool:
        """Records `delivery` and starts answering it; False when it was a redelivery. Raises `NotRecorded`
        when the inbox could not record it."""
        # Slack wants the ack within 3 s. A database slower than this is treated as unavailable (for an
        # event: no ack, Slack delivers it again; if the row did land after all, that redelivery is
        # dropped and the caretaker answers the row once its lease runs out).
        try:
            async with asyncio.timeout(ACCEPT_TIMEOUT):
                held = await self._inbox.accept(delivery)
        except Exception as exc:
            raise NotRecorded(delivery.surface, exc) from exc
        if held is None:
            log.info("ignoring a redelivered %s question (%s)", delivery.surface, delivery.delivery_id)
            return False
        self._metrics.received.labels(delivery.surface).inc()
        self._worker.submit(lambda deps: answer(held, deps))
        return True

    def later(self, job: Callable[[Deps], Coroutine[Any, Any, None]]) -> None:
        """Work that is not a question (a greeting, the Home tab, a feedback click): done on the answer
        loop once Bolt has acked, and not recorded in the inbox. Losing one to a crash costs nothing that
        matters: the person's next open or click does it again. `job` must handle its own errors."""
        self._worker.submit(job)
