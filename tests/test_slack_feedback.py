"""Feedback over the wire: an answer carries 👍 / 👎 (`context_actions` with `feedback_buttons`); a click is
acknowledged, recorded (who, which answer, good or bad, when: no text) on each database, thanked with an
ephemeral message; a second click changes the rating; `officebot feedback` prints the counts and the
latest bad answers' ids. A refusal carries no buttons."""

from __future__ import annotations

import io

from sqlalchemy import select

from bot import text
from bot.cli.feedback import print_feedback
from bot.config import Settings
from bot.db.tables import feedback
from tests.support.slack import GUEST, MINSU, SEOYEON
from tests.support.slack_api import SlackStandIn


def _answer_in(slack: SlackStandIn, channel: str) -> dict:
    [answer] = [m for m in slack.history[channel] if m.get("bot_id") and m.get("blocks")]
    return answer


async def test_a_click_is_recorded_thanked_privately_and_counted(
    slack: SlackStandIn, start_bot, seeded_database
):
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)
    asked = await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
    [update] = await slack.wait_for(lambda c: c.method == "chat.update")
    [*sections, actions] = update.args["blocks"]
    assert actions["type"] == "context_actions"
    [buttons] = actions["elements"]
    assert buttons["type"] == "feedback_buttons"
    assert buttons["positive_button"]["value"] == f"good:{asked.event_id}"
    assert buttons["negative_button"]["value"] == f"bad:{asked.event_id}"
    assert "7.5" in sections[0]["text"]["text"]  # the answer is in the blocks, which Slack shows

    channel = f"D{MINSU}"
    answer = _answer_in(slack, channel)
    click = await slack.click(MINSU, channel, answer, buttons["negative_button"]["value"])
    assert (await slack.wait_for_ack(click.envelope_id)).payload is None
    [thanks] = await slack.wait_for(lambda c: c.method == "chat.postEphemeral")
    assert thanks.args["user"] == MINSU and thanks.args["channel"] == channel
    assert thanks.args["text"] == text.FEEDBACK_THANKS.ko

    columns = (feedback.c.answer_id, feedback.c.slack_user_id, feedback.c.message_ts, feedback.c.rating)
    async with seeded_database.engine.connect() as connection:
        rows = [tuple(r) for r in (await connection.execute(select(*columns))).all()]
    assert rows == [(asked.event_id, MINSU, answer["ts"], "bad")]

    out = io.StringIO()
    await print_feedback(Settings.from_env({"OFFICEBOT_DATABASE_URL": seeded_database.url}), 10, out)
    lines = out.getvalue().splitlines()
    assert lines[0].endswith(": 0 good, 1 bad.")
    assert lines[2].endswith(f"  {asked.event_id}")

    await slack.click(MINSU, channel, answer, buttons["positive_button"]["value"])  # changes their mind
    await slack.wait_for(lambda c: c.method == "chat.postEphemeral", count=2)
    async with seeded_database.engine.connect() as connection:
        rows = [tuple(r) for r in (await connection.execute(select(feedback.c.rating))).all()]
    assert rows == [("good",)]


async def test_an_english_answer_has_english_buttons_and_a_refusal_has_none(slack: SlackStandIn, start_bot):
    await start_bot()
    await slack.user_message(SEOYEON, "How many days of leave do I have left?")
    await slack.user_message(GUEST, "How many days of leave do I have left?")
    [update] = await slack.wait_for(lambda c: c.method == "chat.update")
    buttons = update.args["blocks"][-1]["elements"][0]
    assert buttons["positive_button"]["text"]["text"] == text.FEEDBACK_GOOD.en
    # The refusal comes before any placeholder: a plain post, with no buttons.
    [refusal] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == f"D{GUEST}"
    )
    assert refusal.args["text"] == text.REFUSED_GUEST and "blocks" not in refusal.args
