"""What an answer says of a day. Code writes what a day is: `{date(…)}` its weekday ("12월 25일(금)"), `{day(…)}`
whether it is worked, a weekend or a holiday, with the holiday's name. So the prose types no weekday; a
holiday's name only where its sentence names a day or span that is that holiday; a word of what a day is
(휴일, 평일, weekend) in a sentence naming a day only as a count's unit or beside the `{day(…)}` that says it;
a carry-over or payout rule only beside HR. A `{day(d)}` outside the days its clause names is stopped.

Where prose may still speak of a day, checked against the calendar and the lookups: that it is or is not a
working day, that a grant arises on it (only on the next grant's day), that it is the latest (or first)
record of its year and kind, and one record's days said as the year's total. The words are a short list
(bot/language/clause_words.py).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from datetime import date, timedelta
from functools import lru_cache

from bot.calendar import public_holidays
from bot.grounding.facts import CALENDAR_FUNCTIONS, Evidence
from bot.grounding.figure import SENTENCE_END, Figure, Problem, boundaries, masked, piece_of
from bot.grounding.spans import span_of
from bot.language.clause_words import (
    CLAUSE_END,
    COMPANY_RULE,
    DAY_STATUS,
    EARLIEST,
    GRANTED_WORDS,
    HOLIDAY_NICKNAMES,
    HR_REFERRAL,
    LATEST,
    NOT_WORKING_DAY,
    TOTAL,
    WEEKDAY_WORD,
    WORKING_DAY,
)


def day_problems(text: str, figures: Sequence[Figure], evidence: Evidence) -> list[Problem]:
    blanked = masked(text)
    bounds = boundaries(blanked, CLAUSE_END)
    problems = _said_in_words(blanked, figures, evidence.today or date.today(), bounds)
    sentences = boundaries(blanked, SENTENCE_END)
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
        # "on {date(…)}, with {next_grant_days()}": the sentence's one day, when it names one
        first, last = piece_of(sentences, start)
        alone = sum(f.day is not None and first <= f.start < last for f in figures) == 1
        grant = _grant_day(figures, *((first, last) if alone else (start, end)), evidence)
        now = any(n == "current_days" for f in figures if start <= f.start < end for n, *_ in f.calls)
        if now and evidence.today is not None and day > evidence.today and GRANTED_WORDS.search(clause):
            problems.append(
                Problem(
                    said, "is a day to come, but current_days() is the grant you have now: name grant_days(d)"
                )
            )
        if grant is not None and grant != day:
            problems.append(Problem(said, f"is not the day that grant arises ({grant.isoformat()})"))
        if LATEST.search(clause) and (later := _other_record(day, evidence, later=True)) is not None:
            problems.append(Problem(said, f"is not the latest record: {later.isoformat()} is later"))
        if EARLIEST.search(clause) and (earlier := _other_record(day, evidence, later=False)) is not None:
            problems.append(Problem(said, f"is not the first record: {earlier.isoformat()} is earlier"))
    problems += _one_record_as_total(text, blanked, figures, evidence, bounds)
    return problems


def _said_in_words(masked: str, figures: Sequence[Figure], today: date, clauses: list[int]) -> list[Problem]:
    """What a day is, typed in the prose instead of written by code; a company rule said without HR."""
    problems = [
        Problem(m.group(0), "is a weekday typed in the text; {date(…)} writes it")
        for m in WEEKDAY_WORD.finditer(masked)
    ]
    for start, end in itertools.pairwise(boundaries(masked, SENTENCE_END)):
        sentence = masked[start:end]
        here = [f for f in figures if start <= f.start < end]
        # A holiday's name holds where its sentence names a day, or counts a span, that the calendar says
        # is that holiday ("크리스마스({date("2026-12-25")})까지"); anywhere else it is a claim code cannot see.
        # A holiday's eve ("Christmas Eve", 크리스마스 이브) is the day before it: named by a day before one.
        holidays, eves = _holidays_named(here), _holidays_named(here, after=1)
        problems += [
            Problem(
                m.group(0), "is a holiday typed in the text, on no day its sentence names; {day(…)} writes it"
            )
            for m in _holiday_names(today.year).finditer(sentence)
            if not any(_is(m.group("name"), name) for name in (eves if m.group("eve") else holidays))
        ]
        counts = any(n in CALENDAR_FUNCTIONS for f in here for n, *_ in f.calls)
        written = any(n == "day" for f in here for n, *_ in f.calls)
        # A day's kind said of a day the sentence names, not as the unit of a count, beside what `{day(…)}`
        # wrote, nor as a topic ("ask about public holidays for a specific date").
        if any(f.day is not None for f in here) and not counts and not written:
            problems += [
                Problem(m.group(0), "says what a day is; {day(…)} writes it")
                for m in DAY_STATUS.finditer(sentence)
            ]
    if not HR_REFERRAL.search(masked):
        problems += [
            Problem(m.group(0), "states a company rule the bot holds no fact for; say HR decides it")
            for m in COMPANY_RULE.finditer(masked)
        ]
    for figure in figures:  # `{day(d)}` is about the day its clause names, if it names one
        for name, arguments, _ in figure.calls:
            if name != "day":
                continue
            start, end = piece_of(clauses, figure.start)
            named = {f.day for f in figures if f.day is not None and start <= f.start < end}
            if named and not min(named) <= date.fromisoformat(str(arguments[0])) <= max(named):
                problems.append(
                    Problem(f"day({arguments[0]})", "is about another day than the date beside it")
                )
    return problems


def _holidays_named(here: Sequence[Figure], after: int = 0) -> set[str]:
    """The names (Korean and English, lower case) of the holidays on the days and in the spans named (or
    `after` days after them)."""
    days: set[date] = {f.day for f in here if f.day is not None}
    for figure in here:
        for name, arguments, _ in figure.calls:
            if name == "day":
                days.add(date.fromisoformat(str(arguments[0])))
            elif (
                name in CALENDAR_FUNCTIONS and (span := span_of(arguments)) and (span[1] - span[0]).days <= 62
            ):
                days.update(span[0] + timedelta(days=n) for n in range((span[1] - span[0]).days + 1))
    names: set[str] = set()
    for day in (d + timedelta(days=after) for d in days):
        if (holiday := public_holidays(day.year).get(day)) is not None:
            names.update(n.lower() for n in (holiday.name_ko, holiday.name_en))
    return names


def _is(typed: str, name: str) -> bool:
    typed = typed.lower()
    return typed in name or _ALIASES.get(typed, "\0") in name


# The names people use for a holiday, and the word of the library's name they stand for.
_ALIASES = {
    "크리스마스": "기독탄신일",
    "성탄절": "기독탄신일",
    "xmas": "christmas",
    "설 연휴": "설날",
    "구정": "설날",
}
_ALIASES |= {"seollal": "korean new year", "lunar new year": "korean new year", "한가위": "추석"}


@lru_cache(maxsize=4)
def _holiday_names(year: int) -> re.Pattern[str]:
    """The public holidays' names as the calendar's library gives them (Korean and English, three years
    around this one), and the names people use beside them."""
    names = set(HOLIDAY_NICKNAMES)
    for around in (year - 1, year, year + 1):
        for holiday in public_holidays(around).values():
            for name in (*holiday.name_ko.split("; "), *holiday.name_en.split("; ")):
                names.add(
                    re.sub(
                        r"^(?:The day (?:preceding|following)|Alternative holiday for) |\s*\(.*\)$|\s*(?:전날|다음날)$",
                        "",
                        name,
                    ).strip()
                )
    names.discard("")
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    # Case kept: "before the new year" names no holiday, "New Year's Day" does.
    return re.compile(
        rf"(?<![가-힣\w])(?P<name>{alternatives})(?P<eve>\s*(?:Eve\b|eve\b|이브|전날)|'s Eve\b)?"
    )


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


def holiday_days_named(text: str, today: date) -> set[date]:
    """The days of the holidays `text` names by name ("크리스마스", "Chuseok"), in the year before, this year
    and the next; an eve ("Christmas Eve", "크리스마스 이브") names the day before."""
    found: set[date] = set()
    # A question may write a name in any case ("christmas"): it is read, not checked as prose.
    names = re.compile(_holiday_names(today.year).pattern, re.I)
    for match in names.finditer(text):
        typed, eve = match.group("name"), bool(match.group("eve"))
        for year in (today.year - 1, today.year, today.year + 1):
            for day, holiday in public_holidays(year).items():
                if _is(typed, holiday.name_ko.lower()) or _is(typed, holiday.name_en.lower()):
                    found.add(day - timedelta(days=1) if eve else day)
    return found
