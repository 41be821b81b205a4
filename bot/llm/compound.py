"""A message of several questions, read part by part ("How many days expire at year end, and on what
date?", "is Dec 25 a holiday, and how many days do I have left?", "연차 소멸 날짜가 언제야? 그때 몇 개 없어져?").

The message is split at its question marks; a piece the reader does not read whole is split again at its
sentence ends and the joins between questions (", and", 그리고, a comma). Each part is read whole by the
same reader and the same account of every word (coverage.py) as a question alone, as if it followed the
part before it in the conversation (its years, so "그때" / "the year before" are that part's). A part that
names no figure, year or date of its own ("며칠?", "how many days will it be?", "on what date?") asks what
the part before answers, so it is accounted by that part's reading and adds no lookup. The message is
answered only if every part is read; any part unread declines the whole, as a question alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from bot.language import request_words, words
from bot.language.clause_words import USE
from bot.language.dates import blank
from bot.language.people import Roster
from bot.language.words import pattern
from bot.language.years import VAGUE_THEN, asked_years
from bot.llm.coverage import unread
from bot.llm.drafting import dates_named
from bot.llm.question_patterns import WHAT_IF
from bot.llm.reading import calendar_asked, read_question
from bot.llm.reading_values import LOOKUP_KINDS, Earlier, Kind, Reading

# The whole reading's kinds a message of several questions may have (never someone else's, a greeting, …).
_MAY_COMPOSE: frozenset[Kind] = LOOKUP_KINDS | {"off_topic", "which_year", "rules", "hours"}
# A part with a figure, a condition or a request of its own; one without asks what the part before answers.
_OWN = re.compile(
    rf"{pattern(words.FIGURES, words.ASKED_CONDITION, request_words.WANTS_LEAVE).pattern}|{USE.pattern}", re.I
)
# A run that asks something; one that does not ("2 years ago", "if I take 2 days") goes with the question
# after it.
_ASKS = re.compile(
    rf"{pattern(words.DAYS_QUANTITY, words.HOW_MUCH, words.WHEN).pattern}|몇|며칠|언제|알려|"
    r"\b(?:is|are|was|were|do|does|did|will|can|could|what|what's|whats|which|how)\b",
    re.I,
)
_QUESTION_END = re.compile(r"(?<=[?？])\s*")
_JOINS = re.compile(r"(?<=[.!:])\s+|,?\s+and\s+|\s*그리고\s*|,\s+", re.I)


@dataclass(frozen=True)
class Part:
    """One question of the message: read by `reading` (a lookup) or asked of the calendar (`calendar`)."""

    text: str
    reading: Reading | None = None
    calendar: tuple[str, dict[str, str]] | None = None


def questions_in(question: str) -> list[str]:
    return [piece.strip() for piece in _QUESTION_END.split(question) if piece.strip()]


def composed(
    question: str,
    whole: Reading,
    whole_left: bool,
    today: date,
    earlier: Earlier,
    system: str,
    roster: Roster,
) -> list[Part] | None:
    """The parts of a message of several questions, each read whole; None when the message is one
    question (read as a whole, as before) or a part is unread (then the whole is declined). A piece whose
    joins part questions that are each read whole is read in those parts, even if it reads whole too:
    "how many days i have left, how many i used last yr" is two questions, not last year's balance."""
    pieces = questions_in(question)
    if whole.kind not in _MAY_COMPOSE:
        return None
    parts: list[Part] = []
    for piece in pieces:
        read = _joined(piece, parts, today, earlier, system, roster)
        read = _read(piece, parts, today, earlier, system, roster) if read is None else read
        if read is None:
            return None
        parts += read
    return None if [part.text for part in parts] == [question.strip()] else parts or None


def _joined(
    piece: str, before: list[Part], today: date, earlier: Earlier, system: str, roster: Roster
) -> list[Part] | None:
    """`piece` read as questions joined by ", and", 그리고, a comma: from the left, the shortest run of
    its segments that reads whole, then the next ("between tomorrow and Dec 31" is one run). A condition
    goes with the question after it ("if I take 2 days, how many are left"). None: not so read."""
    cuts = [0, *(i for m in _JOINS.finditer(piece) for i in (m.start(), m.end())), len(piece)]
    segments = [
        (cuts[i], cuts[i + 1]) for i in range(0, len(cuts), 2) if piece[cuts[i] : cuts[i + 1]].strip()
    ]
    parts: list[Part] = []
    start = 0
    while len(segments) > 1 and start < len(segments):
        for end in range(start + 1, len(segments) + 1):
            run = piece[segments[start][0] : segments[end - 1][1]]
            read = (
                None
                if (WHAT_IF.search(run) or not _ASKS.search(run)) and end < len(segments)
                else _read(run, before + parts, today, earlier, system, roster)
            )
            if read is not None and (start, end) != (0, len(segments)):
                parts += read
                start = end
                break
        else:
            return None
    return parts if start else None


def _read(
    text: str, before: list[Part], today: date, earlier: Earlier, system: str, roster: Roster
) -> list[Part] | None:
    """`text` read whole as one part ([the part]), as asking no more than the part before it ([]), or
    not read (None). A part with no figure, year, date or kind of its own asks what the part before it
    answers ("며칠?", "그때 몇 개 없어져?", "how many expired?" after "how many i used last yr")."""
    last = before[-1].reading if before else None
    if last is not None and last.years:
        earlier = Earlier(last.years, last.tools, True, before[-1].text)
    reading = read_question(text, today, earlier, system, roster)
    own = _OWN.search(text) or asked_years(text, today) or dates_named(text, today)
    if last is not None and not own and reading.kind not in LOOKUP_KINDS - {"lookup", last.kind}:
        return [] if not unread(blank(text, VAGUE_THEN), last, today, True) else None
    calendar = calendar_asked(text, today)
    if calendar is not None:
        return [Part(text, calendar=calendar)]
    if reading.kind in LOOKUP_KINDS and not unread(text, reading, today, bool(earlier.years)):
        return [Part(text, reading=reading)]
    return None
