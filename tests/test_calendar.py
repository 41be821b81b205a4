"""Working days in Korea (bot/calendar.py), on 2026's known dates: the `holidays` library's public
holidays, weekends, company closures, and the ranges the calendar refuses."""

from __future__ import annotations

from datetime import date

import pytest

from bot.calendar import (
    KOREA,
    MAX_RANGE_DAYS,
    CalendarError,
    Closure,
    KoreanCalendar,
    day,
    public_holidays,
    working_days,
)

# 2026's public holidays that fall on a weekday, as the government announced them.
WEEKDAY_HOLIDAYS_2026 = [
    (date(2026, 1, 1), "Thursday", "New Year's Day"),
    (date(2026, 2, 16), "Monday", "The day preceding Korean New Year"),
    (date(2026, 2, 17), "Tuesday", "Korean New Year"),
    (date(2026, 2, 18), "Wednesday", "The second day of Korean New Year"),
    (date(2026, 3, 2), "Monday", "Alternative holiday for Independence Movement Day"),
    (date(2026, 5, 1), "Friday", "Labor Day"),
    (date(2026, 5, 5), "Tuesday", "Children's Day"),
    (date(2026, 5, 25), "Monday", "Alternative holiday for Buddha's Birthday"),
    (date(2026, 6, 3), "Wednesday", "Local Election Day"),
    (date(2026, 7, 17), "Friday", "Constitution Day"),
    (date(2026, 8, 17), "Monday", "Alternative holiday for Liberation Day"),
    (date(2026, 9, 24), "Thursday", "The day preceding Chuseok"),
    (date(2026, 9, 25), "Friday", "Chuseok"),
    (date(2026, 10, 5), "Monday", "Alternative holiday for National Foundation Day"),
    (date(2026, 10, 9), "Friday", "Hangul Day"),
    (date(2026, 12, 25), "Friday", "Christmas Day"),
]


@pytest.mark.parametrize(("on", "weekday", "name_en"), WEEKDAY_HOLIDAYS_2026)
def test_a_weekday_public_holiday_is_not_a_working_day(on, weekday, name_en):
    found = day(on)
    assert found.weekday_en == weekday
    assert not found.weekend and not found.working
    assert found.holiday is not None and found.holiday.kind == "public"
    assert found.holiday.name_en == name_en


@pytest.mark.parametrize(
    ("on", "name_ko"),
    [
        (date(2026, 2, 17), "설날"),
        (date(2026, 3, 2), "삼일절 대체 휴일"),
        (date(2026, 5, 1), "노동절"),
        (date(2026, 5, 25), "부처님오신날 대체 휴일"),
        (date(2026, 6, 3), "지방선거일"),
        (date(2026, 7, 17), "제헌절"),
        (date(2026, 8, 17), "광복절 대체 휴일"),
        (date(2026, 9, 25), "추석"),
        (date(2026, 10, 5), "개천절 대체 휴일"),
        (date(2026, 12, 25), "기독탄신일"),
    ],
)
def test_holidays_are_named_in_korean_too(on, name_ko):
    holiday = day(on).holiday
    assert holiday is not None and holiday.name_ko == name_ko


@pytest.mark.parametrize(
    ("on", "name_ko"),
    [
        (date(2026, 3, 1), "삼일절"),  # a Sunday: its substitute is 3월 2일
        (date(2026, 5, 24), "부처님오신날"),  # a Sunday
        (date(2026, 6, 6), "현충일"),  # a Saturday; 현충일 has no substitute holiday
        (date(2026, 8, 15), "광복절"),  # a Saturday
        (date(2026, 9, 26), "추석 다음날"),  # a Saturday; 추석 is substituted for Sundays only
        (date(2026, 10, 3), "개천절"),  # a Saturday
    ],
)
def test_a_holiday_on_a_weekend_is_named_but_the_day_was_off_anyway(on, name_ko):
    found = day(on)
    assert found.weekend and not found.working
    assert found.holiday is not None and found.holiday.name_ko == name_ko


@pytest.mark.parametrize(
    ("on", "weekday", "working"),
    [
        (date(2026, 11, 29), "Sunday", False),
        (date(2026, 11, 28), "Saturday", False),
        (date(2026, 11, 30), "Monday", True),
        (date(2026, 6, 8), "Monday", True),  # 현충일 (Saturday) gets no substitute
        (date(2026, 9, 28), "Monday", True),  # nor does 추석 다음날 on a Saturday
        (date(2026, 4, 30), "Thursday", True),
    ],
)
def test_ordinary_days(on, weekday, working):
    found = day(on)
    assert (found.weekday_en, found.working, found.holidays) == (weekday, working, ())


def test_weekday_names_in_korean():
    assert day(date(2026, 12, 25)).weekday_ko == "금요일"
    assert day(date(2026, 11, 29)).weekday_ko == "일요일"


@pytest.mark.parametrize(
    ("start", "end", "working", "weekend", "weekday_holidays", "holidays"),
    [
        # Christmas week: Monday to Friday, Christmas on the Friday.
        (date(2026, 12, 21), date(2026, 12, 25), 4, 0, 1, ["2026-12-25 Christmas Day"]),
        # Across 추석 and the weekend: Wed, Thu (전날), Fri (추석), Sat (다음날), Sun, Mon.
        (
            date(2026, 9, 23),
            date(2026, 9, 28),
            2,
            2,
            2,
            [
                "2026-09-24 The day preceding Chuseok",
                "2026-09-25 Chuseok",
                "2026-09-26 The second day of Chuseok",
            ],
        ),
        # 설날 week: Mon–Wed off, Thu and Fri worked.
        (
            date(2026, 2, 16),
            date(2026, 2, 20),
            2,
            0,
            3,
            [
                "2026-02-16 The day preceding Korean New Year",
                "2026-02-17 Korean New Year",
                "2026-02-18 The second day of Korean New Year",
            ],
        ),
        # 삼일절 on Sunday, its substitute on Monday.
        (
            date(2026, 2, 28),
            date(2026, 3, 6),
            4,
            2,
            1,
            [
                "2026-03-01 Independence Movement Day",
                "2026-03-02 Alternative holiday for Independence Movement Day",
            ],
        ),
        # May 2026: 노동절, 어린이날, 부처님오신날 (Sunday) and its substitute.
        (
            date(2026, 5, 1),
            date(2026, 5, 31),
            18,
            10,
            3,
            [
                "2026-05-01 Labor Day",
                "2026-05-05 Children's Day",
                "2026-05-24 Buddha's Birthday",
                "2026-05-25 Alternative holiday for Buddha's Birthday",
            ],
        ),
        # 지방선거일 and 현충일 (a Saturday) in one week.
        (
            date(2026, 6, 1),
            date(2026, 6, 7),
            4,
            2,
            1,
            ["2026-06-03 Local Election Day", "2026-06-06 Memorial Day"],
        ),
        (date(2026, 7, 13), date(2026, 7, 17), 4, 0, 1, ["2026-07-17 Constitution Day"]),
        (
            date(2026, 8, 15),
            date(2026, 8, 17),
            0,
            2,
            1,
            ["2026-08-15 Liberation Day", "2026-08-17 Alternative holiday for Liberation Day"],
        ),
        (
            date(2026, 10, 1),
            date(2026, 10, 9),
            5,
            2,
            2,
            [
                "2026-10-03 National Foundation Day",
                "2026-10-05 Alternative holiday for National Foundation Day",
                "2026-10-09 Hangul Day",
            ],
        ),
        # One day, and a plain week.
        (date(2026, 12, 25), date(2026, 12, 25), 0, 0, 1, ["2026-12-25 Christmas Day"]),
        (date(2026, 11, 23), date(2026, 11, 29), 5, 2, 0, []),
    ],
)
def test_working_days_in_a_range(start, end, working, weekend, weekday_holidays, holidays):
    counted = working_days(start, end)
    assert (counted.working, counted.weekend, counted.weekday_holidays) == (
        working,
        weekend,
        weekday_holidays,
    )
    assert counted.days == (end - start).days + 1 == working + weekend + weekday_holidays
    assert [f"{h.on.isoformat()} {h.name_en}" for h in counted.holidays] == holidays


def test_the_whole_of_2026():
    counted = working_days(date(2026, 1, 1), date(2026, 12, 31))
    assert (counted.days, counted.weekend, counted.weekday_holidays) == (365, 104, len(WEEKDAY_HOLIDAYS_2026))
    assert counted.working == 365 - 104 - 16 == 245


def test_a_leap_year_fits_in_one_range():
    assert working_days(date(2028, 1, 1), date(2028, 12, 31)).days == MAX_RANGE_DAYS


@pytest.mark.parametrize(
    ("start", "end", "message"),
    [
        (date(2026, 12, 25), date(2026, 12, 21), "the end 2026-12-21 is before the start 2026-12-25"),
        (date(2026, 1, 1), date(2027, 1, 2), "2026-01-01 to 2027-01-02 is 367 days; at most 366 days"),
        (date(2016, 1, 1), date(2027, 12, 31), "is 4383 days; at most 366 days"),
    ],
)
def test_ranges_the_calendar_refuses(start, end, message):
    with pytest.raises(CalendarError, match=message):
        working_days(start, end)


def test_company_closures_are_days_off_with_their_names():
    closures = [
        Closure(date(2026, 12, 24), "창립기념일", "Foundation Day"),
        Closure(date(2026, 12, 31), "연말 휴무"),  # English name defaults to the Korean one
        Closure(date(2026, 12, 25), "연말 휴무"),  # on a public holiday: both are named, one day off
    ]
    calendar = KoreanCalendar(closures)
    counted = calendar.working_days(date(2026, 12, 21), date(2026, 12, 31))
    assert (counted.working, counted.weekend, counted.weekday_holidays) == (6, 2, 3)
    assert [(h.on.day, h.name_en, h.kind) for h in counted.holidays] == [
        (24, "Foundation Day", "company"),
        (25, "Christmas Day", "public"),
        (25, "연말 휴무", "company"),
        (31, "연말 휴무", "company"),
    ]
    assert not calendar.day(date(2026, 12, 24)).working
    # The default calendar has no closures.
    assert day(date(2026, 12, 24)).working and KOREA.day(date(2026, 12, 31)).working


def test_public_holidays_are_read_only_values():
    year = public_holidays(2026)
    with pytest.raises(TypeError):
        year[date(2026, 4, 1)] = year[date(2026, 5, 1)]  # type: ignore[index]
    assert public_holidays(2026) is year  # computed once per year


def test_labor_day_is_a_public_holiday_only_from_2026():
    assert day(date(2025, 5, 1)).working  # 근로자의날: a paid day off by another law, not a public holiday
    assert not day(date(2027, 5, 1)).working and day(date(2027, 5, 1)).weekend
    assert day(date(2027, 5, 3)).holiday is not None  # its substitute
