"""How the offline model reads arithmetic on a balance it can do whole: a share used, hours left, the
difference between two years' days used, the half days the balance still holds, and a bare follow-up
("작년은?") that asks the same arithmetic for another year. Apart from the other readings (reading.py)
because these kinds are answered with named figures the check evaluates (ARITHMETIC_KINDS).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from bot.language import words
from bot.language.asked_words import HALVES_LEFT_ASKED
from bot.language.words import pattern
from bot.language.years import year_words_read
from bot.llm.asked_kind import asked, role_of
from bot.llm.question_patterns import LEAVE, NAMES_LEAVE, PERCENT, QUANTITY, QUARTER, REMAINING, WHAT_IF
from bot.llm.reading_values import Earlier, Kind, Reading, lookup
from bot.tools import leave_balance

# The arithmetic a balance answers: a share used, hours left, a difference between two years, the half
# days the balance still holds.
_HOURS = re.compile(rf"{pattern(words.HOURS).pattern}|\bhrs?\b", re.I)  # "how many hrs is that"
_USED_ANY = pattern(
    words.USED, words.USED_STATED, words.Words(ko=("썼", "쓴", "사용"), en=(r"\btake\b", r"\buse\b"))
)
_HALF = pattern(words.HALF_DAY)
_DAYS_WORD = re.compile(r"\bdays?\b|연차|휴가", re.I)
_TIMES = re.compile(r"몇\s*(?:번|회)|\bhow\s+many\s+times\b", re.I)
_STILL = re.compile(
    r"더|남은|남았|남아|잔여|가능|\bstill\b|\bmore\b|\bleft\b|\bremaining\b|쓸\s*수|\bcan\s+I\b|\bcould\s+I\b",
    re.I,
)
_WHAT_IS_LEFT = re.compile(
    r"남은\s*(?:거|걸|것|게|건|\d+(?:\.\d+)?\s*(?:일|개))|\bwhat\s+I\s+have\s+left\b|\bmy\s+(?:leftover|remaining)\b",
    re.I,
)
_HAS = re.compile(
    r"\b(?:do|have)\s+I\s+(?:have|got)\b|\bI(?:'ve)?\s+(?:have|got)\b|있어|있나|있는지|있음", re.I
)
# "how many half days is that?" right after a balance: that balance, in half days
# "ok and in half days?" right after the days left: those days, in another unit
_AGAIN_IN = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|and|so|what\s+about)[\s,]+)*in\s+half[-\s]?days\s*[?？]?\s*$", re.I
)
_THAT = re.compile(r"\b(?:is|would\s+be)\s+that\b|그거|그건|그게", re.I)
_THAT_IN_HOURS = re.compile(
    r"\b(?:is|would(?:\s+be)?)\s+that\b|^\s*(?:(?:ok(?:ay)?|and|so|what\s+about)[\s,]+)*in\s+hours\s*[?？]?\s*$|"
    r"^\s*(?:그럼\s*)?시간으로\s*(?:는|하면|치면|환산하면|바꾸면)?\s*(?:요|은요|는요)?\s*[?？]?\s*$|그거|그건|그게",
    re.I,
)
_THEN = re.compile(r"그럼|그러면|그거|\bthen\b|\bthat\b", re.I)
_TAKEN_HALVES = re.compile(r"썼|쓴|사용했|\btook\b|\btaken\b|\bdid\s+I\b|\bhave\s+I\b", re.I)


# The arithmetic a bare follow-up ("작년은?", "and 2025?") asks again for another year.
CARRIED_OVER: frozenset[Kind] = frozenset({"percent", "hours_left", "halves_left"})
_FOLLOW_UP_WORDS = re.compile(
    r"\b(?:and|what\s+about|how\s+about|for)\b|그럼|그러면|그건|(?<=\s)(?:은|는|엔|에는|도|요|은요|는요|엔요)|[?.!,~\s]",
    re.I,
)


def bare_follow_up(question: str, today: date) -> bool:
    """Whether the question is only a year and the words that ask "and that year?" ("작년은?")."""
    rest = question
    for start, end in year_words_read(question, today):
        rest = rest[:start] + " " * (end - start) + rest[end:]
    rest = re.sub(r"(?:^|(?<=\s))(?:은요|는요|엔요|에는요|에는|은|는|엔|도)(?=[\s?.!]|$)", " ", rest)
    return not _FOLLOW_UP_WORDS.sub("", rest).strip()


_TWO_YEAR_KINDS: tuple[Kind, ...] = ("difference", "compare", "total")


def _two_years(
    question: str, years: list[int], today: date, earlier: Earlier, window: tuple[int, int] | None
) -> Reading | None:
    """A difference or a total of one figure over two years, or two years side by side ("비교해 줘"): "작년이랑 올해 받은 연차
    차이는?", "did I use more in 2025 or 2026?", "합치면". One year named beside a comparison is compared
    with this year ("작년보다 덜 썼어?"). The figure must be one (used, granted or what is left)."""
    kinds = asked(question, len(set(years)))
    figure = role_of(question)
    kind: Kind = next((k for k in _TWO_YEAR_KINDS if k in kinds), "lookup")
    if kind == "compare" and figure is not None:
        kind = "difference"  # a figure compared: its difference too
    chosen = set(years)
    compared = figure or role_of(earlier.question)
    if (
        kind in ("difference", "compare")
        and len(chosen) == 1
        and len(set(earlier.years) - chosen) == 1
        and compared
    ):
        # "작년엔 몇 개 썼어? 올해랑 비교하면?": the figure asked before, compared with the year now named
        chosen |= set(earlier.years)
        figure, kind = compared, "difference"
    if kind == "difference" and len(chosen) == 1 and today.year not in chosen:
        chosen.add(today.year)
    if kind == "lookup" or len(chosen) != 2 or (figure is None and kind != "compare"):
        return None
    reading = lookup(kind, sorted(chosen, reverse=True), today, earlier, window, (leave_balance.NAME,))
    return replace(reading, figure=figure)


def arithmetic_reading(
    question: str, years: list[int], today: date, earlier: Earlier, window: tuple[int, int] | None
) -> Reading | None:
    """Arithmetic on the balance it can do whole: a share used, hours left, the difference between two
    years' days used, how many half days the balance still holds."""
    two_years = _two_years(question, years, today, earlier, window)  # names a figure: about leave
    if two_years is not None:
        return two_years
    balance = (leave_balance.NAME,)
    # "… and how many hours is that?", "and in hours?": the days left just asked, in hours (not days used)
    left_before = earlier.tools == balance and REMAINING.search(earlier.question or "")
    that_left = bool(
        left_before and not _USED_ANY.search(earlier.question or "") and _THAT_IN_HOURS.search(question)
    )
    if not that_left and not any(p.search(question) for p in (LEAVE, _HALF, _DAYS_WORD, _USED_ANY)):
        return None
    left = REMAINING.search(question)
    if PERCENT.search(question) and len(years) <= 1 and not left:
        return lookup("percent", years, today, earlier, window, balance)
    # hours of leave left (the leave named: "몇 시간 남았어?" alone may be hours of anything); leave one
    # "has" now is what is left ("how many hours of leave do I have?", "연차 몇 시간 있어?")
    held = left or _HAS.search(question)
    # ("남은 거 시간으로 치면?", "남은 8.75일은 몇 시간?": what is left, in a leave bot, is the leave)
    what_is_left = _WHAT_IS_LEFT.search(question)
    named = NAMES_LEAVE.search(question) or what_is_left
    if _HOURS.search(question) and ((held and named) or that_left) and len(years) <= 1:
        return lookup("hours_left", years, today, earlier, window, balance)
    # "남은 연차 반차로만 쓰면 몇 번 쓸 수 있어요?": the half days what is left makes, however it is put
    halves = HALVES_LEFT_ASKED.search(question)
    if (
        halves
        and not re.search(r"몇\s*개", halves.group(0))  # "반차로 쓰면 몇 개 남아?": what is left after one
        and not QUARTER.search(question)
        and not _TAKEN_HALVES.search(question)
        and not _HOURS.search(question)
        # (not "그럼 반차로 쪼개면?" after another turn: what is left there may be after its what-if)
        and (not _THEN.search(question) or earlier.tools == balance)
        and len(years) <= 1
    ):
        return lookup("halves_left", years, today, earlier, window, balance)
    if (
        _HALF.search(question)
        and not QUARTER.search(question)
        and (
            QUANTITY.search(question)
            or _TIMES.search(question)
            or (_AGAIN_IN.search(question) and left_before)
        )
        and (
            _STILL.search(question)
            or (_THAT.search(question) and earlier.tools == balance)
            or (_AGAIN_IN.search(question) and left_before)
        )
        and not _TAKEN_HALVES.search(question)
        and not WHAT_IF.search(question)
        and len(years) <= 1
    ):
        return lookup("halves_left", years, today, earlier, window, balance)
    return None
