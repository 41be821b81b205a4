"""The model's reading of the question, checked: each part it answers is quoted from the question, and
nothing the question asks is left outside every quote.

A statement's choice is then held to its own part's words (bot/grounding/choice.py, `part_problems`), so a
question of two asks ("근속 몇 년이고, 다음 달에 몇 개 생겨요?") is not answered by one, and a year in one
clause is not read as the year of another ("작년 남은 건 이월돼요? 그리고 올해는 몇 개 남았어?").

What is outside the quotes may be an aside ("planning a trip", "팀장님이 물어봐서", "lol"). It asks
something when it holds an asking word — a closed class of words (몇, 언제, how, what, "can you", a question
mark after words…), which, unlike the words for leave, does not grow with each new way of asking — or a
year, a date, or an amount of days no statement is about, or words the choice reads as asking for what no
statement says (a premise whose figures the statements give is part of that ask: "just back from sick
leave — how many sick days this year?").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from bot.grounding.choice import Chosen, Problem, unanswered
from bot.language.dates import blank_dates, days_named
from bot.language.number_tokens import amounts_in
from bot.language.question_words import ASKING, DAYS_STATED
from bot.language.years import asked_years

_MARKS = " ?!.~,;:…\"'()[]"


def is_whole(quote: str, question: str) -> bool:
    """Whether a quote is the whole question (most answers: one ask, quoted whole)."""
    return _compact(quote) == _compact(question)


def _compact(text: str) -> str:
    return re.sub(r"\s+", "", text.casefold()).strip(_MARKS)


@dataclass(frozen=True)
class Quoted:
    """Where each part's quote stands in the question, and what lies outside every quote."""

    found: list[str]  # quotes found in the question, as written there
    missing: list[str]  # quotes that are not in it
    outside: list[str]  # the question's stretches no quote covers


def quoted(question: str, quotes: Sequence[str]) -> Quoted:
    """Each quote found in the question — spacing aside ("몇개" is "몇 개"), and a quote cut short with "…"
    found piece by piece, in order, covering what it cut — and the stretches no quote covers."""
    plain = question.casefold()
    letters = [i for i, ch in enumerate(plain) if not ch.isspace()]  # where each letter of `compact` is
    compact = "".join(plain[i] for i in letters)
    covered = [False] * len(plain)
    found: list[str] = []
    missing: list[str] = []
    for quote in quotes:
        pieces = [_compact(piece) for piece in re.split(r"\.\.\.+|…", quote)]
        spans: list[tuple[int, int]] = []
        start = 0
        for piece in filter(None, pieces):
            at = compact.find(piece, start)
            if at < 0:
                break
            spans.append((letters[at], letters[at + len(piece) - 1] + 1))
            start = at + len(piece)
        if not spans or len(spans) < len(list(filter(None, pieces))):
            missing.append(quote)
            continue
        found.append(" … ".join(question[a:b] for a, b in spans))
        first, last = spans[0][0], spans[-1][1]  # what "…" cut out is of the same ask
        covered[first:last] = [True] * (last - first)
    stretches = re.split(r"\x00+", "".join("\x00" if c else ch for ch, c in zip(plain, covered, strict=True)))
    outside = [re.sub(r"\s+", " ", s).strip(_MARKS) for s in stretches]
    return Quoted(found, missing, [s for s in outside if s])


def asks_outside(stretch: str, today: date, chosen: Chosen | None = None) -> bool:
    """Whether a stretch of the question outside every quote asks something (else it is an aside, or the
    premise of an ask whose figures the statements took: "thinking of 2 half days. what would that leave?")."""
    about = chosen or Chosen()
    years = set(asked_years(stretch, today)) - about.years
    days = {(m, d) for m, d in days_named(stretch)} - {(d.month, d.day) for d in about.days | about.ends}
    amounts = (
        amounts_in(blank_dates(stretch)) - about.taken - about.stated - about.parts
        if DAYS_STATED.search(blank_dates(stretch))
        else set()
    )
    return bool(ASKING.search(stretch) or years or days or amounts or unanswered(stretch, about, today))


def reading_problems(question: str, quotes: Sequence[str], today: date, chosen: Chosen) -> list[Problem]:
    """Each quote is the question's own words, and what no quote covers asks nothing."""
    read = quoted(question, quotes)
    problems = [
        Problem("say", f'quotes "{quote}", which is not in the question; copy its words exactly')
        for quote in read.missing
    ]
    if not read.missing:  # a quote not found leaves its words outside: one reason is enough
        problems += [
            Problem("say", f'leaves out "{stretch}", which asks something; give it a part of its own')
            for stretch in read.outside
            if asks_outside(stretch, today, chosen)
        ]
    return problems
