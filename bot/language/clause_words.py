"""Words of a question's clauses the offline model reads, as language data: leave types (not where they are
excluded: "병가 제외"), the holidays' everyday names, "the latest", and the verbs of using leave. Short
lists, not a grammar; Korean and English side by side.
"""

from __future__ import annotations

import re

# A leave type named, unless the words after it leave it out.
EXCLUDED = r"(?!(?:\s?leave)?\s?(?:는|을|를)?\s?(?:제외|빼고|말고|별도|not|excluded|aside))"  # "병가 제외", "sick leave not included"

LEAVE_TYPE_WORDS = (
    (re.compile(rf"(?<!excluding )(?<!except )(?<!without )(?:병가|\bsick\b){EXCLUDED}", re.I), "sick"),
    (
        re.compile(
            rf"(?<!excluding )(?<!except )(?<!without )(?:연차|\bannual\b|\bvacation\b){EXCLUDED}", re.I
        ),
        "annual",
    ),
    (
        re.compile(rf"(?<!excluding )(?<!except )(?:가족\s?돌봄|\bfamily(?: care)?\b){EXCLUDED}", re.I),
        "family",
    ),
)

HOLIDAY_NICKNAMES = (
    "크리스마스",
    "성탄절",
    "설날",
    "설 연휴",
    "구정",
    "신정",
    "추석",
    "한가위",
    "Christmas",
    "Xmas",
    "Seollal",
    "Lunar New Year",
    "New Year",
    "Chuseok",
)

# The latest of something ("마지막으로 쓰신 날", "your last leave"); not "last year / month / week".
LATEST = re.compile(
    r"마지막|가장 최근|최근에|\b(?:last|most recent|latest)\b(?!\s+(?:year|month|week)\b)", re.I
)

USE = re.compile(r"사용|쓰|썼|쓴|\b(?:use[ds]?|using|took|take[ns]?|taking)\b", re.I)
