"""A leave request the model drafted (`draft_leave_request`), as the card under its answer: what it asks
for, counted by code, and Submit / Change / Cancel; the draft carried in the buttons' value and read back
(a forged value reads as no draft); the card once its buttons have done their work."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from bot.domain.leave import days_in_english, format_days
from bot.domain.requests import PARTS, REASON_LIMIT, Checked, Draft
from bot.slack.blocks import button, context, section
from bot.slack.requests.request_views import part_name, pick, type_name
from bot.slack.user_text import TEXT_LIMIT, TYPE_LIMIT, plain_of, shown

# The card under an answer that drafted a request (draft_leave_request): only these clicks act on it.
DRAFT_SUBMIT = "officebot_draft_submit"
DRAFT_CHANGE = "officebot_draft_change"
DRAFT_DISCARD = "officebot_draft_discard"


def draft_value(draft: Draft) -> str:
    """A draft as a button's value, within Slack's 2,000 characters by construction: the reason at most 500
    characters and none that JSON writes as a six-character `\\u0000` (control characters are dropped, as
    the card shows the reason), so at most 1,000 once quotes, backslashes and newlines are escaped; the
    other fields are short."""
    reason = plain_of(draft.reason, REASON_LIMIT, lines=True)
    fields = [plain_of(draft.leave_type, TYPE_LIMIT), draft.start.isoformat(), draft.end.isoformat()]
    return json.dumps([*fields, draft.part, reason], ensure_ascii=False)


def draft_of(value: str) -> Draft | None:
    """A button's value read back as a draft, or None when it is not one (a forged payload)."""
    try:
        leave_type, start, end, part, reason = json.loads(value)
        if part not in PARTS or not all(isinstance(f, str) for f in (leave_type, reason)):
            return None
        return Draft(leave_type, date.fromisoformat(start), date.fromisoformat(end), part, reason)
    except (ValueError, TypeError):
        return None


def draft_card(checked: Checked, korean: bool) -> list[dict[str, Any]]:
    """What the model drafted, counted by code, with Submit / Change / Cancel: nothing is stored until Submit."""
    draft = checked.draft
    span = draft.start.isoformat() if draft.start == draft.end else f"{draft.start} ~ {draft.end}"
    part = "" if draft.part == "full" else f", {part_name(draft.part, korean)}"
    days = format_days(checked.days)
    kind = shown(type_name(draft.leave_type, korean), TYPE_LIMIT)
    if korean:
        lines = ["*휴가 신청 초안* (아직 신청되지 않았어요)", f"{span} ({days}일{part}, {kind})"]
    else:
        lines = [
            "*Leave request draft* (not submitted yet)",
            f"{span} ({days_in_english(checked.days)}{part}, {kind})",
        ]
    if reason := shown(draft.reason, TEXT_LIMIT):
        lines.append(f"{pick(('사유', 'Reason'), korean)}: {reason}")
    if checked.balance_before is not None and checked.balance_after is not None:
        before, after = format_days(checked.balance_before), format_days(checked.balance_after)
        lines.append(
            f"남은 연차 {before}일 → 신청 후 {after}일"
            if korean
            else f"Balance {before} → {days_in_english(checked.balance_after)} after it"
        )
    value = draft_value(draft)
    return [
        section("\n".join(lines), block_id="request_summary"),
        {
            "type": "actions",
            "block_id": "draft_actions",
            "elements": [
                button(DRAFT_SUBMIT, pick(("신청", "Submit"), korean), value, "primary"),
                button(DRAFT_CHANGE, pick(("수정", "Change"), korean), value),
                button(DRAFT_DISCARD, pick(("취소", "Cancel"), korean), value),
            ],
        },
    ]


def closed_card(summary: str, line: str) -> list[dict[str, Any]]:
    """A card whose buttons have done their work: the summary, and what happened in their place."""
    return [section(summary, block_id="request_summary"), context(line)]
