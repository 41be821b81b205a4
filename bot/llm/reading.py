"""What the offline model makes of a question: which kind of question it is, which years and which tools.

Plain rules, read in a fixed order (the first that fits wins), so a reader can follow why a question got
its answer. The order matters: "오늘 며칠이야?" names 며칠 but asks for the date; "이서연 연차 며칠 남았어?"
is a balance question about someone else; "3일 쓰면 며칠 남아?" is a balance question that wants
arithmetic. What no rule fits gets the usage line, never a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Literal

from bot.core.question import about_someone_else, asked_years, asks_about_rules
from bot.tools import leave_balance, leave_taken

# At most this many lookups for one question (the loop runs at most 8 tool_use blocks a round, too).
MAX_LOOKUPS = 8

Kind = Literal[
    "greeting",
    "thanks",
    "date",
    "leap_year",
    "someone_else",
    "how_to",
    "rules",
    "hours",
    "can_i_take",
    "what_if",
    "check_claim",
    "half_days",
    "monthly",
    "lookup",
    "help",
]
# The kinds answered from a lookup; the others are answered in words, with no lookup.
LOOKUP_KINDS: frozenset[Kind] = frozenset(
    {"can_i_take", "what_if", "check_claim", "half_days", "monthly", "lookup"}
)

_LEAVE = re.compile(
    r"연차|연챠|년차|휴가|잔여|남았|남앗|남은|남아|며칠|몇\s*일|몇일|썼|사용|부여|반차|leave|vacation|\bpto\b|days?\s+off|"
    r"holiday|balance|remaining|how\s+many\s+days|\bleft\b",
    re.I,
)
_WHEN = re.compile(r"언제|날짜|며칠에|내역|기록|\bwhen\b|which\s+days|what\s+days|\bdates?\b|history", re.I)
_HOW_MUCH = re.compile(
    r"남은|남았|남아|잔여|\bleft\b|remaining|balance|how\s+many|how\s+much|며칠|얼마", re.I
)
_GREETING = re.compile(
    r"^\s*(안녕|하이|반가|좋은\s*(?:아침|하루|오후|저녁)|hello|hi\b|hey\b|good\s+(morning|afternoon|evening))",
    re.I,
)
_THANKS = re.compile(
    r"^\s*(?:고마워|고맙|감사|땡큐|ㄱㅅ|thanks|thank\s+you|thx|\bty\b|cheers|great|perfect|좋아요?|알겠|오케이|"
    r"ok\b|okay|got\s+it)|"
    r"(?:감사합니다|감사해요|고맙습니다|고마워요?|thanks|thank\s+you|cheers)[.!~\s]*$|^\s*appreciate",  # or at the end: "…감사합니다!"
    re.I,
)
_DATE = re.compile(
    r"오늘\s*(?:이|은)?\s*(?:며칠|몇\s*월\s*며칠|몇\s*일|날짜|무슨\s*요일|몇\s*월)|오늘\s*날짜|"
    r"(?:지금|현재)\s*(?:이|은)?\s*몇\s*월|몇\s*월\s*며칠|오늘\s*(?:이|은)?\s*(?:일자|몇\s*일)|"
    r"\bdate\b[^.?!]{0,12}\btoday\b|\btoday\b[^.?!]{0,24}\b(?:date|day\s+of\s+the\s+month)\b|"
    r"\b(?:current|today'?s)\s+date\b|오늘\s*기준\s*날짜|날짜[^?.!]{0,12}오늘|"
    r"what(?:'s|\s+is)\s+(?:the\s+)?(?:date|day)(?:\s+today)?|what\s+(?:day|date)\s+is\s+(?:it|today)|"
    r"today'?s\s+date|what\s+is\s+today",
    re.I,
)
_LEAP = re.compile(r"윤년|leap\s*year", re.I)
_HOW_TO = re.compile(
    r"신청|취소|승인|결재|상신|어디서|어디에서|방법|절차|어떻게\s*(?:해|하|써|쓰|내|신청|올려|받|확인)|"
    r"how\s+(?:do|can|should)\s+I\s+(?:apply|request|book|cancel|submit|file|put\s+in|check|see)|how\s+to\b|"
    r"where\s+(?:do|can)\s+I|\bapply\s+for\b|\bcancel\b|\bapprov|\bsubmit\b|\bbook\b",
    re.I,
)
_HOURS = re.compile(r"몇\s*시간|시간\s*단위|시간으로|\bhours?\b", re.I)
_QUANTITY = re.compile(r"며칠|몇\s*일|몇일|얼마|how\s+many|how\s+much", re.I)
_CAN_I = re.compile(
    r"쓸\s*수\s*있|써도\s*(?:돼|되|될)|낼\s*수\s*있|내도\s*(?:돼|되)|쉬어도|쉴\s*수\s*있|가도\s*(?:돼|되)|"
    r"가능(?:해|할까|한가|하니|합니까|할지)|can\s+I\s+(?:take|use|have|get)|may\s+I\s+(?:take|have)|"
    r"am\s+I\s+allowed|could\s+I\s+take|take\s+(?:\w+\s+)?off\b",
    re.I,
)
_WHAT_IF = re.compile(
    r"쓰면|사용하면|내면|쉬면|빼면|쓴다면|사용한다면|다녀오면|if\s+I\s+(?:take|use|book)|after\s+(?:taking|using)",
    re.I,
)
_CLAIM = re.compile(
    r"(\d+(?:\.\d+)?)\s*(?:일|days?)\s*(?:이|이나|정도|쯤)?\s*(?:of\s+\w+\s+)?(?:남|left|remain|있)|"
    r"\b(?:have|got)\s+(?:only\s+|just\s+)?(\d+(?:\.\d+)?)\s*(?:more\s+)?days?",
    re.I,
)
_CONFIRM = re.compile(r"맞|아니|지\s*[?？]|죠|right|correct|isn'?t\s+it|don'?t\s+I|do\s+I\b|still", re.I)
_HALF_COUNT = re.compile(
    r"(?:반반차|반차|half[- ]?days?|quarter[- ]?days?)\s*(?:를|을|는|은)?\s*(?:몇\s*(?:번|회|개)|횟수|얼마나)|how\s+many\s+half[- ]?days|"
    r"how\s+many\s+times.*half",
    re.I,
)
_MONTHS_EN = [
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
]
_MONTH = re.compile(
    r"월별|매달|매월|이번\s*달|지난\s*달|저번\s*달|(\d{1,2})\s*월\s*(?:에|엔|달|은|는|한\s*달)|per\s+month|"
    r"monthly|each\s+month|this\s+month|last\s+month|\bin\s+(" + "|".join(_MONTHS_EN) + r")\b",
    re.I,
)
# "그 전 해는?", "and the year before?": a year relative to the years the previous turn looked up.
_BEFORE = re.compile(
    r"그\s*(?:전|이전)\s*(?:해|년도|연도|년)?|the\s+year\s+before(?!\s+last)|before\s+that|"
    r"the\s+previous\s+(?:one|year)|the\s+one\s+before",
    re.I,
)
_AFTER = re.compile(
    r"그\s*다음\s*(?:해|년도|연도|년)?|the\s+year\s+after|the\s+next\s+one|after\s+that", re.I
)
_FOLLOW_UP = re.compile(r"^\s*(?:그럼|그러면|그건|그\s*해|and\b|what\s+about|how\s+about|then\b)", re.I)
_WINDOW = re.compile(r"Years that can be looked up: (\d{4})[–-](\d{4})")
# A day amount the person names: "3일", "2 days", 반차 (0.5), 반반차 (0.25), 하루 (1), 이틀 (2).
_DAYS = re.compile(r"(\d+(?:\.\d+)?)\s*(?:일|days?)(?!\s*(?:남|left|remain))", re.I)
_DAY_WORDS = (
    (re.compile(r"반반차|quarter[- ]day", re.I), Decimal("0.25")),
    (re.compile(r"반차|half[- ]day|half\s+a\s+day", re.I), Decimal("0.5")),
    (re.compile(r"이틀|two\s+days", re.I), Decimal(2)),
    (re.compile(r"사흘|three\s+days", re.I), Decimal(3)),
    (
        re.compile(
            r"하루|a\s+day|one\s+day|\b(?:monday|tuesday|wednesday|thursday|friday)\b|[월화수목금]요일|내일|tomorrow",
            re.I,
        ),
        Decimal(1),
    ),
)


@dataclass(frozen=True)
class Earlier:
    """What the conversation before this question holds: the last turn's lookups, and whether it was
    about leave at all."""

    years: tuple[int, ...] = ()
    tools: tuple[str, ...] = ()
    about_leave: bool = False


@dataclass(frozen=True)
class Reading:
    kind: Kind
    years: tuple[int, ...] = ()  # to look up, at most MAX_LOOKUPS lookups in all
    tools: tuple[str, ...] = ()
    asked: tuple[int, ...] = ()  # every year the question asked about (more than `years` when capped)
    days: Decimal | None = None  # what-if, can-I-take: the days named; check_claim: the days claimed
    month: int | None = None
    window: tuple[int, int] | None = None  # the years that may be looked up, from the system prompt

    @property
    def capped(self) -> bool:
        return len(self.asked) > len(self.years)


def window_from(system: str) -> tuple[int, int] | None:
    match = _WINDOW.search(system)
    return (int(match.group(1)), int(match.group(2))) if match else None


def read_question(question: str, today: date, earlier: Earlier, system: str = "") -> Reading:
    """The kind of question, and for the lookup kinds the years and tools to ask for."""
    window = window_from(system)
    has_leave = bool(_LEAVE.search(question))
    years = asked_years(question, today)
    if _DATE.search(question) and not re.search(r"연차|휴가|leave|vacation|pto|balance", question, re.I):
        return Reading("date")
    if _LEAP.search(question):
        return Reading("leap_year", tuple(years or [today.year]))
    if about_someone_else(question):
        return Reading("someone_else")
    if _GREETING.search(question) and not has_leave:
        return Reading("greeting")
    if _THANKS.search(question) and not has_leave and not years:
        return Reading("thanks")
    if _HOURS.search(question):
        return Reading("hours")
    if asks_about_rules(question):
        return Reading("rules")
    days = _days_named(question)
    wants_quantity = bool(_QUANTITY.search(question) or _HOW_MUCH.search(question))
    if _WHAT_IF.search(question) and days is not None and wants_quantity:
        return _lookup("what_if", years, today, earlier, window, (leave_balance.NAME,), days=days)
    if _CAN_I.search(question) and not _QUANTITY.search(question):
        return _lookup(
            "can_i_take", years, today, earlier, window, (leave_balance.NAME,), days=days or Decimal(1)
        )
    if _HOW_TO.search(question):
        return Reading("how_to")
    claim = _CLAIM.search(question)
    if claim and _CONFIRM.search(question):
        return _lookup(
            "check_claim",
            years,
            today,
            earlier,
            window,
            (leave_balance.NAME,),
            days=Decimal(claim.group(1) or claim.group(2)),
        )
    if _HALF_COUNT.search(question):
        size = Decimal("0.25") if re.search(r"반반차|quarter", question, re.I) else Decimal("0.5")
        return _lookup("half_days", years, today, earlier, window, (leave_taken.NAME,), days=size)
    month = _MONTH.search(question)
    if month and (has_leave or earlier.about_leave):
        number = int(month.group(1)) if month.group(1) else None
        if month.group(2):
            number = _MONTHS_EN.index(month.group(2).lower()) + 1
        elif re.search(r"이번\s*달|this\s+month", month.group(0), re.I):
            number = today.month
        elif re.search(r"지난\s*달|저번\s*달|last\s+month", month.group(0), re.I):
            number = today.month - 1 or 12
            if not years and today.month == 1:
                years = [today.year - 1]
        reading = _lookup("monthly", years, today, earlier, window, (leave_taken.NAME,))
        return replace(reading, month=number if number and 1 <= number <= 12 else None)
    follow = _relative_years(question, earlier)
    if follow:
        return _lookup("lookup", follow, today, earlier, window, _tools_for(question, earlier))
    if has_leave or years:
        if not years and earlier.years and _FOLLOW_UP.search(question):
            years = list(earlier.years)
        return _lookup("lookup", years, today, earlier, window, _tools_for(question, earlier))
    return Reading("help")


def _days_named(question: str) -> Decimal | None:
    match = _DAYS.search(question)
    if match:
        return Decimal(match.group(1))
    return next((days for pattern, days in _DAY_WORDS if pattern.search(question)), None)


def _relative_years(question: str, earlier: Earlier) -> list[int]:
    if not earlier.years:
        return []
    if _BEFORE.search(question):
        return [min(earlier.years) - 1]
    if _AFTER.search(question):
        return [max(earlier.years) + 1]
    return []


def _tools_for(question: str, earlier: Earlier) -> tuple[str, ...]:
    """The balance, the records, or both; a bare follow-up ("24년은?") asks what the last turn asked."""
    wants_records = bool(_WHEN.search(question))
    wants_balance = bool(_HOW_MUCH.search(question)) or not wants_records
    if not wants_records and not _HOW_MUCH.search(question) and earlier.tools:
        return earlier.tools
    return tuple(
        name
        for name, wanted in ((leave_balance.NAME, wants_balance), (leave_taken.NAME, wants_records))
        if wanted
    )


def _lookup(
    kind: Kind,
    years: list[int],
    today: date,
    earlier: Earlier,
    window: tuple[int, int] | None,
    tools: tuple[str, ...],
    *,
    days: Decimal | None = None,
) -> Reading:
    asked = years or [today.year]
    room = max(1, MAX_LOOKUPS // len(tools))
    chosen = asked
    if len(asked) > room:
        # Too many years for one question: those that can be looked up first, in the order asked.
        inside = [y for y in asked if window is None or window[0] <= y <= window[1]]
        chosen = (inside or asked)[:room]
    return Reading(kind, tuple(chosen), tools, tuple(asked), days, window=window)
