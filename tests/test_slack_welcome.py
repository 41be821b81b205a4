"""The first moment in the DM, over the wire: suggested prompts in the person's language on every open,
a greeting once, the refusal (and no prompts) for someone who may not ask, and the legacy assistant
thread; while working, the status rotates loading messages in the question's language."""

from __future__ import annotations

from bot import text
from tests.support.slack import GUEST, MINSU, SEOYEON
from tests.support.slack_api import SlackStandIn


def _prompts(slack: SlackStandIn):
    return lambda c: c.method == "assistant.threads.setSuggestedPrompts"


async def test_opening_the_dm_sets_korean_prompts_each_time_and_greets_once(slack: SlackStandIn, start_bot):
    await start_bot()
    await slack.open_app_home(MINSU, tab="messages")
    [first] = await slack.wait_for(_prompts(slack))
    assert first.args["channel_id"] == f"D{MINSU}"
    assert "thread_ts" not in first.args  # the agent view: a thread_ts would make Slack ignore the call
    assert [p["message"] for p in first.args["prompts"]] == [
        "올해 연차 며칠 남았어?",
        "작년엔 며칠이었지?",
        "올해 언제 연차 썼어?",
    ]
    assert first.args["title"] == "이렇게 물어보세요"
    await slack.open_app_home(MINSU, tab="messages")
    await slack.wait_for(_prompts(slack), count=2)
    greetings = [c for c in slack.calls_to("chat.postMessage") if c.args["channel"] == f"D{MINSU}"]
    assert [g.args["text"] for g in greetings] == [text.GREETING.ko]  # once, though opened twice


async def test_an_english_locale_gets_english_prompts(slack: SlackStandIn, start_bot):
    slack.users[SEOYEON]["locale"] = "en-US"  # her time zone is still Asia/Seoul: the locale wins
    await start_bot()
    await slack.open_app_home(SEOYEON, tab="messages")
    [call] = await slack.wait_for(_prompts(slack))
    assert call.args["prompts"][0] == {
        "title": "How many days of leave do I have left this year?",
        "message": "How many days of leave do I have left this year?",
    }
    [greeting] = await slack.wait_for(lambda c: c.method == "chat.postMessage")
    assert greeting.args["text"] == text.GREETING.en


async def test_a_guest_opening_the_dm_gets_the_refusal_and_no_prompts(slack: SlackStandIn, start_bot):
    await start_bot()
    await slack.open_app_home(GUEST, tab="messages")
    [post] = await slack.wait_for(lambda c: c.method == "chat.postMessage")
    assert post.args["text"] == text.REFUSED_GUEST
    await slack.open_app_home(MINSU, tab="messages")  # a later event is handled: the guest's is done
    [prompts] = await slack.wait_for(_prompts(slack))
    assert prompts.args["channel_id"] == f"D{MINSU}"
    assert len(slack.calls_to("assistant.threads.setSuggestedPrompts")) == 1


async def test_a_legacy_assistant_thread_is_greeted_with_prompts_in_the_thread(
    slack: SlackStandIn, start_bot
):
    await start_bot()
    started = await slack.start_assistant_thread(MINSU)
    [prompts] = await slack.wait_for(_prompts(slack))
    thread_ts = slack.history[f"D{MINSU}"][0]["ts"]
    assert prompts.args["thread_ts"] == thread_ts
    [greeting] = await slack.wait_for(lambda c: c.method == "chat.postMessage")
    assert greeting.args["thread_ts"] == thread_ts and greeting.args["text"] == text.GREETING.ko
    assert (await slack.wait_for_ack(started.envelope_id)).payload is None


async def test_the_status_rotates_loading_messages_in_the_questions_language(slack: SlackStandIn, start_bot):
    await start_bot()
    parent = await slack.user_message(MINSU, "안녕?")
    await slack.wait_for(lambda c: c.method == "chat.update")
    await slack.user_message(MINSU, "How many days of leave do I have left?", thread_ts=parent.ts)
    [status] = await slack.wait_for(lambda c: c.method == "assistant.threads.setStatus")
    assert status.args["loading_messages"] == [phrase.en for phrase in text.LOADING_MESSAGES]
