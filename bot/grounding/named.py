"""Named figures: the model names each figure of its answer, code evaluates and writes it.

The final answer's text holds placeholders, `{remaining(2026)}`, `{remaining(2026) - q(3)}`,
`{working_days("2026-12-21", "2026-12-23")}`, `{date("2026-12-24")}`, `{STATUTE.max_days}`. Each is
evaluated exactly (`Decimal`, bot/grounding/expressions.py) over this conversation's successful lookups
(bot/grounding/facts.py) and written in the person's language: a figure in days with its unit ("7.5일",
"7.5 days"; a unit the model wrote after it is not doubled), a count, a ratio (one decimal), a year or `q(n)`
as a bare number, a date as "12월 24일" / "December 24" (its year added when it is not this year).

What is left to check is small, and none of it reads meaning into prose:
- every placeholder evaluates; its plain numbers are only 100 (making a share a percentage) and 0.5 (a
  half day, where the question has one or the expression counts working days); a number the person
  wrote is `q(n)` and must be an amount the question states;
- the text outside placeholders holds no digits and no quantity words (bot/language/quantities.py);
- where a placeholder's own clause names a year (올해, 작년, `{year(2025)}`, a typed 2025: each belongs to
  the leave figure nearest it), a figure kind (남은 / 사용 / 부여 / 받은, left / used / granted), a leave
  type (병가 / 연차), a part of a day (반차 / 반반차) or the Act's meaning (최대 / 기본: each belongs to the
  placeholder nearest it), they agree with the placeholder's expression and its arguments;
- what only the value shows: a difference said with more / less (더 / 덜) is positive and runs the way
  the clause says; a what-if that uses leave never adds to what is left, one that grants never takes; a share never mixes two kinds of
  two years; a record beside a date is that date's record;
- the person's number (`q(n)`) or the Act's (`STATUTE.…`) alone is never presented as their leave;
- the figures agree with each other and with the calendar (spans.py, consistency.py, claims.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from bot import calendar
from bot.calendar import WEEKDAYS_EN, WEEKDAYS_KO, Day
from bot.domain.leave import days_in_english, format_days
from bot.grounding.agreement import clause_problems
from bot.grounding.claims import claim_problems
from bot.grounding.consistency import consistency_problems
from bot.grounding.day_facts import day_problems
from bot.grounding.dimensions import dimension_problems
from bot.grounding.expressions import Argument, Unresolved, evaluate
from bot.grounding.facts import Evidence, Resolver
from bot.grounding.figure import PLACEHOLDER, ROLE, YEARLY, Figure, Problem, near, year_of
from bot.grounding.spans import span_problems
from bot.language.clause_words import (
    CLAUSE_END,
    PART_WORDS,
    TYPED_YEAR,
    UNIT_DEFINITION,
    USE,
)
from bot.language.quantities import stray_quantities

ALLOWED_NUMBERS = frozenset({Decimal(100), Decimal("0.5")})  # at most; see _figure for where
HALF = Decimal("0.5")

_IN_DAYS = set(ROLE) - {"records"} | {"pending", "working_days", "days", "days_between", "expiring_days"}
_STATUTE_DAYS = {"STATUTE.base_days", "STATUTE.first_year_max_days", "STATUTE.extra_days", "STATUTE.max_days"}

_DATE = re.compile(r'date\("(\d{4}-\d{2}(?:-\d{2})?)"\)')  # a day, or a month
_DAY = re.compile(r'day\("(\d{4}-\d{2}-\d{2})"\)')  # what a day is: a working day, a holiday, a weekend
_YEAR = re.compile(r"year\((\d{4})\)")
_TIME = re.compile(r'time\("(\d{1,2}:\d{2})"\)')
_MONTHS = "January February March April May June July August September October November December".split()  # noqa: SIM905


@dataclass(frozen=True)
class Rendered:
    text: str  # placeholders written out; one that failed stays as the model wrote it
    figures: int
    problems: tuple[Problem, ...]

    @property
    def holds(self) -> bool:
        return not self.problems


def render(text: str, evidence: Evidence, korean: bool) -> Rendered:
    today = evidence.today or date.today()
    figures: list[Figure] = []
    problems: list[Problem] = []
    for match in PLACEHOLDER.finditer(text):
        figure, problem = _figure(match, evidence, korean, today)
        figures.append(figure)
        if problem is not None:
            problems.append(Problem(match.group(0), problem))
    outside = UNIT_DEFINITION.sub(" ", PLACEHOLDER.sub(" ", text))
    outside = TYPED_YEAR.sub(lambda m: " " * len(m.group(0)) if near(m, today) else m.group(0), outside)
    # A count of occasions is a claim about the person's leave only where its clause speaks of using it.
    typed = stray_quantities(outside, occasions=False)
    typed += [
        said
        for clause in CLAUSE_END.split(outside)
        if USE.search(clause)
        for said in stray_quantities(clause)
    ]
    problems += [
        Problem(said, "is a number typed in the text; name it as a figure") for said in dict.fromkeys(typed)
    ]
    problems += clause_problems(text, figures, today)
    problems += span_problems(text, figures, evidence)
    problems += consistency_problems(text, figures, evidence)
    problems += claim_problems(text, figures, evidence)
    problems += day_problems(text, figures, evidence)
    problems += dimension_problems(text, figures, evidence)
    return Rendered(_written(text, figures), len(figures), tuple(problems))


def _figure(match: re.Match[str], evidence: Evidence, korean: bool, today: date) -> tuple[Figure, str | None]:
    source, at = match.group(1).strip(), (match.start(), match.end())
    if day := _DATE.fullmatch(source):
        try:
            on = date.fromisoformat(day.group(1) if len(day.group(1)) > 7 else day.group(1) + "-01")
        except ValueError:
            return Figure(*at, None), "is not a date"
        whole_month = len(day.group(1)) == 7
        return Figure(
            *at, _date(on, today, korean, whole_month=whole_month), day=None if whole_month else on
        ), None
    if what := _DAY.fullmatch(source):
        try:
            on = date.fromisoformat(what.group(1))
        except ValueError:
            return Figure(*at, None), "is not a date"
        return Figure(*at, what_day(calendar.day(on), korean), calls=(("day", (on.isoformat(),), 1),)), None
    if year := _YEAR.fullmatch(source):
        return Figure(
            *at,
            year.group(1),
            years=frozenset({int(year.group(1))}),
            unit="year",
        ), None
    if clock := _TIME.fullmatch(source):
        return Figure(*at, clock.group(1)), None
    resolver = QuestionResolver(evidence)
    try:
        evaluated = evaluate(source, resolver)
    except Unresolved as exc:
        return Figure(*at, None), str(exc)
    # 100 makes a share a percentage; 0.5 is a half day only where the question or a day count has one.
    # A part of a day is a unit where the question or the answer names that part (반차 0.5, 반반차 0.25).
    allowed = {Decimal(100)} if evaluated.divides else set()
    if HALF in resolver.question or any(n == "working_days" for n, _ in evaluated.calls):
        allowed.add(HALF)
    said = evidence.question + " " + match.string
    allowed |= {
        part
        for pattern, part in PART_WORDS
        if part < 1 and (part in resolver.question or pattern.search(said))
    }
    stray = [n for n in evaluated.numbers if n not in allowed]
    if stray:
        return Figure(*at, None), f"writes the number {format_days(stray[0])}; name it (the question's: q(n))"
    names = {name for name, _ in evaluated.calls}
    roles = frozenset(ROLE[n] for n in names if n in ROLE)
    if evaluated.divides:  # a share is of its first figure: used ÷ granted is a share used
        first = next((ROLE[n] for n, _ in evaluated.calls if n in ROLE), None)
        roles = frozenset({first} if first else ())
    elif len(roles) > 1:  # granted − used is what is left; used − granted, what was used beyond
        roles |= {"remaining"}
    years = frozenset(
        year_of(name, args) for name, args in evaluated.calls if name in YEARLY or name == "record"
    )
    if (
        len(years) > 1
        and len({ROLE[n] for n in names if n in ROLE}) > 1
        and (evaluated.divides or any(sign < 0 for sign in evaluated.signs))
    ):  # granted(2026) - used(2025), used(2026) / granted(2025) say nothing; next year's grant may add
        return Figure(*at, None), "combines one year's figure with another year's figure of another kind"
    alone = None
    if names <= {"q"} and not resolver.constants:
        alone = "question"
    elif not names and any(c.startswith("STATUTE.") for c in resolver.constants):
        alone = "statute"
    in_days = (
        not evaluated.divides
        and "HOURS_PER_DAY" not in resolver.constants
        and bool(names & _IN_DAYS or set(resolver.constants) & _STATUTE_DAYS)
    )
    value, unit = evaluated.value, ""
    if in_days and evaluated.arithmetic and value < 0:  # "you'd still have -1.5 days": say what is short
        return Figure(*at, None), f"is {format_days(value)} days; say a shortfall as a positive difference"
    if in_days and not korean and _UNIT_FOLLOWS.match(match.string, match.end()):
        shown = format_days(value)  # "{…} unused days"
    elif in_days:
        shown, unit = f"{format_days(value)}일" if korean else days_in_english(value), "days"
    else:
        shown = format_days(value.quantize(Decimal("0.1"), ROUND_HALF_UP) if evaluated.divides else value)
    calls = tuple((n, a, sign) for (n, a), sign in zip(evaluated.calls, evaluated.signs, strict=True))
    return Figure(*at, shown, roles, years, alone, unit, value, calls, tuple(resolver.constants)), None


class QuestionResolver(Resolver):
    """The facts, and `q(n)`: a number the person wrote in the question."""

    def __init__(self, evidence: Evidence) -> None:
        super().__init__(evidence)
        self.question = evidence.question_numbers
        self.constants: list[str] = []

    def call(self, name: str, arguments: Sequence[Argument]) -> Decimal:
        if name != "q":
            return super().call(name, arguments)
        number = Decimal(str(arguments[0])) if len(arguments) == 1 else None
        if number is None or number not in self.question:
            raise Unresolved(
                f"names q({', '.join(map(str, arguments))}), but the question has no such number"
            )
        return number

    def constant(self, name: str) -> Decimal:
        self.constants.append(name)
        return super().constant(name)


def _date(on: date, today: date, korean: bool, *, whole_month: bool = False) -> str:
    """A day with its weekday, written by code so no answer can name the wrong one: "12월 25일(금)",
    "Friday, December 25" (the year added when it is not this year); a month alone as "12월"."""
    if korean:
        said = f"{on.month}월" if whole_month else f"{on.month}월 {on.day}일({WEEKDAYS_KO[on.weekday()][0]})"
        return f"{on.year}년 {said}" if on.year != today.year else said
    said = _MONTHS[on.month - 1] if whole_month else f"{_MONTHS[on.month - 1]} {on.day}"
    said = f"{said}, {on.year}" if on.year != today.year else said
    return said if whole_month else f"{WEEKDAYS_EN[on.weekday()]}, {said}"


def what_day(day: Day, korean: bool) -> str:
    """What a day is, from the calendar: "공휴일(기독탄신일)" / "a public holiday (Christmas Day)", a company
    day off, a weekend day, or a working day."""
    names = [(h.name_ko if korean else h.name_en, h.kind) for h in day.holidays]
    off = [
        (f"공휴일({name})" if korean else f"a public holiday ({name})")
        if kind == "public"
        else (f"회사 휴무일({name})" if korean else f"a company day off ({name})")
        for name, kind in names
    ]
    if day.weekend:
        off.insert(0, "주말" if korean else "a weekend day")
    if not off:
        return "근무일" if korean else "a working day"
    return ("이자 " if korean else " and ").join(off)


_REPEATED_UNIT = {"days": re.compile(r"일|\s?days?\b", re.I)}
_UNIT_FOLLOWS = re.compile(r" (?:[A-Za-z-]+ ){1,2}days?\b")  # English puts a word between: "7.5 unused days"


def _written(text: str, figures: Sequence[Figure]) -> str:
    parts: list[str] = []
    at = 0
    for figure in figures:
        parts.append(text[at : figure.start])
        parts.append(figure.shown if figure.shown is not None else text[figure.start : figure.end])
        at = figure.end
        repeated = _REPEATED_UNIT.get(figure.unit) if figure.shown is not None else None
        if repeated is not None and (unit := repeated.match(text, at)):
            at = unit.end()  # "{remaining(2026)}일" / "{remaining(2026)} days": the unit is written once
    return "".join(parts) + text[at:]
