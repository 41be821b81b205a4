"""Arithmetic the offline model reads whole, answered through the named figures (no correction round):
a share used, hours left, the difference between two years, the half days still possible; and the
questions it once answered wrong (the days taken, working days left, next year's leave). Asked as E1001
(김민수) on 2026-11-29: 2026 granted 15, used 7.5; 2025 used 11.5."""

from __future__ import annotations

import pytest

from bot.llm import offline_lines
from tests.support.offline_chat import (
    CANNOT,
    ask,
    lookups,
    rendered_first_time,
    roster_bot,
)

HOURS = (offline_lines.OFFLINE_HOURS.ko, offline_lines.OFFLINE_HOURS.en)


@pytest.mark.parametrize(
    ("question", "years", "says"),
    [
        ("이번 해 연차 몇 프로 썼어?", [2026], "50%"),
        ("What share of this year's leave have I used up?", [2026], "50%"),
        ("2025년 연차 사용 비율은?", [2025], "76.7%"),
        ("잔여 연차 몇 시간이야?", [2026], "60시간"),
        ("How many hours of annual leave remain?", [2026], "are 60 hours, at 8 hours a day"),
        ("올해는 작년에 비해 연차를 며칠 덜 썼어?", [2026, 2025], "4일"),
        ("How many fewer days did I use this year compared with last year?", [2026, 2025], "4 days"),
        ("반차 몇 번 더 낼 수 있어?", [2026], "15번"),
        ("How many more half days can I take this year?", [2026], "can still take 15 half days"),
    ],
)
async def test_arithmetic_it_reads_whole_is_answered_through_named_figures(hr, minsu, question, years, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("get_leave_balance", y) for y in years], turn.answer
    assert says in turn.answer and rendered_first_time(turn), turn.answer


async def test_a_difference_says_which_year_used_more(hr, minsu):
    bot = await roster_bot(hr)
    ko = await ask(bot, minsu, "올해는 작년에 비해 연차를 며칠 덜 썼어?")
    assert "2026년에 쓴 연차는 7.5일, 2025년은 11.5일로 2026년이 4일 적어요" in ko.answer
    en = await ask(bot, minsu, "How many fewer days did I use this year compared with last year?")
    assert "for 2026 is 7.5 days and for 2025 11.5 days: 4 days fewer in 2026" in en.answer


async def test_a_difference_with_a_year_that_has_no_record_says_so(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "2023년보다 올해 연차를 더 썼어?")
    assert "2023" in turn.answer and "더 썼어요" not in turn.answer and rendered_first_time(turn)


async def test_the_days_taken_are_the_records_not_a_request(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "What days was I off in 2026?")
    assert lookups(turn) == [("list_leave_taken", 2026)], turn.answer
    assert "February 13" in turn.answer and "Submit" not in turn.answer


@pytest.mark.parametrize(
    ("question", "start"),
    [
        ("How many workdays remain in 2026?", "2026-11-29"),
        ("올해 남은 영업일 며칠이야?", "2026-11-29"),
        ("how many working days are left this year after today?", "2026-11-30"),
        ("이번 달 남은 근무일 며칠이야?", "2026-11-29"),
    ],
)
async def test_working_days_left_are_the_calendars_from_today_not_the_leave_balance(
    hr, minsu, question, start
):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert [c.name for c in turn.trace.tool_calls] == ["count_working_days"], turn.answer
    assert turn.trace.tool_calls[0].input["start"] == start, turn.trace.tool_calls[0].input


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("how many days until Dec 31?", "32 days away"),
        ("크리스마스까지 며칠 남았어?", "26일 남았어요"),
        ("how many days till my leave expires?", "32 days away"),
        ("how many days until my next leave grant?", "95 days away"),  # 2027-03-04, the third anniversary
        ("입사 기념일까지 며칠 남았어?", "95일 남았어요"),
    ],
)
async def test_days_until_a_day_named_or_looked_up_are_counted_from_today(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert says in turn.answer and turn.answer not in CANNOT, turn.answer


async def test_weekdays_left_in_other_words_are_still_declined(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "올해 평일 몇 일 남았지?")
    assert lookups(turn) == [] and turn.answer in CANNOT, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "내년 휴가 개수 알려줘",
        "next year's allowance?",
        "내년 연차는 언제 나와요?",
        "내년에는 연차 몇 일 받아요?",
        "내년 휴가 며칠 나오나요?",
        "How many days of leave do I get next year?",
    ],
)
async def test_next_years_leave_is_the_next_grant_whatever_the_verb(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("get_leave_entitlement", None)], turn.answer
    assert "16" in turn.answer and rendered_first_time(turn)


@pytest.mark.parametrize(
    "question", ["How many days will I forfeit at year end?", "연말에 날아가는 연차 며칠이야?"]
)
async def test_what_lapses_at_the_end_of_the_year(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("get_leave_entitlement", None)], turn.answer
    assert "7.5" in turn.answer and ("12월 31일" in turn.answer or "December 31" in turn.answer)


@pytest.mark.parametrize(
    ("question", "says"),
    [
        (
            "오후 반차 네 번 쓰면 연차 몇 일 남아?",
            "반차 4번, 2일을 쓰시면 2026년 남은 연차는 7.5일에서 5.5일이 돼요",
        ),
        ("반차를 5번 쓰면 며칠 남아?", "반차 5번, 2.5일을 쓰시면 2026년 남은 연차는 7.5일에서 5일이 돼요"),
        (
            "If I take four half days, how much leave will be left?",
            "If you take 4 half days (2 days), your leave left for 2026 goes from 7.5 days to 5.5 days",
        ),
        ("반차 스무 번 쓰면 며칠 남아?", None),  # a count it does not read: declined, never a guess
    ],
)
async def test_a_what_if_in_half_days(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    if says is None:
        assert lookups(turn) == [] and turn.answer in CANNOT, turn.answer
        return
    assert lookups(turn) == [("get_leave_balance", 2026)], turn.answer
    assert says in turn.answer and rendered_first_time(turn), turn.answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        (
            "12월 21일부터 23일까지 쉬면 연차 몇 개 남아?",
            "12월 21일(월)~12월 23일(수) 근무일 3일을 쓰시면 2026년 남은 연차는 7.5일에서 4.5일이 돼요",
        ),
        (
            "If I take Dec 24 through Dec 28 off, how many days will remain?",
            "to Monday, December 28 (2 working days), your leave left for 2026 goes from 7.5 days to 5.5 days",
        ),
        (
            "12월 14일부터 12월 31일까지 쉬면 며칠 남아?",
            "근무일 13일은 2026년 남은 연차 7.5일보다 5.5일 많아서",
        ),
    ],
)
async def test_a_what_if_over_dates_takes_the_calendars_working_days(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert [call.name for call in turn.trace.tool_calls] == ["get_leave_balance", "count_working_days"]
    assert says in turn.answer and rendered_first_time(turn), turn.answer


@pytest.mark.parametrize(
    "question", ["올해 사용률이랑 남은 시간 알려줘", "What percent have I used and how many hours are left?"]
)
async def test_two_arithmetic_questions_in_one_are_declined_not_half_answered(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [] and turn.answer in (*CANNOT, *HOURS), turn.answer


@pytest.mark.parametrize(
    ("question", "years"),
    [("재작년이랑 작년 연차 비교해 줘", [2025, 2024]), ("Compare my 2025 and 2026 leave", [2026, 2025])],
)
async def test_a_comparison_of_two_years_shows_both(hr, minsu, question, years):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("get_leave_balance", y) for y in years] and rendered_first_time(turn)


@pytest.mark.parametrize(
    "question", ["올해 남은 연차가 작년 이맘때보다 적어?", "Do I have more left than at this time last year?"]
)
async def test_a_point_in_a_year_is_not_its_total(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [] and turn.answer in CANNOT, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "올해 연차 몇 퍼센트 남아 있어?",  # the share left, not the share used
        "What percent of my days remain?",
        "How many fewer days did I use in 2026?",  # fewer than what: one year named
    ],
)
async def test_arithmetic_it_has_no_figure_for_is_declined(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [] and turn.answer in CANNOT, turn.answer


async def test_hours_of_nothing_left_are_said_without_a_figure(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "How many hours of leave did I have left in 2025?")
    assert (
        "You have no leave left for 2025, so no hours either." in turn.answer
        and "days hours" not in turn.answer
    )
    assert rendered_first_time(turn)


@pytest.mark.parametrize(
    "question", ["show me the days I took off in 2026", "List the days I was on leave this year"]
)
async def test_the_days_listed_are_the_records(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("list_leave_taken", 2026)], turn.answer


async def test_half_days_left_are_the_whole_half_days_the_balance_holds(hr):
    from bot.hr.directory import caller_for_employee_id

    seoyeon = await caller_for_employee_id(hr, "E1002")  # 12.25 days left: 24 half days, a quarter over
    turn = await ask(await roster_bot(hr), seoyeon, "반차 몇 번 더 쓸 수 있어?")
    assert "반차로는 24번 더" in turn.answer and "반반차만큼" in turn.answer and rendered_first_time(turn)
    share = await ask(await roster_bot(hr), seoyeon, "올해 연차 사용률?")  # 3.75 of 16: 23.4375 %
    assert "23.4%" in share.answer and rendered_first_time(share)


@pytest.mark.parametrize(
    ("previous", "question", "says"),
    [
        ("올해 연차 몇 퍼센트 썼어?", "작년엔?", "2025년에 받은 15일 중 11.5일, 76.7%를 썼어요"),
        (
            "What share of my leave have I used this year?",
            "and 2025?",
            "of the 15 days granted for 2025: 76.7%",
        ),
        ("반차 몇 번 더 쓸 수 있어?", "작년은요?", "반차로 쓸 수 있는 연차가 없어요"),
    ],
)
async def test_a_bare_follow_up_asks_the_same_arithmetic_for_its_year(hr, minsu, previous, question, says):
    turn = await ask(await roster_bot(hr), minsu, question, previous)
    assert lookups(turn) == [("get_leave_balance", 2025)], turn.answer
    assert says in turn.answer and rendered_first_time(turn), turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "I'd like to take a few days off in December, how many do I have?",
        "12월에 연차 쓰고 싶은데 몇 개 있어?",
    ],
)
async def test_leave_wanted_in_a_month_is_not_that_months_records(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [] and turn.answer in CANNOT, turn.answer


async def test_a_what_if_naming_a_day_it_does_not_place_is_declined(hr, minsu):
    turn = await ask(
        await roster_bot(hr), minsu, "How many days would be left after taking Dec 21 and Dec 22?"
    )
    assert lookups(turn) == [] and turn.answer in CANNOT, turn.answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("if i take dec 28 thru dec 31 off how many days would i have left", "to 3.5 days"),
        ("If I take a half day on Dec 4 and the whole day on Dec 7, what's left?", "to 6 days"),
        ("12월 24일 오후 반차 + 12월 31일 반반차 쓰면 잔여 얼마?", "6.75일이 돼요"),
        ("12월 14일부터 18일까지 + 12월 31일 반차 쓰면 몇 개 남아요?", "2일이 돼요"),
        ("12월 24일 하루 연차 가능해요?", "6.5일이 돼요"),
        ("연말에 12/21~24 붙여서 쉬려는데 그럼 몇 개 남음?", "3.5일이 돼요"),
    ],
)
async def test_days_off_listed_by_date_with_their_sizes_are_worked_out(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert says in turn.answer, turn.answer


async def test_days_off_joined_by_a_verb_are_each_their_own(hr, minsu):
    # after the eighteenth set: "…반차 쓰고 28일부터 31일까지 연차 내면" is a half day and a stretch, not a
    # stretch of half days from the 24th to the 31st
    turn = await ask(
        await roster_bot(hr), minsu, "12월 24일 오후 반차 쓰고 28일부터 31일까지 연차 내면 몇 개 남음?"
    )
    assert "4.5일" in turn.answer and "3일이 돼요" in turn.answer, turn.answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        # every Friday of December is four Fridays (the 25th a holiday), not this coming Friday alone
        ("If I take every Friday in December off, how many days will I have left?", "to 4.5 days"),
        ("12월 매주 금요일 반차 쓰면 몇 개 남아?", "6일이 돼요"),
        ("If I take the week of Dec 14 off, how many days would I have left?", "to 2.5 days"),
    ],
)
async def test_every_weekday_of_a_month_and_the_week_of_a_day_are_each_of_their_days(
    hr, minsu, question, says
):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert says in turn.answer, turn.answer
