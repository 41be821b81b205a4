"""The days a text names relative to today: 오늘, 내일, 모레, 어제, "the day after tomorrow", 다음 주 금요일,
"last Friday", "Monday to Friday next week", 이번 주말, 연말, "the end of the month".

A word that people read two ways gives both readings ("next Friday" is the coming Friday to some and next
week's to others; a weekday alone is the coming one or the last one): each reading is a span, and a reader
that must pick one (a draft) picks only when there is one. Days named by month and day are `dates.py`'s.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from bot.language.dates import WEEKDAYS_EN

Span = tuple[date, date]

# Tomorrow and the day after, said together: a span of two days.
TWO_DAYS = re.compile(
    r"\b(?:tomorrow|tmrw|tmr|2moro)\s+(?:and|&)\s+the\s+day\s+after(?:\s+tomorrow)?\b|내일\s*(?:이랑|랑|하고|과|,)\s*모레",
    re.I,
)
# A day a word names by its distance from today. Longer words first: 내일모레 is not 내일.
_DAY_WORDS = (
    (re.compile(r"내일\s*모레|day\s+after\s+tomorrow|(?<=tomorrow and )the\s+day\s+after", re.I), 2),
    (re.compile(r"그저께|그제|day\s+before\s+yesterday", re.I), -2),
    (re.compile(r"오늘|금일|\btoday\b|\btonight\b", re.I), 0),
    (
        re.compile(
            r"\b(?:tmrw|tmr|2moro|tomo)\b|내일|(?<![가-힣])낼(?=\s)(?!\s*(?:수|게|거|건|까|려|때|지))|\btomorrow\b",
            re.I,
        ),
        1,
    ),
    (re.compile(r"모레", re.I), 2),
    (re.compile(r"글피", re.I), 3),
    (re.compile(r"어제|어저께|\byesterday\b", re.I), -1),
)

_KO_WEEKDAY = r"(?P<ko>[월화수목금토일])(?:요일|욜)"
_EN_WEEKDAY = r"\b(?P<en>mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|sday|urday)?\b\.?"
_WEEKDAY = re.compile(f"{_KO_WEEKDAY}|{_EN_WEEKDAY}", re.I)
# A week named by its distance from this one: 0 this week, 1 next week, -1 last week.
_WEEKS = (
    (re.compile(r"다다음\s*주|week\s+after\s+next", re.I), 2),
    (re.compile(r"(?:이번|요번|금)\s*주(?!말)|\bthis\s+week\b(?!end)", re.I), 0),
    (re.compile(r"(?:다음|담|오는)\s*주(?!말)|\bnext\s+week\b(?!end)", re.I), 1),
    (re.compile(r"(?:지난|저번)\s*주(?!말)|\blast\s+week\b(?!end)", re.I), -1),
)
# A modifier right before a weekday: "이번 금요일", "next Friday", "last Friday".
_MODIFIER = re.compile(
    r"(?:(?P<this>이번|요번|\bthis|\bcoming|오는)|(?P<next>다음|담|\bnext)|(?P<last>지난|저번|\blast|\bpast))\s*$",
    re.I,
)
_RANGE = re.compile(
    r"^\s*(?:부터|에서|~|-|–|—|to|through|thru|until|till)\s*(?:(?:이번|다음|지난)\s*주\s*)?$", re.I
)
_WEEKEND = re.compile(
    r"(?:(?P<rel>이번|다음|담|지난|저번)\s*)?주말|\b(?P<en>this|next|last)\s+weekend\b", re.I
)
_WEEKEND_STEP = {"이번": 0, "this": 0, "다음": 1, "담": 1, "next": 1, "지난": -1, "저번": -1, "last": -1}
YEAR_END = re.compile(r"연말|올해\s*말|년\s*말|year[-\s]end|end\s+of\s+(?:the|this)\s+year", re.I)
_MONTH_END = re.compile(r"월말|이번\s*달\s*말|end\s+of\s+(?:the|this)\s+month", re.I)

# "다음주 월~수": weekdays by their first syllable, as a span.
_SHORT_RANGE_KO = re.compile(r"(?<![가-힣\d])([월화수목금토일])\s*([~\-–])\s*([월화수목금토일])(?![가-힣])")
# "담주 월화": weekdays listed by their first syllables after a week word.
_SHORT_LIST_KO = re.compile(r"(주\s*)([월화수목금]{2,5})(?![가-힣])")
_KO_INDEX = "월화수목금토일"


def relative_days(text: str, today: date) -> list[Span]:
    """Every span `text` names relative to `today`, one per reading (a single day is (day, day))."""
    found: list[Span] = []
    for _ in TWO_DAYS.finditer(text):  # "tmrw and the day after": both days
        found.append((today + timedelta(days=1), today + timedelta(days=2)))
    text = TWO_DAYS.sub(lambda m: " " * len(m.group(0)), text)
    for word, distance in _DAY_WORDS:
        for _ in word.finditer(text):
            day = today + timedelta(days=distance)
            found.append((day, day))
        text = word.sub(lambda m: " " * len(m.group(0)), text)  # 내일모레 is not also 내일 and 모레
    text = _SHORT_RANGE_KO.sub(lambda m: f"{m[1]}요일{m[2]}{m[3]}요일", text)  # "월~수"
    text = _SHORT_LIST_KO.sub(lambda m: m[1] + " ".join(f"{d}요일" for d in m[2]), text)  # "담주 월화"
    found += _weekdays(text, today)
    found += _weekends(text, today)
    if YEAR_END.search(text):
        found.append((date(today.year, 12, 31), date(today.year, 12, 31)))
    if _MONTH_END.search(text):
        last = date(today.year, today.month, calendar.monthrange(today.year, today.month)[1])
        found.append((last, last))
    return sorted(set(found))


def _monday(today: date, weeks: int) -> date:
    return today - timedelta(days=today.weekday()) + timedelta(weeks=weeks)


def _week_readings(today: date, weeks: int) -> list[date]:
    """The Monday of the week `weeks` from this one. On a Sunday, also of the week after: a calendar whose
    weeks start on Sunday (Korea's wall calendars) puts today in the coming week, so "지난주 금요일" is two
    days ago to some and nine to others."""
    return [_monday(today, weeks)] + ([_monday(today, weeks + 1)] if today.weekday() == 6 else [])


def _weeks_named(text: str) -> list[tuple[int, int, int]]:
    """(start, end, weeks from this one) of each week word in `text`."""
    return sorted((m.start(), m.end(), weeks) for pattern, weeks in _WEEKS for m in pattern.finditer(text))


def _readings(
    text: str, start: int, weekday: int, weeks: list[tuple[int, int, int]], today: date
) -> list[date]:
    """The days a weekday at `start` may be: in the week a week word gives it, else by its modifier."""
    before = text[max(0, start - 12) : start]
    modifier = _MODIFIER.search(before)
    # A week word beside the weekday: the nearest one in the same clause, before it or after it.
    # ("Thursday and Friday of next week": weekdays listed share the week named after them)
    clause = [
        w
        for w in weeks
        if not re.search(
            r"[?.!\n]|그리고|\band\b", _LISTED.sub(" ", text[min(w[1], start) : max(w[0], start)])
        )
    ]
    if clause and not (modifier and not re.search(r"주|week", before, re.I)):
        _, _, week = min(clause, key=lambda w: abs(w[0] - start))
        return [monday + timedelta(days=weekday) for monday in _week_readings(today, week)]
    coming = today + timedelta(days=(weekday - today.weekday()) % 7)
    past = today - timedelta(days=(today.weekday() - weekday) % 7 or 7)
    if modifier is None:  # the tense says which, when it says one: "목요일 출근해야 돼요?" is the coming one
        # (of the weekday's own sentence: "금요일 쉬는 날이에요? 그리고 몇 개 남았어요?" asks of the Friday alone)
        begin = max(text.rfind(mark, 0, start) for mark in _SENTENCE_ENDS) + 1
        end = min((i for mark in _SENTENCE_ENDS if (i := text.find(mark, start)) >= 0), default=len(text))
        said = text[begin:end]
        ahead, behind = bool(_AHEAD.search(said)), bool(_TAKEN_PAST.search(said))
        return [coming] if ahead and not behind else [past] if behind and not ahead else [coming, past]
    if modifier["this"]:
        if re.search(r"coming|오는", modifier["this"], re.I) or re.search(r"\bcoming\s*$", before, re.I):
            return [coming]  # "this coming Friday", "오는 금요일": the next one, never one passed
        return [coming, _monday(today, 0) + timedelta(days=weekday)]
    if modifier["next"]:  # on a Sunday next week is also the week after the coming Monday's (see above)
        after_today = coming if coming > today else coming + timedelta(days=7)
        return [after_today, *(monday + timedelta(days=weekday) for monday in _week_readings(today, 1))]
    return [past, _monday(today, -1) + timedelta(days=weekday)]


# A plan, a wish or an obligation: the days it names are to come. (A past verb beside it: both readings.)
_AHEAD = re.compile(
    r"쓰면|쓸\s*(?:게|거|래|까|수)|쓰려|쉬면|쉴\s*(?:게|거|래|까|수)|쉬려|내면|낼\s*(?:게|거|래|까|수)|내려|"
    r"해야|하면|가려|갈\s*(?:게|거|래|까)|예정|계획|"
    r"\b(?:will|gonna|going\s+to|plan\w*|want\w*|need\s+to|should\s+i|can\s+i|could\s+i|if\s+i\s+take)\b",
    re.I,
)
# a day off taken, or a day gone by: the last one ("목요일에 연차 썼나?", "did I take Friday off?")
_TAKEN_PAST = re.compile(
    r"썼|쉬었|쉰\s*(?:거|날|게)|갔었|냈|다녀왔|했었|\b(?:took|did\s+I|was\s+I|went|worked)\b", re.I
)
_SENTENCE_ENDS = "?.!\n"
_LISTED = re.compile(
    rf"(?:\band\b|&|,|이랑|랑|하고)\s*(?:{_EN_WEEKDAY.replace('?P<en>', '?:')}|[월화수목금토일](?:요일|욜))",
    re.I,
)


def _weekdays(text: str, today: date) -> list[Span]:
    weeks = _weeks_named(text)
    mentions = list(_WEEKDAY.finditer(text))
    found: list[Span] = []
    used: set[int] = set()
    for i, m in enumerate(mentions):
        if i in used:
            continue
        first = _readings(text, m.start(), _index(m), weeks, today)
        if i + 1 < len(mentions) and _RANGE.match(text[m.end() : mentions[i + 1].start()]):
            # "월요일부터 금요일까지", "Monday to Friday next week": the end in the first day's week
            used.add(i + 1)
            last = _index(mentions[i + 1])
            found += [(d, d + timedelta(days=(last - d.weekday()) % 7)) for d in first]
        else:
            found += [(d, d) for d in first]
    for start, end, week in weeks:
        if not any(abs(m.start() - end) <= 12 or abs(start - m.end()) <= 12 for m in mentions):
            # a week alone: its working days
            found += [(monday, monday + timedelta(days=4)) for monday in _week_readings(today, week)]
    return found


def _weekends(text: str, today: date) -> list[Span]:
    found: list[Span] = []
    for m in _WEEKEND.finditer(text):
        step = (m["rel"] or (m["en"] or "")).lower()
        weeks = [_WEEKEND_STEP[step]] if step else [0, 1]
        for week in weeks:
            saturday = _monday(today, week) + timedelta(days=5)
            found.append((saturday, saturday + timedelta(days=1)))
    return found


def weekdays_in(text: str) -> set[int]:
    """The weekdays a text names (0 Monday … 6 Sunday)."""
    return {_index(m) for m in _WEEKDAY.finditer(text)}


def _index(found: re.Match[str]) -> int:
    if found["ko"]:
        return _KO_INDEX.index(found["ko"])
    short = found["en"].lower()[:3]
    return [name[:3] for name in WEEKDAYS_EN].index(short)


# The words `relative_days` reads a day by, to blank once read: "내일 하루" (a day's count beside one day), a
# week word and a modifier before a weekday, "월~금".
_READ = (
    re.compile(r"(?<=내일|모레|오늘|글피)\s*하루(?=\s|$)"),
    *(word for word, _ in _DAY_WORDS),
    *(word for word, _ in _WEEKS),
    re.compile(
        r"(?:이번|요번|다음|담|지난|저번|오는|\bthis|\bcoming|\bnext|\blast)(?=\s*(?:[월화수목금토일](?:요일|욜)|"
        r"(?:mon|tue|wed|thu|fri|sat|sun)))",
        re.I,
    ),
    _SHORT_RANGE_KO,
    _WEEKDAY,
)


def without_relative_days(text: str) -> str:
    """`text` with the words `relative_days` reads blanked (for a reader that read the days they name)."""
    for word in _READ:
        text = word.sub(lambda m: " " * len(m.group(0)), text)
    return text
