"""What answering a question needs, opened on the answer worker's loop and used only there."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from slack_sdk.web.async_client import AsyncWebClient

from bot.config import Settings
from bot.metrics import Metrics
from bot.ports.conversations import Conversations
from bot.ports.inbox import Inbox
from bot.services import Services
from bot.services.stores import inbox_on
from bot.slack.answering.stream import StreamSwitch
from bot.slack.identity import SlackIdentity
from bot.slack.requests.request_delivery import RequestDelivery
from bot.slack.requests.request_people import RequestPeople
from bot.slack.transport.client import make_session, make_web_client
from bot.slack.transport.pacing import Pacing
from bot.slack.transport.rate_limits import Limiter

log = logging.getLogger(__name__)

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
    inbox: Inbox  # this process's view of the durable inbox, on this loop
    slots: asyncio.Semaphore  # OFFICEBOT_MAX_INFLIGHT answers at once; the rest wait their turn
    metrics: Metrics
    streaming: StreamSwitch  # whether DM answers are streamed (off after Slack says it cannot)
    pacing: Pacing  # the retries' and backoffs' waits (production's, or a test's shorter ones)
    limiter: Limiter  # this process's Slack budget: the presentation of an answer is chosen by it
    delivery: RequestDelivery  # what leave requests owe people, delivered once
    conversations: Conversations  # the DM threads' turns as recorded, on this loop
    # HR's usage chart uploaded to Slack, by the digest of the figures it draws: a Home render whose
    # figures did not change shows the file already uploaded instead of uploading another.
    charts: dict[str, str] = field(default_factory=dict)

    @property
    def settings(self) -> Settings:
        return self.services.settings


@asynccontextmanager
async def open_answering(
    settings: Settings,
    open_services: ServicesOpener,
    home: dict[str, Any],
    metrics: Metrics,
    owner: str,
    pacing: Pacing,
    limiter: Limiter,
) -> AsyncIterator[Deps]:
    """Entered on the answer worker's loop: the services, session and client belong to that loop.
    `home` is the bot's `auth.test` (its team), to tell Slack Connect users from our own; `owner` names
    this process in the inbox. On the way out, whatever this process still holds unfinished in the inbox
    is released for the next process (or the next start) to take over."""
    async with open_services() as services, make_session(settings) as session:
        client = make_web_client(
            settings, session, token=settings.slack_bot_token, pacing=pacing, limiter=limiter
        )
        identity = SlackIdentity(client, services.directory, home=home)
        inbox = inbox_on(services.engine, settings, owner)
        people = RequestPeople(
            services.requests,
            services.policy,
            services.directory,
            client,
            identity,
            services.calendar.clock,
            services.calendar.timezone,
        )
        delivery = RequestDelivery(
            services.request_outbox,
            services.requests,
            people,
            client,
            owner,
            backoff=pacing.request_backoff,
            renew_every=settings.takeover_after / 3,
        )
        conversations = services.stores.conversations
        try:
            # Before any event is received: whether records made before now can be trusted. Until it is
            # known (the caretaker tries again every round), every thread is read from Slack.
            try:
                await conversations.keep_recording()
            except Exception as exc:
                log.warning("could not say this process receives (%s)", exc.__class__.__name__)
            slots = asyncio.Semaphore(settings.max_inflight)
            streaming = StreamSwitch(settings.stream)
            yield Deps(
                services,
                client,
                identity,
                inbox,
                slots,
                metrics,
                streaming,
                pacing,
                limiter,
                delivery,
                conversations,
            )
        finally:
            await delivery.close()
            try:
                await inbox.release()
            except Exception as exc:  # the database is gone: the leases run out by themselves instead
                log.warning("could not release unfinished questions (%s)", exc.__class__.__name__)
