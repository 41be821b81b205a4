"""A placeholder agrees with its own clause: its arguments (year, leave type, part of a day, the Act's
meaning) with the clause's words, and its value (sign, a what-if's direction) with what the clause says of
it (bot/grounding/named.py). Each pair: a correct answer that renders, a wrong one that is stopped."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from bot.domain.leave import Balance, LeaveRecord, LeaveTaken
from bot.grounding.facts import Evidence
from bot.grounding.named import render

EVIDENCE = Evidence(
    balances={
        2027: Balance(2027, Decimal(16), Decimal(0)),
        2026: Balance(2026, Decimal(16), Decimal(6)),
        2025: Balance(2025, Decimal(15), Decimal(10)),
    },
    taken={
        2026: LeaveTaken(
            2026,
            (
                LeaveRecord(date(2026, 2, 9), Decimal("0.25")),
                LeaveRecord(date(2026, 4, 13), Decimal("0.5")),
                LeaveRecord(date(2026, 4, 20), Decimal("0.5")),
                LeaveRecord(date(2026, 7, 6), Decimal(2), "sick"),
                LeaveRecord(date(2026, 9, 14), Decimal("4.75")),
            ),
        )
    },
    question="반반차 하나 더 쓰면 얼마나 남아? 4일 더 쓰면?",
    calendar=lambda first, last: 2,
    today=date(2026, 10, 5),
)


def holds(text: str, korean: bool = True) -> bool:
    return render(text, EVIDENCE, korean).holds


@pytest.mark.parametrize(
    ("right", "wrong", "korean"),
    [
        # F. The compared year is named by 보다 / "than" after or before a typed year too.
        (
            "2025년에 2026년보다 {used(2025) - used(2026)} 더 쓰셨어요.",
            "2026년에 2025년보다 {used(2025) - used(2026)} 더 쓰셨어요.",
            True,
        ),
        (
            "In 2025 you used {used(2025) - used(2026)} more than in 2026.",
            "In 2026 you used {used(2025) - used(2026)} more than in 2025.",
            False,
        ),
        # A. A typed year is a year word of its clause, not a number typed.
        ("2025년에는 {used(2025)} 쓰셨어요.", "2025년에는 {used(2026)} 쓰셨어요.", True),
        ("In 2025 you used {used(2025)}.", "In 2025 you used {used(2026)}.", False),
        # C. A quarter day is a unit where the question names one, as a half day is.
        (
            "반반차를 쓰면 {remaining(2026) - 0.25} 남아요.",
            "반반차를 쓰면 {remaining(2026) - 0.3} 남아요.",
            True,
        ),
        # D. The leave type and the part of a day the clause names agree with the figure's arguments.
        ('병가는 {taken(2026, "sick")} 쓰셨어요.', '병가는 {taken(2026, "annual")} 쓰셨어요.', True),
        (
            'You took {records(2026, "annual", 0.5)} half days.',
            'You took {records(2026, "annual", 0.25)} half days.',
            False,
        ),
        # E. "received" / 받았 are granted words.
        ("올해 {granted(2026)} 받으셨어요.", "올해 {remaining(2026)} 받으셨어요.", True),
        ("You received {granted(2026)} this year.", "You received {remaining(2026)} this year.", False),
        # F. A difference said with more / less: its value is positive and runs the way the clause says.
        (
            "올해는 작년보다 {used(2025) - used(2026)} 적게 쓰셨어요.",
            "올해는 작년보다 {used(2025) - used(2026)} 더 쓰셨어요.",
            True,
        ),
        (
            "This year you used {used(2025) - used(2026)} less than last year.",
            "This year you used {used(2026) - used(2025)} less than last year.",
            False,
        ),
        # F. A share across years compares one figure with itself, never two kinds of two years.
        (
            "작년 대비 {used(2026) / used(2025) * 100}%예요.",
            "사용률은 {used(2026) / granted(2025) * 100}%예요.",
            True,
        ),
        # G. Using leave only takes from what is left.
        (
            "{q(4)}일 더 쓰면 {remaining(2026) - q(4)} 남아요.",
            "{q(4)}일 더 쓰면 {remaining(2026) + q(4)} 남아요.",
            True,
        ),
        # G. A grant only adds to what is left.
        (
            "내년 연차 {granted(2027)}를 받으면 {remaining(2026) + granted(2027)}가 돼요.",
            "내년 연차 {granted(2027)}를 받으면 {remaining(2026) - granted(2027)}가 돼요.",
            True,
        ),
        # H. The Act's figure is named with its meaning.
        ("법정 최대 연차는 {STATUTE.max_days}예요.", "법정 최대 연차는 {STATUTE.base_days}예요.", True),
        # I. A record beside a date is that date's record.
        (
            '{date("2026-09-14")}에는 {record("2026-09-14")} 쓰셨어요.',
            '{date("2026-09-14")}에는 {record("2026-04-20")} 쓰셨어요.',
            True,
        ),
    ],
)
def test_a_figure_agrees_with_its_own_clause(right: str, wrong: str, korean: bool) -> None:
    assert holds(right, korean), render(right, EVIDENCE, korean).problems
    assert not holds(wrong, korean)


@pytest.mark.parametrize(
    ("text", "korean"),
    [
        # B. A count of occasions or a kind of leave is not an amount of leave.
        ('Those two breaks were {record("2026-04-13")} each.', False),
        ("You can take a half sick day; {remaining(2026)} are left.", False),
        ('Those were two half days: {date("2026-04-13")} and {date("2026-04-20")}.', False),
        ('반차 두 번은 {records(2026, "annual", 0.5)}번으로 기록돼 있어요.', True),
        # A difference said with "more" within one year; a month beside a record; records of any type.
        ("{q(4)}일 더 쓰셔도 {remaining(2026) - q(4)} 남아요.", True),
        ('{date("2026-09")}에는 {record("2026-09-14")} 쓰셨어요.', True),
        ("병가까지 모두 {records(2026)}번 쉬셨어요.", True),  # records without a type: any type
        ("기본적으로 법정 최대는 {STATUTE.max_days}예요.", True),
        ("You used {granted(2026) - used(2026)} less than you were granted.", False),
        ("You've got {remaining(2026)} this year.", False),  # "'ve got" is "have", not granted
        ('{date("2026-10-05")} 기준 가장 최근 휴가는 {record("2026-09-14")}예요.', True),
        # An exclusion names no type: "sick leave not included".
        ('That is {taken(2026, "annual")} in total (sick leave not included).', False),
    ],
)
def test_words_that_are_not_amounts_or_types_pass(text: str, korean: bool) -> None:
    assert holds(text, korean), render(text, EVIDENCE, korean).problems


@pytest.mark.parametrize(
    ("text", "korean"),
    [
        ("You took leave three times this year.", False),  # a count of uses is a claim about their leave
        ("반차를 열한 번 쓰실 수 있어요.", True),
        ("You have two more days.", False),
        ("내선 2040으로 연락하세요.", True),  # not a year near today: typed
    ],
)
def test_counts_of_uses_and_amounts_are_typed_numbers(text: str, korean: bool) -> None:
    assert not holds(text, korean)
