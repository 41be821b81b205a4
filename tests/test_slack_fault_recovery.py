"""Faults mid-answer, over the wire through the Slack and Messages API stand-ins and the real databases:
whatever the database or Slack does, an acknowledged question ends with exactly one answer (or a reply
saying why not), never none and never two. Each test is named after the fault it injects."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from bot import text
from bot.db.inbox import SqlInbox
from bot.db.tables import inbox
from bot.llm.offline import OfflineModel
from bot.ports.inbox import Delivery
from tests.support.database import (
    ScratchDatabase,
    read_only,
    sqlite_write_locked,
)
from tests.support.messages_api import MessagesAPIStandIn
from tests.support.slack import MINSU, SEOYEON, brisk, not_acknowledged, seed_user_turn
from tests.support.slack_api import BOT_ID, BOT_USER_ID, SlackStandIn

QUESTION = "올해 연차 며칠 남았어?"


class AnswersHeld:
    """The offline model, with its final answers (the requests that carry tool results) held at a gate:
    the lookups are done and audited, the answer is about to be posted."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.held = 0
        self._offline = OfflineModel()

    async def __call__(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        content = body["messages"][-1]["content"]
        if isinstance(content, list) and any(block.get("type") == "tool_result" for block in content):
            self.held += 1
            await self.gate.wait()
        return self._offline.handle(body)

    async def until_held(self, count: int) -> None:
        async with asyncio.timeout(15):
            while self.held < count:
                await asyncio.sleep(0.01)


async def states(db: ScratchDatabase) -> list[str]:
    async with db.engine.connect() as connection:
        return list((await connection.execute(select(inbox.c.state).order_by(inbox.c.received_at))).scalars())


async def until_states(db: ScratchDatabase, wanted: list[str], timeout: float = 15) -> None:
    async with asyncio.timeout(timeout):
        while await states(db) != wanted:
            await asyncio.sleep(0.05)


def answers_in(slack: SlackStandIn, channel: str) -> list[str]:
    """The answers the person can read in their DM: bot messages that are not placeholders any more."""
    return [m["text"] for m in slack.history[channel] if m.get("bot_id") and "7.5" in m.get("text", "")]


# ----- the database ----------------------------------------------------------------------------------------


async def test_sqlite_write_lock_past_the_ack_then_recorded_late_is_answered_once(
    slack, start_bot, seeded_sqlite, caplog
):
    # Recording may take 0.2 s (production's 2 s): ample for an INSERT here, which takes milliseconds.
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url, pacing=brisk(accept_timeout=0.2))
    with sqlite_write_locked(seeded_sqlite):  # until the ack is given up, shorter than the busy timeout
        sent = await slack.user_message(MINSU, QUESTION)
        # Not acked: Slack will redeliver.
        await not_acknowledged(slack, caplog, sent.envelope_id, "could not record a dm question")
    # The INSERT lands once the lock is gone: that question is answered (it used to be held, renewed
    # and never started, for as long as the process lived)…
    [update] = await slack.wait_for(lambda c: c.method == "chat.update", timeout=10)
    assert "7.5" in update.args["text"]
    # …and Slack's redelivery is acknowledged and dropped.
    event = {"type": "message", "user": MINSU, "text": QUESTION, "ts": sent.ts}
    event |= {"channel": sent.channel, "channel_type": "im", "event_ts": sent.ts}
    retry = await slack.push_event(event, event_id=sent.event_id, retry_attempt=1)
    await slack.wait_for_ack(retry.envelope_id)
    await slack.user_message(SEOYEON, QUESTION)  # a later question is answered…
    await slack.wait_for(lambda c: c.method == "chat.update", count=2)
    assert len(answers_in(slack, sent.channel)) == 1  # …and the redelivered one was not answered twice
    await until_states(seeded_sqlite, ["answered", "answered"])
    assert sent.envelope_id not in slack.acks  # nor, all this while, the delivery that was given up


async def test_sqlite_write_lock_past_a_slash_command_s_ack_drops_the_late_row_unanswered(
    slack, start_bot, seeded_sqlite
):
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url, pacing=brisk(accept_timeout=0.2))
    with sqlite_write_locked(seeded_sqlite):
        command = await slack.slash(MINSU, QUESTION)
        told = await slack.wait_for_ack(command.envelope_id, timeout=5)
    assert told.payload["text"] == text.CANNOT_TAKE_QUESTIONS  # the person was told to try again…
    await until_states(seeded_sqlite, ["failed"])  # …so the row that landed late is dropped, not answered
    await slack.user_message(SEOYEON, QUESTION)  # the bot goes on answering
    await slack.wait_for(lambda c: c.method == "chat.update")
    assert slack.calls_to("response_url") == []


async def test_sqlite_orphans_of_a_dead_process_are_taken_over_at_start_without_waiting_out_the_lease(
    slack, start_bot, seeded_sqlite
):
    # A process killed a moment ago left a question with 30 s of lease to run; the run lock the new
    # process takes proves the old one is gone.
    question_ts = seed_user_turn(slack, MINSU, QUESTION)
    killed = SqlInbox(seeded_sqlite.engine, "killed", lease=30)
    event = {"type": "message", "user": MINSU, "text": QUESTION, "ts": question_ts}
    event |= {"channel": f"D{MINSU}", "channel_type": "im"}
    payload = {"event": event, "bot": {"user_id": BOT_USER_ID, "bot_id": BOT_ID}}
    await killed.accept(Delivery("EvKilled", "dm", MINSU, payload))
    started = datetime.now(UTC)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url)  # OFFICEBOT_TAKEOVER_AFTER: 30 s
    [update] = await slack.wait_for(lambda c: c.method == "chat.update", timeout=10)
    assert "7.5" in update.args["text"]
    assert (datetime.now(UTC) - started).total_seconds() < 20  # not after the lease


async def test_postgres_read_only_while_answers_are_posted_then_restart_answers_nobody_twice(
    slack, start_bot, seeded_postgres
):
    model = AnswersHeld()
    async with MessagesAPIStandIn(model) as api:
        # A half-second lease (renewed every sixth of a second): what the restarted process waits out.
        shorter = {"takeover_after": 0.5}
        first = await start_bot(
            api, OFFICEBOT_DATABASE_URL=seeded_postgres.url, OFFICEBOT_SHUTDOWN_GRACE="0.1", shorter=shorter
        )
        sent = [await slack.user_message(user, QUESTION) for user in (MINSU, SEOYEON)]
        await model.until_held(2)
        async with read_only(seeded_postgres):  # a failover: the answers are posted, "answered" cannot be
            model.gate.set()
            await slack.wait_for(lambda c: c.method == "chat.update", count=2)
            await first.stop()  # restarted before the database took writes again (nor could it release them)
        await start_bot(api, OFFICEBOT_DATABASE_URL=seeded_postgres.url, shorter=shorter)
        await until_states(seeded_postgres, ["answered", "answered"])  # the takeover found the answers posted
    for dm in sent:
        assert len([c for c in slack.calls_to("chat.update") if c.args["channel"] == dm.channel]) == 1
    assert len(slack.calls_to("chat.postMessage")) == 2  # the two placeholders, and no second answer


async def test_postgres_read_only_for_a_while_marks_the_answer_finished_once_it_takes_writes(
    slack, start_bot, seeded_postgres
):
    model = AnswersHeld()
    async with MessagesAPIStandIn(model) as api:
        await start_bot(api, OFFICEBOT_DATABASE_URL=seeded_postgres.url, OFFICEBOT_TAKEOVER_AFTER="1")
        sent = await slack.user_message(MINSU, QUESTION)
        await model.until_held(1)
        async with read_only(seeded_postgres):
            model.gate.set()
            await slack.wait_for(lambda c: c.method == "chat.update")
            assert await states(seeded_postgres) == ["answering"]
        await until_states(seeded_postgres, ["answered"])  # retried until the database took it
    assert len(answers_in(slack, sent.channel or "")) == 1


# ----- Slack -----------------------------------------------------------------------------------------------


async def test_slack_final_edit_ok_false_then_429s_is_retried_never_replaced_by_an_apology(slack, start_bot):
    await start_bot()
    failed_once: list[str] = []

    def internal_error_once(method: str, args: dict[str, Any]) -> str | None:
        if method == "chat.update" and not failed_once:
            failed_once.append(method)
            return "internal_error"  # `ok: false`, not retried by the SDK
        return None

    slack.failing_when = internal_error_once
    slack.rate_limit_once("chat.update", retry_after=0, times=5)  # more than the SDK's own retries
    sent = await slack.user_message(MINSU, QUESTION)
    async with asyncio.timeout(30):
        while not answers_in(slack, sent.channel or ""):
            await asyncio.sleep(0.05)
    assert failed_once  # the fault did happen
    updates = [c.args["text"] for c in slack.calls_to("chat.update")]
    assert text.SOMETHING_WENT_WRONG not in updates
    assert all("7.5" in said for said in updates)  # every try carried the answer, never an apology


async def test_slack_thread_broadcast_dm_is_answered_like_a_thread_reply(slack, start_bot):
    await start_bot()
    first = await slack.user_message(MINSU, "안녕")
    await slack.wait_for(lambda c: c.method in ("chat.update", "chat.postMessage"))
    # "Also send to the conversation": Slack delivers the reply with the thread_broadcast subtype.
    await slack.user_message(MINSU, QUESTION, thread_ts=first.ts, subtype="thread_broadcast")
    [answer] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and "7.5" in c.args.get("text", ""), timeout=10
    )
    assert answer.args["thread_ts"] == first.ts
