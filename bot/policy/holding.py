"""What one person has on one date: the single answer every surface reads (the balance and entitlement
tools, App Home, the §61 notices, a leave request's check and card, `officebot leave show`, `notices`,
`data check`, `requests`).

`holding(...)` builds the person's ledger (`bot/policy/ledger.py`) under the company's `grants` mode and
adds what a ledger alone does not know: the days in pending requests per calendar year, and, where HR's
import has no grant after `on`, what the Act would give next (`act_next`, shown as the Act's, never as days
the person has). Every figure a surface states is a field or a property here, so two surfaces cannot
disagree: what is left, per grant and per year, what lapses next and when (docs/policy.md#where-every-figure-comes-from).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from bot.domain.leave import Balance, StoredYear
from bot.policy.entitlement import entitlement, why_none
from bot.policy.grants import Employment, GrantsMode, Kind, LeaveRules, StatutoryGrant
from bot.policy.ledger import GrantUse, Ledger, Source, YearLedger, person_ledger

_ZERO = Decimal(0)


@dataclass(frozen=True)
class HeldGrant:
    """One grant with what was drawn from it. `year`: the calendar year whose balance it counts in."""

    source: Source
    arises_on: date
    expires_on: date
    days: Decimal
    used: Decimal
    year: int
    kind: Kind
    why: str
    statutory: StatutoryGrant  # the grant as the notices and the entitlement tool read one
    # What was left of it after its last usable day, when that day has passed on the holding's date: no
    # longer usable, so not part of `remaining`.
    lapsed: Decimal = _ZERO

    @property
    def remaining(self) -> Decimal:
        """What can still be used of it on the holding's date (0 once it has lapsed)."""
        return self.days - self.used - self.lapsed


@dataclass(frozen=True)
class HeldYear:
    """One calendar year: its grants' days, what was drawn from them (and leave no grant covered), the
    annual days in pending requests starting in it, what of its grants lapsed unused by the holding's date,
    and granted − used − lapsed: what is still usable."""

    year: int
    granted: Decimal
    used: Decimal
    pending: Decimal
    over_use: Decimal = _ZERO  # leave no grant covered (allow_negative), counted in `used`
    lapsed: Decimal = _ZERO  # left of its grants whose last usable day has passed: no longer usable

    @property
    def remaining(self) -> Decimal:
        return self.granted - self.used - self.lapsed


@dataclass(frozen=True)
class Lapse:
    on: date  # the last usable day: the days lapse the day after
    days: Decimal


@dataclass(frozen=True)
class Holding:
    """What the person has on `on` under `mode`. `grants`: every grant of the ledger, oldest first."""

    on: date
    mode: GrantsMode
    grants: tuple[HeldGrant, ...]
    years: Mapping[int, HeldYear]
    act_next: tuple[StatutoryGrant, ...] = ()  # `imported` mode, no later HR grant: what the Act gives next
    hr_years: frozenset[int] = field(default_factory=frozenset)  # the years HR keeps a row for

    def year(self, year: int) -> HeldYear | None:
        return self.years.get(year)

    def usable(self) -> tuple[HeldGrant, ...]:
        """The grants that have arisen and not lapsed on `on`."""
        return tuple(g for g in self.grants if g.arises_on <= self.on <= g.expires_on)

    def upcoming(self) -> tuple[HeldGrant, ...]:
        """The grant(s) of the ledger arising on the next day any arises after `on`."""
        later = [g for g in self.grants if g.arises_on > self.on]
        first = min((g.arises_on for g in later), default=None)
        return tuple(g for g in later if g.arises_on == first)

    def unused(self) -> tuple[tuple[date, Decimal], ...]:
        """What is left of the usable grants, per last usable day, earliest first."""
        left: dict[date, Decimal] = {}
        for g in self.usable():
            if g.remaining > 0:
                left[g.expires_on] = left.get(g.expires_on, _ZERO) + g.remaining
        return tuple(sorted(left.items()))

    def next_lapse(self) -> Lapse | None:
        """The next last usable day on which some of what is left lapses, and how much."""
        unused = self.unused()
        return Lapse(*unused[0]) if unused else None

    def expiring(self, year: int) -> tuple[tuple[date, Decimal], ...]:
        """Of the year's remaining, the days usable until each last usable day not passed on `on` (never
        more than remains: over-use is set against it)."""
        found = self.year(year)
        if found is None:
            return ()
        remaining = found.remaining
        left: dict[date, Decimal] = {}
        for g in self.grants:
            if g.year == year and g.remaining > 0 and g.expires_on >= self.on:
                left[g.expires_on] = left.get(g.expires_on, _ZERO) + g.remaining
        said: list[tuple[date, Decimal]] = []
        for day, days in sorted(left.items()):
            if remaining <= 0:
                break
            said.append((day, min(days, remaining)))
            remaining -= said[-1][1]
        return tuple(said)

    def balance(self, year: int) -> Balance | None:
        """The year as the balance tool states it; None when no grant counts in it."""
        found = self.year(year)
        if found is None or not any(g.year == year for g in self.grants):
            return None
        return Balance(year, found.granted, found.used, self.expiring(year), found.pending, found.lapsed)


def holding(
    stored: Sequence[StoredYear],
    records: Sequence[tuple[date, Decimal]],
    employment: Employment | None,
    rules: LeaveRules,
    on: date,
    pending: Mapping[int, Decimal] | None = None,
    *,
    only_year: int | None = None,
) -> Holding:
    """What the person has on `on` (see the module). `records` are every annual record, planned ones
    included (an approved request's days are used). `only_year`: in `imported` mode a year's grant is
    usable in that year alone, so its own row and records give that year exactly (the balance lookup's
    cost); in `computed` mode it is ignored. Raises EntitlementInputError for employment data the
    calculator cannot use."""
    pending = pending or {}
    hr_years = frozenset(s.year for s in stored)
    if only_year is not None and rules.grants == "imported":
        stored = [s for s in stored if s.year == only_year]
        records = [r for r in records if r[0].year == only_year]
    # To a December 31: a year's grants are matched with HR's row for it whole, never cut. One year past
    # `on` (the next grant arises within a year and a day, whatever the basis) and past the last record
    # (leave taken in advance finds its grant).
    last = max([on.year, only_year or on.year, *(day.year for day, _ in records)])
    until = date(last + 1, 12, 31)
    found = person_ledger(stored, records, employment, rules, until)
    grants = _grants(found, on)
    years = {y: _year(found.years[y], pending.get(y, _ZERO), grants) for y in found.years}
    for y, days in pending.items():
        years.setdefault(y, HeldYear(y, _ZERO, _ZERO, days))
    act_next: tuple[StatutoryGrant, ...] = ()
    if rules.grants == "imported" and only_year is None and not any(g.arises_on > on for g in grants):
        act_next = _act_next(employment, rules, on)
    return Holding(on, rules.grants, grants, years, act_next, hr_years)


def _grants(found: Ledger, on: date) -> tuple[HeldGrant, ...]:
    held = [
        HeldGrant(
            u.grant.origin,
            u.grant.arises_on,
            u.grant.expires_on,
            u.grant.days,
            u.used,
            u.grant.year,
            u.grant.kind,
            u.grant.why,
            u.grant.as_statutory(),
            max(u.left, _ZERO) if u.grant.expires_on < on else _ZERO,
        )
        for year in found.years.values()
        for u in year.grants
    ]
    return tuple(sorted(held, key=lambda g: (g.arises_on, g.expires_on, g.kind)))


def _year(found: YearLedger, pending: Decimal, grants: Sequence[HeldGrant]) -> HeldYear:
    lapsed = sum((g.lapsed for g in grants if g.year == found.year), _ZERO)
    return HeldYear(found.year, found.granted, found.used, pending, found.over_use, lapsed)


def _act_next(employment: Employment | None, rules: LeaveRules, on: date) -> tuple[StatutoryGrant, ...]:
    """The Act's next grant after `on` (what HR's import would have to hold), or ()."""
    if employment is None or why_none(employment, rules) is not None:
        return ()
    until = date(max(on, employment.hire_date).year + 1, 12, 31)
    later = [g for g in entitlement(employment, rules, until) if g.arises_on > on]
    first = min((g.arises_on for g in later), default=None)
    return tuple(g for g in later if g.arises_on == first)


@dataclass(frozen=True)
class Draw:
    """What a leave request would take, counted by the same ledger that will draw it once approved: the
    grants it draws from are the ones usable on its dates, expiring first (or, taken in advance, its
    calendar year's grants still to arise) — not its calendar year's balance, which in `computed` mode
    is another grant (a January day draws from the grant that arose last March).

    `before`: what is left of those grants after the leave recorded (approved requests included);
    `pending`: what the person's other pending requests will take of them; `after` = before − pending −
    the request's days; `short`: the request's days no grant covers (0 when it fits)."""

    before: Decimal
    pending: Decimal
    after: Decimal
    short: Decimal


def request_draw(
    stored: Sequence[StoredYear],
    records: Sequence[tuple[date, Decimal]],
    employment: Employment | None,
    rules: LeaveRules,
    pending: Sequence[tuple[date, Decimal]],
    requested: Sequence[tuple[date, Decimal]],
) -> Draw:
    """The request's `requested` days (date, days), after `pending` (the other pending requests' days),
    drawn by the ledger as approval will draw them (see Draw). Raises EntitlementInputError for
    employment data the calculator cannot use."""
    if not requested:  # no working day asked for: nothing is drawn (and no ledger need be built)
        return Draw(_ZERO, _ZERO, _ZERO, _ZERO)
    everything = [*records, *pending, *requested]
    until = date(max(day.year for day, _ in everything) + 1, 12, 31)

    def drawn(taken: Sequence[tuple[date, Decimal]]) -> tuple[list[GrantUse], Decimal]:
        found = person_ledger(stored, taken, employment, rules, until)
        uses = [u for year in sorted(found.years) for u in found.years[year].grants]
        return uses, sum((y.over_use for y in found.years.values()), _ZERO)

    # Three ledgers with the same grants in the same order: only the leave drawn from them differs.
    recorded, _ = drawn(records)
    with_pending, over_pending = drawn([*records, *pending])
    with_request, over_request = drawn(everything)
    spans = {
        (b.grant.arises_on, b.grant.expires_on)
        for a, b in zip(with_pending, with_request, strict=True)
        if b.used > a.used
    }
    if not spans:  # nothing left to take: say what the grants usable then had
        first = min(day for day, _ in requested)
        spans = {(u.grant.arises_on, u.grant.expires_on) for u in recorded}
        spans = {(a, e) for a, e in spans if a <= first <= e}
    # Grants usable over the same days are one pool (which of them pays is a tie): all of it is shown.
    touched = [i for i, u in enumerate(recorded) if (u.grant.arises_on, u.grant.expires_on) in spans]
    before = sum((recorded[i].left for i in touched), _ZERO)
    held = sum((with_pending[i].used - recorded[i].used for i in touched), _ZERO)
    short = over_request - over_pending
    taken = sum((with_request[i].used - with_pending[i].used for i in touched), _ZERO) + short
    return Draw(before, held, before - held - taken, short)
