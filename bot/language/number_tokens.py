"""Every number a text states, wherever and however it is written: digits (7.5, 1,234, the parts of a
date or a time), Korean day counts (하루, 이틀 … 열흘), native Korean numerals before a counter (두 번,
열두 개) or on their own (하나, 둘), fraction words (반차 0.5, 반반차 0.25, "7일 반", half, quarter) and
English number words (eight, twenty-one, a dozen).

Used for the question's numbers (`q(n)` must name one) and by the offline model to read its own
answers back. It errs towards finding a number, but never reads a word that merely contains a numeral's
letters (네 "yes", 반영, someone, no one). What an answer may not type is the shorter list in
quantities.py.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from itertools import pairwise
from typing import Literal

Kind = Literal["digits", "word", "fraction"]


@dataclass(frozen=True)
class NumberToken:
    start: int
    end: int
    value: Decimal
    kind: Kind


# Korean counts of days, each a word of its own.
DAY_COUNTS: dict[str, int] = {
    "하루": 1,
    "이틀": 2,
    "사흘": 3,
    "나흘": 4,
    "닷새": 5,
    "엿새": 6,
    "이레": 7,
    "여드레": 8,
    "아흐레": 9,
    "열흘": 10,
    "보름": 15,
}
# Native Korean numerals as they stand before a counter (한 번, 두 개, 스무 날) …
ATTRIBUTIVE_UNITS = {
    "한": 1,
    "두": 2,
    "세": 3,
    "네": 4,
    "다섯": 5,
    "여섯": 6,
    "일곱": 7,
    "여덟": 8,
    "아홉": 9,
}
# … and on their own (하나, 둘, 셋).
_STANDALONE_UNITS = {
    "하나": 1,
    "둘": 2,
    "셋": 3,
    "넷": 4,
    "다섯": 5,
    "여섯": 6,
    "일곱": 7,
    "여덟": 8,
    "아홉": 9,
}
_TENS = {"열": 10, "스물": 20, "서른": 30, "마흔": 40, "쉰": 50}
# Not 일: native numerals do not count days with it (다섯 일 is rare; "한 일" is "a thing done").
COUNTERS = ("번", "개", "회", "달", "주", "시간", "가지", "명", "차례", "건", "곳", "군데", "해", "날", "장")
# Particles that may follow a standalone numeral (하나요, 둘이, 셋은).
_PARTICLES = "이가을를은는도만요의로와과예"

ENGLISH_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
ENGLISH_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
ENGLISH_OTHERS = {"dozen": 12, "hundred": 100}
FRACTION_WORDS = {
    "반반차": Decimal("0.25"),
    "반차": Decimal("0.5"),
    "half": Decimal("0.5"),
    "quarter": Decimal("0.25"),
}


def _numerals(units: dict[str, int], *, before_a_counter: bool) -> dict[str, int]:
    """Every native numeral from 1 to 59: units alone, tens, tens + units (열두, 스물세, 서른); before a
    counter 스물 is 스무 (스무 번)."""
    words: dict[str, int] = dict(units)
    for ten, tens_value in _TENS.items():
        words[ten] = tens_value
        for unit, unit_value in units.items():
            words[ten + unit] = tens_value + unit_value
    if before_a_counter:
        words["스무"] = 20
    return words


def _alternation(words: Iterable[str]) -> str:
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))


_KOREAN_BEFORE_COUNTER = _numerals(ATTRIBUTIVE_UNITS, before_a_counter=True)
_KOREAN_STANDALONE = _numerals(_STANDALONE_UNITS, before_a_counter=False)
_ENGLISH = {**ENGLISH_UNITS, **ENGLISH_TENS, **ENGLISH_OTHERS}

_DIGITS = re.compile(r"(?<![\d.,])\d+(?:,\d{3})*(?:\.\d+)?(?![\d])")
_DAY_COUNT = re.compile(rf"(?<![가-힣])(?:{_alternation(DAY_COUNTS)})")
_BEFORE_COUNTER = re.compile(
    rf"(?<![가-힣])(?P<n>{_alternation(_KOREAN_BEFORE_COUNTER)})\s?(?=(?:{'|'.join(COUNTERS)}))"
)
_STANDALONE = re.compile(
    rf"(?<![가-힣])(?P<n>{_alternation(_KOREAN_STANDALONE)})(?=$|[^가-힣]|[{_PARTICLES}](?:$|[^가-힣]|요))"
)
# "7일 반", "하루 반": 반 right after a count of days, alone or before a particle or copula (반이에요).
_FRACTION = re.compile(
    r"반반차|반차|(?<=[일루틀흘새레])\s?반(?=$|[^가-힣]|[이가을를은는도만요의로에])|(?<![A-Za-z])(?:half|quarter)(?![A-Za-z])",
    re.I,
)
_ENGLISH_WORD = re.compile(
    rf"(?<![A-Za-z-])(?<!no )(?P<w>(?:{_alternation(ENGLISH_TENS)})-(?:{_alternation(ENGLISH_UNITS)})|{_alternation(_ENGLISH)})(?![A-Za-z])",
    re.I,
)


def numbers_in(text: str) -> list[NumberToken]:
    """Every number in `text`, in order, none overlapping another."""
    return list(_numbers_in(text))


# The grounding check reads the same answer for every figure it checks (six patterns over the whole text
# each time); the tokens are immutable, so each text is read once.
@functools.lru_cache(maxsize=256)
def _numbers_in(text: str) -> tuple[NumberToken, ...]:
    found: list[NumberToken] = []
    taken: list[range] = []

    def add(start: int, end: int, value: Decimal, kind: Kind) -> None:
        if any(start < r.stop and r.start < end for r in taken):
            return
        taken.append(range(start, end))
        found.append(NumberToken(start, end, value, kind))

    for match in _DIGITS.finditer(text):
        add(match.start(), match.end(), Decimal(match.group().replace(",", "")), "digits")
    for match in _FRACTION.finditer(text):
        word = match.group().strip().lower()
        value = FRACTION_WORDS.get(word, Decimal("0.5"))  # "7일 반": half a day
        start = match.start() + (len(match.group()) - len(match.group().lstrip()))
        add(start, match.end(), value, "fraction")
    for match in _DAY_COUNT.finditer(text):
        add(match.start(), match.end(), Decimal(DAY_COUNTS[match.group()]), "word")
    for match in _BEFORE_COUNTER.finditer(text):
        add(match.start("n"), match.end("n"), Decimal(_KOREAN_BEFORE_COUNTER[match["n"]]), "word")
    for match in _STANDALONE.finditer(text):
        add(match.start("n"), match.end("n"), Decimal(_KOREAN_STANDALONE[match["n"]]), "word")
    for match in _ENGLISH_WORD.finditer(text):
        add(match.start("w"), match.end("w"), _english_value(match["w"].lower()), "word")
    return tuple(sorted(found, key=lambda token: token.start))


def _english_value(word: str) -> Decimal:
    if "-" in word:
        tens, unit = word.split("-", 1)
        return Decimal(ENGLISH_TENS[tens] + ENGLISH_UNITS[unit])
    return Decimal(_ENGLISH[word])


def amounts_in(text: str) -> set[Decimal]:
    """The values a text states, with "N and a half" / "N일 반" read as N.5 as well as N and 0.5."""
    tokens = numbers_in(text)
    values = {token.value for token in tokens}
    for first, second in pairwise(tokens):
        if adds_a_half(text, first, second):
            values.add(first.value + second.value)
    return values


_AND_A = re.compile(r"\s+(?:days?\s+)?and\s+a\s+$", re.I)  # "eight and a half", "one day and a half"


def adds_a_half(text: str, first: NumberToken, second: NumberToken) -> bool:
    """ "7일 반" and "eight and a half" are one amount, N.5; "7 half days" is seven halves."""
    if first.kind == "fraction" or second.kind != "fraction" or second.value != Decimal("0.5"):
        return False
    between, word = text[first.end : second.start], text[second.start : second.end]
    if word.strip() == "반":  # only ever read right after a count of days (see _FRACTION)
        return True
    return word.lower() == "half" and _AND_A.search(between) is not None
