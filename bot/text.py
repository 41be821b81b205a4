"""The phrasebook: every sentence OfficeBot says to a person, in Korean and English, in one place.

A reply is in Korean when the question has Hangul in it, else English. Sentences that go to someone
whose language is not known yet (a refusal before any question is read) carry both languages.
A Korean sentence never carries an English reason inside it: failure reasons have their own phrases.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from bot.domain.leave import ANNUAL, Balance, LeaveTaken, format_days
from bot.domain.outcomes import FailureReason, failure_facts

_HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")


def is_korean(text: str) -> bool:
    return bool(_HANGUL.search(text))


@dataclass(frozen=True)
class Phrase:
    ko: str
    en: str

    def pick(self, korean: bool) -> str:
        return self.ko if korean else self.en


# ----- the loop's own answers (no model text to post) -------------------------------------------------
REFUSAL = Phrase("죄송하지만 그 요청에는 답할 수 없어요.", "Sorry, I can't help with that request.")
TRUNCATED = Phrase("(답변이 길어 중간에 잘렸어요.)", "(The answer was cut short.)")
NO_ANSWER = Phrase(
    "답을 만들지 못했어요. 질문을 조금 바꿔서 다시 물어봐 주세요.",
    "I couldn't put an answer together. Please try rephrasing the question.",
)
TOO_LONG = Phrase(
    "대화가 너무 길어졌어요. 새 대화(새 스레드)에서 다시 물어봐 주세요.",
    "This conversation has grown too long. Please ask again in a new thread.",
)
ROUND_LIMIT = Phrase(
    "조회를 여러 번 반복해도 답을 마치지 못했어요.", "I stopped after too many lookups without finishing."
)
MODEL_DOWN = Phrase(
    "죄송해요, 지금 AI 모델에 연결할 수 없어요. 잠시 후 다시 물어봐 주세요.",
    "Sorry, I can't reach the AI model right now. Please try again in a moment.",
)
FOUND_SO_FAR = Phrase("지금까지 조회한 결과:", "What I found so far:")
# A lookup's audit record could not be written, so its result is not shown (fail closed).
NOT_RECORDED = Phrase(
    "죄송해요, 지금은 연차 정보를 보여 드릴 수 없어요. 잠시 후 다시 물어봐 주세요.",
    "Sorry, I can't show your leave information right now. Please try again in a moment.",
)

# ----- answers built from tool results by code ----------------------------------------------------------


def balance_sentence(balance: Balance, korean: bool) -> str:
    """One year's figures as a sentence; every number in it is one the tool returned."""
    remaining, granted, used = (format_days(v) for v in (balance.remaining, balance.granted, balance.used))
    if korean:
        return f"{balance.year}년 남은 연차는 {remaining}일이에요 (부여 {granted}일, 사용 {used}일)."
    return (
        f"You have {remaining} days of annual leave left for {balance.year} ({granted} granted, {used} used)."
    )


def _years(years: Sequence[int], korean: bool) -> str:
    listed = ", ".join(map(str, years))
    return f"{listed}년" if korean else listed


def _no_record(years: Sequence[int], existing: Sequence[int], korean: bool) -> str:
    if korean:
        said = f"{_years(years, True)} 연차 기록이 없어요." if years else "해당 연도의 연차 기록이 없어요."
        exist = f" 기록이 있는 해: {_years(existing, True)}." if existing else ""
        return said + exist + " 기록이 빠졌다면 인사팀에 문의해 주세요."
    said = (
        f"There is no annual leave record for {_years(years, False)}."
        if years
        else "There is no record for that year."
    )
    exist = f" You have records for {_years(existing, False)}." if existing else ""
    return said + exist + " If one is missing, please contact HR."


def lookup_failed(kind: FailureReason | None, tool_reason: str, korean: bool) -> str:
    """A failed lookup, said for its kind in the asker's language, with the advice that helps: which
    years exist (no record), which may be asked (out of range), try later (HR system down, internal
    error), rephrase (an invalid request). `kind` is None when only the text is known (the offline model
    reads results off the wire): it is then read from the tool's words."""
    facts = failure_facts(tool_reason)
    year = facts.year
    if kind == "no_record":
        return _no_record((year,) if year else (), facts.existing, korean)
    if kind == "out_of_range":
        span = facts.range
        if korean:
            which = f"{year}년은" if year else "그 연도는"
            can = f" {span[0]}~{span[1]}년 사이로 물어봐 주세요." if span else ""
            return f"{which} 조회할 수 있는 범위 밖이에요.{can}"
        which = str(year) if year else "That year"
        can = f" Please ask about {span[0]}–{span[1]}." if span else ""
        return f"{which} is outside the years I can look up.{can}"
    if kind == "unknown_employee":
        return (
            "인사 데이터에 연차 기록이 없어요. 인사팀에 문의해 주세요."
            if korean
            else "The HR data has no leave record for you. Please contact HR."
        )
    if kind in ("invalid_input", "injected_field", "unknown_tool"):
        return (
            "조회 요청이 올바르지 않아 조회하지 못했어요. 질문을 조금 바꿔서 다시 물어봐 주세요."
            if korean
            else "The lookup request was not valid, so nothing was looked up. Please rephrase the question."
        )
    if kind == "store_unavailable":
        return (
            "연차 정보를 조회하지 못했어요 (인사 시스템에 지금 연결할 수 없어요). 잠시 후 다시 시도하거나 인사팀에 문의해 주세요."
            if korean
            else "I couldn't look up your leave: the HR system is unavailable right now. Please try again later."
        )
    if korean:
        return "연차 정보를 조회하지 못했어요 (처리 중 오류가 났어요). 잠시 후 다시 시도하거나 인사팀에 문의해 주세요."
    return f"I couldn't look up your leave ({tool_reason}). Please try again later or contact HR."


NOTHING_FOUND = Phrase(
    "연차 정보를 확인하지 못했어요. 다시 물어봐 주세요.",
    "I couldn't confirm your leave balance. Please ask again.",
)


@dataclass(frozen=True)
class LookupFailed:
    kind: FailureReason | None  # None when only the text is known
    reason: str  # the tool's own words


_KOREAN_LEAVE_TYPES = {ANNUAL: "연차", "sick": "병가"}


def _day_word(days: str) -> str:
    return "day" if Decimal(days) <= 1 else "days"


def taken_sentence(taken: LeaveTaken, korean: bool) -> str:
    """The leave one year's records list, dates as dates and every amount one the tool returned."""
    undated = format_days(taken.undated)
    if not taken.records:
        if taken.undated:
            if korean:
                return f"{taken.year}년에는 날짜별 기록 없이 연차 {undated}일을 쓴 것으로만 되어 있어요."
            return f"For {taken.year} your HR data has no dated records, only {undated} {_day_word(undated)} used in all."
        return f"{taken.year}년에 쓴 휴가 기록이 없어요." if korean else f"You took no leave in {taken.year}."
    also = ""
    if taken.undated:
        also = (
            f" 이 밖에 날짜 기록 없는 연차 {undated}일."
            if korean
            else f" Also {undated} {_day_word(undated)} used without dates."
        )
    if korean:
        items = ", ".join(
            f"{r.taken_on.month}월 {r.taken_on.day}일 {format_days(r.days)}일"
            f"({_KOREAN_LEAVE_TYPES.get(r.leave_type, r.leave_type)})"
            for r in taken.records
        )
        totals = ", ".join(
            f"{_KOREAN_LEAVE_TYPES.get(kind, kind)} {format_days(days)}일"
            for kind, days in taken.totals.items()
        )
        return f"{taken.year}년에 쓴 휴가: {items}. 합계 {totals}.{also}"
    items = ", ".join(
        f"{r.taken_on.strftime('%B')} {r.taken_on.day} ({format_days(r.days)} {_day_word(format_days(r.days))}, "
        f"{r.leave_type})"
        for r in taken.records
    )
    totals = ", ".join(
        f"{kind} {format_days(days)} {_day_word(format_days(days))}" for kind, days in taken.totals.items()
    )
    return f"Leave you took in {taken.year}: {items}. In all: {totals}.{also}"


def results_answer(results: Iterable[Balance | LeaveTaken | LookupFailed], korean: bool) -> str:
    """An answer built only from lookups, one sentence each (repeats dropped): every amount in it is one
    a tool returned. The grounding check's plain answer and the offline model both answer this way."""
    results = list(results)
    # Years with no record are said once, together, with the years that do exist.
    missing = [r for r in results if isinstance(r, LookupFailed) and r.kind == "no_record"]
    missing_facts = [failure_facts(r.reason) for r in missing]
    missing_years = [f.year for f in missing_facts if f.year is not None]
    lines = []
    for r in results:
        if isinstance(r, Balance):
            lines.append(balance_sentence(r, korean))
        elif isinstance(r, LeaveTaken):
            lines.append(taken_sentence(r, korean))
        elif r in missing and len(missing_years) > 1:
            existing = next((f.existing for f in missing_facts if f.existing), ())
            lines.append(_no_record(sorted(set(missing_years)), existing, korean))
        else:
            lines.append(lookup_failed(r.kind, r.reason, korean))
    return "\n".join(dict.fromkeys(lines)) or NOTHING_FOUND.pick(korean)


# ----- Slack: while working, usage, hints, apologies --------------------------------------------------
WORKING = Phrase("잔여 연차 조회 중…", "Looking up your leave…")
STILL_WORKING = Phrase("아직 조회 중이에요… 조금만 기다려 주세요.", "Still working on it…")
TOO_SLOW = Phrase(
    "죄송해요, 답을 만드는 데 너무 오래 걸려 멈췄어요. 잠시 후 다시 물어봐 주세요.",
    "Sorry, that took too long and I stopped. Please ask again in a moment.",
)

LEAVE_USAGE = (
    "*/leave* — 연차 조회 · annual leave\n"
    "• `/leave` — 올해 남은 연차 (this year's balance)\n"
    "• `/leave 작년엔 며칠 썼어?` — 질문하기 (ask a question)\n"
    "• `/leave trace 올해 연차 며칠 남았어?` — 답과 함께 단계별 trace (answer plus every step)\n"
    "• `/leave help` — 이 도움말 (this help)\n"
    "답은 나에게만 보여요. Answers are visible only to you. DM me for a conversation with follow-ups."
)

SOMETHING_WENT_WRONG = "죄송해요, 처리 중 문제가 생겼어요. 잠시 후 다시 시도해 주세요. Sorry, something went wrong; please try again."

QUESTION_TOO_LONG = (
    "질문이 너무 길어요. {limit:,}자 이내로 줄여서 다시 물어봐 주세요. "
    "Your message is too long; please shorten it to {limit:,} characters or fewer and ask again."
)
RESTARTED = Phrase(
    "죄송해요, 답하는 도중에 제가 다시 시작되어 이 질문에 답하지 못했어요. 다시 물어봐 주세요.",
    "Sorry, I was restarted before I could answer this. Please ask again.",
)
CANNOT_TAKE_QUESTIONS = (
    "죄송해요, 지금은 질문을 받을 수 없어요. 잠시 후 다시 시도해 주세요. "
    "Sorry, I can't take questions right now; please try again in a minute."
)
SLOW_DOWN = (
    "질문이 너무 잦아요. 1분에 {limit}번까지 답할 수 있어요. 잠시 후 다시 물어봐 주세요. "
    "You're asking faster than I can answer: up to {limit} questions a minute. Please try again shortly."
)
ONLY_TEXT = (
    "저는 글로 쓴 질문만 읽을 수 있어요. 파일 대신 질문을 글로 보내 주세요. "
    "I can only read text; please type your question instead of sending a file."
)
MISCONFIGURED = Phrase(
    "죄송해요, 봇 설정에 문제가 있어 지금은 답할 수 없어요. 관리자에게 알렸어요.",
    "Sorry, the bot is misconfigured and can't answer right now. An admin has been told.",
)

# ----- Slack: the first moment in the DM, and while working ----------------------------------------------
GREETING = Phrase(
    "안녕하세요! 남은 연차나 연차를 쓴 날짜를 물어보세요. 답은 인사 데이터에서 바로 조회해요.",
    "Hi! Ask me how much annual leave you have left, or when you took it. I look it up in the HR data.",
)
PROMPTS_TITLE = Phrase("이렇게 물어보세요", "Try asking")
# (title, message) pairs shown above the composer; the message is what Slack sends when one is clicked.
SUGGESTED_PROMPTS = (
    Phrase("올해 연차 며칠 남았어?", "How many days of leave do I have left this year?"),
    Phrase("작년엔 며칠이었지?", "How many did I have left last year?"),
    Phrase("올해 언제 연차 썼어?", "When did I take leave this year?"),
)
# A streamed answer's task cards: one per lookup ("연차 조회 2026"), and the model reading the question.
TASK_TITLES = {
    "get_leave_balance": Phrase("연차 조회", "Leave balance"),
    "list_leave_taken": Phrase("휴가 기록 조회", "Leave records"),
    "count_working_days": Phrase("근무일 계산", "Working days"),
    "get_day": Phrase("날짜 확인", "Date check"),
}
TASK_READING = Phrase("질문 읽는 중", "Reading your question")
PLAN_PARALLEL = Phrase("{count}가지를 함께 조회해요", "Looking up {count} things at once")
# Rotated by Slack under the thread while the bot works (assistant.threads.setStatus `loading_messages`).
LOADING_MESSAGES = (
    Phrase("인사 데이터에서 연차를 찾고 있어요…", "Finding your leave in the HR data…"),
    Phrase("부여·사용 일수를 확인하고 있어요…", "Checking days granted and used…"),
    Phrase("답을 정리하고 있어요…", "Putting the answer together…"),
)

ASK_HINT = (
    "연차에 대해 물어보세요. 예: `올해 연차 며칠 남았어?` · Ask about your annual leave, "
    "e.g. `How many days of leave do I have left this year?` (add `--trace` to see every step)"
)

# ----- Slack: feedback on answers ---------------------------------------------------------------------------
FEEDBACK_GOOD = Phrase("도움이 됐어요", "Helpful")
FEEDBACK_BAD = Phrase("아쉬워요", "Not helpful")
FEEDBACK_THANKS = Phrase(
    "의견 고마워요! 답을 더 낫게 만드는 데 쓸게요.",
    "Thanks for the feedback! It helps make the answers better.",
)

# ----- Slack: the Home tab ----------------------------------------------------------------------------------
HOME_TITLE = Phrase("내 연차", "My annual leave")
HOME_REMAINING = Phrase("{year}년 남은 연차 *{remaining}일*", "{year}: *{remaining} days* left")
HOME_FIGURES = Phrase("부여 {granted}일 · 사용 {used}일", "{granted} granted · {used} used")
HOME_AS_OF = Phrase(
    "기준일 {today} · 인사 데이터에서 바로 읽은 값이에요", "As of {today}, read straight from the HR data"
)
HOME_RECENT = Phrase("*최근 휴가 기록*", "*Recent leave*")
HOME_NO_RECORDS = Phrase("최근 2년 동안 휴가 기록이 없어요.", "No leave recorded in the last two years.")
HOME_ASK = Phrase(
    "더 궁금한 건 *메시지* 탭에서 물어보세요. 예: `올해 언제 연차 썼어?`",
    "Anything else? Ask in the *Messages* tab, e.g. `When did I take leave this year?`",
)


def leave_type_name(kind: str, korean: bool) -> str:
    return _KOREAN_LEAVE_TYPES.get(kind, kind) if korean else kind


# ----- who may ask (shown before any question is read, so in both languages where it matters) ---------
REFUSED_BOT = "Bots cannot look up leave balances."
REFUSED_DEACTIVATED = "This Slack account is deactivated."
REFUSED_GUEST = "Guest accounts cannot look up leave balances. 게스트 계정은 연차를 조회할 수 없습니다."
REFUSED_OTHER_WORKSPACE = "Accounts from other workspaces cannot look up leave balances."
REFUSED_UNMATCHED = (
    "I couldn't match your Slack account to an employee record; please ask HR to add your "
    "Slack ID or email. 슬랙 계정과 일치하는 직원 정보를 찾지 못했습니다. 인사팀에 문의해 주세요."
)
REFUSED_UNKNOWN_SLACK_USER = (
    "I couldn't find your Slack account; please ask HR for help. "
    "슬랙 계정을 확인하지 못했습니다. 인사팀에 문의해 주세요."
)

# ----- the offline model's own lines --------------------------------------------------------------------
OFFLINE_GREETING = Phrase(
    "안녕하세요! 연차가 궁금하시면 '올해 연차 며칠 남았어?'처럼 물어봐 주세요.",
    "Hi! Ask me how much annual leave you have left, e.g. 'How many days off do I have left?'",
)
OFFLINE_WHAT_I_DO = Phrase(
    "저는 연차 잔여 조회를 도와드려요. 예: '올해 연차 며칠 남았어?', '작년엔 며칠이었지?', '올해 언제 연차 썼어?'",
    "I can look up your annual leave, e.g. 'How much leave do I have left this year?' or "
    "'When did I take leave last year?'",
)
OFFLINE_THANKS = Phrase(
    "천만에요! 연차가 또 궁금하면 언제든 물어봐 주세요.", "You're welcome! Ask me about your leave any time."
)
OFFLINE_SOMEONE_ELSE = Phrase(
    "다른 분의 연차는 조회할 수 없어요. 저는 질문하신 분 본인의 연차만 볼 수 있어요. "
    "본인 연차는 '올해 연차 며칠 남았어?'처럼 물어봐 주세요.",
    "I can't look up anyone else's leave: I can only see your own. For yours, ask e.g. "
    "'How many days do I have left this year?'",
)
OFFLINE_HOW_TO = Phrase(
    "연차 신청·취소·승인은 제가 할 수 없어요. 회사 인사 시스템이나 인사팀을 이용해 주세요. "
    "저는 연도별 남은 연차와 연차를 쓴 날짜를 알려 드릴 수 있어요.",
    "I can't apply for, cancel or approve leave: please use the HR system or ask HR. "
    "I can tell you how much leave you have left in a year and when you took it.",
)
OFFLINE_RULES = Phrase(
    "이월·소멸·수당 같은 규정은 제가 알 수 없어요. 인사팀에 문의해 주세요. "
    "저는 연도별 남은 연차를 알려 드릴 수 있어요 (예: '작년 연차 며칠 남았어?').",
    "I don't know the carry-over, expiry or payout rules: please ask HR. "
    "I can tell you how much leave you have left in each year (e.g. 'How much leave did I have left last year?').",
)
OFFLINE_HOURS = Phrase(
    "인사 데이터에는 연차가 일 단위로만 있어서 시간으로는 답할 수 없어요. "
    "며칠 남았는지는 알려 드릴 수 있어요 (예: '올해 연차 며칠 남았어?').",
    "The HR data keeps leave in days, not hours, so I can't answer in hours. "
    "I can tell you how many days you have left (e.g. 'How many days do I have left?').",
)
CANNOT_BOOK = Phrase(
    "연차 신청·승인은 제가 할 수 없어요 (인사 시스템에서 신청하고 팀장님 승인을 받아 주세요).",
    "I can't book or approve leave (request it in the HR system and get your manager's approval).",
)
MONTHLY = Phrase(
    "월별 합계는 따로 없어서, 날짜별 기록으로 보여 드릴게요.",
    "I have no monthly totals, so here are the dated records.",
)
_KOREAN_WEEKDAYS = ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일")


def offline_words(kind: str, today: date, years: Sequence[int], korean: bool) -> str:
    """What the offline model says to a question it answers without a lookup."""
    if kind == "date":
        if korean:
            weekday = _KOREAN_WEEKDAYS[today.weekday()]
            return f"오늘은 {today.year}년 {today.month}월 {today.day}일 {weekday}이에요."
        return f"Today is {today.strftime('%A')}, {today.strftime('%B')} {today.day}, {today.year}."
    if kind == "leap_year":
        year = years[0] if years else today.year
        leap = calendar.isleap(year)
        following = next(y for y in range(year + 1, year + 9) if calendar.isleap(y))
        if korean:
            return f"{year}년은 윤년{'이에요' if leap else '이 아니에요'}. 다음 윤년은 {following}년이에요."
        return f"{'Yes' if leap else 'No'}, {year} is {'' if leap else 'not '}a leap year; the next one is {following}."
    phrase = {
        "greeting": OFFLINE_GREETING,
        "thanks": OFFLINE_THANKS,
        "someone_else": OFFLINE_SOMEONE_ELSE,
        "how_to": OFFLINE_HOW_TO,
        "rules": OFFLINE_RULES,
        "hours": OFFLINE_HOURS,
    }.get(kind, OFFLINE_WHAT_I_DO)
    return phrase.pick(korean)


def what_if(balance: Balance, days: Decimal, korean: bool) -> str:
    """ "3일 쓰면 며칠 남아?": the balance, then the arithmetic on it."""
    left = balance.remaining - days
    asked, rest = format_days(days), format_days(left)
    if left < 0:
        after = (
            f" {asked}일을 쓰기에는 남은 연차가 모자라요."
            if korean
            else f" That is not enough to take {asked} {_day_word(asked)}."
        )
    else:
        after = (
            f" {asked}일을 쓰면 {rest}일이 남아요."
            if korean
            else f" If you take {asked} {_day_word(asked)}, you'd have {rest} {_day_word(rest)} left."
        )
    return balance_sentence(balance, korean) + after


def enough_for(balance: Balance, days: Decimal, korean: bool) -> str:
    enough = balance.remaining >= days
    remaining = format_days(balance.remaining)
    if korean:
        verdict = "충분히 남아 있어요" if enough else "모자라요"
        return f"{balance.year}년 남은 연차는 {remaining}일이라 {verdict}."
    verdict = "that covers it" if enough else "that is not enough"
    return (
        f"You have {remaining} {_day_word(remaining)} of annual leave left for {balance.year}, so {verdict}."
    )


def check_claim(balance: Balance, claimed: Decimal, korean: bool) -> str:
    """ "I have 12 days left, right?": yes, or no with the right figure."""
    if balance.remaining == claimed:
        return ("네, 맞아요. " if korean else "Yes, that's right. ") + balance_sentence(balance, korean)
    said = format_days(claimed)
    if korean:
        return f"아니에요, {said}일이 아니에요. {balance_sentence(balance, korean)}"
    return f"Not quite, not {said}. {balance_sentence(balance, korean)}"


def half_days(taken: LeaveTaken, size: Decimal, korean: bool) -> str:
    """How many half days (0.5-day records; 반반차: 0.25) the year's records hold, and on which dates."""
    halves = [r for r in taken.records if r.days == size]
    word_ko = "반반차" if size == Decimal("0.25") else "반차"
    word_en = "quarter day" if size == Decimal("0.25") else "half day"
    if not taken.records and taken.undated:
        return (
            f"{taken.year}년에는 날짜별 기록이 없어서 {word_ko} 횟수를 알 수 없어요."
            if korean
            else f"For {taken.year} your HR data has no dated records, so I can't count {word_en}s."
        )
    if not halves:
        return (
            f"{taken.year}년에는 반차 기록이 없어요." if korean else f"You took no half days in {taken.year}."
        )
    if korean:
        dates = ", ".join(f"{r.taken_on.month}월 {r.taken_on.day}일" for r in halves)
        return f"{taken.year}년에 {word_ko}를 {len(halves)}번 썼어요: {dates}."
    dates = ", ".join(f"{r.taken_on.strftime('%B')} {r.taken_on.day}" for r in halves)
    times = "once" if len(halves) == 1 else f"{len(halves)} times"
    return f"You took a {word_en} {times} in {taken.year}: {dates}."


def month_records(taken: LeaveTaken, month: int | None, korean: bool) -> str:
    """One month's records of a year (all of them when no month was named)."""
    if month is None:
        return taken_sentence(taken, korean)
    records = tuple(r for r in taken.records if r.taken_on.month == month)
    if not records:
        if korean:
            return f"{taken.year}년 {month}월에는 날짜가 있는 휴가 기록이 없어요."
        return f"You have no dated leave records in {date(taken.year, month, 1).strftime('%B')} {taken.year}."
    return taken_sentence(LeaveTaken(taken.year, records, Decimal(0)), korean)


def lookups_capped(asked: int, years: Sequence[int], korean: bool) -> str:
    span = f"{years[0]}~{years[-1]}" if korean else f"{years[0]}–{years[-1]}"
    if korean:
        return (
            f"한 질문에 조회는 8번까지만 해요. 물어보신 연도가 너무 많아 {span}년만 조회했어요. "
            "나머지는 나눠서 물어봐 주세요."
        )
    return (
        f"I look up at most 8 things per question: you asked about {asked} years, so I looked up "
        f"{span} only. Please ask about the rest separately."
    )
