"""A leave request's message an earlier try may have posted (the process died, Slack's answer was lost),
found by its metadata (`{"message": id, "request": …, "kind": …}`) in the person's DM, so that it is
recorded rather than posted again."""

from __future__ import annotations

import logging
from datetime import timedelta

from slack_sdk.web.async_client import AsyncWebClient

from bot.domain.request_messages import RequestMessage
from bot.slack.answering.render import REQUEST_EVENT_TYPE

log = logging.getLogger(__name__)

LOOK_BACK = timedelta(minutes=1)  # how far before a message was owed its post may be (clocks differ)


async def posted_before(client: AsyncWebClient, message: RequestMessage, user: str) -> tuple[str, str] | None:
    """The message's (channel, ts), if an earlier try posted it: found by its metadata in the DM since it
    was owed. A DM that cannot be read counts as not found (a second copy beats none)."""
    try:
        opened = await client.conversations_open(users=user)
        channel = str((opened.get("channel") or {}).get("id") or user)
        oldest = (message.created_at - LOOK_BACK).timestamp()
        history = await client.conversations_history(
            channel=channel, oldest=f"{oldest:.6f}", limit=200, include_all_metadata=True
        )
    except Exception as exc:
        log.warning("could not look for a leave request's message (%s)", exc.__class__.__name__)
        return None
    wanted = {"message": message.id, "request": message.request_id, "kind": message.kind}
    for found in history.get("messages") or []:
        metadata = found.get("metadata") or {}
        payload = metadata.get("event_payload") or {}
        if metadata.get("event_type") == REQUEST_EVENT_TYPE and all(
            payload.get(k) == v for k, v in wanted.items()
        ):
            return channel, str(found["ts"])
    return None
