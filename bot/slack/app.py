"""`build_app`: the Bolt `AsyncApp` with OfficeBot's listeners, pointed at `SLACK_API_URL`."""

from __future__ import annotations

from typing import Any

import aiohttp
from slack_bolt.async_app import AsyncApp
from slack_bolt.middleware.authorization.async_single_team_authorization import AsyncSingleTeamAuthorization
from slack_sdk.http_retry.builtin_async_handlers import (
    AsyncConnectionErrorRetryHandler,
    AsyncRateLimitErrorRetryHandler,
)
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.web.async_slack_response import AsyncSlackResponse

from bot.config import Settings
from bot.core.loop import Assistant
from bot.hr.store import EmployeeDirectoryData
from bot.slack.dedupe import DropRedeliveries, RecentEventIds
from bot.slack.deps import Deps
from bot.slack.identity import SlackIdentity
from bot.slack.listeners import dm, leave_command, mention
from bot.slack.worker import AnswerWorker

# Slack answers 429 with Retry-After; waiting and retrying a few times covers a burst.
RATE_LIMIT_RETRIES = 3


def make_web_client(settings: Settings, session: aiohttp.ClientSession | None = None) -> AsyncWebClient:
    """Every Web API call, `apps.connections.open` included, goes to `settings.slack_api_url`.

    A shared `session` keeps connections alive; without one the SDK opens a new session per call."""
    return AsyncWebClient(
        token=settings.slack_bot_token,
        base_url=settings.slack_api_url,
        session=session,
        retry_handlers=[
            AsyncConnectionErrorRetryHandler(),
            AsyncRateLimitErrorRetryHandler(max_retry_count=RATE_LIMIT_RETRIES),
        ],
    )


async def make_answer_deps(
    settings: Settings, assistant: Assistant, directory: EmployeeDirectoryData, home: dict[str, Any]
) -> Deps:
    """Runs on the answer worker's loop: the session and client it creates belong to that loop."""
    session = aiohttp.ClientSession()
    client = make_web_client(settings, session)
    return Deps(
        assistant=assistant,
        client=client,
        identity=SlackIdentity(client, directory, home=home),
        trace_always=settings.trace,
        session=session,
    )


def build_app(
    settings: Settings,
    client: AsyncWebClient,
    worker: AnswerWorker[Deps],
    auth_test: AsyncSlackResponse | None = None,
) -> AsyncApp:
    """The transport side: Bolt receives, verifies, dedupes and acks; listeners hand answers to `worker`."""
    app = AsyncApp(
        client=client,
        # Socket Mode connections are authenticated by the app token; HTTP requests by their signature.
        signing_secret=settings.slack_signing_secret or "",
        request_verification_enabled=not settings.socket_mode,
        # Ack first, then run the listener: acks never wait for an answer.
        process_before_response=False,
    )
    if auth_test is not None:
        _reuse_auth_test(app, auth_test)
    app.middleware(DropRedeliveries(RecentEventIds()))
    dm.register(app, worker)
    mention.register(app, worker)
    leave_command.register(app, worker)
    return app


def _reuse_auth_test(app: AsyncApp, auth_test: AsyncSlackResponse) -> None:
    """Bolt calls auth.test on the first request it sees and caches the answer; when the first thing after
    a start is a burst of hundreds of events, each of them would call it. We already called it at start
    (to fail fast on a bad token), so hand Bolt that answer. Bolt offers no public hook for this; if its
    internals change, this quietly does nothing and Bolt calls auth.test itself, as before."""
    for middleware in getattr(app, "_async_middleware_list", []):
        if isinstance(middleware, AsyncSingleTeamAuthorization) and middleware.auth_test_result is None:
            middleware.auth_test_result = auth_test
