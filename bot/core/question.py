"""Reading the user's question: which years it refers to, and whether it asks for a leave balance.

Shared by the offline model (to decide which lookups to request) and the grounding check (to run the
lookup itself when the model did not). Plain rules, no model.
"""

from __future__ import annotations

import re
from datetime import date

# Order matters: 재작년 contains 작년, "the year before last" contains "last year"… so longer phrases
# are matched first and their span is blanked before the shorter ones are tried.
_YEAR_PHRASES: list[tuple[re.Pattern[str], int]] = [
    (re.compile(r"재작년|지지난\s*해|2년\s*전"), -2),
    (re.compile(r"the\s+year\s+before\s+last|two\s+years\s+ago", re.I), -2),
    (re.compile(r"올해|올\s해|금년|이번\s*해|올해년도|금년도|당해"), 0),
    (re.compile(r"작년|지난\s*해|전년|昨年|작년도|전년도|1년\s*전"), -1),
    (re.compile(r"내년|다음\s*해|명년|내년도"), 1),
    (re.compile(r"\bthis\s+year\b|\bcurrent\s+year\b", re.I), 0),
    (re.compile(r"\blast\s+year\b|\bprevious\s+year\b|\ba\s+year\s+ago\b", re.I), -1),
    (re.compile(r"\bnext\s+year\b", re.I), 1),
]
_EXPLICIT_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
# '24, 24년도, 24년에 / 24년 연차 (not 10년 근속, 3년 차, 24년간: seniority and durations).
_SHORT_YEAR = re.compile(
    r"(?<![\w'])'(\d{2})\b|(?<![\d.])(\d{2})\s*년(?=도|에|엔|은|는|의|\s*연차|\s*기준|\s*휴가)"
)

# A balance question names leave *and* asks for a quantity. "연차 신청은 어떻게 해?" names leave but asks
# for no amount, so a model that answers it without a lookup is doing the right thing.
_LEAVE = re.compile(r"연차|휴가|\bleave\b|vacation|\bpto\b|days?\s+off", re.I)
_QUANTITY = re.compile(r"며칠|몇\s*일|몇일|how\s+many\s+days|how\s+much\s+(?:leave|vacation|pto)", re.I)
_HOW_MUCH = re.compile(r"얼마|how\s+many|how\s+much", re.I)
_FIGURE = re.compile(r"남았|남은|남아|잔여|썼|사용|부여|\bleft\b|remaining|balance|\bused\b|granted", re.I)
# "연차 balance 어디서 봐?", "how do I check my balance?": about the figures, but asking where or how.
_HOW_TO = re.compile(
    r"어디서|어디에서|어떻게|방법|신청|취소|승인|걸려|걸리|\bwhere\b|\bhow\s+(?:do|can|to|should)\b", re.I
)


def year_mentions(text: str, today: date) -> list[tuple[int, int]]:
    """Every (position, year) the text names: 2026(년), '24, 24년, 올해, last year, …, in order."""
    found: list[tuple[int, int]] = []
    remaining = text
    for pattern, offset in _YEAR_PHRASES:
        for match in pattern.finditer(remaining):
            found.append((match.start(), today.year + offset))
        remaining = pattern.sub(lambda m: " " * len(m.group(0)), remaining)
    for match in _EXPLICIT_YEAR.finditer(remaining):
        found.append((match.start(), int(match.group(1))))
    remaining = _EXPLICIT_YEAR.sub(lambda m: " " * len(m.group(0)), remaining)
    for match in _SHORT_YEAR.finditer(remaining):
        short = int(match.group(1) or match.group(2))
        if short <= today.year % 100 + 1:  # '24, 24년: this century, up to next year
            found.append((match.start(), 2000 + short))
    return sorted(found)


def years_in(text: str, today: date) -> list[int]:
    """The years a question refers to, in the order they appear, without repeats."""
    years: list[int] = []
    for _, year in year_mentions(text, today):
        if year not in years:
            years.append(year)
    return years


def asks_for_balance(text: str) -> bool:
    """Whether the question asks how much leave was granted, used or is left."""
    if not _LEAVE.search(text):
        return False
    if _QUANTITY.search(text):
        return True
    return bool((_HOW_MUCH.search(text) or _FIGURE.search(text)) and not _HOW_TO.search(text))
