"""What a tool's result says to a person: `/leave`'s answer, a streamed lookup's line, the round limit's
"found so far". Korean, then English where a line has both; every number in them is a figure of the result.
Nobody parses these lines: the model reads the same figures as JSON data (bot/tools/result_data.py), and
`ToolOutput` makes both from the figures, in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal

from bot.calendar import Day, Holiday, WorkingDays
from bot.domain.leave import Balance, LeaveTaken, format_days
from bot.domain.requests import Checked
from bot.policy.grants import Basis, StatutoryGrant
from bot.policy.standing import Entitlement

_BASIS_KO: Mapping[Basis, str] = {"hire_date": "입사일", "fiscal_year": "회계연도"}
_BASIS_EN: Mapping[Basis, str] = {"hire_date": "hire-date", "fiscal_year": "fiscal-year"}
# `imported` mode, HR holding no later grant: the next grant below is the Act's, not yet in HR's data.
_ACT_ONLY = "다음 연차는 HR 데이터에 아직 없음: 아래는 근로기준법에 따른 계산"


def shown_of(
    figure: Balance | LeaveTaken | Entitlement | WorkingDays | Day | Checked, as_of: date | None
) -> str:
    """The result's lines as a person reads them; `as_of`: the day of the lookup (a balance, records)."""
    if isinstance(figure, Balance | LeaveTaken):
        if as_of is None:
            raise ValueError("a balance or a year's records is shown with the day of its lookup")
        return balance_shown(figure, as_of) if isinstance(figure, Balance) else taken_shown(figure, as_of)
    if isinstance(figure, Entitlement):
        return entitlement_shown(figure)
    if isinstance(figure, WorkingDays):
        return working_days_shown(figure)
    if isinstance(figure, Day):
        return day_shown(figure)
    return draft_shown(figure)


def balance_shown(balance: Balance, today: date) -> str:
    """The balance line, then one line per last usable day of what remains (none passed)."""
    # Days left past their last usable day are not remaining: said, so the sum on the wire adds up.
    lapsed = f" − 소멸 {format_days(balance.lapsed)}일" if balance.lapsed else ""
    line = (
        f"{balance.year}년 남은 연차: {format_days(balance.remaining)}일 "
        f"(부여 {format_days(balance.granted)}일 − 사용 {format_days(balance.used)}일{lapsed}, "
        f"기준일 {today.isoformat()})"
    )
    expiring = [
        f"그중 {format_days(days)}일은 {on.isoformat()}까지 사용 가능 (이후 소멸)"
        for on, days in balance.expiring
    ]
    pending = (
        [f"신청 중 {format_days(balance.pending)}일 (승인 전, 남은 연차에서 아직 빼지 않음)"]
        if balance.pending
        else []
    )
    return "\n".join([line, *expiring, *pending])


def taken_shown(taken: LeaveTaken, today: date) -> str:
    lines = [f"{taken.year}년 휴가 사용 기록 {len(taken.records)}건 (기준일 {today.isoformat()})"]
    for record in taken.records:
        note = f" ({' '.join(record.note.split())})" if record.note else ""
        lines.append(
            f"- {record.taken_on.isoformat()} {format_days(record.days)}일 {record.leave_type}{note}"
        )
    if taken.records:
        totals = ", ".join(f"{kind} {format_days(days)}일" for kind, days in taken.totals.items())
        lines.append(f"합계: {totals}")
    if taken.undated:
        lines.append(f"날짜 기록 없는 연차 사용: {format_days(taken.undated)}일")
    return "\n".join(lines)


def entitlement_shown(ent: Entitlement) -> str:
    basis = _BASIS_KO[ent.basis]
    lines = [f"근속 {ent.service_years}년 (입사일 {ent.hire_date}, {basis} 기준), 기준일 {ent.on}"]
    if ent.none_because is not None:
        lines.append(f"연차 없음: {ent.none_because}")
        if not ent.current:
            return "\n".join(lines)
    lines += [_grant_line("현재 연차", g) for g in ent.current] or ["현재 연차: 없음"]
    lines += [f"미사용: {format_days(days)}일, {on}까지 사용 가능 (이후 소멸)" for on, days in ent.unused]
    if ent.current:  # the grant lines give their days; this is what is left of them to use now
        lines.append(f"지금 사용 가능: {format_days(sum((d for _, d in ent.unused), Decimal(0)))}일")
    if ent.act_only:
        lines.append(_ACT_ONLY)
    lines += [_grant_line("다음 연차", g) for g in ent.upcoming] or ["다음 연차: 없음"]
    lines.append(_english(ent))
    return "\n".join(lines)


def _grant_line(label: str, grant: StatutoryGrant) -> str:
    hours = f" ({grant.hours}시간)" if grant.hours is not None else ""
    return (
        f"{label}: {grant.arises_on} 발생 {format_days(grant.days)}일{hours}, "
        f"{grant.expires_on}까지 사용 가능 (다음 날 소멸) — {grant.kind}, 근속 {grant.service_years}년: "
        f"{grant.why}"
    )


def _english(ent: Entitlement) -> str:
    said = (
        f"In English: {ent.service_years} full year(s) of service since {ent.hire_date} "
        f"({_BASIS_EN[ent.basis]} basis), as of {ent.on}."
    )
    if ent.current:
        # What is left of the current grants (the holding), not their days: what the person can still use.
        usable = sum((days for _, days in ent.unused), Decimal(0))
        said += (
            f" Usable now: {format_days(usable)} day(s) left of the current grants; the nearest expiry is "
            f"the end of {ent.nearest_expiry}."
        )
    for on, days in ent.unused:
        said += f" Unused: {format_days(days)} day(s), usable through {on}."
    if ent.upcoming and ent.act_only:
        said += (
            f" HR's data holds no grant after {ent.on} yet; under the Act the next grant is "
            f"{format_days(ent.next_days)} day(s) on {ent.next_on}."
        )
    elif ent.upcoming:
        said += f" Next grant: {format_days(ent.next_days)} day(s) on {ent.next_on}."
    return said


def _holiday(holiday: Holiday, korean: bool) -> str:
    name = holiday.name_ko if korean else holiday.name_en
    if holiday.kind == "company":
        name = f"회사 휴무 {name}" if korean else f"company closure {name}"
    return f"{holiday.on.isoformat()} {name}"


def working_days_shown(counted: WorkingDays) -> str:
    """One line in Korean, one in English; every number in them is a figure of `counted`."""
    start, end = counted.start.isoformat(), counted.end.isoformat()
    holidays_ko = ", ".join(_holiday(h, True) for h in counted.holidays)
    holidays_en = ", ".join(_holiday(h, False) for h in counted.holidays)
    return (
        f"{start}~{end} 근무일 {counted.working}일 (전체 {counted.days}일, 주말 {counted.weekend}일, "
        f"평일 공휴일·휴무 {counted.weekday_holidays}일{'; ' + holidays_ko if holidays_ko else ''})\n"
        f"{start} to {end}: {counted.working} working days ({counted.days} days, {counted.weekend} "
        f"weekend days, {counted.weekday_holidays} weekday holidays or closures"
        f"{'; ' + holidays_en if holidays_en else ''})"
    )


def day_shown(day: Day) -> str:
    """One line in Korean, one in English."""
    on = day.on.isoformat()
    ko = [f"{h.name_ko}{' (회사 휴무)' if h.kind == 'company' else ''}" for h in day.holidays]
    en = [f"{h.name_en}{' (company closure)' if h.kind == 'company' else ''}" for h in day.holidays]
    if day.working:
        state_ko, state_en = "근무일", "a working day"
    elif day.weekend:
        state_ko, state_en = "주말 (쉬는 날)", "a weekend day (not a working day)"
    else:
        state_ko, state_en = "쉬는 날", "not a working day"
    holiday_ko = f", 공휴일·휴무: {', '.join(ko)}" if ko else ""
    holiday_en = f"; holiday: {', '.join(en)}" if en else ""
    return (
        f"{on} {day.weekday_ko}, {state_ko}{holiday_ko}\n{on} is a {day.weekday_en}, {state_en}{holiday_en}"
    )


def draft_shown(checked: Checked) -> str:
    """Korean and English lines; every number in them is a figure of `checked`."""
    draft = checked.draft
    span = draft.start.isoformat() if draft.start == draft.end else f"{draft.start}~{draft.end}"
    days, working = format_days(checked.days), len(checked.working_dates)
    lines = [
        f"휴가 신청 초안 (아직 신청 안 됨): {span} {draft.leave_type} {draft.part}, 근무일 {working}일, "
        f"{days}일 사용",
        f"Draft leave request (not submitted): {span} {draft.leave_type} {draft.part}, {working} working "
        f"day{'' if working == 1 else 's'}, {days} days of leave",
    ]
    if checked.balance_before is not None and checked.balance_after is not None:
        before, after = format_days(checked.balance_before), format_days(checked.balance_after)
        pending = format_days(checked.pending)
        lines.append(f"{draft.start.year}년 남은 연차 {before}일 (신청 중 {pending}일) → 신청 후 {after}일")
        lines.append(f"{draft.start.year} balance {before} days ({pending} pending) → {after} after it")
    lines.append(
        "The person submits it with the Submit button under your answer; nothing is stored until then."
    )
    return "\n".join(lines)
