"""One model of a person's grants and of the leave taken from them: the balance and "what expires when"
both read it, so they cannot disagree. Pure: HR's stored calendar-year rows, the annual leave records, and
(in `computed` mode) the calculator's grants in; per grant its days, used and last usable day, and per
calendar year granted / used out ([policy.md](../../docs/policy.md#the-ledger-one-model-of-a-grant)).

- **Grants.** `imported` (the default, today's model): each stored row of year Y is one grant arising on
  January 1 and usable to December 31 of Y. `computed`: the calculator's grants under the company policy,
  where HR's stored row for Y wins for the grants arising in Y — a shortfall is taken off them, the one
  expiring first first; an excess is one `manual` grant arising with Y's first and expiring with Y's last.
  A stored year with no computed grant stays a calendar-year grant.
- **Use, FIFO by expiry.** Each year's undated `opening_used` is drawn from that year's grants, then each
  record, oldest first, from the grants usable on its day that expire first. What they cannot cover is
  drawn from the grants of the record's calendar year not yet usable on its day (leave taken in advance),
  and what is still left over is negative on that year.
- **A year** (`YearLedger`): granted = its grants' days, used = what was drawn from them plus its
  over-use. It has no date, so no remaining: what is still usable on a day (granted − used − what lapsed
  by then), what is left by last usable day and the next lapse are read from it in bot/policy/holding.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Literal

from bot.domain.leave import StoredYear, format_days
from bot.policy.entitlement import entitlement, why_none
from bot.policy.grants import Employment, Kind, LeaveRules, StatutoryGrant

_ZERO = Decimal(0)

# Where a grant comes from: the Act's calculator, HR's imported calendar-year row, or the days by which
# HR's row for a year exceeds the Act's grants in it (`computed` mode).
Source = Literal["act", "hr_import", "adjustment"]


@dataclass(frozen=True)
class LedgerGrant:
    """A grant as the balance counts it: `year` is the calendar year whose balance it belongs to (the year
    it arises in); usable from `arises_on` to `expires_on`, both included."""

    year: int
    arises_on: date
    expires_on: date
    days: Decimal
    kind: Kind
    why: str
    service_years: int = 0  # as the calculator counts them when it arises (0 for HR's own grants)
    source: StatutoryGrant | None = None  # the calculator's grant, while HR's row has not changed it
    origin: Source = "act"

    def as_statutory(self) -> StatutoryGrant:
        """The grant as the entitlement tool and the grounding check read one."""
        if self.source is not None:
            return self.source
        return StatutoryGrant(
            self.arises_on, self.days, self.kind, self.service_years, self.expires_on, self.why
        )


@dataclass(frozen=True)
class GrantUse:
    grant: LedgerGrant
    used: Decimal

    @property
    def left(self) -> Decimal:
        return self.grant.days - self.used


@dataclass(frozen=True)
class YearLedger:
    """One calendar year's grants with what was drawn from them, and its leave no grant covered."""

    year: int
    grants: tuple[GrantUse, ...]
    over_use: Decimal = _ZERO

    @property
    def granted(self) -> Decimal:
        return sum((g.grant.days for g in self.grants), _ZERO)

    @property
    def used(self) -> Decimal:
        return sum((g.used for g in self.grants), self.over_use)


@dataclass(frozen=True)
class Ledger:
    years: dict[int, YearLedger]

    def year(self, year: int) -> YearLedger | None:
        return self.years.get(year)


def imported_grants(stored: Iterable[StoredYear]) -> list[LedgerGrant]:
    """HR's rows as they are: each year's grant usable from January 1 to December 31."""
    return [
        LedgerGrant(
            row.year,
            date(row.year, 1, 1),
            date(row.year, 12, 31),
            row.granted,
            "manual",
            f"HR's grant for {row.year}",
            origin="hr_import",
        )
        for row in stored
    ]


def computed_grants(statutory: Iterable[StatutoryGrant], stored: Iterable[StoredYear]) -> list[LedgerGrant]:
    """The calculator's grants, with HR's stored row winning for the year it names (see the module)."""
    by_year: dict[int, list[LedgerGrant]] = {}
    for g in statutory:
        days = g.ledger_days  # a part-timer's hours (rounded up) as days of 8 hours
        by_year.setdefault(g.arises_on.year, []).append(
            LedgerGrant(g.arises_on.year, g.arises_on, g.expires_on, days, g.kind, g.why, g.service_years, g)
        )
    for row in stored:
        computed = by_year.get(row.year)
        if not computed:
            by_year[row.year] = imported_grants([row])
            continue
        by_year[row.year] = _as_stored(computed, row)
    return [g for year in sorted(by_year) for g in by_year[year]]


def _as_stored(computed: list[LedgerGrant], row: StoredYear) -> list[LedgerGrant]:
    total = sum((g.days for g in computed), _ZERO)
    difference = row.granted - total
    said = f"HR's {row.year} total {format_days(row.granted)} against the Act's {format_days(total)}"
    if difference > 0:
        extra = LedgerGrant(
            row.year,
            min(g.arises_on for g in computed),
            max(g.expires_on for g in computed),
            difference,
            "manual",
            f"{said}: {format_days(difference)} more",
            origin="adjustment",
        )
        return [*computed, extra]
    short = -difference
    kept: list[LedgerGrant] = []
    for grant in sorted(computed, key=lambda g: (g.expires_on, g.arises_on)):
        cut = min(short, grant.days)
        short -= cut
        if cut == grant.days:
            continue
        if cut:
            grant = replace(grant, days=grant.days - cut, why=f"{grant.why}; {said}", source=None)
        kept.append(grant)
    if not kept:  # HR's row gives nothing (0 days): still a year HR keeps, as in `imported`
        return imported_grants([row])
    return sorted(kept, key=lambda g: (g.arises_on, g.kind))


def ledger(
    grants: Sequence[LedgerGrant],
    opening: Iterable[StoredYear],
    records: Iterable[tuple[date, Decimal]],
) -> Ledger:
    """Draw each year's opening amount and then each record (oldest first) from the grants, FIFO by expiry."""
    order = sorted(range(len(grants)), key=lambda i: (grants[i].expires_on, grants[i].arises_on, i))
    used = [_ZERO] * len(grants)
    over: dict[int, Decimal] = {}

    def draw(need: Decimal, candidates: Iterable[int]) -> Decimal:
        for i in candidates:
            if need <= 0:
                break
            take = min(grants[i].days - used[i], need)
            if take > 0:
                used[i] += take
                need -= take
        return need

    for row in opening:
        if row.opening_used:
            rest = draw(row.opening_used, (i for i in order if grants[i].year == row.year))
            if rest > 0:
                over[row.year] = over.get(row.year, _ZERO) + rest
    first = 0  # grants before this index in `order` have lapsed for every record still to come
    for day, days in sorted(records, key=lambda r: r[0]):
        while first < len(order) and grants[order[first]].expires_on < day:
            first += 1
        rest = draw(days, (i for i in order[first:] if grants[i].arises_on <= day))
        if rest > 0:  # taken in advance: from the grants of its calendar year still to arise
            rest = draw(rest, (i for i in order if grants[i].year == day.year and grants[i].arises_on > day))
        if rest > 0:
            over[day.year] = over.get(day.year, _ZERO) + rest
    by_year: dict[int, list[GrantUse]] = {}
    for i, grant in enumerate(grants):
        by_year.setdefault(grant.year, []).append(GrantUse(grant, used[i]))
    years = {year: YearLedger(year, tuple(uses), over.get(year, _ZERO)) for year, uses in by_year.items()}
    for year, days in over.items():
        years.setdefault(year, YearLedger(year, (), days))
    return Ledger(years)


def person_ledger(
    stored: Sequence[StoredYear],
    records: Sequence[tuple[date, Decimal]],
    employment: Employment | None,
    rules: LeaveRules,
    until: date,
) -> Ledger:
    """The person's ledger under the company's `grants` mode: HR's rows alone in `imported` mode, without a
    hire date (`employment` None), or where the Act gives no leave (§11, §18③); else the Act's grants up to
    `until` with HR's rows winning. Raises EntitlementInputError for employment data the calculator
    cannot use."""
    if (
        rules.grants == "imported"
        or employment is None
        or why_none(employment, rules) is not None
        or employment.hire_date > until
    ):
        return ledger(imported_grants(stored), stored, records)
    return ledger(computed_grants(entitlement(employment, rules, until), stored), stored, records)
