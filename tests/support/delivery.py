"""A leave requests' deliverer (bot/slack/request_delivery.py) on a test's engine and the Slack stand-in:
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
from bot.slack.request_delivery import RequestDelivery
from tests.support.slack_api import SlackStandIn


def delivery_for(
    engine: AsyncEngine, slack: SlackStandIn, clock: Callable[[], datetime], owner: str = "test"
) -> RequestDelivery:
    client = AsyncWebClient(token="xoxb-test", base_url=slack.api_url)
    directory = SqlHrStore(engine)
    return RequestDelivery(
        SqlRequestOutbox(engine, clock=clock),
        SqlRequestStore(engine, clock=clock),
        SqlPolicyStore(engine),
        directory,
        client,
        SlackIdentity(client, directory),
        owner,
        clock,
        "Asia/Seoul",
    )
