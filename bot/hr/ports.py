"""What the rest of OfficeBot needs from HR, as two small async ports, and the values they trade in.

`Directory` answers "who is this?" (identity mapping); `LeaveStore` answers "how much leave?". Both are
async so a database or a remote HR API can implement them without blocking the loop that answers.
Amounts are Decimal end to end so half days (반차, 0.5) and quarter days (반반차, 0.25) stay exact.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Literal, Protocol

Surface = Literal["terminal", "dm", "mention", "slash", "home"]


@dataclass(frozen=True)
class Caller:
    """Who is asking, and from which surface. Built only in `bot/hr/directory.py` from an authenticated
    identity and passed as an argument through the loop into the tools; the model never writes it."""

    employee_id: str
    name: str
    timezone: str | None = None
    slack_user_id: str | None = None
    surface: Surface = "terminal"


@dataclass(frozen=True)
class Employee:
    """A directory entry: enough to decide whether, and as whom, someone may ask."""

    employee_id: str
    name: str
    email: str
    slack_user_id: str | None = None
    hire_date: date | None = None
    active: bool = True


@dataclass(frozen=True)
class Balance:
    """One employee's annual leave for one year."""

    year: int
    granted: Decimal
    used: Decimal

    @property
    def remaining(self) -> Decimal:
        return self.granted - self.used


# Leave of this type counts against the annual balance; other types (sick, …) are kept but do not.
ANNUAL = "annual"


@dataclass(frozen=True)
class LeaveRecord:
    """Leave taken: a day (1), half a day (0.5, 반차), a quarter (0.25, 반반차) or a multi-day stretch
    starting on `taken_on`."""

    taken_on: date
    days: Decimal
    leave_type: str = ANNUAL
    note: str | None = None


@dataclass(frozen=True)
class LeaveTaken:
    """The records one employee has in one year, oldest first, and the annual leave used that year that
    no record lists (data imported from a system that kept totals only)."""

    year: int
    records: tuple[LeaveRecord, ...]
    undated: Decimal = Decimal(0)

    @property
    def totals(self) -> Mapping[str, Decimal]:
        """Days per type, in the order the types first appear."""
        totals: dict[str, Decimal] = {}
        for record in self.records:
            totals[record.leave_type] = totals.get(record.leave_type, Decimal(0)) + record.days
        return totals


def format_days(amount: Decimal) -> str:
    """7.50 -> '7.5', 15 -> '15', 0.25 -> '0.25' (never '7.500000001' or '1.5E+1')."""
    text = format(amount.normalize(), "f")
    return "0" if text in ("-0", "") else text


class LeaveStoreError(Exception):
    """A lookup failed in a way the tool may explain to the model (the message is safe to show)."""


class UnknownEmployee(LeaveStoreError):
    pass


class NoRecordForYear(LeaveStoreError):
    def __init__(self, message: str, years: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.years = years  # the years the employee does have a record for, so the answer can name them


class StoreUnavailable(LeaveStoreError):
    pass


class Directory(Protocol):
    """Who is who, among active employees. Email matching is case-insensitive."""

    async def employee_by_id(self, employee_id: str) -> Employee | None: ...

    async def employee_by_id_any_case(self, employee_id: str) -> Employee | None:
        """The terminal's `--as e1001`: ids typed in another case still match (one employee only)."""
        ...

    async def some_employee_ids(self, limit: int) -> tuple[list[str], int]:
        """The first `limit` active ids in order, and how many there are: to say which ids exist."""
        ...

    async def employee_by_slack_user_id(self, slack_user_id: str) -> Employee | None: ...

    async def employee_by_email(self, email: str) -> Employee | None: ...


class LeaveStore(Protocol):
    """What the leave tools need from HR."""

    async def get_balance(self, employee_id: str, year: int) -> Balance:
        """Raises UnknownEmployee, NoRecordForYear (no grant that year) or StoreUnavailable."""
        ...

    async def leave_taken(self, employee_id: str, year: int) -> LeaveTaken:
        """The year's records (possibly none). Raises UnknownEmployee or StoreUnavailable."""
        ...
