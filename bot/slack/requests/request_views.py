"""Leave requests in Block Kit: the request form (a modal), the approver's card with Approve / Decline,
the card once decided, and the small decline form. Pure: values in, views and blocks out.

The form's block ids are the check's field names (`bot/domain/requests.py` `Field`), so a problem goes
back on its field with `response_action: errors` as it is.

Every text a person or HR filled (a name, a reason, a note, a leave type) goes through
`bot/slack/user_text.py` here, and every block through `bot/slack/blocks.py`: whoever calls these gets
inert text within Slack's limits without doing anything."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from typing import Any, cast

from bot import text
from bot.domain.leave import days_in_english, format_days
from bot.domain.requests import NOTE_LIMIT, PARTS, REASON_LIMIT, Away, Checked, Draft, LeaveRequest, Part
from bot.slack.blocks import LABEL_TEXT, TITLE_TEXT, button, context, fitted, option, plain, section
from bot.slack.user_text import NAME_LIMIT, TEXT_LIMIT, TYPE_LIMIT, plain_of, shown

REQUEST_FORM = "officebot_request_form"  # the form's callback_id
DECLINE_FORM = "officebot_decline_form"
OPEN_FORM_ACTION = "officebot_request_open"  # the Home tab's "휴가 신청 / Request leave" button
APPROVE_ACTION = "officebot_request_approve"
DECLINE_ACTION = "officebot_request_decline"
CANCEL_ACTION = "officebot_request_cancel"  # the requester's, on their own DMs about the request
VALUE = "value"  # every input's action_id: the block id says which field it is

_PART_NAMES = {
    "full": ("하루", "Full day"),
    "am": ("오전 반차", "Morning half"),
    "pm": ("오후 반차", "Afternoon half"),
    "quarter": ("반반차", "Quarter day"),
}
_TYPE_NAMES = {"annual": ("연차", "Annual leave"), "sick": ("병가", "Sick leave")}
_STATE_NAMES = {
    "pending": ("승인 대기", "pending"),
    "approved": ("승인됨", "approved"),
    "declined": ("반려됨", "declined"),
    "cancelled": ("취소됨", "cancelled"),
    "expired": ("만료됨", "expired"),
}


# Room for a reason or a note once escaped (500 `<` are 2,000 characters of `&lt;`): what the code says
# after it (the balance, who decided and when) always fits in the section's 3,000 and the context's 2,000.
TYPED_ROOM = 1500


def pick(names: tuple[str, str], korean: bool) -> str:
    return names[0] if korean else names[1]


def type_name(leave_type: str, korean: bool) -> str:
    """A leave type's name as plain text (the data's own word for a type we have no name for)."""
    return plain_of(pick(_TYPE_NAMES.get(leave_type, (leave_type, leave_type)), korean), TYPE_LIMIT)


def _type_shown(leave_type: str, korean: bool) -> str:
    return shown(type_name(leave_type, korean), TYPE_LIMIT)


def part_name(part: Part, korean: bool) -> str:
    return pick(_PART_NAMES[part], korean)


def request_form(
    leave_types: tuple[str, ...],
    quarter_days: bool,
    today: date,
    korean: bool,
    draft: Draft | None = None,
    *,
    no_approver: bool = False,
) -> dict[str, Any]:
    """The form, blank (today's date in both pickers) or filled in from a draft ("Change"). `no_approver`:
    nobody could approve the person's requests, said at the top before anything is filled in (a modal's
    errors can only sit under an input field; the submission's own refusal stays as the last word)."""
    types = [option(type_name(kind, korean), kind) for kind in leave_types]
    parts = [option(part_name(p, korean), p) for p in PARTS if p != "quarter" or quarter_days]
    chosen_type = next((o for o in types if draft and o["value"] == draft.leave_type), types[0])
    chosen_part = next((o for o in parts if draft and o["value"] == draft.part), parts[0])
    start = (draft.start if draft else today).isoformat()
    end = (draft.end if draft else today).isoformat()
    reason: dict[str, Any] = {
        "type": "plain_text_input",
        "action_id": VALUE,
        "multiline": True,
        "max_length": REASON_LIMIT,
    }
    if draft and (typed := plain_of(draft.reason, REASON_LIMIT, lines=True)):
        reason["initial_value"] = typed

    def field(block_id: str, label: tuple[str, str], element: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "input",
            "block_id": block_id,
            "label": plain(pick(label, korean), LABEL_TEXT),
            "element": element,
        }

    return {
        "type": "modal",
        "callback_id": REQUEST_FORM,
        "title": plain(pick(("휴가 신청", "Request leave"), korean), TITLE_TEXT),
        "submit": plain(pick(("신청", "Submit"), korean), TITLE_TEXT),
        "close": plain(pick(("닫기", "Close"), korean), TITLE_TEXT),
        "blocks": [
            *(
                [section(text.REQUEST_NO_APPROVER.pick(korean), block_id="no_approver")]
                if no_approver
                else []
            ),
            field(
                "leave_type",
                ("휴가 종류", "Leave type"),
                {
                    "type": "static_select",
                    "action_id": VALUE,
                    "options": types,
                    "initial_option": chosen_type,
                },
            ),
            field(
                "start",
                ("시작일", "Start"),
                {"type": "datepicker", "action_id": VALUE, "initial_date": start},
            ),
            field("end", ("종료일", "End"), {"type": "datepicker", "action_id": VALUE, "initial_date": end}),
            field(
                "part",
                ("하루 중", "Part of the day"),
                {
                    "type": "static_select",
                    "action_id": VALUE,
                    "options": parts,
                    "initial_option": chosen_part,
                },
            ),
            {**field("reason", ("사유 (선택)", "Reason (optional)"), reason), "optional": True},
        ],
    }


def draft_from(values: dict[str, Any]) -> Draft | dict[str, str]:
    """The form's `view.state.values` as a draft, or the fields that are missing or unreadable."""

    def value(block_id: str) -> Any:
        return (values.get(block_id) or {}).get(VALUE) or {}

    missing: dict[str, str] = {}
    leave_type = (value("leave_type").get("selected_option") or {}).get("value")
    part = (value("part").get("selected_option") or {}).get("value") or "full"
    dates: dict[str, date] = {}
    for name in ("start", "end"):
        try:
            dates[name] = date.fromisoformat(str(value(name).get("selected_date") or ""))
        except ValueError:
            missing[name] = "날짜를 골라 주세요. Pick a date."
    if not leave_type:
        missing["leave_type"] = "휴가 종류를 골라 주세요. Pick a leave type."
    if part not in PARTS:
        missing["part"] = "하루 중 어느 때인지 골라 주세요. Pick a part of the day."
    if missing:
        return missing
    reason = str(value("reason").get(VALUE) or "").strip()
    return Draft(str(leave_type), dates["start"], dates["end"], cast(Part, part), reason)


def request_summary(request: LeaveRequest, requester: str, korean: bool, checked: Checked | None) -> str:
    """Who, which dates, how many days, which type, why, and the balance before and after when known."""
    span = request.start.isoformat() if request.start == request.end else f"{request.start} ~ {request.end}"
    part = "" if request.part == "full" else f", {part_name(request.part, korean)}"
    days = format_days(request.days)
    who, kind = shown(requester, NAME_LIMIT), _type_shown(request.leave_type, korean)
    if korean:
        lines = [f"*{who}* 님의 휴가 신청 #{request.id}", f"{span} ({days}일{part}, {kind})"]
    else:
        lines = [
            f"*{who}* requests leave (#{request.id})",
            f"{span} ({days_in_english(request.days)}{part}, {kind})",
        ]
    if reason := fitted(shown(request.reason, TEXT_LIMIT), TYPED_ROOM):
        lines.append(f"{pick(('사유', 'Reason'), korean)}: {reason}")
    if checked is not None and checked.balance_before is not None and checked.balance_after is not None:
        before, after = format_days(checked.balance_before), format_days(checked.balance_after)
        pending = format_days(checked.pending)
        if korean:
            held = f" (다른 신청 중 {pending}일)" if checked.pending else ""
            lines.append(f"남은 연차 {before}일{held} → 승인 후 {after}일")
        else:
            held = (
                f" ({days_in_english(checked.pending)} in other pending requests)" if checked.pending else ""
            )
            lines.append(
                f"Balance {days_in_english(checked.balance_before)}{held} → "
                f"{days_in_english(checked.balance_after)} after approval"
            )
    return "\n".join(lines)


def absence_line(request: LeaveRequest, name: str) -> str:
    """The announcement of approved leave: who and when, never the type or the reason (privacy)."""
    span = f"{request.start.month}/{request.start.day}"
    if request.end != request.start:
        span += f"~{request.end.month}/{request.end.day}"
    return f"{shown(name, NAME_LIMIT)} 부재 {span}{part_label(request.part)}"


def part_label(part: Part) -> str:
    """A part of a day as the announcement channel shows it: nothing for a full day, else " (오후)"…"""
    return {"full": "", "am": " (오전)", "pm": " (오후)", "quarter": " (반반차)"}[part]


def announcement(request: LeaveRequest, name: str) -> str | None:
    """What the announcement channel gets after a request's move, whoever made it (a click, HR at the
    terminal): approved leave, or approved leave cancelled (struck through); None for any other move."""
    if request.state == "approved":
        return absence_line(request, name)
    if request.state == "cancelled" and request.moved_from == "approved":
        return f"~{absence_line(request, name)}~ (취소)"
    return None


def team_line(away: list[Away], korean: bool) -> str | None:
    """Who else on the team is off on those days, for the approver (names and dates only)."""
    if not away:
        return None
    named = []
    for a in away[:8]:
        span = a.start.isoformat() if a.start == a.end else f"{a.start}~{a.end}"
        state = "" if a.state in ("approved", "recorded") else f" ({pick(_STATE_NAMES['pending'], korean)})"
        named.append(f"{shown(a.name, NAME_LIMIT)} {span}{state}")
    return ("같은 팀 부재: " if korean else "Also off on the team: ") + ", ".join(named)


def approver_card(summary: str, request_id: int, korean: bool) -> list[dict[str, Any]]:
    """`summary`: `request_summary`'s mrkdwn (with `team_line`), already safe."""
    value = str(request_id)
    return [
        section(summary, block_id="request_summary"),
        {
            "type": "actions",
            "block_id": "request_decision",
            "elements": [
                button(APPROVE_ACTION, pick(("승인", "Approve"), korean), value, "primary"),
                button(DECLINE_ACTION, pick(("반려", "Decline"), korean), value, "danger"),
            ],
        },
    ]


def requester_card(text: str, request_id: int, korean: bool) -> list[dict[str, Any]]:
    """What the requester is told (mrkdwn made of this module's lines), with a button to cancel the request
    (pending, or approved and not started: the store says no otherwise)."""
    return [
        section(text, block_id="request_summary"),
        {
            "type": "actions",
            "block_id": "request_cancel",
            "elements": [
                button(CANCEL_ACTION, pick(("신청 취소", "Cancel request"), korean), str(request_id))
            ],
        },
    ]


@dataclass(frozen=True)
class Decider:
    """Who decided, as a card shows them: a mention of their Slack account, which only code makes from a
    user id it looked up, else `label` shown as text (an employee id, `hr:<OS user>`, `system`)."""

    label: str
    slack_user: str | None = None


_SLACK_USER = re.compile(r"[UW][A-Z0-9]{2,20}")


def decided_card(
    summary: str, request: LeaveRequest, decided_by: Decider | str, korean: bool, *, zone: tzinfo
) -> list[dict[str, Any]]:
    """The card once decided: no buttons, and who decided and when in their place."""
    return [
        section(summary, block_id="request_summary"),
        context(decision_line(request, decided_by, korean, zone=zone)),
    ]


def decision_line(request: LeaveRequest, decided_by: Decider | str, korean: bool, *, zone: tzinfo) -> str:
    """The state, its note, who and when ("반려됨 (note) · who · when", the time in `zone`, labelled).
    `decided_by` as text is shown as text, never as markup; a mention needs a `Decider` with a Slack user
    id."""
    state = pick(_STATE_NAMES[request.state], korean)
    when = f" · {decided_at_text(request.decided_at, zone)}" if request.decided_at is not None else ""
    note = fitted(shown(request.decision_note or "", TEXT_LIMIT), TYPED_ROOM)
    return f"{state}{f' ({note})' if note else ''} · {_decider_shown(decided_by)}{when}"


def _decider_shown(decided_by: Decider | str) -> str:
    if isinstance(decided_by, str):
        return shown(decided_by, NAME_LIMIT)
    if decided_by.slack_user is not None and _SLACK_USER.fullmatch(decided_by.slack_user):
        return f"<@{decided_by.slack_user}>"
    return shown(decided_by.label, NAME_LIMIT)


def home_requests(
    mine: list[LeaveRequest],
    waiting: list[tuple[LeaveRequest, str]],
    korean: bool,
    warnings: Mapping[int, str] | None = None,
) -> list[dict[str, Any]]:
    """The Home tab's requests: my pending and upcoming leave, each with Cancel; and, for an approver, the
    requests waiting for them (with the requester's name), each with Approve / Decline, and the warning of
    `max_out_per_day` by request id (`warnings`) under its line."""
    blocks: list[dict[str, Any]] = []

    def line(request: LeaveRequest, who: str | None) -> str:
        span = (
            request.start.isoformat() if request.start == request.end else f"{request.start} ~ {request.end}"
        )
        part = "" if request.part == "full" else f", {part_name(request.part, korean)}"
        days = format_days(request.days) + "일" if korean else days_in_english(request.days)
        state = pick(_STATE_NAMES[request.state], korean)
        named = f"*{shown(who, NAME_LIMIT)}* · " if who else ""
        kind = _type_shown(request.leave_type, korean)
        return f"{named}#{request.id} {span} ({days}{part}, {kind}) · {state}"

    if mine:
        blocks.append(section(pick(("*내 휴가 신청*", "*My leave requests*"), korean)))
        for request in mine[:MAX_ON_HOME]:
            cancel = button(CANCEL_ACTION, pick(("취소", "Cancel"), korean), str(request.id))
            blocks.append(section(line(request, None), accessory=cancel))
    if waiting:
        blocks.append(section(pick(("*승인을 기다리는 신청*", "*Waiting for your approval*"), korean)))
        for request, who in waiting[:MAX_ON_HOME]:
            warning = (warnings or {}).get(request.id)
            blocks.append(section(line(request, who) + (f"\n{warning}" if warning else "")))
            value = str(request.id)
            blocks.append(
                {
                    "type": "actions",
                    "elements": [
                        button(APPROVE_ACTION, pick(("승인", "Approve"), korean), value, "primary"),
                        button(DECLINE_ACTION, pick(("반려", "Decline"), korean), value, "danger"),
                    ],
                }
            )
    return blocks


MAX_ON_HOME = 10  # each list on the Home tab (a view holds at most 100 blocks)


def decline_form(request_id: int, korean: bool) -> dict[str, Any]:
    """The decline's small form. It carries the request's id only: which card to bring up to date, and
    what it shows, come from the database when it is submitted."""
    return {
        "type": "modal",
        "callback_id": DECLINE_FORM,
        "private_metadata": str(request_id),
        "title": plain(pick(("휴가 신청 반려", "Decline leave"), korean), TITLE_TEXT),
        "submit": plain(pick(("반려", "Decline"), korean), TITLE_TEXT),
        "close": plain(pick(("닫기", "Close"), korean), TITLE_TEXT),
        "blocks": [
            {
                "type": "input",
                "block_id": "reason",
                "label": plain(pick(("반려 사유", "Why it is declined"), korean), LABEL_TEXT),
                "element": {"type": "plain_text_input", "action_id": VALUE, "max_length": NOTE_LIMIT},
            }
        ],
    }


def decline_target(metadata: str) -> int | None:
    """The request id a decline form was opened for."""
    return int(metadata) if metadata.isdigit() and len(metadata) < 19 else None


def decided_at_text(moment: datetime | None, zone: tzinfo) -> str:
    """When, in `zone` (the reader's Slack time zone, else the company's), with the zone said: "2026-12-04
    14:03 KST"; a zone with no abbreviation shows its offset ("UTC+04:00")."""
    if moment is None:
        return ""
    local = moment.astimezone(zone)
    label = local.strftime("%Z")
    if not label.isalpha():
        offset = local.strftime("%z")
        label = f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"
    return f"{local:%Y-%m-%d %H:%M} {label}"
