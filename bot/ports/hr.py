"""What the rest of OfficeBot needs from HR, as two small async ports, and how a lookup fails.

`Directory` answers "who is this?" (identity mapping); `LeaveStore` answers "how much leave?". Both are
async so a database or a remote HR API can implement them without blocking the loop that answers. The
values they trade in are in `bot/domain/`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Protocol

from bot.domain.leave import LeaveTaken, StoredYear
from bot.domain.people import Employee


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


@dataclass(frozen=True)
class LedgerInputs:
    """What a person's ledger is built from (bot/policy/ledger.py): their HR record, HR's stored
    calendar-year rows and their annual leave records as (first day, days), oldest first."""

    employee: Employee
    stored: tuple[StoredYear, ...]
    records: tuple[tuple[date, Decimal], ...]


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

    async def names(self) -> list[tuple[str, str, str | None]]:
        """Every active employee's (name, email, Slack user id): who a question can name."""
        ...


class LeaveStore(Protocol):
    """What the leave tools need from HR."""

    async def leave_taken(self, employee_id: str, year: int) -> LeaveTaken:
        """The year's records (possibly none). Raises UnknownEmployee or StoreUnavailable."""
        ...

    async def ledger_inputs(self, employee_id: str) -> LedgerInputs:
        """The person's record, every stored row and every annual record, in one read. Raises
        UnknownEmployee or StoreUnavailable."""
        ...

    async def employee(self, employee_id: str) -> Employee:
        """The employee's HR record as the statutory leave needs it (the hire date; later the end date,
        weekly hours, attendance). Raises UnknownEmployee or StoreUnavailable."""
        ...
