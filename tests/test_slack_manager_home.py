"""A manager's Home tab over the wire: their reports' approved and pending leave this week and next, and
nobody else's; the type only when the policy allows; the requests waiting for them with Approve / Decline,
warned when approving would put more of the team out than `max_out_per_day`; an approval from the tab
applied once. 200 reports and 1,000 pending requests still fit Slack's 100 blocks."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import insert, select, update

from bot.db.tables import audit_log, employees, leave_requests
from tests.support.database import ScratchDatabase
from tests.support.home import open_home, request_row, set_policy
from tests.support.slack import MINSU, SEOYEON
from tests.support.slack_api import SlackStandIn


async def _request(db: ScratchDatabase, employee_id: str, on: str, part: str = "full", **extra: Any) -> int:
    return await request_row(db, employee_id, on, state=extra.pop("state", "approved"), part=part, **extra)


async def _manages(db: ScratchDatabase, *ids: str) -> None:
    async with db.engine.begin() as connection:
        await connection.execute(
            update(employees).where(employees.c.employee_id.in_(ids)).values(manager_id="E1002")
        )


async def test_a_manager_sees_their_reports_leave_this_week_and_next_and_nobody_elses(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    db = seeded_database
    await _manages(db, "E1001", "E1003")
    # Today is Sunday 2026-11-29: this week is 11/23–11/29, next week 11/30–12/6.
    await _request(db, "E1001", "2026-11-30", end="2026-12-01")
    await _request(db, "E1003", "2026-12-02", "pm", leave_type="sick", state="pending")
    await _request(db, "E1003", "2026-12-03", state="declined")
    await _request(db, "E1001", "2026-12-21")  # the week after next
    await _request(db, "E1005", "2026-12-01", approver_id=None)  # not hers
    await start_bot(OFFICEBOT_DATABASE_URL=db.url)
    shown = await open_home(slack, SEOYEON)
    [section] = [b for b in slack.home_views[SEOYEON]["blocks"] if b.get("block_id") == "team_absences"]
    assert section["text"]["text"].split("\n") == [  # exactly her reports' leave: nobody else's
        "*팀 부재 · 이번 주와 다음 주* (팀원 2명, 11/23~12/6)",
        "• 김민수 · 11/30(월)~12/1(화)",
        "• 박지훈 · 12/2(수) 오후 반차 · 승인 대기",
    ]
    assert "정하은" not in shown and "12/3" not in shown and "12/21" not in shown
    assert "병가" not in shown.split("*팀 부재")[1].split("*승인을")[0]  # the type is private by default
    assert "*승인을 기다리는 신청*" in shown and "*박지훈*" in shown  # her pending approval, with buttons

    await set_policy(db, show_leave_type="true")
    assert "• 박지훈 · 12/2(수) 오후 반차 · 병가 · 승인 대기" in await open_home(slack, SEOYEON, count=2)
    assert "팀 부재" not in await open_home(slack, MINSU)  # manages nobody: no team section


async def test_the_warning_of_max_out_per_day_and_an_approval_from_home_applied_once(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    db = seeded_database
    await _manages(db, "E1001", "E1003", "E1004")
    await _request(db, "E1001", "2026-12-09")
    await _request(db, "E1004", "2026-12-09", "am")
    pending = await _request(db, "E1003", "2026-12-09", end="2026-12-10", state="pending")
    await start_bot(OFFICEBOT_DATABASE_URL=db.url)
    assert "⚠" not in await open_home(slack, SEOYEON)  # off by default
    await set_policy(db, max_out_per_day="2")
    shown = await open_home(slack, SEOYEON, count=2)
    assert "⚠ 승인하면 12/9에 팀원 최대 3명이 부재예요 (정책상 하루 2명까지)." in shown

    view = slack.home_views[SEOYEON]
    await slack.press(SEOYEON, "", view, "officebot_request_approve")
    await slack.press(SEOYEON, "", view, "officebot_request_approve")  # a double click
    await slack.wait_for(lambda c: c.method == "views.publish", count=4)
    async with db.engine.connect() as connection:
        state = (
            await connection.execute(select(leave_requests.c.state).where(leave_requests.c.id == pending))
        ).scalar()
        rows = (
            await connection.execute(
                select(audit_log.c.detail, audit_log.c.outcome).where(audit_log.c.tool == "leave_request")
            )
        ).all()
    assert state == "approved"
    approvals = sorted(outcome for detail, outcome in rows if detail.get("action") == "approve")
    assert approvals == ["ok", "refused"]  # the second click changed nothing, and says so in the audit


async def test_two_hundred_reports_and_a_thousand_pending_requests_fit_the_view(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    db = seeded_database
    staff = [
        {
            "employee_id": f"E7{n:03}",
            "name": f"팀원{n:03}",
            "email": f"t{n}@example.com",
            "email_key": f"t{n}@example.com",
            "active": True,
            "manager_id": "E1002",
        }
        for n in range(200)
    ]
    requests = [
        {
            "employee_id": f"E7{n % 200:03}",
            "approver_id": "E1002",
            "leave_type": "annual",
            "start_on": date(2026, 12, 1 + n % 2),
            "end_on": date(2026, 12, 1 + n % 2),
            "part": "full",
            "days": Decimal(1),
            "reason": "",
            "state": "pending",
            "created_at": datetime(2026, 11, 20, tzinfo=UTC),
        }
        for n in range(1000)
    ]
    async with db.engine.begin() as connection:
        await connection.execute(insert(employees), staff)
        await connection.execute(insert(leave_requests), requests)
    await set_policy(db, hr_admins="E1002")  # she is HR too: every section at once
    await start_bot(OFFICEBOT_DATABASE_URL=db.url)
    shown = await open_home(slack, SEOYEON)
    blocks = slack.home_views[SEOYEON]["blocks"]
    assert len(blocks) <= 100
    assert "(팀원 200명, 11/23~12/6)" in shown and "외 960건" in shown
    assert "*HR · 승인 대기 1000건 (전사)*" in shown and "나머지 992건" in shown
    assert shown.split("*팀 부재")[1].count("• 팀원") == 40
    assert "메시지" in shown  # the tab's last line, the hint to ask, still there: nothing was cut
