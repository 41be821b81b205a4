"""Issue 31, the categories the twenty-eighth and twenty-ninth held-out sets got wrong or declined for the
wrong reason: a day asked in the past tense is the last one passed; a count of days is no name ("하루만
연차"), nor "from it" a colleague in IT; the past tense right after a part about last year stays there.
Worded apart from those sets. Asked as E1001 (김민수) on 2026-11-29: 2025 granted 15, used 11.5, lapsed 3.5."""

from __future__ import annotations

from tests.support.offline_chat import ask, lookups, roster_bot


async def test_a_day_asked_in_the_past_tense_is_the_last_one(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "was oct 3 a public holiday?")
    assert "2027" not in turn.answer and "October 3" in turn.answer, turn.answer


async def test_a_count_of_days_is_no_name(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "12월 4일 하루만 연차 쓰면 몇 개 남아?")
    assert lookups(turn)[:1] == [("get_leave_balance", 2026)], turn.answer


async def test_from_it_is_no_colleague_in_it(hr, minsu):
    turn = await ask(
        await roster_bot(hr), minsu, "what's the legal maximum of annual leave? how far am I from it"
    )
    assert "anyone else's leave" not in turn.answer, turn.answer


async def test_the_past_tense_after_a_part_about_last_year_stays_there(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "작년 연차 몇 개 썼어요? 남은 건 어떻게 됐어요?")
    assert lookups(turn) == [("get_leave_balance", 2025)] and "소멸 3.5일" in turn.answer, turn.answer


async def test_hedges_name_no_figure(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "올해 남은 연차 진짜 정확히 몇 개예요?")
    assert lookups(turn) == [("get_leave_balance", 2026)] and "7.5일" in turn.answer, turn.answer


async def test_someone_elses_day_off_is_no_request(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "who else is off on dec 31?")
    assert ("draft_leave_request", None) not in lookups(turn) and "Submit" not in turn.answer, turn.answer


async def test_days_taken_told_before_a_question_are_no_request(hr, minsu):
    question = "3월에 반차 한 번 쓴 게 다인데, 12월에 남은 거 다 쓰고 싶어요. 12월 근무일이 며칠이에요?"
    turn = await ask(await roster_bot(hr), minsu, question)
    assert "신청" not in turn.answer and "초안" not in turn.answer, turn.answer


async def test_a_date_asked_in_a_month_is_no_count(hr, minsu):
    turn = await ask(
        await roster_bot(hr), minsu, "워크숍이 12월 며칠인지, 그날은 근무일로 치는 건지 알려주세요."
    )
    assert "근무일은 22일" not in turn.answer, turn.answer


async def test_a_fixed_answer_does_not_half_answer_two_asks(hr, minsu):
    question = "1월 공휴일은 며칠 무슨 요일인지, 그리고 1월 근무일은 총 며칠인지 알려줘"
    turn = await ask(await roster_bot(hr), minsu, question)
    assert "날짜로 물어봐" not in turn.answer, turn.answer


async def test_the_past_tense_after_last_year_carries_into_a_share_or_a_count(hr, minsu):
    share = await ask(
        await roster_bot(hr), minsu, "Did I use all my leave in 2025? And what percent did I use?"
    )
    assert "2026" not in share.answer, share.answer
    count = await ask(await roster_bot(hr), minsu, "작년엔 연차 다 썼었나? 몇 개 썼지?")
    assert lookups(count) == [("get_leave_balance", 2025)], count.answer


async def test_feb_29_asked_in_the_past_tense_in_a_year_with_none_raises_nothing(hr, minsu):
    from datetime import date

    from bot.llm.reading import calendar_asked

    assert calendar_asked("was feb 29 a holiday?", date(2027, 3, 1)) == ("get_day", {"date": "2028-02-29"})
