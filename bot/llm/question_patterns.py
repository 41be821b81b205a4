"""The word patterns several of the offline model's readings share (reading.py, arithmetic_reading.py):
leave, what is left, a quantity asked, a condition, a quarter day. Built once, from bot/language/words.py."""

from __future__ import annotations

from bot.language import words
from bot.language.words import pattern

LEAVE = pattern(words.LEAVE, words.REMAINING, words.USED, words.GRANTED, words.DAYS_QUANTITY)
REMAINING = pattern(words.REMAINING)
NAMES_LEAVE = pattern(words.LEAVE, words.Words(en=("balance",)))
QUANTITY = pattern(words.DAYS_QUANTITY, words.HOW_MUCH)
WHAT_IF = pattern(words.ASKED_CONDITION)
QUARTER = pattern(words.QUARTER_DAY)
