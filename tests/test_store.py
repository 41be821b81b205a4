"""The JSON HR data: exact amounts, distinct failures, one-line errors for a malformed file."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from bot.hr.json_data import DataFileError, JsonHrData
from bot.hr.ports import NoRecordForYear, UnknownEmployee, format_days


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        ("7.5", "7.5"),
        ("7.50", "7.5"),
        ("15", "15"),
        ("10", "10"),
        ("0.25", "0.25"),
        ("0", "0"),
        ("-1.5", "-1.5"),
    ],
)
def test_format_days(amount, text):
    assert format_days(Decimal(amount)) == text


async def test_remaining_is_exact_decimal(hr):
    balance = await hr.get_balance("E1002", 2026)
    assert balance.remaining == Decimal("12.25")
    assert format_days(balance.remaining) == "12.25"


async def test_distinct_failures(hr):
    with pytest.raises(UnknownEmployee):
        await hr.get_balance("E0000", 2026)
    with pytest.raises(NoRecordForYear):
        await hr.get_balance("E1001", 2019)


async def test_email_lookup_is_case_insensitive(hr):
    employee = await hr.employee_by_email("yujin.choi@EXAMPLE.com")
    assert employee is not None and employee.employee_id == "E1004"


def write(tmp_path, payload) -> str:
    path = tmp_path / "hr.json"
    path.write_text(payload if isinstance(payload, str) else json.dumps(payload), encoding="utf-8")
    return str(path)


def employee(**overrides):
    base = {
        "employee_id": "E1",
        "name": "홍길동",
        "email": "gd@example.com",
        "annual_leave": {"2026": {"granted": 15, "used": 1}},
    }
    base.update(overrides)
    return base


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ("{not json", "not valid JSON (line 1"),
        ({"people": []}, 'top level: expected {"employees": [...]}'),
        ({"employees": [employee(employee_id="")]}, "employees[0]: employee_id must be"),
        (
            {"employees": [employee(), employee(email="x@example.com")]},
            "employees[1] (E1): duplicate employee_id",
        ),
        (
            {"employees": [employee(annual_leave={"26": {"granted": 1, "used": 0}})]},
            "must be a four-digit year",
        ),
        (
            {"employees": [employee(annual_leave={"2026": {"granted": -1, "used": 0}})]},
            "annual_leave['2026'].granted must be a number >= 0",
        ),
        (
            {"employees": [employee(annual_leave={"2026": {"granted": 15, "used": "2"}})]},
            "annual_leave['2026'].used must be a number >= 0",
        ),
        ({"employees": [employee(email="nobody")]}, "employees[0] (E1): email must be an email address"),
    ],
)
def test_malformed_file_fails_with_one_line_naming_file_and_entry(tmp_path, payload, message):
    path = write(tmp_path, payload)
    with pytest.raises(DataFileError) as info:
        JsonHrData.load(path)
    text = str(info.value)
    assert "\n" not in text
    assert text.startswith(path)
    assert message in text


def test_missing_file_names_the_variable(tmp_path):
    with pytest.raises(DataFileError, match="OFFICEBOT_DATA"):
        JsonHrData.load(tmp_path / "nope.json")
