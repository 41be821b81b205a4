"""The company's leave policy: the calculator's settings (`LeaveRules`) and the notices' switch and target,
as HR reads and writes them (`officebot policy show | set KEY=VALUE`). Pure: each key's meaning, the values
it takes, and its value read from and written as text (the same text the `leave_policy` table holds).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from bot.policy.grants import (
    BASES,
    FIRST_YEAR_MODES,
    FULL_TIME_WEEKLY_HOURS,
    GRANTS_MODES,
    ROUNDINGS,
    LeaveRules,
)

# A Slack channel (C…, G… for a private one) or user (U…, W…) id.
_SLACK_TARGET = re.compile(r"[CGUW][A-Z0-9]{2,31}")
_FISCAL_START = re.compile(r"([0-9]{2})-([0-9]{2})")
_HOURS = re.compile(r"[0-9]+(?:\.[0-9]{1,2})?")
_EMPLOYEE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # as the HR data's employee_id column takes it
_WHOLE_DAYS = re.compile(r"[0-9]{1,4}")
MOST_DAYS_AHEAD = 3660
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


@dataclass(frozen=True)
class CompanyPolicy:
    """What the rest of the code gets: the calculator's `rules`, and whether the §61 notices go out (and to
    which HR Slack channel or user a copy goes)."""

    rules: LeaveRules = field(default_factory=LeaveRules)
    notices: bool = False
    notice_target: str | None = None
    # Leave requests (docs/requests.md): who approves when a person has no manager in the HR data (employee
    # ids), whether quarter days (반반차) may be requested, and how far ahead a request may start.
    approvers: tuple[str, ...] = ()
    quarter_days: bool = False
    request_ahead_days: int = 365
    announce_channel: str | None = None  # where approved leave is announced ("부재 12/24 (오후)")
    digest_hour: int = 9  # the company's local hour from which the morning "오늘 부재" digest is posted
    # Roles and privacy (docs/slack.md#roles): who is HR in Slack (employee ids; a manager is whoever a
    # person's `manager_id` names), whether a leave's type is shown to anyone but the person themselves
    # (a manager's and HR's Home, the calendar feeds), and from how many of a manager's reports out on one
    # day an approval card warns (0: never).
    hr_admins: tuple[str, ...] = ()
    show_leave_type: bool = False
    max_out_per_day: int = 0


DEFAULT_POLICY = CompanyPolicy()


class BadPolicyValue(ValueError):
    """A value a key does not take; the message names the key and the values it takes."""


@dataclass(frozen=True)
class Setting:
    key: str
    allowed: str  # the values it takes, as a person reads them
    meaning: str
    read: Callable[[str], Any]  # text -> the value (raises ValueError with the reason)
    write: Callable[[Any], str]  # the value -> text
    get: Callable[[CompanyPolicy], Any]
    put: Callable[[CompanyPolicy, Any], CompanyPolicy]


def _choice(values: tuple[str, ...]) -> Callable[[str], str]:
    def read(text: str) -> str:
        if text not in values:
            raise ValueError(f"{text!r} is not allowed")
        return text

    return read


def _read_boolean(text: str) -> bool:
    if text.lower() in _TRUE:
        return True
    if text.lower() in _FALSE:
        return False
    raise ValueError(f"{text!r} is not allowed")


def _write_boolean(value: bool) -> str:
    return "true" if value else "false"


def _read_fiscal_start(text: str) -> tuple[int, int]:
    match = _FISCAL_START.fullmatch(text)
    if match is None:
        raise ValueError(f"{text!r} is not MM-DD")
    month, day = int(match.group(1)), int(match.group(2))
    if (month, day) == (2, 29):
        raise ValueError("02-29 is not in every year: use 02-28 or 03-01")
    try:
        date(2001, month, day)
    except ValueError:
        raise ValueError(f"{text!r} is not a day of the year") from None
    return month, day


def _read_hours(text: str) -> Decimal:
    if not _HOURS.fullmatch(text):
        raise ValueError(f"{text!r} is not a number of hours")
    try:
        hours = Decimal(text)
    except InvalidOperation:
        raise ValueError(f"{text!r} is not a number of hours") from None
    if not 0 < hours <= FULL_TIME_WEEKLY_HOURS:
        raise ValueError(f"{text} is not above 0 and at most {FULL_TIME_WEEKLY_HOURS}")
    return hours


def _read_target(text: str) -> str | None:
    if not text:
        return None
    if not _SLACK_TARGET.fullmatch(text):
        raise ValueError(f"{text!r} is not a Slack channel or user id")
    return text


def _read_channel(text: str) -> str | None:
    if not text:
        return None
    if not _SLACK_TARGET.fullmatch(text) or text[0] not in "CG":
        raise ValueError(f"{text!r} is not a Slack channel id")
    return text


def _read_approvers(text: str) -> tuple[str, ...]:
    ids = tuple(part.strip() for part in text.split(",") if part.strip())
    for employee_id in ids:
        if not _EMPLOYEE_ID.fullmatch(employee_id):
            raise ValueError(f"{employee_id!r} is not an employee id")
    if len(set(ids)) != len(ids):
        raise ValueError("an employee id is listed twice")
    return ids


def _read_days_ahead(text: str) -> int:
    if not _WHOLE_DAYS.fullmatch(text) or not 1 <= int(text) <= MOST_DAYS_AHEAD:
        raise ValueError(f"{text!r} is not a whole number of days from 1 to {MOST_DAYS_AHEAD}")
    return int(text)


def _read_hour(text: str) -> int:
    if not _WHOLE_DAYS.fullmatch(text) or not 0 <= int(text) <= 23:
        raise ValueError(f"{text!r} is not an hour from 0 to 23")
    return int(text)


def _read_most_out(text: str) -> int:
    if not _WHOLE_DAYS.fullmatch(text) or not 0 <= int(text) <= 999:
        raise ValueError(f"{text!r} is not a whole number from 0 (off) to 999")
    return int(text)


def _rules(name: str) -> Callable[[CompanyPolicy, Any], CompanyPolicy]:
    """Sets the LeaveRules field `name`."""
    return lambda policy, value: replace(policy, rules=replace(policy.rules, **{name: value}))


def _hours_text(hours: Decimal) -> str:
    return format(hours.normalize(), "f")


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "basis",
        "|".join(BASES),
        "when leave arises: each person's hire date (the Act), or everyone's fiscal year start",
        _choice(BASES),
        str,
        lambda p: p.rules.basis,
        _rules("basis"),
    ),
    Setting(
        "fiscal_start",
        "MM-DD, not 02-29",
        "the day the fiscal year starts (used on the fiscal_year basis)",
        _read_fiscal_start,
        lambda start: f"{start[0]:02}-{start[1]:02}",
        lambda p: p.rules.fiscal_start,
        _rules("fiscal_start"),
    ),
    Setting(
        "rounding",
        "|".join(ROUNDINGS),
        "the first partial fiscal year's prorated days: exact (2 decimals), half_up (up to the next 0.5), "
        "whole (up to a whole day)",
        _choice(ROUNDINGS),
        str,
        lambda p: p.rules.rounding,
        _rules("rounding"),
    ),
    Setting(
        "first_year",
        "|".join(FIRST_YEAR_MODES),
        "the first year's days: monthly (one per month completed, the Act) or up_front (all 11 on the "
        "hire date)",
        _choice(FIRST_YEAR_MODES),
        str,
        lambda p: p.rules.first_year,
        _rules("first_year"),
    ),
    Setting(
        "full_time_weekly_hours",
        f"hours above 0, at most {FULL_TIME_WEEKLY_HOURS} (§50)",
        "a full-timer's weekly hours; a part-timer's leave is in proportion to them",
        _read_hours,
        _hours_text,
        lambda p: p.rules.full_time_weekly_hours,
        _rules("full_time_weekly_hours"),
    ),
    Setting(
        "under_five_employees",
        "true|false",
        "the workplace has fewer than 5 employees: the Act's annual leave rules do not apply (§11)",
        _read_boolean,
        _write_boolean,
        lambda p: p.rules.under_five_employees,
        _rules("under_five_employees"),
    ),
    Setting(
        "grants",
        "|".join(GRANTS_MODES),
        "where a balance's grants come from: imported (HR's rows per calendar year, usable to Dec 31) or "
        "computed (the Act's grants on the basis above, HR's row winning for its year; leave taken from the "
        "grant that expires first)",
        _choice(GRANTS_MODES),
        str,
        lambda p: p.rules.grants,
        _rules("grants"),
    ),
    Setting(
        "notices",
        "true|false",
        "send the leave notices (§61 use-your-leave reminders); off until HR turns them on",
        _read_boolean,
        _write_boolean,
        lambda p: p.notices,
        lambda policy, value: replace(policy, notices=value),
    ),
    Setting(
        "notice_target",
        "a Slack channel or user id (C…, G…, U…, W…), or empty for none",
        "where HR gets a copy of the notices",
        _read_target,
        lambda value: value or "",
        lambda p: p.notice_target,
        lambda policy, value: replace(policy, notice_target=value),
    ),
    Setting(
        "approvers",
        "employee ids separated by commas, or empty for none",
        "who approves leave requests of a person with no manager in the HR data",
        _read_approvers,
        ",".join,
        lambda p: p.approvers,
        lambda policy, value: replace(policy, approvers=value),
    ),
    Setting(
        "quarter_days",
        "true|false",
        "quarter days (반반차, 0.25) may be requested",
        _read_boolean,
        _write_boolean,
        lambda p: p.quarter_days,
        lambda policy, value: replace(policy, quarter_days=value),
    ),
    Setting(
        "request_ahead_days",
        f"whole days from 1 to {MOST_DAYS_AHEAD}",
        "how far ahead of today a leave request may start",
        _read_days_ahead,
        str,
        lambda p: p.request_ahead_days,
        lambda policy, value: replace(policy, request_ahead_days=value),
    ),
    Setting(
        "announce_channel",
        "a Slack channel id (C…, G…), or empty for none",
        "where approved leave is announced as '김민수 부재 12/24 (오후)', without its type or reason",
        _read_channel,
        lambda value: value or "",
        lambda p: p.announce_channel,
        lambda policy, value: replace(policy, announce_channel=value),
    ),
    Setting(
        "digest_hour",
        "a whole hour from 0 to 23",
        "from which hour (the company's time zone) of a working day the announcement channel gets the "
        "'오늘 부재' digest of who is off",
        _read_hour,
        str,
        lambda p: p.digest_hour,
        lambda policy, value: replace(policy, digest_hour=value),
    ),
    Setting(
        "hr_admins",
        "employee ids separated by commas, or empty for none",
        "who is HR in Slack: the HR Home tab (every pending request, who is out, lapsing leave, notices, "
        "imports) and the company-wide calendar feed; each must be an active employee",
        _read_approvers,
        ",".join,
        lambda p: p.hr_admins,
        lambda policy, value: replace(policy, hr_admins=value),
    ),
    Setting(
        "show_leave_type",
        "true|false",
        "a leave's type (sick, annual, …) is shown to managers and HR and in the calendar feeds; off: only "
        "who is out and which part of the day",
        _read_boolean,
        _write_boolean,
        lambda p: p.show_leave_type,
        lambda policy, value: replace(policy, show_leave_type=value),
    ),
    Setting(
        "max_out_per_day",
        "a whole number from 0 (off) to 999",
        "an approval card warns when approving would leave more than this many of the manager's reports "
        "out on one of its days",
        _read_most_out,
        str,
        lambda p: p.max_out_per_day,
        lambda policy, value: replace(policy, max_out_per_day=value),
    ),
)
SETTING = {setting.key: setting for setting in SETTINGS}


def as_text(policy: CompanyPolicy) -> dict[str, str]:
    """Every key's value as text, in the order of SETTINGS."""
    return {setting.key: setting.write(setting.get(policy)) for setting in SETTINGS}


def from_text(values: dict[str, str]) -> CompanyPolicy:
    """A policy from every key's text (as stored); a key missing keeps its default. Raises BadPolicyValue."""
    policy, problems = with_changes(DEFAULT_POLICY, values.items())
    if problems:
        raise BadPolicyValue("; ".join(problems))
    return policy


def with_changes(
    policy: CompanyPolicy, changes: Iterable[tuple[str, str]]
) -> tuple[CompanyPolicy, list[str]]:
    """`policy` with each (key, text) applied, and one line per bad one (naming the key and what it takes)."""
    problems: list[str] = []
    seen: set[str] = set()
    for key, text in changes:
        setting = SETTING.get(key)
        if setting is None:
            problems.append(f"{key}: unknown key (the keys: {', '.join(SETTING)})")
            continue
        if key in seen:
            problems.append(f"{key}: given twice")
            continue
        seen.add(key)
        try:
            value = setting.read(text.strip())
        except ValueError as bad:
            problems.append(f"{key}: {bad}; allowed: {setting.allowed}")
            continue
        policy = setting.put(policy, value)
    return policy, problems
