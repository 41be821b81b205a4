"""A placeholder as the number check sees it: where it stands, how it renders, what it names; and a
problem found with it. Shared by rendering (named.py) and the clause agreement (agreement.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TypeVar

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


# ----- where a placeholder stands: shared by the checks that read its clause or sentence --------------------
SENTENCE_END = re.compile(r"[.!?\n]")
# A balance alone, with no arithmetic: what is left now.
PLAIN_REMAINING = re.compile(r"\{\s*remaining\(\d{4}\)\s*\}")
_Said = TypeVar("_Said")


def masked(text: str) -> str:
    """`text` with each placeholder blanked to as many `#` (positions hold; no word inside one is read)."""
    return PLACEHOLDER.sub(lambda m: "#" * len(m.group(0)), text)


def boundaries(masked_text: str, end: re.Pattern[str]) -> list[int]:
    """Where each piece (a clause, a sentence: `end` says which) starts, and the text's length last."""
    return [0, *(m.end() for m in end.finditer(masked_text)), len(masked_text)]


def piece_of(bounds: Sequence[int], at: int) -> tuple[int, int]:
    """The piece of `boundaries` that position `at` stands in."""
    return max(b for b in bounds if b <= at), min(b for b in bounds if b > at)


def distance(figure: Figure, start: int, end: int) -> int:
    """How far a word at start–end stands from the placeholder (0: touching or inside)."""
    return start - figure.end if start >= figure.end else figure.start - end if end <= figure.start else 0


def bind_nearest(
    words: Sequence[tuple[re.Pattern[str], _Said]], clause: str, start: int, here: Sequence[Figure]
) -> dict[Figure, set[_Said]]:
    """Each word found in the clause (which starts at `start`), bound to the placeholder nearest it."""
    bound: dict[Figure, set[_Said]] = {f: set() for f in here}
    for pattern, meaning in words:
        for word in pattern.finditer(clause):
            nearest = min(here, key=lambda f: distance(f, start + word.start(), start + word.end()))
            bound[nearest].add(meaning)
    return bound
