"""Issue 20's data, on SQLite and PostgreSQL: the employees' end date, weekly hours and years under 80 %
through import and export; the company leave policy (defaults, changes in one transaction with their
audit rows, `officebot policy show | set`); migration 0004 on a database holding data; and
`officebot data check`'s comparison of the stored grants with the Act."""

from __future__ import annotations

import argparse
import io
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import func, insert, select

from bot.config import Settings
from bot.db import migrate
from bot.db.import_export import ImportRefused, differences_from_the_act, export_data, import_files
from bot.db.policy import SqlPolicyStore
from bot.db.tables import employees, leave_policy, policy_changes
from bot.policy.company import DEFAULT_POLICY, SETTINGS, CompanyPolicy, as_text, from_text, with_changes
from bot.policy.grants import LeaveRules
from bot.ports.policy import PolicyChange, UnreadablePolicy
from tests.support.database import ScratchDatabase

EMPLOYEES = (
    "employee_id,name,email,slack_user_id,hire_date,end_date,weekly_hours,below_80\n"
    "E1,가,e1@x.kr,,2021-03-02,,,\n"
    'E2,나,e2@x.kr,,2024-07-15,2027-01-01,20,"2"\n'
    "E3,다,e3@x.kr,,,,,\n"
)
GRANTS = "employee_id,year,granted\nE1,2021,9\nE1,2026,15\nE2,2025,13\nE2,2026,15\nE3,2026,15\n"


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


# --- The policy's keys, pure ------------------------------------------------------------------------------


def test_every_key_reads_back_what_it_writes() -> None:
    assert as_text(DEFAULT_POLICY) == {
        "basis": "hire_date",
        "fiscal_start": "01-01",
        "rounding": "exact",
        "first_year": "monthly",
        "full_time_weekly_hours": "40",
        "under_five_employees": "false",
        "grants": "imported",
        "notices": "false",
        "notice_target": "",
        "approvers": "",
        "quarter_days": "false",
        "request_ahead_days": "365",
        "announce_channel": "",
        "digest_hour": "9",
        "hr_admins": "",
        "show_leave_type": "false",
        "max_out_per_day": "0",
    }
    assert DEFAULT_POLICY.rules == LeaveRules()  # the calculator's own defaults: the Act
    changed, problems = with_changes(
        DEFAULT_POLICY,
        [
            ("basis", "fiscal_year"),
            ("fiscal_start", "03-01"),
            ("rounding", "whole"),
            ("first_year", "up_front"),
            ("full_time_weekly_hours", "37.5"),
            ("under_five_employees", "yes"),
            ("grants", "computed"),
            ("notices", "on"),
            ("notice_target", "C0HRTEAM"),
            ("approvers", "E1003,E1005"),
            ("quarter_days", "true"),
            ("request_ahead_days", "180"),
            ("announce_channel", "C0ABSENCE"),
            ("digest_hour", "0"),
            ("hr_admins", "E1002"),
            ("show_leave_type", "true"),
            ("max_out_per_day", "3"),
        ],
    )
    assert problems == []
    assert changed == CompanyPolicy(
        LeaveRules("fiscal_year", (3, 1), Decimal("37.5"), "whole", "up_front", True, "computed"),
        True,
        "C0HRTEAM",
        ("E1003", "E1005"),
        True,
        180,
        "C0ABSENCE",
        0,
        ("E1002",),
        True,
        3,
    )
    assert from_text(as_text(changed)) == changed


def test_each_bad_value_is_one_line_naming_the_key_and_what_it_takes() -> None:
    _, problems = with_changes(
        DEFAULT_POLICY,
        [
            ("basis", "fiscal"),
            ("fiscal_start", "02-29"),
            ("fiscal_start", "03-01"),
            ("rounding", "up"),
            ("full_time_weekly_hours", "41"),
            ("notices", "maybe"),
            ("notice_target", "#hr"),
            ("grants", "calendar"),
            ("digest_hour", "24"),
            ("hr_admins", "E1002,E1002"),
            ("max_out_per_day", "-1"),
            ("colour", "red"),
        ],
    )
    assert problems == [
        "basis: 'fiscal' is not allowed; allowed: hire_date|fiscal_year",
        "fiscal_start: 02-29 is not in every year: use 02-28 or 03-01; allowed: MM-DD, not 02-29",
        "fiscal_start: given twice",
        "rounding: 'up' is not allowed; allowed: exact|half_up|whole",
        "full_time_weekly_hours: 41 is not above 0 and at most 40; allowed: hours above 0, at most 40 (§50)",
        "notices: 'maybe' is not allowed; allowed: true|false",
        "notice_target: '#hr' is not a Slack channel or user id; allowed: a Slack channel or user id "
        "(C…, G…, U…, W…), or empty for none",
        "grants: 'calendar' is not allowed; allowed: imported|computed",
        "digest_hour: '24' is not an hour from 0 to 23; allowed: a whole hour from 0 to 23",
        "hr_admins: an employee id is listed twice; allowed: employee ids separated by commas, or empty for none",
        "max_out_per_day: '-1' is not a whole number from 0 (off) to 999; allowed: a whole number from 0 (off) "
        "to 999",
        "colour: unknown key (the keys: basis, fiscal_start, rounding, first_year, full_time_weekly_hours, "
        "under_five_employees, grants, notices, notice_target, approvers, quarter_days, request_ahead_days, "
        "announce_channel, digest_hour, hr_admins, show_leave_type, max_out_per_day)",
    ]


# --- The policy in the database ---------------------------------------------------------------------------


async def test_the_defaults_until_hr_sets_a_policy_then_each_change_audited(
    database: ScratchDatabase,
) -> None:
    at = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    store = SqlPolicyStore(database.engine, clock=lambda: at)
    assert await store.current() == DEFAULT_POLICY
    assert await store.history() == []

    def fiscal(policy: CompanyPolicy) -> CompanyPolicy:
        return with_changes(policy, [("basis", "fiscal_year"), ("rounding", "exact"), ("notices", "true")])[0]

    changes = await store.change(fiscal, "hr-kim")
    assert changes == [
        PolicyChange("basis", "hire_date", "fiscal_year"),
        PolicyChange("notices", "false", "true"),
    ]
    assert (await store.current()).rules.basis == "fiscal_year"
    assert await store.change(fiscal, "hr-kim") == []  # already so: nothing written, nothing recorded
    target = await store.change(lambda p: with_changes(p, [("notice_target", "U0HRLEAD")])[0], "hr-lee")
    assert target == [PolicyChange("notice_target", "", "U0HRLEAD")]
    history = await store.history()
    assert [(r.changed_by, r.change.key, r.change.old, r.change.new, r.at) for r in history] == [
        ("hr-kim", "basis", "hire_date", "fiscal_year", at),
        ("hr-kim", "notices", "false", "true", at),
        ("hr-lee", "notice_target", "", "U0HRLEAD", at),
    ]
    # The grants mode is a key like the others: set, read back, audited with its old value.
    grants = await store.change(lambda p: with_changes(p, [("grants", "computed")])[0], "hr-park")
    assert grants == [PolicyChange("grants", "imported", "computed")]
    assert (await store.current()).rules.grants == "computed"
    assert [(r.changed_by, r.change) for r in (await store.history())[-1:]] == [("hr-park", grants[0])]
    async with database.engine.connect() as connection:
        assert (await connection.execute(select(func.count()).select_from(leave_policy))).scalar() == 1


async def test_a_failing_change_writes_neither_the_policy_nor_its_record(database: ScratchDatabase) -> None:
    store = SqlPolicyStore(database.engine)

    def broken(policy: CompanyPolicy) -> CompanyPolicy:
        raise RuntimeError("the process died half way")

    with pytest.raises(RuntimeError):
        await store.change(broken, "hr-kim")
    assert await store.current() == DEFAULT_POLICY and await store.history() == []


async def test_a_hand_written_bad_row_is_one_line(database: ScratchDatabase) -> None:
    async with database.engine.begin() as connection:
        await connection.execute(
            insert(leave_policy).values(
                id=1,
                basis="sometimes",
                fiscal_start="01-01",
                rounding="exact",
                first_year="monthly",
                full_time_weekly_hours=Decimal(40),
                under_five_employees=False,
                notices=False,
            )
        )
    with pytest.raises(UnreadablePolicy, match="basis: 'sometimes' is not allowed"):
        await SqlPolicyStore(database.engine).current()


def cli_args(*words: str) -> argparse.Namespace:
    if words[0] == "show":
        return argparse.Namespace(command="policy", policy_command="show")
    return argparse.Namespace(command="policy", policy_command="set", changes=list(words[1:]))


async def test_policy_set_is_all_or_nothing_and_show_prints_every_key(database: ScratchDatabase) -> None:
    from bot.cli.policy import run

    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": database.url})
    out, err = io.StringIO(), io.StringIO()
    status = await run(settings, cli_args("set", "basis=fiscal_year", "rounding=up", "nonsense"), out, err)
    assert status == 2
    assert err.getvalue().splitlines() == [
        "nonsense: not KEY=VALUE (the keys: basis, fiscal_start, rounding, first_year, full_time_weekly_hours, "
        "under_five_employees, grants, notices, notice_target, approvers, quarter_days, request_ahead_days, "
        "announce_channel, digest_hour, hr_admins, show_leave_type, max_out_per_day)",
        "rounding: 'up' is not allowed; allowed: exact|half_up|whole",
        "officebot: nothing changed: 2 problem(s)",
    ]
    store = SqlPolicyStore(database.engine)
    assert await store.current() == DEFAULT_POLICY and await store.history() == []

    out = io.StringIO()
    assert (
        await run(settings, cli_args("set", "basis=fiscal_year", "fiscal_start=03-01"), out, err, "hr-kim")
        == 0
    )
    assert out.getvalue().splitlines() == ["basis: hire_date -> fiscal_year", "fiscal_start: 01-01 -> 03-01"]
    assert [record.changed_by for record in await store.history()] == ["hr-kim", "hr-kim"]

    out = io.StringIO()
    assert await run(settings, cli_args("show"), out, err) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("The leave policy in ") and lines[0].endswith(" UTC by hr-kim):")
    assert lines[1].split() == ["basis", "=", "fiscal_year"]
    assert lines[3].split() == ["fiscal_start", "=", "03-01"]
    assert lines[5].split() == ["rounding", "=", "exact", "(default)"]
    assert len(lines) == 1 + 2 * len(SETTINGS)
    assert all(setting.meaning in out.getvalue() for setting in SETTINGS)


async def test_hr_admins_are_active_employees_as_the_hr_data_spells_them_and_audited(
    seeded_database: ScratchDatabase,
) -> None:
    from bot.cli.policy import run

    database = seeded_database
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": database.url})
    out, err = io.StringIO(), io.StringIO()
    assert await run(settings, cli_args("set", "hr_admins=E1002,E9999"), out, err, "hr-kim") == 2
    assert err.getvalue().splitlines()[-1].startswith("officebot: hr_admins: ")
    assert "E9999" in err.getvalue() and "nothing changed" in err.getvalue()
    store = SqlPolicyStore(database.engine)
    assert (await store.current()).hr_admins == () and await store.history() == []
    out = io.StringIO()
    assert (
        await run(settings, cli_args("set", "hr_admins=e1002", "show_leave_type=yes"), out, err, "hr-kim")
        == 0
    )
    assert out.getvalue().splitlines() == ["hr_admins: (none) -> E1002", "show_leave_type: false -> true"]
    policy = await store.current()
    assert (policy.hr_admins, policy.show_leave_type) == (("E1002",), True)
    [first, second] = await store.history()
    assert (first.changed_by, first.change.key, first.change.new) == ("hr-kim", "hr_admins", "E1002")
    assert second.change.key == "show_leave_type"


# --- The migration ----------------------------------------------------------------------------------------


async def test_migration_0004_keeps_every_employee_and_adds_nothing_to_them(
    database: ScratchDatabase,
) -> None:
    async with database.engine.begin() as connection:  # back to 0003, as a database before this change
        await connection.run_sync(lambda sync: command.downgrade(migrate._config(sync), "0003"))
        await connection.exec_driver_sql(
            "INSERT INTO employees (employee_id, name, email, email_key, hire_date, active) "
            "VALUES ('E1', 'N', 'n@x.kr', 'n@x.kr', '2021-03-02', true)"
        )
    assert await migrate.current_revision(database.engine) == "0003"
    assert await migrate.upgrade(database.engine) == ("0003", migrate.head_revision())
    async with database.engine.connect() as connection:
        row = (await connection.execute(select(employees))).one()
        assert (row.employee_id, row.end_date, row.weekly_hours, row.below_80) == ("E1", None, None, None)
        assert (await connection.execute(select(func.count()).select_from(policy_changes))).scalar() == 0
    assert await SqlPolicyStore(database.engine).current() == DEFAULT_POLICY


# --- Import and export of the employment fields ------------------------------------------------------------


async def test_migration_0006_keeps_a_stored_policy_and_gives_it_the_imported_grants(
    database: ScratchDatabase,
) -> None:
    async with database.engine.begin() as connection:  # back to 0005, with a policy HR had set
        await connection.run_sync(lambda sync: command.downgrade(migrate._config(sync), "0005"))
        await connection.exec_driver_sql(
            "INSERT INTO leave_policy (id, basis, fiscal_start, rounding, first_year, full_time_weekly_hours,"
            " under_five_employees, notices) VALUES (1, 'fiscal_year', '04-01', 'whole', 'monthly', 40,"
            " false, true)"
        )
    assert await migrate.upgrade(database.engine) == ("0005", migrate.head_revision())
    policy = await SqlPolicyStore(database.engine).current()
    assert (policy.rules.basis, policy.rules.fiscal_start, policy.notices) == ("fiscal_year", (4, 1), True)
    assert policy.rules.grants == "imported"  # existing installs keep today's balances


async def test_the_employment_fields_are_imported_and_exported(
    database: ScratchDatabase, tmp_path: Path
) -> None:
    await import_files(
        database.engine, [write(tmp_path, "e.csv", EMPLOYEES), write(tmp_path, "g.csv", GRANTS)]
    )
    async with database.engine.connect() as connection:
        rows = {row.employee_id: row for row in await connection.execute(select(employees))}
    assert (rows["E2"].end_date.isoformat(), rows["E2"].weekly_hours, rows["E2"].below_80) == (
        "2027-01-01",
        Decimal(20),
        [2],
    )
    assert (rows["E1"].end_date, rows["E1"].weekly_hours, rows["E1"].below_80) == (None, None, None)
    csv_out = (tmp_path / "csv").joinpath("employees.csv")
    await export_data(database.engine, tmp_path / "csv")
    assert csv_out.read_text("utf-8").splitlines()[:3] == [
        "employee_id,name,email,slack_user_id,hire_date,active,end_date,weekly_hours,below_80,manager_id",
        "E1,가,e1@x.kr,,2021-03-02,true,,,,",
        "E2,나,e2@x.kr,,2024-07-15,true,2027-01-01,20,2,",
    ]
    (json_out,) = await export_data(database.engine, tmp_path / "json", "json")
    text = json_out.read_text("utf-8")
    assert '"end_date": "2027-01-01",\n      "weekly_hours": 20,\n      "below_80": [2],' in text
    assert text.count("end_date") == 1  # absent when not set: older files stay as they were


async def test_bad_employment_fields_are_refused_each_on_its_line(
    database: ScratchDatabase, tmp_path: Path
) -> None:
    people = write(
        tmp_path,
        "e.csv",
        "employee_id,name,email,slack_user_id,hire_date,end_date,weekly_hours,below_80\n"
        "B1,가,b1@x.kr,,2024-01-02,2023-12-31,,\n"
        'B2,나,b2@x.kr,,2024-01-02,,200,"1,x"\n'
        'B3,다,b3@x.kr,,2024-01-02,,０,"2,2"\n',
    )
    hr = write(
        tmp_path,
        "hr.json",
        '{"employees": [{"employee_id": "J1", "name": "J", "email": "j@x.kr", "weekly_hours": "20",'
        ' "below_80": [1, true], "end_date": "2026-02-30", "annual_leave": {}}]}',
    )
    with pytest.raises(ImportRefused) as refusal:
        await import_files(database.engine, [people, hr])
    assert refusal.value.problems == [
        f"{people}:2: end_date: 2023-12-31 is before the hire date 2024-01-02",
        f"{people}:3: weekly_hours: 200 is not a number of hours above 0 and up to 168, with at most 2 decimals",
        f'{people}:3: below_80: "1,x" is not years of service like 2 or 2,5',
        f'{people}:4: weekly_hours: "０" has full-width or other non-ASCII digits: write a number of hours like 40 '
        "or 20 with 0-9",
        f"{people}:4: below_80: 2,2 names a year twice",
        f'{hr}:employees[0] (J1): end_date: "2026-02-30" is not a real date',
        f'{hr}:employees[0] (J1): weekly_hours: must be a number, not the string "20"',
        f"{hr}:employees[0] (J1): below_80: must be a list of whole numbers, like [2, 5]",
    ]


# --- data check: the grants against the Act -----------------------------------------------------------------


async def test_data_check_names_each_grant_unlike_the_act(database: ScratchDatabase, tmp_path: Path) -> None:
    await import_files(
        database.engine, [write(tmp_path, "e.csv", EMPLOYEES), write(tmp_path, "g.csv", GRANTS)]
    )
    assert await differences_from_the_act(database.engine, LeaveRules()) == [
        # 2026-03-02: five years complete: 15 + (5 - 1) // 2 (§60④).
        "employee E1: 2026 grant 15 days, the Act gives 17 days (hire date 2021-03-02, 5 years of service)",
        # 20 hours a week, year 2 under 80 %: 2026 brings only the monthly days (6 × 4 hours).
        "employee E2: 2026 grant 15 days, the Act gives 24 hours = 3 days of 8 hours (hire date 2024-07-15, "
        "1 year of service, 20 hours a week, under 80 % in year(s) 2)",
    ]  # E1 2021 (9 monthly days) and E2 2025 agree; E3 has no hire date: not compared
    assert await differences_from_the_act(database.engine, LeaveRules(under_five_employees=True)) == []
    fiscal = await differences_from_the_act(database.engine, LeaveRules(basis="fiscal_year"))
    # On 2026-01-01, four full fiscal years since 2022-01-01 (the partial 2021 does not count): 16.
    assert fiscal[0] == (
        "employee E1: 2026 grant 15 days, the Act gives 16 days "
        "(hire date 2021-03-02, 4 years of service, fiscal year from 01-01)"
    )
    assert all("fiscal year from 01-01" in line for line in fiscal)


async def test_officebot_data_check_reads_the_policy_from_the_database(
    database: ScratchDatabase, tmp_path: Path
) -> None:
    from bot.cli.data import run

    await import_files(
        database.engine, [write(tmp_path, "e.csv", EMPLOYEES), write(tmp_path, "g.csv", GRANTS)]
    )
    await SqlPolicyStore(database.engine).change(
        lambda p: with_changes(p, [("under_five_employees", "true")])[0], "hr-kim"
    )
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": database.url})
    out = io.StringIO()
    args = argparse.Namespace(command="data", data_command="check")
    assert await run(settings, args, out, io.StringIO()) == 0
    assert out.getvalue().startswith("0 problem(s) and 0 grant(s) unlike the Act (hire_date basis) in ")


async def test_a_policy_change_applies_to_the_next_entitlement_lookup_without_a_restart(
    seeded_database, tmp_path
):
    from bot.hr.directory import caller_for_employee_id
    from bot.services import open_services
    from tests.support.clock import fixed_clock

    settings = Settings.from_env(
        {"OFFICEBOT_DATABASE_URL": seeded_database.url, "OFFICEBOT_AUDIT": str(tmp_path / "audit.jsonl")}
    )
    async with open_services(settings, clock=fixed_clock) as services:
        caller = await caller_for_employee_id(services.directory, "E1001")

        async def basis() -> str:
            outcome = await services.toolbox.dispatch("get_leave_entitlement", {}, caller)
            [figure] = outcome.figures
            return str(figure.basis)  # type: ignore[union-attr]

        assert await basis() == "hire_date"
        fiscal = lambda policy: with_changes(policy, [("basis", "fiscal_year")])[0]  # noqa: E731
        await SqlPolicyStore(seeded_database.engine).change(fiscal, "hr-kim")
        assert await basis() == "fiscal_year"  # the running bot reads the policy per lookup
