"""Leave requests in `officebot data export` (issue 21 §3): requests.csv beside the CSV set, `"requests"` in
the JSON; export only, so importing an exported set back leaves everything as it was."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Literal

from sqlalchemy import select, update

from bot.cli import _parser as cli_parser
from bot.cli import data as data_cli
from bot.config import Settings
from bot.db.import_export import export_data, import_files
from bot.db.requests import SqlRequestStore
from bot.db.tables import employees, leave_records, leave_requests
from bot.domain.requests import Actor, Draft
from bot.policy.company import CompanyPolicy
from tests.support.database import ScratchDatabase

TODAY = date(2026, 11, 29)
NOW = datetime(2026, 11, 29, 3, 0, tzinfo=UTC)
MINSU = Actor("E1001", "U0123ABCD")
SEOYEON = Actor("E1002", "U0456EFGH")  # Minsu's manager here
POLICY = CompanyPolicy(approvers=("E1003",))
FORMULA = '=HYPERLINK("http://evil.example","연말")'


async def _pending_and_approved(db: ScratchDatabase) -> tuple[int, int]:
    """A pending request whose reason is a spreadsheet formula, and an approved one (four working days:
    Christmas is a holiday)."""
    async with db.engine.begin() as connection:
        await connection.execute(
            update(employees).where(employees.c.employee_id == "E1001").values(manager_id="E1002")
        )
    store = SqlRequestStore(db.engine, clock=lambda: NOW)
    approved = (
        await store.submit(
            MINSU, Draft("annual", date(2026, 12, 21), date(2026, 12, 25)), POLICY, TODAY, "modal"
        )
    ).request
    assert approved is not None
    assert (await store.move(approved.id, "approve", SEOYEON, POLICY, TODAY, "card")).moved
    pending = (
        await store.submit(
            MINSU,
            Draft("annual", date(2026, 12, 28), date(2026, 12, 28), "pm", FORMULA),
            POLICY,
            TODAY,
            "modal",
        )
    ).request
    assert pending is not None
    return pending.id, approved.id


async def _stored(db: ScratchDatabase) -> tuple[list[Any], list[Any]]:
    """The requests as stored, and every leave record (without its id, which a re-import renumbers)."""
    async with db.engine.connect() as connection:
        requests = [
            tuple(row)
            for row in await connection.execute(select(leave_requests).order_by(leave_requests.c.id))
        ]
        records = sorted(
            (r.employee_id, r.taken_on, r.days, r.leave_type, r.note or "", r.request_id or 0)
            for r in await connection.execute(select(leave_records))
        )
    return requests, records


async def _files(db: ScratchDatabase, directory: Path, fmt: Literal["csv", "json"]) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in await export_data(db.engine, directory, fmt)}


async def test_a_csv_export_carries_the_requests_and_imports_back_unchanged(
    seeded_database: ScratchDatabase, tmp_path: Path
) -> None:
    pending_id, approved_id = await _pending_and_approved(seeded_database)
    files = await _files(seeded_database, tmp_path / "first", "csv")
    assert sorted(files) == ["employees.csv", "grants.csv", "leave.csv", "requests.csv"]
    rows = list(csv.DictReader(io.StringIO(files["requests.csv"].decode("utf-8"))))
    assert rows == [
        {
            "id": str(approved_id),
            "employee_id": "E1001",
            "approver_id": "E1002",
            "leave_type": "annual",
            "start": "2026-12-21",
            "end": "2026-12-25",
            "part": "full",
            "days": "4",
            "reason": "",
            "state": "approved",
            "created_at": "2026-11-29T03:00:00+00:00",
            "decided_by": "E1002",
            "decided_at": "2026-11-29T03:00:00+00:00",
            "decision_note": "",
        },
        {
            "id": str(pending_id),
            "employee_id": "E1001",
            "approver_id": "E1002",
            "leave_type": "annual",
            "start": "2026-12-28",
            "end": "2026-12-28",
            "part": "pm",
            "days": "0.5",
            "reason": "'" + FORMULA,  # shown as text by a spreadsheet, never run
            "state": "pending",
            "created_at": "2026-11-29T03:00:00+00:00",
            "decided_by": "",
            "decided_at": "",
            "decision_note": "",
        },
    ]

    before = await _stored(seeded_database)
    out, err = io.StringIO(), io.StringIO()
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": seeded_database.url})
    paths = [str(tmp_path / "first" / name) for name in sorted(files)]
    status = await data_cli.run(settings, cli_parser().parse_args(["data", "import", *paths]), out, err)
    assert (status, err.getvalue()) == (0, "")
    assert out.getvalue().splitlines()[1] == (
        "2 leave request(s) in the files left as they are: requests are exported, never imported."
    )
    assert await _stored(seeded_database) == before  # the approved days still point at their request
    assert await _files(seeded_database, tmp_path / "again", "csv") == files

    # The link kept means cancelling the approved request still takes its days off the records.
    store = SqlRequestStore(seeded_database.engine, clock=lambda: NOW)
    assert (await store.move(approved_id, "cancel", MINSU, POLICY, TODAY, "home")).moved
    assert not [record for record in (await _stored(seeded_database))[1] if record[5] == approved_id]


async def test_a_json_export_carries_the_requests_and_imports_back_unchanged(
    seeded_database: ScratchDatabase, tmp_path: Path
) -> None:
    pending_id, approved_id = await _pending_and_approved(seeded_database)
    files = await _files(seeded_database, tmp_path / "first", "json")
    document = json.loads(files["employees.json"])
    assert document["requests"] == [
        {
            "id": approved_id,
            "employee_id": "E1001",
            "approver_id": "E1002",
            "leave_type": "annual",
            "start": "2026-12-21",
            "end": "2026-12-25",
            "part": "full",
            "days": 4,
            "reason": "",
            "state": "approved",
            "created_at": "2026-11-29T03:00:00+00:00",
            "decided_by": "E1002",
            "decided_at": "2026-11-29T03:00:00+00:00",
        },
        {
            "id": pending_id,
            "employee_id": "E1001",
            "approver_id": "E1002",
            "leave_type": "annual",
            "start": "2026-12-28",
            "end": "2026-12-28",
            "part": "pm",
            "days": 0.5,
            "reason": FORMULA,  # JSON is not opened by spreadsheets: written as it is
            "state": "pending",
            "created_at": "2026-11-29T03:00:00+00:00",
        },
    ]
    assert (
        files["employees.json"]
        .decode("utf-8")
        .endswith('"created_at": "2026-11-29T03:00:00+00:00"}\n  ]\n}\n')
    )

    before = await _stored(seeded_database)
    summary = await import_files(
        seeded_database.engine, [tmp_path / "first" / "employees.json"], replace_all=True
    )
    assert summary.requests_ignored == 2 and summary.replaced == len(document["employees"])
    assert await _stored(seeded_database) == before
    assert await _files(seeded_database, tmp_path / "again", "json") == files


async def test_without_requests_the_json_export_is_the_bundled_format(
    database: ScratchDatabase, tmp_path: Path
) -> None:
    files = await _files(database, tmp_path, "csv")
    assert files["requests.csv"] == (
        b"id,employee_id,approver_id,leave_type,start,end,part,days,reason,state,created_at,decided_by,"
        b"decided_at,decision_note\n"
    )
    alone = await import_files(database.engine, [tmp_path / "requests.csv"])  # accepted, and nothing in it
    assert (alone.employees, alone.requests_ignored) == (0, 0)
    assert (await _files(database, tmp_path, "json"))["employees.json"] == b'{\n  "employees": []\n}\n'


async def test_control_characters_people_typed_are_never_written_raw_into_requests_csv(
    seeded_database: ScratchDatabase, tmp_path: Path
):
    # Rows stored before the form refused such characters: an ANSI escape, a bell, a bidi override.
    pending, approved = await _pending_and_approved(seeded_database)
    async with seeded_database.engine.begin() as connection:
        await connection.execute(
            update(leave_requests)
            .where(leave_requests.c.id == pending)
            .values(reason="\x1b[31m빨강\x1b[0m\x07 가족\n여행", decision_note="\u202eabc\u202c")
        )
    files = await _files(seeded_database, tmp_path, "csv")
    written = files["requests.csv"].decode("utf-8")
    assert not {"\x1b", "\x07", "\u202e", "\u202c"} & set(written)
    row = {r["id"]: r for r in csv.DictReader(io.StringIO(written))}[str(pending)]
    assert row["reason"] == "\ufffd[31m빨강\ufffd[0m\ufffd 가족\n여행"  # shown, the line break kept
    assert row["decision_note"] == "\ufffdabc\ufffd"
    assert str(approved) in {r["id"] for r in csv.DictReader(io.StringIO(written))}
