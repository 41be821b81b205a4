"""What an answer's own figures say of each other: a number of the question said as a day of the month
("the {q(3)}rd") is not subtracted as days; a what-if uses every number of the person it has just named,
and counts half days as halves ("after {q(2)} half days you'd have {remaining(2026) - q(2)}" is stopped);
a count of records is not said in days ("반차로 {records(2026, "annual", 0.5)}일"); a count of calendar days
is not leave consumed ("연차도 {days(a, b)}이 차감돼요"); two figures compared with more / less run that way
("올해 {used(2026)}으로 작년({used(2025)})보다 더 많이" is stopped when 2026 was fewer). Like the spans
(spans.py), these compare placeholders with each other and their values, not prose with meaning.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from bot.grounding.expressions import Unresolved
from bot.grounding.facts import Evidence, Resolver
from bot.grounding.figure import (
    PLAIN_REMAINING,
    SENTENCE_END,
    YEARLY,
    Figure,
    Problem,
    bind_nearest,
    boundaries,
    masked,
    piece_of,
)
from bot.language.clause_words import (
    CLAUSE_END,
    COMPARED_AFTER,
    COMPARED_BEFORE,
    CONDITIONAL,
    CONSUMED,
    DAY_UNIT_AFTER,
    HALF_DAYS_AFTER,
    HALF_DAYS_BEFORE,
    MORE_OR_LESS,
    ORDINAL_AFTER,
    STRONG_COMPARISON,
)
from bot.language.dates import days_named
from bot.language.questions import asks_for_balance
from bot.language.years import asked_years

# A count with no arithmetic making it days: records (of full days, size 1, they are days), years of service.
_BARE_COUNT = re.compile(r"\{\s*(?:records\((?![^()]*,\s*1\s*\))|service_years\(|grant_years\()[^()]*\)\s*\}")
_LITERAL = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")
_OPERATOR = re.compile(r"[-+*/]")


def consistency_problems(text: str, figures: Sequence[Figure], evidence: Evidence) -> list[Problem]:
    blanked = masked(text)
    return (
        _each(text, blanked, figures, evidence)
        + _compared(text, blanked, figures)
        + _year_asked(figures, evidence)
    )


def _year_asked(figures: Sequence[Figure], evidence: Evidence) -> list[Problem]:
    """A question about one year, this one or an earlier (`작년에 며칠 썼어?`), answered with the leave
    figures of other years only: the answer is about a year nobody asked. A question naming a day, or a
    year to come (whose leave may be drawn from this year's grant), is left alone."""
    today = evidence.today or date.today()
    asked = asked_years(evidence.question, today)
    if (
        len(asked) != 1
        or asked[0] > today.year
        or days_named(evidence.question)
        or not asks_for_balance(evidence.question)
    ):
        return []
    yearly = [f for f in figures if f.years and any(n in YEARLY for n, *_ in f.calls)]
    if not yearly or any(asked[0] in f.years for f in yearly):
        return []
    shown = sorted({y for f in yearly for y in f.years})
    return [Problem(f"figures of {', '.join(map(str, shown))}", f"answer a question about {asked[0]}")]


def _each(text: str, masked: str, figures: Sequence[Figure], evidence: Evidence) -> list[Problem]:
    problems: list[Problem] = []
    as_dates = {_q(f) for f in figures if f.alone == "question" and ORDINAL_AFTER.match(text, f.end)}
    halves = {_q(f) for f in figures if f.alone == "question" and _in_half_days(masked, f)}
    sentences = boundaries(masked, SENTENCE_END)
    window_start = 0
    for figure in figures:
        said = text[figure.start : figure.end]
        used = {Decimal(str(a[0])) for n, a, _ in figure.calls if n == "q" and a}
        if figure.alone is None and used & as_dates:
            problems.append(Problem(said, "uses a day of the month from the question as a number of days"))
        if _BARE_COUNT.fullmatch(said) and DAY_UNIT_AFTER.match(text, figure.end):
            problems.append(Problem(said, "is a count (times, years), not days"))
        if _calendar_days(figure, evidence) and _consumed(masked, figure, figures):
            problems.append(Problem(said, "counts calendar days, but leave is taken on working days"))
        window_start = max(window_start, piece_of(sentences, figure.start)[0])
        arithmetic = re.sub(r'"[^"]*"', "", said)  # the expression without its quoted dates and types
        if "remaining" in figure.roles and _OPERATOR.search(arithmetic):
            # A what-if: every number of the person named since the last one is in it, half days as halves.
            named = {
                _q(f) for f in figures if f.alone == "question" and window_start <= f.start < figure.start
            }
            written = {Decimal(n) for n in _LITERAL.findall(arithmetic)}
            missing = sorted(m for m in named - used - written if m is not None)
            if missing:
                problems.append(Problem(said, f"leaves out {', '.join(map(str, missing))} named before it"))
            elif used & halves and "0.5" not in said:
                problems.append(Problem(said, "takes half days as whole days"))
            window_start = figure.end
        elif PLAIN_REMAINING.fullmatch(said) and _after_what_if(masked, figures, figure, window_start):
            problems.append(Problem(said, "is what is left now, but its clause asks what is left after"))
    return problems


def _after_what_if(masked: str, figures: Sequence[Figure], figure: Figure, window_start: int) -> bool:
    """`{q(2)}일 쓰시면 {remaining(2026)} 남아요`: a plain balance in the clause of a what-if just named."""
    start, _ = piece_of(boundaries(masked, CLAUSE_END), figure.start)
    asked = [
        f for f in figures if f.alone == "question" and max(start, window_start) <= f.start < figure.start
    ]
    sentence_end = next((m.end() for m in SENTENCE_END.finditer(masked, figure.end)), len(masked))
    computed_later = any(  # "you'd go from {remaining(2026)} to {remaining(2026) - 0.5}": now, then after
        "remaining" in f.roles and figure.end <= f.start < sentence_end and f.value != figure.value
        for f in figures
    )
    return bool(asked) and not computed_later and CONDITIONAL.search(masked, start, figure.start) is not None


def _compared(text: str, masked: str, figures: Sequence[Figure]) -> list[Problem]:
    """Two single figures of one kind and two years in a sentence saying more / less: one of them compared
    ("than", 보다), the other must run that way; with neither marked ("{used(2026)} versus {used(2025)}, so
    you're below"), the comparison is in words only and is stopped: their difference, named, is checked."""
    problems = []
    for start, end in itertools.pairwise(boundaries(masked, SENTENCE_END)):
        here = [
            f
            for f in figures
            if start <= f.start < end and len(f.calls) == 1 and f.value is not None and f.years
        ]
        directions = {sign for pattern, sign in MORE_OR_LESS if pattern.search(masked[start:end])}
        if (
            len(here) != 2
            or len(directions) != 1
            or here[0].roles != here[1].roles
            or here[0].years == here[1].years
        ):
            continue
        compared = [
            f
            for f in here
            if COMPARED_AFTER.match(masked, f.end) or COMPARED_BEFORE.search(masked, start, f.start)
        ]
        if len(compared) != 1:
            # "더" / "more" alone is also "anything more?"; the words that only compare stop it
            if STRONG_COMPARISON.search(masked[start:end]) and not any(
                len(f.calls) > 1 for f in figures if start <= f.start < end
            ):
                problems.append(
                    Problem(
                        text[here[0].start : here[1].end],
                        "compares two years in words; name their difference so code checks which is more",
                    )
                )
            continue
        (other,) = [f for f in here if f is not compared[0]]
        (sign,) = directions
        if (
            other.value is not None
            and compared[0].value is not None
            and (other.value - compared[0].value) * sign <= 0
        ):
            problems.append(
                Problem(
                    text[other.start : other.end],
                    f"is not {'more' if sign > 0 else 'less'} than the figure it is compared with",
                )
            )
    return problems


def _calendar_days(figure: Figure, evidence: Evidence) -> bool:
    """A count of calendar days that is not also the count of working days over its span."""
    for name, arguments, _ in figure.calls:
        if name in ("days", "days_between"):
            try:
                working = Resolver(evidence).call("working_days", list(arguments))
            except (Unresolved, ValueError):
                return True
            return working != figure.value
    return False


def _in_half_days(masked: str, figure: Figure) -> bool:
    return bool(HALF_DAYS_AFTER.match(masked, figure.end) or HALF_DAYS_BEFORE.search(masked, 0, figure.start))


def _consumed(masked: str, figure: Figure, figures: Sequence[Figure]) -> bool:
    """A consumed-leave word in the figure's clause, nearer to it than to any other placeholder."""
    start, end = piece_of(boundaries(masked, CLAUSE_END), figure.start)
    here = [f for f in figures if start <= f.start < end]
    return bool(bind_nearest([(CONSUMED, True)], masked[start:end], start, here)[figure])


def _q(figure: Figure) -> Decimal | None:
    return next((Decimal(str(a[0])) for n, a, _ in figure.calls if n == "q" and a), None)
