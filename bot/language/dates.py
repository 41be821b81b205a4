"""Months, weekdays, dates and times: how they are written in Korean and English, and how to read them.

A date or a time is never a leave amount (`blank_dates` removes them before amounts are looked for).
"""

from __future__ import annotations

import re

from bot.language.words import Words, alternation

MONTHS_EN = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
# Monday first, as `date.weekday()` counts.
KOREAN_WEEKDAYS = ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일")
WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# A working day named ("금요일에 쉬어도 돼?", "tomorrow"): one day of leave.
ONE_WORKING_DAY = Words(
    ko=(r"[월화수목금]요일", "내일"),
    en=(rf"\b(?:{'|'.join(WEEKDAYS_EN[:5])})\b", "tomorrow"),
)

# A month's name as an answer writes it: "Mar", "March", "Sept.".
MONTH_NAME = rf"(?:{'|'.join(m[:3] for m in MONTHS_EN)}|sept)[a-z]*\.?"
_DAY_NUMBER = r"\d{1,2}(?:st|nd|rd|th)?"
_RANGE = r"\s*(?:~|-|–|—|to|through|thru|부터|에서)\s*"

# Dates and times: numbers that are never amounts, in an answer or in a question.
DATE_AND_TIME_PATTERNS = (
    r"\d{4}\s*[-./]\s*\d{1,2}\s*[-./]\s*\d{1,2}\.?",  # 2026-11-29, 2026.11.29.
    rf"\d{{1,2}}\s*월\s*\d{{1,2}}\s*일(?:\s*\([^)]*\))?(?:{_RANGE}(?:\d{{1,2}}\s*월\s*)?\d{{1,2}}\s*일)?",
    r"\d{1,2}\s*월(?:\s*(?:말|초|중순|초순|하순|달))?",  # 12월, 12월 말
    rf"\b{MONTH_NAME}\s+{_DAY_NUMBER}(?:{_RANGE}(?:{MONTH_NAME}\s+)?{_DAY_NUMBER})?\b",
    rf"\b{_DAY_NUMBER}(?:{_RANGE}{_DAY_NUMBER})?\s+(?:of\s+)?{MONTH_NAME}",
    r"(?<![\d.])\d{1,2}/\d{1,2}(?:/\d{2,4})?(?:\s*[~–-]\s*(?:\d{1,2}/)?\d{1,2}(?![\d/.]))?(?![\d.])",  # 12/31, 12/28~31
    r"\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?",  # times, whatever follows (13:00에)
    r"(?:오전|오후|아침|저녁|밤|낮)\s*\d{1,2}\s*시(?:\s*\d{1,2}\s*분)?(?:\s*반)?",
    r"\d{1,2}\s*시(?:\s*\d{1,2}\s*분|\s*반)?(?=\s*(?:에|부터|까지|전|후|쯤|이전|이후|~|-|\s|$|[,.]))",
    r"\b\d{1,2}(?:\s*[ap]\.?m\.?)\b",
    r"(?<!\d)(?:19|20|21)\d{2}\s*(?:년도?|년)?(?!\d)",  # years
)
# In a question, any "N시" is a time too; counts ("4번", "이틀") stay, since the person's counts are
# what a what-if computes with.
_DATES_AND_TIMES = re.compile(
    "|".join(
        [
            *DATE_AND_TIME_PATTERNS,
            r"\d{1,2}\s*시",
            r"\b\d{1,2}(?:st|nd|rd|th)\b",
            r"(?<![\d.])\d{1,2}\s*일\s*\(?(?:[월화수목금토일]요일|[월화수목금토일](?![가-힣]))",  # "25일 금요일"
            r"(?:[월화수목금토일]요일|[월화수목금토일]욜)\s*\(?\s*\d{1,2}\s*일",  # "목요일 3일", "월요일(28일)"
            # "3일에 쉬어야": on a day ("3일에 걸쳐": over days; "3일에 반차 하나": days plus a half day)
            r"(?<![\d.])\d{1,2}\s*일(?=에(?!서|\s*걸쳐|\s*(?:반차|반반차|하루|더)))",
            # "31일 지나면 없어진다": a day of the month past which something happens (10 and over: "3일
            # 지나면" may be three days passing)
            r"(?<![\d.])(?:[12]\d|3[01])\s*일(?=\s*(?:이\s*)?(?:지나|이전|전에|전까지))",
            r"\bon\s+the\s+\d{1,2}(?:st|nd|rd|th)?\b(?!\s*(?:days?|half|hours?|of\s+(?:them|those)))",  # "on the 24"
        ]
    ),
    re.I,
)


def blank(text: str, pattern: re.Pattern[str]) -> str:
    """`text` with every match of `pattern` replaced by spaces (same length, so positions hold)."""
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


def blank_dates(text: str) -> str:
    """`text` with its dates, times and years blanked out (same length): "12월에 1일씩 3번" keeps 1, 3. A day
    listed after a date is a date too ("Dec 22 and 23", "12월 22일이랑 23일"), and so is an ordinal ("the
    12th"): neither is ever an amount of days."""
    blanked = blank(text, _DATES_AND_TIMES)
    for m in _DATED_DAY.finditer(text):
        listed, end = (_LISTED_KO if "일" in m[0] else _LISTED_EN), m.end()
        while (after := listed.match(text, end)) is not None:
            blanked = (
                blanked[: after.start(1)] + " " * (after.end() - after.start(1)) + blanked[after.end() :]
            )
            end = after.end()
    return blanked


_MONTH_DAY = re.compile(rf"\b({MONTH_NAME})\s+(\d{{1,2}})", re.I)


def month_number(name: str) -> int | None:
    """1–12 for a month's English name or abbreviation, else None."""
    key = name.lower()[:3]
    names = [m[:3] for m in MONTHS_EN]
    return names.index(key) + 1 if key in names else None


# ----- questions about the calendar ----------------------------------------------------------------------
# "오늘 며칠이야?", "what's the date today?": the date, not leave.
DATE_QUESTION = re.compile(
    r"오늘\s*(?:이|은)?\s*(?:며칠|몇\s*월\s*며칠|몇\s*일|날짜|무슨\s*요일|몇\s*월)|오늘\s*날짜|"
    r"(?:지금|현재)\s*(?:이|은)?\s*몇\s*월|몇\s*월\s*며칠|오늘\s*(?:이|은)?\s*(?:일자|몇\s*일)|"
    r"\bdate\b[^.?!]{0,12}\btoday\b|\btoday\b[^.?!]{0,24}\b(?:date|day\s+of\s+the\s+month)\b|"
    r"\b(?:current|today'?s)\s+date\b|오늘\s*기준\s*날짜|날짜[^?.!]{0,12}오늘|"
    r"what(?:'s|\s+is)\s+(?:the\s+)?(?:date|day)(?:\s+today)?|what\s+(?:day|date)\s+is\s+(?:it|today)|"
    r"today'?s\s+date|what\s+is\s+today",
    re.I,
)
LEAP_YEAR = Words(ko=("윤년",), en=(r"leap\s*year",))
THIS_MONTH = Words(ko=(r"이번\s*달",), en=(r"this\s+month",))
LAST_MONTH = Words(ko=(r"지난\s*달", r"저번\s*달"), en=(r"last\s+month",))
# A month asked about: "월별", "3월에", "this month", "in March" (group 1: a month's number, group 2:
# a month's English name).
MONTH_ASKED = re.compile(
    r"월별|매달|매월|"
    + alternation(THIS_MONTH, LAST_MONTH)
    + r"|(\d{1,2})\s*월\s*(?:에|엔|달|은|는|한\s*달)|per\s+month|monthly|each\s+month|"
    + rf"\b(?:in|about|for|during|and)\s+({'|'.join(MONTHS_EN)})\b",
    re.I,
)


# ----- the days a text names by month and day -------------------------------------------------------------
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_THROUGH = r"\s*(?:~|-|–|—|to|through|thru|until|till|부터|에서)\s*"
# Each names a first day and, after a span word, maybe a last day whose month is the first's unless named.
_DAYS_NAMED = (
    re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})"),  # (year,) month, day: no span read, each is found alone
    re.compile(
        rf"(\d{{1,2}})\s*월\s*(\d{{1,2}})\s*일(?:{_THROUGH}(?:(\d{{1,2}})\s*월\s*)?(\d{{1,2}})\s*일)?"
    ),
    re.compile(rf"\b({MONTH_NAME})\s+{_DAY}\b(?:{_THROUGH}(?:({MONTH_NAME})\s+)?{_DAY}\b)?", re.I),
    re.compile(rf"\b{_DAY}\s+(?:of\s+)?({MONTH_NAME})(?:{_THROUGH}{_DAY}\s+(?:of\s+)?({MONTH_NAME}))?", re.I),
    re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(?![\d/])(?:\s*(?:~|-|–)\s*(\d{1,2})/(\d{1,2})(?![\d/]))?"),
)


# A day listed after a dated one, in its month: "12월 24일, 28일", "12월 24일이랑 26일", "Dec 24 and 28".
_LISTED_KO = re.compile(
    r"\s*(?:,|와|과|이랑|랑|하고|및)\s*(\d{1,2})\s*일(?!\s*(?:더|동안|간|이상|정도|만큼|치))"
)
_LISTED_EN = re.compile(
    r"\s*(?:,|and|&)\s*(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?:more\b|days?\b|[/.:]\d))", re.I
)
# A date with its day, which a listed day may follow (not a month alone, a year or a time).
_DATED_DAY = re.compile(
    rf"\d{{1,2}}\s*월\s*\d{{1,2}}\s*일|\b{MONTH_NAME}\s+{_DAY_NUMBER}\b|(?<![\d/])\d{{1,2}}/\d{{1,2}}(?![\d/])",
    re.I,
)


MonthDay = tuple[int, int]

# A stretch written short: "12월 14~18일" (the first day's 일 left to the last) and "12/21~24" (the last
# day's month left to the first). Spelled out in full, so every reader of dates reads them alike.
_KO_SHORT_FIRST = re.compile(r"(\d{1,2})\s*월\s*(\d{1,2})(?=\s*(?:~|-|–)\s*\d{1,2}\s*일)")
_SLASH_SHORT_LAST = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(\s*(?:~|-|–)\s*)(\d{1,2})(?![\d/.]|\s*월)")


def spelled_out(text: str) -> str:
    """`text` with each short stretch ("12월 14~18일", "12/21~24") written in full."""
    text = _KO_SHORT_FIRST.sub(r"\1월 \2일", text)
    return _SLASH_SHORT_LAST.sub(  # a later day of the same month only ("12/24-3일" is no stretch)
        lambda m: f"{m[1]}/{m[2]}{m[3]}{m[1]}/{m[4]}" if int(m[4]) > int(m[2]) else m[0], text
    )


def _listed(text: str, end: int, month: int, listed: re.Pattern[str]) -> list[tuple[MonthDay, MonthDay]]:
    found = []
    while (m := listed.match(text, end)) is not None:
        found.append(((month, int(m[1])), (month, int(m[1]))))
        end = m.end()
    return found


def spans_named(text: str) -> list[tuple[MonthDay, MonthDay]]:
    """Each day or span `text` names by month and day, as its first and last (month, day): "12월 21일부터
    24일까지" is (12/21, 12/24), "December 28 to 30" (12/28, 12/30), "2026-12-21" (12/21, 12/21), "12월 24일,
    28일" (12/24, 12/24) and (12/28, 12/28). Days named only by weekday or by a word (내일, Christmas) are not."""
    found: list[tuple[MonthDay, MonthDay]] = []
    iso, korean, english, day_first, slashed = _DAYS_NAMED
    text = spelled_out(text)
    for m in iso.finditer(text):
        found.append(((int(m[2]), int(m[3])), (int(m[2]), int(m[3]))))
    blanked = blank(text, iso)
    for m in korean.finditer(blanked):
        first = (int(m[1]), int(m[2]))
        last = (int(m[3] or m[1]), int(m[4])) if m[4] else first
        found.append((first, last))
        found += _listed(blanked, m.end(), last[0], _LISTED_KO)
    for m in english.finditer(blanked):
        month = month_number(m[1])
        if month:
            first = (month, int(m[2]))
            last = ((month_number(m[3]) or month) if m[3] else month, int(m[4])) if m[4] else first
            found.append((first, last))
            found += _listed(blanked, m.end(), month, _LISTED_EN)
    for m in day_first.finditer(blanked):
        ends = [
            (number, int(day))
            for day, name in ((m[1], m[2]), (m[3], m[4]))
            if day and name and (number := month_number(name))
        ]
        if ends:
            found.append((ends[0], ends[-1]))
    for m in slashed.finditer(blanked):
        first = (int(m[1]), int(m[2]))
        found.append((first, (int(m[3]), int(m[4])) if m[3] else first))
    return [(a, b) for a, b in found if all(1 <= month <= 12 and 1 <= day <= 31 for month, day in (a, b))]


# A date with its weekday ("12월 28일(월)", "1월 4일 월요일", "Mon Dec 28", "December 28 (Mon)"): the pair
# pins down the year, so a statement about the same day of another year is about another day.
_KO_DAY = r"(?P<m1>\d{1,2})\s*월\s*(?P<d1>\d{1,2})\s*일\s*\(?\s*(?P<w1>[월화수목금토일])(?:요일|욜|\))"
_EN_DAY_NAME = (
    r"(?P<{}>mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|r|rs|rsday|urday)?\.?(?![a-z])"  # not "wedding"
)
_WEEKDAY_AND_DATE = re.compile(
    "|".join(
        (
            _KO_DAY,
            rf"\b{_EN_DAY_NAME.format('w2')},?\s+(?P<n2>{MONTH_NAME})\s+(?P<d2>\d{{1,2}})(?!\d)",
            rf"\b(?P<n3>{MONTH_NAME})\s+(?P<d3>\d{{1,2}})(?:st|nd|rd|th)?,?\s*\(?\s*{_EN_DAY_NAME.format('w3')}\b",
        )
    ),
    re.I,
)


def weekdays_named(text: str) -> set[tuple[int, int, int]]:
    """(month, day, weekday: Monday 0) of each date `text` names with its weekday."""
    found = set()
    for m in _WEEKDAY_AND_DATE.finditer(text):
        if m["m1"]:
            month, day, weekday = int(m["m1"]), int(m["d1"]), "월화수목금토일".index(m["w1"])
        else:
            name, number, short = (m["n2"], m["d2"], m["w2"]) if m["n2"] else (m["n3"], m["d3"], m["w3"])
            month, day = month_number(name) or 0, int(number)
            weekday = [w[:3] for w in WEEKDAYS_EN].index(short.lower()[:3])
        if 1 <= month <= 12 and 1 <= day <= 31:
            found.add((month, day, weekday))
    return found


def days_named(text: str) -> set[MonthDay]:
    """Every (month, day) `text` names (`spans_named`'s firsts and lasts)."""
    return {end for span in spans_named(text) for end in span}


# The year's end as a span's end ("12월 14일부터 연말까지", "from Dec 14 to the end of the year"): December 31.
_TO_THE_YEARS_END = (
    (re.compile(r"(부터\s*)(?:연말|올해\s*말|연도\s*말|이번\s*해\s*말)(?=\s*까지)"), r"\g<1>12월 31일"),
    (
        re.compile(
            r"\b(to|until|till|through|thru)\s+(?:the\s+)?(?:end\s+of\s+(?:the|this)\s+year|year[-\s]?end)\b",
            re.I,
        ),
        r"\1 Dec 31",
    ),
)


# Holidays or weekends left out of a count of working days ("신정 빼고요", "(공휴일 빼고)", "not counting New
# Year's Day"): working days leave them out in any case, so the words change nothing counted.
_HOLIDAYS_EXCLUDED = re.compile(
    r"[,(]?\s*(?:(?:주말|공휴일|대체\s*공휴일|빨간\s*날|신정|크리스마스|성탄절|설\s*연휴|추석\s*연휴|휴일)"
    r"(?:\s*(?:이랑|랑|과|와|하고|,)\s*)?)+\s*(?:다\s*|은\s*|는\s*)?(?:빼고|제외하고|제외)\s*(?:요|서)?\s*[).]?|"
    r"[,(]?\s*\b(?:not\s+counting|excluding|without|minus)\s+(?:the\s+)?(?:weekends?|(?:public\s+)?holidays?|"
    r"new\s+year'?s(?:\s+day)?|christmas(?:\s+day)?)(?:\s+(?:and|or|&)\s+(?:the\s+)?(?:weekends?|(?:public\s+)?holidays?))?\)?",
    re.I,
)
_WORKING_DAYS_ASKED = re.compile(r"근무일|영업일|평일|출근일|\b(?:working|business|work)\s*days?\b", re.I)


def without_holidays_excluded(question: str) -> str:
    """A question of working days less the holidays it says to leave out (they are not working days)."""
    if not _WORKING_DAYS_ASKED.search(question):
        return question
    return re.sub(r"\s{2,}", " ", _HOLIDAYS_EXCLUDED.sub(" ", question)).strip()


# A month named, then ordinals for the span ("the last stretch of December, 21st to 31st"): that month's days.
_MONTH_THEN_ORDINALS = re.compile(
    rf"\b(?P<month>{MONTH_NAME})\b[^?\d]{{0,30}}?\b(?P<first>\d{{1,2}})(?:st|nd|rd|th)\s*"
    r"(?:to|-|–|through|thru|until)\s*(?:the\s+)?(?P<last>\d{1,2})(?:st|nd|rd|th)\b",
    re.I,
)


def as_dates(question: str) -> str:
    """`question` with the year's end as a span's end written as its date, and a month's ordinals as
    dates of that month."""
    for found, date_written in _TO_THE_YEARS_END:
        question = found.sub(date_written, question)
    return _MONTH_THEN_ORDINALS.sub(_ordinals_of_the_month, question)


def _ordinals_of_the_month(m: re.Match[str]) -> str:
    # (the verb "may" is no month: "I may take the 21st to 23rd off")
    if m["month"].lower() == "may" and not m["month"].startswith("M"):
        return m.group(0)
    return f"{m['month']} {m['first']} to {m['month']} {m['last']}"
