"""The years a text names, read with plain rules: 2026(년), '24, 24년, 올해, last year, FY24, "2 years
ago", "최근 3년", ranges ("2020년부터 2026년까지", "between 2022 and 2024").

`year_mentions` also reads answers (the claims), so it stays narrow; `asked_years` adds what only a
question says: ranges, "N years ago", FY, "the last N years".
"""

from __future__ import annotations

import re
from datetime import date

from bot.language.numbers import COUNT, number

# Order matters: 재작년 contains 작년, "the year before last" contains "last year"… so longer phrases
# are matched first and their span is blanked before the shorter ones are tried.
_YEAR_PHRASES: list[tuple[re.Pattern[str], int]] = [
    (re.compile(r"재재작년|세\s*해\s*전|3년\s*전|three\s+years\s+ago", re.I), -3),
    # 작년 inside another word (작작년, a typo) is not last year: left unread, it is asked back or declined.
    (re.compile(r"(?<![가-힣])재작년|지지난\s*해|2년\s*전|두\s*해\s*전"), -2),
    (re.compile(r"the\s+year\s+before\s+last|two\s+years\s+ago", re.I), -2),
    (re.compile(r"올해|올\s해|금년|이번\s*해|올해년도|금년도|당해"), 0),
    (re.compile(r"(?<![가-힣])작년|지난\s*해|전년|昨年|작년도|전년도|1년\s*전|한\s*해\s*전"), -1),
    (re.compile(r"내년|다음\s*해|명년|내년도"), 1),
    (re.compile(r"\bthis\s+(?:year|yr)\b|\bcurrent\s+year\b", re.I), 0),
    (
        re.compile(
            r"\blast\s+(?:year|yr)s?\b|\b(?:previous|prior)\s+year\b|\ba\s+year\s+ago\b|\bprev\s+yr\b", re.I
        ),
        -1,
    ),
    (re.compile(r"\bnext\s+year\b", re.I), 1),
]
_EXPLICIT_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
# '24, 24년도, 24년에 / 24년 연차 (not 10년 근속, 3년 차, 24년간: seniority and durations).
_SHORT_YEAR = re.compile(
    r"(?<![\w'])'(\d{2})\b|(?<![\d.])(\d{2})\s*년(?=도|에|엔|은|는|의|부터|까지|이랑|랑|하고|과\s|와\s|\s*(?:이랑|하고|,)\s*\d{2}\s*년|\s*(?:내|제|나의)?\s*연차|\s*기준|\s*(?:내|제|나의)?\s*휴가)"
)

# A year named in a way no reader here understands — spelled out in words (이천이십사년, twenty twenty-four,
# two thousand twenty-five), or by an event only the person knows (the year I joined, 입사 첫해, 그때): the
# answer is a question back, never a guess at another year.
UNREADABLE_YEAR = re.compile(
    r"이천\s*[일이삼사오육칠팔구십]+\s*년"
    r"|\btwenty[\s-]+(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty(?:[\s-]+\w+)?)\b"
    r"|\btwo\s+thousand(?:\s+and)?\s+\w+"
    r"|\bthe\s+year\s+I\s+(?:joined|started|was\s+hired)"
    r"|입사\s*(?:첫\s*해|한\s*해|연도|년도|첫\s*년)"
    r"|그\s*때",
    re.I,
)
VAGUE_THEN = re.compile(r"그\s*때")  # "then": the year talked about just before, if there was one

# A year relative to the years the previous turn looked up: "그 전 해는?", "and the year before?".
YEAR_BEFORE = re.compile(
    r"그\s*(?:전|이전)\s*(?:해|년도|연도|년)?|the\s+year\s+before(?!\s+last)|before\s+that|"
    r"the\s+previous\s+(?:one|year)|the\s+one\s+before",
    re.I,
)
YEAR_AFTER = re.compile(
    r"그\s*다음\s*(?:해|년도|연도|년)?|the\s+year\s+after|the\s+next\s+one|after\s+that", re.I
)


def year_spans(text: str, today: date) -> list[tuple[int, int, int]]:
    """Every (start, end, year) the text names: 2026(년), '24, 24년, 올해, last year, …, in order."""
    found: list[tuple[int, int, int]] = []
    remaining = text
    for pattern, offset in _YEAR_PHRASES:
        for match in pattern.finditer(remaining):
            found.append((match.start(), match.end(), today.year + offset))
        remaining = pattern.sub(lambda m: " " * len(m.group(0)), remaining)
    for match in _EXPLICIT_YEAR.finditer(remaining):
        found.append((match.start(), match.end(), int(match.group(1))))
    remaining = _EXPLICIT_YEAR.sub(lambda m: " " * len(m.group(0)), remaining)
    for match in _SHORT_YEAR.finditer(remaining):
        short = int(match.group(1) or match.group(2))
        if short <= today.year % 100 + 1:  # '24, 24년: this century, up to next year
            found.append((match.start(), match.end(), 2000 + short))
    return sorted(found)


def year_mentions(text: str, today: date) -> list[tuple[int, int]]:
    """Every (position, year) the text names, in order."""
    return [(start, year) for start, _, year in year_spans(text, today)]


def years_in(text: str, today: date) -> list[int]:
    """The years a text refers to, in the order they appear, without repeats."""
    years: list[int] = []
    for _, year in year_mentions(text, today):
        if year not in years:
            years.append(year)
    return years


# ----- what only a question says -------------------------------------------------------------------------
_AGO = re.compile(
    r"(?<![\d.])(\d{1,2})\s*(?:years?\s+ago|년\s*전)|\b(two|three|four|five|six|seven|eight|nine|ten)\s+years\s+ago",
    re.I,
)
_SHORT_RANGE = re.compile(r"(?<![\d.])(\d{2})\s*[~\-–]\s*(\d{2})\s*년")
_FISCAL = re.compile(r"\bFY\s*'?(\d{4}|\d{2})\b", re.I)
_RECENT = re.compile(
    r"(?:최근|지난)\s*(\d{1,2})\s*(?:년|개년)(?:간|동안)?|"
    rf"\b(?:last|past|previous)\s+({COUNT})\s+years\b",
    re.I,
)
# Between two years: "2020년부터 2026년까지", "2022-2024", "from 2022 to 2024", "2022 through 2024".
_RANGE_BETWEEN = re.compile(
    r"^\s*(?:년|년도)?\s*(?:부터|에서|~|-|–|—|to|through|thru|until|till)\s*$|^\s*(?:년|년도)?\s*(?:and)\s*$",
    re.I,
)
_BETWEEN = re.compile(r"\bbetween\s*$", re.I)


def asked_years(text: str, today: date) -> list[int]:
    """The years a question asks about, in order, without repeats: what `years_in` finds, plus
    "N years ago" / "N년 전", FY24 / FY2024, "최근 3년" / "last 3 years", and each year of a range
    ("2020년부터 2026년까지", "2022-2024", "between 2022 and 2024"). A range is not capped here: whoever
    looks the years up decides how many it may."""
    spans = year_spans(text, today)
    ends = {start: end for start, end, _ in spans}  # where each named year's words end
    found = [(at, [year]) for at, _, year in spans]
    for match in _SHORT_RANGE.finditer(text):  # "25~26년": two short years, one 년
        low, high = sorted(2000 + int(match.group(i)) for i in (1, 2))
        if high <= today.year % 100 + 2001:
            found = [(at, ys) for at, ys in found if not match.start() <= at < match.end()]
            found.append((match.start(), list(range(low, high + 1))))
    taken = {at for at, _ in found}
    for match in _AGO.finditer(text):
        if match.start() not in taken:
            found.append((match.start(), [today.year - number(match.group(1) or match.group(2))]))
    for match in _FISCAL.finditer(text):
        digits = match.group(1)
        year = int(digits) if len(digits) == 4 else 2000 + int(digits)
        found = [(at, ys) for at, ys in found if not match.start() <= at < match.end()]
        found.append((match.start(), [year]))
    for match in _RECENT.finditer(text):
        count = min(number(match.group(1) or match.group(2)), 50)
        found.append((match.start(), list(range(today.year - count + 1, today.year + 1))))
    found.sort()
    years: list[int] = []
    index = 0
    while index < len(found):
        at, these = found[index]
        if index + 1 < len(found) and len(these) == 1 and len(found[index + 1][1]) == 1:
            nxt_at, (end,) = found[index + 1]
            between = text[ends.get(at, at) : nxt_at]
            between = between[re.match(r"'?\d*", between).end() :]  # type: ignore[union-attr]
            is_and = bool(re.search(r"\band\b", between, re.I))
            if _RANGE_BETWEEN.match(between) and (not is_and or _BETWEEN.search(text[:at])):
                low, high = sorted((these[0], end))
                these = list(range(low, high + 1))
                index += 1
        years.extend(y for y in these if y not in years)
        index += 1
    return years


_YEAR_SUFFIX = re.compile(r"\s*(?:년도|년|연도)")


def year_words_read(text: str, today: date) -> list[tuple[int, int]]:
    """The (start, end) of every part of `text` that `asked_years` reads as a year, with the 년 after a
    year's digits: what is left of a question's year words afterwards was not understood. (A follow-up's
    "the year before" is read only after a lookup: `YEAR_BEFORE`, `YEAR_AFTER`.)"""
    spans = [(start, end) for start, end, _ in year_spans(text, today)]
    for found in (_SHORT_RANGE, _AGO, _FISCAL, _RECENT):
        spans += [(m.start(), m.end()) for m in found.finditer(text)]
    read = []
    for start, end in spans:
        suffix = _YEAR_SUFFIX.match(text, end)
        read.append((start, suffix.end() if suffix else end))
    return sorted(read)
