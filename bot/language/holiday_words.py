"""The words beside a holiday's name in a question: the day before it, the day itself, the days around it
(before, after, the week before, its week, a weekday), and the names people use for a holiday. Words only;
the calendar's holidays they are matched against are read in bot/grounding/days.py."""

from __future__ import annotations

import re

# "크리스마스 … 그 전날", "Christmas, and the day before": the day before the holiday just named.
DAY_BEFORE = re.compile(r".{0,30}?(?:그\s*)?전\s*날|.{0,30}?the\s+day\s+before", re.I | re.S)
# "the day after Christmas", "크리스마스 다음날": that day, not the holiday
DAY_AFTER = re.compile(r"\s*(?:그\s*)?다음\s*날|\s*이튿날", re.I)
DAY_AFTER_BEFORE_NAME = re.compile(r"\bthe\s+day\s+after\s+(?:the\s+)?$", re.I)
ITSELF = re.compile(r"\s*(?:당일|itself\b|proper\b)", re.I)
AROUND = re.compile(r"전날|다음날|The day (?:preceding|following)")
# A substitute day is named by its own word: "개천절" is October 3, "개천절 대체공휴일" the Monday after.
BREAK = re.compile(r"연휴|\bbreak\b|\bholidays\b|\blong\s+weekend\b", re.I)
SUBSTITUTE = re.compile(r"대체|substitut|alternative|in\s+lieu", re.I)

# The names people use for a holiday, and the word of the library's name they stand for.
ALIASES = {
    "크리스마스": "기독탄신일",
    "성탄절": "기독탄신일",
    "xmas": "christmas",
    "설 연휴": "설날",
    "구정": "설날",
}
ALIASES |= {"seollal": "korean new year", "lunar new year": "korean new year", "한가위": "추석"}
# "설" alone, as people say it ("2027년 설에", "설 때", "설 끝나고"): 설날 (not 설명, 설정, 설마)
BARE_SEOLLAL = re.compile(r"(?<![가-힣])설(?=\s*(?:에|엔|은|는|이|때|까지|부터|당일|전|후|앞|뒤|끝|쇠|\?|$))")

# Days around a holiday named: before it ("the Friday before Seollal", "연휴 전날", "설 전에"), after it ("추석
# 끝나고 목금", "after Chuseok"), its week or break ("Seollal week", "설 연휴 주", "over Chuseok", "추석 때"). A closed
# class of words beside the holiday's name; each a span of days.
BEFORE = re.compile(r"전(?!\s*해)|앞|before|ahead\s+of|leading\s+up", re.I)
AFTER = re.compile(r"끝나|지나|후|뒤|다음|이후|after|following|back\s+from", re.I)
WEEK_AFTER = re.compile(r"다음\s*주|뒷\s*주|\b(?:the\s+)?week\s+after\b|\bfollowing\s+week\b", re.I)
DAY_BEFORE_BEFORE_NAME = re.compile(r"\bthe\s+day\s+before\s+(?:the\s+)?$", re.I)
WEEK_BEFORE = re.compile(r"전\s*주|앞\s*주|\b(?:the\s+)?week\s+before\b|\bprevious\s+week\b", re.I)
WEEK = re.compile(r"(?<![가-힣])주(?:간|\s|에|$)(?!말)|\bweek\b", re.I)
# A weekday beside it: before or after a holiday is a day of the week ("the Friday before", "끝나고 목금").
WEEKDAY_NAMED = re.compile(
    # a weekday alone or with its particle ("목요일은", "금욜에"); not a syllable of another word ("화장실")
    r"(?<![가-힣])[월화수목금](?:요일|욜)?(?=\s|$|[,~\-?]|[월화수목금]|[은는이가을를도에만](?![가-힣]))|"
    r"\b(?:mon|tue|wed|thu|fri)\w*\b",
    re.I,
)
