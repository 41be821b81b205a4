"""Streamed DM answers over the wire: the lookups live as task cards in order, the checked answer appended
only at the end (never an amount the grounding check rejects), the stream's ts noted as the question's
progress, and the fallbacks: Slack cannot stream (placeholders, and the process stops trying), a stream
that ends part-way (edited into the answer), a stream cut off by shutdown (the next process edits it)."""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import select

from bot.db.tables import inbox
from bot.llm.offline import OfflineModel
from bot.slack.transport.rate_limits import LIMITS, Limit
from tests.support.messages_api import MessagesAPIStandIn, text_reply, tool_reply
from tests.support.slack import MINSU
from tests.support.slack_api import Call, SlackStandIn

STREAM_CALLS = ("chat.startStream", "chat.appendStream", "chat.stopStream")


def _chunks(calls: list[Call]) -> list[dict[str, Any]]:
    return [chunk for call in calls for chunk in call.args.get("chunks") or []]


def _statuses(chunks: list[dict[str, Any]], task_id: str) -> list[str]:
    return [c["status"] for c in chunks if c.get("type") == "task_update" and c["id"] == task_id]


def _markdown(calls: list[Call]) -> str:
    said = [str(c.args.get("markdown_text") or "") for c in calls]
    return "".join(said + [c["text"] for c in _chunks(calls) if c.get("type") == "markdown_text"])


class Gate:
    """The offline model, held at the gate until opened (an answer in flight)."""

    def __init__(self) -> None:
        self.open = asyncio.Event()
        self.arrived = asyncio.Event()
        self._offline = OfflineModel()

    async def __call__(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        self.arrived.set()
        await self.open.wait()
        return self._offline.handle(body)


async def test_a_dm_answer_streams_its_lookup_live_then_the_answer(
    slack: SlackStandIn, start_bot, seeded_database
):
    slack.streaming = True
    gate = Gate()
    async with MessagesAPIStandIn(gate) as model:
        await start_bot(model, OFFICEBOT_DATABASE_URL=seeded_database.url)
        asked = await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
        await asyncio.wait_for(gate.arrived.wait(), 10)
        [start] = slack.calls_to("chat.startStream")
        assert start.args["thread_ts"] == asked.ts  # a DM stream is a reply in the question's thread
        async with seeded_database.engine.connect() as connection:
            noted = (await connection.execute(select(inbox.c.progress_ts))).scalar_one()
        assert noted == slack.history[f"D{MINSU}"][-1]["ts"]  # the stream is the question's progress
        gate.open.set()
        [stop] = await slack.wait_for(lambda c: c.method == "chat.stopStream")

    calls = slack.calls_to(*STREAM_CALLS)
    assert calls[0].method == "chat.startStream" and calls[-1] is stop
    chunks = _chunks(calls)
    assert _statuses(chunks, "reading") == ["in_progress", "complete"]
    [tool_use_id] = {c["id"] for c in chunks if c.get("type") == "task_update" and c["id"] != "reading"}
    assert _statuses(chunks, tool_use_id) == ["pending", "in_progress", "complete"]
    [done] = [c for c in chunks if c.get("id") == tool_use_id and c["status"] == "complete"]
    assert done["title"] == "연차 조회 2026" and "7.5일" in done["output"]
    # The answer is appended only at the end, after the lookups: no text before stopStream.
    assert _markdown(calls[:-1]) == ""
    assert "7.5" in _markdown([stop])
    assert stop.args["blocks"][-1]["type"] == "context_actions"  # feedback buttons
    [message] = [m for m in slack.history[f"D{MINSU}"] if m.get("bot_id")]
    assert not message["streaming"] and "7.5" in message["text"]
    assert slack.calls_to("chat.postMessage", "chat.update") == []  # one answer: the stream


async def test_parallel_lookups_show_a_plan_and_a_card_each(slack: SlackStandIn, start_bot, messages_api):
    slack.streaming = True
    await start_bot(await messages_api())
    await slack.user_message(MINSU, "남은 연차랑 쓴 날짜 알려줘")
    await slack.wait_for(lambda c: c.method == "chat.stopStream")
    chunks = _chunks(slack.calls_to(*STREAM_CALLS))
    [plan] = [c for c in chunks if c.get("type") == "plan_update"]
    assert plan["title"] == "2가지를 함께 조회해요"
    titles = {c["title"] for c in chunks if c.get("type") == "task_update" and c["status"] == "complete"}
    assert {"연차 조회 2026", "휴가 기록 조회 2026"} <= titles


async def test_a_wrong_amount_the_model_drafts_is_never_streamed(
    slack: SlackStandIn, start_bot, messages_api
):
    slack.streaming = True
    # The model looks up 2026 (7.5 left), then claims 12 twice: the check corrects, then repairs.
    script = [
        tool_reply(("toolu_1", {"year": 2026})),
        text_reply("올해 남은 연차는 12일이에요."),
        text_reply("올해 남은 연차는 12일이에요."),
    ]
    await start_bot(await messages_api(script))
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    await slack.wait_for(lambda c: c.method == "chat.stopStream")
    streamed = _markdown(slack.calls_to(*STREAM_CALLS))
    assert "12일" not in streamed and "7.5" in streamed


async def test_a_stream_that_ends_part_way_is_edited_into_one_answer(slack: SlackStandIn, start_bot):
    slack.streaming = True
    slack.failing["chat.stopStream"] = "message_not_in_streaming_state"  # Slack expired the stream
    await start_bot()
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [update] = await slack.wait_for(lambda c: c.method == "chat.update")
    [start] = slack.calls_to("chat.startStream")
    stream_ts = next(m["ts"] for m in slack.history[f"D{MINSU}"] if m.get("bot_id"))
    assert update.args["ts"] == stream_ts and "7.5" in update.args["text"]
    assert start.args["channel"] == update.args["channel"]
    assert slack.calls_to("chat.postMessage") == []  # the same message, not a second answer


async def test_where_slack_cannot_stream_placeholders_answer_and_it_stops_trying(
    slack: SlackStandIn, start_bot
):
    assert not slack.streaming  # Slack answers unknown_method
    await start_bot()
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [first] = await slack.wait_for(lambda c: c.method == "chat.update")
    await slack.user_message(MINSU, "작년엔 며칠이었지?")
    [_, second] = await slack.wait_for(lambda c: c.method == "chat.update", count=2)
    assert "7.5" in first.args["text"] and "3.5" in second.args["text"]
    assert len(slack.calls_to("chat.startStream")) == 1  # tried once, then placeholders only
    placeholders = slack.calls_to("chat.postMessage")
    assert len(placeholders) == 2 and all("thread_ts" not in p.args for p in placeholders)


async def test_a_stream_that_could_not_start_gives_its_stop_back_to_the_budget(
    slack: SlackStandIn, start_bot
):
    # One stop a minute: the stop taken with a start that failed is the next answer's stream, or nothing.
    slack.streaming = True
    bot = await start_bot(limits=dict(LIMITS) | {"chat.stopStream": (Limit(1),)})
    slack.failing["chat.startStream"] = "internal_error"  # this one message, not streaming as a whole
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [placeholder_answer] = await slack.wait_for(lambda c: c.method == "chat.update")
    assert "7.5" in placeholder_answer.args["text"]
    del slack.failing["chat.startStream"]
    await slack.user_message(MINSU, "작년엔 며칠이었지?")
    [stop] = await slack.wait_for(lambda c: c.method == "chat.stopStream")
    assert "3.5" in _markdown([stop])
    assert len(slack.calls_to("chat.startStream")) == 2
    async with asyncio.timeout(10):  # counted once `answer()` returns, just after the stop
        while bot.metrics.presentation.labels("stream")._value.get() < 1:
            await asyncio.sleep(0.02)


async def test_a_stream_cut_off_by_shutdown_is_finished_by_the_next_process(
    slack: SlackStandIn, start_bot, seeded_database
):
    slack.streaming = True
    gate = Gate()
    async with MessagesAPIStandIn(gate) as model:
        first = await start_bot(  # the grace runs out whatever its length: the answer is held at the model
            model, OFFICEBOT_DATABASE_URL=seeded_database.url, OFFICEBOT_SHUTDOWN_GRACE="0.05"
        )
        await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
        await asyncio.wait_for(gate.arrived.wait(), 10)
        await first.stop()  # the answer is cut off; the stream is left streaming
        gate.open.set()
        await start_bot(model, OFFICEBOT_DATABASE_URL=seeded_database.url)
        [update] = await slack.wait_for(lambda c: c.method == "chat.update")
    [stream] = [m for m in slack.history[f"D{MINSU}"] if m.get("bot_id")]
    assert update.args["ts"] == stream["ts"] and "7.5" in update.args["text"]
    assert not stream["streaming"]  # stopped before it was edited: no spinner left
    assert len(slack.calls_to("chat.startStream")) == 1


def _the_stream(slack: SlackStandIn) -> dict[str, Any]:
    [stream] = [m for m in slack.history[f"D{MINSU}"] if m.get("bot_id")]
    return stream


async def _until_served(slack: SlackStandIn, method: str, count: int) -> None:
    async with asyncio.timeout(10):
        while slack.served.count(method) < count:
            await asyncio.sleep(0.02)


async def test_a_stream_broken_by_a_failed_append_is_stopped_then_edited_into_one_answer(
    slack: SlackStandIn, start_bot
):
    slack.streaming = True
    appends: list[str] = []

    def appends_fail(method: str, args: dict[str, Any]) -> str | None:
        # The first card goes with the start; the lookup's steps, batched, are the first append.
        if method == "chat.appendStream":
            appends.append(method)
            return "internal_error"
        return None

    slack.failing_when = appends_fail
    await start_bot()
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [update] = await slack.wait_for(lambda c: c.method == "chat.update")
    stream = _the_stream(slack)
    assert update.args["ts"] == stream["ts"] and "7.5" in update.args["text"]
    assert not stream["streaming"]  # stopped, not left "typing" in Slack
    [stop] = slack.calls_to("chat.stopStream")
    assert not stop.args.get("chunks")  # the stop carried no text: the edit did, once


async def test_a_stop_that_timed_out_before_slack_did_it_is_not_sent_again_with_the_text(
    slack: SlackStandIn, start_bot
):
    slack.streaming = True
    late = slack.hold_once("chat.stopStream")  # carried out after the bot gave up on it (0.25 s)
    await start_bot(shorter={"slack_timeout": 0.25})  # Slack calls here take 10-50 ms
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [update] = await slack.wait_for(lambda c: c.method == "chat.update")
    late.set()  # …and after it stopped the stream and edited the answer in
    await _until_served(slack, "chat.stopStream", 2)  # the late stop has now reached the stream
    stream = _the_stream(slack)
    assert not stream["streaming"]
    assert "7.5" in update.args["text"]
    assert stream["text"] == update.args["text"]  # the answer once: the late stop found nothing to add to


async def test_a_stop_slack_did_but_answered_too_late_is_checked_not_repeated(slack: SlackStandIn, start_bot):
    slack.streaming = True
    slack.answer_late_once("chat.stopStream", 0.45)  # done at once; the answer comes after the bot gave up
    await start_bot(shorter={"slack_timeout": 0.25})  # Slack calls here take 10-50 ms
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    await slack.wait_for(lambda c: c.method == "chat.stopStream", count=2)  # the answer, then the check
    await _until_served(slack, "chat.stopStream", 2)
    stream = _the_stream(slack)
    answer = _markdown(slack.calls_to("chat.stopStream"))
    assert "7.5" in answer and stream["text"].count(answer) == 1 and not stream["streaming"]
    assert [bool(c.args.get("chunks")) for c in slack.calls_to("chat.stopStream")] == [True, False]
    assert stream["metadata"]["event_type"] == "officebot_final"  # a takeover would see it answered
    assert slack.calls_to("chat.update", "chat.postMessage") == []  # it was there: nothing sent again
