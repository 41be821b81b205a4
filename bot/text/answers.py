"""Answers composed from lookups: a year's balance, its records, and each kind of failure, in the asker's
language. Every amount in them is one a tool returned, so an answer built here is grounded by
construction (the grounding check's plain answer and the offline model both answer this way).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from bot.domain.leave import Balance, LeaveTaken, days_in_english, format_days
from bot.domain.outcomes import NO_FACTS, FailureFacts, FailureReason
from bot.language.dates import KOREAN_WEEKDAYS, MONTHS_EN, WEEKDAYS_EN
from bot.language.words import KOREAN_LEAVE_TYPE_NAMES
from bot.text.phrases import Phrase

__all__ = [
    "NOTHING_FOUND",
    "LookupFailed",
    "balance_sentence",
    "day_word",
    "lookup_failed",
    "no_record",
    "results_answer",
    "taken_sentence",
]


def month_name(month: int) -> str:
    """December, for 12: the language data's name, capitalised."""
    return MONTHS_EN[month - 1].capitalize()


def on_day(day: date, today: date, korean: bool) -> str:
    """12월 25일(금) / Friday, December 25 — the year added when it is not this year."""
    if korean:
        said = f"{day.month}월 {day.day}일({KOREAN_WEEKDAYS[day.weekday()][0]})"
        return f"{day.year}년 {said}" if day.year != today.year else said
    said = f"{month_name(day.month)} {day.day}"
    return f"{WEEKDAYS_EN[day.weekday()].capitalize()}, {said}" + (
        f", {day.year}" if day.year != today.year else ""
    )


def _record_day(day: date, today: date | None, korean: bool) -> str:
    if today is not None:
        return on_day(day, today, korean)
    return f"{day.month}월 {day.day}일" if korean else f"{month_name(day.month)} {day.day}"


def balance_sentence(balance: Balance, korean: bool, today: date | None = None) -> str:
    """One year's figures as a sentence, then what of it expires when (`grants=computed`); every number in
    it is one the tool returned. With `today` (a statement's sentence), dates carry their weekday."""
    remaining, granted, used = (format_days(v) for v in (balance.remaining, balance.granted, balance.used))
    if korean:
        lapsed = f", 소멸 {format_days(balance.lapsed)}일" if balance.lapsed else ""
        said = f"{balance.year}년 남은 연차는 {remaining}일이에요 (부여 {granted}일, 사용 {used}일{lapsed})."
        # The date after the amount, and no word such as "쓸 수 있어요" beside it: a date is never leave.
        for on, days in balance.expiring:
            when = on_day(on, today, True) if today else f"{on.year}년 {on.month}월 {on.day}일"
            said += f" 그중 {format_days(days)}일은 {when}이 지나면 소멸돼요."
        if balance.pending:
            said += f" 신청 중 {format_days(balance.pending)}일은 승인되면 빠져요."
        return said
    # Days that lapsed unused are said, so granted − used − lapsed is the remaining the sentence states.
    # Given today (a statement's sentence), each amount with its unit and each date with its weekday.
    unit = days_in_english if today else format_days
    lapsed = f", {unit(balance.lapsed)} lapsed" if balance.lapsed else ""
    said = (
        f"You have {remaining} days of annual leave left for {balance.year} "
        f"({unit(balance.granted)} granted, {unit(balance.used)} used{lapsed})."
    )
    for on, days in balance.expiring:
        amount = format_days(days)
        verb = "lapses" if day_word(amount) == "day" else "lapse"
        when = on_day(on, today, False) if today else f"{on.strftime('%B')} {on.day}, {on.year}"
        said += f" Of these, {amount} {day_word(amount)} {verb} after {when}."
    if balance.pending:
        pending = format_days(balance.pending)
        said += f" {pending} {day_word(pending)} in requests await approval."
    return said


def _years(years: Sequence[int], korean: bool) -> str:
    listed = ", ".join(map(str, years))
    return f"{listed}년" if korean else listed


def no_record(years: Sequence[int], existing: Sequence[int], korean: bool) -> str:
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


def lookup_failed(
    kind: FailureReason | None, tool_reason: str, korean: bool, facts: FailureFacts = NO_FACTS
) -> str:
    """A failed lookup, said for its kind in the asker's language, with the advice that helps: which
    years exist (no record), which may be asked (out of range), try later (HR system down, internal
    error), rephrase (an invalid request). `facts` come from the toolbox as values; `tool_reason` (the
    tool's own words) is only quoted, in English, for a failure of no known kind."""
    year = facts.year
    if kind == "no_record":
        return no_record((year,) if year else (), facts.existing, korean)
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
    kind: FailureReason | None  # None when the failure's kind is not known
    reason: str  # the tool's own words
    facts: FailureFacts = NO_FACTS


def day_word(days: str) -> str:
    return "day" if Decimal(days) <= 1 else "days"


def taken_sentence(taken: LeaveTaken, korean: bool, today: date | None = None) -> str:
    """The leave one year's records list, dates as dates (with the weekday, given today) and every amount
    one the tool returned."""
    undated = format_days(taken.undated)
    if not taken.records:
        if taken.undated:
            if korean:
                return f"{taken.year}년에는 날짜별 기록 없이 연차 {undated}일을 쓴 것으로만 되어 있어요."
            return f"For {taken.year} your HR data has no dated records, only {undated} {day_word(undated)} used in all."
        return f"{taken.year}년에 쓴 휴가 기록이 없어요." if korean else f"You took no leave in {taken.year}."
    also = ""
    if taken.undated:
        also = (
            f" 이 밖에 날짜 기록 없는 연차 {undated}일."
            if korean
            else f" Also {undated} {day_word(undated)} used without dates."
        )
    if korean:
        items = ", ".join(
            f"{_record_day(r.taken_on, today, True)} {format_days(r.days)}일"
            f"({KOREAN_LEAVE_TYPE_NAMES.get(r.leave_type, r.leave_type)})"
            for r in taken.records
        )
        totals = ", ".join(
            f"{KOREAN_LEAVE_TYPE_NAMES.get(kind, kind)} {format_days(days)}일"
            for kind, days in taken.totals.items()
        )
        return f"{taken.year}년에 쓴 휴가: {items}. 합계 {totals}.{also}"
    items = ", ".join(
        f"{_record_day(r.taken_on, today, False)} ({format_days(r.days)} {day_word(format_days(r.days))}, "
        f"{r.leave_type})"
        for r in taken.records
    )
    totals = ", ".join(
        f"{kind} {format_days(days)} {day_word(format_days(days))}" for kind, days in taken.totals.items()
    )
    return f"Leave you took in {taken.year}: {items}. In all: {totals}.{also}"


def results_answer(results: Iterable[Balance | LeaveTaken | LookupFailed], korean: bool) -> str:
    """An answer built only from lookups, one sentence each (repeats dropped): every amount in it is one
    a tool returned. The grounding check's plain answer and the offline model both answer this way."""
    results = list(results)
    # Years with no record are said once, together, with the years that do exist.
    missing = [r for r in results if isinstance(r, LookupFailed) and r.kind == "no_record"]
    missing_facts = [r.facts for r in missing]
    missing_years = [f.year for f in missing_facts if f.year is not None]
    lines = []
    for r in results:
        if isinstance(r, Balance):
            lines.append(balance_sentence(r, korean))
        elif isinstance(r, LeaveTaken):
            lines.append(taken_sentence(r, korean))
        elif r in missing and len(missing_years) > 1:
            existing = next((f.existing for f in missing_facts if f.existing), ())
            lines.append(no_record(sorted(set(missing_years)), existing, korean))
        else:
            lines.append(lookup_failed(r.kind, r.reason, korean, r.facts))
    return "\n".join(dict.fromkeys(lines)) or NOTHING_FOUND.pick(korean)
