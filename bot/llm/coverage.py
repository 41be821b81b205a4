"""Whether the offline model's reading of a question accounts for all of it.

A rule-based reader is wrong in one way above all: it recognises part of a question and answers that part
("올해 연차 사용률 몇 퍼센트야?" read as "연차 … 몇" → a bare balance). So after a question is read, every
part of it that changes what the right answer is must have been read by that reading, or the model declines:

- every number: a year the reading looks up, the days a what-if counts with, the month it lists;
- every word about a year ("two years back", 작작년, a typo of 작년): read as a year, or the question is not
  understood;
- every date, weekday, week or month: only a reading that uses it (a month's records, "Can I take Friday
  off?") reads one;
- every operator a reading has no arithmetic for: a percentage, a difference or comparison, a sum or an
  average, a condition ("if I take …") outside a what-if, the law or a policy, another kind of leave.

What is left over is returned; anything left means "I can't answer that offline". The lists are kinds of
words, not questions: a question nobody wrote yet that names a percentage is declined the same way.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from bot.grounding.question import VOCABULARY_START as _VOCABULARY_START
from bot.language import words
from bot.language.dates import MONTH_ASKED, MONTHS_EN, blank
from bot.language.numbers import DAY_AMOUNT_PATTERNS, NUMERAL
from bot.language.words import pattern
from bot.language.years import YEAR_AFTER, YEAR_BEFORE, asked_years, year_words_read
from bot.llm.asked_kind import unanswered
from bot.llm.drafting import without_dates
from bot.llm.half_day_count import HALF_TIMES
from bot.llm.reading_values import ENTITLEMENT_KINDS, LOOKUP_KINDS, Kind, Reading
from bot.llm.typos import one_edit

_DAY_KINDS: frozenset[Kind] = frozenset({"what_if", "what_if_span", "can_i_take", "check_claim"})

_YEAR_WORD = re.compile(
    r"년(?!\s*차)|\b(?:years?|yrs?)\b|"
    r"(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|몇|저번|저저번|지지난|지난|이번|다음|전전|그\s*전|첫)\s*해"
    r"(?=[는에의도엔가]|\s|$|[?.!,])",
    re.I,
)
# Words one letter away from a relative year (a typo of 작년 must not become this year).
_RELATIVE_YEARS = ("작년", "올해", "내년", "재작년", "year", "years")
_TOKEN = re.compile(r"[가-힣]+|[A-Za-z]+")
_PARTICLE = re.compile(r"(?:에는|에도|에서|부터|까지|이랑|하고|엔|에|은|는|이|가|의|도|랑)$")

_MONTH_WORD = re.compile(
    r"\d{1,2}\s*월|\bmonths?\b|개월|(?:이번|지난|저번|다음|한|매)\s*달|월별|"
    rf"\b(?:{'|'.join(m for m in MONTHS_EN if m != 'may')}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b",
    re.I,
)
_DAY_WORD = re.compile(
    r"[월화수목금토일]요일|내일|모레|어제|그저께|주말|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
    r"\b(?:tomorrow|yesterday|weekends?)\b|크리스마스|성탄|설날|추석|christmas|x-?mas|new\s+year|"
    r"\bweeks?\b|(?:이번|다음|지난|저번)\s*주|주간|\d+\s*/\s*\d+",
    re.I,
)
# Operators no reading computes: a share outside the share reading, an average. (A difference, a comparison
# or a sum is a kind of answer asked: asked_kind.py.)
_NO_READING_FOR = re.compile(r"평균|\baverage\b", re.I)
# Requests of another kind than a lookup: writing, advice, plans, recommendations, sums.
_NOT_A_LOOKUP = re.compile(
    r"추천|계획|어디로|어디\s*갈|뭐\s*하|좋을까|짜\s*줘|써\s*줘|만들어\s*줘|번역|계산|산정|"
    r"\bcalculat\w*|\bwork\s+out\b|\bexplain\b|\bwhat\s+happens\b|촉진|\bpromotion\b|"
    r"\breset|\brenew|\baccru|초기화|리셋|"
    # a count of occasions (only half days are counted: their reading reads these words)
    r"몇\s*번|몇\s*회|\bhow\s+many\s+times\b|\bhow\s+often\b|"
    r"(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|스무|서른|마흔|\d+)\s*(?:번|회|차례)(?!\s*에)|\b(?:\w+)\s+times\b|매주|"
    # a part of a year: the figures are the whole year's
    r"이맘때|이\s*맘\s*때|이\s*시점|그\s*맘때|\bthis\s+time\b|\bat\s+this\s+point\b|"
    r"상반기|하반기|분기|\bquarter\b|\bsince\b|\buntil\b|\btill\b|이후|이전|"
    # limits and standing against others
    r"최대|최소|한도|\bmax(?:imum)?\b|\bmin(?:imum)?\b|\blimit\b|나만|(?<![가-힣])팀(?:에서|\s*평균|\s*전체)|"
    # the calendar's working days are not leave: a lookup does not count them
    r"근무일|영업일|평일|\bweekdays\b|\b(?:working|business|work)\s*days?\b|"
    r"\b(?:write|poem|story|joke|recommend|suggest|plan|ideas?|translate|minus|plus|divided|times)\b|"
    r"[-+*/=]\s*\d",
    re.I,
)
# Someone named in English whom the directory does not know ("for John", "about Mike"): the asker is not
# them, so the asker's figures are not the answer. Months and weekdays are dates, read above.
_NAMED_IN_ENGLISH = re.compile(
    r"\b(?:for|of|about|with)\s+"
    rf"(?!(?:{'|'.join(m.capitalize() for m in MONTHS_EN)}|Mon|Tue|Wed|Thu|Fri|Sat|Sun|Dec|Jan|Feb|Mar|Apr|Jun|Jul|"
    r"Aug|Sep|Oct|Nov|Christmas|PTO|HR|Korea|Korean)\w*\b)[A-Z][a-z]+\b"
)
# Someone named in Korean whom the directory does not know: a word right before the leave words, with a
# person's particle ("영희가 연차", "지훈은 휴가") or opening the question ("철수 연차 며칠?"), that is none
# of the words the bot reads or the few that commonly stand there. Unknown there, it may be a person.
_SUBJECT_KO = re.compile(
    r"(?:^\s*|(?<![가-힣]))([가-힣]{2,3}?)(?:이가|가|이는|는|은|이도|도|의|\s*씨|\s*님|이)?\s+"
    r"(?:[가-힣]+\s+)?(?=연차|휴가|반차)"
)
_PARTICLED = re.compile(r"(?:이가|가|이는|는|은|이도|도|의|씨|님)$")
_BEFORE_LEAVE_KO = re.compile(
    "내|제|나|저|저는|나는|제가|내가|우리|저희|혹시|그럼|그리고|근데|그건|이건|오늘|지금|현재|요즘|이번|아직|"
    "벌써|이미|모두|전부|나머지|여름|겨울|봄|가을|명절|추석|설날|연말|연초|오전|오후|하루|이틀|남은|잔여|쓴|"
    "사용|미사용|안쓴|총|전체|기본|법정|유급|추가|월차|남아있는|쓸|받은|생긴|정기|연간|올해|작년|내년|재작년|"
    "안녕하세요|안녕|근무|입사|퇴사|신입|첫|장기|단기|긴급|갑자기|내일|모레|주말"
)
# Another kind of leave than annual leave: the balance is not its answer.
_OTHER_LEAVE = re.compile(
    r"병가|경조|육아|출산|배우자|공가|보상\s*휴가|대체\s*휴가|생리|특별\s*휴가|"
    r"\bsick\b|maternity|paternity|parental|bereavement|compensatory|\bcomp\s+time|special\s+leave",
    re.I,
)
_NUMBER_WORD = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twice|half|quarter)\b|"
    r"하루|이틀|사흘|나흘|닷새|일주일|반차|반반차",
    re.I,
)


# The words that made a kind: read by that reading ("입사 1년 미만이면 연차 몇 개 생겨?" is the first year's).
_KIND_WORDS: dict[Kind, re.Pattern[str]] = {
    "first_year": pattern(words.FIRST_YEAR),
    "next_grant": pattern(words.NEXT_GRANT),
    "expiry": re.compile(
        rf"{pattern(words.EXPIRY).pattern}|(?:at\s+)?(?:the\s+)?(?:end\s+of\s+(?:the|this)\s+year|year[-\s]?end)|"
        r"연말|올해\s*말|연도\s*말",
        re.I,
    ),
    "halves_left": re.compile(
        rf"{pattern(words.HALF_DAY).pattern}|몇\s*(?:번|회|개)|\bhow\s+many\s+(?:times|more)\b", re.I
    ),
    "half_days": pattern(words.HALF_DAY_COUNT, words.HALF_DAY, words.QUARTER_DAY),
    "monthly": MONTH_ASKED,
    # "Can I take (next) Friday off?": one working day
    "can_i_take": re.compile(
        r"(?:(?:이번|다음)\s*주\s*)?(?:[월화수목금]요일|내일)|"
        r"\b(?:(?:this|next)\s+)?(?:mon|tues|wednes|thurs|fri)day\b|tomorrow",
        re.I,
    ),
}
# A run with something besides spaces, up to a question mark. Possessive (`*+`): the plain form backtracked
# cubically on a line with no question mark (a 1,000-character question took ~3 s of CPU here); same matches.
_QUESTIONS = re.compile(r"\s*+[^?？\s][^?？]*+[?？]")
# Each of several years read: "from 2024 through 2026, … each year", "매년".
_EACH_YEAR = re.compile(r"\b(?:each|every|per)\s+year\b|매년|해마다|연도별|각각", re.I)


def unread(question: str, reading: Reading, today: date, follows_up: bool = False) -> list[str]:
    """The parts of `question` the reading leaves unread (empty: it accounts for all of it).
    `follows_up`: the turn before looked years up, so "the year before" / "그 전 해" are read."""
    if reading.kind not in LOOKUP_KINDS:  # the kinds whose answer states figures: only they are checked
        return []
    rest = question
    for start, end in year_words_read(question, today):
        rest = rest[:start] + " " * (end - start) + rest[end:]
    # The Act's leave is answered as of today (the next grant: this year's or next): another year is unread.
    statutory_years = {today.year, today.year + 1} if reading.kind == "next_grant" else {today.year}
    if reading.kind in ENTITLEMENT_KINDS and set(asked_years(question, today)) - statutory_years:
        return [str(y) for y in asked_years(question, today)]
    if follows_up:
        rest = blank(blank(rest, YEAR_BEFORE), YEAR_AFTER)
    if len(reading.asked) > 1:
        rest = blank(rest, _EACH_YEAR)
    if reading.kind in _KIND_WORDS:
        rest = blank(rest, _KIND_WORDS[reading.kind])
    # the kind of answer asked (a difference, a share, hours, why, …): the reading must write that kind
    left = unanswered(rest, reading)
    if reading.kind == "what_if_span":  # the dates the calendar counts working days between
        rest = without_dates(rest)
    if reading.halves is not None:  # "반차 3번 쓰면": the half days the what-if counts with
        rest = blank(rest, HALF_TIMES)
    elif reading.kind in _DAY_KINDS or reading.kind == "why_days":
        rest = _blank_days(rest, reading.days)
    for found in (
        NUMERAL,
        _NUMBER_WORD,
        _YEAR_WORD,
        _MONTH_WORD,
        _DAY_WORD,
        _NO_READING_FOR,
        _OTHER_LEAVE,
        _NOT_A_LOOKUP,
        _NAMED_IN_ENGLISH,
    ):
        left += [m.group(0) for m in found.finditer(rest)]
    # two questions in one message (a line: merged messages are one line each): each must be read, so say so
    if any(len(_QUESTIONS.findall(line)) > 1 for line in question.splitlines()):
        left.append("?")
    left += [token for token in _TOKEN.findall(rest) if _near_a_year(token)]
    left += _unknown_subjects(rest, question)
    return left


def _unknown_subjects(text: str, question: str) -> list[str]:
    """The unknown words standing where a person would (`text`: the question with what was read blanked;
    whether a word opens the question is read from the question itself)."""
    found = []
    for match in _SUBJECT_KO.finditer(text):
        word = match.group(0).split()[0] if match.group(0).split() else ""
        stem = _PARTICLED.sub("", word) or word
        known = (
            _BEFORE_LEAVE_KO.fullmatch(stem)
            or _BEFORE_LEAVE_KO.fullmatch(word)
            or _VOCABULARY_START.match(stem)
        )
        opening = not question[: match.start() + len(match.group(0)) - len(match.group(0).lstrip())].strip()
        if not known and (opening or _PARTICLED.search(word)) and len(stem) in (2, 3):
            found.append(word)
    return found


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


def _near_a_year(token: str) -> bool:
    """A word one edit from a relative year it did not read as one: 작넌, 쟉년, "yaer"."""
    stem = _PARTICLE.sub("", token.lower()) or token.lower()
    return any(stem != word and one_edit(stem, word) for word in _RELATIVE_YEARS)
