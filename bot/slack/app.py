"""`build_app`: the Bolt `AsyncApp` with OfficeBot's listeners, one module per surface."""

from __future__ import annotations

from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.authorization import AuthorizeResult
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.web.async_slack_response import AsyncSlackResponse

from bot.claims import RedeliveryClaims
from bot.config import Settings
from bot.metrics import Metrics
from bot.slack.dedupe import DropRedeliveries
from bot.slack.deps import Deps
from bot.slack.listeners import dm, leave_command, mention
from bot.slack.worker import AnswerWorker


def build_app(
    settings: Settings,
    client: AsyncWebClient,
    worker: AnswerWorker[Deps],
    *,
    claims: RedeliveryClaims,
    auth_test: AsyncSlackResponse,
    metrics: Metrics,
) -> AsyncApp:
    """The transport side: Bolt receives, verifies, dedupes and acks; listeners hand answers to `worker`.

    `auth_test` is the answer the bot got at start (checking the token): handed to Bolt through its
    public `authorize` hook, so a burst of events right after start does not cost an `auth.test` each."""
    authorized = AuthorizeResult.from_auth_test_response(
        auth_test_response=auth_test, bot_token=settings.slack_bot_token
    )

    async def authorize(**_: Any) -> AuthorizeResult:
        return authorized

    app = AsyncApp(
        client=client,  # carries no token: `authorize` gives each request the bot token
        authorize=authorize,
        # Socket Mode connections are authenticated by the app token; HTTP requests by their signature.
        signing_secret=settings.slack_signing_secret or "",
        request_verification_enabled=not settings.socket_mode,
        # Ack first, then run the listener: acks never wait for an answer.
        process_before_response=False,
    )
    app.middleware(DropRedeliveries(claims))
    dm.register(app, worker, metrics)
    mention.register(app, worker, metrics)
    leave_command.register(app, worker, metrics)
    return app
