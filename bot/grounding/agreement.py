"""The clause agreement: where a placeholder's own clause names a year, a figure kind, a leave type, a
part of a day or the Act's meaning, it agrees with what the placeholder names; and what only the value
shows (a difference said with more / less, a what-if's sign, a record beside a date). Words are bound to
the placeholder nearest them (bot/language/clause_words.py holds them, as language data)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from datetime import date
from decimal import Decimal

from bot.domain.leave import format_days
from bot.grounding.facts import CALENDAR_FUNCTIONS, HOURS_PER_DAY
from bot.grounding.figure import (
    ROLE,
    SENTENCE_END,
    YEARLY,
    Figure,
    Problem,
    bind_nearest,
    boundaries,
    distance,
    near,
    piece_of,
    year_of,
)
from bot.grounding.figure import masked as masked_text
from bot.language.clause_words import (
    AS_OF,
    CLAUSE_END,
    CONDITIONAL,
    DIRECTION_WORDS,
    GAIN,
    KIND_WORDS,
    LAW_WORDS,
    LEAVE_TYPE_WORDS,
    LEAVE_WORD,
    NEGATED_AFTER,
    NEGATED_BEFORE,
    PART_WORDS,
    SPEND,
    STATUTE_WORDS,
    THAN,
    TYPED_YEAR,
    YEAR_WORDS,
)
from bot.policy.statute import STATUTE

# "남은 연차에서 {working_days(…)}이 빠져요", "takes {…} from your remaining leave": what is left, taken from.
_TAKEN_FROM = re.compile(
    r"(?:남은|잔여)\s*(?:연차|휴가)?에서|\b(?:from|out of|off)\s+(?:your\s+)?(?:remaining|leave)", re.I
)
_STATUTE_MEANING = {
    "STATUTE.max_days": "max",
    "STATUTE.first_year_max_days": "max",
    "STATUTE.base_days": "base",
}

# An English comparison names its compared year after "than" ("than last year", "than in 2026").
_THAN_BEFORE = re.compile(r"\bthan (?:in |for |during )?$", re.I)


def clause_problems(text: str, figures: Sequence[Figure], today: date) -> list[Problem]:
    masked = masked_text(text)
    bounds = boundaries(masked, CLAUSE_END)
    sentences = boundaries(masked, SENTENCE_END)
    problems: list[Problem] = []
    law_named = LAW_WORDS.search(masked) is not None
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
            if near(m, today)
        ]
        for at, until, year in said_years if dated else ():
            named_years[min(dated, key=lambda f: distance(f, at, until))].add(year)
        years = {year for _, _, year in said_years}
        compared = {
            y
            for at, until, y in said_years
            if THAN.match(masked, until) or _THAN_BEFORE.search(masked, 0, at) is not None
        }
        # A clause opening on a year names it for all its figures: in "작년에는 {granted(2025)} 중
        # {used(2026)} 쓰셨어요" the reader takes both for last year's ("{…} versus {…} last year" does not).
        topic = {y for at, _, y in said_years if dated and at < min(f.start for f in dated)} - compared
        problems += [
            Problem(
                text[f.start : f.end], f"is for {_list(f.years)}, but its clause names only {_list(topic)}"
            )
            for f in dated
            if not named_years[f] and topic and not f.years & years and any(named_years[g] for g in dated)
        ]
        kinds = bind_nearest(KIND_WORDS, clause, start, here)
        figures_of_leave = [f for f in here if f.calls] or here
        types = bind_nearest(LEAVE_TYPE_WORDS, clause, start, figures_of_leave)
        parts = bind_nearest(PART_WORDS, clause, start, figures_of_leave)
        meanings = bind_nearest(STATUTE_WORDS, clause, start, here)
        directions = bind_nearest(DIRECTION_WORDS, clause, start, here)
        what_if = {w for w, pattern in (("use", SPEND), ("grant", GAIN)) if pattern.search(clause)}
        what_if = what_if if CONDITIONAL.search(clause) else set()
        # The days its sentence names ("on {date(…)}, for {record(…)}": a comma does not change the day).
        first, last = piece_of(sentences, start)
        days_said = {
            f.day
            for f in figures
            if f.day is not None and first <= f.start < last and not AS_OF.match(masked, f.end)
        }
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
            named_here = named_years.get(figure)
            if named_here and (
                not figure.years & named_here or (len(figure.years) > 1 and not named_here <= figure.years)
            ):  # a difference of two years names those two: "more this year than in 2024" is not 2026 − 2025
                problems.append(
                    Problem(said, f"is for {_list(figure.years)}, but its clause says {_list(named_here)}")
                )
            bound = kinds[figure]
            if (
                "remaining" in bound
                and figure.calls
                and all(n in CALENDAR_FUNCTIONS for n, *_ in figure.calls)
                and LEAVE_WORD.search(clause)
                and not _TAKEN_FROM.search(clause)
                and not any(f.roles for f in here)
            ):  # "남은 연차가 {working_days(…)}이라": a count of the calendar is no leave left
                problems.append(
                    Problem(said, "counts days in the calendar, but its clause calls it leave left")
                )
            if figure.roles and bound and not figure.roles & bound:
                problems.append(
                    Problem(said, f"is {_list(figure.roles)} leave, but its clause calls it {_list(bound)}")
                )
            negated = NEGATED_AFTER.match(masked, figure.end) or NEGATED_BEFORE.search(
                masked, 0, figure.start
            )
            if (
                figure.alone == "question"
                and not negated
                and (bound & {"remaining", "granted"} or ("used" in bound and not CONDITIONAL.search(clause)))
            ):
                problems.append(Problem(said, "is the person's own number, presented as their leave"))
            # In an answer that never names the law, an Act's day figure says its meaning (최대 / 기본),
            # and is neither a year's nor a kind of the person's leave; in a sum or a share its clause
            # names the meaning ("기본 15일에 {grant_days(…) - STATUTE.base_days}일이 더해진").
            said_meaning = any(pattern.search(clause) for pattern, _ in STATUTE_WORDS)
            if (
                _statute(figure)
                and not law_named
                and (
                    not said_meaning if figure.alone != "statute" else not meanings[figure] or bound or years
                )
            ):
                problems.append(Problem(said, "is the Act's number, presented as the person's leave"))
    return problems + _called_the_maximum(text, masked, figures)


def _called_the_maximum(text: str, masked: str, figures: Sequence[Figure]) -> list[Problem]:
    """The person's figure called the Act's maximum ("you'll get {next_grant_days()}, which is the statutory
    maximum"), checked by its value: the sentence names the law and a maximum, bound to its nearest figure."""
    problems = []
    for start, end in itertools.pairwise(boundaries(masked, SENTENCE_END)):
        sentence = masked[start:end]
        here = [f for f in figures if start <= f.start < end and f.shown is not None]
        if not here or not LAW_WORDS.search(sentence):
            continue
        bound = bind_nearest(STATUTE_WORDS[:1], sentence, start, here)
        problems += [
            Problem(text[f.start : f.end], f"is not the Act's maximum ({STATUTE['max_days']} days)")
            for f in here
            if bound[f]
            and not _statute(f)
            and f.unit == "days"
            and f.value not in (STATUTE["max_days"], STATUTE["first_year_max_days"])
        ]
    return problems


def _statute(figure: Figure) -> bool:
    return any(c in _STATUTE_MEANING for c in figure.constants)


def _agreement(figure: Figure, types: set[str], parts: set[Decimal], meanings: set[str]) -> list[str]:
    """A figure's own arguments agree with the words bound to it: leave type, part of a day, the Act's meaning."""
    named_types = {
        str(a[1]) if n in ("taken", "records") and len(a) > 1 else "annual"
        for n, a, _ in figure.calls
        if n in YEARLY and not (n == "records" and len(a) < 2)
    }
    named_parts = {Decimal(str(a[2])) for n, a, _ in figure.calls if n == "records" and len(a) > 2}
    if len(figure.calls) == 1 and figure.calls[0][0] == "record" and figure.value is not None:
        named_parts = {figure.value}  # one record's days are its part of a day: 반차 0.5, a full day 1
    if not figure.calls and "HOURS_PER_DAY" in figure.constants and figure.value is not None:
        named_parts = {
            figure.value / HOURS_PER_DAY
        }  # "반차는 {HOURS_PER_DAY * 0.5}시간": the hours of that part
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
        years = {year_of(n, a): sign for n, a, sign in terms if n in YEARLY}
        lead = next((y for y, sign in years.items() if sign > 0), None)
        base = compared & set(years) or ({min(years)} if len(years) > 1 else set())
        relative = -value if lead in base else value
        if value <= 0 or (base and relative * said < 0):
            problems.append(f"is {format_days(value)}, but its clause says {'more' if said > 0 else 'less'}")
    if (
        "remaining" in figure.roles
        and "use" in what_if
        and any(n in ("q", "working_days") and s > 0 for n, _, s in figure.calls)
    ):
        problems.append("adds the days taken to what is left, but using leave can only take from it")
    if any(n == "remaining" and s > 0 for n, _, s in figure.calls) and any(
        n == "pending" and s > 0 for n, _, s in figure.calls
    ):
        problems.append("adds pending days to what is left, but approving them can only take from it")
    if (
        "remaining" in figure.roles
        and "grant" in what_if
        and any(ROLE.get(n) == "granted" and s < 0 for n, _, s in figure.calls)
    ):
        problems.append("takes a grant from what is left, but a grant can only add to it")
    records = {date.fromisoformat(str(a[0])) for n, a, _ in figure.calls if n == "record" and a}
    if records and days_said and not records & days_said:
        problems.append("is a record of another day than the date beside it")
    return problems


def _list(items: Iterable[object]) -> str:
    return " / ".join(sorted(map(str, items)))
