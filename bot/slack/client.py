"""The Slack Web API client every part of the Slack shell uses, pointed at `SLACK_API_URL`."""

from __future__ import annotations

import aiohttp
from slack_sdk.http_retry.builtin_async_handlers import (
    AsyncConnectionErrorRetryHandler,
    AsyncRateLimitErrorRetryHandler,
    AsyncServerErrorRetryHandler,
)
from slack_sdk.web.async_client import AsyncWebClient

from bot.config import Settings

# Slack answers 429 with Retry-After; waiting and retrying a few times covers a burst. A 5xx is retried
# too (with backoff), so one failed post never turns a finished answer into an apology.
RATE_LIMIT_RETRIES = 3
SERVER_ERROR_RETRIES = 2


def make_session(settings: Settings) -> aiohttp.ClientSession:
    """The HTTP session Slack calls share. slack_sdk applies its own timeout only to sessions it makes
    itself, so a shared one carries OFFICEBOT_SLACK_TIMEOUT here (aiohttp's default would be 300 s)."""
    return aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=settings.slack_timeout))


def make_web_client(
    settings: Settings, session: aiohttp.ClientSession | None = None, *, token: str | None = None
) -> AsyncWebClient:
    """Every Web API call, `apps.connections.open` included, goes to `settings.slack_api_url`.

    A shared `session` keeps connections alive; without one the SDK opens a new session per call."""
    return AsyncWebClient(
        token=token,
        base_url=settings.slack_api_url,
        session=session,
        timeout=int(max(1, settings.slack_timeout)),
        retry_handlers=[
            AsyncConnectionErrorRetryHandler(),
            AsyncRateLimitErrorRetryHandler(max_retry_count=RATE_LIMIT_RETRIES),
            AsyncServerErrorRetryHandler(max_retry_count=SERVER_ERROR_RETRIES),
        ],
    )
