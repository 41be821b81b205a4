"""Issue 31, the categories the twenty-sixth and twenty-seventh held-out sets declined or got wrong: a clause
that opens or closes a question and asks nothing, a follow-up asking the days left in hours, a year still to
come (its leave is the next grant, not a missing record), a friend's story beside the asker's own question.
Each question here is worded apart from those sets. Asked as E1001 (김민수) on 2026-11-29: 2026 granted 15,
used 7.5, left 7.5; 2025 lapsed 3.5; the next grant 16 days on 2027-03-04."""

from __future__ import annotations

import pytest

from tests.support.offline_chat import CANNOT, ask, lookups, roster_bot


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("작년에 소멸된 연차 몇 개였는지 도통 생각이 안 나네", "소멸 3.5일"),
        ("올해 남은 연차 몇 개야, 다음 주 내내 야근이라 지치네", "7.5일"),
        ("how many days do i have left - long week ugh", "7.5 days"),
    ],
)
async def test_a_clause_that_asks_nothing_is_an_aside(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert says in turn.answer and not any(c in turn.answer for c in CANNOT), turn.answer


async def test_a_clause_naming_an_occasion_or_the_leave_is_no_aside(hr, minsu):
    # a wedding may be another kind of leave (경조사): the clause is kept, and the question declined
    turn = await ask(await roster_bot(hr), minsu, "올해 연차 몇 개 남았지, 동생 결혼해서")
    assert lookups(turn) == [], turn.answer  # declined: the balance alone may be the wrong leave


@pytest.mark.parametrize(
    ("previous", "question", "says"),
    [
        ("남은 연차 몇 개야?", "그럼 시간으로 바꾸면?", "60시간"),
        ("what's my balance?", "so in hours?", "60 hours"),
        ("how many days have I got left", "how many hrs is that", "60 hours"),
    ],
)
async def test_the_days_left_just_asked_in_hours(hr, minsu, previous, question, says):
    turn = await ask(await roster_bot(hr), minsu, question, previous=previous)
    assert says in turn.answer, turn.answer


@pytest.mark.parametrize(
    ("previous", "question", "says"),
    [
        ("올해 연차 몇 개 남았어?", "내년은요?", "16일"),
        ("how many days do I have left?", "what about next year?", "16 days"),
    ],
)
async def test_a_year_still_to_come_is_the_next_grant(hr, minsu, previous, question, says):
    turn = await ask(await roster_bot(hr), minsu, question, previous=previous)
    assert ("get_leave_entitlement", None) in lookups(turn), turn.answer
    assert says in turn.answer and "2027" in turn.answer, turn.answer


async def test_a_friends_story_beside_the_askers_own_question_is_the_askers(hr, minsu):
    question = "지난주 친구 돌잔치 다녀왔는데 다들 휴가 얘기뿐이더라. 근데 나 올해 연차 몇 개 남았어?"
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("get_leave_balance", 2026)] and "7.5일" in turn.answer, turn.answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        # Fri Oct 2 off: Sat 3 (개천절), Sun 4, Mon 5 (its substitute) → Fri 2 to Mon 5... and the days before
        ("10월 2일 하루 연차 내면 며칠 연속으로 쉬게 돼?", "연속으로 쉬어요"),
        (
            "12월 28일부터 30일까지 쉬면 연속으로 며칠 쉬어?",
            "12월 25일(금)부터 12월 30일(수)까지 6일",
        ),  # the 31st is a working day
    ],
)
async def test_the_days_off_in_a_row_a_plan_makes_are_the_calendars(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert says in turn.answer and lookups(turn) == [], turn.answer


async def test_how_many_days_one_may_take_in_a_row_is_a_rule(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "연차 최대 며칠까지 연속으로 쓸 수 있어?")
    assert "연속으로 쉬어요" not in turn.answer and lookups(turn) == [], turn.answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        # joined 2024-03-04: 15 + (years - 1) // 2 days: 16 at 3 years (2027-03-04), 20 at 11, 25 at 21 (2045)
        ("법적으로 연차 20개 받는 건 몇 년도부터야?", "2035년 3월 4일"),
        ("when will my yearly leave first reach 25 days?", "March 4, 2045"),
        ("When does my annual leave go up?", "16 days"),
    ],
)
async def test_when_the_acts_grant_grows_is_written_from_the_hire_date(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("get_leave_entitlement", None)] and says in turn.answer, turn.answer


async def test_a_size_the_act_never_gives_is_said_so(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "언제 연차 30개 받게 돼요?")
    assert "최대 25일" in turn.answer, turn.answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("how mnay days off do I have lft?", "7.5 days"),  # a slip of the thumb in words of no figure
        ("연차 밸런스 체크 좀 해주세용", "7.5일"),  # Konglish for the balance
    ],
)
async def test_typos_and_konglish_of_words_of_no_figure_are_read(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("get_leave_balance", 2026)] and says in turn.answer, turn.answer


async def test_a_slip_that_makes_another_word_is_not_taken_for_one(hr, minsu):
    # "hour" is one letter from "our", but a word of its own: what is left in hours is not the days left
    turn = await ask(await roster_bot(hr), minsu, "how many hour do i have")
    assert "7.5 days of annual leave left" not in turn.answer, turn.answer


async def test_the_tenure_told_beside_the_next_grant_is_the_askers_own(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "been here 2 years now. when's my next grant?")
    assert lookups(turn) == [("get_leave_entitlement", None)] and "16 days" in turn.answer, turn.answer


async def test_how_many_days_that_is_after_the_next_grant_is_its_days(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "how many days is that?", previous="when's my next grant?")
    assert "16 days" in turn.answer and "7.5 days" not in turn.answer, turn.answer


async def test_a_lapse_asked_in_the_past_tense_after_last_year_is_last_years(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "작년 연차는 몇 개 썼고 소멸된 건 몇 개였어?")
    assert "소멸 3.5일" in turn.answer and "12월 31일" not in turn.answer, turn.answer
