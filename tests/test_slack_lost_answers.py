"""Slack calls whose answer is lost after Slack carried them out (a 5xx, a dropped connection): a call that
creates something is never repeated blindly, so the person still gets exactly one answer; a call that a
repeat cannot double (a read, a 429 on anything) is still retried. Over the wire, through the stand-in."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from typing import Any

import aiohttp
import pytest
from slack_sdk.http_retry.builtin_async_handlers import AsyncRateLimitErrorRetryHandler
from slack_sdk.http_retry.request import HttpRequest
from slack_sdk.http_retry.state import RetryState
from sqlalchemy import select

from bot import text
from bot.config import Settings
from bot.db.tables import inbox
from bot.slack.transport.client import make_web_client
from bot.slack.transport.rate_limits import LIMITS, REPEATABLE
from tests.support.database import ScratchDatabase
from tests.support.slack import BOT_ID, BOT_USER_ID, BRISK, MINSU, bot_env, seed_user_turn
from tests.support.slack_api import SlackStandIn

QUESTION = "올해 연차 며칠 남았어?"
DM = f"D{MINSU}"


async def _until_answered(db: ScratchDatabase) -> None:
    """Until the question's row says answered: the bot has finished with it (nothing more is sent)."""
    async with asyncio.timeout(15):
        while True:
            async with db.engine.connect() as connection:
                if list((await connection.execute(select(inbox.c.state))).scalars()) == ["answered"]:
                    return
            await asyncio.sleep(0.02)


def _bot_messages(slack: SlackStandIn) -> list[dict[str, Any]]:
    return [m for m in slack.history[DM] if m.get("bot_id")]


def _the_one_answer(slack: SlackStandIn) -> dict[str, Any]:
    """The DM's one bot message: the answer, marked final (so a takeover finds it), no apology anywhere."""
    [message] = _bot_messages(slack)
    assert "7.5" in message["text"] and text.SOMETHING_WENT_WRONG not in message["text"]
    assert message["metadata"]["event_type"] == "officebot_final"
    return message


async def _ask_in_a_thread(slack: SlackStandIn) -> None:
    """A question in a thread without streaming: the status line, then one chat.postMessage, the answer."""
    root = seed_user_turn(slack, MINSU, "안녕")
    await slack.user_message(MINSU, QUESTION, thread_ts=root)


# Slack posts the answer, then the bot cannot tell: each way its reply can be lost or untrustworthy.
_LOST_REPLIES = {
    "a 500": lambda slack: slack.do_but_fail_once("chat.postMessage", status=500),
    # HTTP 200, `ok: false, error: internal_error`: Slack says some of the call may have been done.
    "ok false internal_error": lambda slack: slack.do_but_fail_once("chat.postMessage", status=200),
    # A proxy's page labelled JSON: the SDK's error carries aiohttp's raw response (`status`, no body).
    "a garbled 503": lambda slack: slack.do_but_fail_once("chat.postMessage", status=503, garbled=True),
    "a dropped connection": lambda slack: slack.do_but_drop_once("chat.postMessage"),
}


@pytest.mark.parametrize("lose_the_reply", _LOST_REPLIES.values(), ids=_LOST_REPLIES.keys())
async def test_an_answer_posted_but_whose_reply_was_lost_is_found_not_posted_again(
    slack: SlackStandIn, start_bot, seeded_sqlite, lose_the_reply
):
    lose_the_reply(slack)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url)
    await _ask_in_a_thread(slack)
    await _until_answered(seeded_sqlite)
    _the_one_answer(slack)
    assert len(slack.calls_to("chat.postMessage")) == 1  # looked for, found: not sent again


async def test_an_answer_whose_post_failed_before_slack_did_it_is_posted_after_looking(
    slack: SlackStandIn, start_bot, seeded_sqlite
):
    slack.server_error_once("chat.postMessage", status=500)  # refused, not done: nothing to find
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url)
    await _ask_in_a_thread(slack)
    await _until_answered(seeded_sqlite)
    _the_one_answer(slack)
    assert [c.method for c in slack.calls_to("chat.postMessage", "conversations.replies")][-3:] == [
        "chat.postMessage",
        "conversations.replies",  # looked for first…
        "chat.postMessage",  # …then posted
    ]


async def test_a_placeholder_posted_but_answered_500_is_found_and_edited_into_the_answer(
    slack: SlackStandIn, start_bot, seeded_sqlite
):
    slack.do_but_fail_once("chat.postMessage", status=500)  # the top-level question's placeholder
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url)
    await slack.user_message(MINSU, QUESTION)
    await _until_answered(seeded_sqlite)
    answer = _the_one_answer(slack)  # no second placeholder left "working" beside it
    assert [c.args["ts"] for c in slack.calls_to("chat.update")][-1] == answer["ts"]


async def test_a_stream_started_but_answered_500_is_finished_not_started_again(
    slack: SlackStandIn, start_bot, seeded_sqlite
):
    slack.streaming = True
    slack.do_but_fail_once("chat.startStream", status=500)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url)
    await slack.user_message(MINSU, QUESTION)
    await _until_answered(seeded_sqlite)
    answer = _the_one_answer(slack)  # the stream Slack started, stopped and edited: no orphan "typing"
    assert not answer["streaming"]
    assert len(slack.calls_to("chat.startStream")) == 1


async def test_a_lost_stream_start_never_takes_over_an_older_message_of_ours(
    slack: SlackStandIn, start_bot, seeded_sqlite
):
    # The question, and after it another message of ours with no metadata (another answer's stream, the
    # thread's greeting), both from well before this answer's start: the stream looked for is not it.
    asked = time.time() - 10
    slack.streaming = True
    slack.do_but_fail_once("chat.startStream", status=500)
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url)
    older = {
        "type": "message",
        "user": BOT_USER_ID,
        "bot_id": BOT_ID,
        "text": "다른 답",
        "ts": f"{asked + 1:.6f}",
        "thread_ts": f"{asked:.6f}",  # in the question's thread, where this answer's stream goes
    }
    slack.history[DM].append(older)
    await slack.user_message(MINSU, QUESTION, ts=f"{asked:.6f}")
    await _until_answered(seeded_sqlite)
    assert older["text"] == "다른 답" and not older.get("metadata")  # left as it was
    answers = [m for m in _bot_messages(slack) if m is not older]
    assert len(answers) == 1 and "7.5" in answers[0]["text"] and not answers[0]["streaming"]
    assert len(slack.calls_to("chat.startStream")) == 1


async def test_a_stream_append_done_but_answered_500_is_not_appended_twice(
    slack: SlackStandIn, start_bot, seeded_sqlite
):
    slack.streaming = True
    slack.do_but_fail_once("chat.appendStream", status=500)  # the first append: "reading" complete
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url)
    await slack.user_message(MINSU, QUESTION)
    await _until_answered(seeded_sqlite)
    answer = _the_one_answer(slack)
    assert not answer["streaming"]
    sent = [json.dumps(c.args.get("chunks"), sort_keys=True) for c in slack.calls_to("chat.appendStream")]
    assert len(sent) == len(set(sent))  # no task card sent twice into the stream


async def test_a_429_on_the_answer_is_still_retried_and_answered_once(
    slack: SlackStandIn, start_bot, seeded_sqlite
):
    # More 429s than the SDK retries (3): the answer's own delivery retries take over, as before.
    slack.rate_limit_once("chat.postMessage", retry_after=0.05, times=5)
    # Six posts in a channel would wait seconds for its budget (3, then 1 a second): not this test's subject.
    unpaced = {**LIMITS, "chat.postMessage": ()}
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url, limits=unpaced)
    await _ask_in_a_thread(slack)
    await _until_answered(seeded_sqlite)
    _the_one_answer(slack)
    assert len(slack.calls_to("chat.postMessage")) == 6  # refused five times (Slack did nothing), then posted
    assert len(slack.calls_to("conversations.replies")) == 1  # the thread's history only: a 429 needs no look


async def test_a_5xx_on_a_read_is_still_retried(slack: SlackStandIn, start_bot, seeded_sqlite):
    slack.server_error_once("conversations.history", status=500)  # the top-level follow-up's history
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_sqlite.url)
    await slack.user_message(MINSU, QUESTION)
    await _until_answered(seeded_sqlite)
    _the_one_answer(slack)  # not an apology
    assert len(slack.calls_to("conversations.history")) == 2


def test_every_method_retried_blindly_is_one_the_bot_calls():
    assert not REPEATABLE - LIMITS.keys()  # a misspelt name would leave a method unretried, silently


async def _connection_refused() -> aiohttp.ClientConnectorError:
    """A real refused connection: the request never left, so Slack cannot have done anything."""
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]  # bound, never listening: a connection to it is refused
        async with aiohttp.ClientSession() as session:
            try:
                await session.post(f"http://127.0.0.1:{port}/api/chat.postMessage")
            except aiohttp.ClientConnectorError as refused:
                return refused
    raise AssertionError("the connection was not refused")


async def test_a_post_is_retried_by_the_sdk_only_when_it_never_left(slack: SlackStandIn):
    client = make_web_client(Settings.from_env(bot_env(slack)), pacing=BRISK)
    retries = [h for h in client.retry_handlers if not isinstance(h, AsyncRateLimitErrorRetryHandler)]
    post = HttpRequest(method="POST", url=f"{slack.api_url}chat.postMessage", headers={})
    read = HttpRequest(method="POST", url=f"{slack.api_url}conversations.history", headers={})
    refused, dropped = await _connection_refused(), aiohttp.ServerDisconnectedError()

    async def retried(request: HttpRequest, error: Exception) -> bool:
        return any(
            [await h.can_retry_async(state=RetryState(), request=request, error=error) for h in retries]
        )

    assert await retried(post, refused)  # never sent: safe to send
    assert not await retried(post, dropped)  # may have been done: looked for by the caller instead
    assert await retried(read, dropped)  # a read repeated is harmless
