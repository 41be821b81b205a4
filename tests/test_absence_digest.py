"""Issue 21 §3, the morning "오늘 부재" digest in the announcement channel, on SQLite and PostgreSQL: posted
once a working day from the policy's `digest_hour` (Seoul) with two processes racing, never on a weekend or
a holiday nor before the hour, nothing when nobody is off; names and parts only (no type, no reason). And
decisions HR made at the terminal announced there once, as a click's would be."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal

from slack_sdk.web.async_client import AsyncWebClient
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.digests import SqlDigestLog
from bot.db.engine import create_engine
from bot.db.hr import SqlHrStore
from bot.db.policy import SqlPolicyStore
from bot.db.requests import SqlRequestStore
from bot.db.tables import leave_requests
from bot.domain.requests import Actor, Part, State
from bot.slack.jobs.absence_digest import AbsenceDigest, Digest
from tests.support.database import ScratchDatabase
from tests.support.delivery import delivery_for
from tests.support.slack import MINSU
from tests.support.slack_api import SlackStandIn

CHANNEL = "C0ABSENCE"
TUESDAY = date(2026, 12, 1)


def _at(day: date, hour: int, minute: int = 0) -> datetime:
    """`hour:minute` in Seoul (UTC+9, no summer time) on `day`."""
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC) - (
        datetime(2000, 1, 1, 9, tzinfo=UTC) - datetime(2000, 1, 1, tzinfo=UTC)
    )


async def _request(
    db: ScratchDatabase, employee_id: str, start: date, end: date, state: State, part: Part = "full"
) -> int:
    async with db.engine.begin() as connection:
        inserted = await connection.execute(
            insert(leave_requests)
            .values(
                employee_id=employee_id,
                approver_id=None,
                leave_type="sick" if employee_id == "E1002" else "annual",
                start_on=start,
                end_on=end,
                part=part,
                days=Decimal(1),
                reason="병원 진료",
                state=state,
                created_at=datetime(2026, 11, 20, tzinfo=UTC),
            )
            .returning(leave_requests.c.id)
        )
        return int(inserted.scalar_one())


async def _announcing(db: ScratchDatabase, digest_hour: int = 9) -> None:
    await SqlPolicyStore(db.engine).change(
        lambda policy: replace(policy, announce_channel=CHANNEL, digest_hour=digest_hour), "hr-kim"
    )


def _digest(engine: AsyncEngine, slack: SlackStandIn, now: datetime) -> AbsenceDigest:
    client = AsyncWebClient(token="xoxb-test", base_url=slack.api_url)
    clock = lambda: now  # noqa: E731
    return AbsenceDigest(
        SqlPolicyStore(engine), SqlDigestLog(engine, clock=clock), client, clock, "Asia/Seoul"
    )


async def _names(db: ScratchDatabase, *employee_ids: str) -> list[str]:
    hr = SqlHrStore(db.engine)
    found = [await hr.employee_by_id(employee_id) for employee_id in employee_ids]
    return [employee.name for employee in found if employee is not None]


async def test_the_digest_is_posted_once_a_working_day_with_two_processes_racing(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    await _announcing(seeded_database)
    await _request(seeded_database, "E1001", date(2026, 11, 30), date(2026, 12, 2), "approved")
    await _request(seeded_database, "E1002", TUESDAY, TUESDAY, "approved", part="pm")
    await _request(seeded_database, "E1003", TUESDAY, TUESDAY, "pending")  # not decided: not off
    await _request(seeded_database, "E1004", TUESDAY, TUESDAY, "declined")
    await _request(seeded_database, "E1005", date(2026, 12, 2), date(2026, 12, 2), "approved")  # tomorrow
    minsu, other = await _names(seeded_database, "E1001", "E1002")

    # 08:59 in Seoul: not yet.
    assert await _digest(seeded_database.engine, slack, _at(TUESDAY, 8, 59)).round() is None
    second = create_engine(seeded_database.database)  # another process
    try:
        rounds = await asyncio.gather(
            _digest(seeded_database.engine, slack, _at(TUESDAY, 9, 5)).round(),
            _digest(second, slack, _at(TUESDAY, 9, 5)).round(),
        )
    finally:
        await second.dispose()
    [posted] = [done for done in rounds if done is not None]  # one process claimed the day
    [message] = [m["text"] for m in slack.history[CHANNEL]]
    assert posted.text == message
    assert message.startswith("오늘 부재 (12/1 화): ")
    assert sorted(message.split(": ", 1)[1].split(", ")) == sorted([minsu, f"{other} (오후)"])
    assert "병원" not in message and "sick" not in message and "연차" not in message  # privacy

    # Later that day, and after a restart (a new digest over the same database): nothing again.
    assert await _digest(seeded_database.engine, slack, _at(TUESDAY, 17)).round() is None
    assert len(slack.history[CHANNEL]) == 1
    assert list((await SqlDigestLog(seeded_database.engine).recorded()).keys()) == [TUESDAY]


async def test_no_digest_on_a_weekend_or_a_holiday_and_nothing_when_nobody_is_off(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    await _announcing(seeded_database, digest_hour=8)
    for start in (date(2026, 12, 5), date(2026, 12, 25)):  # a Saturday; Christmas, a Friday
        await _request(seeded_database, "E1001", start, start, "approved")
        assert await _digest(seeded_database.engine, slack, _at(start, 10)).round() is None
    thursday = date(2026, 12, 24)
    assert await _digest(seeded_database.engine, slack, _at(thursday, 7, 59)).round() is None  # before 8
    assert await _digest(seeded_database.engine, slack, _at(thursday, 8)).round() == Digest(thursday, None)
    assert slack.history.get(CHANNEL, []) == []  # nobody off: no message, and the day is done
    assert await _digest(seeded_database.engine, slack, _at(thursday, 9)).round() is None
    assert list((await SqlDigestLog(seeded_database.engine).recorded()).keys()) == [thursday]


async def test_no_digest_without_an_announcement_channel(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    await _request(seeded_database, "E1001", TUESDAY, TUESDAY, "approved")
    assert await _digest(seeded_database.engine, slack, _at(TUESDAY, 10)).round() is None
    assert slack.history.get(CHANNEL, []) == []
    assert await SqlDigestLog(seeded_database.engine).recorded() == {}


async def test_decisions_made_at_the_terminal_are_announced_once(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    await _announcing(seeded_database)
    now = _at(TUESDAY, 10)
    approved = await _request(
        seeded_database, "E1001", date(2026, 12, 24), date(2026, 12, 24), "pending", "pm"
    )
    withdrawn = await _request(seeded_database, "E1001", date(2026, 12, 28), date(2026, 12, 29), "approved")
    pending = await _request(seeded_database, "E1001", date(2026, 12, 30), date(2026, 12, 30), "pending")
    declined = await _request(seeded_database, "E1001", date(2026, 12, 31), date(2026, 12, 31), "pending")
    store = SqlRequestStore(seeded_database.engine, clock=lambda: now)
    hr = Actor(None, hr_user="hr-kim")
    policy = replace(await SqlPolicyStore(seeded_database.engine).current(), approvers=("E1002",))
    for request_id, action in (
        (approved, "approve"),
        (withdrawn, "cancel"),
        (pending, "cancel"),
        (declined, "decline"),
    ):
        moved = await store.move(request_id, action, hr, policy, TUESDAY, "cli")  # type: ignore[arg-type]
        assert moved.moved, (request_id, action, moved.refusal)
    assert slack.history.get(CHANNEL, []) == []  # the terminal has no Slack client: nothing yet
    [minsu] = await _names(seeded_database, "E1001")

    second = create_engine(seeded_database.database)
    try:  # two processes' sweeps at once
        swept = await asyncio.gather(
            delivery_for(seeded_database.engine, slack, lambda: now, "one").sweep(),
            delivery_for(second, slack, lambda: now, "two").sweep(),
        )
    finally:
        await second.dispose()
    assert sum(swept) >= 4  # each of the four decisions owed something
    told = [m["text"] for m in slack.history[f"D{MINSU}"]]
    assert len(told) == 4 and all(
        any(f"#{r}" in t for t in told) for r in (approved, withdrawn, pending, declined)
    )
    announced = sorted(m["text"] for m in slack.history[CHANNEL])
    assert announced == sorted([f"{minsu} 부재 12/24 (오후)", f"~{minsu} 부재 12/28~12/29~ (취소)"])
    assert await delivery_for(seeded_database.engine, slack, lambda: now).sweep() == 0
    assert len(slack.history[CHANNEL]) == 2


async def test_the_running_bot_posts_the_digest_at_start(slack: SlackStandIn, start_bot, seeded_database):
    await _announcing(seeded_database)
    await _request(seeded_database, "E1001", TUESDAY, TUESDAY, "approved", part="am")
    [minsu] = await _names(seeded_database, "E1001")
    # The caretaker's first round runs at start: 09:30 in Seoul on a Tuesday.
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url, clock=lambda: _at(TUESDAY, 9, 30))
    [digest] = await slack.wait_for(lambda c: c.method == "chat.postMessage" and c.args["channel"] == CHANNEL)
    assert digest.args["text"] == f"오늘 부재 (12/1 화): {minsu} (오전)"
