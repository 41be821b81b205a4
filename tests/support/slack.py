"""Fixtures for the Slack tests: the Slack stand-in with a small workspace, and a bot factory that starts
`SlackBot` (what `officebot run` starts) against it, with the offline model or a MessagesAPIStandIn.
Also the helpers that write Slack history straight into the stand-in."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.services import open_services
from bot.slack.transport.pacing import Pacing
from bot.slack.transport.rate_limits import LIMITS, Limit
from bot.slack.transport.runner import SlackBot
from bot.slack.transport.socket_mode import ReconnectBackoff
from tests.support.clock import fixed_clock
from tests.support.database import ScratchDatabase, make_test_database, release_test_database
from tests.support.messages_api import MessagesAPIStandIn
from tests.support.slack_api import BOT_ID, BOT_USER_ID, SlackStandIn

MINSU = "U0123ABCD"  # E1001, mapped by slack_user_id
SEOYEON = "U0456EFGH"  # E1002
JIHOON = "UJIHOON01"  # E1003, no slack id in HR data: mapped by email
YUJIN = "UYUJIN001"  # E1004, HR email Yujin.Choi@example.com: mapped case-insensitively
GUEST = "UGUEST001"  # a guest whose email matches an employee: still refused
GONE = "UGONE0001"  # deactivated
STRANGER = "USTRANGER"  # a member with no HR record
OTHER_BOT = "UOTHERBOT"
CONNECT_GUEST = "UCONNECT1"  # Slack Connect: another organisation's account with E1003's email
SECOND_ACCOUNT = "USECOND01"  # a second account in our workspace with E1001's email; E1001 is pinned


def populate(slack: SlackStandIn) -> None:
    slack.add_user(MINSU, "minsu.kim@example.com")
    slack.add_user(SEOYEON, "seoyeon.lee@example.com")
    slack.add_user(JIHOON, "jihoon.park@example.com")
    slack.add_user(YUJIN, "yujin.choi@EXAMPLE.com")
    slack.add_user(GUEST, "jihoon.park@example.com", is_restricted=True)
    slack.add_user(GONE, "minsu.kim@example.com", deleted=True)
    slack.add_user(STRANGER, "nobody@example.com")
    slack.add_user(OTHER_BOT, is_bot=True)
    slack.add_user(CONNECT_GUEST, "jihoon.park@example.com", team_id="T0OTHERORG", is_stranger=True)
    slack.add_user(SECOND_ACCOUNT, "Minsu.Kim@example.com")


@pytest.fixture
async def slack() -> AsyncIterator[SlackStandIn]:
    async with SlackStandIn() as stand_in:
        populate(stand_in)
        yield stand_in


def bot_env(slack: SlackStandIn, model: MessagesAPIStandIn | None = None, **extra: str) -> dict[str, str]:
    env = {"SLACK_BOT_TOKEN": "xoxb-test", "SLACK_APP_TOKEN": "xapp-test", "SLACK_API_URL": slack.api_url}
    if model is not None:
        env |= {"ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": model.base_url}
    return env | extra


# Production's Socket Mode backoff, five times faster: the same shape, without seconds of waiting.
FAST_RECONNECT = ReconnectBackoff(base=0.2, cap=6.0, stable_after=6.0)
# Production's retries, twenty times faster and without the SDK's jitter: a fault costs milliseconds; a
# streamed answer's steps are gathered for 5 ms before an append, not 100 ms (a round's tool calls still
# go in one: they are added together). The give-ups that a test waits for (accept_timeout,
# write_check_timeout) stay production's here; the tests about them pass shorter ones.
BRISK = Pacing(
    reconnect=FAST_RECONNECT,
    deliver_first_wait=0.05,
    deliver_longest_wait=0.5,
    record_first_wait=0.01,
    record_longest_wait=0.5,
    rate_limit_jitter=0.0,
    server_error_backoff=0.025,
    stream_coalesce=0.005,
    request_backoff=0.2,
    request_sweep=0.5,
)


def brisk(**changes: Any) -> Pacing:
    """BRISK with some waits changed: a test about a give-up passes a short one, so waiting it out is cheap."""
    return replace(BRISK, **changes)


def shorten(settings: Settings, **seconds: float) -> Settings:
    """`settings` with some of its waits (`deadline`, `slack_timeout`, …) shorter than an operator may set
    them (the bounds are for production, where a 0.3 s deadline would be a typo): a test that waits one out
    then waits tenths of a second instead of whole ones. Only ever shorter, so no test waits longer."""
    for name, value in seconds.items():
        assert 0 < value < getattr(settings, name), f"{name}={value} is not shorter"
    return settings.model_copy(update=seconds)


@pytest.fixture
async def start_bot(slack: SlackStandIn, tmp_path: Path) -> AsyncIterator[Callable[..., Any]]:
    """`bot = await start_bot(model=None, **env)`: Socket Mode by default, on a migrated database holding
    the demo data (OFFICEBOT_DATABASE_URL, as in production); stopped after the test. `shorter=` sets
    waits below what the environment may (see `shorten`)."""
    running: list[SlackBot] = []
    databases: list[ScratchDatabase] = []

    async def start(
        model: MessagesAPIStandIn | None = None,
        port: int = 0,
        pacing: Pacing = BRISK,
        limits: Mapping[str, tuple[Limit, ...]] = LIMITS,
        clock: Callable[[], datetime] = fixed_clock,
        shorter: Mapping[str, float] | None = None,
        **extra: str,
    ) -> SlackBot:
        if "OFFICEBOT_DATABASE_URL" not in extra:
            db = await make_test_database("sqlite", tmp_path, seeded=True)
            databases.append(db)
            extra["OFFICEBOT_DATABASE_URL"] = db.url
        settings = Settings.from_env(bot_env(slack, model, **extra))
        if shorter:
            settings = shorten(settings, **shorter)
        bot = SlackBot(
            settings,
            port=port,
            host="127.0.0.1",
            services=lambda: open_services(settings, clock=clock),
            pacing=pacing,
            limits=limits,
        )
        running.append(await bot.start())
        return bot

    yield start
    for bot in running:
        await bot.stop()
    for db in databases:
        await release_test_database(db)


def posted_texts(slack: SlackStandIn, channel: str) -> list[str]:
    return [m.get("text", "") for m in slack.history[channel] if m.get("bot_id")]


def seed_user_turn(slack: SlackStandIn, user: str, text: str, **extra: Any) -> str:
    """A message the person wrote earlier, written straight into their DM's history; returns its ts."""
    ts = slack.new_ts()
    slack.history[f"D{user}"].append({"type": "message", "user": user, "text": text, "ts": ts, **extra})
    return ts


def seed_bot_turn(slack: SlackStandIn, user: str, text: str) -> str:
    """A message the bot posted earlier in the person's DM; returns its ts."""
    ts = slack.new_ts()
    slack.history[f"D{user}"].append(
        {"type": "message", "user": BOT_USER_ID, "bot_id": BOT_ID, "text": text, "ts": ts}
    )
    return ts


async def not_acknowledged(
    slack: SlackStandIn, logs: pytest.LogCaptureFixture, envelope_id: str, failure: str
) -> None:
    """Until Bolt's error handler has logged the listener's `failure` (a question the inbox could not
    record: "could not record a dm question"): by then Bolt has made the response a 500, so the event is
    never acknowledged (Slack delivers it again). No fixed wait for an absence."""
    async with asyncio.timeout(15):
        while not any(
            r.name == "bot.slack.app" and r.levelno >= logging.ERROR and r.getMessage().startswith(failure)
            for r in logs.records
        ):
            await asyncio.sleep(0.01)
    assert envelope_id not in slack.acks
