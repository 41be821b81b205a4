"""HR data into the database from JSON and CSV files: employees, their leave grants, the leave they took.

All or nothing. Every file is read and every row checked (against the rest of the import and against the
database) before anything is written; any problem refuses the whole import, listing every problem one per
line as `file:line: column: reason`. Then, in one transaction, each employee the import mentions is
replaced by what the import says about them and nobody else is touched (with `replace_all`, everybody
else is removed). Re-importing the same files changes nothing.

What "replaced" covers: the employee row if the import has one (else the database's row stays), all
their grants if the import carries grants (a JSON employee always does; CSV: a grants file is given),
all their leave records if it carries leave (a JSON employee always does, `leave_taken` absent meaning
none; CSV: a leave file is given).

Amounts are Decimal from the file to the database (JSON floats are parsed as Decimal). A CSV cell the
exporter quoted against spreadsheet formulas (`'=...`, `''...`) is read without that quote; any other
leading `'` is kept (`restore_cell`). Reading runs in a worker thread so a large file does not stall the
event loop.
"""

from __future__ import annotations

import asyncio
import codecs
import csv
import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import Row, bindparam, delete, insert, literal, select, text, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.db.engine import writing
from bot.db.hr import email_key
from bot.db.tables import employees, leave_grants, leave_records
from bot.domain.leave import ANNUAL, format_days

# The CSV files, told apart by their header. The exporter writes these columns in this order.
EMPLOYEE_COLUMNS = ("employee_id", "name", "email", "slack_user_id", "hire_date", "active")
GRANT_COLUMNS = ("employee_id", "year", "granted", "opening_used", "allow_negative")
LEAVE_COLUMNS = ("employee_id", "date", "days", "type", "note")

FIRST_YEAR, LAST_YEAR = 2000, 2100
MOST_DAYS = Decimal(366)
QUARTER_DAY = Decimal("0.25")

_EMPLOYEE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_SLACK_USER_ID = re.compile(r"[A-Z0-9]{1,32}")
_LEAVE_TYPE = re.compile(r"[a-z][a-z_]{0,31}")
# ASCII digits spelled out: \d and int()/Decimal() would also take full-width '２０２６'.
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_YEAR = re.compile(r"[0-9]{4}")
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_BOOLEANS = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}

# Rows per INSERT/UPDATE executemany, and ids per `IN (...)` (well under SQLite's and asyncpg's limits).
_WRITE_CHUNK = 10_000
_ID_CHUNK = 1_000


class ImportRefused(Exception):
    """The import was refused and nothing was written. `problems` holds every problem found, one line
    each (`file:line: column: reason`), in file order."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        more = len(problems) - 1
        super().__init__(problems[0] if more == 0 else f"{problems[0]} (and {more} more)")


@dataclass(frozen=True)
class ImportSummary:
    employees: int  # rows in the files
    grants: int
    records: int
    added: int  # employees new to the database
    replaced: int  # employees the database had, now replaced by the import
    dry_run: bool
    removed: int = 0  # employees deleted because the import did not name them (replace_all)


# The PostgreSQL advisory lock every import holds for its transaction ("OBIMPORT" in ASCII).
_IMPORT_LOCK = 0x4F42494D504F5254


async def import_files(
    engine: AsyncEngine, paths: Sequence[Path], *, dry_run: bool = False, replace_all: bool = False
) -> ImportSummary:
    """Checks `paths` (JSON and CSV files) completely, then writes them in one transaction; raises
    ImportRefused, writing nothing, if anything is wrong. `dry_run` checks everything and writes nothing.
    `replace_all`: afterwards the database holds exactly the import's employees."""
    if not paths:
        raise ImportRefused(["no files to import"])
    reading = await asyncio.to_thread(_read_files, [Path(path) for path in paths])
    async with writing(engine) as connection:
        if connection.dialect.name == "postgresql":
            # One import at a time: a second waits here instead of failing on the first's rows.
            await connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _IMPORT_LOCK})
        plan = await _plan(connection, reading, replace_all)
        problems = reading.sorted_problems()
        if problems:
            raise ImportRefused(problems)  # leaving the block rolls back; nothing was written anyway
        if not dry_run:
            await _write(connection, reading, plan)
    return ImportSummary(
        employees=reading.employee_rows_read,
        grants=reading.grant_rows_read,
        records=reading.leave_rows_read,
        added=len(reading.declared.keys() - plan.in_database.keys()),
        replaced=len(plan.mentioned & plan.in_database.keys()),
        dry_run=dry_run,
        removed=len(plan.removed),
    )


# --- Reading --------------------------------------------------------------------------------------------


class _Bad(ValueError):
    """A value is unusable; the message is the reason, as shown after `column:`."""


class _At(NamedTuple):
    """Where a row is: problems are sorted by (file, position) so they read in file order."""

    file_index: int
    position: int  # CSV: the physical line; JSON: the employee's index (-1: the file as a whole)
    label: str  # "grants.csv:3" or "hr.json:employees[0] (E1001)"


class _Grant(NamedTuple):
    granted: Decimal | None  # None: the row was bad (and reported); not checked further
    opening_used: Decimal | None
    allow_negative: bool
    at: _At
    column: str


_Record = tuple[str, date, Decimal, str, str | None]  # employee_id, taken_on, days, leave_type, note


class _Row:
    """One row being checked: every bad field of it is reported, not just the first."""

    def __init__(self, reading: _Reading, at: _At, prefix: str = "") -> None:
        self.reading = reading
        self.at = at
        self.prefix = prefix  # JSON: the path of the row inside its employee, e.g. "leave_taken[2]."
        self.ok = True

    def bad(self, column: str, reason: str) -> None:
        self.ok = False
        self.reading.problem(self.at, self.prefix + column, reason)

    def parse(self, column: str, parse: Callable[[Any], _T], raw: Any) -> _T | None:
        try:
            return parse(raw)
        except _Bad as bad:
            self.bad(column, str(bad))
            return None


_T = TypeVar("_T")


class _Reading:
    """What the files say, checked row by row, and every problem found so far."""

    def __init__(self) -> None:
        self._problems: list[tuple[int, int, int, str]] = []
        # Every employee_id given a row (even a bad one, so its grants do not also read as unknown).
        self.declared: dict[str, _At] = {}
        self.employee_rows: dict[str, dict[str, Any]] = {}  # the good rows, as written
        self.email_owner: dict[str, tuple[str, _At]] = {}
        self.slack_owner: dict[str, tuple[str, _At]] = {}
        self.grants: dict[tuple[str, int], _Grant] = {}
        self.first_grant_of: dict[str, tuple[_At, str]] = {}
        self.records: list[_Record] = []
        self.annual_days: dict[tuple[str, int], Decimal] = {}
        self.first_annual_at: dict[tuple[str, int], tuple[_At, str]] = {}
        # Employees that grant/leave rows name, per file: where first, and in how many rows.
        self.named_in_rows: dict[tuple[str, int], list[Any]] = {}
        self.whole_employees: set[str] = set()  # JSON employees: their grants and leave come along
        self.grants_file_given = False
        self.leave_file_given = False
        self.employee_rows_read = 0
        self.grant_rows_read = 0
        self.leave_rows_read = 0

    def problem(self, at: _At, column: str, reason: str) -> None:
        self._problems.append(
            (at.file_index, at.position, len(self._problems), f"{at.label}: {column}: {reason}")
        )

    def has_problems_in(self, file_index: int) -> bool:
        return any(problem[0] == file_index for problem in self._problems)

    def sorted_problems(self) -> list[str]:
        return [text for *_, text in sorted(self._problems)]

    def add_employee(
        self,
        row: _Row,
        employee_id: str | None,
        name: str | None,
        email: str | None,
        slack_user_id: str | None,
        hire_date: date | None,
        active: bool | None,
    ) -> bool:
        """False if the row cannot stand for its employee (no usable id, or a duplicate id)."""
        if employee_id is None:
            return False
        first = self.declared.get(employee_id)
        if first is not None:
            row.bad("employee_id", f"duplicate employee_id {employee_id} (also at {first.label})")
            return False
        self.declared[employee_id] = row.at
        if email is not None:
            owner = self.email_owner.setdefault(email_key(email), (employee_id, row.at))
            if owner[0] != employee_id:
                row.bad("email", f"{email} is also the email of {owner[0]} ({owner[1].label})")
        if slack_user_id is not None:
            owner = self.slack_owner.setdefault(slack_user_id, (employee_id, row.at))
            if owner[0] != employee_id:
                row.bad(
                    "slack_user_id",
                    f"{slack_user_id} is also the Slack user of {owner[0]} ({owner[1].label})",
                )
        if row.ok and name is not None and email is not None and active is not None:
            self.employee_rows[employee_id] = {
                "employee_id": employee_id,
                "name": name,
                "email": email,
                "email_key": email_key(email),
                "slack_user_id": slack_user_id,
                "hire_date": hire_date,
                "active": active,
            }
        return True

    def add_grant(
        self,
        row: _Row,
        employee_id: str | None,
        year: int | None,
        granted: Decimal | None,
        opening_used: Decimal | None,
        allow_negative: bool | None,
        column: str,
    ) -> None:
        if employee_id is None or year is None:
            return
        first = self.grants.get((employee_id, year))
        if first is not None:
            row.bad(column, f"duplicate grant for {employee_id} {year} (also at {first.at.label})")
            return
        if not row.ok:
            granted = None  # reported already: neither written nor checked against the leave
        self.grants[employee_id, year] = _Grant(granted, opening_used, bool(allow_negative), row.at, column)
        self.first_grant_of.setdefault(employee_id, (row.at, column))

    def add_record(
        self,
        employee_id: str,
        taken_on: date,
        days: Decimal,
        leave_type: str,
        note: str | None,
        where: Callable[[], tuple[_At, str]],
    ) -> None:
        """`where` is called only for the first annual record of a year: the one a problem points at."""
        self.records.append((employee_id, taken_on, days, leave_type, note))
        if leave_type == ANNUAL:
            key = (employee_id, taken_on.year)
            total = self.annual_days.get(key)
            if total is None:
                self.annual_days[key] = days
                self.first_annual_at[key] = where()
            else:
                self.annual_days[key] = total + days

    def named_in_row(self, employee_id: str, file_index: int, make_at: Callable[[], _At]) -> None:
        seen = self.named_in_rows.get((employee_id, file_index))
        if seen is None:
            self.named_in_rows[employee_id, file_index] = [make_at(), 1]
        else:
            seen[1] += 1

    def where_is(self, employee_id: str) -> tuple[_At, str]:
        """Where to point at an employee as a whole: their first grant, else their row, else a mention."""
        if employee_id in self.first_grant_of:
            return self.first_grant_of[employee_id]
        if employee_id in self.declared:
            return self.declared[employee_id], "employee_id"
        at = min(seen[0] for (named, _), seen in self.named_in_rows.items() if named == employee_id)
        return at, "employee_id"


def _read_files(paths: list[Path]) -> _Reading:
    reading = _Reading()
    for file_index, path in enumerate(paths):
        suffix = path.suffix.lower()
        if suffix == ".json":
            _read_json(reading, file_index, path)
        elif suffix == ".csv":
            _read_csv(reading, file_index, path)
        else:
            reading.problem(_At(file_index, -1, str(path)), "file", "not a .json or .csv file")
    return reading


# Values as text (CSV cells, JSON strings). Cached: a large file repeats the same dates and amounts.


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _not_written_as(text: str, expected: str) -> _Bad:
    if not text.isascii() and any(character.isdigit() for character in text):
        return _Bad(f"{_quoted(text)} has full-width or other non-ASCII digits: write {expected} with 0-9")
    return _Bad(f"{_quoted(text)} is not {expected}")


def _employee_id(text: str) -> str:
    if not _EMPLOYEE_ID.fullmatch(text):
        raise _Bad(f"{_quoted(text)} is not 1-32 letters, digits, '-' or '_'")
    return text


def _name(text: str) -> str:
    if not text:
        raise _Bad("must not be empty")
    return text


def _email(text: str) -> str:
    if "@" not in text:
        raise _Bad(f"{_quoted(text)} is not an email address")
    return text


def _slack_user_id(text: str) -> str | None:
    if text and not _SLACK_USER_ID.fullmatch(text):
        raise _Bad(f"{_quoted(text)} is not a Slack user id (capital letters and digits, like U0123ABCD)")
    return text or None


@lru_cache(maxsize=65_536)
def _date(text: str) -> date:
    if not _DATE.fullmatch(text):
        raise _not_written_as(text, "a date YYYY-MM-DD")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise _Bad(f"{_quoted(text)} is not a real date") from None


def _optional_date(text: str) -> date | None:
    return _date(text) if text else None


def _in_years(year: int) -> int:
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise _Bad(f"{year} is outside the years {FIRST_YEAR}-{LAST_YEAR}")
    return year


@lru_cache(maxsize=65_536)
def _leave_date(text: str) -> date:
    taken_on = _date(text)
    _in_years(taken_on.year)
    return taken_on


@lru_cache(maxsize=1_024)
def _year(text: str) -> int:
    if not _YEAR.fullmatch(text):
        raise _not_written_as(text, "a year YYYY")
    return _in_years(int(text))


def is_valid_days(days: Decimal) -> bool:
    """Leave taken comes in quarter days: more than 0, at most a (leap) year's worth."""
    return 0 < days <= MOST_DAYS and days % QUARTER_DAY == 0


def _checked_days(days: Decimal) -> Decimal:
    if not is_valid_days(days):
        raise _Bad(f"{days} is not a positive multiple of 0.25 up to 366")
    return days


def _checked_amount(amount: Decimal) -> Decimal:
    # Granted and opening amounts are kept to the cent the column holds (NUMERIC(7, 2)).
    if not (0 <= amount <= MOST_DAYS and (amount * 100) % 1 == 0):
        raise _Bad(f"{amount} is not a number from 0 to 366 with at most 2 decimals")
    return amount


@lru_cache(maxsize=4_096)
def _days(text: str) -> Decimal:
    if not _NUMBER.fullmatch(text):
        raise _not_written_as(text, "a number of days like 1, 0.5 or 0.25")
    return _checked_days(Decimal(text))


@lru_cache(maxsize=4_096)
def _amount(text: str) -> Decimal:
    if not _NUMBER.fullmatch(text):
        raise _not_written_as(text, "a number from 0 to 366")
    return _checked_amount(Decimal(text))


@lru_cache(maxsize=1_024)
def _leave_type(text: str) -> str:
    if not _LEAVE_TYPE.fullmatch(text):
        raise _Bad(f"{_quoted(text)} is not a lowercase word (a-z and _) like annual or sick")
    return text


def _boolean(default: bool) -> Callable[[str], bool]:
    def parse(text: str) -> bool:
        if not text:
            return default
        value = _BOOLEANS.get(text.lower())
        if value is None:
            raise _Bad(f"{_quoted(text)} is not true/false (or 1/0, yes/no)")
        return value

    return parse


_true_unless_said, _false_unless_said = _boolean(True), _boolean(False)


# --- CSV ------------------------------------------------------------------------------------------------


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


_EMPLOYEES_CSV = _CsvKind("employees", EMPLOYEE_COLUMNS[:5], EMPLOYEE_COLUMNS[5:])
_GRANTS_CSV = _CsvKind("grants", GRANT_COLUMNS[:3], GRANT_COLUMNS[3:])
_LEAVE_CSV = _CsvKind("leave", LEAVE_COLUMNS)
_CSV_KINDS = (_EMPLOYEES_CSV, _GRANTS_CSV, _LEAVE_CSV)


# --- Spreadsheet formulas in CSV cells -----------------------------------------------------------------
# HR opens exported CSV in a spreadsheet, which runs a cell beginning with =, +, - or @ as a formula and
# may skip a leading tab or carriage return to find one: CSV / formula injection (OWASP). The
# exporter writes such a cell with a leading `'` (a spreadsheet shows it as text) and the importer takes
# that quote off again, both through this one pair so the two cannot drift apart. A text that already
# begins with `'` gets one more, so an added quote is always followed by one of these characters or by
# `'`, and a hand-written `'Ollie` (followed by neither) is kept as written.
_QUOTED_FIRST = frozenset("=+-@\t\r'")
# Left alone: a spreadsheet reads a plain decimal as a number, never a formula, and the exporter writes
# amounts like -1.5 this way. ASCII digits only, the whole cell: `-1-1` or full-width digits are quoted.
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def neutralise_cell(text: str) -> str:
    """`text` as a CSV cell a spreadsheet will not run as a formula; `restore_cell` gives it back."""
    if text[:1] in _QUOTED_FIRST and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def restore_cell(cell: str) -> str:
    """The text `neutralise_cell` made `cell` from: one leading `'` off, only where it would have added
    one (followed by a formula character or another `'`). Any other cell is the text itself."""
    if cell[:1] == "'" and cell[1:2] in _QUOTED_FIRST:
        return cell[1:]
    return cell


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


def _csv_rows(reading: _Reading, file_index: int, path: Path) -> Iterator[tuple[int, list[str]]]:
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
        reading.problem(_At(file_index, -1, str(path)), "file", f"cannot read ({exc.__class__.__name__})")
    except _NotUtf8 as exc:
        reading.problem(_At(file_index, exc.line, f"{path}:{exc.line}"), "file", "not UTF-8 text")
    except csv.Error as exc:
        reading.problem(_At(file_index, line + 1, f"{path}:{line + 1}"), "row", f"not valid CSV ({exc})")


def _read_csv(reading: _Reading, file_index: int, path: Path) -> None:
    rows = _csv_rows(reading, file_index, path)
    first = next(rows, None)
    expected = "; ".join(kind.describe() for kind in _CSV_KINDS)
    if first is None:
        if not reading.has_problems_in(file_index):
            reading.problem(
                _At(file_index, 1, f"{path}:1"), "header", f"the file is empty; expected {expected}"
            )
        return
    header_line, header = first
    header = [column.lower() for column in header]
    kind = next((kind for kind in _CSV_KINDS if kind.matches(header)), None)
    if kind is None or len(set(header)) != len(header):
        reading.problem(
            _At(file_index, header_line, f"{path}:{header_line}"),
            "header",
            f"columns {','.join(header)} are none of the accepted sets: {expected}",
        )
        return
    column_of = {column: index for index, column in enumerate(header)}
    handle = {"employees": _csv_employee, "grants": _csv_grant, "leave": _csv_leave}[kind.name]
    reading.grants_file_given |= kind is _GRANTS_CSV
    reading.leave_file_given |= kind is _LEAVE_CSV
    for line, cells in rows:
        if len(cells) != len(header):
            at = _At(file_index, line, f"{path}:{line}")
            reading.problem(at, "row", f"has {len(cells)} fields, the header has {len(header)}")
            _count_row(reading, kind)
            continue
        handle(reading, file_index, path, line, {column: cells[index] for column, index in column_of.items()})


def _count_row(reading: _Reading, kind: _CsvKind) -> None:
    if kind is _EMPLOYEES_CSV:
        reading.employee_rows_read += 1
    elif kind is _GRANTS_CSV:
        reading.grant_rows_read += 1
    else:
        reading.leave_rows_read += 1


def _csv_employee(reading: _Reading, file_index: int, path: Path, line: int, cells: dict[str, str]) -> None:
    reading.employee_rows_read += 1
    row = _Row(reading, _At(file_index, line, f"{path}:{line}"))
    reading.add_employee(
        row,
        row.parse("employee_id", _employee_id, cells["employee_id"]),
        row.parse("name", _name, cells["name"]),
        row.parse("email", _email, cells["email"]),
        row.parse("slack_user_id", _slack_user_id, cells["slack_user_id"]),
        row.parse("hire_date", _optional_date, cells["hire_date"]),
        row.parse("active", _true_unless_said, cells.get("active", "")),
    )


def _csv_grant(reading: _Reading, file_index: int, path: Path, line: int, cells: dict[str, str]) -> None:
    reading.grant_rows_read += 1
    row = _Row(reading, _At(file_index, line, f"{path}:{line}"))
    employee_id = row.parse("employee_id", _employee_id, cells["employee_id"])
    year = row.parse("year", _year, cells["year"])
    granted = row.parse("granted", _amount, cells["granted"])
    opening_used = row.parse("opening_used", _amount, cells.get("opening_used") or "0")
    allow_negative = row.parse("allow_negative", _false_unless_said, cells.get("allow_negative", ""))
    if employee_id is not None:
        reading.named_in_row(employee_id, file_index, lambda: row.at)
    reading.add_grant(row, employee_id, year, granted, opening_used, allow_negative, "year")


def _csv_leave(reading: _Reading, file_index: int, path: Path, line: int, cells: dict[str, str]) -> None:
    reading.leave_rows_read += 1
    raw_id, raw_date, raw_days, raw_type = cells["employee_id"], cells["date"], cells["days"], cells["type"]
    try:  # the usual case, kept lean: a file may hold millions of these rows
        employee_id = _employee_id(raw_id)
        taken_on, days, leave_type = _leave_date(raw_date), _days(raw_days), _leave_type(raw_type or ANNUAL)
    except _Bad:
        row = _Row(reading, _At(file_index, line, f"{path}:{line}"))
        for column, parse, raw in (
            ("employee_id", _employee_id, raw_id),
            ("date", _leave_date, raw_date),
            ("days", _days, raw_days),
            ("type", _leave_type, raw_type or ANNUAL),
        ):
            row.parse(column, parse, raw)
        if _EMPLOYEE_ID.fullmatch(raw_id):
            reading.named_in_row(raw_id, file_index, lambda: row.at)
        return

    def at() -> _At:
        return _At(file_index, line, f"{path}:{line}")

    reading.named_in_row(employee_id, file_index, at)
    reading.add_record(employee_id, taken_on, days, leave_type, cells["note"] or None, lambda: (at(), "date"))


_NOWHERE = _At(-1, -1, "")  # a grant from the database: it has no place in the files


# --- JSON -----------------------------------------------------------------------------------------------

_EMPLOYEE_KEYS = frozenset({"employee_id", "name", "email", "slack_user_id", "hire_date", "active"})
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


def _read_json(reading: _Reading, file_index: int, path: Path) -> None:
    whole_file = _At(file_index, -1, str(path))
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
        reading.problem(_At(file_index, line, f"{path}:{line}"), "file", "not UTF-8 text")
        return
    except json.JSONDecodeError as exc:
        at = _At(file_index, exc.lineno, f"{path}:{exc.lineno}")
        reading.problem(at, "json", f"not valid JSON (column {exc.colno}: {exc.msg})")
        return
    except RecursionError:
        reading.problem(whole_file, "json", "nested too deeply")
        return
    top = _Row(reading, _At(file_index, -1, f"{path}:top level"))
    if not isinstance(document, _JsonObject) or not isinstance(document.get("employees"), list):
        top.bad("employees", 'expected {"employees": [...]}')
        return
    _check_keys(top, document, frozenset({"employees"}))
    if not document["employees"] and not document.duplicates:
        top.bad("employees", "the list is empty: there is no employee to import")
    for index, entry in enumerate(document["employees"]):
        _read_json_employee(reading, file_index, path, index, entry)


def _check_duplicate_keys(row: _Row, found: _JsonObject) -> None:
    for key in found.duplicates:
        row.bad(key, "duplicate key")


def _check_keys(row: _Row, found: _JsonObject, allowed: frozenset[str]) -> None:
    _check_duplicate_keys(row, found)
    for key in sorted(found.keys() - allowed):
        row.bad(key, f"unknown key (expected one of {', '.join(sorted(allowed))})")


def _json_text(parse: Callable[[str], _T], *, required: bool = True) -> Callable[[Any], _T | None]:
    """A JSON string read as the same text a CSV cell would hold."""

    def read(value: Any) -> _T | None:
        if value is None:
            if required:
                raise _Bad("missing")
            return None
        if not isinstance(value, str):
            raise _Bad("must be a string")
        return parse(value.strip())

    return read


def _json_number(value: Any) -> Decimal:
    if value is None:
        raise _Bad("missing")
    if isinstance(value, str):
        raise _Bad(f"must be a number, not the string {_quoted(value)}")
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise _Bad("must be a number")
    return Decimal(value)


def _json_boolean(default: bool) -> Callable[[Any], bool]:
    def read(value: Any) -> bool:
        if value is None:
            return default
        if not isinstance(value, bool):
            raise _Bad("must be true or false")
        return value

    return read


def _json_amount(value: Any) -> Decimal:
    return _checked_amount(_json_number(value))


def _json_days(value: Any) -> Decimal:
    return _checked_days(_json_number(value))


def _json_optional_amount(value: Any) -> Decimal:
    return Decimal(0) if value is None else _json_amount(value)


_json_employee_id = _json_text(_employee_id)
_json_name = _json_text(_name)
_json_email = _json_text(_email)
_json_slack_user_id = _json_text(_slack_user_id, required=False)
_json_hire_date = _json_text(_optional_date, required=False)
_json_leave_date = _json_text(_leave_date)
_json_leave_type = _json_text(_leave_type, required=False)
_json_note = _json_text(lambda note: note, required=False)
_json_true_unless_said, _json_false_unless_said = _json_boolean(True), _json_boolean(False)


def _read_json_employee(reading: _Reading, file_index: int, path: Path, index: int, entry: Any) -> None:
    reading.employee_rows_read += 1
    label = f"{path}:employees[{index}]"
    raw_id = entry.get("employee_id") if isinstance(entry, dict) else None
    if isinstance(raw_id, str) and _EMPLOYEE_ID.fullmatch(raw_id):
        label += f" ({raw_id})"
    row = _Row(reading, _At(file_index, index, label))
    if not isinstance(entry, _JsonObject):
        row.bad("entry", "must be an object")
        return
    _check_keys(row, entry, _EMPLOYEE_KEYS)
    employee_id = row.parse("employee_id", _json_employee_id, entry.get("employee_id"))
    accepted = reading.add_employee(
        row,
        employee_id,
        row.parse("name", _json_name, entry.get("name")),
        row.parse("email", _json_email, entry.get("email")),
        row.parse("slack_user_id", _json_slack_user_id, entry.get("slack_user_id")),
        row.parse("hire_date", _json_hire_date, entry.get("hire_date")),
        row.parse("active", _json_true_unless_said, entry.get("active")),
    )
    if employee_id is None or not accepted:
        return  # its grants and leave would only repeat the problem under another name
    reading.whole_employees.add(employee_id)
    _read_json_grants(reading, row.at, employee_id, entry.get("annual_leave"))
    _read_json_leave(reading, row.at, employee_id, entry.get("leave_taken"))


def _read_json_grants(reading: _Reading, at: _At, employee_id: str, annual_leave: Any) -> None:
    if not isinstance(annual_leave, _JsonObject):
        reason = "missing" if annual_leave is None else "must be an object"
        reading.problem(at, "annual_leave", f'{reason}, like {{"2026": {{"granted": 15, "used": 7.5}}}}')
        return
    _check_duplicate_keys(_Row(reading, at, prefix="annual_leave."), annual_leave)
    for key, grant in annual_leave.items():
        reading.grant_rows_read += 1
        column = f"annual_leave.{key}"
        row = _Row(reading, at, prefix=f"{column}.")
        year: int | None = None
        try:
            year = _year(key)
        except _Bad as bad:
            reading.problem(at, column, str(bad))
            row.ok = False
        if not isinstance(grant, _JsonObject):
            reading.problem(at, column, 'must be an object like {"granted": 15, "used": 7.5}')
            continue
        _check_keys(row, grant, _YEAR_KEYS)
        granted = row.parse("granted", _json_amount, grant.get("granted"))
        opening_used = row.parse("used", _json_optional_amount, grant.get("used"))
        allow_negative = row.parse("allow_negative", _json_false_unless_said, grant.get("allow_negative"))
        reading.add_grant(row, employee_id, year, granted, opening_used, allow_negative, column)


def _at_column(at: _At, column: str) -> Callable[[], tuple[_At, str]]:
    return lambda: (at, column)


def _read_json_leave(reading: _Reading, at: _At, employee_id: str, leave_taken: Any) -> None:
    if leave_taken is None:
        return
    if not isinstance(leave_taken, list):
        reading.problem(at, "leave_taken", 'must be a list of {"date", "days", "type", "note"}')
        return
    for index, record in enumerate(leave_taken):
        reading.leave_rows_read += 1
        row = _Row(reading, at, prefix=f"leave_taken[{index}].")
        if not isinstance(record, _JsonObject):
            reading.problem(
                at, f"leave_taken[{index}]", 'must be an object like {"date": "2026-03-02", "days": 0.5}'
            )
            continue
        _check_keys(row, record, _RECORD_KEYS)
        taken_on = row.parse("date", _json_leave_date, record.get("date"))
        days = row.parse("days", _json_days, record.get("days"))
        leave_type = row.parse("type", _json_leave_type, record.get("type")) or ANNUAL
        note = row.parse("note", _json_note, record.get("note")) or None
        if row.ok and taken_on is not None and days is not None:
            reading.add_record(
                employee_id, taken_on, days, leave_type, note, _at_column(at, f"{row.prefix}date")
            )


# --- Against the database -------------------------------------------------------------------------------


@dataclass
class _Plan:
    in_database: dict[str, Row[Any]]  # every employee row the database has, by id
    mentioned: set[str]  # every employee the import names
    grants_replaced: set[str]
    leave_replaced: set[str]
    removed: list[str]


async def _plan(connection: AsyncConnection, reading: _Reading, replace_all: bool) -> _Plan:
    """Works out what the import replaces, and adds the problems only the database can show."""
    in_database = {row.employee_id: row for row in await connection.execute(select(employees))}
    mentioned = set(reading.declared) | {employee_id for employee_id, _ in reading.named_in_rows}
    plan = _Plan(
        in_database=in_database,
        mentioned=mentioned,
        grants_replaced=mentioned if reading.grants_file_given else reading.whole_employees,
        leave_replaced=mentioned if reading.leave_file_given else reading.whole_employees,
        removed=sorted(in_database.keys() - mentioned) if replace_all else [],
    )
    unknown: set[str] = set()
    for (employee_id, _), (first_at, rows) in reading.named_in_rows.items():
        if employee_id not in reading.declared and employee_id not in in_database:
            unknown.add(employee_id)
            also = f" ({rows} rows)" if rows > 1 else ""
            reason = (
                f"unknown employee {employee_id}{also}: not in this import's employees nor in the database"
            )
            reading.problem(first_at, "employee_id", reason)
    _check_taken_in_database(reading, plan)
    await _check_balances(connection, reading, plan, unknown)
    return plan


def _check_taken_in_database(reading: _Reading, plan: _Plan) -> None:
    """An email or Slack user the import gives must not belong to an employee the database keeps."""
    kept = plan.in_database.keys() - reading.declared.keys() - set(plan.removed)
    email_of = {plan.in_database[employee_id].email_key: employee_id for employee_id in kept}
    slack_of = {plan.in_database[employee_id].slack_user_id: employee_id for employee_id in kept}
    for key, (employee_id, at) in reading.email_owner.items():
        if key in email_of:
            email = reading.employee_rows.get(employee_id, {}).get("email", key)
            reading.problem(at, "email", f"{email} is already the email of {email_of[key]} in the database")
    for slack_user_id, (_, at) in reading.slack_owner.items():
        if slack_user_id in slack_of:
            reason = f"{slack_user_id} is already the Slack user of {slack_of[slack_user_id]} in the database"
            reading.problem(at, "slack_user_id", reason)


async def _check_balances(
    connection: AsyncConnection, reading: _Reading, plan: _Plan, unknown: set[str]
) -> None:
    """After the import, no year may have more annual leave used than granted (unless the grant allows a
    negative balance), and annual leave needs a grant for its year. Where the import replaces only an
    employee's grants, or only their leave, the other half is the database's. (An unknown employee's
    rows are reported as that alone.)"""
    grants = dict(reading.grants)
    grants_kept = sorted((plan.leave_replaced - plan.grants_replaced) & plan.in_database.keys())
    for ids in chunks(grants_kept, _ID_CHUNK):
        for stored in await connection.execute(
            select(leave_grants).where(leave_grants.c.employee_id.in_(ids))
        ):
            grants[stored.employee_id, stored.year] = _Grant(
                stored.granted, stored.opening_used, stored.allow_negative, _NOWHERE, ""
            )
    annual_days = dict(reading.annual_days)
    leave_kept = sorted((plan.grants_replaced - plan.leave_replaced) & plan.in_database.keys())
    for ids in chunks(leave_kept, _ID_CHUNK):
        query = select(leave_records.c.employee_id, leave_records.c.taken_on, leave_records.c.days).where(
            leave_records.c.employee_id.in_(ids), leave_records.c.leave_type == ANNUAL
        )
        for record in await connection.execute(query):
            key = (record.employee_id, record.taken_on.year)
            annual_days[key] = annual_days.get(key, Decimal(0)) + record.days

    for employee_id, year in sorted(annual_days.keys() - grants.keys()):
        if employee_id in unknown:
            continue
        imported = reading.first_annual_at.get((employee_id, year))
        at, column = imported or reading.where_is(employee_id)
        source = "" if imported else " (leave in the database)"
        reading.problem(
            at, column, f"{employee_id} has annual leave in {year}{source} but no grant for {year}"
        )
    for (employee_id, year), grant in grants.items():
        if (
            grant.granted is None
            or grant.opening_used is None
            or grant.allow_negative
            or employee_id in unknown
        ):
            continue
        used = grant.opening_used + annual_days.get((employee_id, year), Decimal(0))
        if used <= grant.granted:
            continue
        if grant.at is _NOWHERE:
            at, column = reading.first_annual_at.get((employee_id, year)) or reading.where_is(employee_id)
            granted = f"granted {format_days(grant.granted)} (grant in the database)"
        else:
            at, column, granted = grant.at, grant.column, f"granted {format_days(grant.granted)}"
        reason = f"{employee_id} {year}: used {format_days(used)} is more than {granted}; allow_negative is not set"
        reading.problem(at, column, reason)


# --- Writing --------------------------------------------------------------------------------------------

_Item = TypeVar("_Item")


def chunks(items: Sequence[_Item], size: int) -> Iterator[Sequence[_Item]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


_UPDATE_EMPLOYEE = (
    update(employees)
    .where(employees.c.employee_id == bindparam("b_employee_id"))
    .values({column: bindparam(f"b_{column}") for column in (*EMPLOYEE_COLUMNS[1:], "email_key")})
)


async def _write(connection: AsyncConnection, reading: _Reading, plan: _Plan) -> None:
    """Delete-then-insert for what the import replaces, in chunks: a few statements per thousands of rows."""
    in_database = plan.in_database
    for ids in chunks(plan.removed, _ID_CHUNK):  # their grants and leave go with them (cascade)
        await connection.execute(delete(employees).where(employees.c.employee_id.in_(ids)))
    for table, replaced in ((leave_grants, plan.grants_replaced), (leave_records, plan.leave_replaced)):
        for ids in chunks(sorted(replaced & in_database.keys()), _ID_CHUNK):
            await connection.execute(delete(table).where(table.c.employee_id.in_(ids)))

    # Employee rows are updated in place, not deleted: a delete would cascade to grants and leave that
    # this import may not replace. Unchanged rows (a re-import) are left alone.
    changed = [
        row
        for employee_id, row in reading.employee_rows.items()
        if employee_id in in_database
        and any(in_database[employee_id]._mapping[k] != v for k, v in row.items())
    ]
    # An email or Slack user may move from one replaced employee to another: the changing rows first let
    # go of theirs, so the unique columns never hold one value twice along the way.
    moving = [
        row["employee_id"]
        for row in changed
        if (in_database[row["employee_id"]].email_key, in_database[row["employee_id"]].slack_user_id)
        != (row["email_key"], row["slack_user_id"])
    ]
    for ids in chunks(moving, _ID_CHUNK):
        await connection.execute(
            update(employees)
            .where(employees.c.employee_id.in_(ids))
            .values(email_key=literal("#moving:") + employees.c.employee_id, slack_user_id=None)
        )
    for rows in chunks(changed, _WRITE_CHUNK):
        await connection.execute(_UPDATE_EMPLOYEE, [{f"b_{k}": v for k, v in row.items()} for row in rows])
    added = [row for employee_id, row in reading.employee_rows.items() if employee_id not in in_database]
    for rows in chunks(added, _WRITE_CHUNK):
        await connection.execute(insert(employees), list(rows))

    grants = [
        {
            "employee_id": employee_id,
            "year": year,
            "granted": grant.granted,
            "opening_used": grant.opening_used,
            "allow_negative": grant.allow_negative,
        }
        for (employee_id, year), grant in reading.grants.items()
    ]
    for rows in chunks(grants, _WRITE_CHUNK):
        await connection.execute(insert(leave_grants), list(rows))
    for records in chunks(reading.records, _WRITE_CHUNK):
        await connection.execute(
            insert(leave_records),
            [
                {"employee_id": e, "taken_on": taken_on, "days": days, "leave_type": kind, "note": note}
                for e, taken_on, days, kind, note in records
            ],
        )
