"""The Home tab's sections that depend on who is looking (bot/slack/home/roles.py): the calendar feed's link
for everyone, a manager's team (bot/slack/home/team_views.py) and HR's (bot/slack/home/hr_views.py), and the
modal that shows a new calendar link once."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from bot.slack.blocks import TITLE_TEXT, button, context, plain, section
from bot.slack.home.roles import Roles

CALENDAR_LINK_ACTION = "calendar_link"  # issues a new token (the old link stops working) and shows it


def calendar_section(
    roles: Roles, issued_at: datetime | None, zone: str, korean: bool
) -> list[dict[str, Any]]:
    """What the feed holds for this person now, when their link was issued, and the button."""
    if roles.hr:
        scope = "전사 휴가 (HR)" if korean else "everyone's leave (HR)"
    elif roles.manager:
        scope = (
            f"내 휴가와 팀원 {len(roles.reports)}명"
            if korean
            else f"yours and your {len(roles.reports)} reports'"
        )
    else:
        scope = "내 휴가" if korean else "your leave"
    if issued_at is None:
        state = "아직 링크가 없어요." if korean else "You have no link yet."
        label = "구독 링크 받기" if korean else "Get a calendar link"
    else:
        when = issued_at.astimezone(ZoneInfo(zone)).strftime("%Y-%m-%d %H:%M")
        state = (
            f"지금 링크는 {when}에 발급됐어요. 새로 받으면 이전 링크는 더 이상 열리지 않아요."
            if korean
            else f"Your link was issued {when}. A new one stops the old one."
        )
        label = "링크 새로 받기" if korean else "Reset link"
    title = "*캘린더 구독*" if korean else "*Calendar feed*"
    return [
        section(
            f"{title} · {scope}\n{state}",
            block_id="calendar",
            accessory=button(CALENDAR_LINK_ACTION, label, "reset"),
        )
    ]


def calendar_link_modal(url: str, korean: bool) -> dict[str, Any]:
    """The new link, shown once (only its hash is kept): to paste into Google Calendar or Outlook."""
    how = (
        "Google 캘린더: 다른 캘린더 ＋ → URL로 추가. Outlook: 캘린더 추가 → 웹에서 구독. 이 링크는 비밀번호처럼 "
        "다뤄 주세요: 가진 사람은 누구나 볼 수 있어요."
        if korean
        else "Google Calendar: Other calendars ＋ → From URL. Outlook: Add calendar → Subscribe from web. Keep "
        "it like a password: anyone with it can read the calendar."
    )
    return {
        "type": "modal",
        "callback_id": "calendar_link_shown",
        "title": plain("캘린더 구독 링크" if korean else "Calendar link", TITLE_TEXT),
        "close": plain("닫기" if korean else "Close"),
        "blocks": [section(f"```{url}```", block_id="calendar_url"), context(how)],
    }
