"""HR's section of the Home tab (for the policy's `hr_admins`, bot/slack/home/roles.py), as Block Kit: every
pending request in the company (the oldest first, with Approve / Decline / Cancel acting as HR), who is
out today and this week, leave lapsing in the next 60 days (the ledger's figures), the §61 notices, what
`officebot data check` finds, the policy, and the usage chart. Each list is bounded, so a company of
thousands fits the view's 100 blocks with the person's own part."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from bot.domain.leave import format_days
from bot.domain.requests import LeaveRequest
from bot.ports.team import Absence
from bot.slack.blocks import button, context, section
from bot.slack.home.team_views import absence_text
from bot.slack.requests.request_views import part_name
from bot.slack.user_text import NAME_LIMIT, TEXT_LIMIT, shown

HR_APPROVE_ACTION = "officebot_hr_approve"
HR_DECLINE_ACTION = "officebot_hr_decline"
HR_CANCEL_ACTION = "officebot_hr_cancel"
HR_ACTIONS = (HR_APPROVE_ACTION, HR_DECLINE_ACTION, HR_CANCEL_ACTION)
HR_DECLINE_FORM = "officebot_hr_decline_form"  # the decline's reason, asked of HR as of an approver
PENDING_ON_HOME = 8  # each a line and a row of buttons: 16 blocks
LINES = 25  # of each list (out today, this week, lapsing, findings): ~100 characters a line at most


@dataclass(frozen=True)
class Lapsing:
    name: str
    days: Decimal
    last_day: date  # the last usable day: the days lapse the day after


@dataclass(frozen=True)
class HrOverview:
    pending: list[tuple[LeaveRequest, str]]  # the oldest, with the requester's name
    pending_total: int
    out_today: list[Absence]
    out_week: list[Absence]
    lapsing: list[Lapsing]
    notices_on: bool
    notices_due: int  # due today and not yet recorded
    notices_sent: int  # sent so far
    findings: list[str]  # `officebot data check`
    policy: dict[str, str]  # `officebot policy show`'s keys and values
    show_type: bool
    chart_file: str | None = None  # the uploaded usage chart's Slack file id
    last_import: str | None = None  # the last import (Slack or terminal), as a line (None: none recorded)


def _bounded(lines: list[str], korean: bool) -> list[str]:
    if len(lines) <= LINES:
        return lines
    more = len(lines) - LINES
    return [*lines[:LINES], f"… 외 {more}건" if korean else f"… {more} more"]


def _request_line(request: LeaveRequest, name: str, korean: bool) -> str:
    span = request.start.isoformat() if request.start == request.end else f"{request.start} ~ {request.end}"
    part = "" if request.part == "full" else f", {part_name(request.part, korean)}"
    days = format_days(request.days) + ("일" if korean else "d")
    return f"*{shown(name, NAME_LIMIT)}* · #{request.id} {span} ({days}{part})"


def hr_section(hr: HrOverview, korean: bool) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = [
        section(
            f"*HR · 승인 대기 {hr.pending_total}건 (전사)*"
            if korean
            else f"*HR · {hr.pending_total} pending requests (company-wide)*",
            block_id="hr_pending",
        )
    ]
    for request, name in hr.pending[:PENDING_ON_HOME]:
        value = str(request.id)
        blocks.append(section(_request_line(request, name, korean)))
        blocks.append(
            {
                "type": "actions",
                "block_id": f"hr_request_{request.id}",
                "elements": [
                    button(HR_APPROVE_ACTION, "승인" if korean else "Approve", value, "primary"),
                    button(HR_DECLINE_ACTION, "반려" if korean else "Decline", value, "danger"),
                    button(HR_CANCEL_ACTION, "취소" if korean else "Cancel", value),
                ],
            }
        )
    if hr.pending_total > PENDING_ON_HOME:
        more = hr.pending_total - PENDING_ON_HOME
        blocks.append(
            context(
                f"오래된 순 {PENDING_ON_HOME}건만 보여요. 나머지 {more}건: `officebot requests list --state pending`"
                if korean
                else f"The oldest {PENDING_ON_HOME} shown; {more} more: `officebot requests list --state pending`"
            )
        )
    nobody = "없음" if korean else "nobody"
    today_lines = _bounded([f"• {absence_text(a, hr.show_type, korean)}" for a in hr.out_today], korean)
    week_lines = _bounded([f"• {absence_text(a, hr.show_type, korean)}" for a in hr.out_week], korean)
    # Two sections, not one: at the lines' bound each is well inside a section's 3,000 characters.
    blocks.append(
        section(
            ("*오늘 부재*\n" if korean else "*Out today*\n") + ("\n".join(today_lines) or nobody),
            block_id="hr_out_today",
        )
    )
    blocks.append(
        section(
            ("*이번 주 부재*\n" if korean else "*Out this week*\n") + ("\n".join(week_lines) or nobody),
            block_id="hr_out_week",
        )
    )
    lapsing = _bounded(
        [
            f"• {shown(item.name, NAME_LIMIT)} · {format_days(item.days)}{'일' if korean else 'd'} · "
            + (f"{item.last_day.isoformat()}까지" if korean else f"until {item.last_day.isoformat()}")
            for item in hr.lapsing
        ],
        korean,
    )
    blocks.append(
        section(
            ("*60일 안에 소멸하는 연차*\n" if korean else "*Leave lapsing in the next 60 days*\n")
            + ("\n".join(lapsing) or nobody),
            block_id="hr_lapsing",
        )
    )
    if hr.notices_on:
        notices = (
            f"*연차 사용 촉진 (§61)* · 오늘 보낼 통지 {hr.notices_due}건 · 보낸 통지 {hr.notices_sent}건"
            if korean
            else f"*Leave notices (§61)* · due today {hr.notices_due} · sent {hr.notices_sent}"
        )
    else:
        notices = (
            "*연차 사용 촉진 (§61)* · 꺼져 있어요 (`officebot policy set notices=true`)"
            if korean
            else "*Leave notices (§61)* · off (`officebot policy set notices=true`)"
        )
    findings = _bounded([f"• {shown(f, TEXT_LIMIT)}" for f in hr.findings], korean)
    check = (
        "*데이터 점검* (`officebot data check`)\n" if korean else "*Data check* (`officebot data check`)\n"
    ) + ("\n".join(findings) or ("문제 없음" if korean else "no findings"))
    last = hr.last_import or ("없음" if korean else "none")
    imported = ("*마지막 가져오기* · " if korean else "*Last import* · ") + last
    blocks.append(section(notices + "\n" + imported + "\n" + check, block_id="hr_data"))
    policy = "\n".join(
        f"`{key}` = {shown(value, TEXT_LIMIT) or '(none)'}" for key, value in hr.policy.items()
    )
    blocks.append(
        section(
            (
                "*휴가 정책* (`officebot policy set`으로 바꿔요)\n"
                if korean
                else "*Leave policy* (`officebot policy set`)\n"
            )
            + policy,
            block_id="hr_policy",
        )
    )
    if hr.chart_file is not None:
        blocks.append(
            {
                "type": "image",
                "block_id": "hr_chart",
                "slack_file": {"id": hr.chart_file},
                "alt_text": "월별 사용 연차와 소멸 예정" if korean else "Leave taken per month and lapsing",
            }
        )
    return blocks
