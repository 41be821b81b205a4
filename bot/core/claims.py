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

from bot.core.question import year_mentions

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


_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY_NUMBER = r"\d{1,2}(?:st|nd|rd|th)?"
_RANGE = r"\s*(?:~|-|–|—|to|부터|에서)\s*"

# Dates and times: numbers that are never amounts, in an answer or in a question.
_DATE_AND_TIME_PATTERNS = [
    r"\d{4}\s*[-./]\s*\d{1,2}\s*[-./]\s*\d{1,2}\.?",  # 2026-11-29, 2026.11.29.
    rf"\d{{1,2}}\s*월\s*\d{{1,2}}\s*일(?:\s*\([^)]*\))?(?:{_RANGE}(?:\d{{1,2}}\s*월\s*)?\d{{1,2}}\s*일)?",
    r"\d{1,2}\s*월(?:\s*(?:말|초|중순|초순|하순|달))?",  # 12월, 12월 말
    rf"\b{_MONTHS}\s+{_DAY_NUMBER}(?:{_RANGE}(?:{_MONTHS}\s+)?{_DAY_NUMBER})?\b",
    rf"\b{_DAY_NUMBER}(?:{_RANGE}{_DAY_NUMBER})?\s+(?:of\s+)?{_MONTHS}",
    r"(?<![\d.])\d{1,2}/\d{1,2}(?:/\d{2,4})?(?![\d.])",  # 12/31
    r"\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?",  # times, whatever follows (13:00에)
    r"(?:오전|오후|아침|저녁|밤|낮)\s*\d{1,2}\s*시(?:\s*\d{1,2}\s*분)?(?:\s*반)?",
    r"\d{1,2}\s*시(?:\s*\d{1,2}\s*분|\s*반)?(?=\s*(?:에|부터|까지|전|후|쯤|이전|이후|~|-|\s|$|[,.]))",
    r"\b\d{1,2}(?:\s*[ap]\.?m\.?)\b",
    r"(?<!\d)(?:19|20|21)\d{2}\s*(?:년도?|년)?(?!\d)",  # years
]
# In a question, any "N시" is a time too; the units below stay, since the person's counts ("4번",
# "이틀") are what a what-if computes with.
_DATES_AND_TIMES = re.compile("|".join([*_DATE_AND_TIME_PATTERNS, r"\d{1,2}\s*시"]), re.I)
# Spans that hold numbers but no leave amount. Blanked (same length) before amounts are looked for.
_INCIDENTAL = re.compile(
    "|".join(
        [
            r"https?://\S+",
            r"`[^`\n]*`",
            *_DATE_AND_TIME_PATTERNS,
            r"\bD\s*[-+]\s*\d+",
            r"\b(?:the\s+)?\d+(?:st|nd|rd|th)\b",
            r"\d+(?:\.\d+)?\s*(?:개월|달|주일?|주차|시간|분기|분|초|%|퍼센트|프로|년\s*차|년차|차|년|회|번째|번|명|호실|호|층|원|세|살|건|시)",
            r"\d+(?:\.\d+)?\s*(?:months?|weeks?|hours?|hrs?|minutes?|mins?|seconds?|percent|%|years?|yrs?|times?|people|persons?|quarters?)\b",
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

# Role words. Order within each matters only for readability; the nearest match wins.
_ROLE_WORDS: dict[Role, re.Pattern[str]] = {
    "remaining": re.compile(
        r"남은|남았|남아|남기|잔여|잔량|잔여일|미사용|안\s*쓴|안\s*쓰신|쓰지\s*않은|사용하지\s*않은|사용\s*가능|사용하실\s*수\s*있|사용할\s*수\s*있|"
        r"쓸\s*수\s*있|쓰실\s*수\s*있|쓰실\s*수|가용|\bleft(?![A-Za-z])|remain\w*|available|unused|balance|"
        r"can\s+(?:still\s+)?(?:use|take)|not\s+(?:yet\s+)?used|haven't\s+used|would\s+leave|leaves?\s+you|leaving\s+you",
        re.I,
    ),
    "used": re.compile(
        r"사용(?!\s*가능|하실\s*수|할\s*수|\s*할\s*수|하지\s*않)|썼|쓴|쓰셨|쓰신|쓰셔|써서|소진|\bused(?![A-Za-z])|taken|\btook(?![A-Za-z])|spent|consumed",
        re.I,
    ),
    "granted": re.compile(
        r"부여|발생|받은|받으신|받으셨|총\s*연차|연간|granted|entitle\w*|allowance|allotted|"
        r"\bout\s+of\b|\bof\s+(?:your|the|a|all)?\s*(?=\d)|^\s*중(?:에서|에)?(?=\s|$)",
        re.I,
    ),
}
_OF_TOTAL = re.compile(r"(?:\bof|\bout\s+of)\s+(?:your|the|all(?:\s+your)?)?\s*$|/\s*$", re.I)
_OF_TOTAL_AFTER = re.compile(r"\s*(?:days?\s+)?(?:of|out\s+of)\s+(?:your|the|all)?\s*$", re.I)
_TRAILING_LABEL = re.compile(
    r"(?:남은|잔여|사용|부여|remaining|left|used|granted|balance)(?:\s*(?:연차|휴가|leave|days?))?"
    r"\s*(?:\*\*)?\s*(?:은|는|이|가|:|：|is|of)?\s*(?:\*\*)?\s*$",
    re.I,
)
_LABELLED = re.compile(
    r"(?:\S+\s+)?\S+(?:\s+(?:연차|휴가|leave|days?))?\s*(?:\*\*)?\s*(?:은|는|이|가|is|are|was|were)\s*(?:\*\*)?\s*"
    r"(?:총|모두|약|딱|단|only|just|about)?\s*(?:\*\*)?\s*$",
    re.I,
)
_HAVE = re.compile(r"\b(?:you\s+have|you've\s+got|you\s+still\s+have)\b", re.I)
_LABEL = re.compile(
    r"[:：=]\s*(?:\*\*|__)?\s*$"
)  # a label right before the number: "잔여 연차: ", "Left:** "
_CLAUSE_BREAK = re.compile(r"[(),;/|\n]|[.!?](?!\d)|\s[-–—]\s|그리고|하지만|반면|and\s|but\s|while\s", re.I)
_SENTENCE_BREAK = re.compile(r"[.!?。](?!\d)|\n")
_HYPOTHETICAL = re.compile(
    r"(?:쓰|사용하|내|신청하|더\s*쓰|쓰시|사용하시|내시|신청하시|쉬|쉬시)(?:시)?면|쓴다면|사용한다면|쉰다면|"
    r"(?:써|쓰셔|사용해|사용하셔|내셔|신청하셔|쉬어|쉬셔)도|번\s*(?:이)?면|"
    r"\bif\s+you\b|\bonce\s+you\b|\bafter\s+(?:you\s+)?(?:take|taking|use|using)\b|\btaking\b|\bwere\s+to\b|"
    r"\bwould\b|'d\b|\bwill\s+have\b|\bshort\s+of\b|남게\s*돼|남게\s*됩|남게\s*되|남을\s*거|남습니다(?=.*면)|"
    r"(?:빼|제외하|더하|합치|차감하)(?:시)?면|빼고|빼서|차감|\bminus\b|\bplus\b|\bfrom\s+your\b",
    re.I,
)
_HALF_DAY = re.compile(r"반차|half[-\s]?day", re.I)
# Kinds of leave other than annual, as a leave record's `leave_type` names them.
_LEAVE_TYPES = {
    "sick": re.compile(r"\bsick\b|병가", re.I),
    "special": re.compile(r"\bspecial\b|특별\s*휴가|경조", re.I),
}
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$", re.M)
_TABLE_RULE = re.compile(r"\s*:?-{2,}:?\s*")
_LIST_ITEM = re.compile(r"\s*(?:[-*•]|\d+[.)]|\|)")
_ITEM_START = re.compile(r"[|*\-•]\s|\s{2}")
_TOTAL_WORDS = re.compile(r"총|합계|합쳐|모두|in\s+all|total|altogether", re.I)
_RECORD_DATE = re.compile(r"(\d{1,2})\s*월\s*(\d{1,2})\s*일|(\d{4})-(\d{2})-(\d{2})|(\d{1,2})/(\d{1,2})")
_RECORD_DATE = re.compile(r"(\d{1,2})\s*월\s*(\d{1,2})\s*일|(\d{4})-(\d{2})-(\d{2})|(\d{1,2})/(\d{1,2})")
_MONTH_DAY = re.compile(rf"\b({_MONTHS})\s+(\d{{1,2}})", re.I)


def blank_dates(text: str) -> str:
    """`text` with its dates, times and years blanked out (same length): "12월에 1일씩 3번" keeps 1, 3."""
    return _blank(text, _DATES_AND_TIMES)


def _blank(text: str, pattern: re.Pattern[str]) -> str:
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


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
    for role, words in _ROLE_WORDS.items():
        for match in words.finditer(window):
            distance = len(window) - match.end() if from_end else match.start()
            if best is None or distance < best[0]:
                best = (distance, role)
    return best[1] if best else None


def _nearest_both(before: str, after: str) -> Role | None:
    best: tuple[int, Role] | None = None
    for role, words in _ROLE_WORDS.items():
        for match in words.finditer(before):
            distance = len(before) - match.end()
            if best is None or distance < best[0]:
                best = (distance, role)
        for match in words.finditer(after):
            distance = match.start() + 4  # a word before the number reads as its label first
            if best is None or distance < best[0]:
                best = (distance, role)
    return best[1] if best else None


def _date_before(text: str, start: int, clause_start: int) -> tuple[int, int] | None:
    """A record's date right before the amount in its clause: "3월 2일 1일", "Mar 2: 1 day"."""
    window = text[max(clause_start, start - 24) : start]
    if _TOTAL_WORDS.search(window):
        return None  # a total after the dates, not one record's days
    found = None
    for match in _RECORD_DATE.finditer(window):
        groups = match.groups()
        if groups[0]:
            found = (int(groups[0]), int(groups[1]))
        elif groups[2]:
            found = (int(groups[3]), int(groups[4]))
        else:
            found = (int(groups[5]), int(groups[6]))
    if found is None:
        months = _MONTH_DAY.finditer(window)
        for match in months:
            month = _month_number(match.group(1))
            if month:
                found = (month, int(match.group(2)))
    return found


def _leave_type_near(text: str, start: int, end: int, neighbours: tuple[int, int]) -> str | None:
    """ "2 days of sick leave", "병가 1일": the kind of leave right next to the amount."""
    clause_start, clause_end = _clause_bounds(text, start, end)
    window = text[max(neighbours[0], clause_start, start - 10) : min(neighbours[1], clause_end, end + 16)]
    for kind, words in _LEAVE_TYPES.items():
        if words.search(window):
            return kind
    return None


def _month_number(name: str) -> int | None:
    key = name.lower()[:3]
    names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    return names.index(key) + 1 if key in names else None


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
            blanked = _blank(cell, _INCIDENTAL)
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
    blanked = _blank(_blank(answer, _INCIDENTAL), _LIST_NUMBER)
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
