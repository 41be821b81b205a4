"""Numbers said in words: small counts ("three years ago"), and amounts of leave said without a numeral
(하루, 이틀, 반차, "two days", "a week")."""

from __future__ import annotations

import re
from decimal import Decimal

from bot.language.words import HALF_DAY, QUARTER_DAY, Words, pattern

NUMBER_WORDS = {
    word: n
    for n, word in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    )
}
# A count in words or digits, as `number` reads it.
COUNT = r"\d{1,2}|two|three|four|five|six|seven|eight|nine|ten"


def number(word: str) -> int:
    """A count written in digits or as an English word (up to ten)."""
    return int(word) if word.isdigit() else NUMBER_WORDS[word.lower()]


# Days of leave named in words, the "and a half" amounts first, then shortest amount first so that 반반차 is read before 반차 and "half a day"
# before "a day". A reader takes the first that fits (the offline model) or each in turn (the grounding
# check, which blanks what it has read).
DAY_AMOUNTS: tuple[tuple[Words, Decimal], ...] = (
    # a day and a half (read before 하루 and "half day", which are inside them)
    (
        Words(
            ko=(r"하루\s*반(?!\s*차)",),
            en=(r"one\s+day\s+and\s+a\s+half", r"one\s+and\s+a\s+half\s+days?"),
        ),
        Decimal("1.5"),
    ),
    (
        Words(ko=(r"이틀\s*반(?!\s*차)",), en=(r"two\s+(?:and\s+a\s+half\s+days?|days\s+and\s+a\s+half)",)),
        Decimal("2.5"),
    ),
    (QUARTER_DAY, Decimal("0.25")),
    (HALF_DAY | Words(en=(r"half\s+a\s+day",)), Decimal("0.5")),
    (Words(ko=("이틀",), en=(r"two\s+days",)), Decimal(2)),
    (Words(ko=("사흘",), en=(r"three\s+days",)), Decimal(3)),
    (Words(ko=("나흘",), en=(r"four\s+days",)), Decimal(4)),
    (Words(ko=("닷새", "일주일"), en=(r"five\s+days", r"a\s+week")), Decimal(5)),
    (Words(ko=("하루",), en=(r"a\s+day", r"one\s+day")), Decimal(1)),
)
DAY_AMOUNT_PATTERNS: tuple[tuple[re.Pattern[str], Decimal], ...] = tuple(
    (pattern(words), days) for words, days in DAY_AMOUNTS
)
# A numeral, whole or decimal, not part of a longer one.
NUMERAL = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?![\d])")


def first_amount_in_words(text: str) -> Decimal | None:
    """The amount of days `text` says in words, the smallest first (the offline model's "반차 쓰면")."""
    return next((days for words, days in DAY_AMOUNT_PATTERNS if words.search(text)), None)
