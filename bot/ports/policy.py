"""The company's leave policy as a port: the one `CompanyPolicy` in force (the defaults, which follow the
Act, while HR has set nothing), and HR's changes to it, each kept with who made it and when. The SQL
implementation is `bot/db/policy.py`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.policy.company import CompanyPolicy


class UnreadablePolicy(Exception):
    """The stored row holds a value no key takes (written by hand): one line naming it."""


@dataclass(frozen=True)
class PolicyChange:
    """One key changed: its value before and after, as text (`officebot policy show` prints the same)."""

    key: str
    old: str
    new: str


@dataclass(frozen=True)
class PolicyChangeRecord:
    """A change as the audit keeps it: who (the OS user who ran `officebot policy set`) and when."""

    at: datetime
    changed_by: str
    change: PolicyChange


class PolicyStore(Protocol):
    async def current(self) -> CompanyPolicy:
        """The policy in force: the stored one, or the defaults when HR has set nothing."""
        ...

    async def change(
        self, update: Callable[[CompanyPolicy], CompanyPolicy], changed_by: str
    ) -> list[PolicyChange]:
        """Makes `update(the policy in force)` the policy in force and records each key it changes, all in
        one transaction (so a change made meanwhile by someone else is neither lost nor misrecorded);
        returns the changes ([] when nothing changes: nothing is written)."""
        ...

    async def history(self, limit: int = 20) -> list[PolicyChangeRecord]:
        """The last `limit` recorded changes, oldest first."""
        ...
