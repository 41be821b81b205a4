"""What an answer's own figures say of each other: a number of the question said as a day of the month
("the {q(3)}rd") is not subtracted as days; a what-if uses every number of the person it has just named
("after {q(2)} days and {q(1.5)} days you'd have {remaining(2026) - q(2)}" is stopped); a count of records
is not said in days ("반차로 {records(2026, "annual", 0.5)}일" is stopped: two half days are not two days).
Like the spans (spans.py), these compare placeholders with each other, not prose with meaning.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from bot.grounding.figure import PLACEHOLDER, Figure, Problem
from bot.language.clause_words import DAY_UNIT_AFTER, ORDINAL_AFTER

_SENTENCE_END = re.compile(r"[.!?\n]")
_BARE_RECORDS = re.compile(r"\{\s*records\([^()]*\)\s*\}")  # a count, with no arithmetic making it days


def consistency_problems(text: str, figures: Sequence[Figure]) -> list[Problem]:
    problems: list[Problem] = []
    as_dates = {_q(f) for f in figures if f.alone == "question" and ORDINAL_AFTER.match(text, f.end)}
    masked = PLACEHOLDER.sub(lambda m: "#" * len(m.group(0)), text)
    sentence_starts = [0, *(m.end() for m in _SENTENCE_END.finditer(masked))]
    window_start = 0
    for figure in figures:
        said = text[figure.start : figure.end]
        used = {Decimal(str(a[0])) for n, a, _ in figure.calls if n == "q" and a}
        if figure.alone is None and used & as_dates:
            problems.append(Problem(said, "uses a day of the month from the question as a number of days"))
        if _BARE_RECORDS.fullmatch(said) and DAY_UNIT_AFTER.match(text, figure.end):
            problems.append(Problem(said, "counts records (how many times), not days; say it as times"))
        window_start = max(window_start, max(at for at in sentence_starts if at <= figure.start))
        if "remaining" in figure.roles and used:  # a what-if: every number of the person just named is in it
            named = {
                _q(f) for f in figures if f.alone == "question" and window_start <= f.start < figure.start
            }
            missing = named - used - {None}
            if missing:
                problems.append(
                    Problem(
                        said,
                        f"leaves out {', '.join(map(str, sorted(m for m in missing if m)))} named before it",
                    )
                )
            window_start = figure.end
    return problems


def _q(figure: Figure) -> Decimal | None:
    return next((Decimal(str(a[0])) for n, a, _ in figure.calls if n == "q" and a), None)
