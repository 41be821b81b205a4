"""`/leave` and mentions in channels: acknowledged at once, answered only where the asker alone can read."""

from __future__ import annotations

import asyncio

from bot.llm.offline import OfflineModel
from tests.support.slack import MINSU, SEOYEON
from tests.support.slack_api import SlackStandIn


def _responses(c) -> bool:
    return c.method == "response_url"


async def test_leave_alone_is_acked_then_answered_privately_without_the_model(slack, start_bot, messages_api):
    model = await messages_api()
    await start_bot(model)
    sent = await slack.slash(MINSU)
    ack = await slack.wait_for_ack(sent.envelope_id)
    assert ack.payload is None  # an empty ack; the answer follows through response_url
    [reply] = await slack.wait_for(_responses)
    assert reply.args["response_type"] == "ephemeral"
    assert reply.args["text"].startswith("2026년 남은 연차: 7.5일")
    assert model.requests == []  # looked up by code
    assert slack.calls_to("chat.postMessage", "chat.update") == []


async def test_leave_question_is_acked_while_the_model_is_still_thinking(slack, start_bot, messages_api):
    release, asked = asyncio.Event(), asyncio.Event()
    offline = OfflineModel()

    async def held(body):
        asked.set()
        await release.wait()
        return offline.handle(body)

    model = await messages_api(held)
    await start_bot(model)
    sent = await slack.slash(SEOYEON, "작년엔 며칠 썼어?")
    ack = await slack.wait_for_ack(sent.envelope_id)
    await asyncio.wait_for(asked.wait(), 15)
    assert not release.is_set()  # acknowledged, and the model is still holding its answer
    assert "조회 중" in ack.payload["text"] and ack.payload["response_type"] == "ephemeral"
    release.set()
    [reply] = await slack.wait_for(_responses)
    assert "6.75" in reply.args["text"]  # 2025: 16 granted − 9.25 used, 6.75 lapsed
    assert reply.args["response_type"] == "ephemeral"


async def test_one_slow_conversation_does_not_hold_up_others(slack, start_bot, messages_api):
    release = asyncio.Event()
    offline = OfflineModel()

    async def slow_for_minsu(body):
        if "2025" in str(body["messages"]) or "작년" in str(body["messages"][0]["content"]):
            await release.wait()
        return offline.handle(body)

    model = await messages_api(slow_for_minsu)
    await start_bot(model)
    await slack.user_message(MINSU, "작년엔 며칠 남았었어?")  # held until the end
    await slack.user_message(SEOYEON, "올해 연차 며칠 남았어?")
    [update] = await slack.wait_for(lambda c: c.method == "chat.update")
    assert update.args["channel"] == f"D{SEOYEON}" and "12.25" in update.args["text"]
    sent = await slack.slash(SEOYEON)
    await slack.wait_for_ack(sent.envelope_id)
    await slack.wait_for(_responses)
    assert not release.is_set()
    release.set()
    await slack.wait_for(lambda c: c.method == "chat.update", count=2)


async def test_leave_help_is_the_ack_itself(slack, start_bot, messages_api):
    model = await messages_api()
    await start_bot(model)
    sent = await slack.slash(MINSU, "help")
    ack = await slack.wait_for_ack(sent.envelope_id)
    assert "/leave trace" in ack.payload["text"] and ack.payload["response_type"] == "ephemeral"
    assert model.requests == []


async def test_leave_trace_sends_the_steps_privately(slack, start_bot):
    await start_bot()
    await slack.slash(MINSU, "trace")
    [answer, trace] = await slack.wait_for(_responses, count=2)
    assert answer.args["text"].startswith("2026년 남은 연차")
    text = "\n".join(b["text"]["text"] for b in trace.args["blocks"] if b["type"] == "section")
    assert "no model call" in text and "*tool_use* `get_leave_balance`" in text and "*tool_result*" in text
    assert "model call 1" not in text
    assert trace.args["response_type"] == "ephemeral"


async def test_leave_trace_with_a_question_shows_the_model_calls(slack, start_bot):
    await start_bot()
    await slack.slash(MINSU, "trace 올해 연차 며칠 남았어?")
    [_, trace] = await slack.wait_for(_responses, count=2)
    text = "\n".join(b["text"]["text"] for b in trace.args["blocks"] if b["type"] == "section")
    assert "model call 1" in text and "model call 2" in text


async def test_mention_in_a_channel_is_answered_only_to_the_asker(slack: SlackStandIn, start_bot):
    await start_bot()
    sent = await slack.mention(MINSU, "올해 연차 며칠 남았어? --trace", channel="CGENERAL")
    [working, answer, trace] = await slack.wait_for(lambda c: c.method == "chat.postEphemeral", count=3)
    for call in (working, answer, trace):
        assert call.args["user"] == MINSU and call.args["channel"] == "CGENERAL"
        assert call.args["thread_ts"] == sent.ts
    assert "조회 중" in working.args["text"]
    assert "7.5" in answer.args["text"]
    assert any(
        "get_leave_balance" in b["text"]["text"] for b in trace.args["blocks"] if b["type"] == "section"
    )
    # Nothing anyone else could read: no public post, no edit.
    assert slack.calls_to("chat.postMessage", "chat.update") == []
    assert [m for m in slack.history["CGENERAL"] if m.get("bot_id")] == []


async def test_trace_setting_never_makes_a_mention_public(slack, start_bot):
    await start_bot(OFFICEBOT_TRACE="on")
    await slack.mention(SEOYEON, "올해 연차 며칠 남았어?")
    await slack.wait_for(lambda c: c.method == "chat.postEphemeral", count=3)
    assert slack.calls_to("chat.postMessage", "chat.update") == []


async def test_a_question_about_someone_else_keeps_that_person_visible_to_the_model(
    slack, start_bot, messages_api
):
    model = await messages_api()
    await start_bot(model)
    await slack.mention(MINSU, f"<@{SEOYEON}> 연차 며칠 남았어?")
    await slack.wait_for(lambda c: c.method == "chat.postEphemeral", count=2)
    question = model.requests[0]["messages"][-1]["content"]
    assert question == "(another person / 다른 사람) 연차 며칠 남았어?"


async def test_a_mention_inside_a_dm_is_answered_once_by_the_dm_listener(slack, start_bot):
    await start_bot()
    await slack.mention(MINSU, "올해 연차 며칠 남았어?", channel=f"D{MINSU}")
    sent = await slack.user_message(MINSU, "작년엔?")
    await slack.wait_for(lambda c: c.method == "chat.update" and c.args["channel"] == sent.channel)
    assert slack.calls_to("chat.postEphemeral") == []


async def test_one_person_asking_too_fast_gets_a_polite_reply_and_no_model_call(
    slack, start_bot, messages_api
):
    model = await messages_api()
    await start_bot(model, OFFICEBOT_RATE_LIMIT="3")
    for _ in range(5):
        await slack.slash(MINSU, "올해 연차 며칠 남았어?")
    replies = await slack.wait_for(lambda c: c.method == "response_url", count=5)
    slowed = [r for r in replies if "1분에 3번까지" in r.args["text"]]
    assert len(slowed) == 2 and all("up to 3 questions a minute" in r.args["text"] for r in slowed)
    assert len(model.requests) == 3 * 3  # three questions answered: a tool call, an answer, its judgement
    await slack.slash(SEOYEON, "올해 연차 며칠 남았어?")  # someone else is not held up
    answers = await slack.wait_for(lambda c: c.method == "response_url", count=6)
    assert "12.25" in answers[-1].args["text"]
