"""Two claims an answer makes in words about its own figures, checked against the same facts by code:
that the days asked fit in what is left ("Yes, you can: you have {remaining(2026)}, which covers the
{q(5)} days" when 3.5 are left is stopped), and that a day is, or a span has no, public holiday ("No —
{date("2026-12-31")} is a public holiday" is stopped: the calendar says it is a working day).

Narrow on purpose: the verdict words are a short list (bot/language/clause_words.py), and a claim is judged
only where the answer names the figures or dates it is about; anything else is left as written.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from datetime import date, timedelta

from bot import calendar
from bot.grounding.facts import CALENDAR_FUNCTIONS, Evidence
from bot.grounding.figure import (
    PLAIN_REMAINING,
    SENTENCE_END,
    Figure,
    Problem,
    boundaries,
    masked,
)
from bot.grounding.spans import span_of
from bot.language.clause_words import (
    CLAUSE_END,
    DEDUCTED,
    ENOUGH,
    HOLIDAY,
    LEAVE_WORD,
    NO_HOLIDAY,
    NOT_DEDUCTED,
    NOT_ENOUGH,
    OTHER_LEAVE,
    PART_OF_ANNUAL,
    PENDING_COUNTED,
    PENDING_WORDS,
    WEEKDAY_WORD,
    WORKING_DAY,
    YES_OPENING,
)
from bot.language.dates import days_named

PLACEHOLDER_MASK = re.compile(r"#{4,}")


def claim_problems(text: str, figures: Sequence[Figure], evidence: Evidence) -> list[Problem]:
    blanked = masked(text)
    return (
        _enough(text, blanked, figures)
        + _holidays(text, blanked, figures, evidence)
        + _deducted(blanked)
        + _verdict_on_the_day(blanked, figures, evidence)
        + _pending_counted(text, blanked, figures)
    )


def _pending_counted(text: str, masked: str, figures: Sequence[Figure]) -> list[Problem]:
    """What is left said with the pending requests counted in ("대기 중인 {pending(2026)}까지 반영하면 남은 연차는
    {remaining(2026)}"): what is left never counts them (bot/domain/leave.py), so with them taken off it is
    `remaining(…) - pending(…)`."""
    problems = []
    for start, end in itertools.pairwise(boundaries(masked, SENTENCE_END)):
        sentence = masked[start:end]
        if not (PENDING_WORDS.search(sentence) and PENDING_COUNTED.search(sentence)) or NOT_DEDUCTED.search(
            sentence
        ):
            continue
        here = [f for f in figures if start <= f.start < end]
        if any(n == "pending" and sign < 0 for f in here for n, _, sign in f.calls):
            continue
        problems += [
            Problem(
                text[f.start : f.end],
                "is what is left before pending requests; with them: remaining - pending",
            )
            for f in here
            if PLAIN_REMAINING.fullmatch(text[f.start : f.end])
        ]
    return problems


_YES = re.compile(r"^\W*(?:네|예|맞아요|yes|yep|yeah|sure|correct|right)\b", re.I)
_NO = re.compile(r"^\W*(?:아니요|아뇨|아니에요|no|nope|not)\b", re.I)
_OTHER_PREDICATE = re.compile(r"써야|출근|쉬어야|\b(?:need|have to|must|come in|work)\b", re.I)
_COURTESY = re.compile(r"\W*(?:확인|let me|i'll check|checking)", re.I)
_ASKED_NOT = re.compile(r"안\s|아니|않|\b(?:not|isn't|aren't)\b", re.I)
# A weekday as the question writes it (목, 목요일, thu, thursday) → Monday 0 … Sunday 6, from the calendar's names.
_WEEKDAY_INDEX = {name[:1]: i for i, name in enumerate(calendar.WEEKDAYS_KO)} | {
    name[:3].lower(): i for i, name in enumerate(calendar.WEEKDAYS_EN)
}


def _verdict_on_the_day(masked: str, figures: Sequence[Figure], evidence: Evidence) -> list[Problem]:
    """A yes / no question about one day that code can answer ("Is Dec 31 a Friday?", "12월 24일 공휴일이야?",
    "is Jan 4 a working day?"): the answer's opening yes or no must be the calendar's."""
    verdict = _YES.match(masked) or _NO.match(masked)
    question = evidence.question
    named = days_named(question)
    # Only a question whose one predicate is the day's status: "do I need leave on Dec 25, a holiday?"
    # asks something else, and "네, 확인해 보니 …" is a courtesy, not a verdict.
    if (
        verdict is None
        or len(named) != 1
        or _ASKED_NOT.search(question)
        or LEAVE_WORD.search(question)
        or _OTHER_PREDICATE.search(question)
        or _COURTESY.match(masked, verdict.end())
    ):
        return []
    today = evidence.today or date.today()
    ((month, day_of_month),) = named
    said = [f.day for f in figures if f.day is not None and (f.day.month, f.day.day) == (month, day_of_month)]
    try:  # the answer's own date says the year ("2027년 12월 25일"); else the nearest such day
        on = said[0] if said else date(today.year, month, day_of_month)
        if not said and on < today - timedelta(days=60):  # "Jan 4" asked in December is next year's
            on = on.replace(year=on.year + 1)
    except ValueError:  # 29 February of a year that has none
        return []
    day = calendar.day(on)
    weekdays = [w.group(0).strip("()").lower() for w in WEEKDAY_WORD.finditer(question)]
    asked: list[tuple[bool, str]] = []
    if len(weekdays) == 1:
        asked.append(
            (
                _WEEKDAY_INDEX.get(weekdays[0][:3], _WEEKDAY_INDEX.get(weekdays[0][:1], -1)) == day.weekday,
                f"a {day.weekday_en}",
            )
        )
    if HOLIDAY.search(question):
        asked.append((bool(day.holidays), "a holiday" if day.holidays else "no holiday"))
    if WORKING_DAY.search(question):
        asked.append((day.working, "a working day" if day.working else "no working day"))
    if len(asked) != 1:
        return []
    ((truth, what),) = asked
    if (_YES.match(masked) is not None) != truth:
        return [
            Problem(verdict.group(0).strip(), f"answers the question wrongly: {on.isoformat()} is {what}")
        ]
    return []


def _deducted(masked: str) -> list[Problem]:
    """Sick or family leave, or pending days, said to come off the annual balance, or a half day said not
    to: only approved annual leave ever does, whole or in parts (bot/domain/leave.py), so the claim is false
    whatever the figures."""
    problems = []
    for start, end in itertools.pairwise(boundaries(masked, SENTENCE_END)):
        sentence = masked[start:end]
        if not DEDUCTED.search(sentence):
            continue
        if NOT_DEDUCTED.search(sentence):  # a half or quarter day is annual leave: it always comes off
            if (
                PART_OF_ANNUAL.search(sentence)
                and not OTHER_LEAVE.search(sentence + "")
                and not PENDING_WORDS.search(sentence)
            ):
                problems.append(Problem(sentence.strip()[:60], "says a half day is not deducted; it is"))
            continue
        for words, what in ((OTHER_LEAVE, "leave of another type"), (PENDING_WORDS, "pending days")):
            if words.search(sentence):
                problems.append(
                    Problem(sentence.strip()[:60], f"says {what} came off the annual balance; it never does")
                )
    return problems


def _enough(text: str, masked: str, figures: Sequence[Figure]) -> list[Problem]:
    """Per sentence holding both what is left and the days asked: its verdict, or the answer's opening one."""
    opening = YES_OPENING.match(masked)  # the answer's first word
    ends = boundaries(masked, SENTENCE_END)
    # A verdict said on its own ("충분히 쓰실 수 있어요!") is about the sentences with the figures.
    verdicts = [masked[a:b] for a, b in itertools.pairwise(ends) if not PLACEHOLDER_MASK.search(masked[a:b])]
    problems = []
    for start, end in itertools.pairwise(ends):
        here = [f for f in figures if start <= f.start < end and f.value is not None]
        said = masked[start:end] + (opening.group(0) if opening else "") + " ".join(verdicts)
        if not ENOUGH.search(said) or NOT_ENOUGH.search(said):
            continue
        left = {f.value for f in here if PLAIN_REMAINING.fullmatch(text[f.start : f.end])}
        asked = [
            f
            for f in here
            if f.calls and (f.alone == "question" or all(n in CALENDAR_FUNCTIONS for n, *_ in f.calls))
        ]
        if len(left) != 1:
            continue
        (have,) = left
        problems += [
            Problem(text[f.start : f.end], f"is more than the {have} left, but the answer says it fits")
            for f in asked
            if have is not None and f.value is not None and f.value > have
        ]
    return problems


def _holidays(text: str, masked: str, figures: Sequence[Figure], evidence: Evidence) -> list[Problem]:
    if evidence.calendar is None:
        return []
    problems = []
    sentence_ends = boundaries(masked, SENTENCE_END)
    for start, end in itertools.pairwise(boundaries(masked, CLAUSE_END)):
        clause = masked[start:end]
        if not HOLIDAY.search(clause):
            continue
        denied = NO_HOLIDAY.search(clause) is not None
        days = [f for f in figures if f.day is not None and start <= f.start < end]
        if not days:  # "{date(…)} is a Thursday, and it's a public holiday": the one day of its sentence
            first = max(at for at in sentence_ends if at <= start)
            last = min(at for at in sentence_ends if at >= end)
            in_sentence = [f for f in figures if f.day is not None and first <= f.start < last]
            days = in_sentence if len(in_sentence) == 1 else []
        if len(days) == 1 and days[0].day is not None and days[0].day.weekday() < 5:
            day = days[0].day
            holiday = evidence.calendar(day, day) == 0
            if holiday == denied:
                said = "not a holiday" if denied else "a holiday"
                problems.append(
                    Problem(
                        text[days[0].start : days[0].end],
                        f"is said to be {said}, but the calendar says otherwise",
                    )
                )
        elif denied and not days:  # "이 기간에는 공휴일이 없어요": the span its sentence counts
            first = max(at for at in sentence_ends if at <= start)
            for figure in (f for f in figures if first <= f.start < end):
                for name, arguments, _ in figure.calls:
                    span = span_of(arguments) if name == "working_days" else None
                    if span is not None and evidence.calendar(*span) < _weekdays(*span):
                        problems.append(
                            Problem(
                                text[figure.start : figure.end],
                                "spans a public holiday, but the answer says none",
                            )
                        )
    return problems


def _weekdays(first: date, last: date) -> int:
    return sum(1 for n in range((last - first).days + 1) if (first + timedelta(days=n)).weekday() < 5)
