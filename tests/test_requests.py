"""Issue 21, leave requests: the states table, a draft checked and counted (pure), and the store on SQLite
and PostgreSQL: submit, approve (leave records written, the balance down), decline, cancel (records
removed), who may do what, the audit rows, and two deciders or two submissions at once (one outcome)."""

from __future__ import annotations

import asyncio
import io
import json
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from sqlalchemy import insert, select, update

from bot.calendar import KOREA, Closure, KoreanCalendar
from bot.cli import _parser as cli_parser
from bot.cli import requests as requests_cli
from bot.config import Settings
from bot.db.engine import create_engine
from bot.db.hr import SqlHrStore
from bot.db.import_export import ImportRefused, export_data, import_files
from bot.db.requests import SqlRequestStore
from bot.db.tables import audit_log, employees, leave_records
from bot.domain.requests import (
    MOVES,
    SYSTEM,
    Actor,
    Checked,
    Draft,
    HeldRequest,
    LeaveRequest,
    Standing,
    refusal,
)
from bot.llm.drafting import leave_asked
from bot.policy.company import DEFAULT_POLICY, CompanyPolicy, with_changes
from bot.ports.hr import UnknownEmployee
from bot.requests.crowding import crowded_days, crowding_line
from bot.requests.validation import check
from bot.slack.requests.request_views import team_line
from bot.tools import BUILTIN_TOOLS
from bot.tools.hr_reads import holding_of
from bot.tools.leave_balance import balance_of
from bot.tools.toolbox import Toolbox
from tests.support.clock import FIXED_CALENDAR, fixed_clock
from tests.support.database import ScratchDatabase
from tests.support.ports import MemoryAuditLog, stored_balance

TODAY = date(2026, 11, 29)  # a Sunday (tests/support/clock.py)
NOW = datetime(2026, 11, 29, 3, 0, tzinfo=UTC)
MINSU = Actor("E1001", "U0123ABCD")  # bundled data: 15 days in 2026, 7.5 used
SEOYEON = Actor("E1002", "U0456EFGH")  # Minsu's manager in these tests
JIHOON = Actor("E1003")
HR = Actor(None, hr_user="hr-admin")
POLICY = CompanyPolicy(approvers=("E1003",))


def standing(**values: object) -> Standing:
    base: dict[str, object] = {
        "today": TODAY,
        "leave_types": ("annual", "sick"),
        "granted": Decimal(15),
        "available": Decimal("7.5"),
    }
    return Standing(**(base | values))  # type: ignore[arg-type]


def problems(draft: Draft, **values: object) -> dict[str, str]:
    return check(draft, standing(**values), KOREA).errors(korean=False)


# --- the states table, pure ------------------------------------------------------------------------------


def _request(state: str = "pending", start: date = date(2026, 12, 24), approver: str | None = "E1002"):
    return LeaveRequest(
        1,
        "E1001",
        approver,
        "annual",
        start,
        start,
        "full",
        Decimal(1),
        "",
        state,  # type: ignore[arg-type]
        NOW,
    )


def test_the_table_moves_pending_once_and_approved_only_to_cancelled():
    assert {action: (sorted(m.from_states), m.to) for action, m in MOVES.items()} == {
        "approve": (["pending"], "approved"),
        "decline": (["pending"], "declined"),
        "cancel": (["approved", "pending"], "cancelled"),
        "expire": (["pending"], "expired"),
    }
    for state in ("approved", "declined", "cancelled", "expired"):
        assert refusal("approve", _request(state), SEOYEON, (), TODAY) == "not_pending"


def test_who_may_do_what():
    pending = _request()
    assert refusal("approve", pending, SEOYEON, (), TODAY) is None
    assert refusal("approve", pending, JIHOON, ("E1003",), TODAY) == "not_allowed"  # the manager decides
    assert refusal("approve", _request(approver=None), JIHOON, ("E1003",), TODAY) is None  # HR list
    assert refusal("approve", pending, MINSU, ("E1001",), TODAY) == "own_request"
    assert refusal("approve", pending, HR, (), TODAY) is None
    assert refusal("cancel", pending, SEOYEON, (), TODAY) == "not_allowed"
    assert refusal("cancel", pending, MINSU, (), TODAY) is None
    assert refusal("expire", pending, MINSU, (), TODAY) == "not_allowed"
    assert refusal("expire", pending, SYSTEM, (), TODAY) is None
    started = _request("approved", start=TODAY)
    assert refusal("cancel", started, MINSU, (), TODAY) == "already_started"
    assert refusal("cancel", started, HR, (), TODAY) is None  # HR may cancel anything
    assert refusal("cancel", _request("approved"), MINSU, (), TODAY) is None


# --- a draft checked and counted, pure -------------------------------------------------------------------


def test_days_are_counted_by_code_without_weekends_and_holidays():
    # 12-21 (Mon) to 12-27 (Sun): 12-25 is 기독탄신일, the weekend is not counted.
    checked = check(Draft("annual", date(2026, 12, 21), date(2026, 12, 27)), standing(), KOREA)
    assert checked.ok and checked.days == 4 and len(checked.working_dates) == 4
    assert date(2026, 12, 25) not in checked.working_dates and checked.holidays == ("기독탄신일",)
    assert (checked.balance_before, checked.balance_after) == (Decimal("7.5"), Decimal("3.5"))
    half = check(Draft("annual", date(2026, 12, 24), date(2026, 12, 24), "pm"), standing(), KOREA)
    assert (half.days, half.balance_after) == (Decimal("0.5"), Decimal(7))
    closed = KoreanCalendar([Closure(date(2026, 12, 24), "창립기념일")])
    assert check(Draft("annual", date(2026, 12, 21), date(2026, 12, 24)), standing(), closed).days == 3


def test_pending_days_count_against_the_balance_after():
    checked = check(
        Draft("annual", date(2026, 12, 21), date(2026, 12, 23)), standing(pending=Decimal(2)), KOREA
    )
    assert (checked.balance_before, checked.pending, checked.balance_after) == (
        Decimal("7.5"),
        Decimal(2),
        Decimal("2.5"),
    )


@pytest.mark.parametrize(
    ("draft", "values", "field", "says"),
    [
        (Draft("annual", date(2026, 12, 4), date(2026, 12, 3)), {}, "end", "before the start"),
        (Draft("annual", date(2026, 11, 27), date(2026, 11, 27)), {}, "start", "only HR records"),
        (Draft("annual", date(2026, 12, 3), date(2026, 12, 4), "am"), {}, "part", "one day"),
        (Draft("annual", date(2026, 12, 3), date(2026, 12, 3), "quarter"), {}, "part", "no quarter days"),
        (Draft("annual", date(2026, 12, 5), date(2026, 12, 6)), {}, "start", "no working day"),
        (Draft("annual", date(2026, 12, 25), date(2026, 12, 25)), {}, "start", "no working day"),
        (
            Draft("annual", date(2026, 12, 3), date(2026, 12, 4)),
            {"held": (HeldRequest(7, date(2026, 12, 4), date(2026, 12, 8), "pending"),)},
            "start",
            "Overlaps your pending request #7",
        ),
        (
            Draft("annual", date(2026, 12, 3), date(2026, 12, 4)),
            {"record_dates": frozenset({date(2026, 12, 3)})},
            "start",
            "already have leave recorded on 2026-12-03",
        ),
        (Draft("annual", date(2026, 12, 1), date(2026, 12, 11)), {}, "end", "More than your balance (7.5"),
        (Draft("annual", date(2027, 12, 1), date(2027, 12, 1)), {}, "start", "at most 365 days ahead"),
        (Draft("annual", date(2026, 12, 31), date(2027, 1, 4)), {}, "end", "within one year"),
        (Draft("vacation", date(2026, 12, 3), date(2026, 12, 3)), {}, "leave_type", "Unknown leave type"),
        (
            Draft("annual", date(2026, 12, 3), date(2026, 12, 3), reason="x" * 501),
            {},
            "reason",
            "at most 500",
        ),
        (
            Draft("annual", date(2026, 12, 3), date(2026, 12, 3)),
            {"granted": None},
            "start",
            "ask HR to import 2026's grants",
        ),
        (
            Draft("annual", date(2026, 12, 3), date(2026, 12, 3)),
            {"granted": None, "computed_grants": True},
            "start",
            "No annual leave arises for you in 2026",
        ),
        # What people type: a character no text may hold; dates out of any sane range (said, not crashed on).
        (Draft("annual", date(2026, 12, 3), date(2026, 12, 3), reason="a\x00b"), {}, "reason", "U+0000"),
        (Draft("annual", date(2026, 12, 3), date(2026, 12, 3), reason="\x1b[31m"), {}, "reason", "U+001B"),
        (Draft("annual", date(2026, 12, 3), date(2026, 12, 3), reason="\u202eab"), {}, "reason", "U+202E"),
        (Draft("annual", date(2026, 12, 3), date(2026, 12, 3), reason="a\r\nb"), {}, "reason", "U+000D"),
        (Draft("annual", date(9999, 12, 30), date(9999, 12, 31)), {}, "start", "at most 365 days ahead"),
        (Draft("annual", date(1, 1, 1), date(1, 1, 2)), {}, "start", "0001-01-01 has passed"),
        (Draft("annual", date(2026, 12, 3), date(9999, 12, 31)), {}, "end", "9999-12-31 cannot be requested"),
    ],
)
def test_each_problem_names_its_field(draft, values, field, says):
    found = problems(draft, **values)
    assert field in found and says in found[field], found


def test_what_the_policy_and_the_data_allow_is_not_a_problem():
    assert problems(Draft("annual", date(2026, 12, 3), date(2026, 12, 3), "quarter"), quarter_days=True) == {}
    assert problems(Draft("annual", date(2026, 12, 1), date(2026, 12, 11)), allow_negative=True) == {}
    assert problems(Draft("sick", date(2026, 12, 1), date(2026, 12, 11)), granted=None) == {}  # not annual
    assert problems(Draft("annual", TODAY, date(2026, 12, 1))) == {}  # today may still be asked
    assert problems(Draft("annual", date(2026, 12, 3), date(2026, 12, 3), reason="병원\n검진")) == {}  # lines
    korean = check(Draft("annual", date(2026, 12, 4), date(2026, 12, 3)), standing(), KOREA).errors(True)
    assert korean == {"end": "종료일이 시작일보다 빨라요."}


def test_the_policy_keys_for_requests_read_and_refuse():
    policy, bad = with_changes(
        DEFAULT_POLICY, [("approvers", "E1003, E1005"), ("quarter_days", "yes"), ("request_ahead_days", "90")]
    )
    assert bad == [] and policy.approvers == ("E1003", "E1005") and policy.quarter_days
    assert policy.request_ahead_days == 90
    _, bad = with_changes(DEFAULT_POLICY, [("approvers", "E1,E1"), ("request_ahead_days", "0")])
    assert bad[0].startswith("approvers: an employee id is listed twice")
    assert bad[1].startswith("request_ahead_days: '0' is not a whole number of days from 1 to 3660")


# --- the store, on both databases ------------------------------------------------------------------------


async def _manager(db: ScratchDatabase, employee_id: str, manager_id: str | None) -> None:
    async with db.engine.begin() as connection:
        await connection.execute(
            update(employees).where(employees.c.employee_id == employee_id).values(manager_id=manager_id)
        )


async def _audit_rows(db: ScratchDatabase, outcome: str = "ok") -> list[dict[str, object]]:
    """The requests' audit rows: the moves made (`ok`), or the attempts refused (`refused`)."""
    async with db.engine.connect() as connection:
        rows = await connection.execute(
            select(audit_log)
            .where(audit_log.c.tool == "leave_request", audit_log.c.outcome == outcome)
            .order_by(audit_log.c.id)
        )
        return [dict(row.detail, surface=row.surface, employee=row.employee_id) for row in rows]


async def _records_of(db: ScratchDatabase, request_id: int) -> list[tuple[date, Decimal, str]]:
    async with db.engine.connect() as connection:
        rows = await connection.execute(
            select(leave_records.c.taken_on, leave_records.c.days, leave_records.c.note)
            .where(leave_records.c.request_id == request_id)
            .order_by(leave_records.c.taken_on)
        )
        return [(row.taken_on, row.days, row.note) for row in rows]


def _store(db: ScratchDatabase) -> SqlRequestStore:
    return SqlRequestStore(db.engine, clock=lambda: NOW)


async def test_submit_then_approve_writes_the_records_the_balance_reads(seeded_database: ScratchDatabase):
    await _manager(seeded_database, "E1001", "E1002")
    store, hr = _store(seeded_database), SqlHrStore(seeded_database.engine)
    draft = Draft("annual", date(2026, 12, 21), date(2026, 12, 25), reason="연말")
    submitted = await store.submit(MINSU, draft, POLICY, TODAY, "modal")
    request = submitted.request
    assert request is not None and submitted.checked.days == 4
    assert (request.state, request.approver_id, request.days) == ("pending", "E1002", Decimal(4))
    assert await store.pending_days("E1001", 2026) == 4
    assert (await stored_balance(hr, "E1001", 2026)).remaining == Decimal("7.5")  # pending is not used

    moved = await store.move(request.id, "approve", SEOYEON, POLICY, TODAY, "card")
    assert moved.moved and moved.request is not None and moved.request.state == "approved"
    assert moved.request.decided_by == "E1002" and moved.request.decided_at == NOW
    assert await _records_of(seeded_database, request.id) == [
        (date(2026, 12, day), Decimal(1), f"request #{request.id}") for day in (21, 22, 23, 24)
    ]
    assert (await stored_balance(hr, "E1001", 2026)).remaining == Decimal("3.5")
    assert await store.pending_days("E1001", 2026) == 0
    taken = await hr.leave_taken("E1001", 2026)
    assert [r.taken_on for r in taken.records][-4:] == [date(2026, 12, d) for d in (21, 22, 23, 24)]

    cancelled = await store.move(request.id, "cancel", MINSU, POLICY, TODAY, "home")
    assert cancelled.moved and await _records_of(seeded_database, request.id) == []
    assert (await stored_balance(hr, "E1001", 2026)).remaining == Decimal("7.5")
    assert await _audit_rows(seeded_database) == [
        {"request": request.id, "action": "submit", "from": "draft", "to": "pending", "by": "E1001"}
        | {"surface": "modal", "employee": "E1001"},
        {"request": request.id, "action": "approve", "from": "pending", "to": "approved", "by": "E1002"}
        | {"surface": "card", "employee": "E1001"},
        {"request": request.id, "action": "cancel", "from": "approved", "to": "cancelled", "by": "E1001"}
        | {"surface": "home", "employee": "E1001"},
    ]


async def test_a_half_day_is_one_record_of_half_a_day(seeded_database: ScratchDatabase):
    store = _store(seeded_database)
    draft = Draft("annual", date(2026, 12, 24), date(2026, 12, 24), "pm")
    request = (await store.submit(MINSU, draft, POLICY, TODAY, "dm")).request
    assert request is not None and request.approver_id is None  # no manager: the policy's approvers
    assert (await store.move(request.id, "approve", JIHOON, POLICY, TODAY, "card")).moved
    assert await _records_of(seeded_database, request.id) == [
        (date(2026, 12, 24), Decimal("0.5"), f"request #{request.id}")
    ]


async def test_the_store_checks_against_what_is_stored(seeded_database: ScratchDatabase):
    store = _store(seeded_database)
    first = await store.submit(
        MINSU, Draft("annual", date(2026, 12, 21), date(2026, 12, 22)), POLICY, TODAY, "modal"
    )
    assert first.request is not None
    overlapping = await store.submit(
        MINSU, Draft("annual", date(2026, 12, 22), date(2026, 12, 23)), POLICY, TODAY, "modal"
    )
    assert overlapping.request is None
    assert overlapping.checked.errors(False)["start"].startswith(
        f"Overlaps your pending request #{first.request.id}"
    )
    # 7.5 left, 2 pending: 6 more days is too many.
    too_many = await store.check(
        "E1001", Draft("annual", date(2026, 12, 1), date(2026, 12, 8)), POLICY, TODAY
    )
    assert too_many.errors(False)["end"] == "More than your balance (7.5 days, 2 pending): 6 days."
    on_a_record = await store.check(
        "E1001", Draft("annual", date(2026, 2, 13), date(2026, 2, 13)), POLICY, date(2026, 2, 2)
    )
    assert "already have leave recorded on 2026-02-13" in on_a_record.errors(False)["start"]
    # A three-day record from 2026-05-04 covers the 4th, 6th and 7th (the 5th is 어린이날).
    inside = await store.check(
        "E1001", Draft("annual", date(2026, 5, 7), date(2026, 5, 7)), POLICY, date(2026, 5, 1)
    )
    assert "already have leave recorded on 2026-05-07" in inside.errors(False)["start"]
    assert (await store.leave_types()) == ("annual", "sick")
    with pytest.raises(UnknownEmployee):
        await store.check("E404", Draft("annual", date(2026, 12, 1), date(2026, 12, 1)), POLICY, TODAY)


async def test_a_form_submitted_twice_is_one_request(seeded_database: ScratchDatabase):
    store = _store(seeded_database)
    draft = Draft("annual", date(2026, 12, 21), date(2026, 12, 21))
    first = await store.submit(MINSU, draft, POLICY, TODAY, "modal", submission_key="V123")
    again = await store.submit(MINSU, draft, POLICY, TODAY, "modal", submission_key="V123")
    assert first.request is not None and again.again and again.request == first.request
    assert len(await store.listed(employee_id="E1001")) == 1


async def test_a_submission_is_only_ever_its_requesters(seeded_database: ScratchDatabase):
    # The key comes from the Slack payload (the form's view id): another person's sending with it must never
    # be answered with the first person's request.
    store = _store(seeded_database)
    draft = Draft("annual", date(2026, 12, 21), date(2026, 12, 21))
    first = await store.submit(MINSU, draft, POLICY, TODAY, "modal", submission_key="V123")
    with pytest.raises(Exception) as refused:
        await store.submit(SEOYEON, draft, POLICY, TODAY, "modal", submission_key="V123")
    assert "E1001" not in str(refused.value) and first.request is not None
    assert len(await store.listed(employee_id="E1002")) == 0


async def test_nobody_to_approve_is_said_before_anything_is_stored(seeded_database: ScratchDatabase):
    store = _store(seeded_database)
    submitted = await store.submit(
        MINSU, Draft("annual", date(2026, 12, 21), date(2026, 12, 21)), DEFAULT_POLICY, TODAY, "modal"
    )
    assert (
        submitted.request is None
        and "Nobody can approve this" in submitted.checked.errors(False)["leave_type"]
    )
    # A manager who is no longer active does not approve: the policy's approvers do.
    await _manager(seeded_database, "E1001", "E1002")
    async with seeded_database.engine.begin() as connection:
        await connection.execute(
            update(employees).where(employees.c.employee_id == "E1002").values(active=False)
        )
    request = (
        await store.submit(
            MINSU, Draft("annual", date(2026, 12, 21), date(2026, 12, 21)), POLICY, TODAY, "modal"
        )
    ).request
    assert request is not None and request.approver_id is None


async def test_refusals_change_nothing(seeded_database: ScratchDatabase):
    await _manager(seeded_database, "E1001", "E1002")
    store = _store(seeded_database)
    request = (
        await store.submit(
            MINSU, Draft("annual", date(2026, 12, 21), date(2026, 12, 21)), POLICY, TODAY, "modal"
        )
    ).request
    assert request is not None
    assert await store.move(request.id, "approve", MINSU, POLICY, TODAY, "card") == (
        await store.move(request.id, "approve", MINSU, POLICY, TODAY, "card")
    )
    assert (await store.move(request.id, "approve", MINSU, POLICY, TODAY, "card")).refusal == "own_request"
    assert (await store.move(request.id, "approve", JIHOON, POLICY, TODAY, "card")).refusal == "not_allowed"
    assert (await store.move(request.id, "cancel", SEOYEON, POLICY, TODAY, "card")).refusal == "not_allowed"
    assert (await store.move(9999, "approve", SEOYEON, POLICY, TODAY, "card")).refusal == "unknown_request"
    assert (await store.get(request.id)) == request
    assert len(await _audit_rows(seeded_database)) == 1  # the submission only
    refused = await _audit_rows(seeded_database, "refused")  # each refused attempt: who, what, why
    assert [(r["request"], r["action"], r["refused"], r["by"]) for r in refused] == [
        (request.id, "approve", "own_request", "E1001"),
        (request.id, "approve", "own_request", "E1001"),
        (request.id, "approve", "own_request", "E1001"),
        (request.id, "approve", "not_allowed", "E1003"),
        (request.id, "cancel", "not_allowed", "E1002"),
        (9999, "approve", "unknown_request", "E1002"),
    ]
    declined = await store.move(request.id, "decline", SEOYEON, POLICY, TODAY, "card", note="마감 주간")
    assert declined.moved and declined.request is not None and declined.request.decision_note == "마감 주간"
    late = await store.move(request.id, "approve", SEOYEON, POLICY, TODAY, "card")
    assert (late.moved, late.refusal, late.request and late.request.state) == (
        False,
        "not_pending",
        "declined",
    )
    assert [r.id for r in await store.listed(state="declined")] == [request.id]


async def test_hr_cancels_an_approved_request_that_has_started(seeded_database: ScratchDatabase):
    store = _store(seeded_database)
    request = (
        await store.submit(
            MINSU, Draft("annual", date(2026, 12, 21), date(2026, 12, 22)), POLICY, TODAY, "modal"
        )
    ).request
    assert request is not None
    assert (await store.move(request.id, "approve", JIHOON, POLICY, TODAY, "card")).moved
    started = date(2026, 12, 22)
    assert (
        await store.move(request.id, "cancel", MINSU, POLICY, started, "home")
    ).refusal == "already_started"
    assert len(await _records_of(seeded_database, request.id)) == 2
    assert (await store.move(request.id, "cancel", HR, POLICY, started, "cli", note="병가로 전환")).moved
    assert await _records_of(seeded_database, request.id) == []
    assert (await _audit_rows(seeded_database))[-1]["by"] == "hr:hr-admin"


@pytest.mark.parametrize("actions", [("approve", "approve"), ("approve", "decline"), ("decline", "cancel")])
async def test_two_deciders_at_once_get_one_outcome(seeded_database: ScratchDatabase, actions):
    await _manager(seeded_database, "E1001", "E1002")
    actors = {"approve": SEOYEON, "decline": SEOYEON, "cancel": MINSU}
    # Two processes: an engine (a pool of connections) each, on the same database.
    second = create_engine(seeded_database.database)
    try:
        stores = [_store(seeded_database), SqlRequestStore(second, clock=lambda: NOW)]
        for day in (1, 2, 3, 4, 7):  # a fresh one-day request each round, both callers released together
            on = date(2026, 12, day)
            submitted = await stores[0].submit(MINSU, Draft("annual", on, on), POLICY, TODAY, "modal")
            assert submitted.request is not None
            request_id = submitted.request.id
            outcomes = await asyncio.gather(
                *(
                    store.move(request_id, action, actors[action], POLICY, TODAY, "card")
                    for store, action in zip(stores, actions, strict=True)
                )
            )
            assert [outcome.moved for outcome in outcomes].count(True) == 1
            winner = next(outcome for outcome in outcomes if outcome.moved)
            loser = next(outcome for outcome in outcomes if not outcome.moved)
            assert loser.refusal == "not_pending" and loser.request == winner.request
            assert winner.request is not None
            approved = winner.request.state == "approved"
            assert len(await _records_of(seeded_database, request_id)) == (1 if approved else 0)
        rows = await _audit_rows(seeded_database)
        assert [row["action"] for row in rows].count("submit") == 5
        assert len(rows) == 10  # each request: its submission and exactly one decision
    finally:
        await second.dispose()


async def test_two_overlapping_submissions_at_once_store_one(seeded_database: ScratchDatabase):
    second = create_engine(seeded_database.database)
    try:
        stores = [_store(seeded_database), SqlRequestStore(second, clock=lambda: NOW)]
        drafts = [
            Draft("annual", date(2026, 12, 21), date(2026, 12, 22)),
            Draft("annual", date(2026, 12, 22), date(2026, 12, 23)),
        ]
        outcomes = await asyncio.gather(
            *(
                store.submit(MINSU, draft, POLICY, TODAY, "modal")
                for store, draft in zip(stores, drafts, strict=True)
            )
        )
        assert sorted(outcome.request is not None for outcome in outcomes) == [False, True]
        assert len(await stores[0].listed(employee_id="E1001")) == 1
    finally:
        await second.dispose()


# --- the manager in the HR files -------------------------------------------------------------------------


async def test_manager_id_is_imported_and_exported_in_csv_and_json(database: ScratchDatabase, tmp_path):
    people = tmp_path / "employees.csv"
    people.write_text(
        "employee_id,name,email,slack_user_id,hire_date,manager_id\n"
        "E1,가,e1@x.kr,,2021-03-02,E2\nE2,나,e2@x.kr,,2020-01-02,\n",
        encoding="utf-8",
    )
    await import_files(database.engine, [people])
    hr = SqlHrStore(database.engine)
    assert (await hr.employee("E1")).manager_id == "E2" and (await hr.employee("E2")).manager_id is None
    (csv_out, *_) = await export_data(database.engine, tmp_path / "csv")
    assert csv_out.read_text("utf-8").splitlines()[1].endswith(",E2")
    (json_out,) = await export_data(database.engine, tmp_path / "json", "json")
    assert json_out.read_text("utf-8").count('"manager_id": "E2"') == 1
    await import_files(database.engine, [json_out], replace_all=True)  # and read back from JSON
    assert (await hr.employee("E1")).manager_id == "E2"


async def test_a_bad_manager_id_is_refused_on_its_column(database: ScratchDatabase, tmp_path):
    people = tmp_path / "employees.csv"
    people.write_text(
        "employee_id,name,email,slack_user_id,hire_date,manager_id\nE1,가,e1@x.kr,,,E1\nE2,나,e2@x.kr,,,E 3\n",
        encoding="utf-8",
    )
    with pytest.raises(ImportRefused) as refused:
        await import_files(database.engine, [people])
    assert [problem.split(": ", 1)[1] for problem in refused.value.problems] == [
        "manager_id: an employee is not their own manager (leave empty for the HR approvers)",
        "manager_id: \"E 3\" is not 1-32 letters, digits, '-' or '_'",
    ]


# --- `officebot requests` ---------------------------------------------------------------------------------


async def _hr(db: ScratchDatabase, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": db.url, "OFFICEBOT_TODAY": TODAY.isoformat()})
    status = await requests_cli.run(
        settings, cli_parser().parse_args(["requests", *argv]), out, err, "hr-kim"
    )
    return status, out.getvalue(), err.getvalue()


async def test_hr_lists_approves_declines_and_cancels_from_the_terminal(seeded_database: ScratchDatabase):
    store = _store(seeded_database)
    first = (
        await store.submit(
            MINSU, Draft("annual", date(2026, 12, 21), date(2026, 12, 22)), POLICY, TODAY, "modal"
        )
    ).request
    second = (
        await store.submit(
            MINSU, Draft("annual", date(2026, 12, 28), date(2026, 12, 28), "am"), POLICY, TODAY, "modal"
        )
    ).request
    assert first is not None and second is not None
    status, out, _ = await _hr(seeded_database, "list", "--state", "pending")
    assert status == 0 and out.splitlines()[0].startswith("id     employee  dates")
    assert [line.split()[0] for line in out.splitlines()[1:]] == [str(second.id), str(first.id)]
    assert f"{first.id:<6} E1001     2026-12-21~2026-12-22" in out and " 0.5  annual   pending" in out

    assert await _hr(seeded_database, "approve", str(first.id)) == (
        0,
        f"leave request #{first.id} (E1001): approved.\n",
        "",
    )
    assert len(await _records_of(seeded_database, first.id)) == 2
    assert await _hr(seeded_database, "approve", str(first.id)) == (
        2,
        "",
        f"officebot: leave request #{first.id} is approved already: nothing changed\n",
    )
    assert await _hr(seeded_database, "decline", str(second.id), "--reason", "인원 부족") == (
        0,
        f"leave request #{second.id} (E1001): declined.\n",
        "",
    )
    assert (await _hr(seeded_database, "cancel", str(first.id), "--reason", "병가로 전환"))[0] == 0
    assert await _records_of(seeded_database, first.id) == []
    assert (await _hr(seeded_database, "cancel", "424242", "--reason", "x"))[2] == (
        "officebot: there is no leave request #424242: see `officebot requests list`\n"
    )
    rows = await _audit_rows(seeded_database)
    assert [(row["action"], row["by"], row["surface"]) for row in rows[2:]] == [
        ("approve", "hr:hr-kim", "cli"),
        ("decline", "hr:hr-kim", "cli"),
        ("cancel", "hr:hr-kim", "cli"),
    ]
    status, out, _ = await _hr(seeded_database, "list", "--employee", "E1001")
    assert "cancelled" in out and "declined" in out and "hr:hr-kim" in out


async def test_hr_s_reason_must_be_one_line_of_text_within_the_limit(seeded_database: ScratchDatabase):
    request = (
        await _store(seeded_database).submit(
            MINSU, Draft("annual", date(2026, 12, 21), date(2026, 12, 21)), POLICY, TODAY, "modal"
        )
    ).request
    assert request is not None
    for command in ("decline", "cancel"):
        for reason, says in (
            ("x" * 501, "at most 500 characters"),
            ("마감\x00주간", "This character can't be used: U+0000"),
            ("\x1b[31m인원 부족", "This character can't be used: U+001B"),
            ("두 줄\n사유", "This character can't be used: U+000A"),
            ("  ", "Say why."),
        ):
            status, out, err = await _hr(seeded_database, command, str(request.id), "--reason", reason)
            assert (status, out) == (2, ""), (command, reason)
            assert err.count("\n") == 1 and err.startswith("officebot: --reason: ") and says in err
    assert (await _store(seeded_database).get(request.id)) == request  # nothing written
    assert [row["action"] for row in await _audit_rows(seeded_database)] == ["submit"]


def test_the_requests_commands_need_a_reason_to_decline_or_cancel(capsys):
    with pytest.raises(SystemExit):
        cli_parser().parse_args(["requests", "decline", "3"])
    assert "--reason" in capsys.readouterr().err


# --- the draft tool and the offline model's reading of a request --------------------------------------------


def _draft_toolbox(db: ScratchDatabase, audit: MemoryAuditLog) -> Toolbox:
    async def policy_now() -> CompanyPolicy:
        return POLICY

    return Toolbox(
        BUILTIN_TOOLS,
        leave=SqlHrStore(db.engine),
        today_for=FIXED_CALENDAR.today_for,
        audit=audit,
        clock=fixed_clock,
        requests=_store(db),
        policy_now=policy_now,
    )


async def test_the_draft_tool_drafts_for_the_asker_and_stores_nothing(
    seeded_database: ScratchDatabase, minsu
):
    audit = MemoryAuditLog()
    toolbox = _draft_toolbox(seeded_database, audit)
    caller = minsu  # E1001, from the directory
    asked = {"start": "2026-12-21", "end": "2026-12-25", "part": "full", "leave_type": "annual", "reason": ""}
    outcome = await toolbox.dispatch("draft_leave_request", asked, caller)
    assert not outcome.is_error
    said = json.loads(outcome.text)  # what the model reads: the draft as data, not submitted
    assert (said["submitted"], said["working_days"], said["days"]) == (False, 4, "4")
    assert (said["year"], said["balance_before"], said["pending"], said["balance_after"]) == (
        2026,
        "7.5",
        "0",
        "3.5",
    )
    assert outcome.shown.splitlines()[2] == "2026년 남은 연차 7.5일 (신청 중 0일) → 신청 후 3.5일"
    [checked] = [f for f in outcome.figures if isinstance(f, Checked)]
    assert (checked.days, checked.balance_after) == (Decimal(4), Decimal("3.5"))
    assert {type(f).__name__ for f in outcome.figures} == {"Checked", "WorkingDays", "Balance"}
    assert await _store(seeded_database).listed() == []  # a draft is never stored
    assert audit.records[-1].tool == "draft_leave_request" and audit.records[-1].detail["days"] == "4"

    refused = await toolbox.dispatch("draft_leave_request", asked | {"employee_id": "E1002"}, caller)
    assert (refused.outcome, refused.shown.startswith("unexpected input field(s): employee_id")) == (
        "injected_field",
        True,
    )
    past = await toolbox.dispatch(
        "draft_leave_request", asked | {"start": "2026-11-27", "end": "2026-11-27"}, caller
    )
    assert past.outcome == "invalid_input"
    assert json.loads(past.text) == {
        "error": "this draft cannot be submitted: start: 2026-11-27 has passed: only HR records leave in the past.",
        "kind": "invalid_input",
        "problems": [
            {
                "field": "start",
                "en": "2026-11-27 has passed: only HR records leave in the past.",
                "ko": "2026-11-27은 지난 날짜예요. 지난 휴가는 HR이 기록해요.",
            }
        ],
    }


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("12월 24일 오후 반차 쓸래", (date(2026, 12, 24), date(2026, 12, 24), "pm")),
        ("12월 24일 반차 신청해줘", (date(2026, 12, 24), date(2026, 12, 24), "am")),
        ("12월 21일부터 24일까지 휴가 쓰고 싶어", (date(2026, 12, 21), date(2026, 12, 24), "full")),
        ("next Thursday and Friday off", (date(2026, 12, 3), date(2026, 12, 4), "full")),
        ("다음주 목요일 금요일 쉴래", (date(2026, 12, 3), date(2026, 12, 4), "full")),
        ("1월 2일 연차 쓸래", (date(2027, 1, 2), date(2027, 1, 2), "full")),  # past this year: next year's
        ("I'd like 2026-12-28 off, morning only", (date(2026, 12, 28), date(2026, 12, 28), "am")),
    ],
)
def test_the_offline_model_reads_a_request_for_leave(said, expected):
    asked = leave_asked(said, TODAY)
    assert asked is not None and (asked.start, asked.end, asked.part) == expected


@pytest.mark.parametrize(
    "said",
    [
        "Can I take Friday off?",
        "How many days off do I have left?",
        "12월 24일 연차 며칠 남았어?",
        "월, 금 쉴래",
        "휴가 쓸래",
    ],
)
def test_what_is_not_a_request_for_leave_on_a_date(said):
    assert leave_asked(said, TODAY) is None


async def test_the_approver_sees_who_else_on_the_team_is_off(seeded_database: ScratchDatabase):
    for employee_id in ("E1001", "E1002", "E1004"):  # one team under Jihoon (E1003)
        await _manager(seeded_database, employee_id, "E1003")
    store = _store(seeded_database)
    seoyeon = (
        await store.submit(
            SEOYEON, Draft("annual", date(2026, 12, 22), date(2026, 12, 22)), POLICY, TODAY, "dm"
        )
    ).request
    assert seoyeon is not None
    async with seeded_database.engine.begin() as connection:  # Yujin's day off, already in the HR data
        await connection.execute(
            insert(leave_records).values(
                employee_id="E1004", taken_on=date(2026, 12, 24), days=Decimal(1), leave_type="annual"
            )
        )
    minsu = (
        await store.submit(
            MINSU, Draft("annual", date(2026, 12, 21), date(2026, 12, 25)), POLICY, TODAY, "modal"
        )
    ).request
    assert minsu is not None
    away = await store.team_away(minsu)
    assert [(a.name, a.start, a.state) for a in away] == [
        ("이서연", date(2026, 12, 22), "pending"),
        ("최유진", date(2026, 12, 24), "recorded"),
    ]
    assert team_line(away, korean=True) == "같은 팀 부재: 이서연 2026-12-22 (승인 대기), 최유진 2026-12-24"
    assert [(a.name, a.state) for a in await store.team_away(seoyeon)] == [("김민수", "pending")]
    # `max_out_per_day`: approving would put two out on the 24th (Minsu and Yujin's recorded day); Seoyeon's
    # pending day is not counted, Christmas is no working day, and 0 is off.
    assert crowded_days(minsu, away, 1) == [(date(2026, 12, 24), 2)]
    assert crowded_days(minsu, away, 2) == [] and crowded_days(minsu, away, 0) == []
    assert crowding_line(crowded_days(minsu, away, 1), 1, korean=True) == (
        "⚠ 승인하면 12/24에 팀원 최대 2명이 부재예요 (정책상 하루 1명까지)."
    )


async def test_the_check_reads_the_balance_as_the_balance_tool_does_in_either_grants_mode(
    seeded_database: ScratchDatabase,
):
    store, hr = _store(seeded_database), SqlHrStore(seeded_database.engine)
    draft = Draft("annual", date(2026, 12, 21), date(2026, 12, 21))
    for mode in ("imported", "computed"):
        policy = replace(POLICY, rules=replace(POLICY.rules, grants=mode))
        expected = balance_of(await hr.ledger_inputs("E1001"), policy.rules, TODAY, 2026)
        checked = await store.check("E1001", draft, policy, TODAY)
        assert checked.balance_before == expected.remaining, mode


async def test_a_december_request_for_next_january_says_what_to_do_in_either_grants_mode(
    seeded_database: ScratchDatabase,
):
    """On 2026-12-04, 4–5 January 2027: HR's import holds no 2027 row. `imported`: refused, saying to ask HR
    to import 2027's grants or to compute them from the Act; `computed`: checked against the grant usable on
    those dates — the Act's grant that arose in March 2026, not the calendar year 2027's (which arises in
    March 2027) — and the balance the check and the approval card state is what the ledger has left of that
    grant once the request is approved."""
    store, hr = _store(seeded_database), SqlHrStore(seeded_database.engine)
    today, draft = date(2026, 12, 4), Draft("annual", date(2027, 1, 4), date(2027, 1, 5))
    refused = await store.check("E1001", draft, POLICY, today)
    said = refused.errors(False)["start"]
    assert "ask HR to import 2027's grants" in said and "officebot policy set grants=computed" in said
    assert "인사팀에 2027년 연차 등록을 요청해 주세요" in refused.errors(True)["start"]
    computed = replace(POLICY, rules=replace(POLICY.rules, grants="computed"))
    accepted = await store.check("E1001", draft, computed, today)
    assert accepted.errors(False) == {}
    (usable,) = [
        g
        for g in holding_of(await hr.ledger_inputs("E1001"), computed.rules, today).grants
        if g.arises_on <= draft.start <= g.expires_on
    ]
    assert usable.arises_on.year == 2026  # the grant a January day draws from
    assert (accepted.balance_before, accepted.balance_after) == (usable.remaining, usable.remaining - 2)
    request = (await store.submit(MINSU, draft, computed, today, "modal")).request
    assert request is not None
    card = await store.draw_of(request, computed)
    assert card is not None and (card.before, card.after) == (accepted.balance_before, accepted.balance_after)
    assert (await store.move(request.id, "approve", JIHOON, computed, today, "card")).moved
    (drawn,) = [
        g
        for g in holding_of(await hr.ledger_inputs("E1001"), computed.rules, today).grants
        if g.arises_on == usable.arises_on and g.expires_on == usable.expires_on
    ]
    assert drawn.remaining == accepted.balance_after
