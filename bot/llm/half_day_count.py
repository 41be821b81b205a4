"""How many half days a question counts: "반차 3번", "반차를 두 번", "세 번 반차", "2 half days". Apart
because two readers ask it: the what-if reading (reading.py, days = half the count) and the coverage
check (coverage.py, a count it read is not an unread number).
"""

from __future__ import annotations

import re

from bot.language.number_tokens import ATTRIBUTIVE_UNITS
from bot.language.numbers import COUNT, number

# A count of half days: "반차 3번", "반차를 두 번", "세 번 반차", "2 half days", "two half-days".
_KO_COUNTS = {**ATTRIBUTIVE_UNITS, "열": 10}  # a native numeral before 번: 한 번 … 열 번
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
