"""The calendar feed over the wire: a person gets a secret link from their Home tab's button (shown once,
stored hashed), `GET /calendar/<token>.ics` on the health port returns iCalendar that a second library
(`ics`) parses back: approved leave only, whole days all-day, half days timed in the company's time zone,
the type only when the policy allows; a manager's feed holds their reports' leave and nobody else's, HR's
everyone's by day; a reset link stops the old one; a wrong token or a malformed path is 404 and the log
holds the path's shape only."""

from __future__ import annotations

import logging
import socket
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

import aiohttp
import ics
from sqlalchemy import insert, select, update

from bot.db.calendar_feeds import SqlCalendarFeeds, token_hash
from bot.db.tables import audit_log, calendar_feeds, employees, leave_requests
from tests.support.database import ScratchDatabase
from tests.support.home import set_policy
from tests.support.slack import MINSU, SEOYEON, YUJIN
from tests.support.slack_api import SlackStandIn

SEOUL_OFFSET = "+09:00"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _get(url: str) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, response.headers.get("Content-Type", ""), await response.text()


async def _requested(
    db: ScratchDatabase, employee_id: str, start: str, end: str, part: str, **extra: Any
) -> None:
    row = {
        "employee_id": employee_id,
        "approver_id": "E1002",
        "leave_type": "annual",
        "start_on": date.fromisoformat(start),
        "end_on": date.fromisoformat(end),
        "part": part,
        "days": Decimal("0.5") if part in ("am", "pm") else Decimal(1),
        "reason": "",
        "state": "approved",
        "created_at": datetime(2026, 11, 20, tzinfo=UTC),
    } | extra
    async with db.engine.begin() as connection:
        await connection.execute(insert(leave_requests).values(**row))


async def _team(db: ScratchDatabase) -> None:
    """이서연 (E1002) manages 김민수 (E1001) and 박지훈 (E1003); 최유진 (E1004) is HR; 정하은 (E1005) is
    in neither team."""
    async with db.engine.begin() as connection:
        await connection.execute(
            update(employees)
            .where(employees.c.employee_id.in_(["E1001", "E1003"]))
            .values(manager_id="E1002")
        )
    await set_policy(db, hr_admins="E1004")
    await _requested(db, "E1001", "2026-12-07", "2026-12-08", "full")
    await _requested(db, "E1003", "2026-12-09", "2026-12-09", "pm", leave_type="sick")
    await _requested(db, "E1005", "2026-12-10", "2026-12-10", "am", approver_id=None)
    await _requested(db, "E1004", "2026-12-11", "2026-12-11", "full", approver_id=None)
    await _requested(db, "E1001", "2026-12-14", "2026-12-14", "full", state="pending")
    await _requested(db, "E1003", "2026-12-15", "2026-12-15", "full", state="declined")


async def _link(slack: SlackStandIn, user: str, count: int = 1) -> str:
    """The person opens their Home tab and presses the calendar button; the link shown in the modal."""
    await slack.open_app_home(user)
    await slack.wait_for(lambda c: c.method == "views.publish" and c.args["user_id"] == user)
    await slack.press(user, "", slack.home_views[user], "calendar_link")
    await slack.wait_for(lambda c: c.method == "views.open", count=count)
    shown = slack.open_views(user, "calendar_link_shown")[-1]
    return str(shown["blocks"][0]["text"]["text"]).strip("`")


def _events(body: str) -> dict[tuple[str, date], Any]:
    """Each event by its title and first day."""
    return {(event.name, event.begin.date()): event for event in ics.Calendar(body).events}


async def test_a_manager_subscribes_to_their_team_and_a_reset_stops_the_old_link(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase, caplog
):
    await _team(seeded_database)
    port = _free_port()
    await start_bot(
        OFFICEBOT_DATABASE_URL=seeded_database.url,
        OFFICEBOT_HEALTH_PORT=str(port),
        OFFICEBOT_PUBLIC_URL=f"http://127.0.0.1:{port}/",
    )
    url = await _link(slack, SEOYEON)
    assert url.startswith(f"http://127.0.0.1:{port}/calendar/") and url.endswith(".ics")
    token = url.rsplit("/", 1)[1].removesuffix(".ics")
    async with seeded_database.engine.connect() as connection:  # only the hash is stored
        [stored] = (await connection.execute(select(calendar_feeds))).all()
    assert (stored.employee_id, stored.token_hash) == ("E1002", token_hash(token))
    assert token not in str(tuple(stored))

    status, content_type, body = await _get(url)
    assert status == 200 and content_type.startswith("text/calendar")
    events = _events(body)
    # Approved leave of her two reports (and HR's imported records in the window), nobody else's, no
    # pending or declined request.
    people = {name.split(" ")[0] for name, _ in events}
    assert people <= {"김민수", "박지훈", "이서연"} and {"김민수", "박지훈"} <= people
    whole = events["김민수 휴가", date(2026, 12, 7)]
    assert whole.all_day and whole.begin.date() == date(2026, 12, 7)
    assert whole.end.date() == date(2026, 12, 9)  # exclusive: the 7th and the 8th
    half = events["박지훈 오후 반차", date(2026, 12, 9)]
    assert not half.all_day
    assert half.begin.isoformat() == "2026-12-09T14:00:00" + SEOUL_OFFSET
    assert half.end.isoformat() == "2026-12-09T18:00:00" + SEOUL_OFFSET
    assert not any(e.begin.date() in (date(2026, 12, 14), date(2026, 12, 15)) for e in events.values())
    assert "병가" not in body and "sick" not in body and "연차" not in body  # types hidden by default

    await set_policy(seeded_database, show_leave_type="true")
    assert ("박지훈 오후 반차 (병가)", date(2026, 12, 9)) in _events((await _get(url))[2])

    new_url = await _link(slack, SEOYEON, count=2)
    assert new_url != url
    caplog.clear()
    with caplog.at_level(logging.INFO):
        assert (await _get(url))[0] == 404
        assert (await _get(new_url))[0] == 200
        wrong = f"http://127.0.0.1:{port}/calendar/{'A' * 43}.ics"
        assert (await _get(wrong))[0] == 404
        for malformed in ("calendar/abc", "calendar/" + token, "calendar/" + token + ".ics/x"):
            assert (await _get(f"http://127.0.0.1:{port}/{malformed}"))[0] == 404
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert token not in logged and new_url.rsplit("/", 1)[1][:20] not in logged and "AAAAAAAA" not in logged
    assert "no such token /calendar/<47 characters, .ics>" in logged
    assert "malformed path /calendar/<3 characters, no .ics>" in logged

    async with seeded_database.engine.connect() as connection:
        resets = (
            await connection.execute(
                select(audit_log.c.employee_id).where(audit_log.c.tool == "calendar_feed_reset")
            )
        ).all()
    assert [r.employee_id for r in resets] == ["E1002", "E1002"]


async def test_a_person_s_feed_is_their_own_and_hr_s_is_everyone_by_day(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    await _team(seeded_database)
    port = _free_port()
    await start_bot(
        OFFICEBOT_DATABASE_URL=seeded_database.url,
        OFFICEBOT_HEALTH_PORT=str(port),
        OFFICEBOT_PUBLIC_URL=f"http://127.0.0.1:{port}",
    )
    own = _events((await _get(await _link(slack, MINSU)))[2])
    assert ("김민수 휴가", date(2026, 12, 7)) in own and all(name.startswith("김민수 ") for name, _ in own)
    hr_url = await _link(slack, YUJIN, count=2)
    days = {event.begin.date(): event for event in ics.Calendar((await _get(hr_url))[2]).events}
    assert (
        days[date(2026, 12, 10)].name == "부재 1명"
        and "정하은 · 오전 반차" in days[date(2026, 12, 10)].description
    )
    assert days[date(2026, 12, 7)].description == "김민수 · 휴가"
    assert date(2026, 12, 14) not in days  # pending
    # The role is read when the feed is: HR no longer, the same link holds only her own leave.
    await set_policy(seeded_database, hr_admins="")
    mine = _events((await _get(hr_url))[2])
    assert ("최유진 휴가", date(2026, 12, 11)) in mine and all(name.startswith("최유진 ") for name, _ in mine)


async def test_http_mode_serves_the_feed_beside_the_events_without_a_slack_signature(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    await _requested(seeded_database, "E1001", "2026-12-07", "2026-12-08", "full")
    bot = await start_bot(
        OFFICEBOT_DATABASE_URL=seeded_database.url, SLACK_APP_TOKEN="", SLACK_SIGNING_SECRET="secret"
    )
    token = await SqlCalendarFeeds(seeded_database.engine).reset("E1001")  # as the Home tab's button does
    base = f"http://127.0.0.1:{bot.port}/calendar/"
    status, content_type, body = await _get(f"{base}{token}.ics")
    assert status == 200 and content_type.startswith("text/calendar")
    assert ("김민수 휴가", date(2026, 12, 7)) in _events(body)
    assert (await _get(f"{base}{'B' * 43}.ics"))[0] == 404  # not 401: Slack's signature is not asked for
    assert (await _get(f"http://127.0.0.1:{bot.port}/slack/events"))[
        0
    ] == 401  # Slack's door still is guarded
