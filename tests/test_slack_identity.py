"""Who is asking: Slack user → employee, and no data (nor a model call) for anyone who is not one."""

from __future__ import annotations

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
    for _ in range(3):
        await slack.slash(MINSU)
    await slack.wait_for(lambda c: c.method == "response_url", count=3)
    assert len(slack.calls_to("users.info")) == 1
