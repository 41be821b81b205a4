"""What an import's files say, checked row by row, and every problem found so far.

The CSV and JSON readers fill one `FilesRead`: the good rows to write, where each one came from, and a
problem per bad value as `file:line: column: reason`, sorted into file order at the end. Cross-row
rules that need nothing but the files (duplicate ids, emails, Slack users and grants) are checked here
as rows arrive; the ones that need the database are the plan's.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Any, NamedTuple, TypeVar

from bot.db.hr import email_key
from bot.db.import_export.schema import BadValue
from bot.domain.leave import ANNUAL

_T = TypeVar("_T")


class At(NamedTuple):
    """Where a row is: problems are sorted by (file, position) so they read in file order."""

    file_index: int
    position: int  # CSV: the physical line; JSON: the employee's index (-1: the file as a whole)
    label: str  # "grants.csv:3" or "hr.json:employees[0] (E1001)"


NOWHERE = At(-1, -1, "")  # a grant from the database: it has no place in the files


class Grant(NamedTuple):
    granted: Decimal | None  # None: the row was bad (and reported); not checked further
    opening_used: Decimal | None
    allow_negative: bool
    at: At
    column: str


Record = tuple[str, date, Decimal, str, str | None]  # employee_id, taken_on, days, leave_type, note


class CheckedRow:
    """One row being checked: every bad field of it is reported, not just the first."""

    def __init__(self, reading: FilesRead, at: At, prefix: str = "") -> None:
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
        except BadValue as bad:
            self.bad(column, str(bad))
            return None


class FilesRead:
    """What the files say, checked row by row, and every problem found so far."""

    def __init__(self) -> None:
        self._problems: list[tuple[int, int, int, str]] = []
        # Every employee_id given a row (even a bad one, so its grants do not also read as unknown).
        self.declared: dict[str, At] = {}
        self.employee_rows: dict[str, dict[str, Any]] = {}  # the good rows, as written
        self.email_owner: dict[str, tuple[str, At]] = {}
        self.slack_owner: dict[str, tuple[str, At]] = {}
        self.grants: dict[tuple[str, int], Grant] = {}
        self.first_grant_of: dict[str, tuple[At, str]] = {}
        self.records: list[Record] = []
        self.annual_days: dict[tuple[str, int], Decimal] = {}
        self.first_annual_at: dict[tuple[str, int], tuple[At, str]] = {}
        # Employees that grant/leave rows name, per file: where first, and in how many rows.
        self.named_in_rows: dict[tuple[str, int], list[Any]] = {}
        self.whole_employees: set[str] = set()  # JSON employees: their grants and leave come along
        self.grants_file_given = False
        self.leave_file_given = False
        self.employee_rows_read = 0
        self.grant_rows_read = 0
        self.leave_rows_read = 0
        self.requests_ignored = 0  # an export's leave requests: accepted in the files, never imported

    def problem(self, at: At, column: str, reason: str) -> None:
        self._problems.append(
            (at.file_index, at.position, len(self._problems), f"{at.label}: {column}: {reason}")
        )

    def has_problems_in(self, file_index: int) -> bool:
        return any(problem[0] == file_index for problem in self._problems)

    def sorted_problems(self) -> list[str]:
        return [text for *_, text in sorted(self._problems)]

    def add_employee(
        self,
        row: CheckedRow,
        employee_id: str | None,
        name: str | None,
        email: str | None,
        slack_user_id: str | None,
        hire_date: date | None,
        active: bool | None,
        end_date: date | None = None,
        weekly_hours: Decimal | None = None,
        below_80: list[int] | None = None,
        manager_id: str | None = None,
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
        if hire_date is not None and end_date is not None and end_date < hire_date:
            row.bad("end_date", f"{end_date} is before the hire date {hire_date}")
        if manager_id is not None and manager_id == employee_id:
            row.bad("manager_id", "an employee is not their own manager (leave empty for the HR approvers)")
        if row.ok and name is not None and email is not None and active is not None:
            self.employee_rows[employee_id] = {
                "employee_id": employee_id,
                "name": name,
                "email": email,
                "email_key": email_key(email),
                "slack_user_id": slack_user_id,
                "hire_date": hire_date,
                "active": active,
                "end_date": end_date,
                "weekly_hours": weekly_hours,
                "below_80": below_80,
                "manager_id": manager_id,
            }
        return True

    def add_grant(
        self,
        row: CheckedRow,
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
        self.grants[employee_id, year] = Grant(granted, opening_used, bool(allow_negative), row.at, column)
        self.first_grant_of.setdefault(employee_id, (row.at, column))

    def add_record(
        self,
        employee_id: str,
        taken_on: date,
        days: Decimal,
        leave_type: str,
        note: str | None,
        where: Callable[[], tuple[At, str]],
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

    def named_in_row(self, employee_id: str, file_index: int, make_at: Callable[[], At]) -> None:
        seen = self.named_in_rows.get((employee_id, file_index))
        if seen is None:
            self.named_in_rows[employee_id, file_index] = [make_at(), 1]
        else:
            seen[1] += 1

    def where_is(self, employee_id: str) -> tuple[At, str]:
        """Where to point at an employee as a whole: their first grant, else their row, else a mention."""
        if employee_id in self.first_grant_of:
            return self.first_grant_of[employee_id]
        if employee_id in self.declared:
            return self.declared[employee_id], "employee_id"
        at = min(seen[0] for (named, _), seen in self.named_in_rows.items() if named == employee_id)
        return at, "employee_id"
