"""What an answer claims about leave: each amount it states, with what the amount is (remaining, used,
granted), the year it is stated for, and whether it is only hypothetical ("3일 쓰면").

Plain rules over the text, no model. The rules are written against a corpus of realistic answers
(tests/data/grounding_corpus.json) and err as follows:

- A number is a leave *amount* only when the text says so: a day unit after it (`7.5일`, `12 days`,
  `연차 12개`), a role word right next to it (`잔여: 3.5`, `7.5 left`), or a column of a leave table.
  Every other number is incidental and ignored: dates and day ranges, times, weeks, months, hours,
  percentages, ordinals and seniority, list numbering, extensions and ids, years.
- The role is read from the nearest words: a `label:` right before the number first, then a word right
  after it, then the nearest in its clause. Qualified words keep their meaning (`사용 가능한`, `미사용`,
  `unused` say *remaining*; `of your 17` says 17 is the grant).
- The year is the nearest year the answer names before the amount in the same sentence (`올해는 3.5일`),
  else after it in that sentence (`… 11.5 days this year`), else, in a list or table under a year heading,
  that heading's year. With none, it is None: any year looked up may back it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Literal

from bot.language import words
from bot.language.dates import DATE_AND_TIME_PATTERNS, blank, blank_dates, last_month_day
from bot.language.words import alternation, pattern
from bot.language.years import year_mentions

__all__ = ["ROLES", "Claim", "Role", "blank_dates", "claims_in"]

Role = Literal["remaining", "used", "granted"]
ROLES: tuple[Role, ...] = ("remaining", "used", "granted")


@dataclass(frozen=True)
class Claim:
    text: str  # as written, e.g. "8일"
    start: int  # where the number is in the answer (to repair it in place)
    end: int
    value: Decimal
    role: Role | None  # what the answer says the number is, when its words say so
    year: int | None  # the year it is stated for, when the answer says
    hypothetical: bool = False  # "if you take 3 days", "3일 쓰면": a what-if, not a figure
    definition: bool = False  # "반차(0.5일)": what a half day is, true whatever the records say
    on: tuple[int, int] | None = None  # (month, day) of a leave record the amount is stated for
    leave_type: str | None = None  # "sick", "special": the kind of leave the amount is stated for


# Spans that hold numbers but no leave amount. Blanked (same length) before amounts are looked for.
_INCIDENTAL = re.compile(
    "|".join(
        [
            r"https?://\S+",
            r"`[^`\n]*`",
            *DATE_AND_TIME_PATTERNS,
            r"\bD\s*[-+]\s*\d+",
            r"\b(?:the\s+)?\d+(?:st|nd|rd|th)\b",
            rf"\d+(?:\.\d+)?\s*(?:{'|'.join(words.NOT_DAY_UNITS.ko)})",
            rf"\d+(?:\.\d+)?\s*(?:{'|'.join(words.NOT_DAY_UNITS.en)})\b",
            r"\b[Qq][1-4]\b|\bH[12]\b|\bFY\s*'?\d{2,4}\b",
            r"(?:내선|ext\.?|extension|x|tel\.?|phone|전화|☎|#|no\.|번호|ticket|티켓|room|룸|요청\s*번호|ID)\s*:?\s*[\d-]{2,}",
            r"\d{2,4}-\d{3,4}-\d{4}",  # phone numbers
            r"\b[A-Z]{1,5}-\d+\b",  # ticket ids like HR-1234
            r"'\d{2}\b",  # '24
        ]
    ),
    re.I,
)
# List numbering at the start of a line: "1. ", "2) ", "(3) ", "① ".
_LIST_NUMBER = re.compile(r"^(\s*(?:[-*]\s+)?)\(?\d{1,2}[.)](?=\s)", re.M)

_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\w.]\d)")
_DAY_UNIT = re.compile(
    r"\s*(?:-\s*)?(?:일(?![정요월본자시기반간])|(?:(?:vacation|leave|annual(?:\s+leave)?|pto|holiday|sick|working|business)\s+)?days?\b|일치|개(?!월))",
    re.I,
)

# Role words. Order within each matters only where two words start alike; the nearest match wins.
# "13 of your 17", "17일 중": what follows is the whole year's grant.
_PART_OF = r"\bout\s+of\b|\bof\s+(?:your|the|a|all)?\s*(?=\d)|^\s*중(?:에서|에)?(?=\s|$)"
_ROLE_WORDS: dict[Role, re.Pattern[str]] = {
    "remaining": pattern(words.REMAINING, words.REMAINING_STATED),
    "used": pattern(words.USED, words.USED_STATED),
    "granted": re.compile(f"{alternation(words.GRANTED, words.GRANTED_STATED)}|{_PART_OF}", re.I),
}
_OF_TOTAL = re.compile(r"(?:\bof|\bout\s+of)\s+(?:your|the|all(?:\s+your)?)?\s*$|/\s*$", re.I)
_OF_TOTAL_AFTER = re.compile(r"\s*(?:days?\s+)?(?:of|out\s+of)\s+(?:your|the|all)?\s*$", re.I)
# A figure's name used as a label ("잔여 연차는", "remaining:"), or a leave word as a topic.
_FIGURE_NAMES = alternation(words.REMAINING, words.USED, words.GRANTED)
_LEAVE_NAMES = alternation(words.LEAVE, words.Words(en=(r"days?",)))
_TRAILING_LABEL = re.compile(
    rf"(?:{_FIGURE_NAMES})(?:\s*(?:{_LEAVE_NAMES}))?"
    r"\s*(?:\*\*)?\s*(?:은|는|이|가|:|：|is|of)?\s*(?:\*\*)?\s*$",
    re.I,
)
_LABELLED = re.compile(
    rf"(?:\S+\s+)?\S+(?:\s+(?:{_LEAVE_NAMES}))?\s*(?:\*\*)?\s*(?:은|는|이|가|is|are|was|were)\s*(?:\*\*)?\s*"
    r"(?:총|모두|약|딱|단|only|just|about)?\s*(?:\*\*)?\s*$",
    re.I,
)
_HAVE = re.compile(r"\b(?:you\s+have|you've\s+got|you\s+still\s+have)\b", re.I)
_LABEL = re.compile(
    r"[:：=]\s*(?:\*\*|__)?\s*$"
)  # a label right before the number: "잔여 연차: ", "Left:** "
_CLAUSE_BREAK = re.compile(r"[(),;/|\n]|[.!?](?!\d)|\s[-–—]\s|그리고|하지만|반면|and\s|but\s|while\s", re.I)
_SENTENCE_BREAK = re.compile(r"[.!?。](?!\d)|\n")
_HYPOTHETICAL = pattern(words.STATED_CONDITION)
_HALF_DAY = pattern(words.HALF_DAY)
# Kinds of leave other than annual, as a leave record's `leave_type` names them.
_LEAVE_TYPES = {kind: pattern(named) for kind, named in words.LEAVE_TYPES.items()}
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$", re.M)
_TABLE_RULE = re.compile(r"\s*:?-{2,}:?\s*")
_LIST_ITEM = re.compile(r"\s*(?:[-*•]|\d+[.)]|\|)")
_ITEM_START = re.compile(r"[|*\-•]\s|\s{2}")
_TOTAL_WORDS = pattern(words.TOTAL)


def _clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    left = max((m.end() for m in _CLAUSE_BREAK.finditer(text, 0, start)), default=0)
    after = _CLAUSE_BREAK.search(text, end)
    return left, after.start() if after else len(text)


def _sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    left = max((m.end() for m in _SENTENCE_BREAK.finditer(text, 0, start)), default=0)
    after = _SENTENCE_BREAK.search(text, end)
    return left, after.start() if after else len(text)


def _role_of(text: str, start: int, end: int, neighbours: tuple[int, int]) -> Role | None:
    """The role the words around the number at [start, end) give it. `neighbours` bounds the window at
    the previous and next amounts, so a word describes the nearest number only."""
    clause_start, clause_end = _clause_bounds(text, start, end)
    left = max(clause_start, neighbours[0], start - 30)
    right = min(clause_end, neighbours[1], end + 24)
    before, after = text[left:start], text[end:right]
    if _OF_TOTAL.search(before):  # "13 of your 17 days": 17 is the whole year's grant
        return "granted"
    if _OF_TOTAL_AFTER.match(after):  # "13 of your …": 13 is the part, named by the clause's verb
        clause = text[clause_start:clause_end]
        part_roles: tuple[Role, ...] = ("remaining", "used")
        for role in part_roles:
            if _ROLE_WORDS[role].search(clause):
                return role
    label = _LABEL.search(before)
    if label:  # "잔여 연차: 17일", "**Days left:** 15": the label's own words decide
        head = before[: label.start()]
        head = head[max((m.end() for m in _ITEM_START.finditer(head)), default=0) :]
        found = _nearest(head, from_end=True)
        if found:
            return found
    labelled = _LABELLED.search(before)
    if labelled:  # "used는 총 8일", "남은 연차는 7.5일", "remaining is 7": the topic names the figure
        found = _nearest(labelled.group(0), from_end=True)
        if found:
            return found
    if right == neighbours[1]:  # "1.5일이라 remaining 7일": a label right before the next number is its own
        after = _TRAILING_LABEL.sub("", after)
    unit = _DAY_UNIT.match(after)
    rest = after[unit.end() :] if unit else after
    close_after = _nearest(rest[:14], from_end=False)
    if close_after:
        return close_after
    found = _nearest_both(before, after)
    if found:
        return found
    if _HAVE.search(before) or _HAVE.search(after[:16]):
        return "remaining"
    return None


def _nearest(window: str, *, from_end: bool) -> Role | None:
    best: tuple[int, Role] | None = None
    for role, role_words in _ROLE_WORDS.items():
        for match in role_words.finditer(window):
            distance = len(window) - match.end() if from_end else match.start()
            if best is None or distance < best[0]:
                best = (distance, role)
    return best[1] if best else None


def _nearest_both(before: str, after: str) -> Role | None:
    best: tuple[int, Role] | None = None
    for role, role_words in _ROLE_WORDS.items():
        for match in role_words.finditer(before):
            distance = len(before) - match.end()
            if best is None or distance < best[0]:
                best = (distance, role)
        for match in role_words.finditer(after):
            distance = match.start() + 4  # a word before the number reads as its label first
            if best is None or distance < best[0]:
                best = (distance, role)
    return best[1] if best else None


def _date_before(text: str, start: int, clause_start: int) -> tuple[int, int] | None:
    """A record's date right before the amount in its clause: "3월 2일 1일", "Mar 2: 1 day"."""
    window = text[max(clause_start, start - 24) : start]
    if _TOTAL_WORDS.search(window):
        return None  # a total after the dates, not one record's days
    return last_month_day(window)


def _leave_type_near(text: str, start: int, end: int, neighbours: tuple[int, int]) -> str | None:
    """ "2 days of sick leave", "병가 1일": the kind of leave right next to the amount."""
    clause_start, clause_end = _clause_bounds(text, start, end)
    window = text[max(neighbours[0], clause_start, start - 10) : min(neighbours[1], clause_end, end + 16)]
    for kind, named in _LEAVE_TYPES.items():
        if named.search(window):
            return kind
    return None


def _table_claims(text: str, today: date) -> tuple[list[Claim], list[tuple[int, int]]]:
    """Markdown tables whose header names the figures (부여 | 사용 | 잔여, Granted | Used | Left)."""
    claims: list[Claim] = []
    covered: list[tuple[int, int]] = []
    rows = list(_TABLE_ROW.finditer(text))
    header_roles: list[Role | None] | None = None
    for index, row in enumerate(rows):
        cells = row.group(0).strip().strip("|").split("|")
        if all(_TABLE_RULE.fullmatch(cell) for cell in cells):
            continue
        previous_end = rows[index - 1].end() if index else -2
        if header_roles is None or previous_end + 1 < row.start():
            header_roles = [_nearest(cell, from_end=False) for cell in cells]
            if not any(header_roles):
                header_roles = None
            continue
        years = [y for _, y in year_mentions(row.group(0), today)]
        position = row.start() + row.group(0).index("|") + 1
        for column, cell in enumerate(cells):
            role = header_roles[column] if column < len(header_roles) else None
            cell_start = position
            position += len(cell) + 1
            blanked = blank(cell, _INCIDENTAL)
            for number in _NUMBER.finditer(blanked):
                value = Decimal((number.group(1) + (number.group(2) or "")).replace(",", ""))
                start, end = cell_start + number.start(), cell_start + number.end()
                covered.append((start, end))
                if role is None and not _DAY_UNIT.match(cell[number.end() :]):
                    continue
                claims.append(
                    Claim(text[start:end], start, end, value, role, years[0] if len(years) == 1 else None)
                )
    return claims, covered


def claims_in(answer: str, today: date) -> list[Claim]:
    """Every leave amount `answer` states, in order."""
    table_claims, covered = _table_claims(answer, today)
    blanked = blank(blank(answer, _INCIDENTAL), _LIST_NUMBER)
    for start, end in covered:
        blanked = blanked[:start] + " " * (end - start) + blanked[end:]
    mentions = year_mentions(answer, today)

    numbers = list(_NUMBER.finditer(blanked))
    claims: list[Claim] = list(table_claims)
    for index, number in enumerate(numbers):
        start, end = number.start(), number.end()
        neighbours = (
            numbers[index - 1].end() if index else 0,
            numbers[index + 1].start() if index + 1 < len(numbers) else len(answer),
        )
        unit = _DAY_UNIT.match(blanked, end)
        role = _role_of(answer, start, end, neighbours)
        if not unit and role is None:
            continue  # a bare number nothing calls leave
        if not unit:
            # A bare number is an amount only when a role word is right next to it.
            before = answer[max(neighbours[0], start - 12) : start]
            after = answer[end : min(neighbours[1], end + 10)]
            named = _nearest(after, from_end=False) or _nearest(before, from_end=True)
            if not (_LABEL.search(before) or named or _OF_TOTAL_AFTER.match(after)):
                continue
        value = Decimal((number.group(1) + (number.group(2) or "")).replace(",", ""))
        shown_end = unit.end() if unit else end
        clause_start, clause_end = _clause_bounds(answer, start, end)
        clause = answer[clause_start:clause_end]
        # A what-if: its condition in the amount's clause ("3일 쓰면"), or earlier in its sentence (then
        # the amount is a result: "3일 더 쓰시면 used는 9일, remaining은 6일").
        sentence_start = _sentence_bounds(answer, start, end)[0]
        hypothetical = role != "granted" and bool(
            _HYPOTHETICAL.search(clause) or _HYPOTHETICAL.search(answer, sentence_start, start)
        )
        definition = value == Decimal("0.5") and bool(
            _HALF_DAY.search(answer[max(0, start - 12) : shown_end + 6])
        )
        if role is None and _HALF_DAY.search(clause) and not definition:
            hypothetical = True  # "반차 두 번은 1일": arithmetic on half days, a what-if
        claims.append(
            Claim(
                answer[start:shown_end].strip(),
                start,
                end,
                value,
                role,
                _year_for(answer, start, end, mentions),
                hypothetical,
                definition,
                _date_before(answer, start, clause_start),
                _leave_type_near(answer, start, shown_end, neighbours),
            )
        )
    return _mark_results(answer, sorted(claims, key=lambda claim: claim.start))


def _mark_results(answer: str, claims: list[Claim]) -> list[Claim]:
    """In a what-if sentence ("6.5일에서 2일 빼면 4.5일이에요"), the amount after the condition is its
    result: a remaining figure that must follow from the inputs, not an input itself."""
    marked = list(claims)
    by_sentence: dict[tuple[int, int], list[int]] = {}
    for index, claim in enumerate(claims):
        by_sentence.setdefault(_sentence_bounds(answer, claim.start, claim.end), []).append(index)
    for (start, _), indexes in by_sentence.items():
        last = claims[indexes[-1]]
        condition = _HYPOTHETICAL.search(answer, start, last.start)
        if condition and len(indexes) > 1 and last.role is None and not last.definition:
            marked[indexes[-1]] = replace(last, role="remaining", hypothetical=True)
    return marked


def _year_for(text: str, start: int, end: int, mentions: list[tuple[int, int]]) -> int | None:
    """The nearest year named in the amount's clause (before it, then after), then in its sentence,
    then, for an item of a list or table, the year of the heading above."""
    for left, right in (_clause_bounds(text, start, end), _sentence_bounds(text, start, end)):
        before = [year for at, year in mentions if left <= at < start]
        if before:
            return before[-1]
        after = [year for at, year in mentions if end <= at < right]
        if after:
            return after[0]
    # Under a heading or a list's lead-in line ("**2025년**", "2025년:", "작년:"): its year carries on
    # while the lines below are items of it.
    line_start = text.rfind("\n", 0, start) + 1
    line = text[line_start:start]
    if _LIST_ITEM.match(line):
        earlier = [year for at, year in mentions if at < line_start]
        if earlier:
            return earlier[-1]
    return None
