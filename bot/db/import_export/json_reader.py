"""The import's JSON file: `{"employees": [...]}`, the format of the bundled demo data.

Each employee comes whole: their row, their grants (`annual_leave`, by year) and their leave
(`leave_taken`, absent meaning none). Strings are read by the same rules as CSV cells; numbers are
parsed as Decimal (never float), keys given twice or not known are problems, and so are NaN and
Infinity, which Python's json would otherwise accept. An export's top-level `"requests"` is accepted and
not read (requests are export only, `requests_part`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any, TypeVar

from bot.db.import_export.reading import At, CheckedRow, FilesRead
from bot.db.import_export.schema import (
    EMPLOYEE_COLUMNS,
    EMPLOYEE_ID_PATTERN,
    BadValue,
    checked_amount,
    checked_days,
    checked_service_years,
    checked_weekly_hours,
    quoted,
    read_email,
    read_employee_id,
    read_leave_date,
    read_leave_type,
    read_manager_id,
    read_name,
    read_optional_date,
    read_slack_user_id,
    read_year,
)
from bot.domain.leave import ANNUAL

_T = TypeVar("_T")

_EMPLOYEE_KEYS = frozenset(EMPLOYEE_COLUMNS)
_EMPLOYEE_KEYS |= {"annual_leave", "leave_taken"}
_YEAR_KEYS = frozenset({"granted", "used", "allow_negative"})
_RECORD_KEYS = frozenset({"date", "days", "type", "note"})


class _JsonObject(dict[str, Any]):
    """A JSON object that remembers the keys it was given twice (json keeps the last silently)."""

    duplicates: tuple[str, ...] = ()


def _json_object(pairs: list[tuple[str, Any]]) -> _JsonObject:
    found = _JsonObject(pairs)
    if len(found) != len(pairs):
        keys = [key for key, _ in pairs]
        found.duplicates = tuple(dict.fromkeys(key for index, key in enumerate(keys) if key in keys[:index]))
    return found


class _JsonConstant:
    """NaN or Infinity, which Python's json accepts: kept aside so it reads as "not a number"."""

    def __init__(self, name: str) -> None:
        self.name = name


def read_json(reading: FilesRead, file_index: int, path: Path) -> None:
    """Reads one JSON file into `reading`; what is wrong with it becomes problems there."""
    whole_file = At(file_index, -1, str(path))
    try:
        data = path.read_bytes()
        text = data.decode("utf-8-sig")
        document = json.loads(
            text, object_pairs_hook=_json_object, parse_float=Decimal, parse_constant=_JsonConstant
        )
    except OSError as exc:
        reading.problem(whole_file, "file", f"cannot read ({exc.__class__.__name__})")
        return
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        reading.problem(At(file_index, line, f"{path}:{line}"), "file", "not UTF-8 text")
        return
    except json.JSONDecodeError as exc:
        at = At(file_index, exc.lineno, f"{path}:{exc.lineno}")
        reading.problem(at, "json", f"not valid JSON (column {exc.colno}: {exc.msg})")
        return
    except RecursionError:
        reading.problem(whole_file, "json", "nested too deeply")
        return
    top = CheckedRow(reading, At(file_index, -1, f"{path}:top level"))
    if not isinstance(document, _JsonObject) or not isinstance(document.get("employees"), list):
        top.bad("employees", 'expected {"employees": [...]}')
        return
    # An export's "requests" are accepted and not read: requests are export only (`requests_part`).
    _check_keys(top, document, frozenset({"employees", "requests"}))
    if isinstance(document.get("requests"), list):
        reading.requests_ignored += len(document["requests"])
    if not document["employees"] and not document.duplicates:
        top.bad("employees", "the list is empty: there is no employee to import")
    for index, entry in enumerate(document["employees"]):
        _read_employee(reading, file_index, path, index, entry)


def _check_duplicate_keys(row: CheckedRow, found: _JsonObject) -> None:
    for key in found.duplicates:
        row.bad(key, "duplicate key")


def _check_keys(row: CheckedRow, found: _JsonObject, allowed: frozenset[str]) -> None:
    _check_duplicate_keys(row, found)
    for key in sorted(found.keys() - allowed):
        row.bad(key, f"unknown key (expected one of {', '.join(sorted(allowed))})")


# --- JSON values: the schema's rules, with JSON's types checked first -----------------------------------


def _text(parse: Callable[[str], _T], *, required: bool = True) -> Callable[[Any], _T | None]:
    """A JSON string read as the same text a CSV cell would hold."""

    def read(value: Any) -> _T | None:
        if value is None:
            if required:
                raise BadValue("missing")
            return None
        if not isinstance(value, str):
            raise BadValue("must be a string")
        return parse(value.strip())

    return read


def _number(value: Any) -> Decimal:
    if value is None:
        raise BadValue("missing")
    if isinstance(value, str):
        raise BadValue(f"must be a number, not the string {quoted(value)}")
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise BadValue("must be a number")
    return Decimal(value)


def _boolean(default: bool) -> Callable[[Any], bool]:
    def read(value: Any) -> bool:
        if value is None:
            return default
        if not isinstance(value, bool):
            raise BadValue("must be true or false")
        return value

    return read


def _amount(value: Any) -> Decimal:
    return checked_amount(_number(value))


def _days(value: Any) -> Decimal:
    return checked_days(_number(value))


def _weekly_hours(value: Any) -> Decimal | None:
    return None if value is None else checked_weekly_hours(_number(value))


def _service_years(value: Any) -> list[int] | None:
    """A list of whole numbers, like [2, 5]; absent: none."""
    if value is None:
        return None
    if not isinstance(value, list) or any(type(year) is not int for year in value):
        raise BadValue("must be a list of whole numbers, like [2, 5]")
    return checked_service_years(value)


def _optional_amount(value: Any) -> Decimal:
    return Decimal(0) if value is None else _amount(value)


_employee_id = _text(read_employee_id)
_name = _text(read_name)
_email = _text(read_email)
_slack_user_id = _text(read_slack_user_id, required=False)
_manager_id = _text(read_manager_id, required=False)
_optional_date = _text(read_optional_date, required=False)
_leave_date = _text(read_leave_date)
_leave_type = _text(read_leave_type, required=False)
_note = _text(lambda note: note, required=False)
_true_unless_said, _false_unless_said = _boolean(True), _boolean(False)


# --- Employees, their grants and their leave ------------------------------------------------------------


def _read_employee(reading: FilesRead, file_index: int, path: Path, index: int, entry: Any) -> None:
    reading.employee_rows_read += 1
    label = f"{path}:employees[{index}]"
    raw_id = entry.get("employee_id") if isinstance(entry, dict) else None
    if isinstance(raw_id, str) and EMPLOYEE_ID_PATTERN.fullmatch(raw_id):
        label += f" ({raw_id})"
    row = CheckedRow(reading, At(file_index, index, label))
    if not isinstance(entry, _JsonObject):
        row.bad("entry", "must be an object")
        return
    _check_keys(row, entry, _EMPLOYEE_KEYS)
    employee_id = row.parse("employee_id", _employee_id, entry.get("employee_id"))
    accepted = reading.add_employee(
        row,
        employee_id,
        row.parse("name", _name, entry.get("name")),
        row.parse("email", _email, entry.get("email")),
        row.parse("slack_user_id", _slack_user_id, entry.get("slack_user_id")),
        row.parse("hire_date", _optional_date, entry.get("hire_date")),
        row.parse("active", _true_unless_said, entry.get("active")),
        row.parse("end_date", _optional_date, entry.get("end_date")),
        row.parse("weekly_hours", _weekly_hours, entry.get("weekly_hours")),
        row.parse("below_80", _service_years, entry.get("below_80")),
        row.parse("manager_id", _manager_id, entry.get("manager_id")),
    )
    if employee_id is None or not accepted:
        return  # its grants and leave would only repeat the problem under another name
    reading.whole_employees.add(employee_id)
    _read_grants(reading, row.at, employee_id, entry.get("annual_leave"))
    _read_leave(reading, row.at, employee_id, entry.get("leave_taken"))


def _read_grants(reading: FilesRead, at: At, employee_id: str, annual_leave: Any) -> None:
    if not isinstance(annual_leave, _JsonObject):
        reason = "missing" if annual_leave is None else "must be an object"
        reading.problem(at, "annual_leave", f'{reason}, like {{"2026": {{"granted": 15, "used": 7.5}}}}')
        return
    _check_duplicate_keys(CheckedRow(reading, at, prefix="annual_leave."), annual_leave)
    for key, grant in annual_leave.items():
        reading.grant_rows_read += 1
        column = f"annual_leave.{key}"
        row = CheckedRow(reading, at, prefix=f"{column}.")
        year: int | None = None
        try:
            year = read_year(key)
        except BadValue as bad:
            reading.problem(at, column, str(bad))
            row.ok = False
        if not isinstance(grant, _JsonObject):
            reading.problem(at, column, 'must be an object like {"granted": 15, "used": 7.5}')
            continue
        _check_keys(row, grant, _YEAR_KEYS)
        granted = row.parse("granted", _amount, grant.get("granted"))
        opening_used = row.parse("used", _optional_amount, grant.get("used"))
        allow_negative = row.parse("allow_negative", _false_unless_said, grant.get("allow_negative"))
        reading.add_grant(row, employee_id, year, granted, opening_used, allow_negative, column)


def _at_column(at: At, column: str) -> Callable[[], tuple[At, str]]:
    return lambda: (at, column)


def _read_leave(reading: FilesRead, at: At, employee_id: str, leave_taken: Any) -> None:
    if leave_taken is None:
        return
    if not isinstance(leave_taken, list):
        reading.problem(at, "leave_taken", 'must be a list of {"date", "days", "type", "note"}')
        return
    for index, record in enumerate(leave_taken):
        reading.leave_rows_read += 1
        row = CheckedRow(reading, at, prefix=f"leave_taken[{index}].")
        if not isinstance(record, _JsonObject):
            reading.problem(
                at, f"leave_taken[{index}]", 'must be an object like {"date": "2026-03-02", "days": 0.5}'
            )
            continue
        _check_keys(row, record, _RECORD_KEYS)
        taken_on = row.parse("date", _leave_date, record.get("date"))
        days = row.parse("days", _days, record.get("days"))
        leave_type = row.parse("type", _leave_type, record.get("type")) or ANNUAL
        note = row.parse("note", _note, record.get("note")) or None
        if row.ok and taken_on is not None and days is not None:
            reading.add_record(
                employee_id, taken_on, days, leave_type, note, _at_column(at, f"{row.prefix}date")
            )
