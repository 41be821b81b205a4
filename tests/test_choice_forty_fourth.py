"""The number check's readings taught after the forty-second to forty-fifth held-out answer sets, each as a
kind (not the sets' phrasings; the questions here are worded apart from them): a clause of background is
told, not asked; days listed with commas and dated by their weekday are days; a decline as someone else's
for a question in the first person naming nobody; a colleague's part held to its own words; a failed lookup
excusing only its own year; a month's use; days that fit; a day's year."""

from __future__ import annotations

from decimal import Decimal

from bot.language.asked_words import SENTENCE
from bot.language.dates import blank_dates
from bot.language.number_tokens import amounts_in
from tests.support.answers import BALANCE_2026, written


def test_a_clause_of_background_is_told_not_asked():
    question = "반차를 자꾸 쪼개 써서 그런데 올해 남은 연차는 몇 개예요?"
    assert written(question, [("올해 남은 연차는 몇 개예요?", ["remaining(2026)"])]).holds
    # ...but one that names a day no statement is about still asks of it
    dated = "10/9 공휴일인데 쉬었는데 그날도 연차로 빠졌어요?"
    assert not written(dated, [("그날도 연차로 빠졌어요?", ["balance(2026)"])]).holds


def test_days_listed_with_commas_or_dated_by_their_weekday_are_days():
    question = "9월 21, 22, 23일 쉬면 총 며칠 연속으로 쉬어?"
    assert written(question, [(question, ['in_a_row("2026-09-21", "2026-09-23")'])]).holds
    # "25일 금요일" is a date, not 25 days
    assert Decimal(25) not in amounts_in(blank_dates("추석이 25일 금요일이니까 28일도 쉬어?"))


def test_a_decline_as_someone_elses_for_the_askers_own_question_is_stopped():
    own = "제 올해 남은 연차가 몇 개인지 봐주세요"
    assert "the question is the asker's own" in " ".join(
        p.reason for p in written(own, [(own, ["only_own_leave()"])]).problems
    )
    named = "민지 씨 올해 남은 연차 몇 개인지 봐주세요"
    assert written(named, [(named, ["only_own_leave()"])]).holds


def test_a_colleagues_part_is_held_to_its_own_words():
    question = "How many days do I have left, and how many does my lead, Sora Kim, have left?"
    answered = written(
        question,
        [
            ("How many days do I have left", ["remaining(2026)"]),
            ("how many does my lead, Sora Kim, have left?", ["balance(2026)"]),
        ],
    )
    assert "about a colleague" in " ".join(p.reason for p in answered.problems)


def test_a_failed_lookup_excuses_only_its_own_year():
    lookups = [
        {
            "tool": "get_leave_balance",
            "input": {"year": 2023},
            "result": {"error": "no record for 2023; records exist for 2025, 2026"},
        },
        {
            "tool": "get_leave_balance",
            "input": {"year": 2025},
            "result": {"year": 2025, "granted": "15", "used": "12"},
        },
    ]
    question = "How many days did I use in 2023 and in 2025?"
    assert not written(question, [(question, ["lookup_failed()"])], lookups=lookups).holds
    assert written(question, [(question, ["lookup_failed()", "used(2025)"])], lookups=lookups).holds


def test_a_months_use_days_that_fit_and_a_days_year():
    month = "How many days off did I take in October?"
    assert not written(month, [(month, ["used(2026)"])]).holds
    fit = "Is what I have left enough for Dec 28 to Dec 30?"
    assert not written(fit, [(fit, ["remaining(2026)"])]).holds
    # asked in February, "April 1" is this year's
    until = "How many days until April 1?"
    assert not written(until, [(until, ['days_until("2027-04-01")'])], today="2026-02-10").holds
    assert written(until, [(until, ['days_until("2026-04-01")'])], today="2026-02-10").holds


def test_the_forty_sixth_kinds():
    # a decimal point ends no sentence, and an emoji ends one
    said = "지난주에 8.5일 남았다고 들었어요. 결재 대기 중인 신청 있어요?"
    assert "지난주에 8.5일 남았다고 들었어요." in SENTENCE.findall(said)
    story = "Back from the beach 🏖️ How many working days are there in March?"
    march = [(story.split("🏖️ ")[1], ['working_days("2026-03-01", "2026-03-31")'])]
    assert written(story, march, today="2026-02-20").holds
    # a bare follow-up in hours asks the hours
    assert not written("그럼 시간으로는?", [("그럼 시간으로는?", ["remaining(2026)"])]).holds
    # a plan, a question mark, then what it leaves
    plan = "12월 28일부터 30일까지 휴가 내면 며칠 빠져요? 그럼 몇 개 남아요?"
    assert not written(plan, [(plan, ['working_days("2026-12-28", "2026-12-30")', "remaining(2026)"])]).holds
    # 하루 with a day to take is an amount the what-if owes
    days = "금요일에 하루 연차 쓰고 반차 2번 더 쓰면 몇 개 남아요?"
    assert not written(days, [(days, ["what_if(2026, q(2) * 0.5)"])]).holds
    # a list of days asked is not the latest one alone
    listing = "올해 쓴 연차 내역 보여줘"
    assert not written(listing, [(listing, ["latest(2026)"])], lookups=[TAKEN_2026]).holds
    # the asker's own figure asked beside a colleague's, declined whole
    both = "김서준 님 연차랑 제 연차 남은 거 알려주세요"
    assert not written(both, [(both, ["only_own_leave()"])]).holds
    # two trips told, both taken: the second's days are owed too
    trips = "Two trips left this year: 2 days in October and 1 more in December. If I take both, what's left?"
    assert not written(trips, [("If I take both, what's left?", ["what_if(2026, q(2))"])]).holds
    assert written(trips, [("If I take both, what's left?", ["what_if(2026, q(2) + q(1))"])]).holds


TAKEN_2026 = {
    "tool": "list_leave_taken",
    "input": {"year": 2026},
    "result": {"year": 2026, "records": [{"date": "2026-03-02", "days": "1", "type": "annual"}]},
}


def test_the_forty_eighth_kinds():
    # the run of days off stated is no amount left out ("총 4일 연속 맞아?")
    run = "10월 2일 금요일 하루 쓰면 총 4일 연속으로 쉬는 거 맞아?"
    assert written(run, [(run, ['in_a_row("2026-10-02", "2026-10-02")'])], today="2026-09-01").holds
    # a year to come named beside the next grant is answered by it
    ahead = "올해 남은 거 몇 개고 내년엔 몇 개 받게 돼요?"
    entitlement = {
        "tool": "get_leave_entitlement",
        "input": {},
        "result": {
            "hire_date": "2024-03-04",
            "service_years": 2,
            "current_days": "15",
            "next_grant_date": "2027-03-04",
            "next_grant_days": "16",
        },
    }
    assert written(
        ahead,
        [("올해 남은 거 몇 개고", ["remaining(2026)"]), ("내년엔 몇 개 받게 돼요?", ["next_grant()"])],
        lookups=[BALANCE_2026, entitlement],
    ).holds
    # "how many did I get" asks what was granted; every two years is the extra days' rule
    got = "How many days did I get in 2026?"
    assert not written(got, [(got, ["remaining(2026)"])]).holds
    every_two = "2년마다 하루씩 는다는 게 법이에요?"
    assert not written(every_two, [(every_two, ['act_rule("base")'])]).holds
    # a dated day asked in the past is that day's record
    day = "10월 8일에 연차 썼는지 확인해줘"
    assert not written(day, [(day, ["used(2026)"])]).holds
    # a calendar question beside a colleague is no one's leave
    calendar = "팀원들 일정 짜는데 12월 근무일 며칠이에요?"
    assert not written(calendar, [(calendar, ["only_own_leave()"])]).holds


def test_a_day_that_is_no_date_beside_a_span_stops_nothing_and_raises_nothing():
    # "2월 30일" is named but is no date: reading it beside a span the statements cover must not fail
    question = "2월 2일부터 6일까지 쉬는데, 2월 30일에도 쉬면 몇 개 남아?"
    answered = written(
        question, [("몇 개 남아?", ['what_if_days("2026-02-02", "2026-02-06")'])], today="2026-01-05"
    )
    assert answered.statements == 1


def test_at_the_acts_most_the_next_growth_is_said_so():
    capped = {
        "tool": "get_leave_entitlement",
        "input": {},
        "result": {
            "hire_date": "2000-01-03",
            "service_years": 26,
            "current_days": "25",
            "next_grant_date": "2027-01-03",
            "next_grant_days": "25",
        },
    }
    question = "When does my annual leave go up?"
    answered = written(question, [(question, ["grows_to()"])], lookups=[capped])
    assert "already at the Act's most, 25 days" in answered.text
