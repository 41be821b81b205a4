"""Issue 31: a message of several questions is read part by part (bot/llm/compound.py), each part read whole
as a question alone; every lookup the parts need is asked for in one assistant message (parallel tool_use
blocks) and the answer joins each part's. One part unread declines the whole, with no lookup. A what-if over
several listed days counts each day or stretch with the calendar, a half day as half. Asked as E1001 (김민수)
on 2026-11-29: 2026 granted 15, used 7.5, left 7.5; 2025 used 11.5; the next grant 16 days on 2027-03-04."""

from __future__ import annotations

import pytest

from tests.support.offline_chat import CANNOT, ask, lookups, rendered_first_time, roster_bot


@pytest.mark.parametrize(
    ("question", "tools", "says"),
    [
        (
            "Quick one: is Dec 25 a holiday, and how many days do I have left?",
            [("get_day", None), ("get_leave_balance", 2026)],
            ["Christmas Day", "7.5 days of annual leave left"],
        ),
        (
            "can u tell me how many days i have left, how many i used last yr, and how many expired?",
            [("get_leave_balance", 2026), ("get_leave_balance", 2025)],
            ["left for 2026", "11.5 days used", "3.5 days lapsed"],
        ),
        (  # a year relative to the part before is that part's own question, not one asked already
            "How many days did I use last year and the year before?",
            [("get_leave_balance", 2025), ("get_leave_balance", 2024)],
            ["2025", "2024"],
        ),
        (
            "연차 몇 개 남았어? 그리고 작년엔?",
            [("get_leave_balance", 2026), ("get_leave_balance", 2025)],
            ["2025년"],
        ),
        (
            "연차 소멸 날짜가 언제야? 그때 몇 개 없어져?",
            [("get_leave_entitlement", None)],
            ["7.5일", "12월 31일"],
        ),
        (
            "When do I get my next leave grant under the Act, and how many days will it be?",
            [("get_leave_entitlement", None)],
            ["your next leave, 16 days, arises on", "March 4, 2027"],
        ),
    ],
)
async def test_each_question_of_a_message_is_answered_from_lookups_asked_at_once(
    hr, minsu, question, tools, says
):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == tools, turn.answer
    # one round: every tool_use block in the first assistant message, then the answer, rendered as written
    assert rendered_first_time(turn), turn.trace.steps
    assert all(said in turn.answer for said in says), turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "올해 연차 몇 개 남았어? 여름휴가는 며칠 썼어?",  # the second part names a word no reading reads
        "Is Dec 25 a holiday, and how many days does Seoyeon have left?",  # a colleague's, in one part
        "How many days do I have left, and how many did I use on my summer vacation?",
        "2018 balance? 2019? 2020? 2021? 2022? 2023? 2024? 2025? 2026?",  # more lookups than one round runs
        # naming nothing of its own, yet not asking again what the part before answers: never a bare balance
        "When do I get my next leave grant under the Act? How many days do I have now?",
        # a calendar question and one it cannot read: not the calendar's half alone
        "11월 30일부터 12월 4일까지 근무일 며칠이야? 연차로 쉴 수 있음?",
    ],
)
async def test_a_message_with_a_part_it_cannot_read_whole_is_declined_with_no_lookup(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [], turn.answer
    assert turn.answer in CANNOT or "Seoyeon" not in turn.answer, turn.answer


async def test_a_clause_that_asks_nothing_goes_with_the_question_after_it(hr, minsu):
    # "2 years ago" is no question of its own: one question, of 2024 (not 2024 and then this year)
    turn = await ask(await roster_bot(hr), minsu, "2 years ago, how many days off did I take?")
    assert [year for _, year in lookups(turn)] == [2024], turn.answer


@pytest.mark.parametrize(
    ("question", "counted", "says"),
    [
        (
            "if I take Dec 24 and 28 off, how many days will I have left?",
            [("2026-12-24", "2026-12-24"), ("2026-12-28", "2026-12-28")],
            "your leave left for 2026 goes from 7.5 days to 5.5 days",
        ),
        (
            "12/24(목) 반차, 12/28(월)~12/31(목) 연차 쓰면 남는 거?",
            [("2026-12-24", "2026-12-24"), ("2026-12-28", "2026-12-31")],
            "12월 24일(목) 반차, 12월 28일(월)~12월 31일(목), 모두 4.5일을 쓰시면 2026년 남은 연차는 7.5일에서 3일이 돼요",  # 7.5 - 0.5 - 4
        ),
        (
            "12월 24일, 28일, 29일, 30일, 31일 쉬면 연차 얼마 남아?",
            [("2026-12-24", "2026-12-24"), ("2026-12-28", "2026-12-31")],
            "12월 24일(목), 12월 28일(월)~12월 31일(목) 근무일 5일을 쓰시면 2026년 남은 연차는 7.5일에서 2.5일이 돼요",
        ),
        (
            "12월 24일이랑 26일 쉬면 연차 몇 개 남아?",  # a Saturday: said by code ({day(…)})
            [("2026-12-24", "2026-12-24"), ("2026-12-26", "2026-12-26")],
            "12월 26일(토)은 주말이에요. 12월 24일(목) 근무일 1일을 쓰시면 2026년 남은 연차는 7.5일에서 6.5일이 돼요",
        ),
    ],
)
async def test_a_what_if_over_listed_days_counts_each_with_the_calendar(hr, minsu, question, counted, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    calls = [
        (c.input.get("start"), c.input.get("end"))
        for c in turn.trace.tool_calls
        if c.name == "count_working_days"
    ]
    assert lookups(turn)[0] == ("get_leave_balance", 2026) and calls == counted, turn.answer
    assert says in turn.answer and rendered_first_time(turn), turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "if I take Dec 24 and 3 more days, how many left?",  # an amount, not the 3rd
        "if I take Dec 24 and tomorrow off, how many left?",  # a date beside a day placed from today
        "다음주 월, 수 쉬면 몇 개 남아?",  # weekdays not one stretch
    ],
)
async def test_days_it_cannot_place_in_a_list_are_declined(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [] and turn.answer in CANNOT, turn.answer


async def test_years_joined_by_and_in_one_question_are_not_split(hr, minsu):
    # one question over two years (a total), read whole: not each year's balance
    turn = await ask(await roster_bot(hr), minsu, "how many days did I use in 2025 and 2026 combined?")
    assert {year for _, year in lookups(turn)} == {2025, 2026} and "19" in turn.answer, turn.answer


async def test_a_total_over_two_years_is_not_answered_year_by_year(hr, minsu):
    # "2025 and 2026 combined": one total, which two balances side by side do not state
    turn = await ask(
        await roster_bot(hr),
        minsu,
        "how many days did I get in 2025 and 2026 combined, and how many are left in total?",
    )
    assert "offline" in turn.answer, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "how many days do I have left? my manager keeps asking about vacations lol",
        "How many days do I have left? The family keeps talking about a trip.",
    ],
)
async def test_a_story_told_beside_the_question_changes_no_figure(hr, minsu, question):
    # a sentence told, not asked, naming no number, year, day, condition or plan: read past, not declined
    turn = await ask(await roster_bot(hr), minsu, question)
    assert "7.5" in turn.answer, turn.answer


async def test_a_story_with_a_number_or_a_plan_is_still_read_word_for_word(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "Took 3 days in spring. How many days do I have left?")
    assert "offline" in turn.answer, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "반차로 쓰면 몇 개 남아요?",  # after one half day, or how many halves: not read as either
        "I'm taking next Friday off. How many days do I have left?",  # a plan told is no story
    ],
)
async def test_a_plan_beside_the_ask_is_never_read_past(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert "7.5" not in turn.answer, turn.answer


async def test_a_whole_week_beside_half_days_keeps_the_week_whole(hr, minsu):
    question = (
        "If I take the whole week of Dec 7-11 off and half days on Dec 24 and Dec 31, how much is left?"
    )
    turn = await ask(await roster_bot(hr), minsu, question)
    assert "6 days" in turn.answer and "1.5 days" in turn.answer, turn.answer
