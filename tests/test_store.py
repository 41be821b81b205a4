"""HR data in the database (`SqlHrStore`), on SQLite and PostgreSQL: exact amounts, distinct failures,
case-insensitive email, inactive employees, leave records, changes visible at once, and a lost database
reported as unavailable and recovered from without a restart."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import insert, update

from bot.db.hr import SqlHrStore
from bot.db.tables import employees, leave_grants, leave_records
from bot.domain.leave import LeaveRecord, format_days
from bot.ports.hr import NoRecordForYear, StoreUnavailable, UnknownEmployee
from tests.support.database import ScratchDatabase, cut_off
from tests.support.ports import stored_balance


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        ("7.5", "7.5"),
        ("7.50", "7.5"),
        ("15", "15"),
        ("10", "10"),
        ("0.25", "0.25"),
        ("0", "0"),
        ("-1.5", "-1.5"),
    ],
)
def test_format_days(amount, text):
    assert format_days(Decimal(amount)) == text


async def _add_employee(db: ScratchDatabase, employee_id: str, **values: object) -> None:
    row: dict[str, object] = {
        "employee_id": employee_id,
        "name": "홍길동",
        "email": f"{employee_id}@example.com",
    }
    row |= values
    row["email_key"] = str(row["email"]).casefold()
    async with db.engine.begin() as connection:
        await connection.execute(insert(employees), [row])


async def test_balances_are_exact_decimals(seeded_database: ScratchDatabase):
    store = SqlHrStore(seeded_database.engine)
    balance = await stored_balance(store, "E1002", 2025)
    # On the pinned day 2026-11-29 what was left of 2025 lapsed after December 31.
    assert (balance.granted, balance.used, balance.lapsed, balance.remaining) == (
        Decimal(16),
        Decimal("9.25"),
        Decimal("6.75"),
        Decimal(0),
    )
    assert isinstance(balance.used, Decimal)


async def test_used_is_the_opening_adjustment_plus_annual_records_only(database: ScratchDatabase):
    await _add_employee(database, "E9")
    async with database.engine.begin() as connection:
        await connection.execute(
            insert(leave_grants),
            [{"employee_id": "E9", "year": 2026, "granted": Decimal(15), "opening_used": Decimal("2.25")}],
        )
        await connection.execute(
            insert(leave_records),
            [
                {
                    "employee_id": "E9",
                    "taken_on": date(2026, 3, 2),
                    "days": Decimal("0.5"),
                    "leave_type": "annual",
                    "note": "반차",
                },
                {
                    "employee_id": "E9",
                    "taken_on": date(2026, 5, 4),
                    "days": Decimal(3),
                    "leave_type": "annual",
                    "note": None,
                },
                {
                    "employee_id": "E9",
                    "taken_on": date(2026, 6, 1),
                    "days": Decimal(1),
                    "leave_type": "sick",
                    "note": None,
                },
                {
                    "employee_id": "E9",
                    "taken_on": date(2025, 12, 31),
                    "days": Decimal(1),
                    "leave_type": "annual",
                    "note": None,
                },
            ],
        )
    store = SqlHrStore(database.engine)
    balance = await stored_balance(store, "E9", 2026)
    assert balance.used == Decimal("5.75") and balance.remaining == Decimal("9.25")
    taken = await store.leave_taken("E9", 2026)
    assert taken.records == (
        LeaveRecord(date(2026, 3, 2), Decimal("0.5"), "annual", "반차"),
        LeaveRecord(date(2026, 5, 4), Decimal(3), "annual", None),
        LeaveRecord(date(2026, 6, 1), Decimal(1), "sick", None),
    )
    assert dict(taken.totals) == {"annual": Decimal("3.5"), "sick": Decimal(1)}
    assert (await store.leave_taken("E9", 2024)).records == ()


async def test_distinct_failures(seeded_database: ScratchDatabase):
    store = SqlHrStore(seeded_database.engine)
    with pytest.raises(UnknownEmployee):
        await stored_balance(store, "E0000", 2026)
    with pytest.raises(UnknownEmployee):
        await store.leave_taken("E0000", 2026)
    with pytest.raises(NoRecordForYear):
        await stored_balance(store, "E1001", 2019)


async def test_directory_matches_email_case_insensitively_and_skips_inactive(
    seeded_database: ScratchDatabase,
):
    store = SqlHrStore(seeded_database.engine)
    found = await store.employee_by_email("yujin.choi@EXAMPLE.com")
    assert found is not None and found.employee_id == "E1004"
    async with seeded_database.engine.begin() as connection:
        await connection.execute(
            update(employees).where(employees.c.employee_id == "E1004").values(active=False)
        )
    assert await store.employee_by_email("Yujin.Choi@example.com") is None
    assert await store.employee_by_id("E1004") is None
    minsu = await store.employee_by_slack_user_id("U0123ABCD")
    assert minsu is not None and minsu.employee_id == "E1001"


async def test_a_change_in_the_database_shows_in_the_next_lookup(seeded_database: ScratchDatabase):
    store = SqlHrStore(seeded_database.engine)
    assert (await stored_balance(store, "E1001", 2026)).remaining == Decimal("7.5")
    async with seeded_database.engine.begin() as connection:  # HR's own tooling, writing directly
        await connection.execute(
            update(leave_grants)
            .where(leave_grants.c.employee_id == "E1001", leave_grants.c.year == 2026)
            .values(granted=Decimal(16))
        )
    assert (await stored_balance(store, "E1001", 2026)).remaining == Decimal("8.5")


async def test_a_lost_database_is_unavailable_then_recovered_without_a_restart(tmp_path):
    from tests.support.database import make_test_database, release_test_database

    db = await make_test_database("postgresql", tmp_path, seeded=True)
    try:
        store = SqlHrStore(db.engine)
        assert (await stored_balance(store, "E1001", 2026)).remaining == Decimal("7.5")
        async with cut_off(db):
            with pytest.raises(StoreUnavailable):
                await stored_balance(store, "E1001", 2026)
        assert (await stored_balance(store, "E1001", 2026)).remaining == Decimal("7.5")  # back by itself
    finally:
        await release_test_database(db)


def test_the_shipped_async_driver_serves_a_plain_url():
    from pathlib import Path

    from bot.db.url import database_from

    assert (
        database_from("postgresql://officebot@db:5432/hr", Path("/")).url.drivername == "postgresql+asyncpg"
    )
    assert database_from("sqlite:///hr.db", Path("/")).url.drivername == "sqlite+aiosqlite"


async def test_a_lost_database_still_tells_the_person_the_hr_system_is_unavailable(tmp_path, minsu):
    """The audit log lives in the same database, so its row fails too; a failure shows no data, so the
    answer goes out (fail closed only guards results that show someone's leave)."""
    from bot.db.audit import SqlAuditLog
    from tests.support.assistant import make_toolbox
    from tests.support.database import make_test_database, release_test_database

    db = await make_test_database("postgresql", tmp_path, seeded=True)
    try:
        toolbox = make_toolbox(SqlHrStore(db.engine), SqlAuditLog(db.engine))
        async with cut_off(db):
            outcome = await toolbox.dispatch("get_leave_balance", {"year": 2026}, minsu)
        assert (outcome.outcome, outcome.shown) == (
            "store_unavailable",
            "the HR system is unavailable right now; try again later",
        )
        assert json.loads(outcome.text)["kind"] == "store_unavailable"
    finally:
        await release_test_database(db)
