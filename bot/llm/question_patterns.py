"""The word patterns several of the offline model's readings share (reading.py, arithmetic_reading.py):
leave, what is left, a quantity asked, a condition, a quarter day. Built once, from bot/language/words.py."""

from __future__ import annotations

import re

from bot.language import words
from bot.language.words import pattern

LEAVE = pattern(words.LEAVE, words.REMAINING, words.USED, words.GRANTED, words.DAYS_QUANTITY)
REMAINING = pattern(words.REMAINING)
NAMES_LEAVE = pattern(words.LEAVE, words.Words(en=("balance",)))
QUANTITY = pattern(words.DAYS_QUANTITY, words.HOW_MUCH)
WHAT_IF = pattern(words.ASKED_CONDITION)
PENDING = pattern(words.PENDING)
QUARTER = pattern(words.QUARTER_DAY)
# A share: "사용률", "what percentage".
PERCENT = re.compile(
    r"%|퍼센트|몇\s*퍼(?:센트)?(?![스펙])|프로(?!젝)|비율|사용률|소진율|률|\bpercent(?:age)?|\bratio\b|\brate\b|\bproportion\b|\bfraction\b|\bshare\b",
    re.I,
)
# A condition: "쓰면", "if …", "만약" (a what-if reads one; a request has none).
CONDITION = re.compile(
    rf"{words.alternation(words.ASKED_CONDITION)}|만약|가정|\bif\b|\bsuppos\w*|\bwould\b|\bassuming\b", re.I
)
# "how many days until Dec 31?", "크리스마스까지 며칠 남았어?", "days till my leave expires / my next grant"
UNTIL = re.compile(
    r"\bhow\s+(?:many\s+(?:more\s+)?days|long)\s+(?:is\s+it\s+|are\s+there\s+|left\s+)?(?:un)?till?\b|"
    r"\bdays\s+(?:left\s+)?(?:un)?till?\b|까지\s*(?:며칠|몇\s*일|얼마나)\s*(?:남|걸|있)",
    re.I,
)
ANNIVERSARY = re.compile(r"\b(?:work\s+)?anniversary\b|입사\s*기념일|입사\s*\d*\s*주년", re.I)
