"""A leave request the model drafted (`draft_leave_request`), as the card under its answer: what it asks
for, counted by code, and Submit / Change / Cancel; the draft carried in the buttons' value and read back
(a forged value reads as no draft); the card once its buttons have done their work."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from bot.domain.leave import format_days
from bot.domain.requests import PARTS, Checked, Draft
from bot.slack.request_views import part_name, pick, plain, type_name

# The card under an answer that drafted a request (draft_leave_request): only these clicks act on it.
DRAFT_SUBMIT = "officebot_draft_submit"
DRAFT_CHANGE = "officebot_draft_change"
DRAFT_DISCARD = "officebot_draft_discard"


def draft_value(draft: Draft) -> str:
    """A draft as a button's value (at most 2000 characters: the reason is at most 500)."""
    fields = [draft.leave_type, draft.start.isoformat(), draft.end.isoformat(), draft.part, draft.reason]
    return json.dumps(fields, ensure_ascii=False)


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
    kind = type_name(draft.leave_type, korean)
    if korean:
        lines = ["*휴가 신청 초안* (아직 신청되지 않았어요)", f"{span} ({days}일{part}, {kind})"]
    else:
        lines = ["*Leave request draft* (not submitted yet)", f"{span} ({days} days{part}, {kind})"]
    if draft.reason:
        lines.append(f"{pick(('사유', 'Reason'), korean)}: {draft.reason}")
    if checked.balance_before is not None and checked.balance_after is not None:
        before, after = format_days(checked.balance_before), format_days(checked.balance_after)
        lines.append(
            f"남은 연차 {before}일 → 신청 후 {after}일"
            if korean
            else f"Balance {before} → {after} days after it"
        )
    value = draft_value(draft)

    def button(action_id: str, label: tuple[str, str], style: str | None = None) -> dict[str, Any]:
        made: dict[str, Any] = {
            "type": "button",
            "action_id": action_id,
            "text": plain(pick(label, korean)),
            "value": value,
        }
        if style:
            made["style"] = style
        return made

    return [
        {
            "type": "section",
            "block_id": "request_summary",
            "text": {"type": "mrkdwn", "text": "\n".join(lines)},
        },
        {
            "type": "actions",
            "block_id": "draft_actions",
            "elements": [
                button(DRAFT_SUBMIT, ("신청", "Submit"), "primary"),
                button(DRAFT_CHANGE, ("수정", "Change")),
                button(DRAFT_DISCARD, ("취소", "Cancel")),
            ],
        },
    ]


def closed_card(summary: str, line: str) -> list[dict[str, Any]]:
    """A card whose buttons have done their work: the summary, and what happened in their place."""
    return [
        {"type": "section", "block_id": "request_summary", "text": {"type": "mrkdwn", "text": summary}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": line}]},
    ]
