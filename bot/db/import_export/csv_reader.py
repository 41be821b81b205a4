"""The import's CSV files: employees.csv, grants.csv and leave.csv, told apart by their header.

An export's requests.csv (its header exactly `REQUEST_COLUMNS`) is accepted and not read: requests are
export only (`requests_part`); its rows are counted so the import can say they were left out.

Each file is read a physical line at a time (a bad byte is reported on its own line), each cell
stripped of surrounding whitespace and of the quote the exporter added against spreadsheet formulas
(`restore_cell`). The leave file may hold millions of rows: its usual row takes a lean path.
"""

from __future__ import annotations

import codecs
import csv
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from bot.db.import_export.cells import restore_cell
from bot.db.import_export.reading import At, CheckedRow, FilesRead
from bot.db.import_export.requests_part import REQUEST_COLUMNS
from bot.db.import_export.schema import (
    EMPLOYEE_COLUMNS,
    EMPLOYEE_ID_PATTERN,
    EMPLOYEE_REQUIRED,
    GRANT_COLUMNS,
    LEAVE_COLUMNS,
    BadValue,
    read_amount,
    read_days,
    read_email,
    read_employee_id,
    read_false_unless_said,
    read_leave_date,
    read_leave_type,
    read_manager_id,
    read_name,
    read_optional_date,
    read_service_years,
    read_slack_user_id,
    read_true_unless_said,
    read_weekly_hours,
    read_year,
)
from bot.domain.leave import ANNUAL


@dataclass(frozen=True)
class _CsvKind:
    name: str
    required: tuple[str, ...]
    optional: tuple[str, ...] = ()

    def matches(self, header: list[str]) -> bool:
        columns = set(header)
        return set(self.required) <= columns <= set(self.required + self.optional)

    def describe(self) -> str:
        optional = f" (+ optional {','.join(self.optional)})" if self.optional else ""
        return f"{self.name}: {','.join(self.required)}{optional}"


_EMPLOYEES_CSV = _CsvKind(
    "employees", EMPLOYEE_COLUMNS[:EMPLOYEE_REQUIRED], EMPLOYEE_COLUMNS[EMPLOYEE_REQUIRED:]
)
_GRANTS_CSV = _CsvKind("grants", GRANT_COLUMNS[:3], GRANT_COLUMNS[3:])
_LEAVE_CSV = _CsvKind("leave", LEAVE_COLUMNS)
_CSV_KINDS = (_EMPLOYEES_CSV, _GRANTS_CSV, _LEAVE_CSV)


class _NotUtf8(Exception):
    def __init__(self, line: int) -> None:
        self.line = line


def _physical_lines(path: Path) -> Iterator[str]:
    """The file's lines, decoded one by one so a bad byte is reported on its own line."""
    with path.open("rb") as file:
        for number, raw in enumerate(file, start=1):
            line = raw[len(codecs.BOM_UTF8) :] if number == 1 and raw.startswith(codecs.BOM_UTF8) else raw
            try:
                yield line.decode("utf-8")
            except UnicodeDecodeError:
                raise _NotUtf8(number) from None


def _csv_rows(reading: FilesRead, file_index: int, path: Path) -> Iterator[tuple[int, list[str]]]:
    """(first physical line, cells) per non-blank row, each cell stripped of surrounding whitespace and
    then of the quote `neutralise_cell` added, in that order so a leading tab after the quote is kept;
    unreadable input becomes a problem."""
    line = 0
    try:
        reader = csv.reader(_physical_lines(path), strict=True)
        for cells in reader:
            first_line, line = line + 1, reader.line_num
            if any(cell.strip() for cell in cells):
                yield first_line, [restore_cell(cell.strip()) for cell in cells]
    except OSError as exc:
        reading.problem(At(file_index, -1, str(path)), "file", f"cannot read ({exc.__class__.__name__})")
    except _NotUtf8 as exc:
        reading.problem(At(file_index, exc.line, f"{path}:{exc.line}"), "file", "not UTF-8 text")
    except csv.Error as exc:
        reading.problem(At(file_index, line + 1, f"{path}:{line + 1}"), "row", f"not valid CSV ({exc})")


def read_csv(reading: FilesRead, file_index: int, path: Path) -> None:
    """Reads one CSV file into `reading`; what is wrong with it becomes problems there."""
    rows = _csv_rows(reading, file_index, path)
    first = next(rows, None)
    expected = "; ".join(kind.describe() for kind in _CSV_KINDS)
    if first is None:
        if not reading.has_problems_in(file_index):
            reading.problem(
                At(file_index, 1, f"{path}:1"), "header", f"the file is empty; expected {expected}"
            )
        return
    header_line, header = first
    header = [column.lower() for column in header]
    if sorted(header) == sorted(REQUEST_COLUMNS):
        reading.requests_ignored += sum(1 for _ in rows)
        return
    kind = next((kind for kind in _CSV_KINDS if kind.matches(header)), None)
    if kind is None or len(set(header)) != len(header):
        reading.problem(
            At(file_index, header_line, f"{path}:{header_line}"),
            "header",
            f"columns {','.join(header)} are none of the accepted sets: {expected}",
        )
        return
    column_of = {column: index for index, column in enumerate(header)}
    handle = _ROW_READERS[kind.name]
    reading.grants_file_given |= kind is _GRANTS_CSV
    reading.leave_file_given |= kind is _LEAVE_CSV
    for line, cells in rows:
        if len(cells) != len(header):
            at = At(file_index, line, f"{path}:{line}")
            reading.problem(at, "row", f"has {len(cells)} fields, the header has {len(header)}")
            _count_row(reading, kind)
            continue
        handle(reading, file_index, path, line, {column: cells[index] for column, index in column_of.items()})


def _count_row(reading: FilesRead, kind: _CsvKind) -> None:
    if kind is _EMPLOYEES_CSV:
        reading.employee_rows_read += 1
    elif kind is _GRANTS_CSV:
        reading.grant_rows_read += 1
    else:
        reading.leave_rows_read += 1


def _employee(reading: FilesRead, file_index: int, path: Path, line: int, cells: dict[str, str]) -> None:
    reading.employee_rows_read += 1
    row = CheckedRow(reading, At(file_index, line, f"{path}:{line}"))
    reading.add_employee(
        row,
        row.parse("employee_id", read_employee_id, cells["employee_id"]),
        row.parse("name", read_name, cells["name"]),
        row.parse("email", read_email, cells["email"]),
        row.parse("slack_user_id", read_slack_user_id, cells["slack_user_id"]),
        row.parse("hire_date", read_optional_date, cells["hire_date"]),
        row.parse("active", read_true_unless_said, cells.get("active", "")),
        row.parse("end_date", read_optional_date, cells.get("end_date", "")),
        row.parse("weekly_hours", read_weekly_hours, cells.get("weekly_hours", "")),
        row.parse("below_80", read_service_years, cells.get("below_80", "")),
        row.parse("manager_id", read_manager_id, cells.get("manager_id", "")),
    )


def _grant(reading: FilesRead, file_index: int, path: Path, line: int, cells: dict[str, str]) -> None:
    reading.grant_rows_read += 1
    row = CheckedRow(reading, At(file_index, line, f"{path}:{line}"))
    employee_id = row.parse("employee_id", read_employee_id, cells["employee_id"])
    year = row.parse("year", read_year, cells["year"])
    granted = row.parse("granted", read_amount, cells["granted"])
    opening_used = row.parse("opening_used", read_amount, cells.get("opening_used") or "0")
    allow_negative = row.parse("allow_negative", read_false_unless_said, cells.get("allow_negative", ""))
    if employee_id is not None:
        reading.named_in_row(employee_id, file_index, lambda: row.at)
    reading.add_grant(row, employee_id, year, granted, opening_used, allow_negative, "year")


def _leave(reading: FilesRead, file_index: int, path: Path, line: int, cells: dict[str, str]) -> None:
    reading.leave_rows_read += 1
    raw_id, raw_date, raw_days, raw_type = cells["employee_id"], cells["date"], cells["days"], cells["type"]
    try:  # the usual case, kept lean: a file may hold millions of these rows
        employee_id = read_employee_id(raw_id)
        taken_on = read_leave_date(raw_date)
        days, leave_type = read_days(raw_days), read_leave_type(raw_type or ANNUAL)
    except BadValue:
        row = CheckedRow(reading, At(file_index, line, f"{path}:{line}"))
        for column, parse, raw in (
            ("employee_id", read_employee_id, raw_id),
            ("date", read_leave_date, raw_date),
            ("days", read_days, raw_days),
            ("type", read_leave_type, raw_type or ANNUAL),
        ):
            row.parse(column, parse, raw)
        if EMPLOYEE_ID_PATTERN.fullmatch(raw_id):
            reading.named_in_row(raw_id, file_index, lambda: row.at)
        return

    def at() -> At:
        return At(file_index, line, f"{path}:{line}")

    reading.named_in_row(employee_id, file_index, at)
    reading.add_record(employee_id, taken_on, days, leave_type, cells["note"] or None, lambda: (at(), "date"))


_ROW_READERS: dict[str, Callable[[FilesRead, int, Path, int, dict[str, str]], None]] = {
    "employees": _employee,
    "grants": _grant,
    "leave": _leave,
}
