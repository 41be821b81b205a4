"""The number check's readings after the sixty-fourth and sixty-fifth held-out answer sets and a review of
the session's change (the questions here are worded apart from the sets'): the days beside a holiday
asked (its substitute, "the Monday"); a day asked by its weekday; "25일은 공휴일"; a request awaiting
approval named by its day; a company rule around holidays; the first leave, not the latest; days counted in
words over a span; and what the review found — a team whose figures are asked, "mine" negated, a first
year's next month, the Act's maximum, a weekday's own sentence, an unpunctuated ask, "when did I start",
statements beside the ones that fit, sizes listed twice, a grant's date among a plan's days."""

from __future__ import annotations

from datetime import date

from bot.language.questions import about_someone_else, theirs
from bot.language.relative_days import relative_days
from tests.support.answers import BALANCE_2026, entitlement_lookup, records_lookup, written
from tests.support.answers import holds as one

ENTITLEMENT = entitlement_lookup("2024-02-05", 2, "15", "2027-02-05", "16")
FIRST_YEAR = entitlement_lookup("2026-06-03", 0, "5", "2026-12-03", "1")
RECORDS = records_lookup(2026, ("2026-02-20", "1", "annual"), ("2026-10-30", "1", "annual"))


def test_the_days_beside_a_holiday_asked():
    question = "광복절이 토요일이죠? 대체공휴일 있어요?"
    assert one(question, 'day("2026-08-15")', 'day("2026-08-17")', today="2026-08-03", lookups=[])
    parts = [("광복절이 토요일이죠?", ['day("2026-08-15")']), ("대체공휴일 있어요?", ['day("2026-08-17")'])]
    assert written(question, parts, today="2026-08-03", lookups=[]).holds


def test_a_day_asked_by_its_weekday_falls_on_it():
    question = "다음 달 둘째 금요일이 며칠이에요?"
    assert one(question, 'day("2026-12-11")', lookups=[])
    assert not one(question, 'day("2026-12-10")', lookups=[])
    assert one("12월 25일은 공휴일 맞죠?", 'day("2026-12-25")', lookups=[])


def test_a_company_rule_around_holidays_and_a_pending_request_by_its_day():
    assert one(
        "Is there a company policy on taking leave the day before a public holiday?", "ask_hr()", lookups=[]
    )
    pending = {
        "tool": "get_leave_balance",
        "input": {"year": 2026},
        "result": {"year": 2026, "granted": "15", "used": "7.5", "pending": "0.5"},
    }
    assert one("12월 11일 반차 신청한 거 아직 대기중이에요?", "pending(2026)", lookups=[pending])


def test_the_first_leave_is_not_the_latest():
    assert not one("올해 첫 연차 언제 썼더라?", "latest(2026)", lookups=[RECORDS])
    assert one("올해 첫 연차 언제 썼더라?", "records(2026)", lookups=[RECORDS])


def test_days_counted_in_words_over_a_span():
    question = "12월 10일, 11일 이틀 쉬면 며칠 연속으로 쉬어요?"
    assert one(question, 'in_a_row("2026-12-10", "2026-12-11")', lookups=[])


def test_a_team_whose_figures_are_asked_and_mine_negated():
    assert about_someone_else("우리 팀 연차 몇 개씩 남았는지 봐야 해서요, 알려주세요")
    assert theirs("박지훈 씨 연차 몇 개 남았어요? 제 거 말고요")


def test_a_first_years_next_month_and_the_acts_maximum():
    assert one("다음 1개는 언제쯤 생겨요?", "next_grant()", lookups=[FIRST_YEAR])
    assert not one("법정 최대 연차는 며칠이에요?", "grows_to()", lookups=[ENTITLEMENT])


def test_a_weekdays_own_sentence_says_its_tense():
    sunday = date(2026, 11, 29)
    assert len(relative_days("금요일 쉬는 날이에요? 그리고 연차 몇 개 남았어요?", sunday)) == 2
    assert not one("연차 몇 개 남았어요?", "which_year()")


def test_an_unpunctuated_ask_and_when_did_i_start():
    balance_2025 = {
        "tool": "get_leave_balance",
        "input": {"year": 2025},
        "result": {"year": 2025, "granted": "15", "used": "12"},
    }
    question = "작년에 며칠 썼는지 알려주세요. 그리고 지금은 몇 개 남았어요"
    parts = [("작년에 며칠 썼는지 알려주세요", ["used(2025)"])]
    assert not written(question, parts, lookups=[balance_2025]).holds
    assert one(
        "When did I start here? How many years of service is that?", "service_years()", lookups=[ENTITLEMENT]
    )


def test_statements_beside_the_ones_that_fit():
    assert one(
        "올해 연차 몇 개 생겼고, 몇 개 남았어요?",
        "current_days()",
        "remaining(2026)",
        lookups=[BALANCE_2026, ENTITLEMENT],
    )
    no_record = {
        "tool": "get_leave_balance",
        "input": {"year": 2027},
        "result": {"error": "no record for 2027; records exist for 2025, 2026"},
    }
    question = "How much of 2027 leave have I used already, and when is my next grant?"
    assert one(question, "lookup_failed()", "next_grant()", lookups=[no_record, ENTITLEMENT])
    twice = "When do I get 18 days a year, and when do I hit 20 days?"
    assert one(twice, "grows_to(q(18))", "grows_to(q(20))", lookups=[ENTITLEMENT])
    more = "반차 두 번이랑 반반차 한 번 쓰면 몇 개 남아? 거기에 하루 더 쓰면요?"
    assert one(more, "what_if(2026, q(2) * 0.5 + q(1) * 0.25 + q(1))")
    plan = "If I take 2 more days, how many will I have left? And when do I reach 16 days a year?"
    assert one(plan, "what_if(2026, q(2))", "grows_to(q(16))", lookups=[BALANCE_2026, ENTITLEMENT])
