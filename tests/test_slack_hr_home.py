"""HR's Home tab over the wire: for the policy's `hr_admins` only (read at every render and click), every
pending request with Approve / Decline / Cancel acting as HR (applied once, audited as HR, with two clicks
in two processes), who is out, leave lapsing in the next 60 days as the ledger says, the notices, the data
check and the policy; anyone else gets no HR section, and an HR click they forge is refused and audited."""

from __future__ import annotations

from sqlalchemy import select

from bot.db.tables import audit_log, leave_records, leave_requests
from tests.support.database import ScratchDatabase
from tests.support.home import open_home, request_row, set_policy
from tests.support.slack import MINSU, YUJIN
from tests.support.slack_api import SlackStandIn


async def _pending(db: ScratchDatabase, employee_id: str = "E1001", on: str = "2026-12-09") -> int:
    return await request_row(db, employee_id, on, state="pending")


async def _request_rows(
    db: ScratchDatabase, request_id: int
) -> tuple[str, str | None, list[tuple[str, str]], int]:
    async with db.engine.connect() as connection:
        request = (
            await connection.execute(select(leave_requests).where(leave_requests.c.id == request_id))
        ).one()
        audited = (
            await connection.execute(
                select(audit_log.c.detail, audit_log.c.outcome, audit_log.c.surface).where(
                    audit_log.c.tool == "leave_request"
                )
            )
        ).all()
        records = (
            await connection.execute(select(leave_records).where(leave_records.c.request_id == request_id))
        ).all()
    moves = [
        (row.outcome, row.detail.get("refused") or row.detail.get("by"))
        for row in audited
        if row.detail.get("request") == request_id
    ]
    return request.state, request.decided_by, sorted(moves), len(records)


async def test_hr_approves_from_home_exactly_once_with_two_clicks_in_two_processes(
    slack: SlackStandIn, start_bot, seeded_postgres: ScratchDatabase
):
    db = seeded_postgres
    await set_policy(db, hr_admins="E1004")
    request_id = await _pending(db)
    for _ in range(2):
        await start_bot(OFFICEBOT_DATABASE_URL=db.url)
    shown = await open_home(slack, YUJIN)
    assert "*HR · 승인 대기 1건 (전사)*" in shown and f"*김민수* · #{request_id} 2026-12-09 (1일)" in shown
    view = slack.home_views[YUJIN]
    await slack.press(YUJIN, "", view, "officebot_hr_approve")  # to one process…
    await slack.press(YUJIN, "", view, "officebot_hr_approve")  # …and the other
    await slack.wait_for(lambda c: c.method == "views.publish", count=3)
    state, decided_by, moves, records = await _request_rows(db, request_id)
    assert (state, decided_by, records) == ("approved", "hr:E1004", 1)
    assert moves == [("ok", "hr:E1004"), ("refused", "not_pending")]


async def test_no_hr_section_for_anyone_else_and_a_forged_hr_click_is_refused_and_audited(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    db = seeded_database
    await set_policy(db, hr_admins="E1004")
    request_id = await _pending(db, "E1003")
    await start_bot(OFFICEBOT_DATABASE_URL=db.url)
    hr = await open_home(slack, YUJIN)
    assert "*오늘 부재*" in hr and "*이번 주 부재*" in hr
    # The ledger's figures: 김민수's 7.5 days of 2026 lapse after December 31, within 60 days of 11-29.
    assert "• 김민수 · 7.5일 · 2026-12-31까지" in hr
    assert "*연차 사용 촉진 (§61)* · 꺼져 있어요" in hr and "*데이터 점검*" in hr
    assert "`hr_admins` = E1004" in hr and "`max_out_per_day` = 0" in hr
    assert "HR ·" not in await open_home(slack, MINSU)
    # The usage chart: a PNG uploaded to Slack (private: no channel), shown by its file id.
    [chart] = slack.completed_files()
    assert chart.content is not None and chart.content.startswith(b"\x89PNG")
    [image] = [b for b in slack.home_views[YUJIN]["blocks"] if b["type"] == "image"]
    assert image["slack_file"] == {"id": chart.id}
    [complete] = slack.calls_to("files.completeUploadExternal")
    assert not complete.args.get("channel_id") and not complete.args.get("channels")
    await open_home(slack, YUJIN, count=2)  # the same figures: the same file, not uploaded again
    assert len(slack.calls_to("files.getUploadURLExternal")) == 1

    view = slack.home_views[YUJIN]
    for action in ("officebot_hr_approve", "officebot_hr_decline", "officebot_hr_cancel"):
        await slack.press(MINSU, "", view, action)  # a payload made by hand from HR's tab
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == MINSU, count=3)
    state, decided_by, moves, _ = await _request_rows(db, request_id)
    assert (state, decided_by) == ("pending", None)
    assert moves == [("refused", "not_hr")] * 3
    assert all(
        "HR만 할 수 있는 일이에요." in c.args["text"]
        for c in slack.calls_to("chat.postMessage")
        if c.args["channel"] == MINSU
    )

    await set_policy(db, hr_admins="")  # the role is read at the click, not when the tab was drawn
    await slack.press(YUJIN, "", view, "officebot_hr_decline")
    await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == YUJIN)
    assert "HR ·" not in await open_home(slack, YUJIN, count=3)
    assert (await _request_rows(db, request_id))[0] == "pending"


async def test_hr_declines_from_home_with_a_reason(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    db = seeded_database
    await set_policy(db, hr_admins="E1004")
    request_id = await _pending(db)
    await start_bot(OFFICEBOT_DATABASE_URL=db.url)
    await open_home(slack, YUJIN)
    await slack.press(YUJIN, "", slack.home_views[YUJIN], "officebot_hr_decline")
    await slack.wait_for(lambda c: c.method == "views.open")
    [form] = slack.open_views(YUJIN, "officebot_hr_decline_form")
    assert form["private_metadata"] == str(request_id)
    await slack.submit_view(YUJIN, form, {"reason": "연말 마감 주간이에요"})
    await slack.wait_for(lambda c: c.method == "views.publish" and c.args["user_id"] == YUJIN, count=2)
    state, decided_by, moves, _ = await _request_rows(db, request_id)
    assert (state, decided_by, moves) == ("declined", "hr:E1004", [("ok", "hr:E1004")])
    async with db.engine.connect() as connection:
        note = (await connection.execute(select(leave_requests.c.decision_note))).scalar()
    assert note == "연말 마감 주간이에요"
