"""Test-only implementations of OfficeBot's ports."""

from __future__ import annotations

from bot.domain.leave import Balance, LeaveTaken
from bot.domain.people import Employee
from bot.ports.audit import LookupRecord
from bot.ports.hr import LedgerInputs

# The employees of the bundled demo data (fixtures/employees.json).
BUNDLED_EMPLOYEE_IDS = ("E1001", "E1002", "E1003", "E1004", "E1005")


class MemoryAuditLog:
    """Keeps audit records in a list."""

    def __init__(self) -> None:
        self.records: list[LookupRecord] = []

    async def record(self, entry: LookupRecord) -> None:
        self.records.append(entry)


class ExplodingStore:
    """A store that fails in a way nobody planned for, with a secret in the message."""

    async def get_balance(self, employee_id: str, year: int) -> Balance:
        raise RuntimeError("password=hunter2 at db01.internal")

    async def leave_taken(self, employee_id: str, year: int) -> LeaveTaken:
        raise RuntimeError("password=hunter2 at db01.internal")

    async def employee(self, employee_id: str) -> Employee:
        raise RuntimeError("password=hunter2 at db01.internal")

    async def ledger_inputs(self, employee_id: str) -> LedgerInputs:
        raise RuntimeError("password=hunter2 at db01.internal")
