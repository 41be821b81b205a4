"""The statutory leave calculator (bot/policy/entitlement.py), on worked examples with known answers (the
sources in docs/policy.md), and a sweep over many hire dates for what must hold for everyone."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest

from bot.policy.entitlement import annual_days, entitlement, exit_comparison, why_none
from bot.policy.grants import Employment, EntitlementInputError, LeaveRules, StatutoryGrant
from bot.policy.periods import after

D = date.fromisoformat
HIRE_DATE = LeaveRules()
FISCAL = LeaveRules(basis="fiscal_year")


def _grants(hire: str, on: str, rules: LeaveRules = HIRE_DATE, **employment: object) -> list[StatutoryGrant]:
    return entitlement(Employment(hire_date=D(hire), **employment), rules, D(on))  # type: ignore[arg-type]


def _by_kind(grants: list[StatutoryGrant], kind: str) -> list[tuple[str, Decimal, str]]:
    return [(g.arises_on.isoformat(), g.days, g.expires_on.isoformat()) for g in grants if g.kind == kind]


def _total(grants: list[StatutoryGrant]) -> Decimal:
    return sum((g.days for g in grants), Decimal(0))


@pytest.mark.parametrize(
    ("years", "days"),
    [(1, 15), (2, 15), (3, 16), (4, 16), (5, 17), (10, 19), (11, 20), (19, 24), (20, 24), (21, 25), (22, 25), (40, 25)],
)  # fmt: skip
def test_annual_days_by_completed_years(years, days):
    assert annual_days(years) == days


def test_hire_date_basis_worked_example():
    grants = _grants("2026-03-15", "2029-04-01")
    monthly = _by_kind(grants, "monthly")
    assert [m[0] for m in monthly] == [
        "2026-04-15", "2026-05-15", "2026-06-15", "2026-07-15", "2026-08-15", "2026-09-15",
        "2026-10-15", "2026-11-15", "2026-12-15", "2027-01-15", "2027-02-15",
    ]  # fmt: skip
    assert {m[1] for m in monthly} == {Decimal(1)}
    assert {m[2] for m in monthly} == {"2027-03-14"}  # the last day of the first year of service
    assert _by_kind(grants, "annual") == [
        ("2027-03-15", Decimal(15), "2028-03-14"),
        ("2028-03-15", Decimal(15), "2029-03-14"),
        ("2029-03-15", Decimal(16), "2030-03-14"),
    ]
    assert [g.service_years for g in grants if g.kind == "annual"] == [1, 2, 3]
    assert _total(grants) == 57  # 11 + 15 (the first year's days are not deducted since 2018) + 15 + 16


@pytest.mark.parametrize(
    ("hire", "first_months", "first_year_ends", "first_anniversary"),
    [
        # The 31st: a month without it ends on its last day, so the day arises on the 1st of the next.
        ("2026-01-31", ["2026-03-01", "2026-03-31", "2026-05-01", "2026-05-31", "2026-07-01", "2026-07-31",
                        "2026-08-31", "2026-10-01", "2026-10-31", "2026-12-01", "2026-12-31"],
         "2027-01-30", "2027-01-31"),
        ("2026-01-30", ["2026-03-01", "2026-03-30"], "2027-01-29", "2027-01-30"),
        ("2026-01-29", ["2026-03-01", "2026-03-29"], "2027-01-28", "2027-01-29"),
        ("2028-01-29", ["2028-02-29", "2028-03-29"], "2029-01-28", "2029-01-29"),  # a leap February has the 29th
        ("2026-03-31", ["2026-05-01", "2026-05-31"], "2027-03-30", "2027-03-31"),
        # Hired on February 29: the first year ends on 2025-02-28 (no 29th), the right arises on March 1.
        ("2024-02-29", ["2024-03-29", "2024-04-29"], "2025-02-28", "2025-03-01"),
    ],
)  # fmt: skip
def test_hires_late_in_the_month(hire, first_months, first_year_ends, first_anniversary):
    grants = _grants(hire, "2030-01-01")
    monthly = _by_kind(grants, "monthly")
    assert [m[0] for m in monthly[: len(first_months)]] == first_months
    assert len(monthly) == 11
    assert {m[2] for m in monthly} == {first_year_ends}
    assert _by_kind(grants, "annual")[0][0] == first_anniversary


def test_a_leap_day_hire_over_the_years():
    annual = _by_kind(_grants("2024-02-29", "2029-12-31"), "annual")
    assert annual == [
        ("2025-03-01", Decimal(15), "2026-02-28"),
        ("2026-03-01", Decimal(15), "2027-02-28"),
        ("2027-03-01", Decimal(16), "2028-02-28"),
        ("2028-02-29", Decimal(16), "2029-02-28"),  # 2028 has a February 29
        ("2029-03-01", Decimal(17), "2030-02-28"),
    ]
    assert _by_kind(_grants("2024-02-29", "2025-01-29"), "monthly")[-1][0] == "2025-01-29"  # the 11th


@pytest.mark.parametrize(
    ("end", "total", "annual"),
    [
        ("2027-03-14", 11, 0),  # the anniversary's eve: exactly one year (365 days) worked, no 15
        ("2027-03-15", 26, 1),  # employed on the 366th day: the 15 arises (대법원 2021다227100)
        ("2029-03-14", 41, 2),  # three years to the day: the 16 of year 3 never arises
        ("2029-03-15", 57, 3),
        ("2028-09-30", 41, 2),  # leaving mid-year: what arose so far
        ("2026-04-14", 0, 0),  # one month to the day: the first monthly day arises the next day
        ("2026-04-15", 1, 0),
    ],
)
def test_the_366th_day_rule(end, total, annual):
    grants = _grants("2026-03-15", "2035-01-01", end_date=D(end))
    assert _total(grants) == total
    assert len(_by_kind(grants, "annual")) == annual
    assert all(g.arises_on <= D(end) for g in grants)


@pytest.mark.parametrize(
    ("weekly", "monthly_hours", "annual_hours"),
    [
        ("20", 4, 60),  # 15 × 20/40 × 8 = 60
        ("15", 3, 45),  # the lowest weekly hours the Act's leave applies to
        ("17.5", 4, 53),  # 1 × 0.4375 × 8 = 3.5 → 4; 15 × 0.4375 × 8 = 52.5 → 53 (rounded up)
        ("32", 7, 96),  # 6.4 → 7
    ],
)
def test_part_time_hours(weekly, monthly_hours, annual_hours):
    grants = _grants("2026-03-15", "2027-03-15", weekly_hours=Decimal(weekly))
    assert {g.hours for g in grants if g.kind == "monthly"} == {monthly_hours}
    assert [g.hours for g in grants if g.kind == "annual"] == [annual_hours]
    assert [g.days for g in grants if g.kind == "annual"] == [15]  # the full-timer's days it came from


def test_part_time_against_a_company_full_time_week():
    rules = LeaveRules(full_time_weekly_hours=Decimal(36))
    grants = _grants("2026-03-15", "2027-03-15", rules, weekly_hours=Decimal(24))
    assert [g.hours for g in grants if g.kind == "annual"] == [80]  # 15 × 24/36 × 8, exactly (no 81)


def test_under_15_hours_a_week_and_under_5_employees_get_nothing():
    assert _grants("2026-03-15", "2030-01-01", weekly_hours=Decimal(14)) == []
    assert "§18③" in (why_none(Employment(D("2026-03-15"), weekly_hours=Decimal(14)), HIRE_DATE) or "")
    small = LeaveRules(under_five_employees=True)
    assert _grants("2026-03-15", "2030-01-01", small) == []
    assert "fewer than 5" in (why_none(Employment(D("2026-03-15")), small) or "")
    assert why_none(Employment(D("2026-03-15")), HIRE_DATE) is None


def test_a_year_below_80_percent_gets_monthly_days_instead():
    grants = _grants("2026-03-15", "2029-04-01", below_80=frozenset({2}))
    annual = _by_kind(grants, "annual")
    assert [a[0] for a in annual] == ["2027-03-15", "2029-03-15"]  # no 15 for year 2
    assert annual[1][1] == 16  # year 2 still counts as a year of service
    year_two = [g for g in grants if g.kind == "monthly" and g.service_years == 1]
    assert len(year_two) == 11
    assert (year_two[0].arises_on, year_two[0].expires_on) == (D("2027-04-15"), D("2028-04-14"))
    assert year_two[-1].arises_on == D("2028-02-15")
    first = _grants("2026-03-15", "2028-01-01", below_80=frozenset({1}))
    assert _by_kind(first, "annual") == [] and len(first) == 11  # the first year's monthly days only


def test_up_front_first_year():
    grants = _grants("2026-03-15", "2027-03-15", LeaveRules(first_year="up_front"))
    assert _by_kind(grants, "monthly") == [("2026-03-15", Decimal(11), "2027-03-14")]
    assert _by_kind(grants, "annual") == [("2027-03-15", Decimal(15), "2028-03-14")]


@pytest.mark.parametrize(
    ("hire", "rounding", "days"),
    [
        ("2018-02-09", "exact", "13.40"),  # 15 × 326/365 = 13.397…
        ("2018-02-09", "half_up", "13.5"),
        ("2018-02-09", "whole", "14"),
        ("2018-06-01", "exact", "8.79"),  # 15 × 214/365 = 8.794…
        ("2018-06-01", "half_up", "9.0"),
        ("2025-07-01", "exact", "7.56"),  # 15 × 184/365 = 7.561…
        ("2025-07-01", "half_up", "8.0"),
        ("2023-10-01", "exact", "3.78"),  # 15 × 92/365
        ("2024-07-01", "exact", "7.54"),  # 15 × 184/366: 2024 is a leap year
        ("2018-12-31", "whole", "1"),  # 15 × 1/365
    ],
)
def test_fiscal_year_proration(hire, rounding, days):
    grants = _grants(hire, f"{int(hire[:4]) + 1}-01-01", LeaveRules(basis="fiscal_year", rounding=rounding))
    prorated = [g for g in grants if g.kind == "prorated"]
    assert len(prorated) == 1
    assert prorated[0].arises_on == D(f"{int(hire[:4]) + 1}-01-01")
    assert prorated[0].expires_on == D(f"{int(hire[:4]) + 1}-12-31")
    assert prorated[0].days == Decimal(days)


def test_fiscal_year_basis_over_the_years():
    grants = _grants("2023-05-10", "2028-01-01", FISCAL)
    assert len(_by_kind(grants, "monthly")) == 11  # the first year's monthly days, as the law requires
    assert _by_kind(grants, "monthly")[0][2] == "2024-05-09"
    # The partial year 2023 is prorated on 2024-01-01; the full fiscal years of service count from there.
    assert _by_kind(grants, "annual") == [
        ("2025-01-01", Decimal(15), "2025-12-31"),
        ("2026-01-01", Decimal(15), "2026-12-31"),
        ("2027-01-01", Decimal(16), "2027-12-31"),
        ("2028-01-01", Decimal(16), "2028-12-31"),
    ]


def test_fiscal_year_with_another_start_and_a_hire_on_it():
    april = LeaveRules(basis="fiscal_year", fiscal_start=(4, 1))
    grants = _grants("2026-01-01", "2027-04-01", april)
    assert _by_kind(grants, "prorated") == [("2026-04-01", Decimal("3.70"), "2027-03-31")]  # 15 × 90/365
    assert _by_kind(grants, "annual") == [("2027-04-01", Decimal(15), "2028-03-31")]
    on_start = _grants("2026-04-01", "2028-04-01", april)
    assert _by_kind(on_start, "prorated") == []
    assert _by_kind(on_start, "annual") == _by_kind(_grants("2026-04-01", "2028-04-01"), "annual")


def test_fiscal_year_below_80_percent():
    grants = _grants("2023-05-10", "2026-01-01", FISCAL, below_80=frozenset({0, 2}))
    assert _by_kind(grants, "prorated") == []
    assert [a[0] for a in _by_kind(grants, "annual")] == ["2025-01-01"]
    fiscal_two = [g for g in grants if g.kind == "monthly" and g.service_years == 1]
    assert [g.arises_on for g in fiscal_two][:2] == [D("2025-02-01"), D("2025-03-01")]


def test_exit_comparison_between_the_bases():
    employment = Employment(D("2025-07-01"), end_date=D("2028-12-31"))
    compared = exit_comparison(employment, FISCAL)
    assert compared.unit == "days"
    assert compared.hire_date_basis == 57  # 11 + 15 + 15 + 16
    assert compared.fiscal_year_basis == Decimal("48.56")  # 11 + 7.56 + 15 + 15
    assert compared.difference == Decimal("8.44")
    part_time = exit_comparison(Employment(D("2025-07-01"), D("2028-12-31"), Decimal(20)), FISCAL)
    # 11 × 4 h + 60 + 60 + 64 against 11 × 4 h + ⌈7.56 × 20/40 × 8⌉ = 31 + 60 + 60
    assert (part_time.unit, part_time.hire_date_basis, part_time.fiscal_year_basis) == ("hours", 228, 195)
    with pytest.raises(EntitlementInputError):
        exit_comparison(Employment(D("2025-07-01")), FISCAL)


@pytest.mark.parametrize(
    ("employment", "rules", "on", "field"),
    [
        (Employment(D("2026-03-15"), end_date=D("2026-03-14")), HIRE_DATE, "2027-01-01", "end_date"),
        (Employment(D("2026-03-15")), HIRE_DATE, "2026-03-14", "on"),
        (Employment(D("2026-03-15"), weekly_hours=Decimal(41)), HIRE_DATE, "2027-01-01", "weekly_hours"),
        (Employment(D("2026-03-15"), below_80=frozenset({0})), HIRE_DATE, "2027-01-01", "below_80"),
        (Employment(D("2026-03-15")), LeaveRules(basis="fiscal_year", fiscal_start=(2, 29)), "2027-01-01",
         "fiscal_start"),
        (Employment(D("2026-03-15")), LeaveRules(fiscal_start=(13, 1)), "2027-01-01", "fiscal_start"),
    ],
)  # fmt: skip
def test_bad_input_names_the_field(employment, rules, on, field):
    with pytest.raises(EntitlementInputError) as raised:
        entitlement(employment, rules, D(on))
    assert raised.value.field == field


def test_month_arithmetic():
    assert after(D("2026-03-15"), 12) == D("2027-03-15")
    assert after(D("2026-12-31"), 2) == D("2027-03-01")  # February has no 31st: it ended on the 28th
    assert after(D("2026-11-30"), 3) == D("2027-03-01")


def _sweep_cases():
    day = D("2019-01-01")
    while day <= D("2028-12-31"):
        yield day
        day += timedelta(days=5)


def test_sweep_over_hire_dates():
    """For every hire date swept (every 5th day over ten years, leap years included) on both bases, with and
    without a year under 80 %: no annual grant above 25, at most 11 monthly days in the first year, every
    grant expires after it arises, and nothing arises after `on`."""
    checked = 0
    for number, hire in enumerate(_sweep_cases()):
        for rules in (
            HIRE_DATE,
            FISCAL,
            LeaveRules(basis="fiscal_year", fiscal_start=(3, 1), rounding="whole"),
        ):
            below = frozenset({1 + number % 5}) if number % 3 == 0 else frozenset()
            on = hire + timedelta(days=366 * 30)
            grants = entitlement(Employment(hire, below_80=below), rules, on)
            assert all(g.arises_on <= on for g in grants)
            assert all(g.expires_on > g.arises_on for g in grants), hire
            assert all(g.days <= 25 for g in grants if g.kind in ("annual", "prorated")), hire
            first_year = [g for g in grants if g.kind == "monthly" and g.arises_on < after(hire, 12)]
            assert len(first_year) <= 11, hire
            assert all(g.arises_on > hire for g in first_year), hire
            assert max(g.days for g in grants if g.kind == "annual") == 25
            checked += 1
    assert checked > 2000
