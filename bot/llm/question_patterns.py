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
    r"%|퍼센트|프로(?!젝)|비율|사용률|소진율|률|\bpercent(?:age)?|\bratio\b|\brate\b|\bproportion\b|\bfraction\b|\bshare\b",
    re.I,
)
# A condition: "쓰면", "if …", "만약" (a what-if reads one; a request has none).
CONDITION = re.compile(
    rf"{words.alternation(words.ASKED_CONDITION)}|만약|가정|\bif\b|\bsuppos\w*|\bwould\b|\bassuming\b", re.I
)
