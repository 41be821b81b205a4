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

from bot.grounding.facts import CALENDAR_FUNCTIONS, Evidence
from bot.grounding.figure import PLACEHOLDER, Figure, Problem
from bot.language.clause_words import (
    CLAUSE_END,
    DEDUCTED,
    ENOUGH,
    HOLIDAY,
    NO_HOLIDAY,
    NOT_DEDUCTED,
    NOT_ENOUGH,
    OTHER_LEAVE,
    PENDING_WORDS,
)

_REMAINING = re.compile(r"\{\s*remaining\(\d{4}\)\s*\}")
_SENTENCE_END = re.compile(r"[.!?\n]")
PLACEHOLDER_MASK = re.compile(r"#{4,}")
_OPENING = re.compile(r"^\W*(?:네|예|yes|yep|sure|of course|물론)\b", re.I)  # the answer's first word


def claim_problems(text: str, figures: Sequence[Figure], evidence: Evidence) -> list[Problem]:
    masked = PLACEHOLDER.sub(lambda m: "#" * len(m.group(0)), text)
    return _enough(text, masked, figures) + _holidays(text, masked, figures, evidence) + _deducted(masked)


def _deducted(masked: str) -> list[Problem]:
    """Sick or family leave, or pending days, said to come off the annual balance: only approved annual
    leave ever does (bot/domain/leave.py), so the claim is false whatever the figures."""
    problems = []
    bounds = [0, *(m.end() for m in _SENTENCE_END.finditer(masked)), len(masked)]
    for start, end in itertools.pairwise(bounds):
        sentence = masked[start:end]
        if not DEDUCTED.search(sentence) or NOT_DEDUCTED.search(sentence):
            continue
        for words, what in ((OTHER_LEAVE, "leave of another type"), (PENDING_WORDS, "pending days")):
            if words.search(sentence):
                problems.append(
                    Problem(sentence.strip()[:60], f"says {what} came off the annual balance; it never does")
                )
    return problems


def _enough(text: str, masked: str, figures: Sequence[Figure]) -> list[Problem]:
    """Per sentence holding both what is left and the days asked: its verdict, or the answer's opening one."""
    opening = _OPENING.match(masked)
    ends = [0, *(m.end() for m in _SENTENCE_END.finditer(masked)), len(text)]
    problems = []
    for start, end in itertools.pairwise(ends):
        here = [f for f in figures if start <= f.start < end and f.value is not None]
        # A verdict said on its own ("충분히 쓰실 수 있어요!") is about the sentences before it.
        verdicts = [
            masked[a:b] for a, b in itertools.pairwise(ends) if not PLACEHOLDER_MASK.search(masked[a:b])
        ]
        said = masked[start:end] + (opening.group(0) if opening else "") + " ".join(verdicts)
        if not ENOUGH.search(said) or NOT_ENOUGH.search(said):
            continue
        left = {f.value for f in here if _REMAINING.fullmatch(text[f.start : f.end])}
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
    bounds = [0, *(m.end() for m in CLAUSE_END.finditer(masked)), len(text)]
    sentence_ends = [0, *(m.end() for m in _SENTENCE_END.finditer(masked)), len(text)]
    for start, end in itertools.pairwise(bounds):
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
                    if name == "working_days" and len(arguments) == 2:
                        span = _span(arguments)
                        if span and evidence.calendar(*span) < _weekdays(*span):
                            problems.append(
                                Problem(
                                    text[figure.start : figure.end],
                                    "spans a public holiday, but the answer says none",
                                )
                            )
    return problems


def _span(arguments: Sequence[object]) -> tuple[date, date] | None:
    try:
        return date.fromisoformat(str(arguments[0])), date.fromisoformat(str(arguments[1]))
    except ValueError:
        return None


def _weekdays(first: date, last: date) -> int:
    return sum(1 for n in range((last - first).days + 1) if (first + timedelta(days=n)).weekday() < 5)
