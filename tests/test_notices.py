"""The §61 leave notices (사용 촉진): the schedule's worked examples, `officebot notices --dry-run`, exactly
once across two processes racing on one database (both backends), and the sending round through the Slack
stand-in, alone and inside a running SlackBot."""

from __future__ import annotations

import argparse
import asyncio
import io
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from slack_sdk.web.async_client import AsyncWebClient
from sqlalchemy import select

from bot.cli import notices as notices_cli
from bot.config import Settings
from bot.db.engine import create_engine
from bot.db.hr import SqlHrStore
from bot.db.notices import SqlNoticeLog
from bot.db.policy import SqlPolicyStore
from bot.db.tables import leave_notices
from bot.domain.people import Employee
from bot.policy.company import CompanyPolicy
from bot.policy.entitlement import entitlement
from bot.policy.grants import Employment, LeaveRules
from bot.policy.notices import due, schedule
from bot.ports.notices import DueNotice
from bot.slack.identity import SlackIdentity
from bot.slack.jobs.notices import NoticeRound
from tests.support.clock import FIXED_NOW, TODAY
from tests.support.database import ScratchDatabase, make_test_database, release_test_database
from tests.support.slack import MINSU
from tests.support.slack_api import SlackStandIn

HR_CHANNEL = "C0HRTEAM01"


def windows(hire: date, on: date, rules: LeaveRules | None = None) -> list[tuple[str, date, int, date, date]]:
    grants = entitlement(Employment(hire), rules or LeaveRules(), on)
    return [(n.period.rule, n.arises_on, n.notice, n.due_from, n.due_by) for n in schedule(grants)]


# ----- the schedule ---------------------------------------------------------------------------------------


def test_hire_date_basis_notice_1_six_months_before_the_last_day_notice_2_by_two_months_before():
    # Hire 2024-03-04: 15 days on 2025-03-04 usable to 2026-03-03, and again on 2026-03-04 to 2027-03-03.
    assert windows(date(2024, 3, 4), date(2026, 3, 4))[-4:] == [
        ("61-1", date(2025, 3, 4), 1, date(2025, 9, 4), date(2025, 9, 13)),
        ("61-1", date(2025, 3, 4), 2, date(2025, 9, 24), date(2026, 1, 3)),
        ("61-1", date(2026, 3, 4), 1, date(2026, 9, 4), date(2026, 9, 13)),
        ("61-1", date(2026, 3, 4), 2, date(2026, 9, 24), date(2027, 1, 3)),
    ]


def test_fiscal_year_basis_gives_the_familiar_july_1_to_10_and_october_31():
    got = windows(date(2023, 5, 10), date(2026, 1, 1), LeaveRules(basis="fiscal_year"))
    assert ("61-1", date(2026, 1, 1), 1, date(2026, 7, 1), date(2026, 7, 10)) in got
    assert ("61-1", date(2026, 1, 1), 2, date(2026, 7, 21), date(2026, 10, 31)) in got


def test_first_year_monthly_days_three_months_and_one_month_before_with_the_later_two_days_apart():
    # Hire 2026-03-15: 11 monthly days 2026-04-15 … 2027-02-15, all usable to 2027-03-14 (§61②).
    assert windows(date(2026, 3, 15), date(2027, 3, 14)) == [
        ("61-2", date(2026, 4, 15), 1, date(2026, 12, 15), date(2026, 12, 24)),
        ("61-2", date(2026, 4, 15), 2, date(2027, 1, 4), date(2027, 2, 14)),
        # The days arising after notice 1 (2027-01-15, 2027-02-15): within 5 days from a month before,
        # notice 2 by 10 days before.
        ("61-2-later", date(2027, 1, 15), 1, date(2027, 2, 15), date(2027, 2, 19)),
        ("61-2-later", date(2027, 1, 15), 2, date(2027, 3, 2), date(2027, 3, 4)),
    ]
    first = schedule(entitlement(Employment(date(2026, 3, 15)), LeaveRules(), date(2027, 3, 14)))
    assert [n.period.days for n in first] == [9, 9, 2, 2]
    assert first[0].expires_on == date(2027, 3, 14)  # the calculator's last usable day


def test_unused_days_count_what_was_used_against_the_earliest_days_first():
    first = schedule(entitlement(Employment(date(2026, 3, 15)), LeaveRules(), date(2027, 3, 14)))
    early, later = first[0], first[2]
    assert early.unused(Decimal("4.5")) == Decimal("4.5")
    assert later.unused(Decimal("4.5")) == 2  # the 9 earlier days are not used up
    assert later.unused(Decimal("10")) == 1
    assert early.unused(Decimal("12")) == 0


def test_due_is_only_inside_the_window():
    grants = entitlement(Employment(date(2024, 3, 4)), LeaveRules(), TODAY)
    assert [(n.arises_on, n.notice) for n in due(grants, TODAY)] == [(date(2026, 3, 4), 2)]
    assert due(grants, date(2027, 1, 4)) == []


# ----- officebot notices --dry-run -------------------------------------------------------------------------


async def test_dry_run_lists_who_would_get_which_notice(seeded_database: ScratchDatabase):
    await set_notices(seeded_database, False)  # grants=computed: the Act's periods
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": seeded_database.url})
    out, err = io.StringIO(), io.StringIO()
    args = argparse.Namespace(dry_run=True, on="2026-11-29", json=False)
    assert await notices_cli.run(settings, args, out, err) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("leave notices due on 2026-11-29: ")
    assert "notices off" in lines[0]
    # 김민수 (hire 2024-03-04): 15 days from 2026-03-04, 6 of them used since (3 + 2 + 1): 9 unused, as
    # the balance says in this mode.
    assert (
        "E1001 김민수 (U0123ABCD): notice 2 for the days arisen 2026-03-04, due 2026-09-24..2027-01-03, "
        "unused 9 days, last usable day 2027-03-03: to send"
    ) in lines
    assert err.getvalue() == ""


async def test_with_hrs_imported_rows_the_notices_count_what_the_balance_counts(
    seeded_database: ScratchDatabase,
):
    """`grants=imported` (the default): HR's 2026 row, usable to December 31, is the period; its unused
    days are the balance's 7.5, never the Act's grant's 9 (which HR's data does not hold)."""
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": seeded_database.url})

    async def listed(on: str) -> list[str]:
        out, err = io.StringIO(), io.StringIO()
        args = argparse.Namespace(dry_run=True, on=on, json=False)
        assert await notices_cli.run(settings, args, out, err) == 0
        return [line for line in out.getvalue().splitlines() if line.startswith("E1001 ")]

    assert await listed("2026-11-29") == []  # notice 2 for a December 31 period is due by October 31
    assert await listed("2026-07-01") == [
        "E1001 김민수 (U0123ABCD): notice 1 for the days arisen 2026-01-01, due 2026-07-01..2026-07-10, "
        "unused 7.5 days, last usable day 2026-12-31: to send"
    ]


async def test_without_dry_run_the_command_refuses_in_one_line():
    out, err = io.StringIO(), io.StringIO()
    args = argparse.Namespace(dry_run=False, on=None)
    assert await notices_cli.run(Settings.from_env({}), args, out, err) == 2
    assert err.getvalue().count("\n") == 1 and "officebot run" in err.getvalue()


# ----- exactly once ------------------------------------------------------------------------------------------


def a_notice(employee_id: str, number: int = 1) -> DueNotice:
    grants = entitlement(Employment(date(2024, 3, 4)), LeaveRules(), date(2026, 3, 4))
    scheduled = next(n for n in schedule(grants) if n.arises_on == date(2026, 3, 4) and n.notice == number)
    return DueNotice(Employee(employee_id, "x", "x@example.com"), scheduled, Decimal(15))


async def test_two_processes_racing_record_each_notice_once(database: ScratchDatabase):
    second_engine = create_engine(database.database)  # another process: its own engine and pool
    try:
        now = lambda: FIXED_NOW  # noqa: E731
        one, two = SqlNoticeLog(database.engine, clock=now), SqlNoticeLog(second_engine, clock=now)
        notices = [a_notice(f"E{i:04d}", number) for i in range(20) for number in (1, 2)]
        results = await asyncio.gather(*(log.claim(n) for n in notices for log in (one, two)))
        pairs = [results[i : i + 2] for i in range(0, len(results), 2)]
        assert all(sorted(pair) == [False, True] for pair in pairs)  # one winner each, never two, never none
        # A restart: everything is recorded, nobody claims it again.
        assert not any(await asyncio.gather(*(one.claim(n) for n in notices)))
    finally:
        await second_engine.dispose()


async def test_an_unsent_notice_is_claimed_again_by_one_process_only_after_the_retry_delay(
    database: ScratchDatabase,
):
    second_engine = create_engine(database.database)
    try:
        clock = {"now": FIXED_NOW}
        one = SqlNoticeLog(database.engine, clock=lambda: clock["now"])
        two = SqlNoticeLog(second_engine, clock=lambda: clock["now"])
        failed, sent = a_notice("E0001"), a_notice("E0002")
        assert await one.claim(failed) and await one.claim(sent)
        await one.sent(sent)
        clock["now"] += timedelta(minutes=5)
        assert not await two.claim(failed)  # maybe still being sent
        clock["now"] += timedelta(minutes=30)
        assert sorted(await asyncio.gather(one.claim(failed), two.claim(failed))) == [False, True]
        assert not await two.claim(sent)  # sent: never again
        recorded = await one.recorded()
        assert recorded[failed.key] is None and recorded[sent.key] is not None
    finally:
        await second_engine.dispose()


# ----- sending ---------------------------------------------------------------------------------------------


async def set_notices(db: ScratchDatabase, on: bool, target: str | None = HR_CHANNEL) -> None:
    """Notices on or off, with the Act's grants (`grants=computed`): 김민수's period from 2026-03-04 is then
    due its notice 2 on the demo's day (HR's rows, usable to December 31, are due in July–October)."""

    def change(policy: CompanyPolicy) -> CompanyPolicy:
        rules = replace(policy.rules, grants="computed")
        return CompanyPolicy(rules, notices=on, notice_target=target)

    await SqlPolicyStore(db.engine).change(change, "test")


def notice_round(
    db: ScratchDatabase,
    slack: SlackStandIn,
    clock: Any = lambda: FIXED_NOW,
    identity: SlackIdentity | None = None,
) -> NoticeRound:
    client = AsyncWebClient(token="xoxb-test", base_url=slack.api_url)
    identity = identity or SlackIdentity(client, SqlHrStore(db.engine))
    return NoticeRound(
        SqlPolicyStore(db.engine), SqlNoticeLog(db.engine, clock=clock), client, identity, clock, "Asia/Seoul"
    )


def dm_texts(slack: SlackStandIn, user: str) -> list[str]:
    return [m["text"] for m in slack.history[f"D{user}"]]


async def test_notices_on_send_one_dm_with_the_days_and_deadline_and_a_summary_to_hr_once(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    await set_notices(seeded_database, True)
    sending = notice_round(seeded_database, slack)
    sent = await sending.round()
    assert [n.key for n in sent] == [("E1001", date(2026, 3, 4), 2)]
    [text] = dm_texts(slack, MINSU)
    assert "2차" in text and "9일" in text and "2027-03-03" in text and "제61조" in text
    [summary] = [m["text"] for m in slack.history[HR_CHANNEL]]
    assert "김민수 (E1001): 2차 발송" in summary and "미사용 9일" in summary
    assert await sending.round() == []  # the next round (or another process): nothing twice
    assert len(dm_texts(slack, MINSU)) == 1 and len(slack.history[HR_CHANNEL]) == 1


async def test_a_person_whose_slack_locale_is_english_reads_english(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    slack.add_user(MINSU, "minsu.kim@example.com", locale="en-US")
    await set_notices(seeded_database, True, target=None)
    await notice_round(seeded_database, slack).round()
    [text] = dm_texts(slack, MINSU)
    assert text.startswith("[Annual leave notice 2 of 2]") and "9 day(s)" in text and "2027-03-03" in text


async def test_a_notice_reads_the_persons_locale_from_the_identity_cache(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    """The members' list the caretaker keeps (`refresh_members`) already says Minsu reads English: the
    notice asks Slack no `users.info` of its own."""
    slack.add_user(MINSU, "minsu.kim@example.com", locale="en-US")
    await set_notices(seeded_database, True, target=None)
    client = AsyncWebClient(token="xoxb-test", base_url=slack.api_url)
    identity = SlackIdentity(client, SqlHrStore(seeded_database.engine))
    await identity.refresh_members()
    await notice_round(seeded_database, slack, identity=identity).round()
    [text] = dm_texts(slack, MINSU)
    assert text.startswith("[Annual leave notice 2 of 2]")
    assert slack.calls_to("users.info") == []


async def test_notices_off_send_nothing_and_record_nothing(
    seeded_database: ScratchDatabase, slack: SlackStandIn
):
    await set_notices(seeded_database, False)
    assert await notice_round(seeded_database, slack).round() == []
    assert slack.calls_to("chat.postMessage") == []
    async with seeded_database.engine.connect() as connection:
        assert (await connection.execute(select(leave_notices))).all() == []


async def test_a_failed_dm_stays_unsent_is_logged_and_a_later_round_sends_it(
    seeded_database: ScratchDatabase, slack: SlackStandIn, caplog: pytest.LogCaptureFixture
):
    await set_notices(seeded_database, True)
    slack.failing_when = lambda method, args: (
        "channel_not_found" if method == "chat.postMessage" and args.get("channel") == MINSU else None
    )
    clock = {"now": FIXED_NOW}
    sending = notice_round(seeded_database, slack, lambda: clock["now"])
    assert await sending.round() == []
    assert "leave notice 2 for E1001 not sent (channel_not_found)" in caplog.text
    assert "2차 실패" in slack.history[HR_CHANNEL][0]["text"]
    slack.failing_when = None
    assert await sending.round() == []  # recorded a moment ago: not yet retried
    clock["now"] += timedelta(minutes=31)
    assert [n.key for n in await sending.round()] == [("E1001", date(2026, 3, 4), 2)]
    assert len(dm_texts(slack, MINSU)) == 1


async def test_a_running_slack_bot_sends_the_due_notices_from_its_caretaker(
    slack: SlackStandIn, start_bot: Any, tmp_path: Path
):
    db = await make_test_database("sqlite", tmp_path, seeded=True)
    try:
        await set_notices(db, True)
        await start_bot(OFFICEBOT_DATABASE_URL=db.url)
        async with asyncio.timeout(15):
            while not dm_texts(slack, MINSU) or not slack.history[HR_CHANNEL]:
                await asyncio.sleep(0.05)
        assert "9일" in dm_texts(slack, MINSU)[0]
        async with db.engine.connect() as connection:
            rows = (await connection.execute(select(leave_notices))).all()
        assert [(r.employee_id, r.grant_arises_on, r.notice, r.sent_at is not None) for r in rows] == [
            ("E1001", date(2026, 3, 4), 2, True)
        ]
    finally:
        await release_test_database(db)
