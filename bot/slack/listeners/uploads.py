"""The Import button under a dry run of HR's dropped data files (bot/slack/home/uploads.py): acked at once,
then applied once, on the answer loop, for whoever clicked if they are HR now."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt.async_app import AsyncAck, AsyncApp

from bot.slack.answering.intake import Intake
from bot.slack.deps import Deps
from bot.slack.home.uploads import IMPORT_ACTION, import_clicked

log = logging.getLogger(__name__)


def register(app: AsyncApp, intake: Intake) -> None:
    @app.action(IMPORT_ACTION)
    async def on_import(ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
        await ack()
        user = (body.get("user") or {}).get("id")
        value = str(action.get("value") or "")
        upload_id = int(value) if value.isdigit() and len(value) < 19 else None
        channel = (body.get("container") or {}).get("channel_id")
        if not user:
            return

        async def job(deps: Deps) -> None:
            try:
                await import_clicked(deps, user, upload_id, channel)
            except Exception:
                log.warning("an upload's Import could not be handled", exc_info=True)

        intake.later(job)
