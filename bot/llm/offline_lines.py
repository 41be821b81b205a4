"""What only the offline model says: its answers in words (greetings, the date, how-to, rules, hours,
other people) and its arithmetic on a lookup (what-if, enough for, a figure checked, half days counted,
a month's records). The real model writes its own; the grounding check never uses these.
"""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from bot.calendar import Day, WorkingDays
from bot.domain.leave import ANNUAL, LeaveTaken, format_days
from bot.language.words import KOREAN_LEAVE_TYPE_NAMES
from bot.policy.standing import Entitlement
from bot.policy.statute import STATUTE
from bot.text import Phrase, day_word, taken_sentence
from bot.tools.shown import working_days_shown

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
    "연차 신청은 '/leave request'나 홈 탭의 '휴가 신청' 버튼으로 하거나, 저에게 날짜를 말해 주시면 초안을 "
    "만들어 드려요 (예: '12월 24일 연차 쓸래'). 신청은 본인이, 승인은 팀장님이 해요.",
    "To request leave, use '/leave request' or the Home tab's 'Request leave' button, or tell me the dates and "
    "I'll draft it (e.g. 'December 24 off'). You submit it; your manager approves it.",
)
OFFLINE_RULES = Phrase(
    "이월·소멸·수당 같은 규정은 제가 알 수 없어요. 인사팀에 문의해 주세요. "
    "저는 연도별 남은 연차를 알려 드릴 수 있어요 (예: '작년 연차 며칠 남았어?').",
    "I don't know the carry-over, expiry or payout rules: please ask HR. "
    "I can tell you how much leave you have left in each year (e.g. 'How much leave did I have left last year?').",
)
OFFLINE_WHICH_YEAR = Phrase(
    "어느 연도를 말씀하시는지 확실하지 않아요. 연도를 숫자로 알려주시겠어요? (예: '2024년 연차 며칠 남았어?')",
    "I'm not sure which year you mean. Could you give the year in digits? (e.g. 'How much leave did I have in 2024?')",
)
OFFLINE_PUBLIC_HOLIDAY = Phrase(
    "공휴일은 날짜로 물어봐 주세요. 연차가 궁금하시면 '올해 연차 며칠 남았어?'처럼 물어봐 주시면 돼요.",
    "For public holidays, please ask about a specific date. For your leave, ask e.g. 'How much leave do I have left?'",
)
# What it says to a question its reading does not account for whole: that it cannot answer it offline, a
# few questions it can (no digits, so no example reads as a figure), and what answers free-form.
OFFLINE_CANNOT = Phrase(
    "그 질문은 오프라인 모델로는 답할 수 없어요. 이런 질문은 답할 수 있어요: '올해 연차 며칠 남았어?', "
    "'작년에 연차 며칠 썼어?', '연차 언제 소멸돼?'. ANTHROPIC_API_KEY를 설정하면 Claude가 자유롭게 답해요.",
    "I can't answer that offline. I can answer questions like 'How many days off do I have left?', "
    "'How many days did I take last year?' or 'When does my leave expire?'. "
    "With ANTHROPIC_API_KEY set, Claude answers free-form.",
)
OFFLINE_HOURS = Phrase(
    "인사 데이터에는 연차가 일 단위로만 있어서 시간으로는 답할 수 없어요. "
    "며칠 남았는지는 알려 드릴 수 있어요 (예: '올해 연차 며칠 남았어?').",
    "The HR data keeps leave in days, not hours, so I can't answer in hours. "
    "I can tell you how many days you have left (e.g. 'How many days do I have left?').",
)
CANNOT_BOOK = Phrase(
    "연차 신청은 '/leave request'로 하거나, 날짜를 말해 주시면 초안을 만들어 드려요. 승인은 팀장님이 해요.",
    "To request leave use '/leave request', or tell me the dates and I'll draft it; your manager approves it.",
)
_PART_WORDS = {
    "full": ("", ""),
    "am": (" 오전 반차", " morning half day"),
    "pm": (" 오후 반차", " afternoon half day"),
    "quarter": (" 반반차", " quarter day"),
}


def drafted(start: str, end: str, part: str, korean: bool) -> str:
    """A draft made: its dates and part, and that nothing is sent until the person clicks Submit."""
    span = start if start == end else f"{start}~{end}"
    words_ko, words_en = _PART_WORDS.get(part, ("", ""))
    if korean:
        return (
            f"{span}{words_ko} 휴가 신청 초안을 만들었어요. 아래 카드에서 확인하고 '신청'을 눌러야 신청돼요."
        )
    span = start if start == end else f"{start} to {end}"
    return f"I drafted a leave request for {span}{words_en}. Check it on the card below and press Submit to send it."


def draft_days(working: int, part: str, korean: bool) -> str:
    """How many days a draft is: its working days (a half or quarter day: that part of one)."""
    counted = format_days(Decimal(working))
    if part != "full":
        return (
            f"근무일 {counted}일 중 {_PART_WORDS[part][0].strip()}예요."
            if korean
            else f"It is the{_PART_WORDS[part][1]} of {counted} working {day_word(counted)}."
        )
    if korean:
        return f"연차로 쓰는 날은 근무일 {counted}일이에요."
    return f"That is {counted} working {day_word(counted)} of leave."


def draft_refused(reason: str, korean: bool) -> str:
    if korean:
        return f"그 휴가는 신청할 수 없어요. {reason.removeprefix('초안을 신청할 수 없어요: ')}"
    return f"That leave cannot be requested: {reason.removeprefix('this draft cannot be submitted: ')}"


MONTHLY = Phrase(
    "월별 합계는 따로 없어서, 날짜별 기록으로 보여 드릴게요.",
    "I have no monthly totals, so here are the dated records.",
)


def offline_words(kind: str, today: date, years: Sequence[int], korean: bool) -> str:
    """What the offline model says to a question it answers without a lookup."""
    if kind == "date":
        # The date's placeholder writes its weekday (bot/grounding/named.py).
        if korean:
            return f"오늘은 {today.year}년 {today.month}월 {today.day}일이에요."
        return f"Today is {today.strftime('%B')} {today.day}, {today.year}."
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
        "which_year": OFFLINE_WHICH_YEAR,
        "public_holiday": OFFLINE_PUBLIC_HOLIDAY,
        "off_topic": OFFLINE_CANNOT,
        "cannot": OFFLINE_CANNOT,
    }.get(kind, OFFLINE_WHAT_I_DO)
    return phrase.pick(korean)


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


def records_of(taken: LeaveTaken, types: Sequence[str], until: date | None, korean: bool) -> str:
    """The days of each leave type asked (`types`), or with none the latest record up to `until`."""
    if not types:
        past = [r for r in taken.records if until is None or r.taken_on <= until]
        if not past:
            return taken_sentence(LeaveTaken(taken.year, (), taken.undated), korean)
        last = max(past, key=lambda r: r.taken_on)
        name, days = KOREAN_LEAVE_TYPE_NAMES.get(last.leave_type, last.leave_type), format_days(last.days)
        if korean:
            return f"{taken.year}년에 마지막으로 쓴 휴가는 {last.taken_on.month}월 {last.taken_on.day}일 {days}일({name})이에요."
        when = f"{last.taken_on.strftime('%B')} {last.taken_on.day}"
        return f"The last leave you took in {taken.year} was {when} ({days} {day_word(days)}, {last.leave_type})."
    totals = {
        kind: taken.totals.get(kind, Decimal(0)) + (taken.undated if kind == ANNUAL else 0) for kind in types
    }
    none = [k for k, d in totals.items() if not d]  # said in words: no figure is 0 days of a type
    if korean:
        said = ", ".join(
            f"{KOREAN_LEAVE_TYPE_NAMES.get(k, k)} {format_days(d)}일" for k, d in totals.items() if d
        )
        missing = "·".join(KOREAN_LEAVE_TYPE_NAMES.get(k, k) for k in none)
        lines = [
            f"{taken.year}년에 쓴 휴가는 {said}이에요." if said else "",
            f"{'' if said else f'{taken.year}년 '}{missing} 기록은 없어요." if none else "",
        ]
        return " ".join(line for line in lines if line)
    took = [f"{format_days(d)} {day_word(format_days(d))} of {k} leave" for k, d in totals.items() if d]
    return f"In {taken.year} you took {' and '.join(took + [f'no {k} leave' for k in none])}."


def lookups_capped(asked: int, years: Sequence[int], korean: bool) -> str:
    span = f"{years[0]}~{years[-1]}" if korean else f"{years[0]}–{years[-1]}"
    if korean:
        return (
            f"한 질문에 조회는 8번까지만 해요. 물어보신 연도가 너무 많아 {span}년만 조회했어요. "
            "나머지는 나눠서 물어봐 주세요."
        )
    return (
        f"I look up at most 8 things per question, so I looked up {span} only. Please ask about the rest "
        "separately."
    )


# ----- the Act's leave for the asker (get_leave_entitlement) ------------------------------------------------
# Written so every number is one the check can verify: a grant's days, the years of service, a date, or a
# number of the Act. No article numbers (§60) and no number words in the prose.


def _day_ko(day: date) -> str:
    return f"{day.year}년 {day.month}월 {day.day}일"


def _day_en(day: date) -> str:
    return f"{day.strftime('%B')} {day.day}, {day.year}"


def statutory(kind: str, ent: Entitlement, days: Decimal | None, korean: bool) -> str:
    """The answer to a question about the Act's leave: the next grant, the expiry, the first year, why."""
    # HR's own grants (what the balance counts) still lapse where the Act's leave does not apply.
    if ent.none_because is not None and not (kind == "expiry" and ent.current):
        return (
            "근로기준법의 연차 규정이 적용되지 않아 계산되는 연차가 없어요. 자세한 건 인사팀에 문의해 주세요."
            if korean
            else "The Act's annual leave does not apply to you, so no leave is computed. Please ask HR."
        )
    if kind == "expiry":
        return _expiry(ent, korean)
    if kind == "first_year":
        return _first_year(ent, korean)
    if kind == "why_days":
        return _why(ent, days, korean)
    return _next(ent, korean)


def _next(ent: Entitlement, korean: bool) -> str:
    if not ent.upcoming or ent.next_on is None:
        return (
            "재직 마지막 날까지 새로 생기는 연차가 없어요."
            if korean
            else "No more leave arises before your employment ends."
        )
    grant, amount = ent.upcoming[0], format_days(ent.next_days)
    if ent.act_only:  # HR's import holds no later grant: the Act's figure, said as the Act's
        if korean:
            return (
                f"인사 데이터에는 아직 다음 연차가 등록되지 않았어요. 근로기준법으로 계산하면 "
                f"{_day_ko(ent.next_on)}에 {amount}일이 생겨요. 정확한 부여는 인사팀에 확인해 주세요."
            )
        return (
            f"HR's data does not hold your next leave yet. Under the Act, {amount} {day_word(amount)} "
            f"arise on {_day_en(ent.next_on)}. Please check the grant with HR."
        )
    if korean:
        said = f"다음 연차는 {_day_ko(ent.next_on)}에 {amount}일이 생겨요."
        if grant.kind == "annual":
            said += f" 근속 {grant.service_years}년을 채우는 날이에요."
        elif grant.kind == "monthly":
            said += " 입사 첫해에는 매달 개근하면 연차가 생겨요."
        return said
    said = f"Your next leave arises on {_day_en(ent.next_on)}: {amount} {day_word(amount)}"
    if grant.kind == "annual":
        return said + f", when you complete {grant.service_years} years of service."
    if grant.kind == "monthly":
        return said + ", for a month of full attendance in your first year."
    return said + "."


def _expiry(ent: Entitlement, korean: bool) -> str:
    if not ent.current:
        return (
            "지금 쓸 수 있게 생긴 연차가 없어서 소멸될 연차도 없어요."
            if korean
            else "No leave has arisen that you can use now, so none is about to lapse."
        )
    if not ent.unused:  # what is left of the current grants (the ledger the balance reads): nothing
        return (
            "지금 남은 연차가 없어서 소멸될 연차도 없어요."
            if korean
            else "You have no unused leave left, so none is about to lapse."
        )
    said: list[str] = []
    for expires, days in ent.unused:  # what is still unused, from the ledger the balance reads
        amount = format_days(days)
        if korean:
            said.append(f"지금 남은 연차 {amount}일은 {_day_ko(expires)}이 지나면 소멸돼요.")
        else:
            verb = "lapses" if day_word(amount) == "day" else "lapse"
            said.append(f"Your {amount} unused {day_word(amount)} {verb} after {_day_en(expires)}.")
    return " ".join(said)


def _first_year(ent: Entitlement, korean: bool) -> str:
    monthly = [g for g in ent.current if g.kind == "monthly"]
    most = format_days(STATUTE["first_year_max_days"])
    if ent.service_years >= 1 and not monthly:
        current = format_days(ent.current_days)
        if korean:
            return (
                f"입사 첫해에는 매달 개근하면 연차가 생겨요 (최대 {most}일). 다만 입사일({_day_ko(ent.hire_date)})부터 "
                f"근속 {ent.service_years}년이 지나서, 지금은 해마다 생기는 연차를 받고 있어요. "
                f"지금 연차는 {current}일이에요."
            )
        return (
            f"In the first year, leave arises for each month of full attendance (at most {most} days). You "
            f"joined on {_day_en(ent.hire_date)} and have {ent.service_years} full years of service, so your "
            f"leave now arises once a year: {current} {day_word(current)} at the moment."
        )
    has = format_days(ent.current_days)
    # HR's imported rows (`grants=imported`) are what the person has, not the Act's monthly days: said as
    # HR's, and the Act's next day as the Act's.
    from_hr = any(g.kind == "manual" for g in ent.current)
    if korean:
        said = f"네, 입사 첫해에도 매달 개근하면 연차가 생겨요 (최대 {most}일). "
        said += f"인사 데이터의 지금 연차는 {has}일이에요." if from_hr else f"지금까지 {has}일이 생겼어요."
        if ent.upcoming and ent.next_on is not None:
            law = "근로기준법으로 계산하면 " if ent.act_only else ""
            said += f" {law}다음 {format_days(ent.next_days)}일은 {_day_ko(ent.next_on)}에 생겨요."
        return said
    said = f"Yes: in your first year, leave arises for each month of full attendance (at most {most} days). "
    said += (
        f"HR's data gives you {has} {day_word(has)} now."
        if from_hr
        else f"So far {has} {day_word(has)} have arisen."
    )
    if ent.upcoming and ent.next_on is not None:
        amount = format_days(ent.next_days)
        law = "Under the Act, the" if ent.act_only else "The"
        said += f" {law} next {amount} {day_word(amount)} arises on {_day_en(ent.next_on)}."
    return said


def _why(ent: Entitlement, days: Decimal | None, korean: bool) -> str:
    grants = [*ent.current, *ent.upcoming]
    annual = [g for g in grants if g.kind == "annual"]
    named = [g for g in grants if days is not None and g.days == days]
    chosen = named or annual[-1:] or grants[-1:]
    if not chosen:
        return _first_year(ent, korean)
    grant = chosen[0]
    amount = format_days(grant.days)
    when = _day_ko(grant.arises_on) if korean else _day_en(grant.arises_on)
    base, every, extra, cap = (
        format_days(STATUTE[k]) for k in ("base_days", "extra_every_years", "extra_days", "max_days")
    )
    if grant.kind != "annual":
        return _first_year(ent, korean)
    if korean:
        said = f"{when}에 생기는 {amount}일은 근속 {grant.service_years}년을 채워서예요. "
        if grant.service_years < 3:
            return said + f"근로기준법은 1년을 채우면 기본 {base}일을 줘요."
        return said + (
            f"근로기준법은 기본 {base}일에, 근속 {every}년마다 {extra}일씩 더해 줘요 (최대 {cap}일)."
        )
    said = f"The {amount} days arising on {when} are for {grant.service_years} completed years of service. "
    if grant.service_years < 3:
        return said + f"The Labour Standards Act gives {base} days a year from the first full year."
    return said + (
        f"The Labour Standards Act gives {base} days, plus {extra} more for every {every} years of service "
        f"after the first (at most {cap})."
    )


def calendar_said(found: Day | WorkingDays, korean: bool) -> str:
    """The calendar's result as a person reads it (its Korean line, then its English), in the asker's
    language; a count: only the working days and the span (the rest of the line is the breakdown)."""
    if isinstance(found, Day):  # code writes what the day is: its weekday, a holiday with its name
        on = found.on.isoformat()
        return f'{on}은 {{day("{on}")}}이에요.' if korean else f'{on} is {{day("{on}")}}.'
    both = working_days_shown(found)
    said = both.splitlines()[0 if korean else 1]
    return said.split(" (")[0] + "." if "(" in said else said
