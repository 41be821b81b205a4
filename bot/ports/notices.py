"""The §61 leave notices as a port: who is due which notice (the schedule of `bot/policy/notices.py` over the
HR data) and the record that makes each notice go out once across processes and restarts. The SQL
implementation is `bot/db/notices.py`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Protocol

from bot.domain.people import Employee
from bot.policy.company import CompanyPolicy
from bot.policy.notices import ScheduledNotice


@dataclass(frozen=True)
class DueNotice:
    """One notice for one person, with the days still unused in its period."""

    employee: Employee
    scheduled: ScheduledNotice
    unused: Decimal

    @property
    def key(self) -> tuple[str, date, int]:
        return (self.employee.employee_id, self.scheduled.arises_on, self.scheduled.notice)


class NoticeLog(Protocol):
    async def due(self, policy: CompanyPolicy, on: date) -> list[DueNotice]:
        """Every notice whose window includes `on`, for each active employee with a hire date, with unused
        days left (whether recorded already or not)."""
        ...

    async def claim(self, notice: DueNotice) -> bool:
        """Records the notice before it is sent. True only for the one caller that is to send it: the first
        to record it, or a later round taking over a send that failed (no `sent_at`, recorded long ago)."""
        ...

    async def sent(self, notice: DueNotice) -> None:
        """Slack took it: `sent_at` is set, and nobody claims it again."""
        ...
