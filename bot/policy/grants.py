"""The values of the leave calculator: who (`Employment`), under which settings (`LeaveRules`), and what
the Act gives (`StatutoryGrant`). Values only; the computation is `bot.policy.entitlement`."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Literal

from bot.domain.people import Employee

Basis = Literal["hire_date", "fiscal_year"]
Rounding = Literal["exact", "half_up", "whole"]
FirstYear = Literal["monthly", "up_front"]
Kind = Literal["monthly", "annual", "prorated", "manual"]
# Where a balance's grants come from: HR's calendar-year rows as they are, or the Act's grants with HR's
# rows winning for their year (bot/policy/ledger.py).
GrantsMode = Literal["imported", "computed"]

BASES: tuple[Basis, ...] = ("hire_date", "fiscal_year")
ROUNDINGS: tuple[Rounding, ...] = ("exact", "half_up", "whole")
FIRST_YEAR_MODES: tuple[FirstYear, ...] = ("monthly", "up_front")
GRANTS_MODES: tuple[GrantsMode, ...] = ("imported", "computed")

FULL_TIME_WEEKLY_HOURS = Decimal(40)  # §50①: 40 hours a week; a company may set fewer for its full-timers
MIN_WEEKLY_HOURS = Decimal(15)  # §18③: under 15 hours a week, §60 does not apply
HOURS_PER_DAY = 8  # 시행령 별표 2: a part-timer's leave in hours, a day counted as 8


class EntitlementInputError(ValueError):
    """An input the calculator cannot use: `field` names it, the message says what to do."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Employment:
    """One person's employment, as far as the Act's leave depends on it.

    `end_date` is the last day of employment (the day of leaving, if any). `below_80` names the years of
    service with less than 80 % attendance: 1 is the year from the hire date on the hire-date basis, the
    first full fiscal year on the fiscal basis (0 there is the first partial fiscal year).
    """

    hire_date: date
    end_date: date | None = None
    weekly_hours: Decimal = FULL_TIME_WEEKLY_HOURS
    below_80: frozenset[int] = field(default_factory=frozenset)


@dataclass(frozen=True)
class LeaveRules:
    """How the company applies the Act: the settings HR chooses (the defaults follow the Act)."""

    basis: Basis = "hire_date"
    fiscal_start: tuple[int, int] = (1, 1)  # (month, day) the fiscal year starts on
    full_time_weekly_hours: Decimal = FULL_TIME_WEEKLY_HOURS
    rounding: Rounding = "exact"  # the first partial fiscal year's prorated days
    first_year: FirstYear = "monthly"  # the law: one day per completed month; `up_front`: 11 on the hire date
    under_five_employees: bool = False  # §11: the Act's leave rules do not apply
    grants: GrantsMode = "imported"  # the balance's grants; the calculator itself does not read it


@dataclass(frozen=True)
class StatutoryGrant:
    """Leave the Act gives: it arises on `arises_on` and can be used up to and including `expires_on`.

    `days` are a full-timer's days; a part-timer's leave is `hours` (computed from `days`), else None.
    `service_years`: the completed years of service on the basis in use when it arises.
    """

    arises_on: date
    days: Decimal
    kind: Kind
    service_years: int
    expires_on: date
    why: str
    hours: int | None = None

    @property
    def ledger_days(self) -> Decimal:
        """The days the balance counts: a part-timer's hours ÷ 8 (not a full-timer's `days`)."""
        return Decimal(self.hours) / HOURS_PER_DAY if self.hours is not None else self.days


@dataclass(frozen=True)
class ExitComparison:
    """At the end of employment: all the leave that arose on each basis, in `unit` (days, or a part-timer's
    hours). `difference` > 0: the fiscal basis gave less than the law's hire-date basis."""

    end_date: date
    unit: Literal["days", "hours"]
    hire_date_basis: Decimal
    fiscal_year_basis: Decimal

    @property
    def difference(self) -> Decimal:
        return self.hire_date_basis - self.fiscal_year_basis


def employment_from(employee: Employee) -> Employment | None:
    """The employment the calculator needs, from the HR record (None without a hire date): the
    hire date, the last day, weekly hours and the years under 80 % attendance."""
    if employee.hire_date is None:
        return None
    return Employment(
        hire_date=employee.hire_date,
        end_date=employee.end_date,
        weekly_hours=employee.weekly_hours if employee.weekly_hours is not None else FULL_TIME_WEEKLY_HOURS,
        below_80=frozenset(employee.below_80),
    )
