"""When a leave request's message is tried again: after Slack's Retry-After (a 429), after the backoff
(a lost answer, a failed look-up, the database), or never (Slack refused for good, or `MAX_ATTEMPTS`
tries failed: the message ends `failed`, named by Slack's error code)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta

from slack_sdk.errors import SlackApiError

from bot.domain.request_messages import RequestMessage
from bot.domain.requests import LeaveRequest
from bot.ports.request_messages import RequestOutbox
from bot.slack.transport.client import retry_after
from bot.slack.transport.rate_limits import error_of, outcome_unknown, status_of

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 10  # tries of one message before it is given up


class TryLater(Exception):
    """A try that cannot tell yet whether it delivered: tried again after `wait`."""

    def __init__(self, wait: timedelta) -> None:
        super().__init__(f"try again in {wait.total_seconds():.0f} s")
        self.wait = wait


class DeliveryRetries:
    """The retries this process scheduled: each delivers its request again (`deliver`) after its wait."""

    def __init__(
        self, outbox: RequestOutbox, backoff: timedelta, deliver: Callable[[int], Awaitable[None]]
    ) -> None:
        self._outbox = outbox
        self.backoff = backoff  # Pacing.request_backoff
        self._deliver = deliver
        self._retries: set[asyncio.Task[None]] = set()

    async def failed_try(self, request: LeaveRequest, message: RequestMessage, exc: Exception) -> None:
        """A try that did not deliver: given up when Slack refused for good (or after `MAX_ATTEMPTS`), else
        tried again after Slack's Retry-After or the backoff. Logged with ids, never a text."""
        wait = self.wait_after(exc)
        why = (error_of(exc) if isinstance(exc, SlackApiError) else None) or exc.__class__.__name__
        if wait is None or message.attempts + 1 >= MAX_ATTEMPTS:
            log.warning(
                "leave request %s: message %s (%s) given up (%s)", request.id, message.id, message.kind, why
            )
            await self._outbox.failed(message.id, why if wait is None else "gave_up")
            return
        log.info(
            "leave request %s: message %s (%s) tried again later (%s)",
            request.id,
            message.id,
            message.kind,
            why,
        )
        await self._outbox.postpone(message.id, wait)
        self._retry_in(request.id, wait)

    def wait_after(self, exc: Exception) -> timedelta | None:
        """How long before trying again after `exc`; None: no retry can change it."""
        if isinstance(exc, TryLater):
            return exc.wait
        if isinstance(exc, SlackApiError):
            if status_of(exc) == 429 or error_of(exc) == "ratelimited":
                seconds = retry_after(exc.response.headers, default=self.backoff.total_seconds())
                return timedelta(seconds=max(seconds, 1.0))
            return self.backoff if outcome_unknown(exc) else None
        return self.backoff  # no answer, a look-up or the database failing: none of it is final

    def _retry_in(self, request_id: int, wait: timedelta) -> None:
        async def retry() -> None:
            await asyncio.sleep(wait.total_seconds())
            try:
                await self._deliver(request_id)
            except Exception as exc:  # the sweep tries again
                log.warning("leave request %s: delivery failed (%s)", request_id, exc.__class__.__name__)

        task = asyncio.get_running_loop().create_task(retry())
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)

    async def close(self) -> None:
        """Drops the retries this process scheduled (the sweep of whichever process runs next does them)."""
        for retry in list(self._retries):
            retry.cancel()
        await asyncio.gather(*self._retries, return_exceptions=True)
