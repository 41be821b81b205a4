"""The words a named figure's own clause may say about it, as language data (bot/grounding/named.py binds
each to the placeholder nearest it and checks that they agree): where a clause ends, year words, figure kinds,
leave types, parts of a day, the Act's meanings, directions (more / less), what-if verbs. Short lists, not a
grammar; Korean and English side by side.
"""

from __future__ import annotations

import re
from decimal import Decimal

CLAUSE_END = re.compile(r"[.!?;,\n]|\b(?:and|but)\b", re.I)  # English joins two clauses with "and"
YEAR_WORDS = (
    (re.compile(r"재작년|the year before last", re.I), -2),
    (re.compile(r"(?<!재)작년|지난해|last year", re.I), -1),
    (re.compile(r"올해|금년|this year", re.I), 0),
    (re.compile(r"내년|next year", re.I), 1),
)
KIND_WORDS = (
    (re.compile(r"남(?:은|아|았|는|을)|잔여|\bleft\b|\bremain(?:ing|s)?\b", re.I), "remaining"),
    (re.compile(r"사용|썼|쓴|쓰셨|\bused\b|\btaken\b|\btook\b", re.I), "used"),
    (
        re.compile(
            r"부여|발생|받(?:았|으|은)|\b(?:granted|entitled|received)\b|(?<!'ve )(?<!have )\bgot\b", re.I
        ),
        "granted",
    ),
)
CONDITIONAL = re.compile(r"면|\bif\b|\bwould\b|\bafter\b|후에|뒤에", re.I)
# Words a figure's own arguments must agree with, each bound to the placeholder nearest it, like a kind word.
EXCLUDED = r"(?!(?:\s?leave)?\s?(?:는|을|를)?\s?(?:제외|빼고|말고|별도|not|excluded|aside))"  # "병가 제외", "sick leave not included"
LEAVE_TYPE_WORDS = (
    (re.compile(rf"(?<!excluding )(?<!except )(?<!without )(?:병가|\bsick\b){EXCLUDED}", re.I), "sick"),
    (
        re.compile(
            rf"(?<!excluding )(?<!except )(?<!without )(?:연차|\bannual\b|\bvacation\b){EXCLUDED}", re.I
        ),
        "annual",
    ),
)
PART_WORDS = (  # a part of a day, as a record's size and as a unit constant an expression may use
    (re.compile(r"반반차|quarter[ -]days?", re.I), Decimal("0.25")),
    (re.compile(r"(?<!반)반차|half[ -]days?", re.I), Decimal("0.5")),
)
STATUTE_WORDS = (
    (re.compile(r"최대|상한|한도|\bmax(?:imum)?\b|\bcap\b|\bup to\b|\bat most\b", re.I), "max"),
    (re.compile(r"기본(?!적)|\bbase\b|\bbasic\b|\bstandard\b", re.I), "base"),
)
DIRECTION_WORDS = (
    (re.compile(r"(?<![가-힣])더(?![가-힣])|많이|\bmore\b", re.I), 1),
    (re.compile(r"덜|적게|\bless\b|\bfewer\b", re.I), -1),
)
THAN = re.compile(
    r"\s*(?:년도?|년에)?\s*(?:보다|에 비해)"
)  # the compared year: "작년보다", "2025년보다", "than last year"
USE = re.compile(r"사용|쓰|썼|쓴|\b(?:use[ds]?|using|took|take[ns]?|taking)\b", re.I)
SPEND = re.compile(r"(?:쓰|사용하)(?:시)?면|\b(?:use|take|using|taking)\b", re.I)
GAIN = re.compile(r"(?:받으|부여되|생기)(?:시)?면|\bgrant(?:ed|s)?\b", re.I)
AS_OF = re.compile(
    r"\s*(?:기준|현재|\bas of\b)", re.I
)  # "{date(…)} 기준": the day of a balance, not of a record
# A year typed in prose ("2025년에는", "in 2024") is a year word, not a quantity.
TYPED_YEAR = re.compile(r"(?<![\d.,:/-])(?:19|20)\d\d(?![\d:/-]|[.,]\d)")
