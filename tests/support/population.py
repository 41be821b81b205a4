"""Generated people for the ledger's consistency test (tests/test_ledger_population.py): a seeded generator,
so a failure names a seed and a person that reproduce it.

Each person varies what the ledger depends on: hire dates on leap days and month ends, part time (some
under 15 hours a week: no leave), years under 80 % attendance, an end date, HR's stored rows (some years
missing, more or fewer days than the Act, an undated opening amount), and annual records across grant
boundaries and ahead of the grants they need (leave taken in advance), some of them planned after the day
asked about; pending request days per year.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from bot.domain.leave import StoredYear
from bot.domain.people import Employee
from bot.policy.grants import LeaveRules
from bot.ports.hr import LedgerInputs

_AMOUNTS = (Decimal("0.25"), Decimal("0.5"), Decimal(1), Decimal(1), Decimal(2), Decimal(3))
# Month ends and leap days, besides any day.
_AWKWARD_DAYS = (
    date(2020, 2, 29),
    date(2024, 2, 29),
    date(2023, 1, 31),
    date(2025, 8, 31),
    date(2024, 12, 31),
    date(2025, 1, 1),
    date(2022, 3, 31),
    date(2026, 5, 31),
)


@dataclass(frozen=True)
class Person:
    inputs: LedgerInputs
    rules: LeaveRules  # the company's settings this person is computed under (grants mode aside)
    pending: dict[int, Decimal]


def rules_for(rng: random.Random) -> LeaveRules:
    basis = rng.choice(("hire_date", "hire_date", "fiscal_year"))
    if basis == "hire_date":
        return LeaveRules(first_year=rng.choice(("monthly", "monthly", "up_front")))
    return LeaveRules(
        basis="fiscal_year",
        fiscal_start=rng.choice(((1, 1), (4, 1), (3, 1))),
        rounding=rng.choice(("exact", "half_up", "whole")),
    )


def person(rng: random.Random, number: int, on_last: date) -> Person:
    """One generated person, hired before `on_last` (the last day the test asks about)."""
    if rng.random() < 0.2:
        hire = rng.choice(_AWKWARD_DAYS)
    else:
        hire = date(2012, 1, 1) + timedelta(days=rng.randrange((on_last - date(2012, 1, 1)).days))
    weekly = None
    roll = rng.random()
    if roll < 0.1:
        weekly = Decimal(rng.randint(15, 39))
    elif roll < 0.13:
        weekly = Decimal(rng.randint(5, 14))  # §18③: no annual leave
    service_years = max(1, on_last.year - hire.year)
    below_80 = tuple(
        sorted(rng.sample(range(1, service_years + 1), k=min(service_years, rng.choice((0, 0, 0, 1, 2)))))
    )
    end = hire + timedelta(days=rng.randint(200, 3000)) if rng.random() < 0.1 else None
    employee = Employee(
        f"G{number:05d}",
        f"generated {number}",
        f"g{number}@example.com",
        hire_date=hire,
        end_date=end,
        weekly_hours=weekly,
        below_80=below_80,
    )
    stored = []
    for year in range(max(hire.year, on_last.year - 4), on_last.year + (1 if rng.random() < 0.2 else 0) + 1):
        if rng.random() < 0.15:
            continue  # a year HR has no row for
        granted = Decimal(rng.choice((0, 11, 15, 15, 15, 16, 17, 20)))
        opening = Decimal(rng.randint(0, 12)) / 4 if rng.random() < 0.3 else Decimal(0)
        stored.append(StoredYear(year, granted, opening))
    records = []
    first, last = hire, min(on_last + timedelta(days=200), end or date.max)
    for _ in range(rng.randint(0, 14)):
        if last <= first:
            break
        records.append((first + timedelta(days=rng.randrange((last - first).days + 1)), rng.choice(_AMOUNTS)))
    records.sort(key=lambda r: r[0])
    pending = {
        year: Decimal(rng.randint(1, 8)) / 2
        for year in (on_last.year, on_last.year + 1)
        if rng.random() < 0.2
    }
    return Person(LedgerInputs(employee, tuple(stored), tuple(records)), rules_for(rng), pending)


def population(seed: int, count: int, on_last: date) -> list[Person]:
    rng = random.Random(seed)
    return [person(rng, number, on_last) for number in range(count)]
