"""How many half days a question counts ("반차 3번", "반차를 두 번", "세 번 반차", "2 half days"), and the
several amounts a what-if may list together ("반차 두 번 쓰고 반반차 한 번", "3 days and a half day"). Words
of amounts, so in bot/language; two readers ask them: the what-if reading (bot/llm/reading.py) and the
coverage check (bot/llm/coverage.py: an amount it read is not an unread number).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from bot.language.dates import blank_dates
from bot.language.number_tokens import ATTRIBUTIVE_UNITS
from bot.language.numbers import COUNT, number

# A count of half days: "반차 3번", "반차를 두 번", "세 번 반차", "2 half days", "two half-days".
_KO_COUNTS = {**ATTRIBUTIVE_UNITS, "열": 10}  # a native numeral before 번: 한 번 … 열 번
_KO_COUNT = "|".join(sorted(_KO_COUNTS, key=len, reverse=True))
HALF_TIMES = re.compile(
    rf"(?<!반)반차\s*(?:를|을)?\s*(?P<a>\d{{1,2}}|{_KO_COUNT})\s*(?:번|회|개)|"
    rf"(?P<b>\d{{1,2}}|{_KO_COUNT})\s*(?:번|회)\s*(?:의\s*)?(?:오전\s*|오후\s*)?(?<!반)반차|"
    rf"\b(?P<c>{COUNT})\s+(?:more\s+)?half[-\s]days\b",
    re.I,
)


# The other amounts a what-if may list beside half days ("반차 두 번 쓰고 반반차 한 번", "3 days and a half
# day"): quarter days counted, one half or quarter day, whole days in digits.
_QUARTER_TIMES = re.compile(
    rf"반반차\s*(?:를|을)?\s*(?P<a>\d{{1,2}}|{_KO_COUNT})\s*(?:번|회|개)|"
    rf"(?P<b>\d{{1,2}}|{_KO_COUNT})\s*(?:번|회)\s*(?:의\s*)?반반차|"
    rf"\b(?P<c>{COUNT})\s+(?:more\s+)?quarter[-\s]days\b",
    re.I,
)
_ONE_PART = re.compile(r"\b(?:a|one)\s+(?P<part>half|quarter)[-\s]day\b", re.I)
# whole days in English only: "28일" is as often the 28th as 28 days
_WHOLE_DAYS = re.compile(r"(?<![\d.])(?P<n>\d{1,2})\s*days?\b(?!\s*(?:left|remain))", re.I)
# Every amount, found in order; blanked as found so "반반차" is not also read as "반차".
AMOUNTS = (_QUARTER_TIMES, HALF_TIMES, _ONE_PART, _WHOLE_DAYS)


@dataclass(frozen=True)
class Listed:
    """Several amounts a what-if takes together: their sum as q() terms, its value, and where each was read."""

    amount: str  # "q(2) * 0.5 + q(1) * 0.25"
    days: Decimal
    read: tuple[tuple[int, int], ...]


def amounts_listed(question: str) -> Listed | None:
    """The amounts a what-if lists ("반차 두 번 쓰고 반반차 한 번", "3 days and a half day"), read over the
    question with its dates blanked ("12월 24일" is no amount); None for fewer than two (one is read as
    before)."""
    terms: list[tuple[int, str, Decimal]] = []
    read: list[tuple[int, int]] = []
    rest = blank_dates(question)
    for finder in AMOUNTS:
        for found in finder.finditer(rest):
            groups = found.groupdict()
            if "part" in groups:
                n, part = 1, Decimal("0.5") if groups["part"].lower() == "half" else Decimal("0.25")
            else:
                count = next(v for v in groups.values() if v)
                n = _KO_COUNTS[count] if count in _KO_COUNTS else number(count)
                part = {_QUARTER_TIMES: Decimal("0.25"), HALF_TIMES: Decimal("0.5")}.get(finder, Decimal(1))
            terms.append((found.start(), f"q({n})" + ("" if part == 1 else f" * {part}"), n * part))
            read.append(found.span())
        rest = finder.sub(lambda m: " " * len(m.group(0)), rest)
    if len(terms) < 2 or not any(" * " in t for _, t, _ in terms):
        return None  # several amounts, a part of a day among them
    terms.sort()
    return Listed(" + ".join(t for _, t, _ in terms), sum((d for _, _, d in terms), Decimal(0)), tuple(read))


def half_days_counted(question: str) -> int | None:
    """How many half days a question counts ("반차 3번 쓰면"), or None."""
    found = HALF_TIMES.search(question)
    if found is None:
        return None
    said = found.group("a") or found.group("b") or found.group("c")
    return _KO_COUNTS[said] if said in _KO_COUNTS else number(said)
