"""Who is asking (`Caller`) and who may (`Employee`), and the surfaces a question arrives on."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Literal

Surface = Literal["terminal", "dm", "mention", "slash", "home"]


@dataclass(frozen=True)
class Caller:
    """Who is asking, and from which surface. Built only in `bot/hr/directory.py` from an authenticated
    identity and passed as an argument through the loop into the tools; the model never writes it."""

    employee_id: str
    name: str
    timezone: str | None = None
    slack_user_id: str | None = None
    surface: Surface = "terminal"


@dataclass(frozen=True)
class Employee:
    """A directory entry: enough to decide whether, and as whom, someone may ask."""

    employee_id: str
    name: str
    email: str
    slack_user_id: str | None = None
    hire_date: date | None = None
    active: bool = True
    # What the Act's leave depends on besides the hire date (bot/policy): the last day of employment,
    # weekly hours (None: full time) and the years of service with less than 80 % attendance.
    end_date: date | None = None
    weekly_hours: Decimal | None = None
    below_80: tuple[int, ...] = ()
    # Who approves their leave requests (docs/requests.md); None: the policy's HR approvers.
    manager_id: str | None = None
