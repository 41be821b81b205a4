"""What a question says, read for the choice of statements and for the numbers a statement takes from it:
its months, its days written without a month, the amounts of days it states and how, the parts of a day it
names, whether it plans ahead, family and the asker as its subject, and the words that ask. Words only; what
each means for the answer is the check's (the offline model's own check, bot/llm/choice/)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from bot.language import words
from bot.language.dates import MONTH_NAME, month_number
from bot.language.words import pattern
from bot.language.years import asked_years

# A rule of the house rather than of the Act or of the person's figures: how many days in a row, a limit.
HOUSE_RULE = re.compile(
    r"연속|한\s*번에|몰아서|\b(?:consecutive|in\s+a\s+row|at\s+once|at\s+a\s+time|limit\w*|polic\w*)\b|규정|정책|회사|"
    r"\b(?:our|the)\s+company\b|\bbonus\b|"
    # leave given to someone else ("재희 씨한테 넘겨줄 수 있나요?", "donate days to a colleague")
    r"넘겨\s*(?:줄|주|드)|양도|\b(?:transfer|donate|gift)\w*\b",
    re.I,
)


THE_YEAR_BEFORE = re.compile(r"the\s+year\s+before(?!\s+last)|그\s*전\s*해|그\s*전\s*년", re.I)


MONTH_WORD = re.compile(
    r"(?P<after_next>다다음\s*달)|(?:(?P<rel>이번|다음|지난|저번)\s*달|담달|(?P<en>this|next|last)\s+month|(?<!\d)(?P<num>\d{1,2})\s*월(?!\s*\d)|"
    r"\b(?:in|for|during|of)\s+(?P<name>" + MONTH_NAME + r"))",
    re.I,
)


MONTH_STEP = {"이번": 0, "this": 0, "다음": 1, "next": 1, "지난": -1, "저번": -1, "last": -1}


# A word taken back right after it is said: "다음달 말고", "July, no, August".
TAKEN_BACK = re.compile(r"\s*(?:말고|아니고|아니라|(?:,\s*)?(?:no|not|I\s+mean)\b)", re.I)


# "남은거 8일 맞지?": a number said to be left, the words before it; "맞지?", "right?": a figure claimed.
LEFT_BEFORE = re.compile(r"(?:남은|남았|잔여)\s*(?:거|게|건|연차|휴가)?\s*(?:는|은|이|가)?\s*$")
CLAIM = re.compile(r"맞(?:지|죠|아|나|나요|습니까|는지)|\b(?:right|correct|true|isn'?t\s+it)\b", re.I)


# A date taken back right after it: "aug 14? wait no I mean the 13th", "12월 24일 말고".
_DATE_TAKEN_BACK = re.compile(
    rf"\b(?P<en_month>{MONTH_NAME})\s+(?P<en_day>\d{{1,2}})(?:st|nd|rd|th)?\b|(?P<ko_month>\d{{1,2}})\s*월\s*(?P<ko_day>\d{{1,2}})\s*일",
    re.I,
)
_BACK = re.compile(
    r"[\s?,.!—–-]*(?:wait\s*,?\s*)?(?:no\b|not\b|I\s+mean\b|sorry\b|말고|아니고|아니라|아니\s)", re.I
)


_YEAR_TAKEN_BACK = re.compile(r"((?:19|20)\d{2})\s*년?")


# "this year or last?", "올해랑 작년 중에": both years, the second said in one word
BOTH_YEARS = re.compile(r"\bthis\s+year\s+or\s+last\b|\blast\s+year\s+or\s+this\b", re.I)


def years_taken_back(question: str) -> set[int]:
    """The years the question names and takes back at once ("in 2025 - wait no, this year")."""
    spaced = question.replace("-", " ")  # "2025 - wait no": a dash is a pause, as a comma is
    return {int(m[1]) for m in _YEAR_TAKEN_BACK.finditer(question) if _BACK.match(spaced, m.end())}


def days_taken_back(question: str) -> set[tuple[int, int]]:
    """The (month, day)s the question names and takes back at once ("aug 14? wait no, the 13th")."""
    found: set[tuple[int, int]] = set()
    for m in _DATE_TAKEN_BACK.finditer(question):
        if _BACK.match(question, m.end()):
            month = month_number(m["en_month"]) if m["en_month"] else int(m["ko_month"])
            day = int(m["en_day"] or m["ko_day"])
            if month:
                found.add((month, day))
    return found


def _month_words(
    question: str, today: date
) -> Iterator[tuple[re.Match[str], set[tuple[int, int]], int | None]]:
    """Each month word of the question, the (year, month)s it may name, and for a word relative to this
    month ("다음 달", "last month", "다다음 달") how many months from this one (None for "10월", "August")."""
    years = {today.year, today.year + 1, *asked_years(question, today)}  # "작년 12월": last year's
    for m in MONTH_WORD.finditer(question):
        step: int | None = None
        named: set[tuple[int, int]] = set()
        if m["after_next"]:
            step = 2
        elif rel := (m["rel"] or (m["en"] or "").lower() or ("다음" if m.group(0).startswith("담") else "")):
            step = MONTH_STEP[rel]
        elif m["num"] and 1 <= int(m["num"]) <= 12:
            named = {(year, int(m["num"])) for year in years}
        elif m["name"] and (number := month_number(m["name"])):
            named = {(year, number) for year in years}
        if step is not None:
            month = today.month - 1 + step
            named = {(today.year + month // 12, month % 12 + 1)}
        yield m, named, step


def months_named(question: str, today: date) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """The months a question asks about by a month word ("다음 달", "in August", "10월"), as (year, month),
    not one it takes back ("다음달 말고 다다음달": the month after next); and the months a word relative to
    this one names ahead of it ("다음 달", "next month", "다다음 달": in November or December, next year's)."""
    found: set[tuple[int, int]] = set()
    taken_back: set[tuple[int, int]] = set()
    ahead: set[tuple[int, int]] = set()
    for m, named, step in _month_words(question, today):
        (taken_back if TAKEN_BACK.match(question, m.end()) else found).update(named)
        ahead |= named if step and step > 0 else set()
    return (found - taken_back) or found, ahead


DAY_RANGE = re.compile(r"(?<![\d./-])(\d{1,2})\s*[-~–]\s*(\d{1,2})(?![\d./-])")


# "21일부터", "24일에", and "9일은요?" (a day asked after another: "2월 8일 쉬어? 9일은요?"), and one listed
# after a dated day ("12월 24일 반차랑 31일 하루", "13일 금요일이랑 19일 목, 20일 금")
# Days of a month listed with commas ("10월 6, 7, 8일", "4일, 5일"): each is a day, as the last is.
LISTED_DAYS = re.compile(
    r"(?<![\d.])(\d{1,2})\s*일?\s*(?=,\s*\d{1,2}\s*일?|\s*일\s+\d{1,2}\s*일)|(?<=,)\s*(\d{1,2})\s*일|(?<=일)\s+(\d{1,2})\s*일"
)
BARE_DAY = re.compile(
    r"(?<![\d월])(?<!월\s)(\d{1,2})\s*일(?=\s*(?:부터|까지|~|에|날|\(|\)|[은는도]\s*(?:요|어때|어떄)|하루|반차|반반차|"
    r"[월화수목금토일]요일|[월화수목금토일](?![가-힣])|,|이랑|랑|하고|"
    r"[은는이가]\s*(?:공휴일|휴일|빨간|근무일|평일|쉬는)))"  # "25일은 공휴일 맞죠?"
)


ORDINAL_DAY = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)\b", re.I)


MONTH_BEFORE = re.compile(r"(?:달|월|month)\s*$", re.I)


# An amount of days the question states: a number before a day's unit, not a day of the month ("21일부터").
DAYS_STATED = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:(?:full|whole|more|extra|working|annual)\s+)?(?:일(?!\s*(?:부터|까지|에|날|자|요일|\())|days?\b|개\b|번|회|times\b|half|of\s+(?:them|those)\b|more\b(?!\s+(?:than|weeks?|months?|hours?|years?))|(?=\s+(?:left|remaining)\b))",
    re.I,
)


# "반차 2번", "4 half-days", "반반차 2번": a count of parts of a day, and the part its words name.
AS_PARTS = re.compile(r"\s*(?:번|회|times\b|x\b|half|quarter)", re.I)


QUARTER = pattern(words.QUARTER_DAY)


# A part of a day asked for: a whole-day plan (what_if_days) does not answer it.
PART_ASKED = re.compile(r"반차|반반차|반나절|오전|오후|half|quarter|(?<!good )(?:morning|afternoon)", re.I)


HALF = re.compile(r"(?<!반)반차|half", re.I)


# A question about days to come, with nothing of the past in it.
PLANS_AHEAD = re.compile(
    r"^(?!.*(?:썼|쓴|했|였|갔|\b(?:took|used|was|were|did|had)\b)).*"
    r"(?:쉬려|쉴까|쓰려|쓸까|낼까|내려|신청하려|까지\s*(?:며칠|몇\s*일)|디데이|"
    r"\b(?:taking|planning|thinking\s+of|book|until|trip)\b)",
    re.I | re.S,
)


SAID_LEFT = re.compile(r"\s*(?:이|가|은|는|정도|쯤)?\s*(?:남|left\b|remaining\b)", re.I)


PARTS_BEFORE = re.compile(r"(?:반차|반반차)\s*$")  # "반차 1개": a count of halves


# Family, and the asker as subject ("My manager asked how many days I have left"): the asker's own leave.
OWN = re.compile(
    r"엄마|아빠|아내|와이프|남편|부모님|아이|애기|가족|동생|형|누나|언니|오빠|친구|생신|결혼|출산|"
    r"\b(?:mom|dad|wife|husband|kids?|family|friend)\b|"
    r"\bI\s+(?:still\s+|only\s+|just\s+|really\s+)?(?:have|had|used|took|take|get|got|want|need)\b|\b(?:do|did|have|can|will)\s+I\b|\bI've\b|"
    r"\bmy\s+(?:own\s+|\w+\s+)?(?:leave|balance|days|pto|vacation|time\s+off)\b|\bmy\s+own\b|\bleave\s+me\b|"
    r"(?<!not )\b(?:for\s+)?myself\b|"  # "my leftover leave", "Dec 21-31 for myself"
    # "제 연차", "저 몇 개 남았는지": the asker's own leave asked in the first person
    r"(?:^|\s)(?:제|내|저의|나의)\s*(?:(?:올해|작년|이번\s*해)\s*)?(?:연차|휴가|남은)|(?:^|\s)(?:저|나|전|난)(?:는|도)?\s+(?:(?:올해|작년|이번\s*해)(?:에|엔|에는)?\s*)?(?:몇|며칠|연차|휴가|남은)"
    # "저는 그날 쓰면 몇 개 남아요?": the asker's own what-if, "저는" opening its clause
    r"|(?:^|[\s.?!,])(?:저는|저도|전|난|나는|나도)\s+[^?.!]{0,20}?(?:쓰면|내면|쉬면|쓰려|쉬려|내려|남아|남았|남은|몇|며칠)"
    # "나부터 봐야 해서", "내 거", "제 것도": the asker, by a pronoun of their own
    r"|(?:^|[\s.?!,])(?:나|저)부터(?!\s*(?:말고|빼고|아니))"
    r"|(?:^|[\s.?!,])(?:내|제)\s*(?:꺼|거|것)(?:도|는|은)?(?=[\s.?!,]|$)(?!\s*(?:말고|빼고|아니))",
    re.I,  # "do i have", typed in lower case
)


# Words that ask, in both languages (a closed class, unlike the words for leave): question words, requests, and a question mark after a word.
ASKING = re.compile(
    r"몇|며칠|언제|얼마(?!\s*(?:안|전|뒤|후|동안|되지|지나))|어떻게|어떡|무슨|무엇|뭐|뭔|어디|어느|왜|누구|알려|보여|해\s*줘|해\s*주|줄래|주세요|"
    r"(?:나요|까요|가요|할까|인가|냐|니)\s*\?|"  # a question's ending asks with its mark ("기억이 안 나요" does not)
    r"\b(?:how|what|what's|whats|when|which|why|where|who|whose|tell\s+me|show\s+me|list|give\s+me)\b(?!\s*:)|"
    r"\b(?:can|could|would|will)\s+(?:you|i)\b|\b(?:do|did|does|is|are|am|was|will|should|have|has)\s+(?:i|my|it|there|that|this)\b|"
    r"[\w가-힣]\s*\?",
    re.I,
)


# The asker as the one a figure is of: a pronoun of the first person (a closed class), and how many asked.
# "나 지금 법정 연차 며칠 받을 수 있어?" asks the asker's figure; "법정 연차는 최대 며칠이야?" the law's.
ASKER = re.compile(
    r"(?:^|\s)(?:나|내|난|제가|저는|저도|전|제|저)(?=\s|$|가|는|도)|\b(?:i|my|me|i'm|im|i've)\b", re.I
)
HOW_MANY = re.compile(r"몇|며칠|얼마|\bhow\s+(?:many|much)\b", re.I)


# Asking when: a day or a time is asked (언제, not 언제든 "any time"; "when" asking, not "when I take…").
WHEN_ASKED = re.compile(
    r"언제(?!\s*(?:든|나|라도))|\bwhen(?:'s|\s+(?:do|does|did|will|is|are|was|can|should|would)\b|\s*\?)|^\s*when\b",
    re.I,
)


# A colleague as the one whose leave it is, even beside the asker's words ("can I see how much leave my
# manager has taken?"): the role, then their leave or a verb of having it. (OWN's Korean words are family.)
COLLEAGUES_FIGURE = re.compile(
    r"\b(?:manager|boss|team\s*lead|lead|teammate|coworker|co-worker|colleague|supervisor)"
    r"(?:'s|\s+(?:has|had|took|used|have|still\s+has))\b",
    re.I,
)


# Asking why (not "why not", a yes): a reason is asked.
WHY_ASKED = re.compile(r"왜|어째서|\bwhy\b(?!\s+not\b)", re.I)
# "오늘 며칠이야?", "몇 월 며칠" ask the date, and "얼마나 걸려?" how long: not how many.
NOT_HOW_MANY = re.compile(
    r"몇\s*월\s*(?:몇\s*일|며칠)|(?:오늘|지금|내일|어제|모레|[월화수목금토일](?:요일|욜))\s*(?:은|이)?\s*(?:몇\s*일|며칠)|"
    r"얼마(?:나)?\s*걸|"
    r"\bwhat(?:'s|\s+is)\s+(?:the\s+|today'?s\s+)?date\b",
    re.I,
)


# Asked in the past tense: a day named without its year is the last one passed ("did I take dec 24 off?").
PAST_ASKED = re.compile(
    r"썼|쓴\s*(?:거|게|날)|쉬었|갔었|\b(?:did\s+I|had\s+I|was\s+I|(?<!if )I\s+(?:took|used|was))\b|"
    r"\b(?:was|were)\s+(?:it\s+|that\s+)?(?:on\s+)?(?:the\s+)?(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)",
    re.I,
)


# What was just said, taken back at the start of the next sentence: "… 몇 번 썼어요? 아 아니다, …",
# "… on the 5th? no wait, …", "never mind".
TAKES_BACK = re.compile(
    r"^\s*(?:아\s*)?(?:아니다|아니\s*아니|아니요?,|됐고|말고)|^\s*(?:no\s+wait|wait\s+no|never\s*mind|scratch\s+that|nvm)\b",
    re.I,
)


# A third person asked of ("does she have", "his balance"): someone else's leave, beside family or not.
THIRD_PERSON_ASKED = re.compile(
    r"\b(?:does|did|has|will|can)\s+(?:he|she)\b|\b(?:he|she)\s+(?:still\s+)?(?:has|have|had|took|used)\b|"
    r"\b(?:his|her|their)\s+(?:leave|balance|days|pto|vacation)\b",
    re.I,
)
# "is New Year's Day a Friday?", "falls on a Saturday": a weekday asked of a day, not a day itself
A_WEEKDAY = re.compile(r"\b(?:on\s+)?an?\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", re.I)
# Days to take in words: "이틀 쉬려고", "take two days" (하루 is also a day's hours: not read here)
COUNT_WORDS = {"하루": 1, "이틀": 2, "사흘": 3, "나흘": 4, "two": 2, "three": 3, "four": 4, "five": 5}
DAYS_IN_WORDS = re.compile(
    r"(이틀|사흘|나흘|하루(?=\s*(?:연차|휴가)\s*(?:쓰|내|빼))|(?<=연차\s)하루(?=\s*더)|(?<=휴가\s)하루(?=\s*더))(?!\s*반)|"
    r"\b(?:take|taking|use|using|off)\s+(two|three|four|five)\s+(?:more\s+|full\s+)?days?\b",
    re.I,
)
# A part pointing back to the one before ("그 주 월~목", "that week"): its days are the part before's.
# A short question asking "how many" of what the turn before answered ("how many days will that be?",
# "그거 며칠이야?"): a follow-up whose kind is the turn before's, which the words do not say.
OF_THE_TURN_BEFORE = re.compile(
    r"^(?=.{0,40}$)(?=.*(?:\b(?:that|it)\b|그거|그건|그게)).*(?:\bhow\s+many\b|\bhow\s+much\b|몇|며칠|얼마)",
    re.I | re.S,
)
# The asker's own figure asked in the first person ("제 연차 남은 거", "how many of mine", "do I have"): not the
# family words of OWN, which a story about them uses
OWN_FIGURE = re.compile(
    r"(?:제|내|저의|나의)\s*(?:(?:올해|작년)\s*)?(?:연차|휴가|남은)|\bmy\s+(?:own\s+)?(?:leave|balance|days|pto|vacation)\b|"
    r"\b(?:of\s+)?mine\b|\bI\s+(?:still\s+)?have\b|\b(?:do|did|can|will)\s+I\s+(?:have|get|use|take)\b",
    re.I,
)
# The asker telling their own tenure: since when, or how long
# The length of the asker's working day, told: hours at 8 a day are not theirs (bot/grounding)
OWN_HOURS_A_DAY = re.compile(
    # the length of the asker's working day ("4-hour shifts", "I work 6 hours a day", "하루 6시간 근무"), not
    # hours of leave taken a day ("하루 2시간씩 쓰면", "2 hours a day off")
    r"\b(\d{1,2})[-\s]*(?:hours?|hrs?|h)\s+(?:shifts?|days?|workdays?)\b(?!\s+off)|"
    r"\bwork(?:ing)?\s+(\d{1,2})\s+(?:hours?|hrs?)\s+(?:a|per)\s+day\b|"
    r"하루\s*(\d{1,2})\s*시간\s*(?:근무|일해|일하)|(\d{1,2})\s*시간\s*(?:근무|교대)",
    re.I,
)


TENURE_TOLD = re.compile(
    r"\b(?:i'?ve\s+)?(?:been\s+here|worked\s+here|joined|started)\s+(?:since\s+|in\s+|for\s+)?"
    r"(?:(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+)?(?:\d{4}|\d+\s+(?:years?|yrs?))(?:\s+now)?|"
    r"\b(?:been\s+here|here\s+for)\s+\d+\s+(?:years?|yrs?)(?:\s+now)?|\b\d+\s+(?:years?|yrs?)\s+(?:in|here)(?:\s+now)?|"
    r"\byear\s+\d+\s+here\b|"
    r"(?:입사한\s*지\s*)?(?:벌써\s*)?\d+\s*년\s*(?:차|째)(?:네요|예요|에요|인데요?|이에요|입니다)?|"
    r"(?:근속\s*)?(?<!\d)\d{1,2}\s*년\s*(?:넘게\s*|넘어\s*|이상\s*)?(?:다녔(?:으면|는데|어요|고)?|일했(?:으면|는데|어요|고)?|근무했(?:으면|는데|어요|고)?|넘었(?:는데|어요|고)?)|"
    r"(?:\d{4}\s*년\s*(?:\d{1,2}\s*월\s*)?|\d{1,2}\s*월\s*)입사(?:했는데|인데요?|해서|한)?(?=\s)",
    re.I,
)
# Two figures compared ("작년보다", "than", "vs"): the words both the check and the offline reader go by
COMPARED = re.compile(
    r"보다|차이|비교|대비|에\s*비해|\bthan\b|\bdifference\b|\bcompar|\bvs\b|\bversus\b", re.I
)
POINTS_BACK = re.compile(
    r"그\s*(?:주|날|때|기간)|\b(?:that|the\s+same)\s+(?:week|day|time)\b|"
    # "do we get the Monday off?", "대체휴일은 없어?" after a holiday named: the days beside it
    r"\bthe\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|대체\s*(?:공휴일|휴일|휴무)|\bsubstitute\s+(?:holiday|day)",
    re.I,
)
# A day named with its part of a day ("24일 오후 반차", "31일 하루", "28일 반반차").
DAY_SIZED = re.compile(
    r"(?<![\d/])(?P<day>\d{1,2})\s*일\s*(?:\([^)]*\)\s*)?(?:[월화수목금]요일\s*)?(?:오전\s*|오후\s*)?"
    r"(?:(?P<quarter>반반차)|(?P<half>반차)|(?P<whole>하루|종일|연차(?!\s*(?:몇|며칠))))"
)
