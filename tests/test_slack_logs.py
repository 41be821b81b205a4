"""What a fault run leaves in the logs: never a question's text, a Slack user id, an employee id, an email
or a credential above DEBUG, and one line (not a traceback) for each question the inbox cannot record.

Each scenario runs through the real bot and the stand-ins with the root logger at INFO from the start, as
`officebot run` sets it before the app is built. The database refuses writes the way a production one
does: the bot connects as a role of its own, and a test revokes that role's INSERT on a table.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, quote_plus, urlencode

import aiohttp
import asyncpg
import pytest
from slack_sdk.signature import SignatureVerifier
from sqlalchemy.engine import make_url

from bot import text
from tests.support.database import (
    ADMIN_URL,
    ScratchDatabase,
    asyncpg_dsn,
    make_test_database,
    release_test_database,
)
from tests.support.slack import MINSU, brisk, not_acknowledged
from tests.support.slack_api import APP_ID, BOT_USER_ID, TEAM_ID, SlackStandIn

QUESTION = "올해 연차 며칠 남았어?"
EMPLOYEE_ID = "E1001"  # MINSU's
EMAIL = "minsu.kim@example.com"
BOT_TOKEN = "xoxb-logs-test-bot-token"
APP_TOKEN = "xapp-logs-test-app-token"
SIGNING_SECRET = "logs-test-signing-secret"
NEVER_LOGGED = (QUESTION, MINSU, EMPLOYEE_ID, EMAIL, BOT_TOKEN, APP_TOKEN, SIGNING_SECRET)


@asynccontextmanager
async def _connected(url: str) -> AsyncIterator[asyncpg.Connection]:
    connection = await asyncpg.connect(asyncpg_dsn(url))
    try:
        yield connection
    finally:
        await connection.close()


@dataclass
class BotRole:
    """A login role the bot connects as, with the rights it needs on the test database (a superuser
    would ignore a revoked privilege)."""

    name: str
    url: str
    database: ScratchDatabase

    async def refuse_inserts_into(self, table: str) -> None:
        async with _connected(self.database.url) as admin:
            await admin.execute(f'REVOKE INSERT ON "{table}" FROM "{self.name}"')


@pytest.fixture
async def bot_role(tmp_path: Path) -> AsyncIterator[BotRole]:
    database = await make_test_database("postgresql", tmp_path, seeded=True)
    name, password = f"officebot_logs_{uuid.uuid4().hex[:10]}", uuid.uuid4().hex
    try:
        async with _connected(database.url) as admin:
            await admin.execute(f"CREATE ROLE \"{name}\" LOGIN PASSWORD '{password}'")
            for grant in ("SELECT, INSERT, UPDATE, DELETE ON ALL TABLES", "USAGE, SELECT ON ALL SEQUENCES"):
                await admin.execute(f'GRANT {grant} IN SCHEMA public TO "{name}"')
        url = make_url(database.url).set(username=name, password=password)
        yield BotRole(name, url.render_as_string(hide_password=False), database)
    finally:
        async with _connected(database.url) as admin:
            await admin.execute(f'DROP OWNED BY "{name}"')  # its rights here, so that the role can go
        await release_test_database(database)
        async with _connected(ADMIN_URL) as server:
            await server.execute(f'DROP ROLE IF EXISTS "{name}"')


@pytest.fixture
def logs(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """Every record at INFO and above, from before the bot starts (Bolt sets its loggers' levels then)."""
    caplog.set_level(logging.INFO)
    return caplog


def written(logs: pytest.LogCaptureFixture) -> str:
    """What the log handlers would write: each record's message and traceback."""
    formatter = logging.Formatter()
    return "\n".join(formatter.format(r) for r in logs.records if r.levelno >= logging.INFO)


def leaks(logs: pytest.LogCaptureFixture) -> list[str]:
    """Whatever must not be logged but was: whole, or a word of it (SQLAlchemy shortens long values), as
    written, as JSON (and its repr) or a form would escape it."""
    logged = written(logs).lower()
    found = []
    for secret in NEVER_LOGGED:
        for part in {secret, *secret.split()}:
            escaped = json.dumps(part)[1:-1]
            forms = {part, escaped, escaped.replace("\\", "\\\\"), quote(part), quote_plus(part)}
            if any(form.lower() in logged for form in forms):
                found.append(part)
    return found


async def test_logs_hold_no_message_text_or_ids_when_the_inbox_write_fails(
    bot_role: BotRole, slack: SlackStandIn, start_bot, logs
):
    await start_bot(OFFICEBOT_DATABASE_URL=bot_role.url, SLACK_BOT_TOKEN=BOT_TOKEN, SLACK_APP_TOKEN=APP_TOKEN)
    await bot_role.refuse_inserts_into("inbox")
    sent = await slack.user_message(MINSU, QUESTION)
    command = await slack.slash(MINSU, QUESTION)
    told = await slack.wait_for_ack(command.envelope_id)
    await not_acknowledged(
        slack, logs, sent.envelope_id, "could not record a dm question"
    )  # not recorded, so not acknowledged
    assert told.payload is not None and told.payload["text"] == text.CANNOT_TAKE_QUESTIONS
    assert leaks(logs) == []


async def test_logs_hold_no_message_text_or_ids_when_a_thread_s_records_cannot_be_written(
    bot_role: BotRole, slack: SlackStandIn, start_bot, logs
):
    # The first question's answer cannot be recorded either once the turns are refused: it gives up in a
    # second, not production's two minutes (the stop would wait it out).
    await start_bot(
        OFFICEBOT_DATABASE_URL=bot_role.url,
        SLACK_BOT_TOKEN=BOT_TOKEN,
        SLACK_APP_TOKEN=APP_TOKEN,
        pacing=brisk(record_retry_for=1.0),
    )
    greeting = slack.bot_message(f"D{MINSU}", "안녕하세요")
    asked = await slack.user_message(MINSU, "연차 문의", thread_ts=greeting)
    await slack.wait_for_ack(asked.envelope_id)
    await bot_role.refuse_inserts_into("conversation_turns")
    await bot_role.refuse_inserts_into("conversation_threads")
    # The question and its turn are one transaction: neither is recorded, so it is not acknowledged.
    sent = await slack.user_message(MINSU, QUESTION, thread_ts=greeting)
    await not_acknowledged(slack, logs, sent.envelope_id, "could not record a dm question")
    logs.clear()
    edited = await slack.edit_message(f"D{MINSU}", str(asked.ts), QUESTION)  # nor is an edit
    await not_acknowledged(slack, logs, edited.envelope_id, "could not record a dm edit")
    assert leaks(logs) == []


async def test_a_question_the_inbox_cannot_record_is_one_log_line_not_a_traceback(
    bot_role: BotRole, slack: SlackStandIn, start_bot, logs
):
    await start_bot(OFFICEBOT_DATABASE_URL=bot_role.url)
    await bot_role.refuse_inserts_into("inbox")
    logs.clear()  # what start-up said
    sent = await slack.user_message(MINSU, QUESTION)
    await not_acknowledged(slack, logs, sent.envelope_id, "could not record a dm question")
    command = await slack.slash(MINSU, QUESTION)
    await slack.wait_for_ack(command.envelope_id)
    assert sent.envelope_id not in slack.acks
    assert [r.getMessage() for r in logs.records if r.levelno >= logging.INFO] == [
        "could not record a dm question (ProgrammingError); not acknowledged, Slack will deliver it again",
        "could not record a slash question (ProgrammingError); the person was asked to try again",
    ]
    assert [r.getMessage() for r in logs.records if r.exc_info] == []


async def test_other_listener_failures_are_still_logged_with_their_traceback(
    slack: SlackStandIn, start_bot, logs
):
    await start_bot()
    event = {"type": "message", "user": MINSU, "text": QUESTION, "ts": slack.new_ts(), "channel_type": "im"}
    body = {"type": "event_callback", "team_id": TEAM_ID, "api_app_id": APP_ID, "event": event}
    sent = await slack.push("events_api", body)  # no event_id: the DM listener cannot name the delivery
    await not_acknowledged(slack, logs, sent.envelope_id, "a Slack listener failed")
    [failed] = [r for r in logs.records if r.levelno >= logging.ERROR]
    assert failed.getMessage() == "a Slack listener failed (KeyError)"
    assert failed.exc_info is not None and "on_message" in written(logs)


async def test_logs_hold_no_ids_when_the_audit_write_fails(
    bot_role: BotRole, slack: SlackStandIn, start_bot, logs
):
    await start_bot(OFFICEBOT_DATABASE_URL=bot_role.url, SLACK_BOT_TOKEN=BOT_TOKEN, SLACK_APP_TOKEN=APP_TOKEN)
    await bot_role.refuse_inserts_into("audit_log")
    await slack.user_message(MINSU, QUESTION)
    [update] = await slack.wait_for(lambda c: c.method == "chat.update")
    assert update.args["text"] == text.NOT_RECORDED.pick(True)  # the lookup was not shown unrecorded
    assert any("audit" in r.getMessage() for r in logs.records if r.levelno >= logging.ERROR)
    assert leaks(logs) == []


async def test_logs_hold_no_request_body_when_a_signature_is_bad(slack: SlackStandIn, start_bot, logs):
    bot = await start_bot(SLACK_APP_TOKEN="", SLACK_SIGNING_SECRET=SIGNING_SECRET, SLACK_BOT_TOKEN=BOT_TOKEN)
    ts = slack.new_ts()
    event = {"type": "message", "user": MINSU, "text": QUESTION, "ts": ts, "channel": f"D{MINSU}"}
    body = json.dumps(
        {
            "type": "event_callback",
            "team_id": TEAM_ID,
            "api_app_id": APP_ID,
            "event_id": "EvLOGS1",
            "event": event | {"channel_type": "im", "event_ts": ts},
            "authorizations": [{"team_id": TEAM_ID, "user_id": BOT_USER_ID, "is_bot": True}],
        }
    )
    command = urlencode(slack.slash_payload(MINSU, QUESTION))
    url = f"http://127.0.0.1:{bot.port}/slack/events"
    async with aiohttp.ClientSession() as session:
        for payload, content_type, secret, age in [
            (body, "application/json", "not-the-secret", 0),  # forged
            (command, "application/x-www-form-urlencoded", "not-the-secret", 0),
            (command, "application/x-www-form-urlencoded", SIGNING_SECRET, 10 * 60),  # replayed
        ]:
            timestamp = str(int(time.time()) - age)
            signature = SignatureVerifier(secret).generate_signature(timestamp=timestamp, body=payload)
            headers = {
                "X-Slack-Request-Timestamp": timestamp,
                "X-Slack-Signature": str(signature),
                "Content-Type": content_type,
            }
            async with session.post(url, data=payload.encode(), headers=headers) as response:
                assert response.status == 401
    assert slack.calls_to("chat.postMessage", "response_url") == []
    assert leaks(logs) == []
