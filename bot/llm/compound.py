"""A message of several questions, read part by part ("is Dec 25 a holiday, and how many days do I have
left?", "연차 소멸 날짜가 언제야? 그때 몇 개 없어져?"): split at its question marks, sentence ends and the joins
between questions; each part read whole by the same reader and word account (coverage.py) as a question
alone, following the part before it as in a conversation (its years carry). Answered only if every part is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from bot.language import request_words, words
from bot.language.clause_words import USE
from bot.language.dates import MONTH_ASKED, blank
from bot.language.people import Roster
from bot.language.words import pattern
from bot.language.years import VAGUE_THEN, YEAR_AFTER, YEAR_BEFORE, asked_years
from bot.llm.asked_kind import asked
from bot.llm.coverage import kind_words, pending_asked, unread
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
# A run that asks something; one that does not ("2 years ago"), or a condition, goes with the next.
_ASKS = re.compile(
    rf"{pattern(words.DAYS_QUANTITY, words.HOW_MUCH, words.WHEN).pattern}|몇|며칠|언제|알려|"
    r"\b(?:is|are|was|were|do|does|did|will|can|could|what|what's|whats|which|how)\b",
    re.I,
)
# Asking again what the part before answers: referring back to it, or only question words beside its kind's.
_ANAPHOR = re.compile(r"\b(?:it|that|those|them|they|then)\b|그\s*때|그거|그건", re.I)
_ASKING = re.compile(
    r"\bhow\s+(?:many|much)(?:\s+days?)?\b|\b(?:on\s+)?(?:what|which)\s+date\b|\b(?:when|exactly)\b|몇\s*(?:개|일|번)?|며칠|"
    r"얼마|언제|날짜|정확히|[^\w]",
    re.I,
)
_ENDINGS = re.compile(r"(?:이|가|은|는|에|요|이에요|예요|이야|야|임|인가요|되면|면|나)*")
_RELATIVE = re.compile(f"{YEAR_BEFORE.pattern}|{YEAR_AFTER.pattern}", re.I)  # "the year before": its own year
_QUESTION_END = re.compile(r"(?<=[?？])(?![?？])\s*")
# Where one question ends and the next begins: a sentence end, "and", "also", "btw", "plus", 그리고, 그럼, 또.
_JOINS = re.compile(
    r"(?<=[.!:])\s+|,?\s+(?:and|also|plus|btw|by\s+the\s+way)\s+|"
    r"\s*그리고\s*|,\s+|"
    r"(?:(?<=년이고)|(?<=일이고)|(?<=칠이고)|(?<=개고))\s+",  # "근속 몇 년이고 다음 연차는 며칠?": a question word's clause
    re.I,
)


@dataclass(frozen=True)
class Part:
    """One question of the message: read by `reading` (a lookup) or asked of the calendar (`calendar`)."""

    text: str
    reading: Reading | None = None
    calendar: tuple[str, dict[str, str]] | None = None


# An aside: a sentence that asks nothing and names nothing a figure depends on ("징검다리면 연차 붙이게 ㅎㅎ",
# "planning a trip!"): no asking word, figure, condition or request, number, year, date, month, other kind
# of leave, person, or word taking something back. Closed classes and the readers' own finds, so a sentence
# the readers know nothing of is an aside only when it has none of them.
_NOT_AN_ASIDE = re.compile(
    rf"{_ASKS.pattern}|{pattern(*words.LEAVE_TYPES.values(), words.HOURS).pattern}|\d|[?？]|"
    r"말고|빼고|제외|포함|아니|법|규정|기준|\b(?:not|no|except|without|but|only|if|when|until|before|after|"
    r"includ\w*|law|legal\w*|act|rules?|polic\w*)\b|"
    r"님|씨|\b(?:my|our|his|her|their)\s+(?:manager|boss|team|lead|colleague|coworker)",
    re.I,
)
_LEAVE_WORDS = pattern(words.LEAVE, words.EXPIRY, words.CARRY_OVER_OR_PAY)
_OCCASIONS = re.compile(
    r"결혼|출산|장례|경조|부고|병원|아파|\b(?:wedding|funeral|maternity|paternity|birth|hospital|sick|ill)\b",
    re.I,
)
_WHAT_IFS = frozenset({"what_if", "what_if_span", "can_i_take"})
_LEFT_AFTER_IT = pattern(words.REMAINING)
_SENTENCES = re.compile(r"(?<=[.!?？~])\s+|\n+")
# Where a clause of a sentence ends: a comma or dash, or a Korean ending that joins clauses ("…는데",
# "…라서", "…하느라", "…는지 기억이 안 나네": the clause after it), English "because" / "so" / "need to".
_CLAUSES = re.compile(
    r"(?<=[,—–])\s+|\s+[-—–]\s+|(?<=는데|은데|인데|라서|해서|어서|아서|니까|느라|지만|는지|려고|려구)\s+|"
    r"\s+(?=\b(?:because|since|bc|cuz|so\s+i|need\s+to|trying\s+to|want\s+to\s+plan)\b)",
    re.I,
)


def without_asides(question: str, today: date, roster: Roster) -> str:
    """The question less the asides that open or close it (one in the middle stays: the rest must read as
    one stretch of the person's words)."""
    sentences = [s for s in _SENTENCES.split(question.strip()) if s.strip()]

    def aside(text: str, clause: bool = False) -> bool:
        named = (
            _OWN.search(text)
            # "…, 소멸된 건 없었는지": a clause of the leave asked; "결혼해서 …": maybe another kind of leave
            or (clause and (_LEAVE_WORDS.search(text) or _OCCASIONS.search(text)))
            or asked_years(text, today)
            or dates_named(text, today)
            or MONTH_ASKED.search(text)
        )
        return not (_NOT_AN_ASIDE.search(text) or named or roster.colleague_named(text, None))

    while len(sentences) > 1 and aside(sentences[-1]):
        sentences.pop()
    while len(sentences) > 1 and aside(sentences[0]):
        sentences.pop(0)
    # ...and the clauses that open or close what is left ("작년에 몇 개 날렸는지 기억이 안 나네")
    clauses = [c for c in _CLAUSES.split(" ".join(sentences)) if c.strip()]
    while len(clauses) > 1 and aside(clauses[-1], clause=True):
        clauses.pop()
    while len(clauses) > 1 and aside(clauses[0], clause=True):
        clauses.pop(0)
    kept = " ".join(clauses)
    return kept if kept in question else question


_AT_THAT_TIME = re.compile(r"\b(?:get|have|be|take)\b[^?]*\bthen\b", re.I)


def asks_in(question: str) -> int:
    """How many asks a message holds: its questions and the joined clauses that ask ("12월 공휴일은
    며칠인지, 그리고 근무일은 총 며칠인지")."""
    return sum(
        1
        for piece in questions_in(question)
        for clause in _JOINS.split(piece)
        if clause and _ASKS.search(clause)
    )


def questions_in(question: str) -> list[str]:  # split at its question marks
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
    """The parts, each read whole; None for one question (read whole, as before) or a part unread. Joined
    questions each read whole are parts even when the whole reads ("how many days i have left, how many i
    used last yr" is not last year's balance alone)."""
    pieces = questions_in(question)
    if whole.kind not in _MAY_COMPOSE:
        return None
    # "2025 and 2026 combined": one total over the years, which no part of one year answers
    if whole.kind != "total" and "total" in asked(question, len(set(whole.asked))):
        return None
    if len(pieces) == 1 and not whole_left and whole.kind in ("difference", "total"):
        return None  # one question over two years, read whole ("used in 2025, and how many more than 2026?")
    parts: list[Part] = []
    for piece in pieces:
        whole_piece = _read(piece, parts, today, earlier, system, roster)
        read = _joined(piece, parts, today, earlier, system, roster, whole_piece is not None) or whole_piece
        if read is None:
            return None
        parts += read
    return None if [part.text for part in parts] == [question.strip()] else parts or None


def _joined(
    piece: str, before: list[Part], today: date, earlier: Earlier, system: str, roster: Roster, asking: bool
) -> list[Part] | None:
    """`piece` as joined questions: from the left, the shortest run of its segments that reads whole
    ("between tomorrow and Dec 31" is one run); None when it is not so read. `asking`: the piece reads
    whole, so each run must ask something ("2025 and 2026 combined?" is one question)."""
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
                if (WHAT_IF.search(run) and end < len(segments))
                or (not _ASKS.search(run) and (asking or end < len(segments)))
                else _read(run, before + parts, today, earlier, system, roster)
            )
            if read is not None and (start, end) != (0, len(segments)):
                parts += read
                start = end
                break
        else:
            return None
    return parts if start else None


def _again(text: str, last: Reading, today: date) -> bool:
    """Whether `text` only asks again what `last` answers ("how many days will it be?", "며칠?", "on what date
    exactly?", "how many expired?" after last year's balance); "how many do I have now?" asks anew."""
    made = kind_words(last, today)
    rest = _ASKING.sub(" ", blank(text, made) if made else text)
    return bool(_ANAPHOR.search(text)) or all(_ENDINGS.fullmatch(word) for word in rest.split())


def _read(
    text: str, before: list[Part], today: date, earlier: Earlier, system: str, roster: Roster
) -> list[Part] | None:
    """`text` as one part, as asking what the part before answers ([]: no figure, year, date or kind of
    its own: "며칠?", "그때 몇 개 없어져?", "how many expired?" after last year's), or unread (None)."""
    last = before[-1].reading if before else None
    if last is not None and last.years:
        earlier = Earlier(last.years, last.tools, True, before[-1].text)
    elif last is not None:  # the Act's leave (no year): about leave, nothing more carries
        earlier = Earlier(earlier.years, earlier.tools, True, earlier.question)
    reading = read_question(text, today, earlier, system, roster)
    # "… and how many days do I get then?": at the time the part before names, which this part does not read
    if _AT_THAT_TIME.search(text) and not asked_years(text, today):
        return None
    # "Can I take Dec 31 off? What would be left?": what is left after the days the part before takes
    if (
        last is not None
        and last.kind in _WHAT_IFS
        and _LEFT_AFTER_IT.search(text)
        and not re.search(r"\d", text)
        and not asked_years(text, today)
        and not unread(text, last, today)
    ):
        return []
    own = _OWN.search(text) or asked_years(text, today) or dates_named(text, today) or _RELATIVE.search(text)
    if last and not own and reading.kind not in LOOKUP_KINDS - {"lookup", last.kind}:  # never a bare balance
        # (or what is pending beside the balance before: "몇 개 남았어? 결재 대기중인 것도 있어?")
        again = _again(text, last, today) or pending_asked(text, last)
        return [] if again and not unread(blank(text, VAGUE_THEN), last, today) else None
    calendar = calendar_asked(text, today)
    if calendar is not None:
        return [Part(text, calendar=calendar)]
    if reading.kind in LOOKUP_KINDS and not unread(text, reading, today, bool(earlier.years)):
        return [Part(text, reading=reading)]
    return None
