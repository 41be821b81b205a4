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
# Units of time and 개 only: a count of occasions ("반차 두 번", "세 건", "두 차례") is not an amount of leave.
_KOREAN_COUNTERS = "개|달|주|시간|날"  # 개: "연차 열두 개"
_UNIT = r"(?:day|hour|week|month|year)s?\b"
# An English number word is an amount only before a unit, at most one word between ("two more days",
# "seven and a half days"); "those two breaks", "three requests" count occasions. "half day", "half sick
# day" name a kind of leave; "half a day" is an amount.
_NUMBER = (
    "(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    "sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|hundred|dozen)"
)
_ENGLISH = (
    _NUMBER + rf"(?=(?:[ -](?:and a half|(?!half|quarter)[a-z]+))?[ -]{_UNIT})|"
    rf"(?:half|halves|quarter)(?![ -](?!a\b)(?:[a-z]+[ -])?{_UNIT})"
)

QUANTITY_WORDS = re.compile(
    rf"(?<![가-힣])(?:{_KOREAN_DAYS})"
    # A particle may follow the counter ("세 개예요"); an ordinal, an address or "your" may not ("두 번째",
    # "번지", "네 번호", "네 주말").
    rf"|(?<![가-힣])(?:{_KOREAN_NATIVE})\s?(?:{_KOREAN_COUNTERS})(?!째|호|지|말)"
    rf"|\b(?:{_ENGLISH})\b(?! of\b)",
    re.I,
)
# A count of occasions ("반차 두 번", "three times", "two requests") is not an amount of leave, but it is a
# claim about the person's leave where its clause speaks of using it (bot/grounding/named.py decides).
OCCASION_WORDS = re.compile(
    rf"(?<![가-힣])(?:{_KOREAN_NATIVE})\s?(?:번|회|차례|건)(?!째|호|지)"
    rf"|\b(?:twice|thrice|(?!one\b){_NUMBER}|one(?= times?\b))\b(?! of\b)",
    re.I,
)
# A line's list marker ("1. ", "2) ") numbers the lines, it states nothing.
LIST_MARKER = re.compile(r"^[ \t]*\d{1,2}[.)][ \t]", re.M)
DIGITS = re.compile(r"\d+(?:[.,]\d+)*")


def stray_quantities(text: str, occasions: bool = True) -> list[str]:
    """The digits and quantity words in `text` (list markers aside), in order; counts of occasions too,
    unless `occasions` is False."""
    unmarked = LIST_MARKER.sub(lambda m: " " * len(m.group(0)), text)
    found = [(m.start(), m.group(0)) for m in DIGITS.finditer(unmarked)]
    found += [(m.start(), m.group(0)) for m in QUANTITY_WORDS.finditer(unmarked)]
    found += [(m.start(), m.group(0)) for m in OCCASION_WORDS.finditer(unmarked) if occasions]
    return [said for _, said in sorted(dict(found).items())]  # one word found twice is one


# A count of something that is no leave ("our 3 kids", "아이 2명", "99% sure", "2 weeks off"): never the
# person's amount of leave, so never a `q(n)` a statement computes with. (Years and hours are kept: "근속
# 6년이면" is what a rule is asked of, "4 hours" what an hours question converts.)
COUNTS_OF_OTHER_THINGS = re.compile(
    r"(?<![\d.])\d+(?:\.\d+)?(?=\s*(?:%|퍼센트|프로(?![가-힣])|명|살|세(?![가-힣])|"
    # weeks off, not occasions over weeks ("2주 정도 쉬면", "2 weeks off"; "every Friday for 6 weeks" counts Fridays)
    r"(?:주(?:일|간)?|weeks?|wks?)\s*(?:정도\s*|동안\s*|of\s+)?(?:[가-힣]+\s+)?"
    r"(?:쉬|휴가|연차|off\b|leave\b|vacation\b|break\b|holiday\b)|"
    r"(?:kids?|children|people|persons?|guests?|members?|colleagues?|percent|yrs? old|years? old)\b))",
    re.I,
)
