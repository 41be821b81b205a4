"""The number check's readings taught after the fiftieth and fifty-first held-out answer sets, each as a
kind (the questions here are worded apart from the sets'): a date named with its weekday pins its year; a
count of something else is no amount to compute with; a weekday before a day of the month, or "N일에", is a
date; today and the year's end named as a span's ends; how sure the person is is no share asked; "다 썼나?"
answered by what is left; the asker new themselves; an embedded "who" in a story; quarter days counted;
the Act's base rule for the asker's own figure beside their years of service."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.grounding.statements import Written
from bot.language.dates import blank_dates, weekdays_named
from bot.language.number_tokens import amounts_in
from bot.language.questions import about_someone_else
from tests.support.answers import BALANCE_2026, written

BALANCE_2025: dict[str, Any] = {
    "tool": "get_leave_balance",
    "input": {"year": 2025},
    "result": {"year": 2025, "granted": "15", "used": "13"},
}
ENTITLEMENT = {
    "tool": "get_leave_entitlement",
    "input": {},
    "result": {
        "hire_date": "2021-04-05",
        "service_years": 5,
        "current_days": "17",
        "next_grant_date": "2027-04-05",
        "next_grant_days": "17",
    },
}


def _reasons(written: Written) -> str:
    return " ".join(p.reason for p in written.problems)


def test_a_date_named_with_its_weekday_is_of_the_year_it_falls_so():
    # asked in December: January 8 is a Friday in 2027, a Thursday in 2026
    question = "1월 8일 금요일 하루 쉬면 주말까지 며칠 연속이에요?"
    wrong_year = written(question, [(question, ['in_a_row("2026-01-08", "2026-01-08")'])], today="2026-12-10")
    assert "another weekday" in _reasons(wrong_year)
    assert written(question, [(question, ['in_a_row("2027-01-08", "2027-01-08")'])], today="2026-12-10").holds
    assert weekdays_named("Fri Jan 8 and January 11 (Mon)") == {(1, 8, 4), (1, 11, 0)}
    # a weekday that fits no year near is the person's slip: the date counts
    slip = "12월 24일 수요일 반차 쓰면 몇 개 남아?"  # Thursday in 2026, Tuesday in 2025, Friday in 2027
    assert "another weekday" not in _reasons(
        written(slip, [(slip, ['plan(["2026-12-24", 0.5])'])], today="2026-11-29")
    )


def test_a_count_of_something_else_is_no_amount_of_leave():
    question = "Moving house with my 2 kids on Dec 10, so I need that day off. What's left after?"
    assert "no such number" in _reasons(written(question, [(question, ["what_if(2026, q(2))"])]))
    assert written(question, [(question, ['what_if_days("2026-12-10", "2026-12-10")'])]).holds


def test_a_weekday_before_a_day_of_the_month_is_a_date():
    assert Decimal(8) not in amounts_in(blank_dates("다음 주 화요일 8일에 병원 가야 해서 쉬려고요"))
    assert Decimal(8) not in amounts_in(blank_dates("화요일(8일) 쉬면"))
    assert Decimal(3) in amounts_in(blank_dates("3일에 걸쳐 쉬면"))  # over three days: an amount


def test_today_and_the_years_end_are_a_spans_ends():
    question = "how many working days from today to the end of the year?"
    answer = [(question, ['working_days("2026-12-14", "2026-12-31")'])]
    assert written(question, answer, today="2026-12-14").holds


def test_how_sure_the_person_is_asks_no_share():
    question = "I'm 100% sure I was off on Dec 4, is that on record?"
    taken = {
        "tool": "list_leave_taken",
        "input": {"year": 2026},
        "result": {"year": 2026, "records": [{"date": "2026-12-04", "days": "1", "type": "annual"}]},
    }
    answer = [(question, ['record("2026-12-04")'])]
    assert written(question, answer, today="2026-12-10", lookups=[BALANCE_2026, taken]).holds


def test_whether_all_was_used_is_answered_by_what_is_left():
    question = "작년 연차 다 쓴 거 맞아요?"
    assert written(question, [(question, ["remaining(2025)"])], lookups=[BALANCE_2025]).holds
    # "how many did I use" still owes what was used
    used = "작년에 연차 몇 개 썼어요?"
    assert not written(used, [(used, ["remaining(2025)"])], lookups=[BALANCE_2025]).holds


def test_the_asker_new_themselves_is_no_colleague():
    question = "올해 입사한 신입인데요, 신입은 연차가 어떻게 생겨요?"
    assert not about_someone_else(question)
    assert about_someone_else("신입 민재 씨는 연차가 몇 개예요?")


def test_an_embedded_who_in_a_story_asks_nothing_but_an_opening_one_does():
    declined = "Does Jun from marketing have leave left?"
    story = "We are sorting out who covers the release. " + declined
    assert written(story, [(declined, ["only_own_leave()"])]).holds
    asks = "How many days do I have left? also is there a cap I will reach"
    assert not written(asks, [("How many days do I have left?", ["remaining(2026)"])]).holds


def test_quarter_days_are_not_counted_by_half_days_left():
    question = "남은 연차로 반반차 몇 번 쓸 수 있어요?"
    assert "quarter days" in _reasons(written(question, [(question, ["half_days_left(2026)"])]))
    halves = "남은 연차로 반차 몇 번 쓸 수 있어요?"
    assert written(halves, [(halves, ["half_days_left(2026)"])]).holds


def test_the_acts_base_rule_is_not_the_askers_own_figure_beside_their_years():
    question = "근속 몇 년인지, 그리고 제가 법적으로 받는 연차가 몇 일인지 알려주세요"
    lookups = [ENTITLEMENT]
    assert not written(question, [(question, ["service_years()", 'act_rule("base")'])], lookups=lookups).holds
    assert written(question, [(question, ["service_years()", "current_days()"])], lookups=lookups).holds


def test_working_days_left_run_to_the_years_or_the_months_end():
    question = "how many working days are left this year, starting tomorrow?"
    assert written(question, [(question, ['working_days("2026-11-30", "2026-12-31")'])]).holds
    # from today, when the question says tomorrow
    assert not written(question, [(question, ['working_days("2026-11-29", "2026-12-31")'])]).holds
    month = "12월에 남은 영업일 며칠이에요?"
    assert written(month, [(month, ['working_days("2026-12-01", "2026-12-31")'])], today="2026-12-01").holds


# ----- the fifty-second and fifty-third sets' kinds ---------------------------------------------------------


def test_a_day_more_said_in_words_is_taken_not_echoed():
    question = "반차 2번이랑 연차 하루 더 쓰면 몇 개 남아요?"
    assert not written(question, [(question, ["what_if(2026, q(2) * 0.5)"])]).holds


def test_on_the_24th_is_a_date_not_an_amount():
    assert Decimal(24) not in amounts_in(blank_dates("half day on the 24, what's left"))


def test_a_figure_claimed_of_someone_else_is_not_confirmed_for_the_asker():
    question = "김과장님은 연차 9개 남았다던데 맞아요? 저는 몇 개 남았어요?"
    answer = [(question, ["claimed(2026, q(9))", "remaining(2026)"])]
    assert "someone else" in _reasons(written(question, answer))


def test_days_named_to_take_are_taken_by_their_dates():
    # (Christmas Day and a weekend inside: one working day, not four)
    question = "12월 24일부터 27일까지 4일 쉬면 몇 개 남아?"
    assert "names the days" in _reasons(written(question, [(question, ["what_if(2026, q(4))"])]))
    told = "If I take Dec 22 off, what's left? I think I have 6."
    assert not written(told, [(told, ["what_if(2026, q(6))"])]).holds
    # one day named with one day's part is that day
    half = "12월 22일 오후 반차 하나 쓰면 몇 개 남아?"
    assert written(half, [(half, ["what_if(2026, q(1) * 0.5)"])]).holds


def test_seollal_said_alone_names_its_days():
    question = "2027년 설에 대체공휴일 있어요?"
    answer = [(question, ['day("2027-02-07")', 'day("2027-02-09")'])]
    assert written(question, answer, today="2026-10-14").holds


def test_which_days_a_holiday_falls_on_is_no_record_asked():
    question = "Which days are the 2027 Chuseok holidays?"
    answer = [(question, ['day("2027-09-14")', 'day("2027-09-15")', 'day("2027-09-16")'])]
    assert written(question, answer, today="2026-10-14").holds


def test_a_day_of_the_month_past_which_leave_lapses_is_a_date():
    assert Decimal(31) not in amounts_in(blank_dates("31일 지나면 다 없어진다고 들었는데"))


def test_a_tag_left_after_a_quote_asks_nothing():
    question = "3월 2일 쉬면 며칠 연속이에요?"
    answer = [("3월 2일 쉬면 며칠 연속", ['in_a_row("2027-03-02", "2027-03-02")'])]
    assert written(question, answer, today="2026-12-10").holds


def test_the_askers_own_what_if_beside_a_colleague_named_in_a_premise():
    question = "지현님이랑 7월 3일에 같이 쉬기로 했어요. 저는 그날 쓰면 몇 개 남아요? 지현님 건요?"
    answer = [
        ("저는 그날 쓰면 몇 개 남아요?", ['what_if_days("2026-07-03", "2026-07-03")']),
        ("지현님 건요?", ["only_own_leave()"]),
    ]
    assert written(question, answer, today="2026-06-20").holds


# ----- the fifty-fourth and fifty-fifth sets' kinds ---------------------------------------------------------


def test_the_askers_own_plan_beside_their_team_is_theirs():
    question = "팀원들 반차 다 승인해 주고 저도 12월 24일 오후 반차 쓰려고요. 그럼 남은 연차 몇 개예요?"
    answer = [(question, ['plan(["2026-12-24", "2026-12-24", 0.5])'])]
    assert written(question, answer, today="2026-12-07").holds


def test_a_figure_someone_told_the_asker_about_their_own_leave_is_theirs_to_check():
    question = "My manager says I only have 6 days left. Is that correct?"
    assert "someone else" not in _reasons(written(question, [(question, ["claimed(2026, q(6))"])]))


def test_days_it_takes_are_not_the_days_until_its_end():
    question = "12월 21일부터 31일까지 쉬면 연차 며칠 써야 돼요?"
    assert not written(question, [(question, ['days_until("2026-12-31")'])], today="2026-12-01").holds


def test_a_decline_beside_the_askers_figures_still_owes_their_other_asks():
    question = "제 올해 남은 연차랑, 그중 12월 31일에 소멸되는 거, 그리고 김주임 남은 것도 알려주세요"
    answer = [(question, ["remaining(2026)", "only_own_leave()"])]
    assert "expires" in _reasons(written(question, answer, today="2026-12-02"))


def test_years_named_in_a_sentence_of_their_own_are_the_asks():
    question = "For my visa I need the leave I used in 2024 and 2025. Can you give me each year?"
    lookups = [
        BALANCE_2025,
        {**BALANCE_2025, "input": {"year": 2024}, "result": {**BALANCE_2025["result"], "year": 2024}},
    ]
    answer = [("Can you give me each year?", ["used(2024)", "used(2025)"])]
    assert written(question, answer, lookups=lookups).holds


def test_hours_at_eight_a_day_are_not_the_hours_of_a_shorter_day():
    question = "I work 6-hour days. How many hours of leave do I have left?"
    answer = [("How many hours of leave do I have left?", ["hours_left(2026)"])]
    assert "another length" in _reasons(written(question, answer))


def test_the_same_ask_for_another_year_is_not_declined():
    question = "작년 연차 며칠 썼어요? 재작년은요?"
    answer = [("작년 연차 며칠 썼어요?", ["used(2025)"]), ("재작년은요?", ["cannot_answer()"])]
    assert "another year" in _reasons(written(question, answer, lookups=[BALANCE_2025]))


def test_a_plans_days_long_past_this_year_are_next_years():
    question = "How many working days are there from January 11 to January 15?"
    past = [(question, ['working_days("2026-01-11", "2026-01-15")'])]
    assert not written(question, past, today="2026-12-18").holds
    assert written(
        question, [(question, ['working_days("2027-01-11", "2027-01-15")'])], today="2026-12-18"
    ).holds


def test_days_held_in_requests_are_pending_not_what_is_left():
    question = "How many days do I have in requests still waiting for approval?"
    balance = {**BALANCE_2026, "result": {**BALANCE_2026["result"], "pending": "1"}}
    assert written(question, [(question, ["pending(2026)"])], lookups=[balance]).holds


# ----- the fifty-sixth and fifty-seventh sets' kinds ---------------------------------------------------------


def test_a_sentence_told_with_an_asking_word_inside_it_asks_nothing():
    story = "I just got back from paternity leave and I have no idea what state my leave is in. "
    question = story + "What's my balance for this year?"
    answer = [("What's my balance for this year?", ["balance(2026)"])]
    assert written(question, answer).holds
    told = "팀장님도 본인 연차가 몇 개인지 모르더라고요. 제 연차는 몇 개 남았어요?"
    assert written(told, [("제 연차는 몇 개 남았어요?", ["remaining(2026)"])]).holds
    # ...but a request without a question mark still asks
    asks = "What's my balance for this year? Please also tell me what lapses"
    assert not written(asks, [("What's my balance for this year?", ["remaining(2026)"])]).holds


def test_weeks_off_are_no_days_but_weeks_of_occasions_count_them():
    question = "겨울에 2주 정도 길게 쉬면 연차 몇 개 남을까요?"
    assert "no such number" in _reasons(written(question, [(question, ["what_if(2026, q(2))"])]))
    fridays = "what if I take a half day every Friday for the next 6 weeks? how much would I have left"
    assert written(fridays, [(fridays, ["what_if(2026, q(6) * 0.5)"])], today="2026-08-03").holds


def test_half_days_counted_are_not_the_days_used():
    question = "올해 반차 몇 번 썼는지 궁금해요."
    assert "half days taken" in _reasons(written(question, [(question, ["used(2026)"])]))


def test_an_ask_taken_back_is_not_owed():
    question = "올해 반차 몇 번 썼어요? 아 아니다, 그냥 올해 쓴 연차 전체 며칠인지요"
    answer = [("그냥 올해 쓴 연차 전체 며칠인지요", ["used(2026)"])]
    assert written(question, answer).holds


# ----- a review's findings ------------------------------------------------------------------------------------


def test_words_that_only_look_like_the_new_readings_are_not_read_as_them():
    # "wedding" is no Wednesday; "may" the verb is no May; "20일 넘으면" is more than 20 days
    assert weekdays_named("my sister's wedding June 14") == set()
    assert Decimal(20) in amounts_in(blank_dates("연차가 20일 넘으면 수당으로 나와요?"))
    assert Decimal(3) in amounts_in(blank_dates("연차 3일에 반차 하나 쓰면 몇 개 남아?"))
    # leave taken two hours a day is no shorter working day
    question = "남은 연차를 하루 2시간씩 쓰면 몇 시간 남아?"
    assert "another length" not in _reasons(written(question, [(question, ["hours_left(2026)"])]))
    # "used up to now" still asks what was used
    used = "How many days have I used up to now, and how many are left?"
    assert not written(used, [(used, ["remaining(2026)"])]).holds


def test_an_ask_after_a_greeting_is_an_ask():
    question = "Is Christmas a holiday? hey how many days do I have left"
    answer = [("Is Christmas a holiday?", ['day("2026-12-25")'])]
    assert not written(question, answer).holds
