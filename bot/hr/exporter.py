"""HR data out of the database, as files `bot/hr/importer.py` reads back unchanged, and a check of it.

`export_data` writes CSV (employees.csv, grants.csv, leave.csv) or JSON (employees.json, the format of
the bundled demo data). Export, import into an empty database and export again gives the same bytes:
employees in id order, grants by year, leave by date then entry order; amounts without trailing zeros.
HR opens CSV in spreadsheets, so a CSV cell a spreadsheet would run as a formula (beginning with =, +,
-, @, a tab or a carriage return; a plain number like -1.5 is not one) is written with a leading `'`, as
is one already beginning with `'`; import takes exactly that quote off again (`neutralise_cell` /
`restore_cell` in the importer). JSON is not opened by spreadsheets and is written as the data is.
Both read one consistent snapshot, a batch of employees at a time, so a large database is never all
in memory at once.
"""

from __future__ import annotations

import csv
import json
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import ExitStack, asynccontextmanager
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal, TextIO

from sqlalchemy import Row, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.db.hr import email_key
from bot.db.tables import employees, leave_grants, leave_records
from bot.domain.leave import ANNUAL, format_days
from bot.hr.importer import (
    EMPLOYEE_COLUMNS,
    GRANT_COLUMNS,
    LEAVE_COLUMNS,
    chunks,
    is_valid_days,
    neutralise_cell,
)

# Employees read per round of queries (their grants and leave come with them).
_BATCH = 1_000


async def export_data(
    engine: AsyncEngine, directory: Path, fmt: Literal["csv", "json"] = "csv"
) -> list[Path]:
    """Writes the HR tables into `directory` (created if missing); returns the files written. CSV cells
    that a spreadsheet would run as formulas get a leading `'`; JSON is written unchanged."""
    if fmt not in ("csv", "json"):
        raise ValueError(f"unknown export format {fmt!r}: csv or json")
    directory.mkdir(parents=True, exist_ok=True)
    async with _snapshot(engine) as connection:
        if fmt == "json":
            return [await _export_json(connection, directory / "employees.json")]
        return await _export_csv(connection, directory)


async def check_data(engine: AsyncEngine) -> list[str]:
    """What is wrong with the HR data in the database, one line each ([] = nothing). Changes nothing."""
    findings: list[str] = []
    owners_of_email: dict[str, list[tuple[str, str]]] = {}
    async with _snapshot(engine) as connection:
        async for batch in _stored_employees(connection):
            for stored in batch:
                findings.extend(_findings(stored))
                owner = (stored.employee.employee_id, stored.employee.email)
                owners_of_email.setdefault(email_key(stored.employee.email), []).append(owner)
    for owners in owners_of_email.values():
        first_id, _ = owners[0]
        for employee_id, email in owners[1:]:
            findings.append(
                f"employee {employee_id}: email {email} is also the email of {first_id} (ignoring case)"
            )
    return findings


@dataclass(frozen=True)
class _Stored:
    employee: Row[Any]
    grants: list[Row[Any]]  # by year
    records: list[Row[Any]]  # by date, then the order they were entered


@asynccontextmanager
async def _snapshot(engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """One transaction that sees one state of the data, however many queries it takes (PostgreSQL needs
    REPEATABLE READ for that; a SQLite read transaction is a snapshot anyway)."""
    async with engine.connect() as connection:
        if connection.dialect.name == "postgresql":
            await connection.execution_options(isolation_level="REPEATABLE READ")
        async with connection.begin():
            yield connection


async def _stored_employees(connection: AsyncConnection) -> AsyncIterator[list[_Stored]]:
    """Every employee with their grants and leave, in employee-id order, a batch at a time."""
    # Sorted here rather than by the database, whose collation may differ between backends.
    ids = sorted((await connection.execute(select(employees.c.employee_id))).scalars())
    for chunk in chunks(ids, _BATCH):
        rows = {
            row.employee_id: row
            for row in await connection.execute(select(employees).where(_among(employees, chunk)))
        }
        grants: dict[str, list[Row[Any]]] = {}
        query = select(leave_grants).where(_among(leave_grants, chunk)).order_by(leave_grants.c.year)
        for grant in await connection.execute(query):
            grants.setdefault(grant.employee_id, []).append(grant)
        records: dict[str, list[Row[Any]]] = {}
        query = (
            select(leave_records)
            .where(_among(leave_records, chunk))
            .order_by(leave_records.c.taken_on, leave_records.c.id)
        )
        for record in await connection.execute(query):
            records.setdefault(record.employee_id, []).append(record)
        yield [
            _Stored(rows[employee_id], grants.get(employee_id, []), records.get(employee_id, []))
            for employee_id in chunk
            if employee_id in rows
        ]


def _among(table: Any, ids: Sequence[str]) -> Any:
    return table.c.employee_id.in_(ids)


# --- CSV ------------------------------------------------------------------------------------------------


def _boolean(value: bool) -> str:
    return "true" if value else "false"


def _cells(*texts: str) -> list[str]:
    """A data row as written: every cell through `neutralise_cell`, the ones we format (dates, amounts,
    booleans) too, so no column, present or future, can carry a formula into a spreadsheet."""
    return [neutralise_cell(text) for text in texts]


class _LineFeedRows:
    """Where a csv writer told to end rows with CR LF writes: passes each row on ending in LF alone, the
    files' line end. The writer quotes a cell holding any character of its line terminator; told LF
    alone, it would leave a carriage return in a cell unquoted, which a spreadsheet takes as the start of
    a new row (one that could begin with a formula after all) and which the importer refuses. The writer
    hands over each row in one call."""

    def __init__(self, file: TextIO) -> None:
        self._file = file

    def write(self, row: str) -> int:
        return self._file.write(row.removesuffix("\r\n") + "\n")


async def _export_csv(connection: AsyncConnection, directory: Path) -> list[Path]:
    paths = [directory / "employees.csv", directory / "grants.csv", directory / "leave.csv"]
    with ExitStack() as files:
        employees_csv, grants_csv, leave_csv = (
            csv.writer(
                _LineFeedRows(files.enter_context(path.open("w", encoding="utf-8", newline=""))),
                lineterminator="\r\n",
            )
            for path in paths
        )
        employees_csv.writerow(EMPLOYEE_COLUMNS)
        grants_csv.writerow(GRANT_COLUMNS)
        leave_csv.writerow(LEAVE_COLUMNS)
        async for batch in _stored_employees(connection):
            for stored in batch:
                employee = stored.employee
                employees_csv.writerow(
                    _cells(
                        employee.employee_id,
                        employee.name,
                        employee.email,
                        employee.slack_user_id or "",
                        employee.hire_date.isoformat() if employee.hire_date else "",
                        _boolean(employee.active),
                    )
                )
                grants_csv.writerows(
                    _cells(
                        employee.employee_id,
                        str(grant.year),
                        format_days(grant.granted),
                        format_days(grant.opening_used),
                        _boolean(grant.allow_negative),
                    )
                    for grant in stored.grants
                )
                leave_csv.writerows(
                    _cells(
                        employee.employee_id,
                        record.taken_on.isoformat(),
                        format_days(record.days),
                        record.leave_type,
                        record.note or "",
                    )
                    for record in stored.records
                )
    return paths


# --- JSON -----------------------------------------------------------------------------------------------
# Written by hand rather than with json.dumps: amounts are exact decimals (json would need floats), and
# the layout is the bundled demo data's, one grant or leave record per line.


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _inline(members: list[tuple[str, str]]) -> str:
    return "{" + ", ".join(f"{_string(key)}: {value}" for key, value in members) + "}"


def _json_employee(stored: _Stored) -> str:
    employee = stored.employee
    members = [
        f'"employee_id": {_string(employee.employee_id)}',
        f'"name": {_string(employee.name)}',
        f'"email": {_string(employee.email)}',
    ]
    if employee.slack_user_id is not None:
        members.append(f'"slack_user_id": {_string(employee.slack_user_id)}')
    if employee.hire_date is not None:
        members.append(f'"hire_date": {_string(employee.hire_date.isoformat())}')
    if not employee.active:
        members.append('"active": false')
    grants = [_json_grant(grant) for grant in stored.grants]
    members.append(_nested('"annual_leave": {', grants, "}"))
    if stored.records:
        members.append(_nested('"leave_taken": [', [_json_record(record) for record in stored.records], "]"))
    return "    {\n" + ",\n".join(f"      {member}" for member in members) + "\n    }"


def _nested(opening: str, lines: list[str], closing: str) -> str:
    if not lines:
        return opening + closing
    return opening + "\n" + ",\n".join(f"        {line}" for line in lines) + "\n      " + closing


def _json_grant(grant: Row[Any]) -> str:
    amounts = [("granted", format_days(grant.granted)), ("used", format_days(grant.opening_used))]
    if grant.allow_negative:
        amounts.append(("allow_negative", "true"))
    return f'"{grant.year}": {_inline(amounts)}'


def _json_record(record: Row[Any]) -> str:
    members = [
        ("date", _string(record.taken_on.isoformat())),
        ("days", format_days(record.days)),
        ("type", _string(record.leave_type)),
    ]
    if record.note:
        members.append(("note", _string(record.note)))
    return _inline(members)


async def _export_json(connection: AsyncConnection, path: Path) -> Path:
    with path.open("w", encoding="utf-8", newline="\n") as file:
        file.write('{\n  "employees": [')
        separator = "\n"
        async for batch in _stored_employees(connection):
            for stored in batch:
                file.write(separator + _json_employee(stored))
                separator = ",\n"
        file.write("\n  ]\n}\n" if separator == ",\n" else "]\n}\n")
    return path


# --- Check ----------------------------------------------------------------------------------------------


def _findings(stored: _Stored) -> Iterator[str]:
    employee_id = stored.employee.employee_id
    if not stored.grants:
        yield f"employee {employee_id}: no leave grants at all"
    annual_days: dict[int, Decimal] = {}
    for record in stored.records:
        if not is_valid_days(record.days):
            yield (
                f"employee {employee_id}: {record.taken_on.isoformat()}: days {format_days(record.days)} is not "
                "a positive multiple of 0.25 up to 366"
            )
        if record.leave_type == ANNUAL:
            year = record.taken_on.year
            annual_days[year] = annual_days.get(year, Decimal(0)) + record.days
    granted_years = {grant.year for grant in stored.grants}
    for year in sorted(annual_days.keys() - granted_years):
        days = annual_days[year]
        taken = f"{format_days(days)} day{'' if days == 1 else 's'}"
        yield f"employee {employee_id}: {year}: annual leave taken ({taken}) but no grant for {year}"
    for grant in stored.grants:
        used = grant.opening_used + annual_days.get(grant.year, Decimal(0))
        if used > grant.granted and not grant.allow_negative:
            yield (
                f"employee {employee_id}: {grant.year}: used {format_days(used)} is more than granted "
                f"{format_days(grant.granted)}"
            )
