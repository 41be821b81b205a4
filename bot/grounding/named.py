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
- the person's number (`q(n)`) or the Act's (`STATUTE.…`) alone is never presented as their leave.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import TypeVar

from bot.domain.leave import days_in_english, format_days
from bot.grounding.expressions import Argument, Unresolved, evaluate
from bot.grounding.facts import Evidence, Resolver
from bot.language.clause_words import (
    AS_OF,
    CLAUSE_END,
    CONDITIONAL,
    DIRECTION_WORDS,
    GAIN,
    KIND_WORDS,
    LEAVE_TYPE_WORDS,
    PART_WORDS,
    SPEND,
    STATUTE_WORDS,
    THAN,
    TYPED_YEAR,
    USE,
    YEAR_WORDS,
)
from bot.language.quantities import stray_quantities

PLACEHOLDER = re.compile(r"\{([^{}\n]{1,300})\}")
ALLOWED_NUMBERS = frozenset({Decimal(100), Decimal("0.5")})  # at most; see _figure for where
HALF = Decimal("0.5")

_ROLE = {
    **dict.fromkeys(("remaining", "expiring", "unused_days"), "remaining"),
    **dict.fromkeys(("used", "taken", "record", "records"), "used"),
    **dict.fromkeys(("granted", "grant_days", "next_grant_days", "current_days"), "granted"),
}
_YEARLY = {"granted", "used", "remaining", "expiring", "taken", "records", "pending"}
_IN_DAYS = set(_ROLE) - {"records"} | {"pending", "working_days", "days", "days_between", "expiring_days"}
_STATUTE_DAYS = {"STATUTE.base_days", "STATUTE.first_year_max_days", "STATUTE.extra_days", "STATUTE.max_days"}

_DATE = re.compile(r'date\("(\d{4}-\d{2}(?:-\d{2})?)"\)')  # a day, or a month
_YEAR = re.compile(r"year\((\d{4})\)")
_TIME = re.compile(r'time\("(\d{1,2}:\d{2})"\)')
_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]

_STATUTE_MEANING = {
    "STATUTE.max_days": "max",
    "STATUTE.first_year_max_days": "max",
    "STATUTE.base_days": "base",
}


_Said = TypeVar("_Said")


@dataclass(frozen=True)
class Problem:
    figure: str  # the placeholder or the stray word, as written
    reason: str


@dataclass(frozen=True)
class Figure:
    start: int
    end: int
    shown: str | None  # as the person reads it; None when it did not evaluate
    roles: frozenset[str] = frozenset()
    years: frozenset[int] = frozenset()
    alone: str | None = None  # "question" / "statute": only the person's or the Act's number
    unit: str = ""  # "days" / "year": the unit a following word may repeat
    value: Decimal | None = None
    calls: tuple[tuple[str, tuple[Argument, ...], int], ...] = ()  # name, arguments, sign in the sum
    constants: tuple[str, ...] = ()
    day: date | None = None  # a date placeholder's day


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
    outside = PLACEHOLDER.sub(" ", text)
    outside = TYPED_YEAR.sub(lambda m: " " * len(m.group(0)) if _near(m, today) else m.group(0), outside)
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
    problems += _clause_problems(text, figures, today)
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
    if year := _YEAR.fullmatch(source):
        return Figure(
            *at,
            year.group(1),
            years=frozenset({int(year.group(1))}),
            unit="year",
        ), None
    if clock := _TIME.fullmatch(source):
        return Figure(*at, clock.group(1)), None
    resolver = _Resolver(evidence)
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
    allowed |= {part for pattern, part in PART_WORDS if part in resolver.question or pattern.search(said)}
    stray = [n for n in evaluated.numbers if n not in allowed]
    if stray:
        return Figure(*at, None), f"writes the number {format_days(stray[0])}; name it (the question's: q(n))"
    names = {name for name, _ in evaluated.calls}
    roles = frozenset(_ROLE[n] for n in names if n in _ROLE)
    if evaluated.divides:  # a share is of its first figure: used ÷ granted is a share used
        first = next((_ROLE[n] for n, _ in evaluated.calls if n in _ROLE), None)
        roles = frozenset({first} if first else ())
    elif len(roles) > 1:  # granted − used is what is left; used − granted, what was used beyond
        roles |= {"remaining"}
    years = frozenset(
        _year_of(name, args) for name, args in evaluated.calls if name in _YEARLY or name == "record"
    )
    if evaluated.divides and len(years) > 1 and len(names & set(_ROLE)) > 1:
        return Figure(*at, None), "divides one year's figure by another year's figure of another kind"
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
    if in_days and not korean and _UNIT_FOLLOWS.match(match.string, match.end()):
        shown = format_days(value)  # "{…} unused days"
    elif in_days:
        shown, unit = f"{format_days(value)}일" if korean else days_in_english(value), "days"
    else:
        shown = format_days(value.quantize(Decimal("0.1"), ROUND_HALF_UP) if evaluated.divides else value)
    calls = tuple((n, a, sign) for (n, a), sign in zip(evaluated.calls, evaluated.signs, strict=True))
    return Figure(*at, shown, roles, years, alone, unit, value, calls, tuple(resolver.constants)), None


class _Resolver(Resolver):
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


def _near(year: re.Match[str], today: date) -> bool:
    return abs(int(year.group(0)) - today.year) <= 5


def _year_of(name: str, arguments: Sequence[Argument]) -> int:
    if name == "record":
        return int(str(arguments[0])[:4])
    return int(arguments[0])


def _date(on: date, today: date, korean: bool, *, whole_month: bool = False) -> str:
    if korean:
        said = f"{on.month}월" if whole_month else f"{on.month}월 {on.day}일"
        return f"{on.year}년 {said}" if on.year != today.year else said
    said = _MONTHS[on.month - 1] if whole_month else f"{_MONTHS[on.month - 1]} {on.day}"
    return f"{said}, {on.year}" if on.year != today.year else said


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


def _clause_problems(text: str, figures: Sequence[Figure], today: date) -> list[Problem]:
    masked = PLACEHOLDER.sub(lambda m: "#" * len(m.group(0)), text)
    bounds = [0, *(m.end() for m in CLAUSE_END.finditer(masked)), len(text)]
    problems: list[Problem] = []
    for start, end in itertools.pairwise(bounds):
        here = [f for f in figures if start <= f.start < end]
        if not here:
            continue
        clause = masked[start:end]
        # A year word (or a {year(…)}) belongs to the nearest leave figure, a kind word to the nearest
        # placeholder: "작년엔 {used(2025)} 썼고 올해는 {used(2026)}" holds, the two swapped do not.
        dated = [f for f in here if f.years and f.unit != "year"]
        named_years: dict[Figure, set[int]] = {f: set() for f in dated}
        said_years = [
            (m.start() + start, m.end() + start, today.year + shift)
            for pattern, shift in YEAR_WORDS
            for m in pattern.finditer(clause)
        ]
        said_years += [(f.start, f.end, y) for f in here if f.unit == "year" for y in f.years]
        said_years += [
            (m.start() + start, m.end() + start, int(m.group(0)))
            for m in TYPED_YEAR.finditer(clause)
            if _near(m, today)
        ]
        for at, until, year in said_years if dated else ():
            named_years[min(dated, key=lambda f: _distance(f, at, until))].add(year)
        years = {year for _, _, year in said_years}
        compared = {
            y for at, until, y in said_years if THAN.match(masked, until) or masked.endswith("than ", 0, at)
        }
        kinds = _bound(KIND_WORDS, clause, start, here)
        figures_of_leave = [f for f in here if f.calls] or here
        types = _bound(LEAVE_TYPE_WORDS, clause, start, figures_of_leave)
        parts = _bound(PART_WORDS, clause, start, figures_of_leave)
        meanings = _bound(STATUTE_WORDS, clause, start, here)
        directions = _bound(DIRECTION_WORDS, clause, start, here)
        what_if = {w for w, pattern in (("use", SPEND), ("grant", GAIN)) if pattern.search(clause)}
        what_if = what_if if CONDITIONAL.search(clause) else set()
        days_said = {f.day for f in here if f.day is not None and not AS_OF.match(masked, f.end)}
        for figure in here:
            problems += [
                Problem(text[figure.start : figure.end], reason)
                for reason in _agreement(
                    figure, types.get(figure, set()), parts.get(figure, set()), meanings[figure]
                )
                + _direction(figure, directions[figure], compared, what_if, days_said)
            ]
        for figure in here:
            said = text[figure.start : figure.end]
            near = named_years.get(figure)
            if near and not figure.years & near:
                problems.append(
                    Problem(said, f"is for {_list(figure.years)}, but its clause says {_list(near)}")
                )
            bound = kinds[figure]
            if figure.roles and bound and not figure.roles & bound:
                problems.append(
                    Problem(said, f"is {_list(figure.roles)} leave, but its clause calls it {_list(bound)}")
                )
            if figure.alone == "question" and (
                bound & {"remaining", "granted"} or ("used" in bound and not CONDITIONAL.search(clause))
            ):
                problems.append(Problem(said, "is the person's own number, presented as their leave"))
            if figure.alone == "statute" and (bound & {"remaining", "used"} or (bound and years)):
                problems.append(Problem(said, "is the Act's number, presented as the person's leave"))
    return problems


def _bound(
    words: Sequence[tuple[re.Pattern[str], _Said]], clause: str, start: int, here: Sequence[Figure]
) -> dict[Figure, set[_Said]]:
    """Each word found in the clause, bound to the placeholder nearest it."""
    bound: dict[Figure, set[_Said]] = {f: set() for f in here}
    for pattern, meaning in words:
        for word in pattern.finditer(clause):
            nearest = min(here, key=lambda f: _distance(f, start + word.start(), start + word.end()))
            bound[nearest].add(meaning)
    return bound


def _agreement(figure: Figure, types: set[str], parts: set[Decimal], meanings: set[str]) -> list[str]:
    """A figure's own arguments agree with the words bound to it: leave type, part of a day, the Act's meaning."""
    named_types = {
        str(a[1]) if n in ("taken", "records") and len(a) > 1 else "annual"
        for n, a, _ in figure.calls
        if n in _YEARLY and not (n == "records" and len(a) < 2)
    }
    named_parts = {Decimal(str(a[2])) for n, a, _ in figure.calls if n == "records" and len(a) > 2}
    named_meanings = {_STATUTE_MEANING[c] for c in figure.constants if c in _STATUTE_MEANING}
    return [
        f"names {_list(named)}, but its clause says {_list(said)}"
        for named, said in ((named_types, types), (named_parts, parts), (named_meanings, meanings))
        if named and said and not named & said
    ]


def _direction(
    figure: Figure, directions: set[int], compared: set[int], what_if: set[str], days_said: set[date]
) -> list[str]:
    """What only the value shows: a difference said with more / less, a what-if's sign, a record's date."""
    problems = []
    value, terms = figure.value, [(n, a, sign) for n, a, sign in figure.calls if n != "q"]
    if value is not None and len(directions) == 1 and any(sign < 0 for *_, sign in figure.calls):
        (said,) = directions
        years = {_year_of(n, a): sign for n, a, sign in terms if n in _YEARLY}
        lead = next((y for y, sign in years.items() if sign > 0), None)
        base = compared & set(years) or ({min(years)} if len(years) > 1 else set())
        relative = -value if lead in base else value
        if value <= 0 or (base and relative * said < 0):
            problems.append(f"is {format_days(value)}, but its clause says {'more' if said > 0 else 'less'}")
    if (
        "remaining" in figure.roles
        and "use" in what_if
        and any(n == "q" and s > 0 for n, _, s in figure.calls)
    ):
        problems.append("adds the person's days to what is left, but using leave can only take from it")
    if (
        "remaining" in figure.roles
        and "grant" in what_if
        and any(_ROLE.get(n) == "granted" and s < 0 for n, _, s in figure.calls)
    ):
        problems.append("takes a grant from what is left, but a grant can only add to it")
    records = {date.fromisoformat(str(a[0])) for n, a, _ in figure.calls if n == "record" and a}
    if records and days_said and not records & days_said:
        problems.append("is a record of another day than the date beside it")
    return problems


def _distance(figure: Figure, start: int, end: int) -> int:
    return start - figure.end if start >= figure.end else figure.start - end if end <= figure.start else 0


def _list(items: Iterable[object]) -> str:
    return " / ".join(sorted(map(str, items)))
