"""The Slack Web API client every part of the Slack shell uses, pointed at `SLACK_API_URL`."""

from __future__ import annotations

import aiohttp
from slack_sdk.http_retry.builtin_async_handlers import (
    AsyncConnectionErrorRetryHandler,
    AsyncRateLimitErrorRetryHandler,
)
from slack_sdk.web.async_client import AsyncWebClient

from bot.config import Settings

# Slack answers 429 with Retry-After; waiting and retrying a few times covers a burst.
RATE_LIMIT_RETRIES = 3


def make_web_client(
    settings: Settings, session: aiohttp.ClientSession | None = None, *, token: str | None = None
) -> AsyncWebClient:
    """Every Web API call, `apps.connections.open` included, goes to `settings.slack_api_url`.

    A shared `session` keeps connections alive; without one the SDK opens a new session per call."""
    return AsyncWebClient(
        token=token,
        base_url=settings.slack_api_url,
        session=session,
        retry_handlers=[
            AsyncConnectionErrorRetryHandler(),
            AsyncRateLimitErrorRetryHandler(max_retry_count=RATE_LIMIT_RETRIES),
        ],
    )
