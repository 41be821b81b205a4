"""`build_app`: the Bolt `AsyncApp` with OfficeBot's listeners, one module per surface, and what Bolt may
write to the log."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.authorization import AuthorizeResult
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.web.async_slack_response import AsyncSlackResponse

from bot.config import Settings
from bot.slack.answering.intake import Intake, NotRecorded
from bot.slack.listeners import (
    calendar,
    dm,
    feedback,
    home,
    leave_command,
    mention,
    requests,
    uploads,
    welcome,
)

log = logging.getLogger(__name__)


def bolt_logger() -> logging.Logger:
    """The logger Bolt is built with, at WARNING.

    Bolt gives every logger it makes (`slack_bolt.AsyncRequestVerification` and the other middleware,
    `<app name>:<listener>` for each listener and matcher) a level of its own when the app is built: this
    logger's, or without one the root logger's, which `officebot run` sets to INFO. At INFO Bolt writes
    whole request bodies (a request whose signature failed, with the message's text and user id), and the
    Socket Mode client, which logs through this logger too, a line for every event not acknowledged.
    Setting a level on `slack_bolt` after the app is built reaches none of them. Bolt's warnings and
    errors are still written."""
    logger = logging.getLogger("slack_bolt")
    logger.setLevel(logging.WARNING)
    return logger


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
        # Named, because without a name Bolt calls inspect.stack() to name the app after its caller's file:
        # that reads the source of every frame on the stack, 20-80 ms here (more under a deep caller).
        name="officebot",
        logger=bolt_logger(),
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
    requests.register(app, intake)
    calendar.register(app, intake)
    uploads.register(app, intake)
    app.error(_listener_failed)
    return app


async def _listener_failed(error: Exception) -> None:
    """Bolt's error handler (a listener or middleware raised). Bolt has already made the response a 500,
    so the event is not acknowledged; this only decides what is logged. A question the inbox could not
    record is one line: in a database outage that is every event, and Bolt's own handler would write the
    database error's text and a traceback for each. Anything else is a bug, logged with its traceback."""
    if isinstance(error, NotRecorded):
        log.error("%s; not acknowledged, Slack will deliver it again", error)
    else:
        log.error("a Slack listener failed (%s)", error.__class__.__name__, exc_info=error)
