"""Issue 21 §7, pending leave requests looked after by the caretaker, on SQLite and PostgreSQL: a reminder to
the approver after 1 and 3 working days, expiry after 7 working days or once the first day has passed,
each exactly once with two processes racing; and the round inside a running SlackBot."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime
from decimal import Decimal

from slack_sdk.web.async_client import AsyncWebClient
from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.engine import create_engine
from bot.db.hr import SqlHrStore
from bot.db.policy import SqlPolicyStore
from bot.db.requests import SqlRequestStore
from bot.db.tables import audit_log, employees, leave_requests
from bot.domain.requests import Actor
from bot.policy.company import CompanyPolicy
from bot.slack.identity import SlackIdentity
from bot.slack.requests.request_care import RequestCare
from tests.support.clock import FIXED_NOW
from tests.support.database import ScratchDatabase
from tests.support.delivery import delivery_for
from tests.support.slack import MINSU, SEOYEON
from tests.support.slack_api import SlackStandIn


async def _pending(db: ScratchDatabase, made_on: date, on: date) -> int:
    """A pending request of Minsu's (his manager: Seoyeon), made on `made_on` for the day `on`."""
    async with db.engine.begin() as connection:
        await connection.execute(
            update(employees).where(employees.c.employee_id == "E1001").values(manager_id="E1002")
        )
        made = datetime(made_on.year, made_on.month, made_on.day, tzinfo=UTC)
        inserted = await connection.execute(
            insert(leave_requests)
            .values(
                employee_id="E1001",
                approver_id="E1002",
                leave_type="annual",
                start_on=on,
                end_on=on,
                part="full",
                days=Decimal(1),
                reason="",
                state="pending",
                created_at=made,
            )
            .returning(leave_requests.c.id)
        )
        return int(inserted.scalar_one())


def _care(engine: AsyncEngine, slack: SlackStandIn, owner: str = "test") -> RequestCare:
    client = AsyncWebClient(token="xoxb-test", base_url=slack.api_url)
    clock = lambda: FIXED_NOW  # noqa: E731  (2026-11-29, a Sunday)
    directory = SqlHrStore(engine)
    identity = SlackIdentity(client, directory)  # one cache, shared as the running bot shares it
    return RequestCare(
        SqlRequestStore(engine, clock=clock),
        SqlPolicyStore(engine),
        directory,
        client,
        identity,
        delivery_for(engine, slack, clock, owner, identity=identity),
        clock,
        "Asia/Seoul",
    )


async def test_reminders_and_expiry_happen_once_with_two_processes_racing(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    one_day = await _pending(
        seeded_database, date(2026, 11, 26), date(2026, 12, 7)
    )  # waited Fri: 1 working day
    four_days = await _pending(seeded_database, date(2026, 11, 23), date(2026, 12, 8))  # Tue–Fri: 4
    nine_days = await _pending(seeded_database, date(2026, 11, 16), date(2026, 12, 9))  # 9: expires
    started = await _pending(seeded_database, date(2026, 11, 26), date(2026, 11, 27))  # its day has passed
    fresh = await _pending(seeded_database, date(2026, 11, 28), date(2026, 12, 10))  # made on Saturday: 0
    second = create_engine(seeded_database.database)  # another process
    try:
        rounds = await asyncio.gather(
            _care(seeded_database.engine, slack, "one").round(), _care(second, slack, "two").round()
        )
    finally:
        await second.dispose()
    reminded = sorted(r for done in rounds for r in done.reminded)
    expired = sorted(e for done in rounds for e in done.expired)
    assert reminded == [(one_day, 1), (four_days, 2)]  # once each, whichever process won
    assert expired == sorted([nine_days, started])
    reminders = [m["text"] for m in slack.history[f"D{SEOYEON}"]]
    assert len(reminders) == 2
    assert any("1근무일째 승인을 기다리고 있어요" in text for text in reminders)
    assert any("4근무일째 승인을 기다리고 있어요" in text for text in reminders)
    told = [m["text"] for m in slack.history[f"D{MINSU}"]]
    assert len(told) == 2 and all("만료됨 · OfficeBot" in text for text in told)
    async with seeded_database.engine.connect() as connection:
        states = dict((await connection.execute(select(leave_requests.c.id, leave_requests.c.state))).all())
        moves = (
            await connection.execute(
                select(audit_log.c.detail, audit_log.c.surface).where(audit_log.c.tool == "leave_request")
            )
        ).all()
    assert states == {
        one_day: "pending",
        four_days: "pending",
        nine_days: "expired",
        started: "expired",
        fresh: "pending",
    }
    assert sorted((row.detail["request"], row.detail["by"], row.surface) for row in moves) == sorted(
        [(nine_days, "system", "caretaker"), (started, "system", "caretaker")]
    )

    # The next round (any process) sends nothing again; reminder 2 follows reminder 1 when it is due.
    again = await _care(seeded_database.engine, slack).round()
    assert (again.reminded, again.expired) == ([], [])


async def test_a_reminder_reads_the_approvers_language_from_the_identity_cache(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    """Whether the approver can act and which language they read come from one cached profile: one
    `users.info` for the approver, not a second of the reminder's own."""
    slack.add_user(SEOYEON, "seoyeon.lee@example.com", locale="en-US")
    await _pending(seeded_database, date(2026, 11, 23), date(2026, 12, 8))  # 4 working days: reminder 2
    done = await _care(seeded_database.engine, slack).round()
    assert len(done.reminded) == 1
    [reminder] = [m["text"] for m in slack.history[f"D{SEOYEON}"]]
    assert "has waited 4 working days for your decision" in reminder  # her English locale, as before
    assert [c.args.get("user") for c in slack.calls_to("users.info")] == [SEOYEON]


async def test_the_running_bot_reminds_the_approver_at_start(slack: SlackStandIn, start_bot, seeded_database):
    waiting = await _pending(seeded_database, date(2026, 11, 23), date(2026, 12, 8))
    await start_bot(OFFICEBOT_DATABASE_URL=seeded_database.url)  # the caretaker's first round runs at start
    [reminder] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == SEOYEON
    )
    assert f"#{waiting}" in reminder.args["text"] and "4근무일째" in reminder.args["text"]


async def test_a_decision_made_at_the_terminal_is_told_in_slack_once(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    request_id = await _pending(seeded_database, date(2026, 11, 28), date(2026, 12, 14))
    store = SqlRequestStore(seeded_database.engine, clock=lambda: FIXED_NOW)
    hr = Actor(None, hr_user="hr-kim")
    moved = await store.move(
        request_id, "decline", hr, CompanyPolicy(), date(2026, 11, 29), "cli", "인원 부족"
    )
    assert moved.moved
    second = create_engine(seeded_database.database)
    clock = lambda: FIXED_NOW  # noqa: E731
    try:  # two processes' sweeps at once: one delivers it
        await asyncio.gather(
            delivery_for(seeded_database.engine, slack, clock, "one").sweep(),
            delivery_for(second, slack, clock, "two").sweep(),
        )
    finally:
        await second.dispose()
    [told] = [m["text"] for m in slack.history[f"D{MINSU}"]]
    assert f"#{request_id}" in told and "반려됨 (인원 부족) · HR" in told
    assert await delivery_for(seeded_database.engine, slack, clock).sweep() == 0  # nothing owed any more
    assert len(slack.history[f"D{MINSU}"]) == 1
