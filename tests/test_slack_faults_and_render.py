"""Slack rate limits, many conversations at once, and traces that stay within Slack's limits."""

from __future__ import annotations

import asyncio
from collections import Counter

from bot.agent.trace import Answer, ModelCall, ToolCall, ToolResult, Trace
from bot.slack.answering.render import BLOCKS_PER_MESSAGE, SECTION_LIMIT, answer_text, trace_messages
from tests.support.slack import MINSU, SEOYEON
from tests.support.slack_api import Call, SlackStandIn


async def test_many_conversations_at_once(slack, start_bot, messages_api):
    model = await messages_api()
    model.hold()  # every model call waits at the stand-in, in flight, until released below
    await start_bot(model)
    users = [f"UMANY{i:04d}" for i in range(40)]
    for user in users:
        slack.add_user(user, "jihoon.park@example.com" if user.endswith(("0", "2", "4", "6", "8")) else None)
    sent = await asyncio.gather(
        *(slack.user_message(u, "올해 연차 며칠 남았어?") for u in [*users, MINSU, SEOYEON])
    )
    # The 20 people with an email, MINSU and SEOYEON all reach the model at once: their calls overlap.
    # A bot answering one conversation at a time would never have more than one held here (TimeoutError).
    await model.wait_for_in_flight(20 + 2)
    slash = await slack.slash(SEOYEON)
    await slack.wait_for_ack(slash.envelope_id)  # acked while every conversation waits on the model
    for s in sent:
        await slack.wait_for_ack(s.envelope_id)  # so was every DM: no ack waits for an answer
    assert model.in_flight == 20 + 2  # still all held: the acks above came while the answers were open
    model.release()

    def answered(call: Call) -> bool:  # the answer, by an update of its placeholder or a message of its own
        return call.method in ("chat.update", "chat.postMessage") and "남은 연차" in str(
            call.args.get("text")
        )

    try:
        updates = await slack.wait_for(answered, count=20 + 2, timeout=60)
    except TimeoutError:
        counts = Counter(c.method for c in slack.calls)
        raise AssertionError(
            f"{sum(map(answered, slack.calls))} of 22 answered; calls: {dict(counts)}"
        ) from None
    assert {u.args["channel"] for u in updates} >= {f"D{MINSU}", f"D{SEOYEON}"}
    assert all(slack.acks.get(s.envelope_id) for s in sent)


def test_long_trace_content_is_truncated_and_split():
    trace = Trace()
    for round_number in range(1, 40):
        trace.add(ModelCall(round_number, "tool_use", 10, 5, 1.0))
        trace.add(ToolCall(f"toolu_{round_number}", "get_leave_balance", {"year": 2026}))
        trace.add(ToolResult(f"toolu_{round_number}", "get_leave_balance", "x" * 10_000, True, 1.0))
    trace.add(Answer("<@U999> & done"))
    messages = trace_messages(trace)
    assert len(messages) == 3
    for message in messages:
        assert len(message["blocks"]) <= BLOCKS_PER_MESSAGE
        assert len(message["text"]) <= 4000
        for block in message["blocks"][1:]:
            assert len(block["text"]["text"]) <= SECTION_LIMIT
            assert block["text"]["text"].count("```") in (0, 2)  # code blocks stay closed
    assert ":warning: *is_error*" in messages[0]["blocks"][3]["text"]["text"]
    assert "&lt;@U999&gt; &amp; done" in messages[-1]["blocks"][-1]["text"]["text"]  # cannot ping anyone


def test_answers_cannot_mention_people_and_are_bounded():
    assert answer_text("<!channel> hi") == "&lt;!channel&gt; hi"
    assert len(answer_text("가" * 10_000)) == 4000


async def test_a_hung_users_info_ends_in_an_answer_within_the_slack_timeout(slack: SlackStandIn, start_bot):
    slack.failing["users.list"] = "internal_error"  # no list of members: the person is looked up alone…
    slack.delays["users.info"] = 30  # …and Slack never answers in time
    await start_bot(shorter={"slack_timeout": 0.25})  # Slack calls here take 10-50 ms
    started = asyncio.get_running_loop().time()
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [reply] = await slack.wait_for(lambda c: c.method == "chat.postMessage", timeout=15)
    assert "something went wrong" in reply.args["text"]
    assert asyncio.get_running_loop().time() - started < 10  # not aiohttp's 300 s default


async def test_a_transient_5xx_on_the_final_edit_does_not_lose_the_answer(slack: SlackStandIn, start_bot):
    await start_bot()
    slack.server_error_once("chat.update")
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    updates = await slack.wait_for(lambda c: c.method == "chat.update", count=2)
    assert "7.5" in updates[-1].args["text"]  # the retry carried the answer, not an apology
    assert not any("something went wrong" in u.args["text"] for u in updates)


async def test_a_question_over_the_limit_is_declined_without_a_model_call(slack, start_bot, messages_api):
    model = await messages_api()
    await start_bot(model, OFFICEBOT_MAX_QUESTION_CHARS="500")
    await slack.user_message(MINSU, "연차 " + "가" * 600)
    [reply] = await slack.wait_for(lambda c: c.method == "chat.postMessage")
    assert (
        "500자 이내로 줄여서" in reply.args["text"] and "shorten it to 500 characters" in reply.args["text"]
    )
    assert model.requests == []


async def test_a_shared_file_gets_an_answer_to_its_text_or_a_note(slack, start_bot):
    await start_bot()
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?", subtype="file_share", files=[{"id": "F1"}])
    [answer] = await slack.wait_for(lambda c: c.method == "chat.update")
    assert "7.5" in answer.args["text"]
    await slack.user_message(MINSU, "", subtype="file_share", files=[{"id": "F2"}])
    [note] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and "I can only read text" in c.args["text"]
    )
    assert "글로 쓴 질문만" in note.args["text"]
