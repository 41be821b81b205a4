"""Block Kit pieces that cannot exceed Slack's limits: every builder of a card, a form or the Home tab makes
its blocks with these, so a long name or note shortens a text instead of making Slack refuse the message
(`invalid_blocks`) and leave a card with live buttons.

The limits (Slack's Block Kit reference): a section's text 3,000 characters, a context element's text
2,000, a button's value 2,000, a button's or an option's text 75, a header's 150, an input's label 2,000,
a modal's title 24; 50 blocks in a message, 100 in a view."""

from __future__ import annotations

import re
from typing import Any

SECTION_TEXT = 3000
CONTEXT_TEXT = 2000
CONTEXT_ELEMENTS = 10
BUTTON_VALUE = 2000
BUTTON_TEXT = 75
OPTION_TEXT = 75
HEADER_TEXT = 150
LABEL_TEXT = 2000
TITLE_TEXT = 24
MESSAGE_BLOCKS = 50
VIEW_BLOCKS = 100

# A cut that ends inside an escape (`&am`) or a mention or link of the code's own (`<@U12`) is cut back
# to before it: what is left shows as text, and nothing half-made is sent.
_OPEN_TAIL = re.compile(r"(?:&[#a-zA-Z0-9]*|<[^>]*)$")


def fitted(text: str, limit: int) -> str:
    """`text` within `limit` characters, cut with `…` when longer."""
    if len(text) <= limit:
        return text
    return _OPEN_TAIL.sub("", text[: limit - 1]) + "…"


def plain(text: str, limit: int = BUTTON_TEXT) -> dict[str, Any]:
    """A plain_text object: Slack shows it as it is (no markup), so only its length needs bounding."""
    return {"type": "plain_text", "text": fitted(text, limit)}


def mrkdwn(text: str, limit: int) -> dict[str, Any]:
    return {"type": "mrkdwn", "text": fitted(text, limit)}


def section(
    text: str, *, block_id: str | None = None, accessory: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A section of mrkdwn (already made safe by `bot/slack/user_text.py` where a person's text is in it)."""
    block: dict[str, Any] = {"type": "section"}
    if block_id is not None:
        block["block_id"] = block_id
    block["text"] = mrkdwn(text, SECTION_TEXT)
    if accessory is not None:
        block["accessory"] = accessory
    return block


def context(*texts: str) -> dict[str, Any]:
    return {"type": "context", "elements": [mrkdwn(text, CONTEXT_TEXT) for text in texts[:CONTEXT_ELEMENTS]]}


def button(action_id: str, text: str, value: str, style: str | None = None) -> dict[str, Any]:
    """A button. Its value is made by code (a request id, a draft); one over Slack's limit is a bug in that
    code, so it fails here rather than in Slack's answer."""
    if len(value) > BUTTON_VALUE:
        raise ValueError(f"a button value of {len(value)} characters (Slack takes {BUTTON_VALUE})")
    made: dict[str, Any] = {"type": "button", "action_id": action_id, "text": plain(text), "value": value}
    if style is not None:
        made["style"] = style
    return made


def option(text: str, value: str) -> dict[str, Any]:
    return {"text": plain(text, OPTION_TEXT), "value": value}


def message_blocks(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """At most the blocks a message holds (the first ones: builders put what matters first)."""
    return blocks[:MESSAGE_BLOCKS]


def view_blocks(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return blocks[:VIEW_BLOCKS]
