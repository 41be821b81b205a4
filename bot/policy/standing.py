"""Where one person stands today under the Act: the years of service, the leave that has arisen and not yet
lapsed (each grant with the last day it can be used), and the next grant with why. Pure, from the
calculator (`bot.policy.entitlement`): the tool `get_leave_entitlement`, the named-figures check and the
App Home card all read this one value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from decimal import Decimal

from bot.policy.entitlement import entitlement, why_none
from bot.policy.grants import Basis, Employment, LeaveRules, StatutoryGrant
from bot.policy.holding import Holding
from bot.policy.periods import after_years

# Far enough ahead to find the next grant on any basis: a fiscal start is at most a year away, and a year
# of service ends at most a year (and a day) from today.
HORIZON = timedelta(days=800)


@dataclass(frozen=True)
class Entitlement:
    """One person's statutory leave as of `on`.

    `current`: the grants that have arisen and can still be used on `on` (oldest first); `upcoming`: the
    grant(s) arising on the next day any arises (one, except where two arise on the same day); both empty
    when `none_because` says why the Act gives nothing. `service_years`: whole years since the hire date.
    """

    on: date
    hire_date: date
    basis: Basis
    service_years: int
    current: tuple[StatutoryGrant, ...] = ()
    upcoming: tuple[StatutoryGrant, ...] = ()
    none_because: str | None = None
    # Of the current grants, the days not yet used (the person's holding: leave taken from the grant that
    # expires first) per last usable day, earliest first; () when not known.
    unused: tuple[tuple[date, Decimal], ...] = ()
    # `upcoming` is what the Act gives next, which HR's import does not hold yet (`grants=imported`): to be
    # told as the Act's, never as days the person will have.
    act_only: bool = False

    @property
    def current_days(self) -> Decimal:
        return sum((g.ledger_days for g in self.current), Decimal(0))

    @property
    def next_on(self) -> date | None:
        return self.upcoming[0].arises_on if self.upcoming else None

    @property
    def next_days(self) -> Decimal:
        return sum((g.ledger_days for g in self.upcoming), Decimal(0))

    @property
    def nearest_expiry(self) -> date | None:
        """The first day after which some of the current leave lapses (its last usable day)."""
        return min((g.expires_on for g in self.current), default=None)

    def unused_until(self, day: date) -> Decimal | None:
        """The unused days of the current grants whose last usable day is `day`; None when none is known."""
        return dict(self.unused).get(day)

    def arising_on(self, day: date) -> Decimal | None:
        """The days of the grants (current or next) arising on `day`; None when none does."""
        found = [g.ledger_days for g in (*self.current, *self.upcoming) if g.arises_on == day]
        return sum(found, Decimal(0)) if found else None

    def expiring_on(self, day: date) -> Decimal | None:
        """The days of the current grants whose last usable day is `day`; None when none is."""
        found = [g.ledger_days for g in self.current if g.expires_on == day]
        return sum(found, Decimal(0)) if found else None


def completed_years(hire: date, on: date) -> int:
    """Whole years of service from the hire date (included) to `on` (민법 §160, as the calculator counts)."""
    years = 0
    while after_years(hire, years + 1) <= on:
        years += 1
    return years


def standing(
    employment: Employment,
    rules: LeaveRules,
    on: date,
    grants: Sequence[StatutoryGrant] | None = None,
) -> Entitlement:
    """The person's leave under the Act on `on`: what can be used now and what arises next. `grants`: the
    person's ledger's grants (`grants=computed`: HR's rows winning) instead of the calculator's own; they
    must reach at least `HORIZON` past `on`."""
    hire = employment.hire_date
    service = completed_years(hire, on) if on >= hire else 0
    because = why_none(employment, rules)
    if because is not None:
        return Entitlement(on, hire, rules.basis, service, none_because=because)
    if grants is None:
        grants = entitlement(employment, rules, max(on, hire) + HORIZON)
    current = tuple(g for g in grants if g.arises_on <= on <= g.expires_on)
    later = [g for g in grants if g.arises_on > on]
    upcoming = tuple(g for g in later if g.arises_on == later[0].arises_on) if later else ()
    return Entitlement(on, hire, rules.basis, service, current, upcoming)


def standing_of(held: Holding, employment: Employment, rules: LeaveRules) -> Entitlement:
    """The person's standing read from their holding, so the entitlement answer names the grants the
    balance counts and what is left of them: in `imported` mode HR's rows (usable to December 31), and
    where HR holds no later grant, the Act's next one marked as the Act's (`act_only`)."""
    ent = standing(employment, rules, held.on, [g.statutory for g in held.grants])
    if ent.none_because is not None:
        # No Act leave, but the holding is HR's rows (the ledger keeps them alone then): what the balance
        # counts, usable now and left, is still said, so the expiry answer and the balance agree.
        usable = tuple(g.statutory for g in held.usable())
        return replace(ent, current=usable, unused=held.unused())
    ent = replace(ent, unused=held.unused())
    if not ent.upcoming and held.act_next:
        ent = replace(ent, upcoming=held.act_next, act_only=True)
    return ent
