"""What an answer says of a day it names, checked against the calendar and the lookups: the weekday said
beside it ("{date("2026-12-23")}은 목요일" is stopped: it is a Wednesday), that it is or is not a working day
("{date("2027-01-01")} is a regular working day" is stopped), that a grant arises on it ("{date(…)}에
{next_grant_days()} 생겨요" holds only on the next grant's day), and that it is the latest (or first) record ("your
last leave was on {date(…)}" holds only when no later record of that year is in the lookup); and one record's
days said as the year's total.

Each claim is judged only where its clause names exactly the day it is about; the words are a short list
(bot/language/clause_words.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import date

from bot.grounding.facts import Evidence
from bot.grounding.figure import Figure, Problem, boundaries, masked
from bot.language.clause_words import (
    CLAUSE_END,
    EARLIEST,
    LATEST,
    NOT_WORKING_DAY,
    TOTAL,
    WEEKDAY_AFTER,
    WEEKDAY_BEFORE,
    WORKING_DAY,
)

_KOREAN_DAYS = "월화수목금토일"


def day_problems(text: str, figures: Sequence[Figure], evidence: Evidence) -> list[Problem]:
    blanked = masked(text)
    problems = [
        Problem(text[f.start : f.end], f"is a {_NAMES[f.day.weekday()]}, not the weekday said beside it")
        for f in figures
        if f.day is not None and _weekday_said(blanked, f) not in (None, f.day.weekday())
    ]
    bounds = boundaries(blanked, CLAUSE_END)
    for start, end in itertools.pairwise(bounds):
        clause = blanked[start:end]
        days = [f for f in figures if f.day is not None and start <= f.start < end]
        if len(days) != 1 or days[0].day is None:
            continue
        figure, day = days[0], days[0].day
        said = text[figure.start : figure.end]
        if evidence.calendar is not None and WORKING_DAY.search(clause):
            working = evidence.calendar(day, day) == 1
            if working == bool(NOT_WORKING_DAY.search(clause)):
                problems.append(Problem(said, f"is {'' if working else 'not '}a working day in the calendar"))
        grant = _grant_day(figures, start, end, evidence)
        if grant is not None and grant != day:
            problems.append(Problem(said, f"is not the day that grant arises ({grant.isoformat()})"))
        if LATEST.search(clause) and (later := _other_record(day, evidence, later=True)) is not None:
            problems.append(Problem(said, f"is not the latest record: {later.isoformat()} is later"))
        if EARLIEST.search(clause) and (earlier := _other_record(day, evidence, later=False)) is not None:
            problems.append(Problem(said, f"is not the first record: {earlier.isoformat()} is earlier"))
    problems += _one_record_as_total(text, blanked, figures, evidence, bounds)
    return problems


_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _weekday_said(masked: str, figure: Figure) -> int | None:
    found = WEEKDAY_AFTER.match(masked, figure.end) or WEEKDAY_BEFORE.search(masked, 0, figure.start)
    if found is None:
        return None
    korean, english = found.group(1), found.group(2)
    if korean:
        return _KOREAN_DAYS.index(korean)
    return [n[:3].lower() for n in _NAMES].index(english.lower()[:3])


def _grant_day(figures: Sequence[Figure], start: int, end: int, evidence: Evidence) -> date | None:
    """The day of the one grant its clause names (`next_grant_days()`, `grant_days(d)`), if any."""
    for figure in figures:
        if not start <= figure.start < end:
            continue
        for name, arguments, _ in figure.calls:
            if name == "grant_days" and arguments:
                return date.fromisoformat(str(arguments[0]))
            if name == "next_grant_days" and evidence.entitlement is not None:
                return evidence.entitlement.next_on
    return None


def _other_record(day: date, evidence: Evidence, *, later: bool) -> date | None:
    """A record of `day`'s year and kind later (or earlier) than it, up to today, when `day` is one of its
    records: "your most recent sick leave" is the latest sick leave."""
    taken = evidence.taken.get(day.year)
    kinds = {r.leave_type for r in taken.records if r.taken_on == day} if taken else set()
    if taken is None or not kinds:
        return None
    today = evidence.today or date.max
    others = [
        r.taken_on
        for r in taken.records
        if r.leave_type in kinds and r.taken_on <= today and (r.taken_on > day if later else r.taken_on < day)
    ]
    return (max(others) if later else min(others)) if others else None


def _one_record_as_total(
    text: str, masked: str, figures: Sequence[Figure], evidence: Evidence, bounds: list[int]
) -> list[Problem]:
    """One record's days said as a total ("올해 연차는 총 {record(d)} 쓰셨어요") where the year has others."""
    problems = []
    for start, end in itertools.pairwise(bounds):
        if not TOTAL.search(masked[start:end]):
            continue
        for figure in (f for f in figures if start <= f.start < end and len(f.calls) == 1):
            name, arguments, _ = figure.calls[0]
            if name != "record" or not arguments:
                continue
            day = date.fromisoformat(str(arguments[0]))
            taken = evidence.taken.get(day.year)
            if taken is not None and sum(r.taken_on != day for r in taken.records) > 0:
                problems.append(
                    Problem(text[figure.start : figure.end], "is one record's days, said as a total")
                )
    return problems
