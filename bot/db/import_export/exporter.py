"""`officebot data export`: HR data out of the database, as files the importer reads back unchanged.

`export_data` writes CSV (employees.csv, grants.csv, leave.csv) or JSON (employees.json, the format of
the bundled demo data), and with them the leave requests (requests.csv, or the JSON's `"requests"`;
export only: the importer ignores them, `requests_part`). Export, import into an empty database and
export again gives the same bytes for the HR data:
employees in id order, grants by year, leave by date then entry order; amounts without trailing zeros.
HR opens CSV in spreadsheets, so a CSV cell a spreadsheet would run as a formula (beginning with =, +,
-, @, a tab or a carriage return; a plain number like -1.5 is not one) is written with a leading `'`, as
is one already beginning with `'`; import takes exactly that quote off again (`cells`). JSON is not
opened by spreadsheets and is written as the data is. Both read one consistent snapshot, a batch of
employees at a time (`stored`), so a large database is never all in memory at once.
"""

from __future__ import annotations

import csv
import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Literal, TextIO

from sqlalchemy import Row
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.db.import_export.cells import neutralise_cell, visible_cell
from bot.db.import_export.requests_part import REQUEST_COLUMNS, request_fields, stored_requests
from bot.db.import_export.schema import (
    EMPLOYEE_COLUMNS,
    GRANT_COLUMNS,
    LEAVE_COLUMNS,
    format_boolean,
    format_service_years,
)
from bot.db.import_export.stored import StoredEmployee, snapshot, stored_employees
from bot.domain.leave import format_days


async def export_data(
    engine: AsyncEngine, directory: Path, fmt: Literal["csv", "json"] = "csv"
) -> list[Path]:
    """Writes the HR tables into `directory` (created if missing); returns the files written. CSV cells
    that a spreadsheet would run as formulas get a leading `'`; JSON is written unchanged."""
    if fmt not in ("csv", "json"):
        raise ValueError(f"unknown export format {fmt!r}: csv or json")
    directory.mkdir(parents=True, exist_ok=True)
    async with snapshot(engine) as connection:
        if fmt == "json":
            return [await _export_json(connection, directory / "employees.json")]
        return await _export_csv(connection, directory)


# --- CSV ------------------------------------------------------------------------------------------------


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
    paths = [
        directory / "employees.csv",
        directory / "grants.csv",
        directory / "leave.csv",
        directory / "requests.csv",
    ]
    with ExitStack() as files:
        employees_csv, grants_csv, leave_csv, requests_csv = (
            csv.writer(
                _LineFeedRows(files.enter_context(path.open("w", encoding="utf-8", newline=""))),
                lineterminator="\r\n",
            )
            for path in paths
        )
        employees_csv.writerow(EMPLOYEE_COLUMNS)
        grants_csv.writerow(GRANT_COLUMNS)
        leave_csv.writerow(LEAVE_COLUMNS)
        async for batch in stored_employees(connection):
            for stored in batch:
                employee = stored.employee
                employees_csv.writerow(
                    _cells(
                        employee.employee_id,
                        employee.name,
                        employee.email,
                        employee.slack_user_id or "",
                        employee.hire_date.isoformat() if employee.hire_date else "",
                        format_boolean(employee.active),
                        employee.end_date.isoformat() if employee.end_date else "",
                        format_days(employee.weekly_hours) if employee.weekly_hours is not None else "",
                        format_service_years(employee.below_80),
                        employee.manager_id or "",
                    )
                )
                grants_csv.writerows(
                    _cells(
                        employee.employee_id,
                        str(grant.year),
                        format_days(grant.granted),
                        format_days(grant.opening_used),
                        format_boolean(grant.allow_negative),
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
        requests_csv.writerow(REQUEST_COLUMNS)
        async for requests in stored_requests(connection):
            requests_csv.writerows(
                _cells(*(visible_cell(text or "") for text in request_fields(request).values()))
                for request in requests
            )
    return paths


# --- JSON -----------------------------------------------------------------------------------------------
# Written by hand rather than with json.dumps: amounts are exact decimals (json would need floats), and
# the layout is the bundled demo data's, one grant or leave record per line.


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _inline(members: list[tuple[str, str]]) -> str:
    return "{" + ", ".join(f"{_string(key)}: {value}" for key, value in members) + "}"


def _json_employee(stored: StoredEmployee) -> str:
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
    if employee.end_date is not None:
        members.append(f'"end_date": {_string(employee.end_date.isoformat())}')
    if employee.weekly_hours is not None:
        members.append(f'"weekly_hours": {format_days(employee.weekly_hours)}')
    if employee.below_80:
        members.append(f'"below_80": [{", ".join(str(year) for year in employee.below_80)}]')
    if employee.manager_id is not None:
        members.append(f'"manager_id": {_string(employee.manager_id)}')
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


# A request's numbers are JSON numbers; its other values strings. A value the request lacks is left out.
_JSON_NUMBERS = frozenset({"id", "days"})


def _json_request(request: Row[Any]) -> str:
    return _inline(
        [
            (key, value if key in _JSON_NUMBERS else _string(value))
            for key, value in request_fields(request).items()
            if value is not None
        ]
    )


async def _export_json(connection: AsyncConnection, path: Path) -> Path:
    with path.open("w", encoding="utf-8", newline="\n") as file:
        file.write('{\n  "employees": [')
        separator = "\n"
        async for batch in stored_employees(connection):
            for stored in batch:
                file.write(separator + _json_employee(stored))
                separator = ",\n"
        file.write("\n  ]" if separator == ",\n" else "]")
        # Only when there are any: an export of HR data alone stays the bundled data's format, byte for byte.
        separator = ',\n  "requests": [\n'
        async for requests in stored_requests(connection):
            for request in requests:
                file.write(separator + "    " + _json_request(request))
                separator = ",\n"
        file.write("\n  ]\n}\n" if separator == ",\n" else "\n}\n")
    return path
