"""What answering a question needs, opened on the answer worker's loop and used only there."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from typing import Any

from slack_sdk.web.async_client import AsyncWebClient

from bot.config import Settings
from bot.metrics import Metrics
from bot.services import Services
from bot.slack.client import make_session, make_web_client
from bot.slack.identity import SlackIdentity
from bot.slack.rate_limit import PerUserRate

# How the Slack app opens its services: `open_services(settings)`, or the same with overrides.
ServicesOpener = Callable[[], AbstractAsyncContextManager[Services]]


@dataclass(frozen=True)
class BotUser:
    """The bot's own Slack identity, to recognise its past answers in a conversation's history."""

    user_id: str | None
    bot_id: str | None


@dataclass(frozen=True)
class Deps:
    services: Services
    client: AsyncWebClient
    identity: SlackIdentity
    rate: PerUserRate  # OFFICEBOT_RATE_LIMIT, per person
    metrics: Metrics

    @property
    def settings(self) -> Settings:
        return self.services.settings


@asynccontextmanager
async def open_answering(
    settings: Settings, open_services: ServicesOpener, home: dict[str, Any], metrics: Metrics
) -> AsyncIterator[Deps]:
    """Entered on the answer worker's loop: the services, session and client belong to that loop.
    `home` is the bot's `auth.test` (its team), to tell Slack Connect users from our own."""
    async with open_services() as services, make_session(settings) as session:
        client = make_web_client(settings, session, token=settings.slack_bot_token)
        identity = SlackIdentity(client, services.directory, home=home)
        yield Deps(services, client, identity, PerUserRate(settings.questions_per_minute), metrics)
