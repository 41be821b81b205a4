"""Words that state a quantity, as language data: an answer's text outside its named figures must hold
none of them, nor any digit (bot/grounding/named.py). A short list, not a grammar: the day counts, the native
numerals before a counter, the English number words and fraction words. Not here, because they name a
kind of leave or an idiom rather than a quantity: 반차 / 반반차 (a half-day leave), 한 번 / 한번 ("once
more", "just try"), "half day" / "quarter day" (the English 반차, a kind of leave: "half a day" is a quantity), "one"
unless a unit follows ("no one", "the next one", "if one is missing"), "once" ("at once", "once you
submit").
"""

from __future__ import annotations

import re

_KOREAN_DAYS = "하루|이틀|사흘|나흘|닷새|엿새|이레|여드레|아흐레|열흘|보름|반나절|절반|하나|셋|넷"
_KOREAN_NATIVE = (
    "(?:열|스물)\\s?(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉)|두|세|네|다섯|여섯|일곱|여덟|아홉|열|스무"
)
_KOREAN_COUNTERS = "번|개|건|회|차례|달|주|시간|날"
_ENGLISH = (
    "zero|one(?= (?:more )?(?:day|half|week|month|year)s?\\b)|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    "sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|hundred|dozen|"
    "(?:half|halves|quarter)(?![ -]days?\\b)|"
    "twice"
)

QUANTITY_WORDS = re.compile(
    rf"(?<![가-힣])(?:{_KOREAN_DAYS})"
    # A particle may follow the counter ("세 개예요"); an ordinal, an address or "your" may not ("두 번째",
    # "번지", "네 번호", "네 주말").
    rf"|(?<![가-힣])(?:{_KOREAN_NATIVE})\s?(?:{_KOREAN_COUNTERS})(?!째|호|지|말)"
    rf"|\b(?:{_ENGLISH})\b(?! of\b)",
    re.I,
)
# A line's list marker ("1. ", "2) ") numbers the lines, it states nothing.
LIST_MARKER = re.compile(r"^[ \t]*\d{1,2}[.)][ \t]", re.M)
DIGITS = re.compile(r"\d+(?:[.,]\d+)*")


def stray_quantities(text: str) -> list[str]:
    """The digits and quantity words in `text` (list markers aside), in order."""
    unmarked = LIST_MARKER.sub(lambda m: " " * len(m.group(0)), text)
    found = [(m.start(), m.group(0)) for m in DIGITS.finditer(unmarked)]
    found += [(m.start(), m.group(0)) for m in QUANTITY_WORDS.finditer(unmarked)]
    return [said for _, said in sorted(found)]
