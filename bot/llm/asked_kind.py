"""The kind of answer a question asks for, and whether a reading's answer is of that kind.

A question is not read whole when its topic is: "작년이랑 올해 받은 연차 차이는?" is about two years' leave
and asks for a *difference*; an answer with both years' figures and no difference answers another
question. So besides its topic, every question is read for the kinds of answer it asks (a difference or
comparison, a total over years, a date, a count), each by the words that ask it, and every reading says
which kinds its answer gives (`ANSWERS`). The coverage check (coverage.py) leaves the words of a kind the
reading does not answer unread: a question asking for a kind of answer its reading
does not write is declined, whatever the kind and whoever wrote the question. One test, not a rule a case.
"""

from __future__ import annotations

import re
from typing import Literal

from bot.language import words
from bot.language.question_words import COMPARED
from bot.language.words import alternation, pattern
from bot.llm.question_patterns import CONDITION, PERCENT
from bot.llm.reading_values import Kind, Reading

Asked = Literal["difference", "compare", "total", "share", "hours", "why", "if", "law", "when", "coming"]

# The words that ask each kind, in the order they are read (each blanks its words before the next: "중에
# 언제 더 많이" asks which year, not a date).
_WORDS: tuple[tuple[Asked, re.Pattern[str]], ...] = (
    (
        "difference",
        re.compile(
            r"보다|차이|대비|에\s*비해|중에?\s*(?:언제|어느\s*해)|어느\s*해(?:가|에)?\s*더|"
            r"\bthan\b|\bdifference\b|\bby\s+how\s+much\b|"
            r"\bwhich\s+year\b|\b(?:more|less|fewer)\b(?=.*\bor\b)|"
            r"더\s*많|덜|늘었|줄었|\bfewer\b|\bless\b|\bmore\b",
            re.I,
        ),
    ),
    # side by side, no figure asked of it ("재작년이랑 작년 연차 비교해 줘")
    ("compare", re.compile(r"비교|\bcompar\w*|\bvs\.?(?!\w)|\bversus\b", re.I)),
    (
        "total",
        re.compile(
            rf"{alternation(words.TOTAL)}|합치|합하|합산|다\s*합|\bcombined\b|\bsum\b|\btogether\b|\bboth\s+years\b",
            re.I,
        ),
    ),
    ("share", PERCENT),
    ("hours", re.compile(r"시간|\bhours?\b|\bhrs?\b", re.I)),
    ("why", pattern(words.WHY)),
    # "if …", "만약": only a what-if (or "can I take …") reads one
    ("if", CONDITION),
    (
        "law",
        re.compile(
            r"(?:근로\s*기준\s*)?(?<!방)법(?:\s*상)?|규정|정책|취업\s*규칙|\blabou?r\s+law\b|\blaw\b|\blegal|statutory|\bpolicy|\bthe\s+act\b|"
            r"\b(?:the\s+)?labou?r\s+standards\s+act\b|\brules?\b",
            re.I,
        ),
    ),
    ("when", re.compile(r"언제|\bwhen\b|\bwhat\s+date\b|날짜|\bwhich\s+days?\b", re.I)),
)
# "more" also says "again" (반차 몇 번 더, "2 more days"): a difference only beside a comparison word or
# two years; alone it is left to the reading that counts with it.
_MORE_ALONE = re.compile(r"\bmore\b", re.I)
# (and a choice between two: "2025 or 2026", "둘 중에")
_COMPARING = re.compile(rf"{COMPARED.pattern}|\bor\b|중에", re.I)
# A "when" of something to come (a grant, a lapse): never the records of days taken.
_FUTURE = re.compile(
    r"다음|생기|생겨|생길|나와|나오|나올|들어와|소멸|없어|날아|\bnext\b|\bwill\b|\bupcoming\b|\bget\b|"
    r"\bexpir\w*|\blapse|\bforfeit",
    re.I,
)

_RECORDS_TOOL = "list_leave_taken"
_RECORDS_GIVE = {True: frozenset[Asked]({"when"})}
# What each reading's answer gives beyond a figure. A kind not named here answers only a figure, or nothing
# checked (a greeting, a decline).
_WITH_A_CONDITION = frozenset[Asked]({"if"})
ANSWERS: dict[Kind, frozenset[Asked]] = {
    "percent": frozenset({"share"}),
    "hours_left": frozenset({"hours"}),
    "why_days": frozenset({"why", "law"}),
    "first_year": frozenset({"law"}),
    "can_i_take": _WITH_A_CONDITION,
    "check_claim": _WITH_A_CONDITION,
    "difference": frozenset({"difference", "compare"}),
    "compare": frozenset({"compare"}),
    "total": frozenset({"total"}),
    "expiry": frozenset({"coming", "when", "law"}),
    "next_grant": frozenset({"coming", "when", "law"}),
    "days_until": frozenset({"coming", "when"}),
    "carry_over": frozenset({"coming", "when", "law"}),
    "act_rules": frozenset({"law"}),
    "monthly": frozenset({"when"}),
    "half_days": frozenset({"when"}),
    "what_if": _WITH_A_CONDITION,
    "what_if_span": _WITH_A_CONDITION,
    "in_a_row": _WITH_A_CONDITION,
    "grows": frozenset({"coming", "when", "law"}),  # the days off in a row if the plan's days are taken
}
# Role words, for the two-year readings: which figure the years are compared on.
ROLES: dict[str, re.Pattern[str]] = {
    "used": pattern(
        words.USED,
        words.USED_STATED,
        words.Words(ko=("썼", "쓴", "사용", "쓰"), en=(r"\buse\b", r"\btake\b", r"\btook\b", r"\bused\b")),
    ),
    "granted": pattern(
        words.GRANTED,
        words.GRANTED_STATED,
        words.Words(ko=("받",), en=(r"\bget\b", r"\bgot\b", r"\bgiven\b", r"\bgrant\w*")),
    ),
    "remaining": pattern(words.REMAINING),
}


def asked(question: str, years: int) -> dict[Asked, list[str]]:
    """The kinds of answer the question asks for, each with the words that ask it. `years`: how many
    years it names (a comparison of "more" needs two, or a comparison word)."""
    found: dict[Asked, list[str]] = {}
    rest = question
    for kind, finder in _WORDS:
        said = [m.group(0) for m in finder.finditer(rest) if m.group(0).strip()]
        if kind == "difference" and said and years < 2 and not _COMPARING.search(rest):
            said = [w for w in said if not _MORE_ALONE.fullmatch(w.strip())]
        if kind == "total" and years < 2:  # one year's total is that year's figure
            said = []
        if kind == "when" and said and _FUTURE.search(question):
            kind = "coming"
        if said:
            found[kind] = said
            rest = finder.sub(lambda m: " " * len(m.group(0)), rest)
    return found


def unanswered(question: str, reading: Reading) -> list[str]:
    """The words asking a kind of answer the reading does not write ("차이" for a reading that writes no
    difference, "when" of a grant for the records of days taken; the records' dates answer "when")."""
    gives = ANSWERS.get(reading.kind, frozenset()) | _RECORDS_GIVE.get(
        _RECORDS_TOOL in reading.tools, frozenset()
    )
    return [
        w
        for kind, said in asked(question, len(set(reading.asked))).items()
        if kind not in gives
        for w in said
    ]


def blank_asked(question: str) -> str:
    """`question` with every word asking a kind of answer blanked: the reading gives that kind, or
    `unanswered` already left it unread."""
    for _, finder in _WORDS:
        question = finder.sub(lambda m: " " * len(m.group(0)), question)
    return question


def role_of(question: str) -> str | None:
    """The one figure a question compares years on (used, granted, remaining); None for none or several."""
    roles = [role for role, finder in ROLES.items() if finder.search(question)]
    return roles[0] if len(roles) == 1 else None
