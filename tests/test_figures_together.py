"""What an answer's figures say of each other and of the calendar (bot/grounding/spans.py, consistency.py,
claims.py) and the Act's figures, the person's negated number and a half day defined in passing
(agreement.py, named.py). Each case is a rendering the person would have read wrong, or a right one that
must still pass."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest

from bot.domain.leave import Balance, LeaveRecord, LeaveTaken
from bot.grounding.facts import Evidence
from bot.grounding.named import render
from bot.policy.grants import StatutoryGrant
from bot.policy.standing import Entitlement

TODAY = date(2026, 11, 29)
HOLIDAYS = {date(2026, 12, 25), date(2027, 1, 1)}


def working(first: date, last: date) -> int:
    days = (first + timedelta(days=n) for n in range((last - first).days + 1))
    return sum(1 for d in days if d.weekday() < 5 and d not in HOLIDAYS)


def problems(named: str, question: str, korean: bool = False) -> list[str]:
    """The problems found with `named` over a person with 3.5 days left of 15 (two half days taken)."""
    return day_and_kind_problems(named, question, korean, left=Decimal("3.5"), lookups="balance")


@pytest.mark.parametrize(
    ("question", "named", "korean", "why"),
    [
        # a span counted that is not the span named (the sentence's, or else the question's)
        (
            "12월 21일부터 24일까지 근무일 며칠?",
            '근무일은 {working_days("2026-12-14", "2026-12-18")}이에요.',
            True,
            "question",
        ),
        (
            "12월 24일부터 1월 4일까지 쉬면 연차 몇 일 필요해?",
            '{date("2026-12-24")}부터 {date("2027-01-04")}까지는 근무일 {working_days("2026-12-24", "2027-01-01")}이 필요해요.',
            True,
            "sentence",
        ),
        (
            "If I take Dec 21 to Dec 24 off, how many days is that?",
            'That uses {working_days("2026-12-21", "2026-12-31")}.',
            False,
            "question",
        ),
        # a what-if below zero, and one that leaves out a number the person gave
        (
            "Can I take 5 days?",
            "After {q(5)} days you'd still have {remaining(2026) - q(5)} left.",
            False,
            "shortfall",
        ),
        (
            "What if I take 2 days and then 1.5 days?",
            "After {q(2)} days and {q(1.5)} days you'd have {remaining(2026) - q(2)} left.",
            False,
            "leaves out 1.5",
        ),
        # the Act's number as the person's, in an answer that never names the law
        ("연차 며칠이야?", "연차는 {STATUTE.base_days}이에요.", True, "Act's number"),
        (
            "How much leave can I take this year?",
            "You can take up to {STATUTE.max_days} this year.",
            False,
            "Act's number",
        ),
        # a day of the month from the question used as days; a count of records said in days
        (
            "If I take off on the 3rd, how much will be left?",
            "Taking the {q(3)}rd off leaves you with {remaining(2026) - q(3)}.",
            False,
            "day of the month",
        ),
        ("반차 몇 번 썼어?", '반차로 {records(2026, "annual", 0.5)}일 쓰셨어요.', True, "is a count"),
        # a verdict the figures contradict; a holiday the calendar does not have, or denies
        (
            "Can I take 5 days off?",
            "Yes, you can — you have {remaining(2026)} left, which covers the {q(5)} days.",
            False,
            "says it fits",
        ),
        (
            "Is Dec 31 a holiday?",
            'No — {date("2026-12-31")} is a public holiday, so you need no leave.',
            False,
            "calendar",
        ),
        (
            "12월 21일부터 25일까지 근무일은?",
            '{date("2026-12-21")}부터 {date("2026-12-25")}까지 근무일은 {working_days("2026-12-21", "2026-12-25")}이고, 이 기간에는 공휴일이 없어요.',
            True,
            "spans a public holiday",
        ),
    ],
)
def test_a_wrong_account_is_stopped(question: str, named: str, korean: bool, why: str) -> None:
    found = problems(named, question, korean)
    assert any(why in p for p in found), found


@pytest.mark.parametrize(
    ("question", "named", "korean"),
    [
        (
            "12월 21일부터 24일까지 근무일 며칠?",
            '근무일은 {working_days("2026-12-21", "2026-12-24")}이에요.',
            True,
        ),
        # a different span with the same count says the same to the person
        (
            "12월 28일부터 31일까지 쉬면?",
            '{date("2026-12-28")}~{date("2026-12-31")} {working_days("2026-12-28", "2027-01-01")}일을 쓰시면 돼요.',
            True,
        ),
        # a suggestion counting a span of its own, written date to date in its sentence
        (
            "Is there a long break around Christmas?",
            'If you take {date("2026-12-28")} to {date("2026-12-31")} off ({working_days("2026-12-28", "2026-12-31")}), you get {days("2026-12-25", "2027-01-03")} in a row, from {date("2026-12-25")} to {date("2027-01-03")}.',
            False,
        ),
        ("Can I take 3 days?", "Yes — you have {remaining(2026)}, which covers the {q(3)} days.", False),
        (
            "Can I take 5 days?",
            "Not quite: you have {remaining(2026)}, so you'd be {q(5) - remaining(2026)} short.",
            False,
        ),
        ("연차 10일 맞나?", "부여된 연차는 {q(10)}일이 아니라 {granted(2026)}이에요.", True),
        ("최대 며칠까지 늘어?", "근로기준법상 최대 {STATUTE.max_days}까지 늘어나요.", True),
        ("What's the most leave anyone gets?", "The cap is {STATUTE.max_days}.", False),
        ("오늘 반차 쓰면?", "오늘 반차(0.5일)를 쓰시면 {remaining(2026) - 0.5} 남아요.", True),
        ("Is Christmas a holiday?", 'Yes — {date("2026-12-25")} is {day("2026-12-25")}.', False),
        ("Is Dec 24 a holiday?", 'No, {date("2026-12-24")} is {day("2026-12-24")}.', False),
        (
            "이월돼?",
            "이월이나 수당 규정은 인사팀에 문의해 주세요. 남은 연차는 {remaining(2026)}이에요.",
            True,
        ),
        ("반차 몇 번 썼어?", '반차는 {records(2026, "annual", 0.5)}번 쓰셨어요.', True),
    ],
)
def test_a_right_account_holds(question: str, named: str, korean: bool) -> None:
    assert problems(named, question, korean) == []


def day_and_kind_problems(
    named: str, question: str, korean: bool, left: Decimal = Decimal("3.5"), lookups: str = "all"
) -> list[str]:
    """The problems found with `named`; with `lookups="all"`, last year's balance, a pending request and the
    next grant are looked up too."""
    everything = lookups == "all"
    evidence = Evidence(
        balances={
            2026: Balance(2026, Decimal(15), Decimal(15) - left, pending=Decimal(2) if everything else None),
            **({2025: Balance(2025, Decimal(15), Decimal(14))} if everything else {}),
        },
        taken={2026: LeaveTaken(2026, tuple(LeaveRecord(date(2026, m, 2), Decimal("0.5")) for m in (3, 9)))},
        pending={2026: Decimal(2)} if everything else {},
        entitlement=Entitlement(
            TODAY,
            date(2020, 3, 4),
            "hire_date",
            6,
            (StatutoryGrant(date(2026, 3, 4), Decimal(17), "annual", 6, date(2027, 3, 3), ""),),
            (StatutoryGrant(date(2027, 3, 4), Decimal(18), "annual", 7, date(2028, 3, 3), ""),),
        )
        if everything
        else None,
        question=question,
        calendar=working,
        today=TODAY,
    )
    return [f"{p.figure} {p.reason}" for p in render(named, evidence, korean).problems]


@pytest.mark.parametrize(
    ("question", "named", "korean", "why"),
    [
        # what the answer says of a day it names: weekday, working day, the grant's day, the latest record
        (
            "12월 23일에 연차 써야 해?",
            '{date("2026-12-23")}은 목요일 근무일이라 연차를 쓰셔야 해요.',
            True,
            "weekday typed",
        ),
        # what a day is, typed instead of written by code; a day() about another day; a rule without HR
        (
            "When is Chuseok?",
            'Chuseok is on {date("2026-10-05")}.',
            False,
            "holiday",
        ),
        ("크리스마스 쉬어?", "크리스마스는 쉬는 날이에요.", True, "holiday typed"),
        ("Is Feb 8 off?", 'No, {date("2027-02-08")} is a regular working day.', False, "what a day is"),
        ("Dec 24?", '{date("2026-12-24")} is {day("2026-12-25")}.', False, "another day"),
        (
            "Do unused days carry over?",
            "You have {remaining(2026)} left; anything unused is carried over automatically.",
            False,
            "company rule",
        ),
        (
            "Is Jan 1 a workday?",
            'Yes, {date("2027-01-01")} is a regular working day.',
            False,
            "what a day is",
        ),
        ("When was my last leave?", 'Your last leave was on {date("2026-03-02")}.', False, "latest record"),
        (
            "다음 연차 언제 생겨?",
            '{date("2027-01-04")}에 {next_grant_days()}이 새로 생겨요.',
            True,
            "grant arises",
        ),
        # half days taken as whole days; calendar days as leave; a count of years as days
        ("반차 2번 쓰면?", "반차 {q(2)}번 쓰면 {remaining(2026) - q(2)} 남아요.", True, "half days as whole"),
        (
            "12월 19일부터 21일까지 쉬면?",
            '연차 {days("2026-12-19", "2026-12-21")}이 차감돼요.',
            True,
            "calendar days",
        ),
        ("How long have I worked here?", "Your entitlement is {service_years()} days.", False, "is a count"),
        # two figures compared the wrong way; pending presented as used
        (
            "작년보다 더 썼어?",
            "네, 올해 {used(2026)}으로 작년({used(2025)})보다 더 많이 쓰셨어요.",
            True,
            "not more",
        ),
        ("How much have I used?", "You've used {pending(2026)} this year.", False, "pending"),
    ],
)
def test_a_wrong_day_or_kind_is_stopped(question: str, named: str, korean: bool, why: str) -> None:
    found = day_and_kind_problems(named, question, korean)
    assert any(why in p for p in found), found


@pytest.mark.parametrize(
    ("question", "named", "korean"),
    [
        ("12월 23일 무슨 요일?", '{date("2026-12-23")}이에요.', True),
        ("When did I last take leave?", 'Your last leave was on {date("2026-09-02")}.', False),
        ("다음 연차 언제 생겨?", '{date("2027-03-04")}에 {next_grant_days()}이 새로 생겨요.', True),
        ("반차 2번 쓰면?", "반차 {q(2)}번 쓰면 {remaining(2026) - q(2) * 0.5} 남아요.", True),
        ("How long have I been here?", "You've been here {service_years()} years.", False),
        (
            "Did I use less than last year?",
            "Yes: {used(2026)} this year, fewer than {used(2025)} last year.",
            False,
        ),
        ("What is pending?", "You have {pending(2026)} pending approval.", False),
        ("Is Dec 28 a working day?", 'Yes, {date("2026-12-28")} is {day("2026-12-28")}.', False),
        ("When is Christmas?", 'Christmas is {date("2026-12-25")}, {day("2026-12-25")}.', False),
        (
            "크리스마스까지?",
            '크리스마스({date("2026-12-25")})까지 {days_between("2026-12-04", "2026-12-25")} 남았어요.',
            True,
        ),
        (
            "12월 21일부터 25일까지 쉬면?",
            '{date("2026-12-21")}부터 {date("2026-12-25")}까지는 성탄절이 있어서 연차 {working_days("2026-12-21", "2026-12-25")}이 필요해요.',
            True,
        ),
        ("Did I use less than last year?", "Yes — {used(2025) - used(2026)} less than last year.", False),
        ("반차도 빠져?", "네, 반차도 연차에서 차감돼요. 남은 연차는 {remaining(2026)}이에요.", True),
        ("작년에 연차 며칠 썼어?", "작년에는 {used(2025)} 쓰셨고, 올해는 {used(2026)}이에요.", True),
        ("How many half days can I take?", "You can take {remaining(2026) / 0.5} half days.", False),
        ("What share did I use?", "You've used {used(2026) / granted(2026) * 100}% of your leave.", False),
        (
            "이번 휴가가 남은 연차의 몇 %야?",
            '남은 연차의 {working_days("2026-12-21", "2026-12-23") / remaining(2026) * 100}%예요.',
            True,
        ),
        ("In hours?", "That's {remaining(2026) * HOURS_PER_DAY} hours.", False),
        (
            "23일부터 28일까지?",
            '{date("2026-12-23")}부터 {date("2026-12-28")}까지는 {day("2026-12-25")}가 끼어 있어서 연차는 {working_days("2026-12-23", "2026-12-28")}이면 돼요.',
            True,
        ),
        ("작년보다 덜 썼어?", "올해는 작년보다 {used(2025) - used(2026)} 덜 쓰셨어요.", True),
        ("12월 25일 공휴일이야?", '네, {date("2026-12-25")}은 {day("2026-12-25")}이에요.', True),
        ("대기 빼면?", "대기 중인 {pending(2026)}을 빼면 {remaining(2026) - pending(2026)} 남아요.", True),
        # right answers a review found stopped: a verdict to another question, a courtesy 네, a year asked,
        # a comparison marked with 보다, 더 as "anything more", a plan taken from what is left, a pending
        # half day, "the new year", two days joined by "and", a carry-over question referred to HR
        (
            "Do I need to use leave on Dec 25, since it's a holiday?",
            'No, {date("2026-12-25")} is {day("2026-12-25")}.',
            False,
        ),
        ("12월 24일 공휴일이야?", '네, 확인해 보니 {date("2026-12-24")}은 {day("2026-12-24")}이에요.', True),
        ("2027년 12월 25일 토요일이야?", '네, {date("2027-12-25")}이에요.', True),
        ("작년보다 덜 썼어?", "아니요, {used(2026)} 쓰셔서 작년({used(2025)})보다 적어요.", True),
        (
            "작년이랑?",
            "올해 {used(2026)}, 작년 {used(2025)} 사용하셨고, 더 궁금한 점 있으면 말씀해 주세요.",
            True,
        ),
        (
            "21일부터 23일까지 쉬면?",
            '남은 연차에서 {working_days("2026-12-21", "2026-12-23")}이 빠져요.',
            True,
        ),
        ("반차 빠졌어?", "반차 신청이 아직 승인 대기 중이라 차감되지 않았어요.", True),
        ("Left?", "You have {remaining(2026)}; use them before the new year.", False),
        (
            "I'd like to take Dec 21 and Dec 24 off. How many days would I need to use?",
            'That uses {working_days("2026-12-21", "2026-12-21") + working_days("2026-12-24", "2026-12-24")}.',
            False,
        ),
        (
            "Did my unused days from last year carry over?",
            "Carry-over is decided by HR. This year you have {remaining(2026)} left.",
            False,
        ),
        (
            "Pending?",
            "Your {pending(2026)} pending aren't counted yet: you have {remaining(2026)} left.",
            False,
        ),
        (
            "Is Dec 24 off?",
            'No, {date("2026-12-24")} is {day("2026-12-24")}: Christmas Eve is no holiday.',
            False,
        ),
        ("Is Dec 31 a Friday?", 'No, {date("2026-12-31")}.', False),
        ("What's the most I can get?", "Under the Act, at most {STATUTE.max_days} a year.", False),
        (
            "12월 21일부터 25일까지 근무일은?",
            '주말과 공휴일을 빼면 근무일은 {working_days("2026-12-21", "2026-12-25")}이에요.',
            True,
        ),
    ],
)
def test_a_right_day_or_kind_holds(question: str, named: str, korean: bool) -> None:
    assert day_and_kind_problems(named, question, korean) == []


@pytest.mark.parametrize(
    ("question", "named", "korean", "why"),
    [
        # two kinds of two years; a two-year difference named for another year; pending added to what is left
        ("Did I get more this year?", "You got {granted(2026) - used(2025)} more.", False, "another kind"),
        (
            "How much more this year?",
            "You used {used(2025) - used(2026)} more last year than in {year(2024)}.",
            False,
            "2024",
        ),
        ("승인되면?", "승인되면 {remaining(2026) + pending(2026)} 남아요.", True, "pending days"),
        # a plain balance where a what-if asks what is left after
        ("2일 쓰면?", "{q(2)}일 쓰시면 {remaining(2026)} 남아요.", True, "left after"),
        # the first record; one record as the year's total; a full day that was a half day
        ("올해 첫 연차는?", '올해 첫 연차는 {date("2026-09-02")}이었어요.', True, "first record"),
        ("올해 총 몇 일 썼어?", '올해 연차는 총 {record("2026-03-02")} 쓰셨어요.', True, "as a total"),
        (
            "When was my leave?",
            'A full day off on {date("2026-03-02")} ({record("2026-03-02")}).',
            False,
            "clause says 1",
        ),
        # a record of another day than the one its sentence names, across a comma
        (
            "When was my last leave?",
            'Your last leave was on {date("2026-09-02")}, for {record("2026-03-02")}.',
            False,
            "another day",
        ),
        # two years compared in words only; the person's figure called the Act's maximum; a half day said
        # not to come off the balance
        (
            "Did I use more than last year?",
            "No — {used(2026)} this year versus {used(2025)} last year, so you're below last year's total.",
            False,
            "in words",
        ),
        (
            "How much will I get?",
            "At your next grant you'll get {next_grant_days()}, which is the statutory maximum.",
            False,
            "maximum",
        ),
        ("반차도 빠져?", "반차는 연차에서 차감되지 않는 별도 휴가예요.", True, "half day"),
        # arithmetic that means nothing, whatever its value (bot/grounding/dimensions.py)
        (
            "몇 % 썼어?",
            "올해 연차의 {used(2026) / remaining(2026) * 100}%를 쓰셨어요.",
            True,
            "divides by days remaining",
        ),
        ("Hours of a half day?", "A half day is {HOURS_PER_DAY / 0.5} hours.", False, "part of a day"),
        ("How much is left?", "You have {granted(2026) + used(2026)} left.", False, "adds days used"),
        ("2일 쓰면?", "{q(2)}일 쓰시면 {granted(2026) - q(2)} 남아요.", True, "from what was granted"),
        (
            "In hours?",
            "You have {remaining(2026) * HOURS_PER_DAY * HOURS_PER_DAY} hours left.",
            False,
            "twice",
        ),
        ("시간으로?", "남은 연차는 {remaining(2026) * HOURS_PER_DAY}일이에요.", True, "written as days"),
        # a calendar count called leave left; the grant you have now said to arise on a day to come; payout
        (
            "남은 연차?",
            '남은 연차가 {working_days("2026-12-11", "2026-12-31")}이라 충분해요.',
            True,
            "calendar",
        ),
        (
            "Next grant?",
            'On {date("2027-03-04")} you\'ll receive {current_days()} of new leave.',
            False,
            "current_days",
        ),
        ("수당 나와?", "못 쓴 연차는 수당으로 정산돼요.", True, "company rule"),
        # what is left said with pending requests counted in; a holiday's eve on another day
        (
            "대기 빼면?",
            "대기 중인 {pending(2026)}까지 반영하면 남은 연차는 {remaining(2026)}이에요.",
            True,
            "before pending",
        ),
        ("이브가 언제야?", '크리스마스 이브는 {date("2026-12-23")}이에요.', True, "holiday typed"),
        (
            "작년보다 덜 썼어?",
            "아니요, 올해는 {used(2026)}, 작년은 {used(2025)}로 올해가 더 적게 쓰셨어요.",
            True,
            "in words",
        ),
        # a yes or no to a question about one day that the calendar answers otherwise
        ("12월 31일 금요일이야?", '네, {date("2026-12-31")}이에요.', True, "answers the question wrongly"),
        (
            "Is Dec 24 a holiday?",
            'Yes — {date("2026-12-24")} is {day("2026-12-24")}, so no leave needed.',
            False,
            "wrongly",
        ),
        ("반차랑 반반차는 몇 시간?", "반차는 {HOURS_PER_DAY * 0.25}시간이에요.", True, "clause says 0.5"),
        (
            "대기 빼면?",
            "대기 중인 걸 빼면 남은 연차는 {granted(2026) - pending(2026)}이에요.",
            True,
            "not from what is left",
        ),
        (
            "Next grant?",
            'Your next grant is on {date("2026-03-04")}, with {next_grant_days()}.',
            False,
            "grant arises",
        ),
        # a question about last year answered with this year's figures only
        ("작년에 연차 며칠 썼어?", "{used(2026)} 쓰셨어요.", True, "question about 2025"),
        # a clause naming last year for one figure, with this year's figure beside it unnamed
        ("작년엔?", "작년에는 {granted(2025)} 중 {used(2026)} 쓰셨어요.", True, "names only 2025"),
        # claims our own rules contradict: other leave or pending days off the annual balance; a holiday
        (
            "병가도 빠져?",
            "네, 병가도 연차에서 차감돼요. 남은 연차는 {remaining(2026)}이에요.",
            True,
            "another type",
        ),
        (
            "Is pending counted?",
            "Yes, your pending days were already deducted; you have {remaining(2026)}.",
            False,
            "pending days",
        ),
        ("Dec 31?", '{date("2026-12-31")} is a Thursday, and it\'s a public holiday.', False, "calendar"),
        # a verdict said on its own, after the figures
        (
            "12월 21일부터 24일까지 쉬어도 돼?",
            '남은 연차가 {remaining(2026)}이고, 근무일은 {working_days("2026-12-21", "2026-12-24")}이에요. 충분히 쓰실 수 있어요!',
            True,
            "says it fits",
        ),
    ],
)
def test_a_wrong_account_of_kinds_and_claims_is_stopped(
    question: str, named: str, korean: bool, why: str
) -> None:
    found = day_and_kind_problems(named, question, korean)
    assert any(why in p for p in found), found


@pytest.mark.parametrize(
    ("question", "named", "korean"),
    [
        (
            "병가도 빠져?",
            "아니요, 병가는 연차에서 차감되지 않아요. 남은 연차는 {remaining(2026)}이에요.",
            True,
        ),
        (
            "Once approved?",
            "Once your pending days are approved you'll have {remaining(2026) - pending(2026)} left.",
            False,
        ),
        (
            "0.5 more?",
            "After {q(0.5)} you'd go from {remaining(2026)} days to {remaining(2026) - 0.5} days.",
            False,
        ),
        (
            "How much more than last year?",
            "You've used {used(2025) - used(2026)} more last year than this year.",
            False,
        ),
        ("올해 첫 연차는?", '올해 첫 연차는 {date("2026-03-02")}이었어요.', True),
    ],
)
def test_a_right_account_of_kinds_and_claims_holds(question: str, named: str, korean: bool) -> None:
    assert day_and_kind_problems(named, question, korean) == []


def test_a_question_about_29_february_asked_months_later_is_no_error() -> None:
    asked = Evidence(question="2월 29일 근무일이었어?", today=date(2028, 6, 1))
    assert render('네, {date("2028-02-29")}은 {day("2028-02-29")}이었어요.', asked, korean=True).text
