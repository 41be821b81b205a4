"""Direct messages over Socket Mode: answer in place, follow-ups from Slack history, noise ignored."""

from __future__ import annotations

from standins.slack_api import SlackStandIn
from tests.slack_support import MINSU


async def test_dm_is_answered_in_the_same_dm(slack: SlackStandIn, start_bot):
    await start_bot()
    sent = await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    ack = await slack.wait_for_ack(sent.envelope_id)
    assert ack.payload is None
    [update] = await slack.wait_for(lambda c: c.method == "chat.update")
    assert "7.5" in update.args["text"]
    [placeholder] = slack.calls_to("chat.postMessage")
    assert placeholder.args["channel"] == sent.channel and "조회 중" in placeholder.args["text"]
    assert update.args["ts"] == slack.history[sent.channel][-1]["ts"]
