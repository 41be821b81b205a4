"""The number check's readings taught after the sixty-second and sixty-third held-out answer sets, each as a
kind (the questions here are worded apart from the sets'): hours left asked alone; the asker by a pronoun
of their own; weekdays listed sharing the week named after them; leave taken asked of a day; a kind of
leave left out; the Act's ceiling; the size a grant is asked to reach; whether days fit, which the working
days alone do not say; what lapsed in the past tense; the last leave, not a day picked."""

from __future__ import annotations

from datetime import date

from bot.language.questions import theirs
from bot.language.relative_days import relative_days
from tests.support.answers import entitlement_lookup, records_lookup
from tests.support.answers import holds as one

ENTITLEMENT = entitlement_lookup("2024-02-05", 2, "15", "2027-02-05", "16")
RECORDS = records_lookup(
    2026,
    ("2026-04-06", "0.5", "annual"),
    ("2026-09-14", "1", "annual"),
    ("2026-10-19", "1", "sick"),
)


def test_hours_left_asked_alone_is_answered_in_hours():
    assert not one("hours left?", "not_in_hours()")
    assert one("hours left?", "hours_left(2026)")


def test_the_asker_by_a_pronoun_of_their_own():
    assert not theirs("팀장님이 물어보셔서요, 나부터 확인하려고. 몇 개 남았어?")


def test_weekdays_listed_share_the_week_named_after_them():
    thursday = date(2026, 12, 3)
    both = relative_days("taking Tuesday and Wednesday of next week off", thursday)
    assert both == [(date(2026, 12, 8), date(2026, 12, 8)), (date(2026, 12, 9), date(2026, 12, 9))]


def test_leave_taken_asked_of_a_day_is_its_record():
    question = "took a quarter day on 4/6, right?"
    assert not one(question, 'day("2026-04-06")', lookups=[RECORDS])
    assert one(question, 'record("2026-04-06")', lookups=[RECORDS])


def test_a_kind_of_leave_left_out_is_no_answer():
    question = "how much leave did I use this year, not counting sick days?"
    assert not one(question, 'taken(2026, "sick")', lookups=[RECORDS])
    assert one(question, 'taken(2026, "annual")', lookups=[RECORDS])


def test_the_acts_ceiling_is_its_maximum():
    question = "how many days do I get now, and is there a ceiling under the law?"
    assert not one(question, "current_days()", lookups=[ENTITLEMENT])
    assert one(question, "current_days()", 'act_rule("max")', lookups=[ENTITLEMENT])


def test_the_size_a_grant_is_asked_to_reach():
    question = "연차 18일 되려면 얼마나 더 다녀야 해요? 지금 15일인데"
    assert not one(question, "grows_to(q(15))", lookups=[ENTITLEMENT])
    assert one(question, "grows_to(q(18))", lookups=[ENTITLEMENT])
    assert not one("18일은 언제부터 나와요?", "next_grant()", lookups=[ENTITLEMENT])


def test_whether_days_fit_is_not_said_by_the_working_days_alone():
    question = "can I take Dec 28 and 29 off, do I have enough?"
    assert not one(question, 'working_days("2026-12-28", "2026-12-29")')
    assert one(question, 'working_days("2026-12-28", "2026-12-29")', "remaining(2026)")


def test_what_lapsed_in_the_past_tense_and_the_last_leave():
    balance_2025 = {
        "tool": "get_leave_balance",
        "input": {"year": 2025},
        "result": {"year": 2025, "granted": "15", "used": "12"},
    }
    question = "작년에 몇 개 썼고 몇 개 날아갔어?"
    assert not one(question, "used(2025)", lookups=[balance_2025], today="2026-03-02")
    assert one(question, "balance(2025)", lookups=[balance_2025], today="2026-03-02")
    last = "when did I last take a day off?"
    assert not one(last, 'record("2026-04-06")', lookups=[RECORDS])
    assert one(last, "latest(2026)", lookups=[RECORDS])
