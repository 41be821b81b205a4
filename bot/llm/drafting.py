"""What the offline model makes of "12월 24일 오후 반차 쓸래" or "next Thursday and Friday off": the dates and
the part of the day to draft a leave request with (`draft_leave_request`), or None when the message is not
asking for leave on a date it can read. Plain rules; the tool checks everything else."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from bot.domain.requests import Part
from bot.language import request_words, words
from bot.language.dates import (
    KOREAN_WEEKDAYS,
    MONTH_NAME,
    WEEKDAYS_EN,
    as_dates,
    days_named,
    month_number,
    spelled_out,
)
from bot.language.question_words import PAST_ASKED, POINTS_BACK
from bot.language.relative_days import TWO_DAYS, relative_days, without_relative_days
from bot.language.words import pattern
from bot.llm.question_patterns import CONDITION

_WANTS = pattern(request_words.WANTS_LEAVE)
_SOMEONE_ELSE = re.compile(
    r"\bwho\b|누가|누구|\b(?:some|any|every)(?:one|body)\b|다른\s*(?:사람|분|팀원)", re.I
)
# A balance question is not a request, whatever else it says ("how many days off do I have left?").
_ASKS_AMOUNT = pattern(words.REMAINING, words.HOW_MUCH, words.DAYS_QUANTITY)
# "do I have enough days to take …?": a question of the balance, not a request
_ENOUGH = re.compile(r"\benough\b(?:\s+\w+){0,3}\s+to\s+(?:take|have|book|get)\b", re.I)
# "Can I take Friday off?" asks, it does not request ("I'd like to take Friday off" does)
_ASKS_IF = pattern(
    words.Words(ko=words.CAN_I_TAKE.ko, en=tuple(w for w in words.CAN_I_TAKE.en if "off" not in w))
)
_ASKS_HOW = pattern(words.ASKING_HOW, words.Words(ko=("방법", "절차"), en=(r"\bhow\b",)))
# A part of a day and a date, no question: a request ("금요일 오후 반차").
_PART_NAMED = pattern(words.HALF_DAY, request_words.MORNING_HALF, request_words.AFTERNOON_HALF)
# "… How many leave days is that?", "며칠 쓰는 거야?": the draft's count, asked at the end.
_HOW_MANY_IS_THAT = re.compile(
    r"[.!,]?\s*(?:how\s+many\s+(?:leave\s+|working\s+|vacation\s+|annual\s+leave\s+)?days\s+"
    r"(?:is|would|will|does)\s+(?:that|it|this)(?:\s+(?:be|take|use|cost))?|"
    r"(?:그럼\s*|그건\s*|이건\s*|총\s*)?(?:며칠|몇\s*일)\s*(?:이야|이에요|인가요|이죠|쓰는\s*거(?:야|예요|죠)?|"
    r"써야\s*(?:해|돼|하나요)|차감(?:돼|되나요|돼요)?|빠져|나가))\s*[?？]?\s*$",
    re.I,
)
_MORNING = pattern(request_words.MORNING_HALF)
_AFTERNOON = pattern(request_words.AFTERNOON_HALF)
_QUARTER = pattern(words.QUARTER_DAY)
_HALF = pattern(words.HALF_DAY)
_MONTH_DAY = re.compile(r"(\d{1,2})\s*월\s*(\d{1,2})\s*일")
_DAY_ONLY = re.compile(r"(?:~|-|부터)\s*(\d{1,2})\s*일")
# "December 24", "Dec 28-30", "December 28 to January 2": a month's name, a day, and maybe an end.
_ENGLISH_DATE = re.compile(
    rf"\b({MONTH_NAME})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b"
    rf"(?:\s*(?:-|–|~|to|through|thru|until|till)\s*(?:({MONTH_NAME})\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\b)?",
    re.I,
)
_BETWEEN = re.compile(rf"\bbetween\s+((?:{MONTH_NAME})\s+\d{{1,2}}(?:st|nd|rd|th)?)\s+and\s+", re.I)
_DAY_FIRST = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTH_NAME})\b", re.I)
# "Is Tom off today?", "Are we off on Dec 24?": a question about a day, not a request.
_YES_NO = re.compile(r"^\s*(?:is|are|was|were|will|does|do|did|am)\b", re.I)
_TODAY_WORD = re.compile(r"오늘|\btoday\b", re.I)
_SLASHED = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(?![\d/])")
_SPAN = re.compile(r"부터|까지|~|\bto\b|\bthrough\b|\bthru\b|\buntil\b|\btill?\b|[-–]", re.I)
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_NEXT_WEEK = re.compile(r"다음\s*주|next\s+week|\bnext\b", re.I)
_WEEKDAY = re.compile(
    "|".join(
        [*(name for name in KOREAN_WEEKDAYS[:5]), *WEEKDAYS_EN[:5], r"(?<![^\s,])[월화수목금](?=[\s,요]|$)"]
    ),
    re.I,
)
_SHORT_KO = "월화수목금"


@dataclass(frozen=True)
class LeaveAsked:
    start: date
    end: date
    part: Part
    counted: bool = False  # "how many days is that?" asked after it


def leave_asked(question: str, today: date) -> LeaveAsked | None:
    """The leave a message asks for: its dates and part; `counted` when it ends asking how many days that
    is ("… How many leave days is that?", "며칠 쓰는 거야?"), which the draft's own count answers."""
    follow_on = _HOW_MANY_IS_THAT.search(question)
    if follow_on is not None:
        question = question[: follow_on.start()]
    wants = _WANTS.search(question) or (_PART_NAMED.search(question) and "?" not in question)
    if not wants or any(p.search(question) for p in (_ASKS_IF, _ASKS_HOW, _YES_NO, CONDITION, _ENOUGH)):
        return None
    if _ASKS_AMOUNT.search(question) and "?" in question:
        return None
    # not a request: someone else's day off ("who else on my team is off on christmas eve?"), or the days
    # taken told before a question ("4월에 반반차 한 번 … 쓴 게 전부인 것 같은데 … 근무일이 며칠이나 돼요")
    if _SOMEONE_ELSE.search(question) or (PAST_ASKED.search(question) and _ASKS_AMOUNT.search(question)):
        return None
    week = week_of(question, today)  # "the whole week of Dec 21": Monday to Friday, not the 21st alone
    dates = (week[0][0], week[0][1]) if week else dates_named(question, today)
    if dates is None and _TODAY_WORD.search(question) and "?" not in question:
        dates = (today, today)
    if dates is None:
        return None
    start, end = dates
    if not every_day_read(question, dates):  # "Dec 22 and Dec 24": not one stretch it can read
        return None
    part: Part = "full"
    if _QUARTER.search(question):
        part = "quarter"
    elif _AFTERNOON.search(question):
        part = "pm"
    elif _MORNING.search(question) or _HALF.search(question):
        part = "am"  # 반차 alone: the morning, which the card shows and Change corrects
    return LeaveAsked(start, end, part, follow_on is not None)


# The dates a calendar question names by name (the next one from today).
_NAMED_DAYS = (
    (re.compile(r"크리스마스\s*이브|christmas\s+eve", re.I), 12, 24),
    (re.compile(r"크리스마스(?!\s*이브)|성탄절|christmas(?!\s+eve)|x-?mas", re.I), 12, 25),
    (re.compile(r"신정|new\s+year'?s\s+day", re.I), 1, 1),
)
# A named day as one end of a stretch whose other end is no day named here: read it not at all.
_NAMED_DAY_SPAN = re.compile(
    r"\bbetween\b|(?:크리스마스|성탄절|신정|christmas|x-?mas|eve|day)\s*(?:부터|(?:to|through|thru|until|till)\b|[-–~])",
    re.I,
)
_DAYS_AHEAD = (
    (re.compile(r"내일|\btomorrow\b(?!\s+after)", re.I), 1),
    (re.compile(r"모레|내일\s*모레|day\s+after\s+tomorrow", re.I), 2),
)
_YEAR_BEFORE_DATE = re.compile(r"((?:19|20)\d{2})\s*년?\s*(?=\d{1,2}\s*월|[A-Za-z])")


def dates_named(question: str, today: date) -> tuple[date, date] | None:
    """The first and last day a question names ("12월 24일부터 26일까지", "December 28 to 30", "Christmas",
    "next Friday"), in the year it names before them if it names one, else the next such day from today."""
    question = as_dates(question)
    found = _dates(question, today)
    ahead = [days for pattern, days in _DAYS_AHEAD if pattern.search(question)]
    if found is None and TWO_DAYS.search(question):
        found = (today + timedelta(days=1), today + timedelta(days=2))
    elif found is None and len(ahead) == 1:  # 내일, 모레, tomorrow
        found = (today + timedelta(days=ahead[0]), today + timedelta(days=ahead[0]))
    if found is None:
        named = [(m, d) for pattern, m, d in _NAMED_DAYS if pattern.search(question)]
        if len(named) != 1 or _NAMED_DAY_SPAN.search(question):  # "between Christmas and New Year": one end
            return None
        day = _upcoming(named[0][0], named[0][1], today)
        found = (day, day) if day is not None else None
    year = _YEAR_BEFORE_DATE.search(question)
    if found is None or year is None:
        return found
    shift = int(year.group(1)) - found[0].year
    try:
        return found[0].replace(year=found[0].year + shift), found[1].replace(year=found[1].year + shift)
    except ValueError:  # 29 February of a year without one
        return None


# Days off listed in a what-if ("Dec 24 and 28", "12/24(목) 반차, 12/28(월)~12/31(목)", "12월 24일, 28일"):
# the joins between them, and a day named without its month ("28", "28일": not "3 days", "3일 더").
# A whole day said of a listed day ("12/28 연차", "a full day on the 3rd"), and halves said once for several.
_WHOLE_DAY = re.compile(r"연차|휴가|종일|하루|\b(?:full|whole)\s+day\b|\boff\b", re.I)
_HALVES = re.compile(r"\bhalf[-\s]?days\b|\bhalves\b|둘\s*다\s*반차|각각\s*반차|반차\s*(?:로|씩)", re.I)
# (and a clause joined after a verb: "24일 반차 쓰고 28일부터 31일까지 연차 내면")
_LISTED = re.compile(r",\s*|\s+(?:and|&|plus)\s+|\s*\+\s*|\s*(?:이랑|랑|하고)\s+|(?<=[쓰내쉬]고)\s+", re.I)
_BARE_DAY = re.compile(
    r"(?<![\d/.])(\d{1,2})(?:st|nd|rd|th|\s*일(?!\s*(?:더|동안|간)))?(?![\d/.]|\s*(?:월|more|days?|일))", re.I
)
DaysOff = tuple[tuple[date, date, Decimal], ...]
_DAY_BESIDE_WEEKDAY = re.compile(r"(?<![\d월/])\d{1,2}\s*일\s*\(?[월화수목금토일](?:요일|욜)?")


def days_off(question: str, today: date) -> DaysOff:
    """`_listed_days_off`, or, where it reads fewer days than are named relative to today ("next fri",
    "내일 하루 쓰고 금욜 반차"), the days `relative_days` reads clause by clause (a word with two readings:
    none, so declined)."""
    if POINTS_BACK.search(question):  # "그 주 월요일이랑 금요일": the days of a week the turn before named
        return ()
    if _DAY_BESIDE_WEEKDAY.search(question) and not days_named(question):  # "19일 토요일부터": which month?
        return ()
    question = as_dates(question)
    dated = _listed_days_off(question, today)
    if days_named(question) or not relative_days(question, today):
        return dated
    relative = _relative_days_off(question, today)
    # the days read must be every day the words may mean from today on: "next Friday" on a Sunday is
    # this coming Friday to some and the one after to others, and then neither is picked; "tmrw and the
    # day after" is two days, never the first alone
    ahead = _every_day(span for span in relative_days(question, today) if span[0] >= today)
    chosen = relative if len(relative) > len(dated) else dated
    return chosen if _every_day((a, b) for a, b, _ in chosen) == ahead else ()


def _every_day(spans: Iterable[tuple[date, date]]) -> set[date]:
    return {first + timedelta(days=n) for first, last in spans for n in range((last - first).days + 1)}


def _listed_days_off(question: str, today: date) -> DaysOff:
    """The days or stretches a what-if lists, each read like a date alone (`dates_named`; a day without
    its month after the day before it, in that month), with its size: 1, or 0.5 with 반차 / "half day"
    beside it. Consecutive days of one size are one stretch; one day or stretch read whole ("tomorrow and
    the day after") is that. () when a listed day is not read (a quarter day, days not one stretch)."""
    found: list[tuple[date, date, Decimal]] = []
    placed = set()  # how each listed day was placed: by its month and day, or from today (a weekday, 내일)
    said = set()  # how each listed day's size was said: "half", a whole day's word, or nothing
    unsized: list[bool] = []  # for each of `found`: no size said of it
    for item in _LISTED.split(question):
        if dates_named(item, today) is None and found:
            item = _BARE_DAY.sub(lambda m: f"{found[-1][1].month}/{m.group(1)}", item)
        span = dates_named(item, today)
        if span is None:
            continue
        placed.add(bool(days_named(item)))
        if not every_day_read(item, span) or span[0] > span[1]:
            return ()
        if found and span[0] <= found[-1][1]:  # in the order of the calendar, or not read
            return ()
        size = _part_of_day(item)
        if size == Decimal("0.25") and span[0] != span[1]:  # a quarter day is of one day
            return ()
        # a stretch of days said with no size is whole days ("12월 14일부터 18일까지 + 31일 반차")
        whole_said = _WHOLE_DAY.search(item) or span[0] != span[1]
        how = "quarter" if size == Decimal("0.25") else "half" if size < 1 else "whole" if whole_said else ""
        said.add(how)
        unsaid = not how
        if found and found[-1][2] == size and found[-1][1] + timedelta(days=1) == span[0]:
            span = (found.pop()[0], span[1])
            unsaid = unsized.pop() and unsaid  # one stretch: no size of its own only if neither had one
        found.append((*span, size))
        unsized.append(unsaid)
    if placed == {True, False}:  # "Dec 24 and tomorrow": not read
        return ()
    # "half days on dec 3 and dec 10": a half said once, for days listed with no size of their own — each a
    # half when said in the plural, else not read (which days it is for is not said)
    if {"half", ""} <= said:
        if not _HALVES.search(question):
            return ()
        # (only the days with no size of their own: "the whole week of Dec 7-11 and half days on …" keeps
        # the week whole)
        found = [
            (first, last, Decimal("0.5") if bare else size)
            for (first, last, size), bare in zip(found, unsized, strict=True)
        ]
    whole = dates_named(question, today)
    if (
        len(found)
        < 2  # several days listed are each read, never the one the whole names ("내일이랑 크리스마스")
        and whole
        and every_day_read(question, whole)
        and not (_QUARTER.search(question) and whole[0] != whole[1])  # a quarter day is of one day
    ):
        return ((*whole, _part_of_day(question)),)
    return tuple(found) if len(found) > 1 and False not in placed else ()


# The clauses of a plan by relative days: "내일 쉬고 금욜 반차", "tomorrow and next Fri".
_CLAUSES = re.compile(r",\s*|\s+(?:and|&|then)\s+|\s*(?:이랑|랑|하고)\s+|(?<=고)\s+", re.I)


def _relative_days_off(question: str, today: date) -> DaysOff:
    """The days a what-if names relative to today, clause by clause (`relative_days`): a plan is for days
    to come, so a day already past is not one of its readings; a clause whose day still has two readings
    ("다음주 금요일" on a Sunday), a quarter day, or days out of order: () (not read, so declined)."""
    found: list[tuple[date, date, Decimal]] = []
    for clause in _CLAUSES.split(question):
        readings = {span for span in relative_days(clause, today) if span[0] >= today}
        if not readings and not relative_days(clause, today):
            if dates_named(clause, today) is not None:  # a day only the other reader reads (Christmas)
                return ()
            continue
        if len(readings) != 1 or _QUARTER.search(clause):
            return ()
        [(first, last)] = readings
        size = Decimal("0.5") if _HALF.search(clause) else Decimal(1)
        if (size < 1 and first != last) or (found and first <= found[-1][1]):
            return ()
        found.append((first, last, size))
    return tuple(found)


# A whole month off ("12월 한 달 (평일을) 통으로", "the whole of December", "all of december"): its first to
# its last day, the calendar counting the working days in it.
WHOLE_MONTH = re.compile(
    r"(?P<ko>\d{1,2})\s*월\s*(?:한\s*달(?:\s*(?:내내|동안|전부|다))?|전체|내내)(?:\s*평일(?:을|만)?)?(?:\s*(?:통으로|통째로|전부|다))?|"
    rf"\b(?:the\s+)?(?:whole|entire|all)\s+(?:of\s+)?(?:the\s+month\s+of\s+)?(?P<en>{MONTH_NAME})(?!\s*\d)",
    re.I,
)


def whole_month(question: str, today: date) -> DaysOff:
    """The one whole month a what-if takes off, from its first to its last day; () for none, several, or
    this month (begun already: which of its days is not said)."""
    found = list(WHOLE_MONTH.finditer(question))
    if len(found) != 1:
        return ()
    month = int(found[0]["ko"]) if found[0]["ko"] else month_number(found[0]["en"])
    if month is None or not 1 <= month <= 12 or month == today.month:
        return ()
    first = _upcoming(month, 1, today)
    if first is None:
        return ()
    last = (first.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
    return ((first, last, Decimal(1)),)


# Every weekday of one kind in a month ("every Friday in December", "12월 금요일마다", "12월 매주 월요일"), and
# the working week of a day ("the week of Dec 14", "12월 21일 있는 주"): each a plan of the days it names.
EVERY_WEEKDAY = re.compile(
    rf"\b(?:every|each)\s+(?P<en_day>mon|tues|wednes|thurs|fri)day(?:s)?\s+(?:in|of)\s+(?P<en>{MONTH_NAME})(?!\s*\d)|"
    r"(?P<ko>\d{1,2})\s*월\s*(?:에\s*)?(?:매주\s*)?(?P<ko_day>[월화수목금])요일\s*마다|"
    r"(?P<ko2>\d{1,2})\s*월\s*(?:에\s*)?매주\s*(?P<ko2_day>[월화수목금])요일",
    re.I,
)
# The working days of a span taken whole: what the span's what-if counts in any case ("every working day from
# Dec 21 to Dec 31", "all the working days", "평일 전부", "근무일 다")
EVERY_WORKING_DAY = re.compile(
    r"\b(?:every|each|all(?:\s+the)?)\s+(?:remaining\s+)?(?:working|business|work)\s*days?\b|"
    r"(?:평일|근무일|영업일)\s*(?:을|를|에)?\s*(?:전부|다|모두|몽땅|싹)",
    re.I,
)
WEEK_OF = re.compile(
    rf"\b(?:the\s+)?(?:whole\s+|entire\s+|full\s+)?week\s+of\s+(?:the\s+)?(?P<en>{MONTH_NAME})\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\b|"
    r"(?P<ko>\d{1,2})\s*월\s*(?P<ko_day>\d{1,2})\s*일\s*(?:이\s*)?(?:있는|낀|포함된)\s*주",
    re.I,
)


def _part_of_day(text: str) -> Decimal:
    """The part of a day a day off is said to be: a quarter (반반차), a half (반차, "half day"), else whole."""
    return Decimal("0.25") if _QUARTER.search(text) else Decimal("0.5") if _HALF.search(text) else Decimal(1)


def weekdays_in_month(question: str, today: date) -> DaysOff:
    """Each day of one weekday in the one month named, from today on (a half or a quarter day each when said
    so); () for none, several, or more than a plan holds."""
    found = list(EVERY_WEEKDAY.finditer(question))
    if len(found) != 1:
        return ()
    m = found[0]
    month = month_number(m["en"]) if m["en"] else int(m["ko"] or m["ko2"])
    weekday = (
        WEEKDAYS_EN.index(f"{m['en_day'].lower()}day")
        if m["en_day"]
        else _SHORT_KO.index(m["ko_day"] or m["ko2_day"])
    )
    first = _upcoming(month, 1, today.replace(day=1)) if month and 1 <= month <= 12 else None
    if first is None:
        return ()
    month_days = (first + timedelta(days=n) for n in range(31))
    days = [d for d in month_days if d.month == first.month and d.weekday() == weekday and d >= today]
    return tuple((d, d, _part_of_day(question)) for d in days) if 0 < len(days) <= 6 else ()


def week_of(question: str, today: date) -> DaysOff:
    """Monday to Friday of the week a day named is in ("the week of Dec 14"), when no other day is named."""
    found = list(WEEK_OF.finditer(question))
    if len(found) != 1 or dates_named(question[: found[0].start()] + question[found[0].end() :], today):
        return ()
    m = found[0]
    month = month_number(m["en"]) if m["en"] else int(m["ko"])
    day = _upcoming(month, int(m["day"] or m["ko_day"]), today) if month and 1 <= month <= 12 else None
    if day is None:
        return ()
    monday = day - timedelta(days=day.weekday())
    return ((monday, monday + timedelta(days=4), Decimal(1)),)


def without_days_off(question: str, days: DaysOff) -> str:
    """`question` with the days `days_off` read blanked: the dates `dates_named` reads, the days named
    without a month, the weekdays beside them ("(목)"), and 반차 / "half day"."""
    named = {str((a + timedelta(days=n)).day) for a, b, _ in days for n in range((b - a).days + 1)}
    question = re.sub(r"(\d{1,2})\s*월\s*(?=\d{1,2}\s*(?:~|-|–))", _spaces, question)  # "12월 14~18일"'s 12월
    question = without_relative_days(question)  # first: "내일 하루" is read by it whole
    question = re.sub(
        r"\(\s*[월화수목금토일]\s*\)", "   ", _HALF.sub(_spaces, _QUARTER.sub(_spaces, question))
    )
    for each in (
        _ISO,
        _ENGLISH_DATE,
        _MONTH_DAY,
        _DAY_ONLY,
        _SLASHED,
        _WEEKDAY,
        _WEEK_WORDS,
        _SPAN,
        TWO_DAYS,
    ):
        question = each.sub(_spaces, question)
    for each in (_YEAR_BEFORE_DATE, *(p for p, _, _ in _NAMED_DAYS), *(p for p, _ in _DAYS_AHEAD)):
        question = each.sub(_spaces, question)
    return _BARE_DAY.sub(lambda m: _spaces(m) if m.group(1) in named else m.group(0), question)


def _spaces(found: re.Match[str]) -> str:
    return " " * len(found.group(0))


_WEEK_WORDS = re.compile(r"(?:이번|다음)\s*주|\b(?:this|next)\s+week\b|\b(?:this|next)\b|요일|\boff\b", re.I)


def every_day_read(question: str, span: tuple[date, date]) -> bool:
    """Whether each day `question` names by month and day (`days_named`: "Dec 22", "22 Dec", "12월 22일",
    "12/22") is the span's first or last day ("Dec 22 and Dec 23" is not Dec 22 alone), and two days named
    are joined as a span ("to", "~", 부터…까지), not listed ("Dec 22, Dec 24")."""
    ends = {(span[0].month, span[0].day), (span[1].month, span[1].day)}
    named = days_named(question)
    return named <= ends and (len(named) < 2 or bool(_SPAN.search(question)))


def _dates(question: str, today: date) -> tuple[date, date] | None:
    question = spelled_out(question)
    question = _DAY_FIRST.sub(r"\2 \1", question)  # "28 Dec" reads as "Dec 28"
    question = _BETWEEN.sub(r"\1 to ", question)  # "between Dec 1 and Dec 31" is a span, as "Dec 1 to Dec 31"
    iso = [
        date(int(y), int(m), int(d)) for y, m, d in _ISO.findall(question) if _real(int(y), int(m), int(d))
    ]
    if iso:
        return iso[0], iso[-1]
    english = _ENGLISH_DATE.search(question)
    if english is not None and _MONTH_DAY.search(question) is None:
        return _english_span(english, today)
    first_named = _MONTH_DAY.search(question)
    if first_named is not None:
        first = _upcoming(int(first_named.group(1)), int(first_named.group(2)), today)
        if first is None:
            return None
        named = _MONTH_DAY.findall(question)
        last = first
        if len(named) > 1:  # "12월 24일부터 12월 26일까지"
            last = _upcoming(int(named[-1][0]), int(named[-1][1]), first) or first
        elif (only_day := _DAY_ONLY.search(question[first_named.end() :])) is not None:  # "12월 24일~26일"
            last = _upcoming(first.month, int(only_day.group(1)), first) or first
        return first, last
    slashed = _SLASHED.findall(question)  # "12/24", "12/24~12/26": month/day
    if slashed:
        opening = _upcoming(int(slashed[0][0]), int(slashed[0][1]), today)
        closing = _upcoming(int(slashed[-1][0]), int(slashed[-1][1]), opening) if opening else None
        return (opening, closing) if opening is not None and closing is not None else None
    weekdays = sorted({_weekday(found.group(0)) for found in _WEEKDAY.finditer(question)})
    if len(weekdays) == 2 and _SPAN.search(question):  # "화요일부터 목요일까지": every day between
        weekdays = list(range(weekdays[0], weekdays[-1] + 1))
    if not weekdays or weekdays != list(range(weekdays[0], weekdays[-1] + 1)):
        return None  # none, or not one stretch ("월, 금"): better the form than a wrong range
    monday = today - timedelta(days=today.weekday())
    week = (
        monday + timedelta(days=7)
        if _NEXT_WEEK.search(question) or today.weekday() >= weekdays[0]
        else monday
    )
    return week + timedelta(days=weekdays[0]), week + timedelta(days=weekdays[-1])


def _english_span(found: re.Match[str], today: date) -> tuple[date, date] | None:
    month = month_number(found.group(1))
    if month is None:
        return None
    first = _upcoming(month, int(found.group(2)), today)
    if first is None:
        return None
    if found.group(4) is None:
        return first, first
    last_month = month_number(found.group(3)) if found.group(3) else month
    last = _upcoming(last_month or month, int(found.group(4)), first)
    return (first, last) if last is not None else None


def _weekday(name: str) -> int:
    lowered = name.lower()
    if lowered in WEEKDAYS_EN:
        return WEEKDAYS_EN.index(lowered)
    return _SHORT_KO.index(name[0])


def _real(year: int, month: int, day: int) -> bool:
    try:
        date(year, month, day)
    except ValueError:
        return False
    return True


def _upcoming(month: int, day: int, after: date) -> date | None:
    """The next `month`/`day` on or after `after` (this year, else next year)."""
    for year in (after.year, after.year + 1):
        if _real(year, month, day) and date(year, month, day) >= after:
            return date(year, month, day)
    return None
