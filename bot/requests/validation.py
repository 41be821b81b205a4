"""A draft leave request checked and counted, pure: the one check the form, the draft tool and the store's
submission share (docs/requests.md).

Each problem names the field it is about (the modal's block id, for `response_action: errors`) and says
what is wrong in Korean and English. The days are counted here, by code, from the calendar (weekends,
Korean public holidays, company closures): never by the model.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

from bot.calendar import MAX_RANGE_DAYS, KoreanCalendar
from bot.domain.leave import ANNUAL, format_days
from bot.domain.requests import PART_DAYS, REASON_LIMIT, Checked, Draft, Field, Part, Problem, Standing
from bot.domain.typed_text import character_problem


def out_of_range(draft: Draft, today: date, ahead_days: int) -> tuple[Problem, ...]:
    """Dates no request can have (the years 0001 or 9999), said on their field before anything is read or
    counted for them: the calendar and the balance know a few years around today, not every year. The
    bounds are wider than `check`'s own, which says the finer problems of nearer dates."""
    problems: list[Problem] = []
    latest = today + timedelta(days=ahead_days)
    if draft.start < today - timedelta(days=MAX_RANGE_DAYS):
        problems.append(_passed(draft.start))
    elif draft.start > latest:
        problems.append(_too_far_ahead(ahead_days))
    if draft.end > latest + timedelta(days=MAX_RANGE_DAYS) or draft.end < today - timedelta(
        days=MAX_RANGE_DAYS
    ):
        problems.append(
            Problem("end", f"{draft.end}은 신청할 수 없는 날짜예요.", f"{draft.end} cannot be requested.")
        )
    return tuple(problems)


def _passed(start: date) -> Problem:
    return Problem(
        "start",
        f"{start}은 지난 날짜예요. 지난 휴가는 HR이 기록해요.",
        f"{start} has passed: only HR records leave in the past.",
    )


def _too_far_ahead(ahead_days: int) -> Problem:
    return Problem(
        "start",
        f"{ahead_days}일 뒤까지만 신청할 수 있어요.",
        f"Leave can be requested at most {ahead_days} days ahead.",
    )


def days_taken(calendar: KoreanCalendar, start: date, end: date, part: Part) -> list[tuple[date, Decimal]]:
    """A request's working dates with the days each takes: the dates `check` counts, the ledger's draw of a
    draft or request, and the leave records its approval writes (`bot/db/request_standing.py`)."""
    share = PART_DAYS[part]
    return [
        (start + timedelta(days=offset), share)
        for offset in range((end - start).days + 1)
        if calendar.day(start + timedelta(days=offset)).working
    ]


def check(draft: Draft, standing: Standing, calendar: KoreanCalendar) -> Checked:
    problems: list[Problem] = []

    def bad(
        field_name: Field, ko: str, en: str, over_balance: bool = False, days: Decimal | None = None
    ) -> None:
        problems.append(Problem(field_name, ko, en, over_balance, days))

    if draft.leave_type not in standing.leave_types:
        known = ", ".join(standing.leave_types)
        bad(
            "leave_type",
            f"알 수 없는 휴가 종류예요 (가능: {known}).",
            f"Unknown leave type (known: {known}).",
        )
    if len(draft.reason) > REASON_LIMIT:
        bad("reason", f"사유는 {REASON_LIMIT}자까지예요.", f"A reason is at most {REASON_LIMIT} characters.")
    if (unusable := character_problem(draft.reason, lines=True)) is not None:
        bad("reason", *unusable)
    if draft.part == "quarter" and not standing.quarter_days:
        bad("part", "반반차는 회사 정책에서 쓰지 않아요.", "The company policy has no quarter days (반반차).")
    if far := out_of_range(draft, standing.today, standing.ahead_days):
        return Checked(draft, (*problems, *far))
    if draft.end < draft.start:
        bad("end", "종료일이 시작일보다 빨라요.", "The end date is before the start date.")
        return Checked(draft, tuple(problems))
    if draft.start < standing.today:
        problems.append(_passed(draft.start))
    if draft.start > standing.today + timedelta(days=standing.ahead_days):
        problems.append(_too_far_ahead(standing.ahead_days))
    if draft.part != "full" and draft.end != draft.start:
        bad(
            "part",
            "반차·반반차는 하루만 신청할 수 있어요. 시작일과 종료일을 같게 해 주세요.",
            "A half or quarter day is one day: make the start and end the same date.",
        )
    if draft.start.year != draft.end.year:
        bad(
            "end",
            "한 해 안에서만 신청할 수 있어요. 해가 바뀌는 날에서 나눠 주세요.",
            "A request stays within one year: split it at the new year.",
        )
    if (draft.end - draft.start).days + 1 > MAX_RANGE_DAYS:
        return Checked(draft, tuple(problems))
    counted = calendar.working_days(draft.start, draft.end)
    dates = tuple(on for on, _ in days_taken(calendar, draft.start, draft.end, draft.part))
    if not dates:
        bad(
            "start",
            f"{draft.start}~{draft.end}에는 근무일이 없어요 (주말·공휴일).",
            f"{draft.start} to {draft.end} has no working day (weekends and holidays).",
        )
    for held in standing.held:
        if held.start <= draft.end and draft.start <= held.end:
            state_ko = "승인된" if held.state == "approved" else "신청 중인"
            bad(
                "start",
                f"{state_ko} 신청 #{held.id} ({held.start}~{held.end})와 겹쳐요.",
                f"Overlaps your {held.state} request #{held.id} ({held.start} to {held.end}).",
            )
    taken = sorted(day for day in standing.record_dates if draft.start <= day <= draft.end)
    if taken:
        bad(
            "start",
            f"{taken[0]}에 이미 휴가 기록이 있어요.",
            f"You already have leave recorded on {taken[0]}.",
        )
    days = PART_DAYS[draft.part] * len(dates)
    checked = Checked(
        draft,
        working_dates=dates,
        days=days,
        holidays=tuple(holiday.name_ko for holiday in counted.holidays),
    )
    if draft.leave_type == ANNUAL and dates:
        year = draft.start.year
        if standing.granted is None and standing.computed_grants:
            bad(
                "start",
                f"{year}년에는 생기는 연차가 없어요. 인사팀에 문의해 주세요.",
                f"No annual leave arises for you in {year}: please ask HR.",
            )
        elif standing.granted is None:  # HR's import holds no row for the year yet (e.g. next January)
            bad(
                "start",
                f"{year}년 연차가 아직 인사 데이터에 없어요. 인사팀에 {year}년 연차 등록을 요청해 주세요 "
                "(또는 HR이 `officebot policy set grants=computed`로 법정 연차를 계산하게 할 수 있어요).",
                f"HR's data has no annual leave for {year} yet: ask HR to import {year}'s grants (or HR "
                "can have them computed from the Act with `officebot policy set grants=computed`).",
            )
        else:
            before = standing.available
            after = before - standing.pending - days
            checked = replace(checked, balance_before=before, pending=standing.pending, balance_after=after)
            # The ledger's draw decides (`short`); `after` below zero says the same for a standing built by hand.
            if (standing.short > 0 or after < 0) and not standing.allow_negative:
                pending = f", 신청 중 {format_days(standing.pending)}일" if standing.pending else ""
                pending_en = f", {format_days(standing.pending)} pending" if standing.pending else ""
                bad(
                    "end",
                    f"남은 연차({format_days(before)}일{pending})보다 많아요: {format_days(days)}일.",
                    f"More than your balance ({format_days(before)} days{pending_en}): "
                    f"{format_days(days)} days.",
                    over_balance=True,
                    days=days,
                )
    return replace(checked, problems=tuple(problems))
