"""The days a question names relative to today (bot/language/relative_days.py)."""

from __future__ import annotations

from datetime import date

import pytest

from bot.language.relative_days import relative_days

WEDNESDAY = date(2026, 12, 2)
SUNDAY = date(2026, 11, 29)


def _days(text: str, today: date) -> list[tuple[str, str]]:
    return [(a.isoformat(), b.isoformat()) for a, b in relative_days(text, today)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("내일 공휴일 맞나요??", [("2026-12-03", "2026-12-03")]),
        ("모레 연차 쓰려고 하는데 평일 맞죠?", [("2026-12-04", "2026-12-04")]),
        ("내일모레 쉬어도 돼?", [("2026-12-04", "2026-12-04")]),  # not also 내일
        ("어제 반차 들어갔어?", [("2026-12-01", "2026-12-01")]),
        ("the day after tomorrow", [("2026-12-04", "2026-12-04")]),
        ("지난주 금요일에 반차 쓴 거 들어갔나요?", [("2026-11-27", "2026-11-27")]),
        ("다음주 월요일부터 금요일까지 통으로 쉬면", [("2026-12-07", "2026-12-11")]),
        ("monday to friday next week", [("2026-12-07", "2026-12-11")]),
        ("다음주 월~수 연차 쓰면", [("2026-12-07", "2026-12-09")]),
        ("taking tmrw off", [("2026-12-03", "2026-12-03")]),
        ("if i take tmrw and the day after off", [("2026-12-03", "2026-12-04")]),
        ("내일이랑 모레 쉬면", [("2026-12-03", "2026-12-04")]),
        ("how many days off next week", [("2026-12-07", "2026-12-11")]),  # a week alone: Mon–Fri
        ("이번 주 금요일 반차", [("2026-12-04", "2026-12-04")]),
        ("this weekend", [("2026-12-05", "2026-12-06")]),
        ("오늘부터 연말까지 근무일", [("2026-12-02", "2026-12-02"), ("2026-12-31", "2026-12-31")]),
        ("by the end of the month", [("2026-12-31", "2026-12-31")]),
        # read two ways: the coming Friday and next week's; the last Friday and last week's
        ("next Friday", [("2026-12-04", "2026-12-04"), ("2026-12-11", "2026-12-11")]),
        ("last Friday", [("2026-11-27", "2026-11-27")]),
        # a weekday alone: its tense says which ("쉴래" is to come); with none, the coming one or the last
        ("금요일에 쉴래", [("2026-12-04", "2026-12-04")]),
        ("금요일에 쉬었나", [("2026-11-27", "2026-11-27")]),
        ("금요일 연차", [("2026-11-27", "2026-11-27"), ("2026-12-04", "2026-12-04")]),
        ("12월 24일에 쉬면", []),  # a date by month and day is not relative
        ("다음 달 연차", []),
    ],
)
def test_days_named_relative_to_a_wednesday(text: str, expected: list[tuple[str, str]]) -> None:
    assert _days(text, WEDNESDAY) == expected


def test_on_a_sunday_last_week_is_read_both_ways() -> None:
    # Korea's wall calendars start the week on Sunday: on Sunday 29 November "지난주 금요일" is the 27th to
    # some and the 20th to others
    assert _days("지난주 금요일", SUNDAY) == [("2026-11-20", "2026-11-20"), ("2026-11-27", "2026-11-27")]
