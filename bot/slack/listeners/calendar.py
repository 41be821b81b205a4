"""The Home tab's calendar link button: a new feed token for the person who clicked (from the click's Slack
identity, never the payload), the old one stopping at once, shown once in a modal; the reset audited."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt.async_app import AsyncAck, AsyncApp

from bot.ports.audit import LookupRecord, utc_now, utc_timestamp
from bot.slack.answering.intake import Intake
from bot.slack.deps import Deps
from bot.slack.home.calendar_feed import FEED_PREFIX
from bot.slack.home.role_views import CALENDAR_LINK_ACTION, calendar_link_modal
from bot.slack.home.roles import viewer_or_refused
from bot.slack.listeners.home import publish_home

log = logging.getLogger(__name__)


async def reset_link(deps: Deps, user_id: str, trigger_id: str) -> None:
    base = deps.settings.public_url
    if (who := await viewer_or_refused(deps, user_id, user_id)) is None:
        return
    if base is None:  # the button is not shown then; a forged click gets nothing
        return
    token = await deps.services.calendar_feeds.reset(who.caller.employee_id)
    await deps.services.audit.record(
        LookupRecord(
            utc_timestamp(utc_now()),
            user_id,
            who.caller.employee_id,
            "calendar_feed_reset",
            {},
            "ok",
            "home",
            "code",
        )
    )
    await deps.client.views_open(
        trigger_id=trigger_id, view=calendar_link_modal(f"{base}{FEED_PREFIX}{token}.ics", who.korean)
    )
    await publish_home(deps, user_id)  # "issued at" moves


def register(app: AsyncApp, intake: Intake) -> None:
    @app.action(CALENDAR_LINK_ACTION)
    async def on_calendar_link(ack: AsyncAck, body: dict[str, Any]) -> None:
        await ack()
        user, trigger_id = (body.get("user") or {}).get("id"), body.get("trigger_id")
        if user and trigger_id:

            async def job(deps: Deps) -> None:
                try:
                    await reset_link(deps, user, trigger_id)
                except Exception:
                    log.warning("could not reset a calendar link", exc_info=True)

            intake.later(job)
