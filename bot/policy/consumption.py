"""Which grant each day of annual leave was taken from: first the one that expires first (FIFO by expiry).

Pure: the Act's grants (from the calculator, under the company policy) and the person's annual leave
records (date, days) in; per grant the days, used, left and last usable day out, with the leave no grant
covered (over-use, or leave taken before any grant had arisen). The balance tool reads the next expiry
from it ([policy.md](../../docs/policy.md#which-grant-leave-is-taken-from)).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from bot.policy.grants import StatutoryGrant


@dataclass(frozen=True)
class GrantUse:
    """One grant and the leave taken from it."""

    grant: StatutoryGrant
    used: Decimal

    @property
    def days(self) -> Decimal:
        return self.grant.days

    @property
    def left(self) -> Decimal:
        return self.grant.days - self.used

    @property
    def expires_on(self) -> date:
        return self.grant.expires_on


@dataclass(frozen=True)
class Lapse:
    """Leave that lapses: `days` left unused whose last usable day is `on` (the next day they are gone)."""

    on: date
    days: Decimal


@dataclass(frozen=True)
class Consumption:
    """Every grant with what was taken from it (in the order given), and the leave no grant covered: each
    as (the record's date, the days of it not covered)."""

    grants: tuple[GrantUse, ...]
    uncovered: tuple[tuple[date, Decimal], ...] = ()

    @property
    def over_use(self) -> Decimal:
        return sum((days for _, days in self.uncovered), Decimal(0))

    def next_lapse(self, on: date, *, until: date | None = None) -> Lapse | None:
        """The first last-usable-day on or after `on` (and up to `until`) on which some grant still has
        days left, with all those days; None when none does."""
        due = sorted(
            {
                g.expires_on
                for g in self.grants
                if g.left > 0 and on <= g.expires_on and (until is None or g.expires_on <= until)
            }
        )
        if not due:
            return None
        day = due[0]
        return Lapse(
            day, sum((g.left for g in self.grants if g.expires_on == day and g.left > 0), Decimal(0))
        )


def consume(grants: Iterable[StatutoryGrant], records: Iterable[tuple[date, Decimal]]) -> Consumption:
    """Allocate each record, oldest first, to the grants usable on its date (arisen on or before it, not
    yet past their last day) with days left, the one expiring first first (on a tie, the one that arose
    first). A record larger than what is left spills into the next such grant; what none covers is
    `uncovered`. Records dated the same day are taken in the order given."""
    given = list(grants)
    used = [Decimal(0)] * len(given)
    order = sorted(range(len(given)), key=lambda i: (given[i].expires_on, given[i].arises_on, i))
    uncovered: list[tuple[date, Decimal]] = []
    for day, days in sorted(records, key=lambda r: r[0]):
        need = days
        for i in order:
            if need <= 0:
                break
            grant = given[i]
            if not grant.arises_on <= day <= grant.expires_on:
                continue
            take = min(grant.days - used[i], need)
            if take > 0:
                used[i] += take
                need -= take
        if need > 0:
            uncovered.append((day, need))
    return Consumption(tuple(GrantUse(g, u) for g, u in zip(given, used, strict=True)), tuple(uncovered))
