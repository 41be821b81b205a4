"""Direct messages over Socket Mode: answer in place, follow-ups from Slack history, noise ignored."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.slack.transport.rate_limits import LIMITS, Limit
from tests.support.messages_api import MessagesAPIStandIn, answering, judging
from tests.support.slack import MINSU, posted_texts, seed_bot_turn, seed_user_turn
from tests.support.slack_api import BOT_ID, BOT_USER_ID, SlackStandIn


def _updates(slack: SlackStandIn):
    return lambda c: c.method == "chat.update"


async def test_dm_is_answered_in_the_same_dm(slack: SlackStandIn, start_bot):
    await start_bot()
    sent = await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    ack = await slack.wait_for_ack(sent.envelope_id)
    assert ack.payload is None
    [update] = await slack.wait_for(_updates(slack))
    assert "7.5" in update.args["text"]
    [placeholder] = slack.calls_to("chat.postMessage")
    assert placeholder.args["channel"] == sent.channel and "조회 중" in placeholder.args["text"]
    assert "thread_ts" not in placeholder.args  # top-level question, top-level answer
    assert update.args["ts"] == slack.history[str(sent.channel)][-1]["ts"]


async def test_dm_in_a_thread_uses_the_assistant_status_and_answers_in_the_thread(slack, start_bot):
    await start_bot()
    parent = await slack.user_message(MINSU, "안녕?")
    await slack.wait_for(_updates(slack))
    sent = await slack.user_message(
        MINSU, "How many days of leave do I have left this year?", thread_ts=parent.ts
    )
    [status] = await slack.wait_for(lambda c: c.method == "assistant.threads.setStatus")
    assert status.args["thread_ts"] == parent.ts and status.args["status"]
    [answer] = await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args.get("thread_ts"))
    assert answer.args["thread_ts"] == parent.ts
    assert "7.5" in answer.args["text"]
    assert sent.channel == answer.args["channel"]


async def test_a_refused_status_falls_back_to_a_placeholder_in_the_thread(slack, start_bot):
    slack.failing["assistant.threads.setStatus"] = "not_allowed_token_type"
    await start_bot()
    parent = await slack.user_message(MINSU, "안녕?")
    await slack.wait_for(_updates(slack))
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?", thread_ts=parent.ts)
    [_, update] = await slack.wait_for(_updates(slack), count=2)
    [placeholder] = [c for c in slack.calls_to("chat.postMessage") if c.args.get("thread_ts") == parent.ts]
    assert "조회 중" in placeholder.args["text"]
    assert "7.5" in update.args["text"]


async def test_follow_up_gets_the_conversation_from_slack_history(slack, start_bot, messages_api):
    model: MessagesAPIStandIn = await messages_api()  # the offline model, behind the real HTTP API
    await start_bot(model)
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [first] = await slack.wait_for(_updates(slack))
    await slack.user_message(MINSU, "작년엔 며칠이었지?")
    [_, second] = await slack.wait_for(_updates(slack), count=2)

    assert "3.5" in second.args["text"]  # 2025: 15 granted − 11.5 used, 3.5 lapsed
    follow_up_request = next(
        r for r in model.requests if r["messages"][-1]["content"] == "작년엔 며칠이었지?"
    )
    assert follow_up_request["messages"] == [
        {"role": "user", "content": "올해 연차 며칠 남았어?"},
        {"role": "assistant", "content": first.args["text"]},
        {"role": "user", "content": "작년엔 며칠이었지?"},
    ]


async def test_history_is_bounded_to_the_last_turns(slack, start_bot, messages_api):
    model = await messages_api()
    await start_bot(model)
    for _ in range(8):  # 16 turns of earlier conversation, written straight into Slack's history
        seed_user_turn(slack, MINSU, "안녕?")
        seed_bot_turn(slack, MINSU, "안녕하세요!")
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    await slack.wait_for(_updates(slack))
    messages = model.requests[0]["messages"]
    assert len(messages) == 9  # ≤ 10, starting with a user turn
    assert messages[0]["role"] == "user" and messages[-1]["content"] == "올해 연차 며칠 남았어?"


async def test_noise_is_acknowledged_and_ignored(slack, start_bot, messages_api):
    model = await messages_api()
    await start_bot(model)
    channel = f"D{MINSU}"
    noise: list[dict[str, Any]] = [
        {"user": BOT_USER_ID, "bot_id": BOT_ID, "text": "my own answer"},
        {"bot_id": "BOTHER", "subtype": "bot_message", "text": "another bot: 연차 며칠?"},
        {"user": MINSU, "subtype": "message_changed", "text": "", "message": {"text": "올해 연차?"}},
        {"user": MINSU, "subtype": "message_deleted", "text": ""},
        {"user": MINSU, "text": "연차 며칠 남았어?", "channel_type": "channel", "channel": "CGENERAL"},
    ]
    for event in noise:
        ts = slack.new_ts()
        sent = await slack.push_event(
            {"type": "message", "channel": channel, "channel_type": "im", "ts": ts, "event_ts": ts} | event
        )
        await slack.wait_for_ack(sent.envelope_id)
    # A real question afterwards is answered, and it is the only thing that was.
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    await slack.wait_for(_updates(slack))
    assert [r["messages"][0]["content"] for r in answering(model.requests)] == [
        "올해 연차 며칠 남았어?"
    ] * 2  # tool, answer
    assert len(judging(model.requests)) == 1  # and the answer judged once
    assert len(slack.calls_to("chat.postMessage", "chat.postEphemeral")) == 1
    assert len(posted_texts(slack, channel)) == 1


async def test_a_redelivered_event_is_answered_once(slack, start_bot):
    await start_bot()
    first = await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    event = {"type": "message", "user": MINSU, "text": "올해 연차 며칠 남았어?", "ts": first.ts}
    event |= {"channel": first.channel, "channel_type": "im", "event_ts": first.ts}
    await slack.wait_for(_updates(slack))
    retry = await slack.push_event(event, event_id=first.event_id, retry_attempt=1)
    await slack.wait_for_ack(retry.envelope_id)  # acknowledged, so Slack stops retrying
    await slack.user_message(MINSU, "작년엔 며칠이었지?")
    await slack.wait_for(_updates(slack), count=2)
    assert len(slack.calls_to("chat.postMessage")) == 2  # one placeholder per distinct question


async def test_trace_flag_posts_the_steps_in_the_answer_thread(slack, start_bot):
    await start_bot()
    await slack.user_message(MINSU, "올해 연차 며칠 남았어? --trace")
    [update] = await slack.wait_for(_updates(slack))
    [trace] = await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args.get("thread_ts"))
    assert trace.args["thread_ts"] == update.args["ts"]
    assert trace.args["metadata"]["event_type"] == "officebot_trace"
    text = "\n".join(b["text"]["text"] for b in trace.args["blocks"] if b["type"] == "section")
    assert "stop_reason `tool_use`" in text and "stop_reason `end_turn`" in text
    assert "*tool_use* `get_leave_balance`" in text and '{"year": 2026}' in text
    assert "*tool_result*" in text and "*answer*" in text
    assert "--trace" not in update.args["text"]


async def test_trace_setting_threads_every_answer_and_stays_out_of_the_history(
    slack, start_bot, messages_api
):
    model = await messages_api()
    # Without the per-channel limit: three answers and their traces in one DM within a second or two would
    # otherwise wait for chat.postMessage's one a second there (as they should; not what this test is about).
    unthrottled = {method: tuple(x for x in limits if not x.per_channel) for method, limits in LIMITS.items()}
    await start_bot(model, OFFICEBOT_TRACE="on", limits=unthrottled)
    is_trace = lambda c: (c.args.get("metadata") or {}).get("event_type") == "officebot_trace"  # noqa: E731
    await slack.user_message(MINSU, "안녕?")
    [first_trace] = await slack.wait_for(is_trace)
    thread = first_trace.args["thread_ts"]  # under the answer, where the person now replies
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?", thread_ts=thread)
    await slack.wait_for(is_trace, count=2)
    await slack.user_message(MINSU, "작년엔?", thread_ts=thread)
    [*_, third_trace] = await slack.wait_for(is_trace, count=3)
    assert third_trace.args["thread_ts"] == thread

    request = next(r for r in model.requests if r["messages"][-1]["content"] == "작년엔?")
    roles = [m["role"] for m in request["messages"]]
    assert roles == ["user", "assistant", "user"]
    assert request["messages"][0]["content"] == "올해 연차 며칠 남았어?"
    assert not any("trace" in m["content"] or "stop_reason" in m["content"] for m in request["messages"])


async def test_model_outage_apologises_and_the_next_message_works(slack, start_bot, messages_api):
    from bot.llm.offline import OfflineModel
    from tests.support.messages_api import error_reply

    offline = OfflineModel()
    outage = {"left": 3}  # the first call and the SDK's two retries

    def script(body):
        if outage["left"]:
            outage["left"] -= 1
            return error_reply(529, "overloaded_error", "Overloaded")
        return offline.handle(body)

    model = await messages_api(script)
    await start_bot(model)
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [apology] = await slack.wait_for(_updates(slack))
    assert "AI 모델에 연결할 수 없어요" in apology.args["text"]
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [_, answer] = await slack.wait_for(_updates(slack), count=2)
    assert "7.5" in answer.args["text"]


async def test_a_message_with_no_question_gets_a_hint_and_no_model_call(slack, start_bot, messages_api):
    model = await messages_api()
    await start_bot(model)
    await slack.user_message(MINSU, "--trace")
    [hint] = await slack.wait_for(lambda c: c.method == "chat.postMessage")
    assert "올해 연차 며칠 남았어?" in hint.args["text"]
    await slack.mention(MINSU, "")
    [hint] = await slack.wait_for(lambda c: c.method == "chat.postEphemeral")
    assert "Ask about your annual leave" in hint.args["text"]
    assert model.requests == []


async def test_a_placeholder_of_an_answer_still_in_flight_is_not_a_turn(slack, start_bot, messages_api):
    model = await messages_api()
    await start_bot(model)
    seed_user_turn(slack, MINSU, "안녕?")
    seed_bot_turn(slack, MINSU, "_잔여 연차 조회 중…_")
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    await slack.wait_for(_updates(slack))
    assert model.requests[0]["messages"] == [{"role": "user", "content": "안녕?\n올해 연차 며칠 남았어?"}]


async def test_a_long_thread_gives_the_model_its_latest_turns(slack, start_bot, messages_api):
    model = await messages_api()
    await start_bot(model)
    parent = seed_user_turn(slack, MINSU, "안녕?")
    for i in range(300):  # more than one page of conversations.replies
        seed_user_turn(slack, MINSU, f"메모 {i}", thread_ts=parent)
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?", thread_ts=parent)
    await slack.wait_for(
        lambda c: c.method in ("chat.postMessage", "chat.update") and "7.5" in c.args["text"]
    )
    [user_turn] = model.requests[0]["messages"]  # consecutive user messages merge into one turn
    assert "메모 299" in user_turn["content"] and user_turn["content"].endswith("올해 연차 며칠 남았어?")
    assert len(slack.calls_to("conversations.replies")) == 2


async def test_a_failed_trace_post_leaves_the_answer_standing(slack, start_bot):
    slack.failing_when = lambda method, args: (
        "invalid_blocks" if method == "chat.postMessage" and _is_trace(args) else None
    )
    await start_bot()
    await slack.user_message(MINSU, "올해 연차 며칠 남았어? --trace")
    [answer] = await slack.wait_for(_updates(slack))
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and _is_trace(c.args))
    await slack.user_message(MINSU, "작년엔?")  # by the time this is answered, an apology would show
    await slack.wait_for(_updates(slack), count=2)
    assert "7.5" in answer.args["text"]
    assert [u.args["ts"] for u in slack.calls_to("chat.update")].count(answer.args["ts"]) == 1
    assert not any("Sorry, something went wrong" in t for t in posted_texts(slack, f"D{MINSU}"))


async def test_a_failed_history_fetch_still_turns_the_placeholder_into_the_apology(slack, start_bot):
    # The history fetch fails outright (connection dropped, after the SDK's retry) while the placeholder
    # is still on its way: the placeholder must become the apology, not be left spinning.
    slack.dropping.add("conversations.history")
    slack.delays["chat.postMessage"] = (
        0.3  # longer than the SDK's retry of the dropped fetch (BRISK: ~0.03 s)
    )
    await start_bot()
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [update] = await slack.wait_for(_updates(slack))
    [placeholder] = slack.calls_to("chat.postMessage")
    assert "조회 중" in placeholder.args["text"]
    assert "something went wrong" in update.args["text"]
    assert posted_texts(slack, f"D{MINSU}") == [update.args["text"]]  # one message: the apology


async def test_when_did_i_take_leave_is_answered_from_the_records(slack, start_bot, messages_api):
    model = await messages_api()
    await start_bot(model)
    await slack.user_message(MINSU, "남은 연차랑 쓴 날짜 알려줘")
    [update] = await slack.wait_for(_updates(slack))
    assert "2026년 남은 연차는 7.5일" in update.args["text"]
    assert "3월 2일(월) 0.5일(연차)" in update.args["text"]
    first_request_tools = [
        b["name"] for b in model.requests[1]["messages"][1]["content"] if b["type"] == "tool_use"
    ]
    assert first_request_tools == ["get_leave_balance", "list_leave_taken"]  # both, in one round


async def test_a_huge_history_is_cut_to_the_budget_keeping_the_latest_turns(slack, start_bot, messages_api):
    from bot.slack.answering.history import HISTORY_BUDGET_CHARS

    model = await messages_api()
    await start_bot(model)
    for i in range(4):  # four long old exchanges: far over the budget together
        seed_user_turn(slack, MINSU, f"긴 메모 {i} " + "가" * 9000)
        seed_bot_turn(slack, MINSU, "안녕하세요!")
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    await slack.wait_for(_updates(slack))
    messages = model.requests[0]["messages"]
    assert sum(len(m["content"]) for m in messages) <= HISTORY_BUDGET_CHARS + 1
    assert messages[-1]["content"] == "올해 연차 며칠 남았어?"
    assert messages[0]["role"] == "user" and "긴 메모 3" in "".join(m["content"] for m in messages)


async def test_a_slow_answer_says_it_is_still_coming_then_stops_at_the_deadline(
    slack, start_bot, messages_api
):
    model = await messages_api(latency=3)  # two model calls: far past the deadline
    # "Still working" after 0.1 s (a quarter), stopped at 0.4 s: 0.3 s for that edit to reach Slack.
    await start_bot(model, shorter={"deadline": 0.4})
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [still, stopped] = await slack.wait_for(_updates(slack), count=2, timeout=15)
    assert still.args["text"] == "_아직 조회 중이에요… 조금만 기다려 주세요._"
    assert stopped.args["text"].startswith("죄송해요, 답을 만드는 데 너무 오래 걸려 멈췄어요.")
    assert still.args["ts"] == stopped.args["ts"]  # the one placeholder, never left spinning


def _is_trace(args: dict) -> bool:
    return (args.get("metadata") or {}).get("event_type") == "officebot_trace"


async def test_the_still_working_notice_never_spends_the_answer_s_prepaid_edit(
    slack, start_bot, messages_api
):
    # One chat.update a minute: the placeholder's prepaid edit is the only one there is, and it is the answer's.
    slack.enforce_limits({"chat.update": 1})
    # "Still working" after 0.2 s (a quarter of the deadline); two model calls of 0.15 s end past it. The
    # notice, refused a budget, shows nothing to wait for: the model's latency is what puts it first.
    model = await messages_api(latency=0.15)
    await start_bot(model, shorter={"deadline": 0.8}, limits=dict(LIMITS) | {"chat.update": (Limit(1),)})
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [update] = await slack.wait_for(_updates(slack), timeout=20)  # not a minute later, on a refilled token
    assert "7.5" in update.args["text"]
    await asyncio.sleep(0.2)  # nothing else edits the placeholder (the notice had no budget of its own)
    assert slack.calls_to("chat.update") == [update]
    assert slack.refused == []


async def test_an_edit_slack_holds_back_for_minutes_is_posted_instead(slack, start_bot):
    bot = await start_bot()
    slack.rate_limit_once("chat.update", retry_after=600)  # ten minutes: nobody waits that long
    asked = await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [answer] = await slack.wait_for(lambda c: c.method == "chat.postMessage" and "7.5" in c.args["text"])
    [placeholder, _] = slack.calls_to("chat.postMessage")
    assert "조회 중" in placeholder.args["text"] and "thread_ts" not in answer.args  # under it, at the top
    assert len(slack.calls_to("chat.update")) == 1  # refused once, not tried again within the 10 minutes
    assert bot.metrics.rate_limited.labels("chat.update")._value.get() == 1
    # The next question is not given a placeholder that could not be edited: the status line, in its thread.
    second = await slack.user_message(MINSU, "작년엔 며칠이었지?")
    [status] = await slack.wait_for(lambda c: c.method == "assistant.threads.setStatus")
    [reply] = await slack.wait_for(lambda c: c.method == "chat.postMessage" and "3.5" in c.args["text"])
    assert status.args["thread_ts"] == reply.args["thread_ts"] == second.ts != asked.ts
    assert len(slack.calls_to("chat.update")) == 1


async def test_a_prepaid_edit_still_keeps_to_a_retry_after_that_came_since(slack, start_bot, messages_api):
    model = await messages_api()
    model.hold()  # the answer waits at the model until the notice has been refused
    await start_bot(model, shorter={"deadline": 0.6})  # "still working" after 0.15 s, a quarter of it
    slack.rate_limit_once("chat.update", retry_after=600)  # the notice's edit: chat.update for 10 minutes
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    await slack.wait_for(_updates(slack))  # the notice, refused
    model.release()
    [answer] = await slack.wait_for(lambda c: c.method == "chat.postMessage" and "7.5" in c.args["text"])
    assert "thread_ts" not in answer.args  # under the placeholder, which could not be edited
    [notice] = slack.calls_to("chat.update")  # the answer's prepaid edit was not sent into the 429
    assert notice.args["text"] == "_아직 조회 중이에요… 조금만 기다려 주세요._"
