"""The declared-figures check: an answer carries an account of its numbers, and code verifies the account
exactly. Nothing is guessed from prose about *which* figure a number is: the answer says it.

For every figure the answer declares (`bot/core/declared.py`):
- its `span` must be in the text (several equal spans: the occurrences in order);
- what the span states must be its `value` ("7일 반" is 7.5, "반반차 하나" is 0.25 or 1, "eight" is 8);
- its basis must hold:
  - `fact`: `expr` evaluates, exactly (`Decimal`), to the value, over this conversation's successful
    lookups (`remaining(2026)`, `used(2025) - used(2026)`, `record("2026-03-02")`, …), the question's own
    numbers, and unit constants (100, 0.5, 0.25, `HOURS_PER_DAY`); a year no lookup succeeded for has no
    figure; a division may round to the decimals the value shows. A bare `granted/used/remaining(Y)` must
    not sit beside words presenting it as another of the three.
  - `calendar`: `expr` over `working_days(a, b)`, from the calendar tool's results or the calendar itself;
  - `statute`: `expr` names a number of the Labour Standards Act (`STATUTE.max_days`);
  - `question`: the value is a number the person wrote, and is not presented as their leave;
  - `incidental`: a date, time, year, list number, ordinal, extension or count, which the span must read
    as; never beside words presenting it as leave.
- coverage: every number in the text (`bot/language/number_tokens.py`: digits, number words, fraction
  words) lies inside a declared span.
A negative figure must be written with its sign (or a word for it): "1일 남았어요" is not −1.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from bot.core.declared import DeclaredAnswer, DeclaredFigure
from bot.core.expressions import Evaluated, Unresolved, evaluate
from bot.core.facts import (
    CALENDAR_FUNCTIONS,
    UNIT_NUMBERS,
    Evidence,
    Resolver,
)
from bot.core.incidental import incidental_problem
from bot.core.presented import role_beside
from bot.domain.leave import format_days
from bot.language.number_tokens import NumberToken, adds_a_half, numbers_in


@dataclass(frozen=True)
class FigureProblem:
    """A figure that does not hold, or a number nobody declared. `right` is the value its declared
    basis really has, when that is known (the correction names it)."""

    span: str
    reason: str
    right: Decimal | None = None


@dataclass(frozen=True)
class Verification:
    problems: tuple[FigureProblem, ...]

    @property
    def holds(self) -> bool:
        return not self.problems


def verify(answer: DeclaredAnswer, evidence: Evidence) -> Verification:
    text = answer.text
    located = _locate(answer)
    dates = _declared_dates(answer)
    problems: list[FigureProblem] = []
    for figure, start in located:
        if start is None:
            problems.append(FigureProblem(figure.span, "is not in the text"))
            continue
        others = [
            range(s, s + len(f.span)) for f, s in located if s is not None and (f, s) != (figure, start)
        ]
        problem = _check(figure, start, text, evidence, others, dates)
        if problem is not None:
            problems.append(problem)
    spans = [range(s, s + len(f.span)) for f, s in located if s is not None]
    for token in numbers_in(text):
        if not any(token.start >= r.start and token.end <= r.stop for r in spans):
            problems.append(FigureProblem(text[token.start : token.end], "is a number no figure declares"))
    return Verification(tuple(problems))


def _locate(answer: DeclaredAnswer) -> list[tuple[DeclaredFigure, int | None]]:
    """Each figure's place in the text. Equal spans take their occurrences in order; longer spans are
    placed first and a span never lands inside another figure's ("3" is not the 3 of "3월 2일")."""
    text, figures = answer.text, answer.figures
    places: dict[int, int | None] = {}
    taken: list[range] = []
    searched_from: dict[str, int] = {}
    for index in sorted(range(len(figures)), key=lambda i: -len(figures[i].span)):
        span = figures[index].span
        at = find_span(text, span, searched_from.get(span, 0)) if span else -1
        while at >= 0 and any(at < r.stop and r.start < at + len(span) for r in taken):
            at = find_span(text, span, at + 1)
        if at >= 0:
            searched_from[span] = at + len(span)
            taken.append(range(at, at + len(span)))
        places[index] = at if at >= 0 else None
    return [(figure, places[index]) for index, figure in enumerate(figures)]


def find_span(text: str, span: str, start: int = 0) -> int:
    """Where `span` next stands in `text` as written, never inside a longer number ("2" is not found in
    "2026", nor "7" in "7.5"); -1 when it does not."""
    at = text.find(span, start)
    while at >= 0:
        end = at + len(span)
        cuts_before = span[:1].isdigit() and at > 0 and (text[at - 1].isdigit() or text[at - 1] in ".,")
        cuts_after = (
            span[-1:].isdigit()
            and end < len(text)
            and (
                text[end].isdigit() or (text[end] in ".," and end + 1 < len(text) and text[end + 1].isdigit())
            )
        )
        if not cuts_before and not cuts_after:
            return at
        at = text.find(span, at + 1)
    return -1


def _check(
    figure: DeclaredFigure,
    start: int,
    text: str,
    evidence: Evidence,
    others: Sequence[range],
    dates: Sequence[date] = (),
) -> FigureProblem | None:
    span, end = figure.span, start + len(figure.span)
    if figure.basis == "incidental":
        reason = incidental_problem(figure, start, text)
        return FigureProblem(span, reason) if reason else None
    value = _decimal(figure.value)
    if value is None:
        return FigureProblem(span, f"declares {figure.value!r}, which is not a number")
    if not _span_states(figure.span, start, value, others, text):
        return FigureProblem(span, f"does not say {format_days(value)}")
    if value < 0 and not _signed(text, start, end):
        return FigureProblem(span, "is negative but written without its sign", value)
    match figure.basis:
        case "question":
            if value not in evidence.question_numbers:
                return FigureProblem(
                    span, "is declared as the person's own number, but they did not write it"
                )
            if role_beside(text, start, end, plain_words=True) is not None:
                return FigureProblem(span, "is the person's own number, stated as their leave")
            return None
        case "statute":
            return _check_expression(figure, value, evidence, text, start, needs=_statute_only)
        case "calendar" if not figure.expr:
            # A count with no expression holds if the calendar gives it between dates the answer itself
            # declares (or from today): "12월 19일부터 27일까지 9일 연속", "D-20".
            if value in _counts_between(dates, evidence):
                return None
            return FigureProblem(
                span, "is a calendar count with no expression (days, working_days, days_between)"
            )
        case "calendar":
            return _check_expression(figure, value, evidence, text, start, needs=_has_calendar_call)
        case _:
            return _check_expression(figure, value, evidence, text, start, needs=None)


def _declared_dates(answer: DeclaredAnswer) -> list[date]:
    found: list[date] = []
    for figure in answer.figures:
        if figure.basis == "incidental" and figure.as_ in ("date", "date_range"):
            for part in figure.value.split("/"):
                try:
                    found.append(date.fromisoformat(part.strip()))
                except ValueError:
                    continue
    return found


def _counts_between(dates: Sequence[date], evidence: Evidence) -> set[Decimal]:
    """Every day count the calendar gives between two of these dates, or from today to one of them:
    calendar days (both ends counted, or not) and working days."""
    anchors = sorted({*dates, *([evidence.today] if evidence.today else [])})
    counts: set[Decimal] = set()
    for index, first in enumerate(anchors):
        for last in anchors[index + 1 :]:
            counts |= {Decimal((last - first).days), Decimal((last - first).days + 1)}
            if (first, last) in evidence.working_days:
                counts.add(Decimal(evidence.working_days[(first, last)]))
            elif evidence.calendar is not None and (last - first).days <= 366:
                counts.add(Decimal(evidence.calendar(first, last)))
    return counts


def _statute_only(evaluated: Evaluated, expr: str) -> str | None:
    if evaluated.calls or "STATUTE." not in expr:
        return "a statutory figure must name a number of the Act (STATUTE.…)"
    return None


def _has_calendar_call(evaluated: Evaluated, expr: str) -> str | None:
    if not any(name in CALENDAR_FUNCTIONS for name, _ in evaluated.calls):
        return "a calendar figure must come from the calendar (working_days(…))"
    return None


def _check_expression(
    figure: DeclaredFigure,
    value: Decimal,
    evidence: Evidence,
    text: str,
    start: int,
    needs: Callable[[Evaluated, str], str | None] | None,
) -> FigureProblem | None:
    if not figure.expr:
        return FigureProblem(figure.span, f"declares a {figure.basis} figure without its expression")
    try:
        evaluated = evaluate(figure.expr, Resolver(evidence))
    except Unresolved as exc:
        return FigureProblem(figure.span, str(exc))
    if needs is not None and (why := needs(evaluated, figure.expr)) is not None:
        return FigureProblem(figure.span, why)
    allowed = evidence.question_numbers | UNIT_NUMBERS
    stray = [n for n in evaluated.numbers if n not in allowed]
    if stray and figure.basis == "fact":
        return FigureProblem(figure.span, f"computes with {format_days(stray[0])}, which nothing gave")
    if not _equal(evaluated, value):
        return FigureProblem(figure.span, f"is not {figure.expr}", evaluated.value)
    if figure.basis == "fact":
        return _presented_as_declared(figure, evaluated, value, text, start)
    return None


def _presented_as_declared(
    figure: DeclaredFigure, evaluated: Evaluated, value: Decimal, text: str, start: int
) -> FigureProblem | None:
    """A figure the words beside it present as remaining, used or granted leave must be computed from
    that figure: `granted(2026)` is not "남은 연차", nor is a share used "25 % left"."""
    roles = {_ROLE_OF_CALL[name] for name, _ in evaluated.calls if name in _ROLE_OF_CALL}
    if not roles:
        return None
    if {"granted", "used"} <= roles and not evaluated.divides:
        roles.add("remaining")  # granted − used (a share used, used ÷ granted, is not what is left)
    presented = role_beside(text, start, start + len(figure.span))
    if presented is None or presented in roles:
        return None
    said = " and ".join(sorted(roles))
    return FigureProblem(
        figure.span, f"is computed from {said}, but the text presents it as {presented}", value
    )


_ROLE_OF_CALL = {
    "granted": "granted",
    "used": "used",
    "remaining": "remaining",
    "expiring": "remaining",
    "unused_days": "remaining",
    "taken": "used",
    "record": "used",
    "records": "used",
    "grant_days": "granted",
    "next_grant_days": "granted",
    "current_days": "granted",
}


def _equal(evaluated: Evaluated, value: Decimal) -> bool:
    if evaluated.value == value:
        return True
    # Leave figures are exact; only a ratio may be rounded for display.
    return evaluated.divides and rounds_to(evaluated.value, value)


def rounds_to(exact: Decimal, shown: Decimal) -> bool:
    """Whether `exact`, rounded half up to the decimals `shown` has, is `shown` (23.53 → "23.5")."""
    places = max(0, -int(shown.normalize().as_tuple().exponent))
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) == shown


# ----- what a span says ---------------------------------------------------------------------------------


def _decimal(value: str) -> Decimal | None:
    try:
        return Decimal(value.replace(",", "").replace("%", "").strip())
    except InvalidOperation:
        return None


def _span_states(span: str, start: int, value: Decimal, others: Sequence[range], text: str) -> bool:
    """Whether the span says `value`: one number in it is the value, or "N반"/"N and a half" is, or a
    count of half/quarter days ("반차 하나", "반차로 11번") is, as either the count or the days."""
    tokens = [
        t for t in numbers_in(text) if t.start >= start and t.end <= start + len(span)
    ]  # read in place: a span's edges must not cut a number in two
    own = [t for t in tokens if not any(t.start >= r.start and t.end <= r.stop for r in others)] or tokens
    if not own:
        return False
    candidates: set[Decimal] = set()
    plain: list[NumberToken] = []
    units: list[NumberToken] = []
    for index, token in enumerate(own):
        if index > 0 and adds_a_half(text, own[index - 1], token):
            candidates.discard(own[index - 1].value)
            candidates.add(own[index - 1].value + token.value)
            continue
        (units if token.kind == "fraction" else plain).append(token)
        candidates.add(token.value)
    if len(plain) > 1 and not candidates & {value}:
        return False
    for unit in units:
        candidates |= {p.value * unit.value for p in plain}
    return abs(value) in {abs(c) for c in candidates}


_MINUS = re.compile(r"[-−–]|마이너스|minus|초과|부족|short|over|negative", re.I)


def _signed(text: str, start: int, end: int) -> bool:
    return _MINUS.search(text[max(0, start - 12) : min(len(text), end + 12)]) is not None
