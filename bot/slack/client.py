"""The Slack Web API client every part of the Slack shell uses, pointed at `SLACK_API_URL`."""

from __future__ import annotations

import asyncio
import random

import aiohttp
from slack_sdk.http_retry.builtin_async_handlers import (
    AsyncConnectionErrorRetryHandler,
    AsyncRateLimitErrorRetryHandler,
    AsyncServerErrorRetryHandler,
)
from slack_sdk.http_retry.builtin_interval_calculators import BackoffRetryIntervalCalculator
from slack_sdk.http_retry.jitter import Jitter
from slack_sdk.http_retry.request import HttpRequest
from slack_sdk.http_retry.response import HttpResponse
from slack_sdk.http_retry.state import RetryState
from slack_sdk.web.async_client import AsyncWebClient

from bot.config import Settings
from bot.slack.pacing import PRODUCTION, Pacing

# Slack answers 429 with Retry-After; waiting and retrying a few times covers a burst. A 5xx is retried
# too (with backoff), so one failed post never turns a finished answer into an apology.
RATE_LIMIT_RETRIES = 3
SERVER_ERROR_RETRIES = 2


def make_session(settings: Settings) -> aiohttp.ClientSession:
    """The HTTP session Slack calls share. slack_sdk applies its own timeout only to sessions it makes
    itself, so a shared one carries OFFICEBOT_SLACK_TIMEOUT here (aiohttp's default would be 300 s)."""
    return aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=settings.slack_timeout))


def make_web_client(
    settings: Settings,
    session: aiohttp.ClientSession | None = None,
    *,
    token: str | None = None,
    pacing: Pacing = PRODUCTION,
) -> AsyncWebClient:
    """Every Web API call, `apps.connections.open` included, goes to `settings.slack_api_url`.

    A shared `session` keeps connections alive; without one the SDK opens a new session per call. The
    SDK's retry handlers, with their waits taken from `pacing` (production's are the SDK's own)."""
    backoff = BackoffRetryIntervalCalculator(
        pacing.server_error_backoff, _ScaledJitter(pacing.rate_limit_jitter)
    )
    return AsyncWebClient(
        token=token,
        base_url=settings.slack_api_url,
        session=session,
        # Per request (it overrides the session's): a float, so that 0.5 s means 0.5 s. The SDK's annotation
        # says int, but it only hands the value to aiohttp.ClientTimeout, which takes seconds as a float.
        timeout=settings.slack_timeout,  # type: ignore[arg-type]
        retry_handlers=[
            AsyncConnectionErrorRetryHandler(interval_calculator=backoff),
            _RateLimitRetry(RATE_LIMIT_RETRIES, pacing.rate_limit_jitter),
            AsyncServerErrorRetryHandler(max_retry_count=SERVER_ERROR_RETRIES, interval_calculator=backoff),
        ],
    )


class _ScaledJitter(Jitter):
    """The SDK's random jitter (up to 1 s added to a wait), scaled."""

    def __init__(self, scale: float) -> None:
        self.scale = scale

    def recalculate(self, duration: float) -> float:
        return duration + random.random() * self.scale


class _RateLimitRetry(AsyncRateLimitErrorRetryHandler):
    """The SDK's 429 retry: Retry-After seconds (1 when Slack sends none) plus jitter, the jitter scaled."""

    def __init__(self, max_retry_count: int, jitter: float) -> None:
        super().__init__(max_retry_count=max_retry_count)
        self.jitter = jitter

    async def prepare_for_next_attempt_async(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> None:
        if response is None:
            raise error or RuntimeError("a rate-limit retry without a response")
        state.next_attempt_requested = True
        header = {name.lower(): values for name, values in response.headers.items()}.get("retry-after")
        try:
            wait = float(header[0]) if header else 1.0
        except (TypeError, ValueError):
            wait = 1.0
        await asyncio.sleep(max(wait, 0.0) + random.random() * self.jitter)
        state.increment_current_attempt()
