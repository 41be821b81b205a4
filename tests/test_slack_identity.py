"""Who is asking: Slack user → employee, and no data (nor a model call) for anyone who is not one."""

from __future__ import annotations

import asyncio

import pytest

from tests.support.slack import (
    CONNECT_GUEST,
    GONE,
    GUEST,
    JIHOON,
    MINSU,
    OTHER_BOT,
    SECOND_ACCOUNT,
    STRANGER,
    YUJIN,
)
from tests.support.slack_api import SlackStandIn


@pytest.mark.parametrize(
    ("user", "expected"),
    [(JIHOON, "8.75"), (YUJIN, "14.5")],  # 21 − 12.25; 15 − 0.5 (HR email in another case)
)
async def test_users_without_a_slack_id_are_mapped_by_email(slack: SlackStandIn, start_bot, user, expected):
    await start_bot()
    await slack.slash(user)
    [reply] = await slack.wait_for(lambda c: c.method == "response_url")
    assert reply.args["text"].startswith(f"2026년 남은 연차: {expected}일")


@pytest.mark.parametrize(
    ("user", "says"),
    [
        (STRANGER, "couldn't match your Slack account"),
        (GUEST, "Guest accounts cannot"),
        (GONE, "deactivated"),
        (OTHER_BOT, "Bots cannot"),
        ("UNOTINSLACK", "couldn't find your Slack account"),
        (CONNECT_GUEST, "other workspaces cannot"),
        (SECOND_ACCOUNT, "couldn't match your Slack account"),
    ],
)
async def test_people_who_are_not_employees_get_a_message_and_no_data(
    slack, start_bot, messages_api, user, says
):
    model = await messages_api()
    await start_bot(model)
    await slack.user_message(user, "올해 연차 며칠 남았어?")
    await slack.slash(user, "올해 연차 며칠 남았어?")
    await slack.slash(user)
    await slack.mention(user, "올해 연차 며칠 남았어?")
    replies = await slack.wait_for(
        lambda c: c.method in ("chat.postMessage", "response_url", "chat.postEphemeral"), count=4
    )
    for reply in replies:
        assert says in reply.args["text"]
        assert "연차:" not in reply.args["text"] and "일 (부여" not in reply.args["text"]
    assert model.requests == []
    assert slack.calls_to("chat.update") == []


async def test_profiles_are_cached(slack, start_bot):
    await start_bot()
    await slack.wait_for(lambda c: c.method == "users.list")  # the members, listed at start
    for _ in range(3):
        await slack.slash(MINSU)
    await slack.wait_for(lambda c: c.method == "response_url", count=3)
    assert slack.calls_to("users.info") == []  # everyone was in the list: nobody looked up one by one


async def test_a_question_during_the_first_listing_waits_for_it_instead_of_looking_up_alone(slack, start_bot):
    listing = slack.hold_once("users.list")  # the members' list is slow to come at start
    await start_bot()
    await slack.wait_for(lambda c: c.method == "users.list")
    await slack.slash(MINSU)
    await asyncio.sleep(0.2)  # time for the question to reach its lookup while the list is held
    listing.set()
    await slack.wait_for(lambda c: c.method == "response_url")
    assert slack.calls_to("users.info") == []


async def test_a_member_missing_from_the_list_is_looked_up_once(slack, start_bot):
    slack.add_user("ULISTLATE", "jihoon.park@example.com")
    listed = dict(slack.users)
    slack.users.pop("ULISTLATE")  # joined after the list was taken
    await start_bot()
    await slack.wait_for(lambda c: c.method == "users.list")
    slack.users = listed
    for _ in range(3):
        await slack.slash("ULISTLATE")
    await slack.wait_for(lambda c: c.method == "response_url", count=3)
    assert len(slack.calls_to("users.info")) == 1


async def test_the_members_are_listed_page_by_page(slack, start_bot):
    for i in range(450):
        slack.add_user(f"UPAGE{i:04d}", None)
    bot = await start_bot()
    pages = await slack.wait_for(lambda c: c.method == "users.list", count=3)
    assert [c.args.get("cursor") for c in pages] == [None, "c200", "c400"]
    assert bot is not None


async def test_a_lookup_started_as_the_list_arrives_uses_the_list():
    """`profile` finds no entry, the members' list comes in before its lookup task runs: the task reads
    the list's entry instead of spending a users.info (the race behind a once-flaky test)."""
    from bot.slack.identity import SlackIdentity

    class NoInfo:
        async def users_info(self, **_: object) -> dict[str, object]:
            raise AssertionError("users.info called although the list holds the person")

        async def users_list(self, **_: object) -> dict[str, object]:
            await asyncio.sleep(0)  # Slack's answer takes a while
            await asyncio.sleep(0)
            return {"members": [{"id": "U1", "profile": {"email": "a@example.com"}, "tz": "Asia/Seoul"}]}

    identity = SlackIdentity(NoInfo(), None)  # type: ignore[arg-type]
    listing = asyncio.ensure_future(identity.refresh_members())
    await asyncio.sleep(0)  # the list has started: `_first_list` exists, not yet set
    looking = asyncio.ensure_future(identity.profile("U1"))
    await asyncio.sleep(0)  # `profile` found no entry and made its lookup task, not yet run
    await listing  # the list comes in (and sets the event) before the lookup task runs
    assert (await looking).user_id == "U1"
