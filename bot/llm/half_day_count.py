"""How many half days a question counts: "반차 3번", "반차를 두 번", "세 번 반차", "2 half days". Apart
because two readers ask it: the what-if reading (reading.py, days = half the count) and the coverage
check (coverage.py, a count it read is not an unread number).
"""

from __future__ import annotations

import re

from bot.language.numbers import COUNT, number

# A count of half days: "반차 3번", "반차를 두 번", "세 번 반차", "2 half days", "two half-days".
_KO_COUNTS = {
    "한": 1,
    "두": 2,
    "세": 3,
    "네": 4,
    "다섯": 5,
    "여섯": 6,
    "일곱": 7,
    "여덟": 8,
    "아홉": 9,
    "열": 10,
}
_KO_COUNT = "|".join(sorted(_KO_COUNTS, key=len, reverse=True))
HALF_TIMES = re.compile(
    rf"(?<!반)반차\s*(?:를|을)?\s*(?P<a>\d{{1,2}}|{_KO_COUNT})\s*(?:번|회|개)|"
    rf"(?P<b>\d{{1,2}}|{_KO_COUNT})\s*(?:번|회)\s*(?:의\s*)?(?:오전\s*|오후\s*)?(?<!반)반차|"
    rf"\b(?P<c>{COUNT})\s+(?:more\s+)?half[-\s]days\b",
    re.I,
)


def half_days_counted(question: str) -> int | None:
    """How many half days a question counts ("반차 3번 쓰면"), or None."""
    found = HALF_TIMES.search(question)
    if found is None:
        return None
    said = found.group("a") or found.group("b") or found.group("c")
    return _KO_COUNTS[said] if said in _KO_COUNTS else number(said)
