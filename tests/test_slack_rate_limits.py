"""Slack's rate limits, known before they are spent (`bot/slack/transport/rate_limits.py`): the limiter's budget,
and the bot under a Slack stand-in that enforces the limits as Slack does (429 with Retry-After)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from bot.config import Settings
from bot.slack.transport.client import make_web_client
from bot.slack.transport.rate_limits import (
    ALIAS_KEPT,
    HEADROOM,
    LIMITS,
    PER_CHANNEL,
    SWEEP_EVERY,
    Limit,
    Limiter,
    WaitTooLong,
)
from tests.support.slack import BRISK, MINSU, bot_env
from tests.support.slack_api import SLACK_TIERS, SlackStandIn


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_tier_allows_a_minute_s_calls_in_a_burst_then_refills_over_the_minute():
    clock = Clock()
    limiter = Limiter({"chat.startStream": (Limit(20),)}, clock=clock)
    assert all(limiter.try_take_all({"chat.startStream": 1}) for _ in range(20))
    assert not limiter.try_take_all({"chat.startStream": 1})
    # 20 a minute, less the 10 % headroom: one every 3 s / 0.9
    assert limiter.wait_for("chat.startStream") == pytest.approx(3.0 / HEADROOM)
    clock.now += 3.0 / HEADROOM
    assert limiter.try_take_all({"chat.startStream": 1})
    assert not limiter.try_take_all({"chat.startStream": 1})


def test_taking_several_methods_is_all_or_nothing():
    clock = Clock()
    limiter = Limiter({"a": (Limit(2),), "b": (Limit(1),)}, clock=clock)
    assert limiter.try_take_all({"a": 1, "b": 1})
    assert not limiter.try_take_all({"a": 1, "b": 1})  # b is spent…
    assert limiter.try_take_all({"a": 1})  # …and a was not taken by the refused attempt


def test_per_channel_limits_are_counted_per_channel_under_the_workspace_cap():
    clock = Clock()
    limiter = Limiter({"chat.postMessage": (PER_CHANNEL, Limit(4))}, clock=clock)
    assert all(limiter.try_take_all({"chat.postMessage": 1}, channel="D1") for _ in range(3))
    assert not limiter.try_take_all({"chat.postMessage": 1}, channel="D1")  # a burst of 3, then 1 a second
    assert limiter.try_take_all({"chat.postMessage": 1}, channel="D2")  # another DM has its own…
    assert not limiter.try_take_all({"chat.postMessage": 1}, channel="D3")  # …under the workspace's 4


def test_processes_divide_the_workspace_limits_between_them():
    limiter = Limiter({"chat.update": (Limit(50),)}, share=1 / 2, clock=Clock())
    assert sum(limiter.try_take_all({"chat.update": 1}) for _ in range(50)) == 25


async def test_a_429_stops_the_method_until_its_retry_after():
    clock = Clock()
    refused: list[str] = []
    limiter = Limiter({"users.info": (Limit(100),)}, clock=clock, on_refused=refused.append)
    limiter.refused("users.info", None, 7.0)
    assert refused == ["users.info"]
    assert limiter.wait_for("users.info") == pytest.approx(7.0)  # Slack's word over the table's
    clock.now += 7.0
    assert await asyncio.wait_for(limiter.take("users.info"), 1) == 0


async def test_a_retry_after_longer_than_a_caller_waits_fails_at_once():
    clock = Clock()
    limiter = Limiter({"users.info": (Limit(100),)}, clock=clock, longest_wait=30)
    limiter.refused("users.info", None, 600.0)
    with pytest.raises(WaitTooLong) as held:
        await asyncio.wait_for(limiter.take("users.info"), 1)  # not ten minutes
    assert held.value.seconds == pytest.approx(600.0)
    clock.now += 600.0
    assert await asyncio.wait_for(limiter.take("users.info"), 1) == 0


def test_a_user_id_and_the_dm_it_names_are_one_conversation():
    clock = Clock()
    limiter = Limiter({"chat.postMessage": (PER_CHANNEL,)}, clock=clock)
    assert limiter.try_take_all({"chat.postMessage": 2}, channel="U1")  # posted to the person…
    limiter.same_channel("U1", "DU1")  # …which Slack answered was their DM
    assert limiter.try_take_all({"chat.postMessage": 1}, channel="DU1")
    assert not limiter.try_take_all({"chat.postMessage": 1}, channel="DU1")  # 3 in the DM's burst of 3
    assert not limiter.try_take_all({"chat.postMessage": 1}, channel="U1")  # the same bucket


def test_idle_buckets_are_dropped():
    clock = Clock()
    limiter = Limiter({"chat.postMessage": (PER_CHANNEL, Limit(1000))}, clock=clock)
    for i in range(200):
        assert limiter.try_take_all({"chat.postMessage": 1}, channel=f"D{i}")
        limiter.same_channel(f"U{i}", f"D{i}")
    assert limiter.bucket_count == 201  # a bucket a DM, and the workspace's
    clock.now += SWEEP_EVERY  # every one of them full again: they say nothing a new one would not
    assert limiter.try_take_all({"chat.postMessage": 1}, channel="D0")
    assert limiter.bucket_count == 2
    assert limiter.try_take_all({"chat.postMessage": 2}, channel="D0")
    assert not limiter.try_take_all({"chat.postMessage": 1}, channel="U0")  # the DM is still known…
    clock.now += ALIAS_KEPT  # …for an hour unused: then forgotten, until Slack names it again
    assert limiter.try_take_all({"chat.postMessage": 3}, channel="D0")
    assert limiter.try_take_all({"chat.postMessage": 1}, channel="U0")


async def test_the_time_a_call_waits_for_its_budget_is_told_by_method():
    waited: list[tuple[str, float]] = []
    limiter = Limiter(
        {"conversations.replies": (Limit(1, per=0.05),)}, on_waited=lambda m, s: waited.append((m, s))
    )
    assert await limiter.take("conversations.replies") == 0
    seconds = await limiter.take("conversations.replies")  # the bucket is empty: it refills first
    assert seconds > 0 and waited == [("conversations.replies", seconds)]


def test_reading_a_thread_stays_at_tier_3():
    # Answers no longer read threads as a rule; the budget for when they must is still Slack's.
    assert LIMITS["conversations.replies"] == (Limit(50),)


def test_the_table_is_at_most_what_slack_publishes():
    # The bot's table against the stand-in's, each written from Slack's method reference on its own.
    for method, per_minute in SLACK_TIERS.items():
        for limit in LIMITS[method]:
            if not limit.per_channel:
                assert limit.calls * 60 / limit.per <= per_minute, method


# ----- the bot under Slack's limits ------------------------------------------------------------------------


async def test_a_burst_past_the_stream_budget_is_answered_at_once_with_no_429(slack: SlackStandIn, start_bot):
    # Streams scaled down to 3 a minute on both sides, so a burst of 6 outruns them.
    slack.streaming = True
    slack.enforce_limits({"chat.startStream": 3, "chat.stopStream": 3})
    tight = dict(LIMITS) | {"chat.startStream": (Limit(3),), "chat.stopStream": (Limit(3),)}
    bot = await start_bot(limits=tight)
    users = [f"UBURST{i:03d}" for i in range(6)]
    for user in users:
        slack.add_user(user, "jihoon.park@example.com")
    for user in users:
        await slack.user_message(user, "올해 연차 며칠 남았어?")
    streamed = await slack.wait_for(lambda c: c.method == "chat.stopStream", count=3, timeout=20)
    posted = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and "연차" in (c.args.get("text") or ""), count=3, timeout=20
    )
    assert slack.refused == []  # nobody waited for a 429
    assert {c.args["channel"] for c in streamed + posted} == {f"D{u}" for u in users}  # each DM, once
    assert all(c.args.get("thread_ts") for c in posted)  # in the question's thread, status cleared by it
    statuses = {c.args["channel_id"] for c in slack.calls_to("assistant.threads.setStatus")}
    assert {c.args["channel"] for c in posted} <= statuses  # the person saw the bot working first
    shown = bot.metrics.presentation

    def counted() -> list[float]:
        return [shown.labels(p)._value.get() for p in ("stream", "status")]

    async with asyncio.timeout(10):  # counted once each answer's `answer()` returns, just after its post
        while sum(counted()) < 6:
            await asyncio.sleep(0.02)
    assert counted() == [3, 3]


async def test_a_429_slack_sends_anyway_is_honoured_and_counted(slack: SlackStandIn, start_bot):
    bot = await start_bot()
    # A tenth of a second: read and waited as a whole one is (Retry-After: 600 is read whole in test_slack_dm).
    slack.rate_limit_once("chat.postMessage", retry_after=0.1)
    await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    await slack.wait_for(lambda c: c.method == "chat.update")
    [update] = slack.calls_to("chat.update")
    assert "7.5" in update.args["text"]
    first, retry = slack.calls_to("chat.postMessage")  # the placeholder: refused, then posted
    assert retry.at - first.at >= 0.1  # Retry-After: 0.1, not a retry at once
    assert bot.metrics.rate_limited.labels("chat.postMessage")._value.get() == 1


async def test_posts_to_a_person_and_to_their_dm_count_in_one_budget(slack: SlackStandIn):
    # Slack counts a post to a user id in the DM it opens: four posts there in a burst of three. Both sides
    # refill a channel five times faster than Slack (the burst stays 3): the fourth post waits a fifth of a
    # second for the DM's budget, not a whole one, and four posts made at once still outrun the refill.
    slack.enforce_limits(posts_per_second=5)
    faster = {
        method: tuple(replace(limit, per=limit.per / 5) if limit.per_channel else limit for limit in limits)
        for method, limits in LIMITS.items()
    }
    client = make_web_client(Settings.from_env(bot_env(slack)), pacing=BRISK, limiter=Limiter(faster))
    for channel in (MINSU, MINSU, f"D{MINSU}", f"D{MINSU}"):
        await client.chat_postMessage(channel=channel, text="알림")
    assert slack.refused == []  # the fourth waited for the DM's budget instead of a 429
    assert len(slack.history[f"D{MINSU}"]) == 4
