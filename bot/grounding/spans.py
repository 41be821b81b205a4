"""A span counted is the span named: a calendar figure (`working_days`, `days`, `days_between`) counts the
span its own sentence writes from date to date ("{date(a)}부터 {date(b)}까지", "{date(a)}–{date(b)}"), or,
where the sentence writes none, the span the question names by two days joined as one ("12월 21일부터 24일까지"),
or else spans whose first and last days are among the days it names ("Dec 21 and Dec 23").
A span with the same count as the named one says the same to the person, and holds.

Not a reading of prose: dates are read only where they are unambiguous (month and day,
bot/language/dates.py); a question naming its days by weekday or by a word ("next week", 크리스마스), or
naming one day, leaves the span to the model. "12월 21일부터 24일까지 근무일 며칠?" answered with
{working_days("2026-12-14", "2026-12-18")} is stopped, whatever the lookups counted.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from datetime import date

from bot.grounding.expressions import Unresolved
from bot.grounding.facts import CALENDAR_FUNCTIONS, Evidence, Resolver
from bot.grounding.figure import SENTENCE_END, Figure, Problem, boundaries, masked, piece_of
from bot.language.dates import days_named

_WEEKDAY = r"(?:\(?(?:[월화수목금토일](?:요일)?|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)\)?,?\s*)?"
_SPAN_WORD = re.compile(rf"\s*{_WEEKDAY}(?:부터|에서|~|-|–|—|to|through|thru|until|till)\s*{_WEEKDAY}", re.I)
# Two days of a question joined as one stretch: a day's number on both sides of the span word ("21 to 23",
# "21일부터 24일", "12/21~12/24"); "I'd like to take Dec 21 and Dec 24 off" joins nothing.
_JOINED_DAYS = re.compile(
    r"\d\s*(?:일|st|nd|rd|th)?\s*(?:\([^)]{1,3}\))?\s*(?:부터|에서|~|-|–|—|\bto\b|\bthrough\b|\bthru\b|\buntil\b|\btill\b)"
    r"\s*(?:[A-Za-z]{3,9}\.?\s*|\d{1,2}\s*(?:월|/)\s*)?\d",
    re.I,
)
Span = tuple[date, date]


def span_problems(text: str, figures: Sequence[Figure], evidence: Evidence) -> list[Problem]:
    ends = boundaries(masked(text), SENTENCE_END)
    asked = days_named(evidence.question)
    problems: list[Problem] = []
    for figure in figures:
        start, end = piece_of(ends, figure.start)
        written = _written_spans(text, [f for f in figures if start <= f.start < end])
        for name, span in _spans(figure):
            if written:
                named, where = written, "its sentence"
            elif len(asked) == 2 and _JOINED_DAYS.search(evidence.question):  # "Dec 21 to 23": one stretch
                named, where = [_asked_span(asked, span)], "the question"
            elif len(asked) > 1 and not {(d.month, d.day) for d in span} <= asked:
                named, where = [], "the question"  # several spans asked: each counted one is two of its days
            else:
                continue
            if not any(_same(name, span, other, evidence) for other in named):
                problems.append(
                    Problem(
                        text[figure.start : figure.end],
                        f"counts {_said(span)}, but {where} names "
                        f"{' / '.join(map(_said, named)) or _days(asked)}",
                    )
                )
    return problems


def _spans(figure: Figure) -> list[tuple[str, Span]]:
    return [
        (name, span)
        for name, arguments, _ in figure.calls
        if name in CALENDAR_FUNCTIONS and (span := span_of(arguments)) is not None
    ]


def span_of(arguments: Sequence[object]) -> Span | None:
    """A calendar call's two dates; None for TODAY or anything else (the evaluation has judged it)."""
    if len(arguments) != 2:
        return None
    try:
        return date.fromisoformat(str(arguments[0])), date.fromisoformat(str(arguments[1]))
    except ValueError:
        return None


def _written_spans(text: str, here: Sequence[Figure]) -> list[Span]:
    """The spans the sentence writes date to date: two date placeholders joined by a span word."""
    days = [f for f in here if f.day is not None]
    return [
        (first.day, last.day)
        for first, last in itertools.pairwise(days)
        if first.day is not None
        and last.day is not None
        and _SPAN_WORD.fullmatch(text[first.end : last.start])
    ]


def _asked_span(asked: set[tuple[int, int]], near: Span) -> Span:
    """The question's first and last named day, each in the year that puts it nearest the counted span."""
    days = []
    for month, day in asked:
        candidates = []
        for year in (near[0].year - 1, near[0].year, near[0].year + 1):
            try:
                candidates.append(date(year, month, day))
            except ValueError:
                continue
        if candidates:
            days.append(min(candidates, key=lambda d: abs((d - near[0]).days)))
    return (min(days), max(days)) if days else near


def _same(name: str, span: Span, other: Span, evidence: Evidence) -> bool:
    if span == other:
        return True
    try:
        count = Resolver(evidence).call(name, [d.isoformat() for d in span])
        return count == Resolver(evidence).call(name, [d.isoformat() for d in other])
    except (Unresolved, ValueError):
        return False


def _days(days: set[tuple[int, int]]) -> str:
    return ", ".join(f"{month}/{day}" for month, day in sorted(days))


def _said(span: Span) -> str:
    return f"{span[0].isoformat()}–{span[1].isoformat()}"
