"""Issue 31, the categories the ninth held-out set declined, each read as a category (a stretch written short
or with its count, relative days in a what-if, …), not as the set's phrasings. Each question here is worded
apart from that set. Asked as E1001 (김민수) on 2026-11-29: 2026 granted 15, used 7.5, left 7.5."""

from __future__ import annotations

import pytest

from tests.support.offline_chat import CANNOT, ask, lookups, roster_bot


@pytest.mark.parametrize(
    "question",
    [
        "12/28~31 쉬면 연차 몇 개 남지?",  # the last day's month left to the first
        "12월 28~31일 휴가 내면 남는 연차는?",  # the first day's 일 left to the last
        "12/28-31 4일 연차 쓰면 몇 개 남아?",  # the count said is the stretch's days
        "12월 28일부터 31일까지 통째로 쉬면 남는 거?",
        "I'm doing Dec 28-31 off, what's left?",
    ],
)
async def test_a_stretch_written_short_or_with_its_count_is_that_stretch(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn)[0] == ("get_leave_balance", 2026), turn.answer
    assert "3.5" in turn.answer, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "12/28~31 3일 쉬면 몇 개 남아?",  # a count that is not the stretch's: which one is meant?
        "12/28~31 4일 더 쉬면 몇 개 남아?",  # four more days beside the stretch
    ],
)
async def test_a_count_beside_a_stretch_that_is_not_its_days_is_declined(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert not lookups(turn) and "3.5" not in turn.answer, turn.answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("내일 쉬고 금요일엔 반차 쓰면 몇 개 남아?", "6일"),  # 11/30 and a half day on 12/4
        ("if I take tmrw and fri off what's left", "5.5 days"),  # Friday: the coming one, a plan is ahead
        # tomorrow and the day after, said together: both days (once only the first was taken)
        ("if i take tmrw and the day after off, how many days left?", "5.5 days"),
        ("내일이랑 모레 쉬면 몇 개 남아?", "5.5일"),
    ],
)
async def test_days_named_relative_to_today_in_a_what_if_are_those_days(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn)[0] == ("get_leave_balance", 2026), turn.answer
    assert says in turn.answer, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        # on a Sunday "next Friday" is this coming week's to some and the week after's to others
        "if i took next friday off what would be left",
        "다음주 수요일 쉬면 몇 개 남아?",
        "내일이랑 크리스마스 쉬면 몇 개 남아?",  # a day the relative reader does not read: not dropped
    ],
)
async def test_a_relative_day_with_two_readings_is_not_resolved_silently(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert not lookups(turn) and "남은 연차는 7.5일에서" not in turn.answer, turn.answer


async def test_a_plan_asked_whether_possible_is_whether_it_fits(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "모레 반차 쓰려는데 가능?")
    assert ("get_leave_balance", 2026) in lookups(turn) and turn.answer not in CANNOT, turn.answer


@pytest.mark.parametrize(
    ("question", "previous"),
    [
        ("how many days do I have left, and how many hours would that be?", None),
        ("그럼 시간으로는?", "연차 몇 개 남았지?"),
        ("what about in hours?", "how much pto do i have left"),
    ],
)
async def test_the_days_left_just_asked_are_said_in_hours(hr, minsu, question, previous):
    turn = await ask(await roster_bot(hr), minsu, question, previous)
    assert ("get_leave_balance", 2026) in lookups(turn), turn.answer
    assert "60" in turn.answer, turn.answer


@pytest.mark.parametrize(
    ("question", "previous"),
    [
        ("how many days did I use and how many hours is that?", None),  # hours used: no statement
        ("and in hours?", "how many days did I use this year?"),
    ],
)
async def test_hours_of_days_used_are_not_the_hours_left(hr, minsu, question, previous):
    turn = await ask(await roster_bot(hr), minsu, question, previous)
    assert "60" not in turn.answer, turn.answer


@pytest.mark.parametrize(
    ("question", "tools", "says"),
    [
        ("작년에 못 쓰고 날린 연차 몇 개야?", [("get_leave_balance", 2025)], "3.5"),  # 날리다: what lapsed
        ("소멸 예정 연차는 몇 개고 언제 사라져요?", None, "7.5"),
        ("if i do not use any for the rest of the year how many days do i lose?", None, "7.5"),
    ],
)
async def test_what_lapsed_or_lapses_said_in_other_words_is_read(hr, minsu, question, tools, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert turn.answer not in CANNOT and says in turn.answer, turn.answer
    assert tools is None or lookups(turn) == tools, turn.answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("연차 며칠 썼는지랑 병가 며칠 썼는지 알려주세여", "sick"),  # two types taken, chat spelling
        ("입사한 지 몇 년 됐더라? 기억이 안남", "2년"),
    ],
)
async def test_chat_spellings_that_name_no_figure_are_read(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert turn.answer not in CANNOT and lookups(turn), turn.answer


@pytest.mark.parametrize(
    "question",
    ["근속 몇 년이고 다음 연차는 며칠 생겨?", "입사한 지 몇 년이고 다음 연차 몇 개 나와요?"],
)
async def test_years_of_service_and_the_next_grant_in_one_sentence_are_each_answered(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert "2년" in turn.answer and "16일" in turn.answer, turn.answer


@pytest.mark.parametrize("question", ["반차 쓴 날짜 좀 알려줘", "which days did I take a half day?"])
async def test_the_days_a_part_of_a_day_was_taken_are_its_records(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) and lookups(turn)[0][0] == "list_leave_taken", turn.answer
    assert turn.answer not in CANNOT, turn.answer


async def test_years_of_service_asked_in_chat_spelling_are_read(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "how many yrs have I worked here?")
    assert "2 full years" in turn.answer, turn.answer
