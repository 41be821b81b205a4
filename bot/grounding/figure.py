"""A placeholder as the number check sees it: where it stands, how it renders, what it names; and a
problem found with it. Shared by rendering (named.py) and the clause agreement (agreement.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from bot.grounding.expressions import Argument

PLACEHOLDER = re.compile(r"\{([^{}\n]{1,300})\}")
# What each looked-up figure is, as the clause's kind words name it.
ROLE = {
    **dict.fromkeys(("remaining", "expiring", "unused_days"), "remaining"),
    **dict.fromkeys(("used", "taken", "record", "records"), "used"),
    **dict.fromkeys(("granted", "grant_days", "next_grant_days", "current_days"), "granted"),
    "pending": "pending",
}
# The figures that belong to a calendar year.
YEARLY = {"granted", "used", "remaining", "expiring", "taken", "records", "pending"}


@dataclass(frozen=True)
class Problem:
    figure: str  # the placeholder or the stray word, as written
    reason: str


@dataclass(frozen=True)
class Figure:
    start: int
    end: int
    shown: str | None  # as the person reads it; None when it did not evaluate
    roles: frozenset[str] = frozenset()
    years: frozenset[int] = frozenset()
    alone: str | None = None  # "question" / "statute": only the person's or the Act's number
    unit: str = ""  # "days" / "year": the unit a following word may repeat
    value: Decimal | None = None
    calls: tuple[tuple[str, tuple[Argument, ...], int], ...] = ()  # name, arguments, sign in the sum
    constants: tuple[str, ...] = ()
    day: date | None = None  # a date placeholder's day


def year_of(name: str, arguments: Sequence[Argument]) -> int:
    if name == "record":
        return int(str(arguments[0])[:4])
    return int(arguments[0])


def near(year: re.Match[str], today: date) -> bool:
    return abs(int(year.group(0)) - today.year) <= 5
