"""Annual leave as values: a year's balance, the leave taken, and how an amount of days is written.

Amounts are Decimal end to end so half days (반차, 0.5) and quarter days (반반차, 0.25) stay exact.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal


@dataclass(frozen=True)
class Balance:
    """One employee's annual leave for one year. `expiring`: of what remains, the days usable until each
    last usable day not yet passed on the day of the lookup (the next day they lapse), earliest first."""

    year: int
    granted: Decimal
    used: Decimal
    expiring: tuple[tuple[date, Decimal], ...] = ()
    # Annual days in the person's pending requests starting in the year ("신청 중"): not used, and not taken
    # off `remaining` until approved. None: not looked up (no request store).
    pending: Decimal | None = None
    # Of the granted days, those left unused past their last usable day on the day of the lookup: they
    # lapsed, so they are not remaining (what can still be used).
    lapsed: Decimal = Decimal(0)

    @property
    def remaining(self) -> Decimal:
        return self.granted - self.used - self.lapsed


@dataclass(frozen=True)
class StoredYear:
    """HR's stored row for one calendar year: the days granted, and the days used that no record lists."""

    year: int
    granted: Decimal
    opening_used: Decimal = Decimal(0)


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


def days_in_english(amount: Decimal) -> str:
    """'1 day', '0.5 days', '3 days': English puts only exactly one in the singular."""
    return f"{format_days(amount)} {'day' if amount == 1 else 'days'}"


# How far from the current year a question may reach. Wider than any real HR retention need, narrow
# enough that a model slip such as 20226 or 1026 is caught by the tools instead of reaching the store;
# the system prompt tells the model the same range.
YEARS_BACK = 10
YEARS_AHEAD = 1
