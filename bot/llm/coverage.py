"""Whether the offline model's reading of a question accounts for all of it.

A rule-based reader is wrong in one way above all: it recognises part of a question and answers that part
("올해 연차 사용률 몇 퍼센트야?" read as "연차 … 몇" → a bare balance). So for the readings whose answer
states figures, the whole question is accounted for: every word is either read by the reading (its years,
dates, weekdays, the days a what-if counts with, the month it lists, the words of its kind, the kinds of
answer it writes: asked_kind.py) or one of the words that never change the figures
(bot/language/accounted.py: particles, question words, politeness, the leave vocabulary). A word that is
neither ("summer vacation", "next work anniversary", 작작년, a colleague's name, 병가, 평균) is unread; so
is every number not read and arithmetic written out. A message of several questions is read part by part
(compound.py).

What is left over is returned; anything left means "I can't answer that offline". The vocabulary lists
words that are safe to ignore, not words to look for: a question nobody wrote yet with a word nobody
thought of is declined, not answered with the balance.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from bot.grounding.facts import HOURS_PER_DAY
from bot.language import request_words, words
from bot.language.accounted import unaccounted
from bot.language.asked_words import GROWS_ASKED, IN_A_ROW_ASKED, KIND_LEFT_OUT, REACHES_ASKED, SENTENCE
from bot.language.clause_words import LATEST
from bot.language.dates import MONTH_ASKED, as_dates, blank
from bot.language.half_days import HALF_TIMES, amounts_listed
from bot.language.numbers import DAY_AMOUNT_PATTERNS, NUMERAL
from bot.language.question_words import TENURE_TOLD
from bot.language.told import is_told
from bot.language.words import LEAVE_TYPES, pattern
from bot.language.years import YEAR_AFTER, YEAR_BEFORE, asked_years, year_words_read
from bot.llm.asked_kind import blank_asked, unanswered
from bot.llm.drafting import (
    EVERY_WEEKDAY,
    EVERY_WORKING_DAY,
    WEEK_OF,
    WHOLE_MONTH,
    dates_named,
    without_days_off,
)
from bot.llm.question_patterns import ANNIVERSARY, PENDING, UNTIL, WHAT_IF
from bot.llm.reading_values import ENTITLEMENT_KINDS, LOOKUP_KINDS, Kind, Reading
from bot.tools.registry import LEAVE_BALANCE, LEAVE_TAKEN

# the days around a plan that make it longer, named beside the days off in a row
_AROUND = re.compile(
    r"주말|공휴일|빨간\s*날|연휴|포함|붙여|\b(?:incl\w*|weekends?|holidays?|including|total|off)\b|[+]", re.I
)
_DAY_KINDS: frozenset[Kind] = frozenset({"what_if", "what_if_span", "can_i_take", "check_claim"})

# Arithmetic written out ("15 - 3"): no lookup reading computes it (its numbers are unread too).
_OPERATOR = re.compile(r"[-+*/=]\s*\d")

# The words that made a kind: read by that reading ("입사 1년 미만이면 연차 몇 개 생겨?" is the first year's).
_KIND_WORDS: dict[Kind, re.Pattern[str]] = {
    "first_year": pattern(words.FIRST_YEAR),
    # "몇 개 나와?", "새로 생기나?"
    # (the month it is said to come in: "내년 1월에 몇 개 생겨?", answered with the day it arises)
    # ("next grant date + amount": the day and the days it says)
    "next_grant": re.compile(
        rf"{pattern(words.NEXT_GRANT).pattern}|나와|나오|나올|새로|{MONTH_ASKED.pattern}|"
        r"발생일|날짜|\b(?:date|amount|size)\b",
        re.I,
    ),
    # when the Act's grant grows: the words that ask it, the law named, a year of it
    "grows": re.compile(
        rf"{REACHES_ASKED.pattern}|{GROWS_ASKED.pattern}|{pattern(words.ACT_NAMED).pattern}|년도|연도|"
        r"늘|올라|받게|되는|\b(?:which|what|year|hit|reach|get|first|finally|max\w*|cap|go(?:es)?|up|to|a|under)\b|[-]",
        re.I,
    ),
    "service_years": pattern(words.SERVICE),
    "days_until": re.compile(
        rf"{UNTIL.pattern}|{ANNIVERSARY.pattern}|{pattern(words.EXPIRY, words.NEXT_GRANT).pattern}|\bmy\b|오늘|\btoday\b",
        re.I,
    ),
    "act_rules": re.compile(  # a rule is of a year's leave: "per year", "한 해에"
        rf"{pattern(words.ACT_NAMED, *words.ACT_RULES.values()).pattern}|\b(?:per|a|each)\s+year\b|한\s*해에?",
        re.I,
    ),
    "carry_over": re.compile(
        rf"{pattern(words.CARRY_OVER_OR_PAY, words.EXPIRY, words.REMAINING_STATED).pattern}|"
        r"못\s*쓰면|아니면|안에|연말|올해\s*말|어떻게\s*(?:돼|되|됨)|\bwhat\s+happens\b|\bhappen\s+to\b",
        re.I,
    ),
    "expiry": re.compile(
        rf"{pattern(words.EXPIRY).pattern}|(?:at\s+)?(?:the\s+)?(?:end\s+of(?:\s+(?:the|this)\s+year)?|year[-\s]?end)|"
        r"연말|올해\s*말|연도\s*말|(?:안에\s*)?안\s*쓰면|"
        r"\bif\s+I\s+(?:don'?t|do\s+not)\s+(?:use|take)\s+(?:it|them|anything|any)\b"
        r"(?:\s+(?:for\s+|in\s+)?the\s+rest\s+of\s+the\s+year)?",
        re.I,
    ),
    "halves_left": re.compile(
        rf"{pattern(words.HALF_DAY).pattern}|몇\s*(?:번|회|개)|\bhow\s+many\s+(?:times|more)\b|"
        r"(?:만\s*)?(?:쪼개|나눠)?\s*쓰면|쪼개|나눠",  # "반차로만 쪼개 쓰면"
        re.I,
    ),
    "half_days": pattern(words.HALF_DAY_COUNT, words.HALF_DAY, words.QUARTER_DAY),
    "monthly": MONTH_ASKED,
    # "Can I take (next) Friday off?", "다음주에 반차 쓸 수 있어?": one working day (or half), in a week
    # (not the week: "next week off", "다음주에 다 쉴 수 있어?")
    "can_i_take": re.compile(
        r"(?:(?:이번|다음)\s*주\s*)?(?:[월화수목금]요일|내일|모레)|(?:이번|다음)\s*주에(?!\s*(?:다|전부|모두|통으로|내내))|"
        r"\b(?:(?:this|next)\s+)?(?:mon|tues|wednes|thurs|fri)day\b|tomorrow|(?<!all )(?<!of )\b(?:this|next)\s+week\b(?!\s+off)",
        re.I,
    ),
}
# Words read by the readings that count with them: days more and what is left after them, or short of them
# (a what-if), half days more, a difference; what lapsed (a past year's lookup states it).
_MORE = r"더|\bmore\b|\bafterwards\b|\bafter\s+that\b"
_SHORT = r"마이너스|모자라|부족|\bnegative\b|\benough\b|\bshort\b"
_READ_BY_KIND: dict[Kind, re.Pattern[str]] = {
    **{kind: re.compile(rf"{_MORE}|{_SHORT}", re.I) for kind in ("what_if", "what_if_span")},
    # days off planned: the plan, a trip they are for, and what is left after them
    "what_if_span": re.compile(
        rf"{_MORE}|{_SHORT}|\bafter\b|충분|필요|{pattern(request_words.PLAN_WORDS, request_words.TRAVEL).pattern}|"
        # the part of a day a half is ("오후 반차"), a whole day said so, days joined to others ("붙여서")
        r"오전|오후|\b(?:morning|afternoon|whole|full|entire)\b|하루|종일|붙여|이어서|연달아|연말|"
        # what the days take off the balance ("몇 개 빠지고", "차감돼요"), and "straight through" (쭉, 내리)
        r"빠지|빠져|차감|쭉|내리|"
        # what is left when the year ends ("at year end": after the days, the same figure), the working
        # days the answer says ("how many working days of leave is that?"), spans joined with "plus"
        r"\bat\s+(?:the\s+)?(?:year[-\s]?end|end(?:\s+of\s+(?:the|this)\s+year)?)\b|"
        r"\bworking\s+days?\b|\bplus\b",
        re.I,
    ),
    # the plan whose days off in a row are asked ("28~31일 쓰면", "if I take …")
    "in_a_row": re.compile(
        rf"{WHAT_IF.pattern}|{pattern(request_words.PLAN_WORDS, request_words.TRAVEL).pattern}|연달아|붙여",
        re.I,
    ),
    "halves_left": re.compile(_MORE, re.I),
    "hours_left": re.compile(r"\bconvert(?:ed)?\b", re.I),  # "convert what's left to hours": the hours
    "can_i_take": pattern(request_words.PLAN_WORDS),  # "내일 반차 쓰려는데 가능?": the plan asked about
    "difference": re.compile(rf"{_MORE}|많|적", re.I),
}
_LAPSED = re.compile(
    r"\blos[et]\b|\blose\b|\blapsed?\b|\bforfeit\w*|\bexpir\w*|\b(?:at\s+)?the\s+end\s+of\b|"
    r"소멸|날[아라][가-힣]*|날[려렸린]|못\s*(?:쓰고|쓴|썼)|\bwhat\s+happened\s+to\b",
    re.I,
)
# The hours of a day the hours are counted at, said with the question ("하루 8시간", "(8h days)"): read.
_HOURS_A_DAY = re.compile(
    rf"(?:하루\s*(?:에|당)?\s*)?(?<![\d.]){HOURS_PER_DAY}\s*(?:시간|h(?:ours?|rs?)?\b)"
    r"(?:\s*(?:a|per|each)\s+day|\s*/\s*day|\s*days?\b|\s*기준)?",
    re.I,
)
_TRAVEL = pattern(request_words.TRAVEL)
# the requests whose days await approval ("결재 대기 중인 연차 신청 건"): what is pending
_REQUESTS = re.compile(r"신청\s*(?:건|내역)?|\brequests?\b", re.I)
# Each of several years read: "from 2024 through 2026, … each year", "매년".
_EACH_YEAR = re.compile(r"\b(?:each|every|per)\s+year\b|매년|해마다|연도별|각각", re.I)


# What a story still says that would change the figures: a condition or a plan, another kind of leave
# counted in or out, a negation of what is asked
_KEPT_IN_STORY = re.compile(
    r"\b(?:if|not|except|excluding|without|only|but|half|quarter|plan\w*|gonna|going\s+to|will|want\w*)\b|'ll\b|"
    r"\b(?:off|taking|take|booked|booking|away|trip)\b|"
    r"면|빼고|제외|말고|만\b|반차|반반차|쓰려|쉬려|내려|예정",
    re.I,
)


def unread(question: str, reading: Reading, today: date, follows_up: bool = False) -> list[str]:
    """The parts of `question` the reading leaves unread (empty: it accounts for all of it).
    `follows_up`: the turn before looked years up, so "the year before" / "그 전 해" are read."""
    if reading.kind not in LOOKUP_KINDS | {"in_a_row"}:  # the kinds whose answer states figures
        return []
    rest = question
    # the asker's own tenure told ("been here 6 years", "2013년 입사") beside the Act's leave, which is counted
    # from the HR data's hire date (not when the tenure is what is asked: then it made the reading's kind)
    told = blank(rest, TENURE_TOLD) if reading.kind in ENTITLEMENT_KINDS - {"service_years"} else rest
    rest = told
    if follows_up:  # before the years: "그 다음 해" is the year after the last turn's, not next year
        rest = blank(blank(rest, YEAR_BEFORE), YEAR_AFTER)
    for start, end in year_words_read(question, today):
        rest = rest[:start] + " " * (end - start) + rest[end:]
    # The Act's leave is answered as of today (the next grant: this year's or next): another year is unread.
    # a grant, or leave carried, into next year
    ahead = reading.kind in ("next_grant", "carry_over", "days_until")
    statutory_years = {today.year, today.year + 1} if ahead else {today.year}
    if reading.kind in ENTITLEMENT_KINDS and set(asked_years(told, today)) - statutory_years:
        return [str(y) for y in asked_years(told, today)]
    if len(reading.asked) > 1:
        rest = blank(rest, _EACH_YEAR)
    if reading.latest:
        rest = blank(rest, LATEST)
    for kind in reading.types:  # the types of leave whose totals the records give ("family": none)
        rest = blank(rest, pattern(LEAVE_TYPES[kind])) if kind in LEAVE_TYPES else rest
    if LEAVE_TAKEN not in reading.tools:
        rest = blank(rest, KIND_LEFT_OUT)
    if pending_asked(question, reading):  # the requests awaiting approval, which the balance states
        rest = blank(blank(rest, PENDING), _REQUESTS)
    if (made := kind_words(reading, today)) is not None:
        rest = blank(rest, made)
    if reading.kind == "hours_left":  # "how many hours would that be?": the days left, not a condition
        rest = blank(
            rest, re.compile(r"\b(?:would|is)\s+(?:that|it)(?:\s+be)?\b|그거|그건|그게|바꾸면|바꿔", re.I)
        )
    # the kind of answer asked (a difference, a share, hours, why, …): the reading must write that kind
    left = unanswered(rest, reading)
    if reading.in_a_row or reading.kind == "in_a_row":  # "총 며칠 연속으로 쉬어?", "incl. weekends"
        rest = blank(blank(rest, IN_A_ROW_ASKED), _AROUND)
    if reading.kind in (
        "what_if_span",
        "in_a_row",
    ):  # the days the calendar counts working days over (a trip's place
        rest = blank(blank(blank(rest, EVERY_WEEKDAY), WEEK_OF), EVERY_WORKING_DAY)  # every Friday in
        # December, the week of Dec 14, every working day from Dec 21
        rest = as_dates(rest)  # "to the end of the year": Dec 31, the span's end
        rest = without_days_off(blank(blank(rest, _TRAVEL), WHOLE_MONTH), reading.spans)  # first: "to" may
        # be a span's; a whole month is its own span
        rest = _count_stated(rest, reading.spans)
    if (
        reading.kind in ("next_grant", "days_until")
        and (day := dates_named(question, today))
        and day[0] == day[1] > today
    ):
        # "다음 연차 2027년 1월 2일에 생기는 거 맞나?": the day it names, which next_grant() says outright
        rest = without_days_off(rest, ((day[0], day[0], Decimal(1)),))
    if reading.kind == "hours_left":
        rest = blank(rest, _HOURS_A_DAY)
    listed = amounts_listed(rest) if reading.amount else None
    if listed is not None:  # "반차 두 번 쓰고 반반차 한 번": each amount the what-if sums
        for start, end in listed.read:
            rest = rest[:start] + " " * (end - start) + rest[end:]
    elif reading.halves is not None:  # "반차 3번 쓰면": the half days the what-if counts with
        rest = blank(rest, HALF_TIMES)
    elif reading.kind in _DAY_KINDS or reading.kind in ("why_days", "grows"):
        rest = _blank_days(rest, reading.days)
    left += [m.group(0) for found in (NUMERAL, _OPERATOR) for m in found.finditer(rest)]
    # every other word: one that never changes the figures (a year word nobody read, a month, a date, a
    # percentage, another kind of leave, a name or an unknown word in Korean or English is none of them)
    if reading.kind in _READ_BY_KIND:
        rest = blank(rest, _READ_BY_KIND[reading.kind])
    # a sentence told, not asked ("Rough week.", "병가 끝나고 나니 정신이 없네요"): a story whose words change no
    # figure — unless it names a number, a year or a day, or says what would change one (`_KEPT_IN_STORY`)
    # (beside a sentence that asks: a message with no ask it can read is no story around one)
    sentences = list(SENTENCE.finditer(question))
    if len(rest) == len(question) and not all(is_told(s.group()) for s in sentences):
        for said in sentences:
            sentence = said.group()
            if (
                sentence.strip(" .!~,")
                and is_told(sentence)
                and not _KEPT_IN_STORY.search(sentence)
                and not re.search(r"\d", sentence)
                and not asked_years(sentence, today)
            ):
                rest = rest[: said.start()] + " " * len(sentence) + rest[said.end() :]
    left += unaccounted(blank_asked(rest), records=LEAVE_TAKEN in reading.tools)
    return left


def pending_asked(question: str, reading: Reading) -> bool:
    """The asker's requests awaiting approval, asked beside their balance (which states them)."""
    return reading.kind == "lookup" and LEAVE_BALANCE in reading.tools and bool(PENDING.search(question))


def kind_words(reading: Reading, today: date) -> re.Pattern[str] | None:
    """The words that made the reading's kind, read by it; a past year's balance reads what lapsed then."""
    if reading.kind == "lookup" and reading.years and max(reading.years) < today.year:
        return _LAPSED
    return _KIND_WORDS.get(reading.kind)


_UNIT = re.compile(r"\s*(?:more\s+|extra\s+|additional\s+)?(?:일|개|days?)?", re.I)


def _blank_days(text: str, days: Decimal | None) -> str:
    """`text` with the days the reading counts with blanked: the first numeral of that value and its
    unit ("3일", "2 more days", "10일 남은 거 맞지?"), else the first words of that amount (반차, 이틀)."""
    if days is None:
        return text
    for match in NUMERAL.finditer(text):
        if Decimal(match.group(0)) == days:
            unit = _UNIT.match(text, match.end())
            end = unit.end() if unit else match.end()
            return text[: match.start()] + " " * (end - match.start()) + text[end:]
    for words_found, amount in DAY_AMOUNT_PATTERNS:
        said = words_found.search(text)
        if said and amount == days:
            return text[: said.start()] + " " * len(said.group(0)) + text[said.end() :]
    return text


def _count_stated(text: str, spans: tuple[tuple[date, date, Decimal], ...]) -> str:
    """`text` with the count said beside one whole stretch blanked when it is the stretch's calendar days
    ("12/21~24 4일 쉬면"): it restates the stretch, whose working days the answer counts. Another count
    (the working days the asker thinks, a typo) is left unread: declined, not answered for either."""
    if len(spans) != 1 or spans[0][2] != 1:
        return text
    days = (spans[0][1] - spans[0][0]).days + 1
    return blank(text, re.compile(rf"(?<![\d./~-])\s{days}\s*(?:일|days?\b)(?!\s*(?:더|more))", re.I))
