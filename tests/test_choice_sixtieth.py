"""The number check's readings taught after the sixtieth and sixty-first held-out answer sets, each as a
kind (the questions here are worded apart from the sets'): "which year?" to what is left now; "did I use it
all?" answered by what was used alone; amounts summed as the question sizes them; next year's days taken
from this year's leave; the Act's maximum sent to HR; leave given to a colleague, a company rule; the grant
reaching a size; half days left; a record's own days; the rule by years of service; the Act's days arisen
for what is left beside a balance."""

from __future__ import annotations

from tests.support.answers import BALANCE_2026, entitlement_lookup, records_lookup, written
from tests.support.answers import holds as one

ENTITLEMENT = entitlement_lookup("2019-05-13", 7, "18", "2027-05-13", "18")
RECORDS = records_lookup(2026, ("2026-07-06", "2", "annual"))


def test_which_year_to_what_is_left_now_is_no_answer():
    assert not one("how many days have i got left?", "which_year()")
    assert one("how many days have i got left?", "remaining(2026)")
    assert one("그때는 몇 개 남아 있었더라?", "which_year()")  # another time's: which, indeed


def test_did_i_use_it_all_is_answered_by_what_is_left():
    assert not one("올해 연차 다 쓴 건가요?", "used(2026)")
    assert one("올해 연차 다 쓴 건가요?", "remaining(2026)")
    # ...which another part may say
    question = "작년 연차 다 썼던가? 몇 개 남았었는지도"
    lookups = [
        {
            "tool": "get_leave_balance",
            "input": {"year": 2025},
            "result": {"year": 2025, "granted": "15", "used": "13"},
        }
    ]
    parts = [("작년 연차 다 썼던가?", ["used(2025)"]), ("몇 개 남았었는지도", ["remaining(2025)"])]
    assert written(question, parts, lookups=lookups).holds


def test_amounts_summed_are_sized_as_the_question_sizes_them():
    question = "반차 1번이랑 반반차 2번 쓰면 몇 개 남아요?"
    assert not one(question, "what_if(2026, q(1) + q(2) * 0.25)")
    assert one(question, "what_if(2026, q(1) * 0.5 + q(2) * 0.25)")


def test_next_years_days_are_not_taken_from_this_years_leave():
    question = (
        "For Seollal next year I'm taking 2 days, Feb 5 and Feb 10. How many days in a row, and what will I "
        "have left?"
    )
    balance_2027 = {
        "tool": "get_leave_balance",
        "input": {"year": 2027},
        "result": {"year": 2027, "granted": "15", "used": "0"},
    }
    row = ("How many days in a row", ['in_a_row("2027-02-05", "2027-02-10")'])
    lookups = [BALANCE_2026, balance_2027]
    this_year = written(question, [row, ("what will I have left?", ["what_if(2026, q(2))"])], lookups=lookups)
    assert not this_year.holds
    next_year = written(question, [row, ("what will I have left?", ["what_if(2027, q(2))"])], lookups=lookups)
    assert next_year.holds, next_year.problems


def test_the_acts_maximum_is_the_acts_rule_not_hrs():
    question = "Under the Labour Standards Act, what's the most annual leave anyone can get - is there a max?"
    assert not one(question, "ask_hr()")
    assert one(question, 'act_rule("max")')


def test_leave_given_to_a_colleague_is_a_company_rule():
    assert one("제 연차 며칠을 동료한테 넘겨줄 수 있나요?", "ask_hr()")
    assert one("can I donate a few of my days to a teammate?", "ask_hr()")


def test_the_grant_reaching_a_size_and_half_days_left():
    assert not one("연차가 20개 되려면 몇 년 더 다녀야 해요?", "next_grant()", lookups=[ENTITLEMENT])
    assert one("how long until I get 20 days a year?", "grows_to(q(20))", lookups=[ENTITLEMENT])
    assert not one("how many more half days can I take?", "remaining(2026)")
    assert one("how many more half days can I take?", "half_days_left(2026)")


def test_a_records_own_days_and_the_rule_by_years_of_service():
    assert one("did my 2 days on Jul 6 go through?", 'record("2026-07-06")', lookups=[RECORDS])
    question = "근속 연수에 따라 연차가 어떻게 늘어나는지 알려줄 수 있어요?"
    assert one(question, 'act_rule("extra")', lookups=[ENTITLEMENT])


def test_the_acts_days_arisen_are_no_answer_to_what_is_left_beside_a_used_balance():
    assert not one("연차 몇 개 남았어?", "current_days()", lookups=[BALANCE_2026, ENTITLEMENT])
    assert one("법으로 지금 쓸 수 있는 연차 며칠이야?", "current_days()", lookups=[BALANCE_2026, ENTITLEMENT])
