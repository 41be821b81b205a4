"""Accounting for the numbers of a plain text: for each number, what it is — a looked-up figure or
arithmetic on figures (with the expression), the person's own number, the Act's, or a date, time, year or
count — read back against what was looked up, choosing between equal values by the words beside it.

Two users: the offline model declares the figures of an answer it wrote this way (it writes from
templates, so it knows what each number is, and says so in the declared form); and the plain-text
fallback check accounts for a plain answer's numbers itself and verifies that account like a declared one
(conservative: a number nobody can account for stops the answer). What cannot be accounted for is declared
a fact with no expression, which the check refuses: an honest "I don't know".
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from bot.core.declared import DeclaredAnswer, DeclaredFigure
from bot.core.figures import find_span, rounds_to
from bot.core.presented import role_beside
from bot.domain.leave import ANNUAL, Balance, LeaveTaken, format_days
from bot.language.number_tokens import NumberToken, adds_a_half, amounts_in, numbers_in
from bot.policy.standing import Entitlement
from bot.policy.statute import STATUTE

_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
_INCIDENTAL = re.compile(
    r"(?P<iso>\d{4}-\d{2}-\d{2})"
    r"|(?P<kdate>(?:(?P<ky>\d{4})년\s*)?(?P<km>\d{1,2})월\s*(?P<kd>\d{1,2})일)"
    rf"|(?P<edate>(?P<em>{_MONTHS})[a-z]*\.?\s+(?P<ed>\d{{1,2}})(?!\d)(?:st|nd|rd|th)?(?:,?\s+(?P<ey>\d{{4}}))?)"
    r"|(?P<month>(?P<mm>\d{1,2})월(?!\s*\d))"
    r"|(?P<time>\d{1,2}:\d{2})"
    r"|(?P<year>(?:19|20)\d{2})(?=년|\b)",
    re.I,
)


@dataclass(frozen=True)
class Known:
    """What the offline model has in front of it: its lookups, the question, today."""

    balances: Mapping[int, Balance]
    taken: Mapping[int, LeaveTaken]
    question: str
    today: date
    entitlement: Entitlement | None = None  # the Act's leave for the asker, when it was looked up


def declare(answer: str, known: Known) -> DeclaredAnswer:
    figures: list[DeclaredFigure] = []
    covered: list[range] = []
    for match in _INCIDENTAL.finditer(answer):
        figure = _incidental(match, known)
        if figure is not None:
            figures.append(figure)
            covered.append(range(match.start(), match.end()))
    tokens = [
        t for t in numbers_in(answer) if not any(t.start >= r.start and t.end <= r.stop for r in covered)
    ]
    for start, end, value in _amounts(answer, tokens):
        figures.append(_amount(answer, start, end, value, known))
    order = {id(f): _position(answer, f, figures) for f in figures}
    return DeclaredAnswer(answer, tuple(sorted(figures, key=lambda f: order[id(f)])))


def _position(answer: str, figure: DeclaredFigure, figures: list[DeclaredFigure]) -> int:
    # Equal spans are matched to occurrences in order: keep the figures in text order.
    before = [f for f in figures[: figures.index(figure)] if f.span == figure.span]
    at = -1
    for _ in range(len(before) + 1):
        at = find_span(answer, figure.span, at + 1)
    return at


def _incidental(match: re.Match[str], known: Known) -> DeclaredFigure | None:
    span = match.group()
    if match["iso"]:
        return DeclaredFigure(span, span, "incidental", None, "date")
    if match["kdate"]:
        year = int(match["ky"] or known.today.year)
        return _date_figure(span, year, int(match["km"]), int(match["kd"]))
    if match["edate"]:
        month = _MONTHS.split("|").index(match["em"][:3].lower()) + 1
        return _date_figure(span, int(match["ey"] or known.today.year), month, int(match["ed"]))
    if match["month"]:
        month = int(match["mm"])
        if not 1 <= month <= 12:
            return None
        first = date(known.today.year, month, 1)
        last = date(first.year + (month == 12), month % 12 + 1, 1).toordinal() - 1
        return DeclaredFigure(
            span,
            f"{first.isoformat()}/{date.fromordinal(last).isoformat()}",
            "incidental",
            None,
            "date_range",
        )
    if match["time"]:
        return DeclaredFigure(span, span, "incidental", None, "time")
    return DeclaredFigure(span, span, "incidental", None, "year")


def _date_figure(span: str, year: int, month: int, day: int) -> DeclaredFigure | None:
    try:
        return DeclaredFigure(span, date(year, month, day).isoformat(), "incidental", None, "date")
    except ValueError:
        return None


def _amounts(answer: str, tokens: list[NumberToken]) -> Iterator[tuple[int, int, Decimal]]:
    """Each amount with its span: "7일 반" and "eight and a half" as one."""
    index = 0
    while index < len(tokens):
        token = tokens[index]
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if following is not None and adds_a_half(answer, token, following):
            yield token.start, following.end, token.value + following.value
            index += 2
            continue
        yield token.start, token.end, token.value
        index += 1


def _amount(answer: str, start: int, end: int, value: Decimal, known: Known) -> DeclaredFigure:
    span = answer[start:end]
    presented = role_beside(answer, start, end)
    candidates = list(_candidates(value, known))
    for basis, expr, role in candidates:
        if presented is not None and role == presented:
            return DeclaredFigure(span, format_days(value), basis, expr)  # type: ignore[arg-type]
    if presented is None and candidates:
        basis, expr, _ = candidates[0]
        return DeclaredFigure(span, format_days(value), basis, expr)  # type: ignore[arg-type]
    # Presented as remaining, used or granted leave, yet none of those figures: not accounted for (a
    # record's day or a count may equal it, but that is not what the words say it is).
    if value in amounts_in(known.question):
        return DeclaredFigure(span, format_days(value), "question")
    if presented is None and (_WORKING_BEFORE.search(answer, 0, start) or _WORKING_AFTER.match(answer, end)):
        # A count of working days ("근무일 1일", "8 working days"): the calendar's, which the check counts
        # between the dates the answer states.
        return DeclaredFigure(span, format_days(value), "calendar", None)
    if presented is None and _COUNTER.match(answer, end):
        # A count of something that is not leave ("조회는 8번까지", "8 lookups"): its own words' number.
        return DeclaredFigure(span, format_days(value), "incidental", None, "count")
    return DeclaredFigure(span, format_days(value), "fact", None)  # unaccounted for: the check refuses it


_WORKING_BEFORE = re.compile(r"(?:근무일|영업일)\s*(?:은|는)?\s*$")
_WORKING_AFTER = re.compile(r"\s*(?:일\s*)?(?:working|business)\s+days?\b", re.I)
_COUNTER = re.compile(r"\s?(?:번|회|개|건|가지|lookups?\b|times?\b|questions?\b)", re.I)


def _candidates(value: Decimal, known: Known) -> Iterator[tuple[str, str, str | None]]:
    """(basis, expression, the leave role it is) for every way this value follows from what is known,
    simplest first."""
    balances = sorted(known.balances.items(), reverse=True)
    for year, balance in balances:
        for role, figure in (
            ("remaining", balance.remaining),
            ("used", balance.used),
            ("granted", balance.granted),
        ):
            if figure == value:
                yield "fact", f"{role}({year})", role
        if balance.lapsed and balance.lapsed == value:  # left past its last usable day: neither role
            yield "fact", f"granted({year}) - used({year}) - remaining({year})", None
        for day, days in balance.expiring:  # of what remains, the days usable until that day
            if days == value:
                yield "fact", f'expiring({year}, "{day}")', "remaining"
        if balance.pending is not None and balance.pending == value:  # asked for, not yet decided
            yield "fact", f"pending({year})", None
    for year, taken in sorted(known.taken.items(), reverse=True):
        totals = dict(taken.totals)
        totals[ANNUAL] = totals.get(ANNUAL, Decimal(0)) + taken.undated  # annual leave with no dated record
        for kind, total in totals.items():
            if total == value:
                yield "fact", f'taken({year}, "{kind}")', "used"
        for kind in sorted({r.leave_type for r in taken.records}):
            if sum(r.leave_type == kind for r in taken.records) == value:
                yield "fact", f'records({year}, "{kind}")', "used"  # leave taken N times
            for size in (Decimal("0.5"), Decimal("0.25")):
                if sum(r.leave_type == kind and r.days == size for r in taken.records) == value:
                    yield "fact", f'records({year}, "{kind}", {format_days(size)})', "used"
        for record in taken.records:
            if record.days == value:  # the days taken on that date: leave used
                yield "fact", f'record("{record.taken_on.isoformat()}")', "used"
    asked = sorted(amounts_in(known.question))
    for year, balance in balances:
        for number in asked:
            for role, figure in (("remaining", balance.remaining), ("used", balance.used)):
                if figure - number == value:
                    yield "fact", f"{role}({year}) - {format_days(number)}", role
                if figure + number == value:
                    yield "fact", f"{role}({year}) + {format_days(number)}", role
        if balance.remaining * 8 == value:
            yield "fact", f"remaining({year}) * HOURS_PER_DAY", "remaining"
        if balance.remaining / Decimal("0.5") == value:
            yield "fact", f"remaining({year}) / 0.5", "remaining"
        if balance.granted and rounds_to(balance.used / balance.granted * 100, value):
            yield "fact", f"used({year}) / granted({year}) * 100", "used"
    for (year, first), (other, second) in ((a, b) for a in balances for b in balances if a[0] != b[0]):
        if first.used - second.used == value:
            yield "fact", f"used({year}) - used({other})", "used"
        if first.remaining + second.remaining == value and year > other:
            yield "fact", f"remaining({year}) + remaining({other})", "remaining"
    if known.entitlement is not None:
        yield from _statutory_candidates(value, known.entitlement)
    for name, number in STATUTE.items():
        if number == value:
            yield "statute", f"STATUTE.{name}", None


def _statutory_candidates(value: Decimal, ent: Entitlement) -> Iterator[tuple[str, str, str | None]]:
    """The Act's leave for the asker: the next grant, a grant or the days expiring on a date, the days
    usable now, the years of service, and a grant's days beyond the base 15 (§60④)."""
    if ent.upcoming and ent.next_days == value:
        yield "fact", "next_grant_days()", "granted"
    grants = sorted({*ent.current, *ent.upcoming}, key=lambda g: g.arises_on)
    for day in dict.fromkeys(g.arises_on for g in grants):
        if ent.arising_on(day) == value:
            yield "fact", f'grant_days("{day}")', "granted"
    if ent.current and ent.current_days == value:
        yield "fact", "current_days()", "granted"
    for day in dict.fromkeys(g.expires_on for g in ent.current):
        if ent.expiring_on(day) == value:
            yield "fact", f'expiring_days("{day}")', None
    for day, days in ent.unused:
        if days == value:
            yield "fact", f'unused_days("{day}")', "remaining"
    if ent.service_years == value:
        yield "fact", "service_years()", None
    for grant in grants:
        if grant.kind == "annual" and grant.service_years == value:
            yield "fact", f'grant_years("{grant.arises_on}")', None
        if grant.kind == "annual" and grant.days - STATUTE["base_days"] == value and value > 0:
            yield "fact", f'grant_days("{grant.arises_on}") - STATUTE.base_days', "granted"
