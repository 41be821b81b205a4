"""An acknowledged question is never lost: the durable inbox across shutdowns, crashes, restarts and
several processes, over the wire through the Slack and Messages API stand-ins and the real databases."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot import text
from bot.db.inbox import SqlInbox
from bot.errors import ConfigError
from bot.llm.offline import OfflineModel
from bot.ports.inbox import Delivery
from bot.slack.answering.render import PROGRESS_EVENT_TYPE, placeholder_text
from tests.support.database import (
    ScratchDatabase,
    cut_off,
    make_test_database,
    release_test_database,
)
from tests.support.messages_api import MessagesAPIStandIn
from tests.support.process import start_officebot
from tests.support.slack import (
    JIHOON,
    MINSU,
    SEOYEON,
    YUJIN,
    bot_env,
    brisk,
    not_acknowledged,
    seed_bot_turn,
    seed_user_turn,
)
from tests.support.slack_api import BOT_ID, BOT_USER_ID, SlackStandIn

QUESTION = "올해 연차 며칠 남았어?"


class GatedModel:
    """The offline model behind a gate: requests wait while it is shut (an answer in flight), and the
    stand-in counts how many run at once."""

    def __init__(self, *, shut: bool = False, latency: float = 0.0) -> None:
        self.gate = asyncio.Event()
        if not shut:
            self.gate.set()
        self.latency = latency
        self.arrived = 0
        self.running = 0
        self.most_at_once = 0
        self._offline = OfflineModel()

    async def __call__(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        self.arrived += 1
        self.running += 1
        self.most_at_once = max(self.most_at_once, self.running)
        try:
            await self.gate.wait()
            await asyncio.sleep(self.latency)
            return self._offline.handle(body)
        finally:
            self.running -= 1

    async def until_arrived(self, count: int, timeout: float = 15) -> None:
        async with asyncio.timeout(timeout):
            while self.arrived < count:
                await asyncio.sleep(0.01)


@pytest.fixture
async def gated() -> AsyncIterator[tuple[GatedModel, MessagesAPIStandIn]]:
    model = GatedModel(shut=True)
    async with MessagesAPIStandIn(model) as api:
        yield model, api
        model.gate.set()  # let held requests end before the stand-in stops


def answers(slack: SlackStandIn, channel: str) -> list[str]:
    return [c.args["text"] for c in slack.calls_to("chat.update") if c.args["channel"] == channel]


async def test_questions_cut_off_by_shutdown_are_answered_by_the_next_process(
    seeded_database, slack, start_bot, gated
):
    model, api = gated
    first = await start_bot(
        api,
        OFFICEBOT_DATABASE_URL=seeded_database.url,
        OFFICEBOT_SHUTDOWN_GRACE="0.05",  # held at the model: it runs out whatever its length
        OFFICEBOT_MAX_INFLIGHT="2",  # the third question waits for a slot, its placeholder showing
    )
    command = await slack.slash(SEOYEON, QUESTION)
    await model.until_arrived(1)
    dms = [await slack.user_message(user, QUESTION) for user in (MINSU, JIHOON)]
    await slack.wait_for(lambda c: c.method == "chat.postMessage", count=2)  # both placeholders
    await model.until_arrived(2)
    await first.stop()  # SIGTERM: the grace runs out with all three answers unfinished
    assert all(answers(slack, dm.channel) == [] for dm in dms)
    assert not any("12.25" in c.args["text"] for c in slack.calls_to("response_url"))

    model.gate.set()
    await start_bot(api, OFFICEBOT_DATABASE_URL=seeded_database.url)
    updates = await slack.wait_for(lambda c: c.method == "chat.update", count=2)
    by_channel = {u.args["channel"]: u.args for u in updates}
    for dm in dms:  # each answer is in the placeholder the first process posted
        assert by_channel[dm.channel]["ts"] == first_placeholder_ts(slack, dm.channel)
        assert "남은 연차" in by_channel[dm.channel]["text"]
    assert "7.5" in by_channel[dms[0].channel]["text"]  # Minsu's balance
    [reply] = await slack.wait_for(
        lambda c: c.method == "response_url" and c.args["response_id"] in command.channel
    )
    assert "12.25" in reply.args["text"]  # Seoyeon's, through the command's response_url
    assert len(slack.calls_to("chat.postMessage")) == 2  # no second placeholder


def first_placeholder_ts(slack: SlackStandIn, channel: str) -> str:
    return next(m["ts"] for m in slack.history[channel] if m.get("bot_id"))


async def test_a_process_killed_mid_answer_has_its_questions_answered_exactly_once_after_restart(
    slack, start_bot, tmp_path, gated
):
    model, api = gated
    db = await make_test_database("sqlite", tmp_path, seeded=True)
    env = bot_env(slack, api, OFFICEBOT_DATABASE_URL=db.url)  # the default 30 s lease
    process = await start_officebot("run", cwd=tmp_path, **env)
    try:
        await slack.until_connected(timeout=60)  # a process starting on a busy machine can take a while
        dms = [await slack.user_message(user, QUESTION) for user in (MINSU, SEOYEON, JIHOON)]
        await slack.wait_for(lambda c: c.method == "chat.postMessage", count=3, timeout=60)
        await model.until_arrived(3, timeout=60)
    finally:
        process.send_signal(signal.SIGKILL)  # no grace, no release
        await process.wait()
    model.gate.set()
    await start_bot(api, OFFICEBOT_DATABASE_URL=db.url)  # takes them at once: the run lock proves it
    updates = await slack.wait_for(lambda c: c.method == "chat.update", count=3, timeout=15)
    for dm in dms:  # each answered once, in the placeholder the killed process left
        [update] = [u for u in updates if u.args["channel"] == dm.channel]
        assert update.args["ts"] == first_placeholder_ts(slack, dm.channel)
    assert "7.5" in next(u.args["text"] for u in updates if u.args["channel"] == dms[0].channel)
    await slack.user_message(YUJIN, QUESTION)  # a later question is answered, and nothing else again
    await slack.wait_for(lambda c: c.method == "chat.update", count=4, timeout=15)
    assert len(slack.calls_to("chat.update")) == 4 and len(slack.calls_to("chat.postMessage")) == 4
    await release_test_database(db)


async def test_a_redelivery_after_a_restart_is_not_answered_again(seeded_database, slack, start_bot):
    first = await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    sent = await slack.user_message(MINSU, QUESTION)
    await slack.wait_for(lambda c: c.method == "chat.update")
    await first.stop()
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    event = {"type": "message", "user": MINSU, "text": QUESTION, "ts": sent.ts}
    event |= {"channel": sent.channel, "channel_type": "im", "event_ts": sent.ts}
    retry = await slack.push_event(event, event_id=sent.event_id, retry_attempt=1)
    await slack.wait_for_ack(retry.envelope_id)  # acknowledged, so Slack stops retrying
    await slack.user_message(MINSU, "작년엔 며칠이었지?")  # a later question is answered…
    await slack.wait_for(lambda c: c.method == "chat.update", count=2)
    assert len(slack.calls_to("chat.postMessage")) == 2  # …and the redelivered one was not


async def test_a_question_too_old_to_answer_is_told_to_ask_again(seeded_database, slack, start_bot):
    # What a process that crashed twenty minutes ago left behind: a question, and its placeholder.
    placeholder_ts = seed_bot_turn(slack, MINSU, placeholder_text(QUESTION))
    long_ago = datetime.now(UTC) - timedelta(minutes=20)
    crashed = SqlInbox(seeded_database.engine, "crashed", lease=30, clock=lambda: long_ago)
    event = {"type": "message", "user": MINSU, "text": QUESTION, "ts": "1764399999.000001"}
    event |= {"channel": f"D{MINSU}", "channel_type": "im"}
    payload = {"event": event, "bot": {"user_id": "UBOT", "bot_id": "BBOT"}}
    await crashed.accept(Delivery("EvOld", "dm", MINSU, payload))
    await crashed.note_progress("EvOld", placeholder_ts)

    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    [update] = await slack.wait_for(lambda c: c.method == "chat.update")
    assert update.args["ts"] == placeholder_ts
    assert update.args["text"] == text.RESTARTED.pick(korean=True)
    async with asyncio.timeout(5):  # marked right after the edit
        while await crashed.state_of("EvOld") != "failed":
            await asyncio.sleep(0.02)


async def test_a_placeholder_posted_but_not_noted_before_a_crash_is_found_and_edited(
    seeded_database, slack, start_bot
):
    # The crashed process posted its placeholder and died before noting it in the inbox.
    question_ts = seed_user_turn(slack, MINSU, QUESTION)
    placeholder_ts = slack.new_ts()
    slack.history[f"D{MINSU}"].append(
        {
            "type": "message", "user": BOT_USER_ID, "bot_id": BOT_ID, "ts": placeholder_ts,
            "text": placeholder_text(QUESTION),
            "metadata": {"event_type": PROGRESS_EVENT_TYPE, "event_payload": {"delivery_id": "EvLost"}},
        }
    )  # fmt: skip
    crashed = SqlInbox(seeded_database.engine, "crashed", lease=0.01)
    event = {"type": "message", "user": MINSU, "text": QUESTION, "ts": question_ts}
    event |= {"channel": f"D{MINSU}", "channel_type": "im"}
    payload = {"event": event, "bot": {"user_id": BOT_USER_ID, "bot_id": BOT_ID}}
    await crashed.accept(Delivery("EvLost", "dm", MINSU, payload))

    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    [update] = await slack.wait_for(lambda c: c.method == "chat.update")
    assert update.args["ts"] == placeholder_ts
    assert "7.5" in update.args["text"]
    assert slack.calls_to("chat.postMessage") == []  # no second placeholder, none left spinning


async def test_answers_in_flight_are_bounded_and_the_rest_wait_with_a_placeholder(slack, start_bot):
    model = GatedModel(shut=True, latency=0.02)
    async with MessagesAPIStandIn(model) as api:
        bot = await start_bot(api, OFFICEBOT_MAX_INFLIGHT="2")
        for user in (MINSU, SEOYEON, JIHOON) * 2:
            await slack.user_message(user, QUESTION)
        placeholders = await slack.wait_for(lambda c: c.method == "chat.postMessage", count=6)
        # Two answers held at the model, four waiting for a slot: a state, not a race (without the bound
        # the four reach the model too, and this never becomes true).
        async with asyncio.timeout(15):
            while bot.metrics.waiting._value.get() != 4 or model.arrived < 2:
                await asyncio.sleep(0.01)
        assert model.arrived == 2 and model.running == 2
        model.gate.set()
        updates = await slack.wait_for(lambda c: c.method == "chat.update", count=6, timeout=30)
    assert model.most_at_once <= 2  # also once they went on, two at a time
    assert model.arrived == 18  # every question answered: a tool call, an answer and its judgement each
    assert len(slack.calls_to("chat.postMessage")) == 6
    # Every placeholder was showing before the first answer: waiting questions are not left blank.
    assert max(c.at for c in placeholders) < min(c.at for c in updates)


async def test_a_second_process_on_one_sqlite_file_is_refused_with_one_line(
    seeded_database, slack, start_bot
):
    if seeded_database.database.url.get_backend_name() != "sqlite":
        return await two_processes_share_one_postgres(slack, start_bot, seeded_database)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    with pytest.raises(ConfigError) as info:
        await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    assert str(info.value).startswith("another `officebot run` is already serving ")
    assert "OFFICEBOT_DATABASE_URL" in str(info.value) and "\n" not in str(info.value)


async def two_processes_share_one_postgres(slack, start_bot, db: ScratchDatabase) -> None:
    await start_bot(OFFICEBOT_DATABASE_URL=db.url)
    await start_bot(OFFICEBOT_DATABASE_URL=db.url)  # PostgreSQL serves several
    for user in (MINSU, SEOYEON):
        await slack.user_message(user, QUESTION)  # the stand-in deals events to each connection in turn
    assert len(await slack.wait_for(lambda c: c.method == "chat.update", count=2)) == 2


async def test_two_processes_share_redelivery_dedupe_and_the_rate_limit(seeded_postgres, slack, start_bot):
    for _ in range(2):
        await start_bot(OFFICEBOT_DATABASE_URL=seeded_postgres.url, OFFICEBOT_RATE_LIMIT="3")
    sent = await slack.user_message(MINSU, QUESTION)  # to the first process…
    event = {"type": "message", "user": MINSU, "text": QUESTION, "ts": sent.ts}
    event |= {"channel": sent.channel, "channel_type": "im", "event_ts": sent.ts}
    retry = await slack.push_event(event, event_id=sent.event_id, retry_attempt=1)  # …again, to the second
    await slack.wait_for_ack(retry.envelope_id)
    await slack.wait_for(lambda c: c.method == "chat.update")
    for _ in range(4):  # alternately to each process: a per-process limit would allow all of them
        await slack.slash(MINSU, QUESTION)
    replies = await slack.wait_for(lambda c: c.method == "response_url", count=4)
    slowed = [r for r in replies if "1분에 3번까지" in r.args["text"]]
    assert len(slowed) == 2  # the DM and two commands were the three allowed
    assert len(slack.calls_to("chat.postMessage")) == 1  # the redelivered DM was not answered twice


async def test_a_question_that_cannot_be_recorded_is_not_acknowledged(
    seeded_postgres, slack, start_bot, caplog
):
    # Recording may take 0.2 s (production's 2 s): ample for an INSERT here, which takes milliseconds.
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_postgres.url, pacing=brisk(accept_timeout=0.2))
    async with cut_off(seeded_postgres):
        command = await slack.slash(MINSU, QUESTION)
        told = await slack.wait_for_ack(command.envelope_id)
        sent = await slack.user_message(MINSU, QUESTION)
        # Given up (past the 0.2 s recording may take, or failed sooner): Slack will deliver it again.
        await not_acknowledged(slack, caplog, sent.envelope_id, "could not record a dm question")
    assert told.payload["text"] == text.CANNOT_TAKE_QUESTIONS
    event = {"type": "message", "user": MINSU, "text": QUESTION, "ts": sent.ts}
    event |= {"channel": sent.channel, "channel_type": "im", "event_ts": sent.ts}
    retry = await slack.push_event(event, event_id=sent.event_id, retry_attempt=1)
    await slack.wait_for_ack(retry.envelope_id)
    [update] = await slack.wait_for(lambda c: c.method == "chat.update")
    assert "7.5" in update.args["text"]
    assert sent.envelope_id not in slack.acks  # nor, all this while, the delivery that was given up
