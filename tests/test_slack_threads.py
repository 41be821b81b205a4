"""The agent view's threads from our own records: a question in a new thread under the greeting costs no
Slack read, and a follow-up sees the earlier turns exactly as a read of the thread would show them, after
a restart, after a takeover by another process, and after the person edits or deletes a message."""

from __future__ import annotations

from typing import Any

from bot.db.inbox import SqlInbox
from bot.ports.conversations import Turn
from bot.ports.inbox import Delivery
from bot.slack.answering.conversation import edited_thread
from tests.support.database import ScratchDatabase
from tests.support.messages_api import MessagesAPIStandIn
from tests.support.slack import MINSU
from tests.support.slack_api import BOT_ID, BOT_USER_ID, Call, SlackStandIn

DM = f"D{MINSU}"
GREETING = "안녕하세요! 연차에 대해 물어보세요."
FIRST, SECOND = "올해 연차 며칠 남았어?", "작년엔 며칠이었지?"
READS = ("conversations.replies", "conversations.history")


def final_in(channel: str, count: int = 1) -> Any:
    def final(call: Call) -> bool:
        metadata = call.args.get("metadata") or {}
        return call.args.get("channel") == channel and metadata.get("event_type") == "officebot_final"

    return final


def answer_text(slack: SlackStandIn, thread: str) -> str:
    """Our final answer in `thread` as Slack holds it: what a read of the thread gives the model."""
    [message] = [
        m
        for m in slack.history[DM]
        if m.get("thread_ts") == thread and (m.get("metadata") or {}).get("event_type") == "officebot_final"
    ]
    return str(message["text"])


def asked(model: MessagesAPIStandIn, question: str) -> list[dict[str, Any]]:
    """The conversation the model was given with `question` (its first request for it)."""
    last = [r["messages"] for r in model.requests if isinstance(r["messages"][-1]["content"], str)]
    return next(messages for messages in last if messages[-1]["content"].endswith(question))


def reads(slack: SlackStandIn) -> list[Call]:
    return [c for c in slack.calls if c.method in READS]


async def ask_in_thread(slack: SlackStandIn, thread: str, question: str, answers: int) -> None:
    await slack.user_message(MINSU, question, thread_ts=thread)
    await slack.wait_for(final_in(DM), count=answers, timeout=20)


def test_only_an_edit_of_the_words_or_a_deletion_changes_a_thread():
    bot = {"user_id": BOT_USER_ID, "bot_id": BOT_ID}
    asked = {"type": "message", "user": MINSU, "text": FIRST, "ts": "2.0", "thread_ts": "1.0"}
    event = {"type": "message", "subtype": "message_changed", "channel": DM, "channel_type": "im"}
    edited = {**event, "message": {**asked, "text": SECOND}, "previous_message": asked}
    assert edited_thread(edited, bot) == (DM, "1.0")
    replied = {**event, "message": {**asked, "reply_count": 1}, "previous_message": asked}
    assert edited_thread(replied, bot) is None  # Slack's own change: the words are the same
    ours = {"type": "message", "user": BOT_USER_ID, "bot_id": BOT_ID, "text": "_조회 중_", "ts": "3.0"}
    answered = {**event, "message": {**ours, "text": "7.5일"}, "previous_message": ours}
    assert edited_thread(answered, bot) is None  # a placeholder or a stream becoming the answer
    top_level = {**event, "message": {**asked, "thread_ts": None, "text": SECOND}, "previous_message": asked}
    assert edited_thread(top_level, bot) == (DM, "2.0")  # a top-level message is its own thread's root
    deleted = {**event, "subtype": "message_deleted", "deleted_ts": "3.0", "previous_message": ours}
    assert edited_thread(deleted, bot) == (DM, "3.0")


async def test_a_new_thread_under_the_greeting_is_answered_without_reading_slack(slack, start_bot):
    slack.streaming = True  # the agent view
    await start_bot()
    greeting = slack.bot_message(DM, GREETING)
    await ask_in_thread(slack, greeting, FIRST, answers=1)
    assert "7.5" in answer_text(slack, greeting)
    assert reads(slack) == []


async def test_a_follow_up_gets_the_earlier_turns_from_the_records(slack, start_bot, messages_api):
    slack.streaming = True
    model = await messages_api()
    bot = await start_bot(model)
    greeting = slack.bot_message(DM, GREETING)
    await ask_in_thread(slack, greeting, FIRST, answers=1)
    first_answer = answer_text(slack, greeting)
    await ask_in_thread(slack, greeting, SECOND, answers=2)
    assert asked(model, SECOND) == [
        {"role": "user", "content": FIRST},
        {"role": "assistant", "content": first_answer},
        {"role": "user", "content": SECOND},
    ]
    assert reads(slack) == []
    assert b'officebot_conversation_history_total{source="records"} 2.0' in bot.metrics.exposition()


async def test_a_follow_up_after_a_restart_sees_the_earlier_turns(
    slack, start_bot, messages_api, seeded_database: ScratchDatabase
):
    model = await messages_api()
    first = await start_bot(model, OFFICEBOT_DATABASE_URL=seeded_database.url)
    greeting = slack.bot_message(DM, GREETING)
    await ask_in_thread(slack, greeting, FIRST, answers=1)
    first_answer = answer_text(slack, greeting)
    await first.stop()
    await start_bot(model, OFFICEBOT_DATABASE_URL=seeded_database.url)
    await ask_in_thread(slack, greeting, SECOND, answers=2)
    assert asked(model, SECOND) == [
        {"role": "user", "content": FIRST},
        {"role": "assistant", "content": first_answer},
        {"role": "user", "content": SECOND},
    ]
    assert reads(slack) == []  # back within the lease: nothing can have been missed meanwhile


async def test_a_follow_up_after_a_takeover_sees_the_answer_the_other_process_gave(
    slack, start_bot, messages_api, seeded_database: ScratchDatabase
):
    model = await messages_api()
    await start_bot(model, OFFICEBOT_DATABASE_URL=seeded_database.url, shorter={"takeover_after": 0.5})
    greeting = slack.bot_message(DM, GREETING)
    # Another process accepted the first question (recording its turn) and died before answering it.
    ts = slack.new_ts()
    event = {"type": "message", "user": MINSU, "text": FIRST, "ts": ts, "thread_ts": greeting}
    slack.history[DM].append(dict(event))
    event |= {"channel": DM, "channel_type": "im", "parent_user_id": BOT_USER_ID}
    payload = {"event": event, "bot": {"user_id": BOT_USER_ID, "bot_id": BOT_ID}}
    died = SqlInbox(seeded_database.engine, "died", lease=0.2)
    await died.accept(Delivery("EvDied", "dm", MINSU, payload, Turn(DM, greeting, ts, "user", FIRST)))
    await slack.wait_for(final_in(DM), timeout=20)  # taken over and answered here
    first_answer = answer_text(slack, greeting)
    reads_before = len(reads(slack))  # a takeover looks for what the other process left in the thread
    await ask_in_thread(slack, greeting, SECOND, answers=2)
    assert asked(model, SECOND) == [
        {"role": "user", "content": FIRST},
        {"role": "assistant", "content": first_answer},
        {"role": "user", "content": SECOND},
    ]
    assert len(reads(slack)) == reads_before


async def test_a_follow_up_after_the_person_edits_an_earlier_question_sees_the_edit(
    slack, start_bot, messages_api
):
    slack.streaming = True
    model = await messages_api()
    await start_bot(model)
    greeting = slack.bot_message(DM, GREETING)
    await ask_in_thread(slack, greeting, FIRST, answers=1)
    first_answer = answer_text(slack, greeting)
    [question] = [m for m in slack.history[DM] if m.get("text") == FIRST]
    edited = await slack.edit_message(DM, question["ts"], "올해 연차 며칠 남았어? (반차 포함)")
    await slack.wait_for_ack(edited.envelope_id)
    await ask_in_thread(slack, greeting, SECOND, answers=2)
    assert asked(model, SECOND) == [
        {"role": "user", "content": "올해 연차 며칠 남았어? (반차 포함)"},
        {"role": "assistant", "content": first_answer},
        {"role": "user", "content": SECOND},
    ]
    assert [c.method for c in reads(slack)] == ["conversations.replies"]  # read again, once


async def test_a_follow_up_after_the_person_deletes_an_earlier_question_no_longer_sees_it(
    slack, start_bot, messages_api
):
    slack.streaming = True
    model = await messages_api()
    await start_bot(model)
    greeting = slack.bot_message(DM, GREETING)
    await ask_in_thread(slack, greeting, FIRST, answers=1)
    [question] = [m for m in slack.history[DM] if m.get("text") == FIRST]
    deleted = await slack.delete_message(DM, question["ts"])
    await slack.wait_for_ack(deleted.envelope_id)
    await ask_in_thread(slack, greeting, SECOND, answers=2)
    # As Slack now shows it: the greeting and our answer, then the question (leading replies dropped).
    assert asked(model, SECOND) == [{"role": "user", "content": SECOND}]


async def test_a_thread_whose_first_message_we_never_recorded_is_read_from_slack(
    slack, start_bot, messages_api
):
    model = await messages_api()
    await start_bot(model)
    # The person's message from before the bot recorded anything, then a question in its thread.
    root = slack.new_ts()
    slack.history[DM].append({"type": "message", "user": MINSU, "text": "연차 문의", "ts": root})
    await ask_in_thread(slack, root, FIRST, answers=1)
    assert asked(model, FIRST) == [{"role": "user", "content": "연차 문의\n" + FIRST}]
    assert [c.method for c in reads(slack)] == ["conversations.replies"]


async def test_a_thread_the_bot_saw_begin_needs_no_read_whoever_wrote_its_first_message(slack, start_bot):
    # The legacy assistant view: Slack posts the thread's first message in the person's name; the bot
    # greets in the thread, and so knows the thread from its start.
    await start_bot()
    await slack.start_assistant_thread(MINSU)
    await slack.wait_for(lambda c: c.method == "assistant.threads.setSuggestedPrompts")
    [root] = [m for m in slack.history[DM] if m.get("subtype") == "assistant_app_thread"]
    await ask_in_thread(slack, root["ts"], FIRST, answers=1)
    assert reads(slack) == []
