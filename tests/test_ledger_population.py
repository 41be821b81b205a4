"""The ledger over generated populations (tests/support/population.py): for 400 people on three days
each (the demo's two and one at random or on a grant boundary), in both grant modes, every surface's figure is the holding's (bot/policy/holding.py), and the holding
keeps its own books and agrees with a simulation apart from the ledger's code (`simulate`): each year's remaining is what is left of its grants, nothing lapses twice, and leave
drawn and given back (a cancelled request) changes exactly its days.

The surfaces' own code runs here on the person's inputs, as it does on a database read: the balance
tool's `balance_of` (in `imported` mode from the year's own rows, a shortcut the full holding checks) and
its wire data read back as the offline model reads it, the entitlement tool's `standing_of` and its text,
the Home card, and the §61 notices. tests/test_one_ledger.py checks the same through the database, the
toolbox and the commands, for the demo data.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

import pytest

from bot.domain.leave import YEARS_AHEAD, YEARS_BACK, format_days
from bot.policy.grants import GRANTS_MODES, GrantsMode, employment_from
from bot.policy.holding import Holding, holding, request_draw
from bot.policy.notices import due_with_unused
from bot.policy.standing import standing_of
from bot.ports.hr import NoRecordForYear
from bot.slack.home.home_view import home_view
from bot.tools.leave_balance import balance_of
from bot.tools.result_data import data_of, figure_in, wire_text
from tests.support.population import Person, population

# 400 people × 3 days × 2 modes: ~2,300 person-days, about a second a mode. Under branch coverage, 400 people of
# this seed (and of seeds 2, 14 and 16) reach every line and branch of bot/ that 1,200 people of seed 29 did, at a
# third of the cost; 300 people missed one branch or another, depending on the seed (a holding whose year's
# remaining runs out before its last lapse day, `Holding.expiring`, comes about once in 300-600 people).
SEED = 7
PEOPLE = 400
FIXED_DAYS = (date(2026, 11, 29), date(2026, 12, 4))
_ZERO = Decimal(0)


def days_for(rng: random.Random, person: Person) -> list[date]:
    """The demo's two days and one more: at random, or on a grant boundary (a day a grant lapses, or the
    next), each on or after the hire date."""
    hire = person.inputs.employee.hire_date
    assert hire is not None
    boundary = [g.expires_on for g in _held(person, "computed", FIXED_DAYS[0]).grants]
    if boundary and rng.random() < 0.5:
        extra = rng.choice(boundary) + timedelta(days=rng.choice((0, 1)))
    else:
        extra = date(2025, 1, 1) + timedelta(days=rng.randrange(700))
    return [day for day in (*FIXED_DAYS, extra) if day >= hire]


def _held(
    person: Person, mode: GrantsMode, day: date, records: tuple[tuple[date, Decimal], ...] | None = None
) -> Holding:
    inputs = person.inputs
    return holding(
        inputs.stored,
        inputs.records if records is None else records,
        employment_from(inputs.employee),
        replace(person.rules, grants=mode),
        day,
        person.pending,
    )


def check_books(held: Holding, pending: dict[int, Decimal]) -> None:
    """The holding's own sums: per year, per grant, per last usable day."""
    for year, found in held.years.items():
        grants = [g for g in held.grants if g.year == year]
        assert found.granted == sum((g.days for g in grants), _ZERO)
        assert found.used == sum((g.used for g in grants), found.over_use)
        # The sum of what is left of the year's grants is the year's remaining (over-use set against it).
        assert found.remaining == sum((g.remaining for g in grants), _ZERO) - found.over_use
        assert found.pending == pending.get(year, _ZERO)
    assert all(_ZERO <= g.used <= g.days for g in held.grants)
    unused = held.unused()
    lapse_days = [day for day, _ in unused]
    assert lapse_days == sorted(set(lapse_days)), "a last usable day counted twice"
    for day, days in unused:
        assert days == sum((g.remaining for g in held.usable() if g.expires_on == day), _ZERO) > 0
    lapse = held.next_lapse()
    assert (lapse.on, lapse.days) == unused[0] if lapse is not None else unused == ()


def simulate(held: Holding, person: Person) -> dict[tuple[date, date], tuple[Decimal, Decimal, Decimal]]:
    """An oracle apart from bot/policy/ledger.py: a pool of the holding's grants (each with its days, usable
    from the day it arises to its last usable day); each year's undated opening amount spends from that
    year's grants, then each record, oldest first, from the grant expiring first among those usable on its
    day, then (leave taken in advance) from its calendar year's grants still to arise; what is unspent when
    a grant's last usable day has passed on the holding's day lapsed. Per (arises_on, expires_on): used,
    lapsed, remaining (grants arising and expiring together are one pool: which of them pays is a tie)."""
    grants = [(g.arises_on, g.expires_on, g.year) for g in held.grants]
    left = [g.days for g in held.grants]

    def spend(need: Decimal, usable: list[int]) -> Decimal:
        for i in sorted(usable, key=lambda i: (grants[i][1], grants[i][0])):
            take = min(left[i], need)
            left[i] -= take
            need -= take
        return need

    for row in person.inputs.stored:
        if row.opening_used:
            spend(row.opening_used, [i for i, g in enumerate(grants) if g[2] == row.year])
    for day, days in sorted(person.inputs.records, key=lambda r: r[0]):
        rest = spend(days, [i for i, (a, e, _) in enumerate(grants) if a <= day <= e])
        spend(rest, [i for i, (a, _, y) in enumerate(grants) if y == day.year and a > day])
    found: dict[tuple[date, date], tuple[Decimal, Decimal, Decimal]] = {}
    for i, g in enumerate(held.grants):
        lapsed = left[i] if g.expires_on < held.on else _ZERO
        used, was_lapsed, remaining = found.get((g.arises_on, g.expires_on), (_ZERO, _ZERO, _ZERO))
        found[(g.arises_on, g.expires_on)] = (
            used + g.days - left[i],
            was_lapsed + lapsed,
            remaining + left[i] - lapsed,
        )
    return found


def check_against_simulation(held: Holding, person: Person) -> None:
    stated: dict[tuple[date, date], tuple[Decimal, Decimal, Decimal]] = {}
    for g in held.grants:
        used, lapsed, remaining = stated.get((g.arises_on, g.expires_on), (_ZERO, _ZERO, _ZERO))
        stated[(g.arises_on, g.expires_on)] = (used + g.used, lapsed + g.lapsed, remaining + g.remaining)
    assert stated == simulate(held, person)


def check_surfaces(person: Person, mode: GrantsMode, day: date, held: Holding) -> None:
    rules = replace(person.rules, grants=mode)
    # get_leave_balance, for the day's year and one other it may be asked about (each costs a ledger), and
    # its text as the offline model reads it.
    years = range(day.year - YEARS_BACK, day.year + YEARS_AHEAD + 1)
    for year in (day.year, years[(day.toordinal() * 7 + len(held.grants)) % len(years)]):
        pending = person.pending.get(year)
        try:
            balance = balance_of(person.inputs, rules, day, year, pending)
        except NoRecordForYear:
            assert held.balance(year) is None
            continue
        found = held.year(year)
        assert found is not None
        assert (balance.granted, balance.used, balance.remaining) == (
            found.granted,
            found.used,
            found.remaining,
        )
        assert balance.expiring == (held.expiring(year) if mode == "computed" else ())
        assert figure_in(wire_text(data_of(balance, day))) == balance  # as the model reads it
    # get_leave_entitlement (the expiry and next-grant answers) and the Home card.
    employment = employment_from(person.inputs.employee)
    assert employment is not None
    ent = standing_of(held, employment, rules)
    assert ent.unused == held.unused()  # also where the Act gives no leave: HR's rows still lapse
    assert figure_in(wire_text(data_of(ent))) == ent
    if ent.act_only:
        assert mode == "imported" and ent.upcoming == held.act_next
        assert not any(g.arises_on > day for g in held.grants)
    if ent.unused:
        lapse_on, left = ent.unused[0]
        assert f"{format_days(left)}일은 {lapse_on}까지" in str(home_view([], [], day, True, ent))
    # The §61 notices due that day: unused days are what the holding leaves of the period's grants.
    for scheduled, unused in due_with_unused(held):
        period = set(scheduled.period.grants)
        assert unused == sum((g.remaining for g in held.grants if g.statutory in period), _ZERO) > 0


def check_cancel_restores(person: Person, mode: GrantsMode, day: date, rng: random.Random) -> None:
    """A request approved (its record written) and then cancelled (removed): the holding with it has
    exactly its days more used, and without it is the holding before."""
    before = _held(person, mode, day)
    hire = person.inputs.employee.hire_date
    assert hire is not None
    taken_on = max(hire, day) + timedelta(days=rng.randrange(120))
    days = Decimal(rng.choice((1, 2, 3))) / rng.choice((1, 2, 4))
    with_it = _held(person, mode, day, tuple(sorted((*person.inputs.records, (taken_on, days)))))
    used = sum((y.used for y in with_it.years.values()), _ZERO) - sum(
        (y.used for y in before.years.values()), _ZERO
    )
    assert used == days
    assert _held(person, mode, day) == before


def check_request_draw(person: Person, mode: GrantsMode, day: date, rng: random.Random) -> None:
    """A request's check (and its approval card) counts what approval will draw: against the pool oracle,
    the days no grant covers, and what is left before and after of the grants the request takes from."""
    held = _held(person, mode, day)
    start = day + timedelta(days=rng.randrange(1, 120))
    share = rng.choice((Decimal(1), Decimal("0.5")))
    requested = [(start + timedelta(days=k), share) for k in range(rng.choice((1, 2, 3)))]
    inputs = person.inputs
    rules = replace(person.rules, grants=mode)
    drawn = request_draw(
        inputs.stored, inputs.records, employment_from(inputs.employee), rules, (), requested
    )
    # The oracle: the simulation's pool (nothing lapses in a pool, it has no date) drawn by every record,
    # without and then with the request's days (an earlier day can move a later record to another grant).
    spans = [(g.arises_on, g.expires_on, g.year) for g in held.grants]

    def pool(records: list[tuple[date, Decimal]]) -> tuple[list[Decimal], Decimal]:
        left, short = [g.days for g in held.grants], _ZERO
        for row in inputs.stored:
            if row.opening_used:
                need = row.opening_used
                for i in sorted(
                    (i for i, g in enumerate(spans) if g[2] == row.year), key=lambda i: spans[i][1::-1]
                ):
                    take = min(left[i], need)
                    left[i], need = left[i] - take, need - take
        for on, days in sorted(records, key=lambda r: r[0]):
            need = days
            for usable in (
                [i for i, (a, e, _) in enumerate(spans) if a <= on <= e],
                [i for i, (a, _, y) in enumerate(spans) if y == on.year and a > on],
            ):
                for i in sorted(usable, key=lambda i: spans[i][1::-1]):
                    take = min(left[i], need)
                    left[i], need = left[i] - take, need - take
            short += need
        return left, short

    without, short_without = pool(list(inputs.records))
    with_it, short_with = pool([*inputs.records, *requested])
    assert drawn.short == short_with - short_without
    assert drawn.pending == _ZERO
    assert drawn.before - drawn.after == sum((days for _, days in requested), _ZERO)
    pools = {spans[i][:2] for i in range(len(spans)) if with_it[i] < without[i]}
    if pools:  # grants usable over the same days are one pool (which of them pays is a tie)
        assert drawn.before == sum((without[i] for i, g in enumerate(spans) if g[:2] in pools), _ZERO)
        assert drawn.after == sum((with_it[i] for i, g in enumerate(spans) if g[:2] in pools), _ZERO) - (
            drawn.short
        ), requested


@pytest.mark.parametrize("mode", GRANTS_MODES)
def test_every_surface_states_the_holding_for_generated_people(mode: GrantsMode):
    rng = random.Random(SEED)
    checked = 0
    for number, person in enumerate(population(SEED, PEOPLE, FIXED_DAYS[-1])):
        for day in days_for(rng, person):
            held = _held(person, mode, day)
            try:
                check_books(held, person.pending)
                check_against_simulation(held, person)
                check_surfaces(person, mode, day, held)
                if number % 5 == 0:
                    check_cancel_restores(person, mode, day, rng)
                if number % 5 == 1:
                    check_request_draw(person, mode, day, rng)
            except AssertionError as failed:
                raise AssertionError(
                    f"seed {SEED}, {person.inputs.employee.employee_id} on {day}: {failed}"
                ) from failed
            checked += 1
    assert checked > 2 * PEOPLE  # most people are asked about on several days
