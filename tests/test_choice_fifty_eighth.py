"""The number check's readings taught after the fifty-eighth and fifty-ninth held-out answer sets, each as a
kind (the questions here are worded apart from the sets'): a statement true only of other facts is not
written (the Act "does not apply" to someone it covers; "no record" for next year when the next grant is
asked); the dates of days taken asked by "when did I"; a weekday alone read by its tense; a colleague by a
lower-case name in a team's short name; a team in a clause of background, and "my leftover leave", the
asker's; a mark closing the quote before a story."""

from __future__ import annotations

from datetime import date
from typing import Any

from bot.language.questions import about_someone_else
from bot.language.relative_days import relative_days
from tests.support.answers import entitlement_lookup, records_lookup, written

ENTITLEMENT = entitlement_lookup("2023-02-06", 3, "16", "2027-02-06", "16")
NO_RECORD_2027: dict[str, Any] = {
    "tool": "get_leave_balance",
    "input": {"year": 2027},
    "result": {"error": "no record for 2027; records exist for 2025, 2026"},
}
SICK_RECORDS = records_lookup(2026, ("2026-06-03", "1", "sick"))


def test_the_act_does_not_apply_only_when_the_entitlement_says_why():
    question = "3년째 다니는데 법정 연차 지금 몇 개예요?"
    wrong = written(question, [(question, ["no_act_leave()"])], lookups=[ENTITLEMENT])
    assert not wrong.holds and "current_days()" in wrong.problems[0].reason
    right = written(question, [(question, ["current_days()"])], lookups=[ENTITLEMENT])
    assert right.holds, right.problems
    excluded = {
        "tool": "get_leave_entitlement",
        "input": {},
        "result": {"error": "does not apply: 8 hours a week"},
    }
    part_time = written(
        "주 8시간 근무인데 저도 연차 있어요?",
        [("주 8시간 근무인데 저도 연차 있어요?", ["no_act_leave()"])],
        lookups=[excluded],
    )
    assert part_time.holds, part_time.problems


def test_next_years_missing_record_is_no_answer_to_the_next_grant():
    question = "how many days do I get next year?"
    failed = written(question, [(question, ["lookup_failed()"])], lookups=[NO_RECORD_2027])
    assert not failed.holds
    # ...but a missing record answers a question of next year's record itself
    used = written(
        "how many days have I used in 2027?",
        [("how many days have I used in 2027?", ["lookup_failed()"])],
        lookups=[NO_RECORD_2027],
    )
    assert used.holds, used.problems


def test_when_did_i_take_asks_the_dates_not_a_count():
    question = "when did I take sick leave this year?"
    count = written(question, [(question, ['taken(2026, "sick")'])], lookups=[SICK_RECORDS])
    assert not count.holds
    dated = written(question, [(question, ["records(2026)"])], lookups=[SICK_RECORDS])
    assert dated.holds, dated.problems


def test_a_weekday_alone_is_read_by_its_tense():
    tuesday = date(2026, 12, 29)
    assert relative_days("목요일에 출근해야 해?", tuesday) == [(date(2026, 12, 31), date(2026, 12, 31))]
    assert relative_days("can I take thursday off?", tuesday) == [(date(2026, 12, 31), date(2026, 12, 31))]
    assert relative_days("목요일에 연차 냈었나?", tuesday) == [(date(2026, 12, 24), date(2026, 12, 24))]
    assert len(relative_days("목요일은 어때", tuesday)) == 2  # no tense: both readings
    question = "목요일에 출근해야 해?"
    last_week = written(question, [(question, ['day("2026-12-24")'])], today="2026-12-29", lookups=[])
    assert not last_week.holds
    coming = written(question, [(question, ['day("2026-12-31")'])], today="2026-12-29", lookups=[])
    assert coming.holds, coming.problems


def test_a_colleague_by_a_lower_case_name_in_a_teams_short_name():
    assert about_someone_else("how many days does minho in eng have left?")
    question = "how many days does minho in eng have left?"
    assert not written(question, [(question, ["remaining(2026)"])]).holds


def test_the_team_in_a_clause_of_background_and_my_leftover_leave_are_the_askers():
    assert not about_someone_else("우리 팀은 반차 단위로 일정을 잡아서요, 남은 연차 반차로 몇 번이에요?")
    assert about_someone_else("우리 팀 연차 몇 개 남았어?")
    question = "Planning Dec 28-31 for myself after the team's release. Would my leftover leave cover it?"
    answer = written(
        question, [("Would my leftover leave cover it?", ['what_if_days("2026-12-28", "2026-12-31")'])]
    )
    assert answer.holds, answer.problems


def test_the_harness_gives_the_entitlement_the_days_the_balance_says_lapse():
    # the ledger gives both tools the same unused days; the kit's entitlement result does not repeat them
    balance = {
        "tool": "get_leave_balance",
        "input": {"year": 2026},
        "result": {
            "year": 2026,
            "granted": "16",
            "used": "3",
            "expiring": [{"until": "2026-12-31", "days": "13"}],
        },
    }
    question = "how many days am I about to lose?"
    answer = written(question, [(question, ["lapsing()"])], lookups=[balance, ENTITLEMENT])
    assert answer.holds and "13 unused days lapse" in answer.text, answer.text
