"""A leave requests' deliverer (bot/slack/requests/request_delivery.py) on a test's engine and the Slack stand-in:
what a process of the running bot has, for tests that drive it without starting the bot."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from slack_sdk.web.async_client import AsyncWebClient
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.hr import SqlHrStore
from bot.db.policy import SqlPolicyStore
from bot.db.request_messages import SqlRequestOutbox
from bot.db.requests import SqlRequestStore
from bot.slack.identity import SlackIdentity
from bot.slack.requests.request_care import RequestCare
from bot.slack.requests.request_delivery import RequestDelivery
from bot.slack.requests.request_people import RequestPeople
from tests.support.slack_api import SlackStandIn


def delivery_for(
    engine: AsyncEngine,
    slack: SlackStandIn,
    clock: Callable[[], datetime],
    owner: str = "test",
    *,
    lease: float = 30.0,
    renew_every: float = 10.0,
    identity: SlackIdentity | None = None,
    outbox: SqlRequestOutbox | None = None,
) -> RequestDelivery:
    """`identity`: the Slack profiles' cache, shared with the caretaker's rounds as the running bot shares
    it (a fresh one if not given); `outbox`: one the test steps into (else the engine's, with `lease`)."""
    client = AsyncWebClient(token="xoxb-test", base_url=slack.api_url)
    directory = SqlHrStore(engine)
    requests = SqlRequestStore(engine, clock=clock)
    people = RequestPeople(
        requests,
        SqlPolicyStore(engine),
        directory,
        client,
        identity or SlackIdentity(client, directory),
        clock,
        "Asia/Seoul",
    )
    outbox = outbox or SqlRequestOutbox(engine, lease=lease, clock=clock)
    return RequestDelivery(outbox, requests, people, client, owner, renew_every=renew_every)


def care_for(engine: AsyncEngine, slack: SlackStandIn, clock: Callable[[], datetime]) -> RequestCare:
    """The caretaker's round over pending requests (reminders, expiry), as a running bot has it."""
    client = AsyncWebClient(token="xoxb-test", base_url=slack.api_url)
    directory = SqlHrStore(engine)
    requests = SqlRequestStore(engine, clock=clock)
    identity = SlackIdentity(client, directory)
    return RequestCare(
        requests,
        SqlPolicyStore(engine),
        directory,
        client,
        identity,
        delivery_for(engine, slack, clock, identity=identity),
        clock,
        "Asia/Seoul",
    )
