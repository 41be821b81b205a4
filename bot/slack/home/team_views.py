"""A manager's section of the Home tab: their reports' absences this week and next (who, which days, which
part of a day; the type only when the policy's `show_leave_type` allows), approved and pending alike, the
pending ones marked. Bounded: one section of at most `TEAM_LINES` lines, then how many more, so 200
reports fit in the same two blocks as two."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from bot import text
from bot.ports.team import Absence
from bot.slack.blocks import context, section
from bot.slack.requests.request_views import part_name
from bot.slack.user_text import NAME_LIMIT, TYPE_LIMIT, shown

TEAM_LINES = 40  # ~40 characters a line: well inside a section's 3,000
_WEEKDAYS_KO = "월화수목금토일"
_WEEKDAYS_EN = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def fortnight(today: date) -> tuple[date, date]:
    """This week's Monday to next week's Sunday."""
    monday = today - timedelta(days=today.weekday())
    return monday, monday + timedelta(days=13)


def _day(on: date, korean: bool) -> str:
    weekday = _WEEKDAYS_KO[on.weekday()] if korean else _WEEKDAYS_EN[on.weekday()]
    return f"{on.month}/{on.day}({weekday})"


def absence_text(absence: Absence, show_type: bool, korean: bool) -> str:
    """`김민수 · 12/7(월)~12/8(화)` or `박지훈 · 12/9(수) 오후 반차 · 승인 대기`."""
    span = _day(absence.start, korean)
    if absence.end != absence.start:
        span += f"~{_day(absence.end, korean)}"
    if absence.part != "full":
        span += f" {part_name(absence.part, korean)}"
    elif absence.source == "recorded" and absence.days < 1:
        span += " 반차" if korean else " half day"
    line = f"{shown(absence.name, NAME_LIMIT)} · {span}"
    if show_type:
        line += f" · {shown(text.leave_type_name(absence.leave_type, korean), TYPE_LIMIT)}"
    if absence.source == "pending":
        line += " · 승인 대기" if korean else " · pending"
    return line


def team_section(
    absences: list[Absence], reports: int, today: date, show_type: bool, korean: bool
) -> list[dict[str, Any]]:
    first, last = fortnight(today)
    heading = (
        f"*팀 부재 · 이번 주와 다음 주* (팀원 {reports}명, {first.month}/{first.day}~{last.month}/{last.day})"
        if korean
        else f"*Your team this week and next* ({reports} reports, {first.month}/{first.day}–{last.month}/{last.day})"
    )
    lines = [f"• {absence_text(a, show_type, korean)}" for a in absences[:TEAM_LINES]]
    if not lines:
        lines = ["부재 예정인 팀원이 없어요." if korean else "Nobody on your team is out."]
    blocks = [section(heading + "\n" + "\n".join(lines), block_id="team_absences")]
    if len(absences) > TEAM_LINES:
        more = len(absences) - TEAM_LINES
        blocks.append(
            context(
                f"외 {more}건: 캘린더 구독으로 전부 볼 수 있어요."
                if korean
                else f"{more} more: the calendar feed has them all."
            )
        )
    return blocks
