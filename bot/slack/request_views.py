"""Leave requests in Block Kit: the request form (a modal), the approver's card with Approve / Decline,
the card once decided, and the small decline form. Pure: values in, views and blocks out.

The form's block ids are the check's field names (`bot/domain/requests.py` `Field`), so a problem goes
back on its field with `response_action: errors` as it is."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, cast
from zoneinfo import ZoneInfo

from bot.domain.leave import format_days
from bot.domain.requests import PARTS, Away, Checked, Draft, LeaveRequest, Part

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


def plain(text: str) -> dict[str, Any]:
    return {"type": "plain_text", "text": text}


def pick(names: tuple[str, str], korean: bool) -> str:
    return names[0] if korean else names[1]


def type_name(leave_type: str, korean: bool) -> str:
    return pick(_TYPE_NAMES.get(leave_type, (leave_type, leave_type)), korean)


def part_name(part: Part, korean: bool) -> str:
    return pick(_PART_NAMES[part], korean)


def _option(text: str, value: str) -> dict[str, Any]:
    return {"text": plain(text), "value": value}


def request_form(
    leave_types: tuple[str, ...], quarter_days: bool, today: date, korean: bool, draft: Draft | None = None
) -> dict[str, Any]:
    """The form, blank (today's date in both pickers) or filled in from a draft ("Change")."""
    types = [_option(type_name(kind, korean), kind) for kind in leave_types]
    parts = [_option(part_name(p, korean), p) for p in PARTS if p != "quarter" or quarter_days]
    chosen_type = next((o for o in types if draft and o["value"] == draft.leave_type), types[0])
    chosen_part = next((o for o in parts if draft and o["value"] == draft.part), parts[0])
    start = (draft.start if draft else today).isoformat()
    end = (draft.end if draft else today).isoformat()
    reason: dict[str, Any] = {
        "type": "plain_text_input",
        "action_id": VALUE,
        "multiline": True,
        "max_length": 500,
    }
    if draft and draft.reason:
        reason["initial_value"] = draft.reason

    def field(block_id: str, label: tuple[str, str], element: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "input",
            "block_id": block_id,
            "label": plain(pick(label, korean)),
            "element": element,
        }

    return {
        "type": "modal",
        "callback_id": REQUEST_FORM,
        "title": plain(pick(("휴가 신청", "Request leave"), korean)),
        "submit": plain(pick(("신청", "Submit"), korean)),
        "close": plain(pick(("닫기", "Close"), korean)),
        "blocks": [
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
    if korean:
        lines = [
            f"*{requester}* 님의 휴가 신청 #{request.id}",
            f"{span} ({days}일{part}, {type_name(request.leave_type, True)})",
        ]
    else:
        lines = [
            f"*{requester}* requests leave (#{request.id})",
            f"{span} ({days} days{part}, {type_name(request.leave_type, False)})",
        ]
    if request.reason:
        lines.append(f"{pick(('사유', 'Reason'), korean)}: {request.reason}")
    if checked is not None and checked.balance_before is not None and checked.balance_after is not None:
        before, after = format_days(checked.balance_before), format_days(checked.balance_after)
        pending = format_days(checked.pending)
        if korean:
            held = f" (다른 신청 중 {pending}일)" if checked.pending else ""
            lines.append(f"남은 연차 {before}일{held} → 승인 후 {after}일")
        else:
            held = f" ({pending} days in other pending requests)" if checked.pending else ""
            lines.append(f"Balance {before} days{held} → {after} days after approval")
    return "\n".join(lines)


def absence_line(request: LeaveRequest, name: str) -> str:
    """The announcement of approved leave: who and when, never the type or the reason (privacy)."""
    span = f"{request.start.month}/{request.start.day}"
    if request.end != request.start:
        span += f"~{request.end.month}/{request.end.day}"
    return f"{name} 부재 {span}{part_label(request.part)}"


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
    shown = []
    for a in away[:8]:
        span = a.start.isoformat() if a.start == a.end else f"{a.start}~{a.end}"
        state = "" if a.state in ("approved", "recorded") else f" ({pick(_STATE_NAMES['pending'], korean)})"
        shown.append(f"{a.name} {span}{state}")
    return ("같은 팀 부재: " if korean else "Also off on the team: ") + ", ".join(shown)


def approver_card(summary: str, request_id: int, korean: bool) -> list[dict[str, Any]]:
    return [
        {"type": "section", "block_id": "request_summary", "text": {"type": "mrkdwn", "text": summary}},
        {
            "type": "actions",
            "block_id": "request_decision",
            "elements": [
                {
                    "type": "button",
                    "action_id": APPROVE_ACTION,
                    "text": plain(pick(("승인", "Approve"), korean)),
                    "style": "primary",
                    "value": str(request_id),
                },
                {
                    "type": "button",
                    "action_id": DECLINE_ACTION,
                    "text": plain(pick(("반려", "Decline"), korean)),
                    "style": "danger",
                    "value": str(request_id),
                },
            ],
        },
    ]


def requester_card(text: str, request_id: int, korean: bool) -> list[dict[str, Any]]:
    """What the requester is told, with a button to cancel the request (pending, or approved and not
    started: the store says no otherwise)."""
    return [
        {"type": "section", "block_id": "request_summary", "text": {"type": "mrkdwn", "text": text}},
        {
            "type": "actions",
            "block_id": "request_cancel",
            "elements": [
                {
                    "type": "button",
                    "action_id": CANCEL_ACTION,
                    "text": plain(pick(("신청 취소", "Cancel request"), korean)),
                    "value": str(request_id),
                }
            ],
        },
    ]


def decided_card(summary: str, request: LeaveRequest, decided_by: str, korean: bool) -> list[dict[str, Any]]:
    """The card once decided: no buttons, and who decided and when in their place."""
    return [
        {"type": "section", "block_id": "request_summary", "text": {"type": "mrkdwn", "text": summary}},
        {
            "type": "context",
            "elements": [{"type": "mrkdwn", "text": decision_line(request, decided_by, korean)}],
        },
    ]


def decision_line(request: LeaveRequest, decided_by: str, korean: bool) -> str:
    state = pick(_STATE_NAMES[request.state], korean)
    when = f" · {decided_at_text(request.decided_at)}" if request.decided_at is not None else ""
    note = f" ({request.decision_note})" if request.decision_note else ""
    return f"{state}{note} · {decided_by}{when}"


def home_requests(
    mine: list[LeaveRequest], waiting: list[tuple[LeaveRequest, str]], korean: bool
) -> list[dict[str, Any]]:
    """The Home tab's requests: my pending and upcoming leave, each with Cancel; and, for an approver, the
    requests waiting for them (with the requester's name), each with Approve / Decline."""
    blocks: list[dict[str, Any]] = []

    def line(request: LeaveRequest, who: str | None) -> str:
        span = (
            request.start.isoformat() if request.start == request.end else f"{request.start} ~ {request.end}"
        )
        part = "" if request.part == "full" else f", {part_name(request.part, korean)}"
        days = format_days(request.days) + ("일" if korean else " days")
        state = pick(_STATE_NAMES[request.state], korean)
        named = f"*{who}* · " if who else ""
        return (
            f"{named}#{request.id} {span} ({days}{part}, {type_name(request.leave_type, korean)}) · {state}"
        )

    def button(
        action_id: str, label: tuple[str, str], request_id: int, style: str | None = None
    ) -> dict[str, Any]:
        made: dict[str, Any] = {
            "type": "button",
            "action_id": action_id,
            "text": plain(pick(label, korean)),
            "value": str(request_id),
        }
        if style:
            made["style"] = style
        return made

    if mine:
        blocks.append(
            {
                "type": "section",
                "text": {"type": "mrkdwn", "text": pick(("*내 휴가 신청*", "*My leave requests*"), korean)},
            }
        )
        for request in mine[:MAX_ON_HOME]:
            blocks.append(
                {
                    "type": "section",
                    "text": {"type": "mrkdwn", "text": line(request, None)},
                    "accessory": button(CANCEL_ACTION, ("취소", "Cancel"), request.id),
                }
            )
    if waiting:
        title = ("*승인을 기다리는 신청*", "*Waiting for your approval*")
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": pick(title, korean)}})
        for request, who in waiting[:MAX_ON_HOME]:
            blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": line(request, who)}})
            blocks.append(
                {
                    "type": "actions",
                    "elements": [
                        button(APPROVE_ACTION, ("승인", "Approve"), request.id, "primary"),
                        button(DECLINE_ACTION, ("반려", "Decline"), request.id, "danger"),
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
        "title": plain(pick(("휴가 신청 반려", "Decline leave"), korean)),
        "submit": plain(pick(("반려", "Decline"), korean)),
        "close": plain(pick(("닫기", "Close"), korean)),
        "blocks": [
            {
                "type": "input",
                "block_id": "reason",
                "label": plain(pick(("반려 사유", "Why it is declined"), korean)),
                "element": {"type": "plain_text_input", "action_id": VALUE, "max_length": 500},
            }
        ],
    }


def decline_target(metadata: str) -> int | None:
    """The request id a decline form was opened for."""
    return int(metadata) if metadata.isdigit() and len(metadata) < 19 else None


def decided_at_text(moment: datetime | None) -> str:
    """When, as people in Korea read it (the company's time zone)."""
    return "" if moment is None else moment.astimezone(_SEOUL).strftime("%Y-%m-%d %H:%M")


_SEOUL = ZoneInfo("Asia/Seoul")
