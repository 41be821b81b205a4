"""How each statement of an answer is said (bot/grounding/statements.py), in Korean and English.

Every sentence here is written by code from values a lookup, the calendar or the Act gave: the model
chooses which statements to make, never their words, so a sentence cannot claim what its values do not say
(a verdict such as "that fits" is decided here, from the numbers).
"""

from __future__ import annotations

from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from bot.domain.leave import Balance, days_in_english, format_days
from bot.text.answers import balance_sentence, month_name, on_day
from bot.text.phrases import Phrase, leave_type_name


def days(amount: Decimal, korean: bool) -> str:
    """7.5일 / 7.5 days / 1 day."""
    return f"{format_days(amount)}일" if korean else days_in_english(amount)


# ----- one year's leave ---------------------------------------------------------------------------------
def remaining(year: int, left: Decimal, korean: bool) -> str:
    if left < 0:  # more used than granted (advanced leave)
        if korean:
            return f"{year}년에는 받은 연차보다 {days(-left, True)}을 더 썼어요. 남은 연차가 없어요."
        return f"For {year} you have used {days(-left, False)} more than you were granted: none is left."
    if korean:
        return f"{year}년 남은 연차는 {days(left, True)}이에요."
    return f"You have {days(left, False)} of annual leave left for {year}."


def used(year: int, amount: Decimal, korean: bool) -> str:
    if korean:
        return f"{year}년에 쓴 연차는 {days(amount, True)}이에요."
    return f"You used {days(amount, False)} of annual leave in {year}."


def granted(year: int, amount: Decimal, korean: bool) -> str:
    if korean:
        return f"{year}년에 받은 연차는 {days(amount, True)}이에요."
    return f"You were granted {days(amount, False)} of annual leave for {year}."


def pending(year: int, amount: Decimal, korean: bool) -> str:
    if korean:
        return f"{year}년 연차 중 승인을 기다리는 신청은 {days(amount, True)}이에요. 승인되면 남은 연차에서 빠져요."
    return (
        f"{days(amount, False).capitalize()} of {year} leave {'is' if amount == 1 else 'are'} in requests "
        "awaiting approval, coming off what is left once approved."
    )


def expiring(year: int, lapses: list[tuple[date, Decimal]], today: date, korean: bool) -> str:
    if not lapses:
        if korean:
            return f"{year}년 남은 연차에는 정해진 소멸 날짜가 기록에 없어요."
        return f"Your records show no expiry date for the leave left for {year}."
    parts = [
        (
            f"{days(amount, True)}은 {on_day(last, today, True)}까지 쓸 수 있어요"
            if korean
            else f"{days(amount, False)} can be used until {on_day(last, today, False)}"
        )
        for last, amount in lapses
    ]
    if korean:
        joined = [p.replace("있어요", "있고") for p in parts[:-1]] + parts[-1:]
        return f"{year}년 남은 연차 중 " + ", ".join(joined) + ". 그다음 날 소멸돼요."
    return f"Of the leave left for {year}, " + "; ".join(parts) + ". After that day it lapses."


def share_used(year: int, amount: Decimal, total: Decimal, korean: bool) -> str:
    share = format_days((amount / total * 100).quantize(Decimal("0.1"), ROUND_HALF_UP)) if total else "0"
    if korean:
        return f"{year}년에 받은 {days(total, True)} 중 {days(amount, True)}, {share}%를 썼어요."
    return f"You used {days(amount, False)} of the {days(total, False)} granted for {year}: {share}%."


def hours_left(year: int, left: Decimal, per_day: Decimal, korean: bool) -> str:
    if left <= 0:
        return (
            f"{year}년에는 남은 연차가 없어서 남은 시간도 없어요."
            if korean
            else f"You have no leave left for {year}, so no hours either."
        )
    hours = format_days(left * per_day)
    if korean:
        return f"{year}년 남은 연차 {days(left, True)}은 일 {format_days(per_day)}시간 기준으로 {hours}시간이에요."
    return f"The {days(left, False)} left for {year} {'is' if left == 1 else 'are'} {hours} hours, at {format_days(per_day)} hours a day."


_KIND = {
    "remaining": Phrase("남은 연차", "leave left"),
    "used": Phrase("쓴 연차", "leave used"),
    "granted": Phrase("받은 연차", "leave granted"),
}


def compare(kind: str, year: int, amount: Decimal, other: int, then: Decimal, korean: bool) -> str:
    """`year`'s figure of `kind` against `other`'s: more, less or the same, decided from the values."""
    word, gap = _KIND[kind].pick(korean), abs(amount - then)
    if korean:
        head = f"{year}년{'에' if kind != 'remaining' else ''} {word}는 {days(amount, True)}, {other}년은 {days(then, True)}"
        if amount == then:
            return f"{head}로 같아요."
        return f"{head}로 {year}년이 {days(gap, True)} {'많아요' if amount > then else '적어요'}."
    head = f"Your {word} for {year} is {days(amount, False)} and for {other} {days(then, False)}"
    if amount == then:
        return f"{head}: the same."
    return f"{head}: {days(gap, False)} {'more' if amount > then else 'fewer'} in {year}."


def what_if(
    year: int,
    take: Decimal,
    left: Decimal,
    korean: bool,
    span: str = "",
    pending: Decimal = Decimal(0),
    parts: tuple[int, Decimal] | None = None,
    leave_days: bool = False,
) -> str:
    """Taking `take` days from what is left (pending requests already taken off): what would be left, or
    by how much it does not fit. `parts`: the person's count of half (or quarter) days, said with it."""
    counted = ""
    if parts is not None:
        ko, en = _PARTS[parts[1]]
        counted = f"{ko} {parts[0]}번" if korean else f"{parts[0]} {en}s"
    said = _what_if(year, take, left, korean, span, counted, leave_days)
    if pending:
        said += (
            f" 승인을 기다리는 신청 {days(pending, True)}을 뺀 값이에요."
            if korean
            else f" That counts the {days(pending, False)} in requests awaiting approval as taken."
        )
    return said


def _what_if(
    year: int,
    take: Decimal,
    left: Decimal,
    korean: bool,
    span: str,
    parts: str = "",
    leave_days: bool = False,
) -> str:
    # (half or quarter days over working days: the leave they take, not the working days they fall on)
    unit = ", 모두" if leave_days else " 근무일"
    taking = f"{span}{unit} {days(take, True)}" if korean and span else days(take, korean)
    if not korean:
        working = (
            f"{days(take, False)} of leave in all"
            if leave_days
            else f"{format_days(take)} working {'day' if take == 1 else 'days'}"
        )
        taking = f"{span} ({working})" if span else taking
    if parts:  # "반차 4번": the person's count, then the days it is
        taking = f"{parts}, {taking}" if korean else f"{parts} ({taking})"
    if left <= 0:
        if korean:
            return f"{year}년에 쓸 수 있는 연차가 없어서 {taking}은 연차로 쓸 수 없어요."
        return f"You have no leave left to take for {year}, so {taking} cannot be taken as annual leave."
    if take <= left:
        after = left - take
        if korean:
            return (
                f"{taking}을 쓰시면 {year}년 남은 연차는 {days(left, True)}에서 {days(after, True)}이 돼요."
            )
        return f"If you take {taking}, your leave left for {year} goes from {days(left, False)} to {days(after, False)}."
    short = take - left
    if korean:
        return f"{taking}은 {year}년 남은 연차 {days(left, True)}보다 {days(short, True)} 많아서 모두 연차로 쓸 수는 없어요."
    return f"{taking[0].upper()}{taking[1:]} is {days(short, False)} more than the {days(left, False)} you have left for {year}."


def taken_kind(year: int, kind: str, amount: Decimal, korean: bool) -> str:
    name = leave_type_name(kind, korean)
    if not amount:  # said in words: no figure is 0 days of a type
        return f"{year}년 {name} 기록은 없어요." if korean else f"You took no {name} leave in {year}."
    if korean:
        return f"{year}년에 쓴 {name}는 {days(amount, True)}이에요."
    return f"You took {days(amount, False)} of {name} leave in {year}."


def record(day: date, amount: Decimal, kinds: list[str], today: date, korean: bool) -> str:
    names = ", ".join(leave_type_name(k, korean) for k in kinds)
    if korean:
        return f"{on_day(day, today, True)}에 쓴 휴가는 {days(amount, True)}({names})이에요."
    return f"On {on_day(day, today, False)} you took {days(amount, False)} of {names} leave."


def no_record(day: date, today: date, korean: bool) -> str:
    if korean:
        return f"{on_day(day, today, True)}에는 휴가 기록이 없어요."
    return f"You have no leave recorded on {on_day(day, today, False)}."


# ----- the calendar -------------------------------------------------------------------------------------
def what_day(day: date, kind: str, today: date, korean: bool) -> str:
    if korean:
        return f"{on_day(day, today, True)}은 {kind}이에요."
    return f"{on_day(day, today, False)} is {kind}."


def working_days(first: date, last: date, count: int, today: date, korean: bool) -> str:
    if first == last:
        worked = count == 1
        if korean:
            return f"{on_day(first, today, True)}은 {'근무일이에요' if worked else '근무일이 아니에요'}."
        return f"{on_day(first, today, False)} is {'a working day' if worked else 'not a working day'}."
    if korean:
        return f"{on_day(first, today, True)}부터 {on_day(last, today, True)}까지 근무일은 {days(Decimal(count), True)}이에요."
    unit = "working day" if count == 1 else "working days"
    return f"From {on_day(first, today, False)} to {on_day(last, today, False)} there {'is' if count == 1 else 'are'} {count} {unit}."


def in_a_row(first: date, last: date, off_from: date, off_to: date, today: date, korean: bool) -> str:
    """Taking the working days of first..last off, with the days off around them: off_from..off_to."""
    count = (off_to - off_from).days + 1
    if korean:
        return (
            f"{span(first, last, today, True)}에 쉬시면 주말·공휴일을 붙여 "
            f"{on_day(off_from, today, True)}부터 {on_day(off_to, today, True)}까지 {count}일 연속으로 쉬어요."
        )
    return (
        f"Taking {span(first, last, today, False)} off, with the weekends and holidays around it you are off "
        f"{count} days in a row, from {on_day(off_from, today, False)} to {on_day(off_to, today, False)}."
    )


def no_working_day(first: date, last: date, today: date, korean: bool) -> str:
    if korean:
        return f"{span(first, last, today, True)}에는 근무일이 없어서 연차를 쓸 날이 없어요."
    return f"There is no working day in {span(first, last, today, False)}, so no leave would be taken."


def span(first: date, last: date, today: date, korean: bool) -> str:
    if first == last:
        return on_day(first, today, korean)
    if korean:
        return f"{on_day(first, today, True)}~{on_day(last, today, True)}"
    return f"{on_day(first, today, False)} to {on_day(last, today, False)}"


def days_until(day: date, count: int, today: date, korean: bool) -> str:
    if korean:
        if count < 0:
            return f"{on_day(day, today, True)}은 {-count}일 전이에요."
        return f"{on_day(day, today, True)}까지 {count}일 남았어요." if count else "그날이 오늘이에요."
    if count < 0:
        return f"{on_day(day, today, False)} was {-count} {'day' if count == -1 else 'days'} ago."
    return (
        f"{on_day(day, today, False)} is {count} {'day' if count == 1 else 'days'} away."
        if count
        else "That is today."
    )


def today_is(today: date, korean: bool) -> str:
    if korean:
        return f"오늘은 {today.year}년 {on_day(today, today, True)}이에요."
    return f"Today is {on_day(today, today, False)}, {today.year}."


# ----- the Act, for this person ------------------------------------------------------------------------
def service_years(years: int, korean: bool) -> str:
    if korean:
        return f"입사한 지 만 {years}년이에요." if years else "입사한 지 아직 1년이 안 됐어요."
    return (
        f"You have {years} full {'year' if years == 1 else 'years'} of service."
        if years
        else "You have less than a year of service."
    )


def current_days(amount: Decimal, korean: bool) -> str:
    if korean:
        return f"지금 생겨서 쓸 수 있는 법정 연차는 {days(amount, True)}이에요."
    return f"The statutory leave that has arisen and can be used now is {days(amount, False)}."


def next_grant(
    amount: Decimal, on: date, today: date, act_only: bool, korean: bool, kind: str = "", years: int = 0
) -> str:
    """The next grant, and what it is for: the years of service it completes, or a month of attendance."""
    if korean:
        whose = "법에 따르면 " if act_only else ""
        said = f"{whose}다음 연차 {days(amount, True)}은 {on_day(on, today, True)}에 생겨요."
        if kind == "annual" and years:
            return f"{said} 근속 {years}년을 채우는 날이에요."
        return f"{said} 입사 첫해에는 매달 개근하면 연차가 생겨요." if kind == "monthly" else said
    whose = "Under the Act, your" if act_only else "Your"
    said = f"{whose} next leave, {days(amount, False)}, arises on {on_day(on, today, False)}"
    if kind == "annual" and years:
        return f"{said}, when you complete {years} years of service."
    return f"{said}, for a month of full attendance in your first year." if kind == "monthly" else f"{said}."


def grows_to(amount: Decimal, on: date, years: int, today: date, korean: bool) -> str:
    """When the Act's yearly grant reaches `amount` days: the grant on `on`, for `years` of service."""
    if korean:
        if on <= today:
            return f"법에 따르면 근속 {years}년을 채운 {on_day(on, today, True)}부터 연차가 {days(amount, True)}이에요."
        return f"법에 따르면 연차가 {days(amount, True)}이 되는 건 근속 {years}년을 채우는 {on_day(on, today, True)}부터예요."
    if on <= today:
        return f"Under the Act, your yearly leave reached {days(amount, False)} with the grant on {on_day(on, today, False)}, for {years} years of service."
    return f"Under the Act, your yearly leave reaches {days(amount, False)} with the grant on {on_day(on, today, False)}, when you complete {years} years of service."


def never_grows_to(amount: Decimal, most: Decimal, korean: bool) -> str:
    """A size the Act's yearly grant never reaches, or already at its most."""
    if amount <= most:
        return (
            f"이미 법정 최대 {days(most, True)}이에요."
            if korean
            else f"You are already at the Act's most, {days(most, False)} a year."
        )
    if korean:
        return f"법정 연차는 한 해 최대 {days(most, True)}이라 {days(amount, True)}까지는 늘지 않아요."
    return (
        f"The Act's leave is at most {days(most, False)} a year, so it never reaches {days(amount, False)}."
    )


def no_next_grant(korean: bool) -> str:
    return (
        "고용 기간 안에 새로 생기는 연차가 없어요."
        if korean
        else "No more leave arises before your employment ends."
    )


def act_rule(rule: str, figures: dict[str, Decimal], korean: bool) -> str:
    """One rule of §60, its numbers from the statute table."""
    f = {k: format_days(v) for k, v in figures.items()}
    said = {
        "first_year": (
            f"근로기준법 §60②: 입사 첫해에는 한 달 개근할 때마다 1일씩, 최대 {f['first_year_max_days']}일이 생겨요.",
            f"Labour Standards Act §60②: in the first year, one day arises for each month of full attendance, "
            f"at most {f['first_year_max_days']}.",
        ),
        "base": (
            f"근로기준법 §60①: 1년간 {f['attendance_pct']}% 이상 출근하면 {f['base_days']}일이 생겨요.",
            f"Labour Standards Act §60①: after a year with at least {f['attendance_pct']}% attendance, "
            f"{f['base_days']} days arise.",
        ),
        "extra": (
            f"근로기준법 §60④: 첫 1년 이후 {f['extra_every_years']}년마다 {f['extra_days']}일씩 더 생겨요.",
            f"Labour Standards Act §60④: after the first year, {f['extra_days']} more day arises for every "
            f"{f['extra_every_years']} years of service.",
        ),
        "max": (
            f"근로기준법 §60④: 가산 연차를 포함해 한 해 최대 {f['max_days']}일이에요.",
            f"Labour Standards Act §60④: at most {f['max_days']} days a year, extra days included.",
        ),
    }[rule]
    return said[0] if korean else said[1]


# ----- what the bot does and does not do ---------------------------------------------------------------
HOW_TO_REQUEST = Phrase(
    "연차 신청은 '/leave request'나 홈 탭의 '휴가 신청' 버튼으로 하거나, 저에게 날짜를 말해 주시면 초안을 "
    "만들어 드려요. 신청은 본인이, 승인은 팀장님이 해요.",
    "To request leave, use '/leave request' or the Home tab's 'Request leave' button, or tell me the dates and "
    "I'll draft it. You submit it; your manager approves it.",
)
ASK_HR = Phrase(
    "이월, 수당 같은 회사 규정은 제가 알 수 없어요. 인사팀에 문의해 주세요.",
    "I don't have the company's rules on carry-over or payout: please ask HR.",
)
CANNOT_ANSWER = Phrase(
    "그건 제가 답할 수 없어요. 저는 본인의 연차(남은 날, 쓴 날, 신청)와 날짜에 대해 답할 수 있어요.",
    "I can't answer that. I can tell you about your own leave (what is left, what you used, requests) and dates.",
)
ONLY_OWN = Phrase(
    "다른 분의 연차는 조회할 수 없어요. 저는 질문하신 분 본인의 연차만 볼 수 있어요.",
    "I can't look up anyone else's leave: I can only see your own.",
)
GREETING = Phrase(
    "안녕하세요! 연차가 궁금하시면 물어봐 주세요.", "Hi! Ask me anything about your annual leave."
)
THANKS = Phrase("천만에요! 언제든 물어봐 주세요.", "You're welcome! Ask me any time.")
WHICH_YEAR = Phrase("어느 연도의 연차를 말씀하시는지 알려 주시겠어요?", "Which year do you mean?")


def drafted(first: date, last: date, part: str, working: int, today: date, korean: bool) -> str:
    """A draft made: its days, and that nothing is sent until the person presses Submit."""
    parts = {
        "am": ("오전 반차", "morning half day"),
        "pm": ("오후 반차", "afternoon half day"),
        "quarter": ("반반차", "quarter day"),
    }
    said = span(first, last, today, korean)
    if korean:
        what = f" {parts[part][0]}" if part in parts else f", 근무일 {working}일"
        return f"{said}{what} 휴가 신청 초안을 만들었어요. 아래 카드에서 확인하고 '신청'을 눌러야 신청돼요."
    what = (
        f" ({parts[part][1]})"
        if part in parts
        else f" ({working} working {'day' if working == 1 else 'days'})"
    )
    return (
        f"I drafted a leave request for {said}{what}. Check it on the card below and press Submit to send it."
    )


# ----- what the offline model also says (each a statement the real model may make too) ------------------
WHAT_I_CAN_DO = Phrase(
    "이런 질문에 답할 수 있어요: '올해 연차 며칠 남았어?', '작년에 연차 며칠 썼어?', '연차 언제 소멸돼?'",
    "I can answer questions like 'How many days off do I have left?', 'How many days did I take last year?' "
    "or 'When does my leave expire?'",
)
CANNOT_OFFLINE = Phrase(
    "그 질문은 오프라인 모델로는 답할 수 없어요. ANTHROPIC_API_KEY를 설정하면 Claude가 자유롭게 답해요.",
    "I can't answer that offline. With ANTHROPIC_API_KEY set, Claude answers free-form.",
)
NO_MONTHLY_TOTALS = Phrase(
    "월별 합계는 따로 없어서, 날짜별 기록으로 보여 드릴게요.",
    "I have no monthly totals, so here are the dated records.",
)
ASK_A_DATE = Phrase(
    "공휴일은 날짜로 물어봐 주세요 (예: '12월 25일 공휴일이야?').",
    "For public holidays, please ask about a specific date (e.g. 'Is December 25 a holiday?').",
)
NOT_IN_HOURS = Phrase(
    "인사 데이터에는 연차가 일 단위로만 있어서 시간으로는 답할 수 없어요.",
    "The HR data keeps leave in days, not hours, so I can't answer in hours.",
)
NO_ACT_LEAVE = Phrase(
    "근로기준법의 연차 규정이 적용되지 않아 계산되는 연차가 없어요. 자세한 건 인사팀에 문의해 주세요.",
    "The Act's annual leave does not apply to you, so no leave is computed. Please ask HR.",
)


def leap_year(year: int, leap: bool, following: int, korean: bool) -> str:
    if korean:
        return f"{year}년은 윤년{'이에요' if leap else '이 아니에요'}. 다음 윤년은 {following}년이에요."
    return f"{'Yes' if leap else 'No'}, {year} is {'' if leap else 'not '}a leap year; the next one is {following}."


def lookups_capped(cap: int, first: int, last: int, korean: bool) -> str:
    if korean:
        return (
            f"한 질문에 조회는 {cap}번까지만 해요. 물어보신 연도가 너무 많아 {first}~{last}년만 조회했어요. "
            "나머지는 나눠서 물어봐 주세요."
        )
    return (
        f"I look up at most {cap} things per question, so I looked up {first}–{last} only. Please ask about "
        "the rest separately."
    )


def draft_refused(reasons: list[str], korean: bool) -> str:
    if korean:
        return " ".join(["그 휴가는 신청할 수 없어요.", *reasons]).strip()
    said = "That leave cannot be requested" + (": " + " ".join(reasons) if reasons else "")
    return said if said.endswith((".", "!", "?")) else said + "."


def more_than_left(year: int, left: Decimal, korean: bool, taking: Decimal | None = None) -> str:
    if korean:
        said = f"{days(taking, True)}은 " if taking is not None else ""
        return f"{said}{year}년 남은 연차 {days(left, True)}보다 많아요."
    said = f"it takes {days(taking, False)}, " if taking is not None else "that's "
    return f"{said}more than the {days(left, False)} you have."


def claimed(claim: Decimal, balance: Balance, korean: bool, today: date) -> str:
    """ "I have 12 days left, right?": yes, or no with what is left, and the year's figures."""
    figures = balance_sentence(balance, korean, today)
    if claim == balance.remaining:
        return ("네, 맞아요. " if korean else "Yes, that's right. ") + figures
    if korean:
        return f"아니에요, {days(claim, True)}이 아니에요. {figures}"
    return f"Not quite, not {days(claim, False)}. {figures}"


def enough_for_a_day(year: int, left: Decimal, korean: bool) -> str:
    enough = left >= 1
    if korean:
        return (
            f"{year}년 남은 연차는 {days(left, True)}이라 하루 쉬기에 {'충분해요' if enough else '모자라요'}."
        )
    verdict = "enough for a day off" if enough else "not enough for a day off"
    return f"You have {days(left, False)} of annual leave left for {year}: {verdict}."


_PARTS = {Decimal("0.5"): ("반차", "half day"), Decimal("0.25"): ("반반차", "quarter day")}


def parts_taken(year: int, size: Decimal, on: list[date], undated: bool, today: date, korean: bool) -> str:
    """How many half (or quarter) days the year's dated records hold, and on which days."""
    ko, en = _PARTS[size]
    if undated:
        if korean:
            return f"{year}년에는 날짜별 기록이 없어서 {ko} 횟수를 알 수 없어요."
        return f"For {year} your HR data has no dated records, so I can't count {en}s."
    if not on:
        return f"{year}년에는 {ko} 기록이 없어요." if korean else f"You took no {en}s in {year}."
    if korean:
        listed = ", ".join(on_day(d, today, True) for d in on)
        return f"{year}년에 {ko}를 {len(on)}번 썼어요: {listed}."
    listed = "; ".join(on_day(d, today, False) for d in on)
    times = "once" if len(on) == 1 else f"{len(on)} times"
    return f"You took a {en} {times} in {year}: {listed}."


def half_days_left(year: int, left: Decimal, korean: bool) -> str:
    """What is left, in half days: whole half days, and a quarter day over where there is one."""
    if left <= 0:
        if korean:
            return f"{year}년에는 반차로 쓸 수 있는 연차가 없어요."
        return f"You have no half days left to take for {year}."
    halves = left / Decimal("0.5")
    quarter = halves != halves.to_integral_value()
    count = format_days((left - Decimal("0.25")) / Decimal("0.5") if quarter else halves)
    if korean:
        can = f"{year}년 남은 연차는 {days(left, True)}이라, 반차로는 {count}번 더 쓸 수 있"
        return can + ("고 반반차만큼이 남아요." if quarter else "어요.")
    also = ", and a quarter day is left over" if quarter else ""
    return f"You have {days(left, False)} left for {year}, so you can still take {count} half days{also}."


def total(kind: str, year: int, amount: Decimal, other: int, then: Decimal, korean: bool) -> str:
    word = _KIND[kind].pick(korean)
    if korean:
        return f"{year}년{'에' if kind != 'remaining' else ''} {word}는 {days(amount, True)}, {other}년은 {days(then, True)}로 합치면 {days(amount + then, True)}이에요."
    return f"Your {word} for {year} is {days(amount, False)} and for {other} {days(then, False)}: {days(amount + then, False)} together."


def latest(year: int, on: date | None, amount: Decimal, kind: str, today: date, korean: bool) -> str:
    """The latest leave taken in a year, up to today."""
    if on is None:
        return f"{year}년에 쓴 휴가 기록이 없어요." if korean else f"You took no leave in {year}."
    name = leave_type_name(kind, korean)
    if korean:
        return (
            f"{year}년에 마지막으로 쓴 휴가는 {on_day(on, today, True)} {days(amount, True)}({name})이에요."
        )
    return f"The last leave you took in {year} was on {on_day(on, today, False)} ({days(amount, False)}, {name})."


def no_month_records(year: int, month: int, korean: bool) -> str:
    if korean:
        return f"{year}년 {month}월에는 날짜가 있는 휴가 기록이 없어요."
    return f"You have no dated leave records in {month_name(month)} {year}."


def plan(
    year: int, taken: list[tuple[str, Decimal]], take: Decimal, left: Decimal, korean: bool, pending: Decimal
) -> str:
    """Several days or stretches off (`taken`: each as said, and its size: a whole, half or quarter day),
    `take` working days in all: what would be left, or by how much it does not fit."""
    listed = [
        said + (f" {_PARTS[size][0]}" if korean else f" ({_PARTS[size][1]})") if size != 1 else said
        for said, size in taken
    ]
    joined = (
        ", ".join(listed)
        if korean
        else ", ".join(listed[:-1]) + (" and " if len(listed) > 1 else "") + listed[-1]
    )
    return what_if(year, take, left, korean, joined, pending, leave_days=any(size != 1 for _, size in taken))


def lapsing(unused: list[tuple[date, Decimal]], has_current: bool, today: date, korean: bool) -> str:
    """The Act's leave still unused, and the day after which each part lapses."""
    if not has_current:
        if korean:
            return "지금 쓸 수 있게 생긴 연차가 없어서 소멸될 연차도 없어요."
        return "No leave has arisen that you can use now, so none is about to lapse."
    if not unused:
        return (
            "지금 남은 연차가 없어서 소멸될 연차도 없어요."
            if korean
            else "You have no unused leave left, so none is about to lapse."
        )
    if korean:
        return " ".join(
            f"지금 남은 연차 {days(n, True)}은 {on_day(d, today, True)}이 지나면 소멸돼요." for d, n in unused
        )
    return " ".join(
        f"Your {format_days(n)} unused {'day lapses' if n <= 1 else 'days lapse'} after {on_day(d, today, False)}."
        for d, n in unused
    )


def why_hr_grant(amount: Decimal, on: date, years: int, act: int | None, today: date, korean: bool) -> str:
    """Why a grant HR entered is its size: HR decided it; what the Act gives for the years of service."""
    if korean:
        said = f"{on_day(on, today, True)}에 생긴 {days(amount, True)}은 회사(인사팀)가 부여한 연차예요."
        if act is None:
            return said
        return said + f" 근로기준법으로는 근속 {years}년에 {days(Decimal(act), True)}이에요."
    said = f"The {days(amount, False)} arising on {on_day(on, today, False)} were granted by HR."
    if act is None:
        return said
    return (
        said + f" Under the Labour Standards Act, {years} year{'s' if years != 1 else ''} of service"
        f" give{'s' if years == 1 else ''} {days(Decimal(act), False)}."
    )


def why_grant(
    amount: Decimal, on: date, years: int, figures: dict[str, Decimal], today: date, korean: bool
) -> str:
    """Why a yearly grant is the size it is: the years of service it is for, and §60's rule."""
    f = {k: format_days(v) for k, v in figures.items()}
    if korean:
        said = f"{on_day(on, today, True)}에 생기는 {days(amount, True)}은 근속 {years}년을 채워서예요. "
        if years < 3:
            return said + f"근로기준법은 1년을 채우면 기본 {f['base_days']}일을 줘요."
        return said + (
            f"근로기준법은 기본 {f['base_days']}일에, 근속 {f['extra_every_years']}년마다 {f['extra_days']}일씩 "
            f"더해 줘요 (최대 {f['max_days']}일)."
        )
    said = f"The {days(amount, False)} arising on {on_day(on, today, False)} are for {years} completed years of service. "
    if years < 3:
        return said + f"The Labour Standards Act gives {f['base_days']} days a year from the first full year."
    return said + (
        f"The Labour Standards Act gives {f['base_days']} days, plus {days(figures['extra_days'], False)} more "
        f"for every {f['extra_every_years']} years of service after the first (at most "
        f"{days(figures['max_days'], False)})."
    )
