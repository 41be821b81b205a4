"""`officebot entitlement` through `main([...])`: the table, the JSON list, the comparison at exit, and bad
input as one line naming the option, exit 2. It needs no database and no settings."""

from __future__ import annotations

import json
from datetime import date

import pytest

from bot.cli import main


def test_the_table_lists_every_grant_with_why_and_expiry(capsys):
    assert main(["entitlement", "--hire-date", "2026-03-15", "--on", "2029-04-01"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split() == ["arises", "on", "amount", "kind", "expires", "on", "why"]
    assert lines[1].startswith("2026-04-15  1 d     monthly  2027-03-14  first year: month 1")
    assert "2027-03-15  15 d    annual   2028-03-14  year 1 of service completed" in out
    assert "2029-03-15  16 d    annual   2030-03-14" in out and "15 + (3 − 1) // 2 = 16" in out
    assert lines[-1] == "14 grant(s), 57 d in all."


def test_json_is_a_list_of_grants(capsys):
    argv = [
        "entitlement",
        "--hire-date",
        "2026-03-15",
        "--on",
        "2027-03-15",
        "--weekly-hours",
        "20",
        "--json",
    ]
    assert main(argv) == 0
    grants = json.loads(capsys.readouterr().out)
    assert len(grants) == 12
    assert grants[0] == {
        "arises_on": "2026-04-15",
        "days": 1,
        "kind": "monthly",
        "service_years": 0,
        "expires_on": "2027-03-14",
        "hours": 4,
    }
    assert grants[-1] == {
        "arises_on": "2027-03-15",
        "days": 15,
        "kind": "annual",
        "service_years": 1,
        "expires_on": "2028-03-14",
        "hours": 60,
    }


def test_json_for_a_full_timer_has_no_hours_and_prorated_days_as_numbers(capsys):
    argv = [
        "entitlement",
        "--hire-date",
        "2025-07-01",
        "--basis",
        "fiscal_year",
        "--on",
        "2026-01-01",
        "--json",
    ]
    assert main(argv) == 0
    grants = json.loads(capsys.readouterr().out)
    assert all("hours" not in g for g in grants)
    assert [g for g in grants if g["kind"] == "prorated"] == [
        {
            "arises_on": "2026-01-01",
            "days": 7.56,
            "kind": "prorated",
            "service_years": 0,
            "expires_on": "2026-12-31",
        }
    ]


def test_fiscal_basis_at_exit_reports_both_totals(capsys):
    argv = ["entitlement", "--hire-date", "2025-07-01", "--basis", "fiscal_year", "--end-date", "2028-12-31"]
    assert main([*argv, "--on", "2030-01-01"]) == 0
    out = capsys.readouterr().out
    assert (
        "At exit (2028-12-31): hire-date basis 57 days, fiscal-year basis 48.56 days, difference 8.44 days"
        in out
    )
    assert "15 × 184/365 = 7.5616 → 7.56 (exact)" in out


def test_nothing_under_15_hours_a_week(capsys):
    assert (
        main(["entitlement", "--hire-date", "2026-03-15", "--weekly-hours", "14", "--on", "2030-01-01"]) == 0
    )
    assert capsys.readouterr().out.startswith("No annual leave: under 15 hours a week (14): §18③")


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        ([], "--hire-date: required: give the hire date as YYYY-MM-DD, e.g. --hire-date 2026-03-15"),
        (["--hire-date", "2026-02-30"], "--hire-date: '2026-02-30' is not a date: use YYYY-MM-DD, e.g. 2026-03-15"),
        (["--hire-date", "2026-03-15", "--basis", "calendar"],
         "--basis: 'calendar' is not one of hire_date, fiscal_year"),
        (["--hire-date", "2026-03-15", "--fiscal-start", "1/1"],
         "--fiscal-start: '1/1' is not a month and day: use MM-DD, e.g. 01-01 or 03-01"),
        (["--hire-date", "2026-03-15", "--end-date", "2026-01-01"],
         "--end-date: the end date is before the hire date 2026-03-15"),
        (["--hire-date", "2026-03-15", "--weekly-hours", "50"],
         "--weekly-hours: give the weekly working hours, more than 0 and at most the full-time 40"),
        (["--hire-date", "2026-03-15", "--below-80", "two"],
         "--below-80: 'two' is not a list of years of service: give e.g. 2 or 2,5"),
        (["--hire-date", "2026-03-15", "--rounding", "down"], "--rounding: 'down' is not one of exact, half_up, whole"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_naming_the_option(capsys, argv, line):
    assert main(["entitlement", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"officebot entitlement: {line}\n"
    assert captured.out == ""


def test_a_hire_date_a_lifetime_away_is_taken_for_a_typo(capsys):
    assert main(["entitlement", "--hire-date", "1900-01-01"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(
        "officebot entitlement: --hire-date: 1900-01-01 is more than 60 years ago: check the year (from "
    )
    assert captured.err.count("\n") == 1 and captured.out == ""
    assert main(["entitlement", "--hire-date", "2099-01-01"]) == 2
    assert "2099-01-01 is more than 10 years ahead" in capsys.readouterr().err


def test_a_future_hire_lists_its_first_grants_without_blaming_an_on_never_given(capsys):
    hire = date(date.today().year + 4, 1, 1)
    assert main(["entitlement", "--hire-date", hire.isoformat()]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert captured.out.splitlines()[1].startswith(f"{hire.replace(month=2)}  1 d")  # a month's day
    assert captured.out.splitlines()[-1] == "13 grant(s), 41 d in all."  # 11 monthly, then two years' 15
