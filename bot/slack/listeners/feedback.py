"""A click on an answer's feedback buttons (`block_actions`, action `officebot_feedback`): acknowledged at
once, then recorded (who, which answer, good or bad, when; no text) and thanked privately, as an ephemeral
message only the clicker sees, in the answer's thread. Clicking again changes the rating."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt.async_app import AsyncAck, AsyncApp

from bot import text
from bot.ports.feedback import RATINGS, Rating
from bot.slack.answering.intake import Intake
from bot.slack.answering.render import FEEDBACK_ACTION
from bot.slack.deps import Deps
from bot.slack.identity import prefers_korean

log = logging.getLogger(__name__)


async def record_feedback(
    deps: Deps, *, user: str, rating: Rating, answer_id: str, channel: str | None, message: dict[str, Any]
) -> None:
    try:
        await deps.services.feedback.record(answer_id, user, rating, message.get("ts"))
    except Exception as exc:
        # The error's class only: a database error's text can quote who clicked.
        log.warning("could not record feedback on an answer (%s)", exc.__class__.__name__)
        return  # no thanks for what was not kept
    if not channel:
        return
    try:
        korean = prefers_korean(await deps.identity.profile(user))
        await deps.client.chat_postEphemeral(
            channel=channel,
            user=user,
            thread_ts=message.get("thread_ts"),
            text=text.FEEDBACK_THANKS.pick(korean),
        )
    except Exception:
        log.warning("could not thank someone for their feedback", exc_info=True)


def register(app: AsyncApp, intake: Intake) -> None:
    @app.action(FEEDBACK_ACTION)
    async def on_feedback(ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
        await ack()
        rating, _, answer_id = str(action.get("value") or "").partition(":")
        user = (body.get("user") or {}).get("id")
        if rating not in RATINGS or not answer_id or not user:
            return  # not a button we made
        channel = (body.get("channel") or {}).get("id") or (body.get("container") or {}).get("channel_id")
        message: dict[str, Any] = body.get("message") or {}
        chosen: Rating = "good" if rating == "good" else "bad"
        intake.later(
            lambda deps: record_feedback(
                deps, user=user, rating=chosen, answer_id=answer_id, channel=channel, message=message
            )
        )
