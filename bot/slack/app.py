"""`build_app`: the Bolt `AsyncApp` with OfficeBot's listeners, one module per surface."""

from __future__ import annotations

from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.authorization import AuthorizeResult
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.web.async_slack_response import AsyncSlackResponse

from bot.config import Settings
from bot.slack.intake import Intake
from bot.slack.listeners import dm, feedback, home, leave_command, mention, welcome


def build_app(
    settings: Settings, client: AsyncWebClient, intake: Intake, *, auth_test: AsyncSlackResponse
) -> AsyncApp:
    """The transport side: Bolt receives and verifies; listeners record each question in the inbox
    (which drops redeliveries) and hand it to the answer worker; then Bolt acks.

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
        # The listener runs before the ack: the question is in the inbox before Slack hears we have it.
        # Listeners only record and hand over (milliseconds); answers never hold an ack back.
        process_before_response=True,
    )
    dm.register(app, intake)
    mention.register(app, intake)
    leave_command.register(app, intake)
    welcome.register(app, intake)
    home.register(app, intake)
    feedback.register(app, intake)
    return app
