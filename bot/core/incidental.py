"""Numbers an answer declares as incidental — a date, date range, time, year, list number, ordinal,
extension or count — must read as what they are declared to be, and never sit beside words presenting them
as leave."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from bot.core.declared import DeclaredFigure
from bot.core.presented import role_beside
from bot.language.number_tokens import numbers_in

_LEAVE_UNIT = re.compile(
    r"\d\s*(?:일|日)|\bdays?\b|반차|반반차|시간|\bhours?\b|%|하루|이틀|사흘|나흘|닷새|열흘", re.I
)
_ORDINAL = re.compile(r"\d+\s*(?:st|nd|rd|th)\b|번째|째|첫|\b(?:first|second|third|fourth|fifth)\b", re.I)
_ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "첫": 1}
_EXTENSION = re.compile(r"내선|ext|extension|\bx\s?\d|#|☎|tel|전화", re.I)


def incidental_problem(figure: DeclaredFigure, start: int, text: str) -> str | None:
    """Why `figure`, declared incidental at `start`, does not hold; None when it does."""
    span, end = figure.span, start + len(figure.span)
    kind = figure.as_
    if kind is None:
        return "is declared incidental without saying what it is (as)"
    # A year or a time ("left for 2026", "available 9:00–18:00") is never an amount; anything else beside
    # leave words is one.
    if kind not in ("year", "time") and role_beside(text, start, end) is not None:
        return "is stated as leave, so it is not incidental"
    digits = [t.value for t in numbers_in(span)]
    if kind in ("date", "date_range"):
        days = _dates(figure.value)
        if not days or not digits:
            return f"is declared a date, but {figure.value!r} is not one"
        parts = {Decimal(p) for d in days for p in (d.year, d.year % 100, d.month, d.day)}
        if not set(digits) <= parts:
            return f"does not read as {figure.value}"
        return None
    if kind == "time":
        match = re.fullmatch(r"(\d{1,2}):(\d{2})", figure.value.strip())
        if match is None:
            return f"is declared a time, but {figure.value!r} is not HH:MM"
        hour, minute = int(match[1]), int(match[2])
        parts = {Decimal(hour), Decimal(hour % 12 or 12), Decimal(minute)}
        return None if digits and set(digits) <= parts else f"does not read as {figure.value}"
    if kind == "year":
        year = _number(figure.value)
        if year is None or not digits or not set(digits) <= {year, year % 100}:
            return f"does not read as the year {figure.value}"
        return None
    value = _number(figure.value)
    if value is None:
        return f"declares {figure.value!r}, which is not a number"
    if kind == "ordinal":
        words = {Decimal(n) for w, n in _ORDINAL_WORDS.items() if w in span.lower()}
        if _ORDINAL.search(span) is None or value not in set(digits) | words:
            return "does not read as an ordinal"
        return None
    if value not in digits:
        return f"does not say {figure.value}"
    if kind == "extension":
        near = text[max(0, start - 12) : end]
        return None if _EXTENSION.search(near) else "does not read as a phone extension"
    if kind == "list":
        line_start = text.rfind("\n", 0, start) + 1
        return (
            None
            if re.fullmatch(r"\s*(?:[-*]\s*)?", text[line_start:start]) and re.search(r"\d\s*[.)]", span)
            else "does not read as list numbering"
        )
    if _LEAVE_UNIT.search(span):  # a count of days or hours is an amount of leave, not a count of things
        return "counts days or hours, so it is not incidental"
    return None


def _dates(value: str) -> list[date]:
    try:
        return [date.fromisoformat(part.strip()) for part in value.split("/")]
    except ValueError:
        return []


def _number(value: str) -> Decimal | None:
    try:
        return Decimal(value.replace(",", "").strip())
    except ArithmeticError:
        return None
