"""Test-only implementations of OfficeBot's ports."""

from __future__ import annotations

from datetime import date

from bot.domain.leave import Balance, LeaveTaken
from bot.domain.people import Employee
from bot.policy.grants import LeaveRules
from bot.ports.audit import LookupRecord
from bot.ports.hr import LeaveStore, LedgerInputs
from bot.tools.leave_balance import balance_of
from tests.support.clock import TODAY

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

    async def leave_taken(self, employee_id: str, year: int) -> LeaveTaken:
        raise RuntimeError("password=hunter2 at db01.internal")

    async def employee(self, employee_id: str) -> Employee:
        raise RuntimeError("password=hunter2 at db01.internal")

    async def ledger_inputs(self, employee_id: str) -> LedgerInputs:
        raise RuntimeError("password=hunter2 at db01.internal")


async def stored_balance(
    store: LeaveStore, employee_id: str, year: int, rules: LeaveRules | None = None, today: date = TODAY
) -> Balance:
    """A year's balance as the balance tool reads it (the person's holding in the policy's grants mode,
    `imported` by default), without the toolbox: the store keeps no balance of its own. Raises
    UnknownEmployee or NoRecordForYear as the tool's read does."""
    return balance_of(await store.ledger_inputs(employee_id), rules or LeaveRules(), today, year)
