"""The HR files' schema and value rules, shared by import and export: the CSV columns, and how each
value is written as text (a CSV cell, a JSON string) and read back.

Each `read_*` takes the text of one value, already stripped, and returns it as the database holds it,
or raises `BadValue` whose message is the reason shown after `column:` in an import's problem. The
busiest ones are cached: a large file repeats the same dates and amounts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from functools import lru_cache

# The CSV files, told apart by their header. The exporter writes these columns in this order.
EMPLOYEE_COLUMNS = (
    *("employee_id", "name", "email", "slack_user_id", "hire_date"),  # required
    *("active", "end_date", "weekly_hours", "below_80", "manager_id"),  # optional: older files lack them
)
EMPLOYEE_REQUIRED = 5
GRANT_COLUMNS = ("employee_id", "year", "granted", "opening_used", "allow_negative")
LEAVE_COLUMNS = ("employee_id", "date", "days", "type", "note")

FIRST_YEAR, LAST_YEAR = 2000, 2100
MOST_DAYS = Decimal(366)
QUARTER_DAY = Decimal("0.25")

EMPLOYEE_ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")
_SLACK_USER_ID = re.compile(r"[A-Z0-9]{1,32}")
_LEAVE_TYPE = re.compile(r"[a-z][a-z_]{0,31}")
# ASCII digits spelled out: \d and int()/Decimal() would also take full-width '２０２６'.
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_YEAR = re.compile(r"[0-9]{4}")
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_BOOLEANS = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}


class BadValue(ValueError):
    """A value is unusable; the message is the reason, as shown after `column:`."""


def quoted(text: str) -> str:
    """`text` as a problem shows it: in double quotes, escaped as in JSON."""
    return json.dumps(text, ensure_ascii=False)


def _not_written_as(text: str, expected: str) -> BadValue:
    if not text.isascii() and any(character.isdigit() for character in text):
        return BadValue(f"{quoted(text)} has full-width or other non-ASCII digits: write {expected} with 0-9")
    return BadValue(f"{quoted(text)} is not {expected}")


# --- Employees -------------------------------------------------------------------------------------------


def read_employee_id(text: str) -> str:
    if not EMPLOYEE_ID_PATTERN.fullmatch(text):
        raise BadValue(f"{quoted(text)} is not 1-32 letters, digits, '-' or '_'")
    return text


def read_name(text: str) -> str:
    if not text:
        raise BadValue("must not be empty")
    return text


def read_email(text: str) -> str:
    if "@" not in text:
        raise BadValue(f"{quoted(text)} is not an email address")
    return text


def read_manager_id(text: str) -> str | None:
    """Empty: no manager (the policy's HR approvers approve this person's leave)."""
    return read_employee_id(text) if text else None


def read_slack_user_id(text: str) -> str | None:
    if text and not _SLACK_USER_ID.fullmatch(text):
        raise BadValue(f"{quoted(text)} is not a Slack user id (capital letters and digits, like U0123ABCD)")
    return text or None


# --- Dates and years -------------------------------------------------------------------------------------


@lru_cache(maxsize=65_536)
def read_date(text: str) -> date:
    if not _DATE.fullmatch(text):
        raise _not_written_as(text, "a date YYYY-MM-DD")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise BadValue(f"{quoted(text)} is not a real date") from None


def read_optional_date(text: str) -> date | None:
    return read_date(text) if text else None


def _in_years(year: int) -> int:
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise BadValue(f"{year} is outside the years {FIRST_YEAR}-{LAST_YEAR}")
    return year


@lru_cache(maxsize=65_536)
def read_leave_date(text: str) -> date:
    taken_on = read_date(text)
    _in_years(taken_on.year)
    return taken_on


@lru_cache(maxsize=1_024)
def read_year(text: str) -> int:
    if not _YEAR.fullmatch(text):
        raise _not_written_as(text, "a year YYYY")
    return _in_years(int(text))


# --- Day amounts -----------------------------------------------------------------------------------------


def is_valid_days(days: Decimal) -> bool:
    """Leave taken comes in quarter days: more than 0, at most a (leap) year's worth."""
    return 0 < days <= MOST_DAYS and days % QUARTER_DAY == 0


def checked_days(days: Decimal) -> Decimal:
    if not is_valid_days(days):
        raise BadValue(f"{days} is not a positive multiple of 0.25 up to 366")
    return days


def checked_amount(amount: Decimal) -> Decimal:
    # Granted and opening amounts are kept to the cent the column holds (NUMERIC(7, 2)).
    if not (0 <= amount <= MOST_DAYS and (amount * 100) % 1 == 0):
        raise BadValue(f"{amount} is not a number from 0 to 366 with at most 2 decimals")
    return amount


@lru_cache(maxsize=4_096)
def read_days(text: str) -> Decimal:
    if not _NUMBER.fullmatch(text):
        raise _not_written_as(text, "a number of days like 1, 0.5 or 0.25")
    return checked_days(Decimal(text))


@lru_cache(maxsize=4_096)
def read_amount(text: str) -> Decimal:
    if not _NUMBER.fullmatch(text):
        raise _not_written_as(text, "a number from 0 to 366")
    return checked_amount(Decimal(text))


# --- Employment: weekly hours, years under 80 % attendance ------------------------------------------------

MOST_WEEKLY_HOURS = Decimal(168)  # the hours of a week
LAST_SERVICE_YEAR = 100
_YEARS_LIST = re.compile(r"[0-9]+(?:\s*,\s*[0-9]+)*")


def checked_weekly_hours(hours: Decimal) -> Decimal:
    if not (0 < hours <= MOST_WEEKLY_HOURS and (hours * 100) % 1 == 0):
        raise BadValue(f"{hours} is not a number of hours above 0 and up to 168, with at most 2 decimals")
    return hours


def read_weekly_hours(text: str) -> Decimal | None:
    """Empty: full time."""
    if not text:
        return None
    if not _NUMBER.fullmatch(text):
        raise _not_written_as(text, "a number of hours like 40 or 20")
    return checked_weekly_hours(Decimal(text))


def checked_service_years(years: list[int]) -> list[int] | None:
    """Years of service (0 = the first partial fiscal year, 1 = the first year): sorted, each once."""
    for year in years:
        if not 0 <= year <= LAST_SERVICE_YEAR:
            raise BadValue(f"{year} is not a year of service from 0 to {LAST_SERVICE_YEAR}")
    if len(set(years)) != len(years):
        raise BadValue(f"{format_service_years(years)} names a year twice")
    return sorted(years) or None


def read_service_years(text: str) -> list[int] | None:
    """`2,5` (a CSV cell); empty: none."""
    if not text:
        return None
    if not _YEARS_LIST.fullmatch(text):
        raise _not_written_as(text, "years of service like 2 or 2,5")
    return checked_service_years([int(part) for part in text.split(",")])


def format_service_years(years: list[int] | None) -> str:
    return ",".join(str(year) for year in years or ())


# --- Leave types and booleans ----------------------------------------------------------------------------


@lru_cache(maxsize=1_024)
def read_leave_type(text: str) -> str:
    if not _LEAVE_TYPE.fullmatch(text):
        raise BadValue(f"{quoted(text)} is not a lowercase word (a-z and _) like annual or sick")
    return text


def _boolean(default: bool) -> Callable[[str], bool]:
    def read(text: str) -> bool:
        if not text:
            return default
        value = _BOOLEANS.get(text.lower())
        if value is None:
            raise BadValue(f"{quoted(text)} is not true/false (or 1/0, yes/no)")
        return value

    return read


read_true_unless_said, read_false_unless_said = _boolean(True), _boolean(False)


def format_boolean(value: bool) -> str:
    """A boolean as the exporter writes it (and the importer reads it)."""
    return "true" if value else "false"
