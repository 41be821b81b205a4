"""The answer as statements code writes whole (bot/grounding/statements.py): each statement's sentence
follows from its values, a verdict or a comparison is decided by code, and what stops an answer is only its
choice (a statement not in the catalogue, a fact not looked up, a year or a day the question does not ask).
Then over the wire: asked for by the schema, written, corrected once, posted."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest

from bot.calendar import working_days
from bot.domain.leave import Balance, LeaveRecord, LeaveTaken
from bot.grounding.facts import Evidence
from bot.grounding.shape import ANSWER_SCHEMA, Part, parts_of
from bot.grounding.statements import CATALOGUE, OFFLINE_ONLY
from bot.llm.choice.check import write_checked
from bot.policy.grants import StatutoryGrant
from bot.policy.standing import Entitlement
from tests.support.assistant import make_assistant
from tests.support.messages_api import text_reply, tool_reply

TODAY = date(2026, 11, 29)


def evidence(question: str, **more: object) -> Evidence:
    return Evidence(
        balances={
            2026: Balance(2026, Decimal(15), Decimal("7.5"), expiring=((date(2027, 1, 11), Decimal(5)),)),
            2025: Balance(2025, Decimal(15), Decimal(12)),
        },
        taken={
            2026: LeaveTaken(
                2026,
                (LeaveRecord(date(2026, 6, 5), Decimal("0.25")), LeaveRecord(date(2026, 3, 2), Decimal(1))),
            )
        },
        question=question,
        today=TODAY,
        calendar=lambda first, last: working_days(first, last).working,
        **more,  # type: ignore[arg-type]
    )


def said(question: str, *statements: str, korean: bool | None = None) -> str:
    written = write_checked(
        list(statements), evidence(question), korean if korean is not None else "연차" in question
    )
    assert written.holds, written.problems
    return written.text


def stopped(question: str, *statements: str) -> str:
    written = write_checked(list(statements), evidence(question), True)
    assert not written.holds
    return " ".join(p.reason for p in written.problems)


def test_each_figure_is_written_from_the_lookup_in_the_persons_language():
    assert said("올해 연차 며칠 남았어?", "remaining(2026)") == "2026년 남은 연차는 7.5일이에요."
    assert said("How many days left?", "remaining(2026)", korean=False) == (
        "You have 7.5 days of annual leave left for 2026."
    )
    assert said("작년에 연차 몇 개 썼어?", "used(2025)") == "2025년에 쓴 연차는 12일이에요."


@pytest.mark.parametrize(
    ("take", "expected"),
    [
        ("q(3)", "3일을 쓰시면 2026년 남은 연차는 7.5일에서 4.5일이 돼요."),
        ("q(4) * 0.5", "반차 4번, 2일을 쓰시면 2026년 남은 연차는 7.5일에서 5.5일이 돼요."),
        ("q(9)", "9일은 2026년 남은 연차 7.5일보다 1.5일 많아서 모두 연차로 쓸 수는 없어요."),
    ],
)
def test_a_what_if_and_its_verdict_are_decided_by_code(take, expected):
    question = {"q(3)": "3일 쓰면?", "q(4) * 0.5": "반차 4번 쓰면 돼?", "q(9)": "9일 쓸 수 있어?"}[take]
    assert said(question + " 연차", f"what_if(2026, {take})") == expected


def test_a_comparison_says_the_direction_the_values_have():
    assert said(
        "Did I use more leave this year than last year?", 'compare("used", 2026, 2025)', korean=False
    ) == ("Your leave used for 2026 is 7.5 days and for 2025 12 days: 4.5 days fewer in 2026.")


def test_a_day_is_what_the_calendar_says_and_a_span_counts_its_working_days():
    assert (
        said("크리스마스 쉬는 날이야? 연차", 'day("2026-12-25")')
        == "12월 25일(금)은 공휴일(기독탄신일)이에요."
    )
    assert said("12월 21일부터 30일까지 연차 쓰면?", 'what_if_days("2026-12-21", "2026-12-30")') == (
        "12월 21일(월)~12월 30일(수) 근무일 7일을 쓰시면 2026년 남은 연차는 7.5일에서 0.5일이 돼요."
    )
    assert said("12월 21일부터 31일까지 연차 쓰면?", 'what_if_days("2026-12-21", "2026-12-31")') == (
        "12월 21일(월)~12월 31일(목) 근무일 8일은 2026년 남은 연차 7.5일보다 0.5일 많아서 모두 연차로 쓸 수는 없어요."
    )  # the 25th is a holiday: eight working days, half a day more than is left


def test_records_a_share_hours_and_expiry_come_from_the_same_lookups():
    assert (
        said("6월 5일에 뭐 썼어? 연차", 'record("2026-06-05")')
        == "6월 5일(금)에 쓴 휴가는 0.25일(연차)이에요."
    )
    assert (
        said("올해 연차 몇 퍼센트 썼어?", "share_used(2026)") == "2026년에 받은 15일 중 7.5일, 50%를 썼어요."
    )
    assert (
        said("남은 연차 몇 시간?", "hours_left(2026)")
        == "2026년 남은 연차 7.5일은 일 8시간 기준으로 60시간이에요."
    )
    assert "2027년 1월 11일(월)까지" in said("연차 언제 소멸돼?", "expiring(2026)")


def test_the_act_is_written_from_the_statute_table():
    assert "최대 25일" in said("법정 연차 최대 며칠이야?", 'act_rule("max")')


@pytest.mark.parametrize(
    ("question", "statement", "reason"),
    [
        ("작년 연차 며칠 남았어?", "remaining(2026)", "the question asks about 2025"),
        ("올해 연차 며칠 남았어?", "remaining(2024)", "no lookup of 2024"),
        ("3일 쓰면 며칠 남아?", "what_if(2026, 2)", "q(n)"),
        ("3일 쓰면 며칠 남아?", "what_if(2026, q(2))", "the question has no such number"),
        ("3일 쓰면 며칠 남아?", "what_if(2026, q(3) * 2)", "a half or a quarter day"),
        # a day listed after a date, or an ordinal, is a date: never days to take
        (
            "If I take Dec 22 and 23 off, what's left?",
            "what_if(2026, q(23))",
            "the question has no such number",
        ),
        ("12월 22일이랑 23일 쉬면 몇 개 남아?", "what_if(2026, q(23))", "the question has no such number"),
        (
            "If I take Thursday the 12th off, what's left?",
            "what_if(2026, q(12))",
            "the question has no such number",
        ),
        ("12월 24일 쉬는 날이야?", 'day("2026-12-25")', "a day the question does not name"),
        ("연차 며칠 남았어?", "remaining('2026')", "a year such as 2026"),
        ("연차 며칠 남았어?", "looks_fine(2026)", "not in the catalogue"),
        ("연차 며칠 남았어?", "__import__('os')", "not in the catalogue"),
        ("법 최대 며칠?", 'act_rule("min")', "first_year, base, extra, max"),
        ("연차 신청했어?", "drafted()", "no draft_leave_request succeeded"),
        ("크리스마스에 쉬어?", 'day("2026-12-24")', "a day the question does not name"),
        ("12월 21일부터 24일까지 연차 쓰면?", 'what_if_days("2026-12-21", "2026-12-28")', "does not name"),
        ("올해 연차 몇 개 남았어?", "used(2026)", "asks what is left"),
        ("How many days have I used this year?", "remaining(2026)", "asks what was used"),
        ("3일 쓰면 며칠 남아?", "what_if(2026, q(3) * q(3))", "a half or a quarter day"),
        ("연차 얼마나 썼어?", "share_used(2025)", "2025"),
        ("병가 며칠 썼어?", 'taken(2026, "sik")', "the leave type is one of"),
        (
            "12월 21일부터 1월 8일까지 연차 쓰면?",
            'what_if_days("2026-12-21", "2027-01-08")',
            "across the new year",
        ),
    ],
)
def test_a_wrong_choice_is_stopped_with_a_reason_the_correction_can_name(question, statement, reason):
    assert reason in stopped(question, statement)


def test_this_year_may_stand_beside_a_year_asked_and_an_eve_is_the_day_before():
    assert "fewer in 2026" in said(
        "Did I use more than last year?", 'compare("used", 2026, 2025)', korean=False
    )
    assert "목" in said("크리스마스 이브에 연차 써도 돼?", 'day("2026-12-24")')
    assert said("12월 21일부터 24일까지 연차 쓰면?", 'day("2026-12-22")')  # inside the span asked


def test_a_plan_counts_pending_requests_and_leave_lapsing_before_it():
    lapsing = Evidence(
        balances={2026: Balance(2026, Decimal(15), Decimal(5), expiring=((date(2026, 12, 10), Decimal(4)),))},
        question="12월 21일부터 30일까지 연차 쓰면?",
        today=TODAY,
        calendar=lambda first, last: working_days(first, last).working,
    )
    written = write_checked(['what_if_days("2026-12-21", "2026-12-30")'], lapsing, True)
    assert "6일보다 1일 많아서" in written.text  # 10 left, 4 of them lapse after 10 December
    pending = Evidence(
        balances={2026: Balance(2026, Decimal(15), Decimal("7.5"), pending=Decimal(5))},
        question="3일 쓰면 며칠 남아?",
        today=TODAY,
    )
    assert "2.5일보다 0.5일 많아서" in write_checked(["what_if(2026, q(3))"], pending, True).text
    overdrawn = Evidence(
        balances={2026: Balance(2026, Decimal(15), Decimal(17))}, question="연차 남았어?", today=TODAY
    )
    assert (
        write_checked(["remaining(2026)"], overdrawn, True).text
        == "2026년에는 받은 연차보다 2일을 더 썼어요. 남은 연차가 없어요."
    )


def test_a_day_named_without_a_year_may_be_next_years():
    december = Evidence(
        balances={2027: Balance(2027, Decimal(15), Decimal(0))},
        question="1월 5일에 연차 쓰면?",
        today=date(2026, 12, 10),
        calendar=lambda first, last: working_days(first, last).working,
    )
    assert write_checked(['what_if_days("2027-01-05", "2027-01-05")'], december, True).holds


def test_an_empty_answer_is_stopped():
    assert "at least one" in stopped("연차?")


def test_the_schema_lists_every_statement_of_the_catalogue():
    description = ANSWER_SCHEMA["properties"]["parts"]["items"]["properties"]["say"]["description"]
    assert all(f"{name}(" in description for name in CATALOGUE if name not in OFFLINE_ONLY)
    # The offline stand-in's own decline ("not offline; Claude answers with a key") is no use to Claude.
    assert CATALOGUE.keys() >= OFFLINE_ONLY and not any(f"{name}(" in description for name in OFFLINE_ONLY)


# ----- over the wire -----------------------------------------------------------------------------------------


def statements(*say: str) -> tuple[int, dict]:
    return text_reply(json.dumps({"say": list(say)}, ensure_ascii=False))


async def test_statements_are_asked_for_written_and_posted(messages_api, hr, minsu):
    api = await messages_api([tool_reply(("toolu_A", {"year": 2026})), statements("remaining(2026)")])
    turn = await make_assistant(api, hr, grounding=True).run_turn(
        [{"role": "user", "content": "올해 연차 며칠 남았어?"}], minsu
    )
    assert turn.answer == "2026년 남은 연차는 7.5일이에요."
    assert api.requests[-1]["output_config"]["format"]["schema"] == ANSWER_SCHEMA
    assert len(api.requests) == 2  # no correction round


async def test_a_wrong_choice_gets_one_correction_then_is_written(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("toolu_A", {"year": 2026})),
            statements("remaining(2025)"),
            statements("remaining(2026)"),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(
        [{"role": "user", "content": "올해 연차 며칠 남았어?"}], minsu
    )
    correction = api.requests[-1]["messages"][-1]["content"]
    assert "remaining(2025)" in correction and "no lookup of 2025" in correction
    assert turn.answer == "2026년 남은 연차는 7.5일이에요."


@pytest.mark.parametrize(
    ("question", "statements", "reason"),
    [
        (
            "10월에 2일, 11월에 3일 쓰면 올해 몇 개 남아?",
            ["what_if(2026, q(3))"],
            "leaves out the question's 2",
        ),
        ("반차 2번 쓰면 몇 개 남아요?", ["what_if(2026, q(2))"], "parts of a day"),
        (
            "I want 5 days off in August, how much will be left?",
            ["remaining(2026)"],
            "leaves out the question's 5",
        ),
        ("재작년이랑 작년 남은 연차 비교하면?", ['compare("remaining", 2025, 2026)'], "leaves out 2024"),
        ("남은 연차 이월 되나요?", ["how_to_request()"], "a company rule"),
        ("근로기준법상 연차 최대치가 몇일이야?", ['act_rule("base")'], "the Act's maximum"),
    ],
)
def test_every_part_the_question_states_is_answered(question, statements, reason):
    assert reason in stopped(question, *statements)


@pytest.mark.parametrize(
    ("question", "statements"),
    [
        ("10월에 2일, 11월에 3일 쓰면 올해 몇 개 남아?", ["what_if(2026, q(2) + q(3))"]),
        ("반차 2번 쓰면 몇 개 남아요?", ["what_if(2026, q(2) * 0.5)"]),
        ("연차 15일 중에 몇 개 남았어?", ["remaining(2026)"]),  # 15: the granted figure, echoed
        ("이번 달 21일부터 3일 쉬면 연차 몇 개 남아?", ["what_if(2026, q(3))"]),  # 21: a day of the month
        ("연차가 어떻게 생겨요? 입사 첫해예요", ['act_rule("first_year")']),
    ],
)
def test_an_answer_taking_every_part_holds(question, statements):
    assert write_checked(statements, evidence(question), True).holds


@pytest.mark.parametrize(
    ("question", "statements", "reason"),
    [
        ("올해 병가 몇일 썼지?", ["used(2026)"], "another kind of leave"),
        ("how does leave work in my first year?", ['act_rule("extra")'], "the first year's rule"),
        ("how many years have I worked here?", ["current_days()"], "years of service"),
        ("hi! how many days do I have left?", ["greeting()"], "what is left"),
        ("Can I get paid out for the days I don't use?", ["remaining(2026)"], "a company rule"),
        ("박과장님 남은 연차 몇개야?", ["remaining(2026)"], "only_own_leave"),
        (
            "i'm deciding between 3 days and 5 days off, how many left either way?",
            ["what_if(2026, q(3))"],
            "5",
        ),
        ("반반차 2번 쓰면 남는 연차 몇 개야?", ["what_if(2026, q(2) * 0.5)"], "q(n) * 0.25"),
    ],
)
def test_what_the_question_asks_by_its_own_words_is_said(question, statements, reason):
    assert reason in stopped(question, *statements)


@pytest.mark.parametrize(
    ("question", "statements"),
    [
        ("엄마 생신이라 연차 쓰려는데 며칠 남았어?", ["remaining(2026)"]),
        ("My manager asked how many days I have left", ["remaining(2026)"]),
        ("남은 연차 내년으로 이월돼? 아님 수당으로 받음?", ["expiring(2026)", "ask_hr()"]),
        ("이번 달 15일 쉬는 날 맞지?", ['day("2026-11-15")']),
    ],
)
def test_the_asker_and_their_family_and_a_carry_over_question_are_not_misread(question, statements):
    assert write_checked(statements, evidence(question), True).holds


@pytest.mark.parametrize(
    ("question", "statements", "reason"),
    [
        ("휴가 신청해놓고 승인 대기중인 거 몇 개 있어?", ["remaining(2026)"], "what is pending"),
        ("if i take 2 half days and then 1 full day, how much is left?", ["what_if(2026, q(2) * 0.5)"], "1"),
        ("how do I submit a leave request in the system?", ["ask_hr()"], "how to request"),
        (
            "what does the law say about extra leave days for long service?",
            ['act_rule("base")'],
            "extra days",
        ),
        ("다음 달 근무일 며칠이에요?", ['working_days("2026-11-01", "2026-11-30")'], "a month the question"),
        (
            "내일 오후 반나절 쉬면 연차 몇 개 남아요?",
            ['what_if_days("2026-11-30", "2026-11-30")'],
            "part of a day",
        ),
        ("How many days was I given this year?", ["remaining(2026)"], "what was granted"),
        ("whats the legal cap on annual leave days?", ['act_rule("extra")'], "maximum"),
        (
            "how much leave does my manager Jenny have left? I'm covering for her",
            ["remaining(2026)"],
            "colleague",
        ),
    ],
)
def test_more_of_what_the_question_asks_is_said(question, statements, reason):
    assert reason in stopped(question, *statements)


@pytest.mark.parametrize(
    ("question", "statements"),
    [
        ("설날까지 며칠 남았지?", ['days_until("2027-02-06")']),
        ("did i use more leave last year than the year before?", ['compare("used", 2024, 2025)']),
        ("how many days did I use the year before last?", ["used(2024)"]),
        ("내일 오후 반나절 쉬면 연차 몇 개 남아요?", ["what_if(2026, 0.5)"]),
        ("다음 달 근무일 며칠이에요?", ['working_days("2026-12-01", "2026-12-31")']),
    ],
)
def test_more_answers_taking_every_part_hold(question, statements):
    more = evidence(question)
    more = Evidence(
        **{**more.__dict__, "balances": {**more.balances, 2024: Balance(2024, Decimal(15), Decimal(9))}}
    )
    assert write_checked(statements, more, True).holds


def test_a_tax_settlement_is_no_company_rule_and_days_without_a_month_are_the_contexts():
    assert said("작년에 연차 몇 개 썼더라? 연말정산 하다가 궁금해져서", "used(2025)")
    assert said(
        "크리스마스 무슨 요일이야? 21일부터 24일까지 연차 쓰면 몇개 남아?",
        'day("2026-12-25")',
        'what_if_days("2026-12-21", "2026-12-24")',
    )


def test_a_span_of_days_written_without_its_month_is_the_contexts():
    assert said(
        "if I take dec 21-24 and 28-31 off how many leave days do I need?",
        'plan(["2026-12-21", "2026-12-24"], ["2026-12-28", "2026-12-31"])',
        korean=False,
    )


def test_the_answer_set_runner_reports_a_missing_year_as_the_toolbox_does():
    from benchmarks.named_answers import evidence_of

    case = {
        "question": "2021년 연차 알려줘",
        "today": "2026-05-01",
        "lookups": [
            {
                "tool": "get_leave_balance",
                "input": {"year": 2021},
                "result": {"error": "no record for 2021; records exist for 2024, 2025, 2026"},
            }
        ],
    }
    assert (
        "기록이 있는 해: 2024, 2025, 2026년"
        in write_checked(["lookup_failed()"], evidence_of(case), True).text
    )


# The thirteenth fresh set's misses (`benchmarks/heldout/answers_2026-12-06_thirteenth_*`), by what each
# shows: a day named relative to today (today is Sunday 29 November), a part of a day, a whole month, a
# statement that answers something the question does not ask, sending to HR with no rule asked.
@pytest.mark.parametrize(
    ("question", "statements", "reason"),
    [
        ("내일 공휴일 맞나요??", ['day("2026-05-04")'], "a day the question does not name"),
        (
            "모레 연차 쓰려고 하는데 그날 평일 맞죠?",
            ['day("2026-07-16")'],
            "a day the question does not name",
        ),
        (
            "지난주 금요일에 반차 쓴 거 들어갔나요?",
            ['record("2026-04-03")'],
            "a day the question does not name",
        ),
        (
            "다음주 월요일부터 금요일까지 통으로 쉬면 며칠 차감돼요?",
            ['working_days("2026-05-18", "2026-05-22")'],
            "a day the question does not name",
        ),
        ("내일 오후 반차 1개 쓰면 올해 연차 몇 개 남아요?", ["what_if(2026, q(1))"], "parts of a day"),
        ("if I take 4 days how many do I have left", ["what_if(2026, q(4) * 0.5)"], "no part of a day"),
        ("how many working days in july?", ['working_days("2026-07-01", "2026-07-15")'], "whole month"),
        ("How many PTO days do I still have for 2026?", ["granted(2026)"], "what is left"),
        ("Did I use more leave in 2025 than in 2026?", ['compare("granted", 2025, 2026)'], "what was used"),
        ("Did I take more leave in 2025 than in 2026?", ['compare("granted", 2025, 2026)'], "does not ask"),
        ("나 연차 몇개 남았어?", ["ask_hr()"], "what is left"),
        (
            "저 입사한지 1년 안됐는데 연차가 어떻게 생기는 거예요? 법적으로요",
            ['act_rule("base")'],
            "first year",
        ),
        (
            "When's my next leave grant? Also how long have I actually been here now?",
            ["next_grant()"],
            "service",
        ),
        (
            "thinking of taking Jan 2 off after new year's - is it a working day?",
            ['day("2026-01-02")'],
            "2026",
        ),
        # the fourteenth set's
        ("나 올해 연차 10개 남은 거 맞지?", ["what_if(2026, q(10))"], "says is left"),
        ("올해 병가 며칠 썼어? 감기 때문에 좀 쉬었는데", ['taken(2026, "annual")'], "another kind of leave"),
        ("지난달에 휴가 쓴 거 뭐뭐 있지?", ["month(2026, 11)"], "2026-11"),
        ("how many half days have I taken this year?", ["parts_taken(2026, 0.25)"], "half days"),
        ("how much leave did I use in 2025 and 2026 combined", ['compare("used", 2025, 2026)'], "total"),
        ("how do i actually submit a leave request", ["what_i_can_do()"], "how to request"),
        ("did I take any leave in march?", ["cannot_answer()"], "what was used"),
        ("how many days did I use this year so far?", ["which_year()"], "what was used"),
        (
            "planning dec 7-11 off + half day dec 14, how many days left after?",
            ['plan(["2026-12-07", "2026-12-11"])'],
            "12/14",
        ),
        (
            "담주 화욜이랑 목욜 오후반차 쓰면 얼마 남음?",
            ['plan(["2026-12-01", "2026-12-01"], ["2026-12-03", "2026-12-03"])'],
            "part of a day",
        ),
        ("입사한지 6개월 됐는데 연차 어떻게 생기는 거예요?", ['act_rule("base")'], "first_year"),
        ("how many days do i have left before they expire at year end?", ["ask_hr()"], "what is left"),
        # the fifteenth set's
        (
            "낼 오전반차 쓸건데 그러면 남는 연차 몇개야",
            ['plan(["2026-11-29", "2026-11-29", 0.5])'],
            "a day the question",
        ),
        ("저 근속 몇년 됐죠? 내년에 연차 몇일 받는지도 궁금", ["service_years()"], "what was granted"),
        ("hrs of PTO left? need it in hours for the timesheet", ["not_in_hours()"], "the hours"),
        ("why's my grant 17 days and not 15 like everyone else?", ["current_days()"], "why the grant"),
        ("안녕하세요~ 이번주 금요일 쉬는날인가요?", ["greeting()"], "what a day is"),
        ("나 연차 5개 남은거 맞지? 담주에 3일 붙여서 쓰려고", ["claimed(2026, q(3))"], "q(5)"),
        (
            "how many working days are there in Feb 2026?",
            ['working_days("2026-01-01", "2026-01-31")'],
            "month",
        ),
        ("when's my next grant and how many days do I have rn?", ["next_grant()"], "what is left"),
        ("thanks! also how many half days can i still take?", ["thanks()"], "what is left"),
        # the sixteenth set's
        ("다음달 15일 무슨 요일이야? 아 다음달 말고 다다음달", ['day("2026-12-15")'], "month"),
        ("taking tmrw off - is it even a workday?", ['day("2026-11-29")'], "a day the question"),
        (
            "how many yrs have I been here and how many days do i get now",
            ["current_days()"],
            "years of service",
        ),
        ("what % of my leave have I burned thru so far this year?", ["used(2026)"], "a share"),
        ("신입인데요 지금까지 연차 몇 개 쌓였어요?", ['act_rule("first_year")'], "what has arisen so far"),
        ("why do I get 16 days? I joined in march 2022", ['act_rule("base")'], "why the grant"),
        ("반차로 쪼개면 몇 번 쓸 수 있어??", ["hours_left(2026)"], "hours_left"),
        ("how many days do i have left this yr", ["expiring(2026)"], "expiring"),
        ("법적으로 연차 최대 며칠까지 받을 수 있어?", ['act_rule("first_year")'], "another rule"),
        # the eighteenth set's
        ("나 올해 남은거 8일 맞지?", ["what_if(2026, q(8))"], "says is left"),
        (
            "did I take anything on mar 3? wait no I mean the 2nd",
            ['record("2026-03-03")'],
            "a day the question",
        ),
        # the nineteenth set's
        ("what's today's date again? and how many days till new year", ["today()"], "the days until"),
        ("2025년에 연차 몇개 받았었지?", ["which_year()"], "what was granted"),
        ("작년이랑 올해 중에 받은 연차 어디가 더 많아요?", ['total("granted", 2025, 2026)'], "a comparison"),
        ("작년 휴가 기록 날짜별로 보여줘~", ['taken(2025, "annual")'], "records by date"),
        # the twentieth set's
        ("total leave used across 2025 and 2026?", ['compare("used", 2025, 2026)'], "a total"),
        ("추석 끝나고 연차 5일 붙여 쓰면 남는거 있어요?", ["claimed(2026, q(5))"], "days to take"),
        ("how many days until my trip on Jan 19? can't wait", ['days_until("2026-01-19")'], "2026"),
        ("how many days of leave do I have right now under the labor law?", ["next_grant()"], "what is left"),
        ("근속 몇년이고 다음달에 연차 몇일 새로 생겨요?", ["service_years()"], "the next grant"),
        ("내가 마지막으로 연차 쓴게 언제였지?", ["month(2026, 11)"], "the latest leave"),
        # the seventeenth set's
        ("근속 몇 년 됐고 담 연차 발생일이랑 일수 알려줘", ["service_years()"], "the next grant"),
        ("결재 대기 걸린 연차 며칠이에요?", ["remaining(2026)"], "what is pending"),
        ("병가랑 연차 올해 각각 몇일씩 썼는지", ['taken(2026, "sick")'], "annual leave beside"),
        ("Can you book Dec 24 off for me?", ["how_to_request()"], "a request made"),
        ("how many days have I used so far?", ["which_year()"], "what was used"),
        ("올해 연차 사용률 몇 퍼센트임? 팀장님이 물어봐서", ["cannot_answer()"], "a share"),
        ("do i have enough leave to take the week of dec 7 off? (mon-fri)", ["enough(2026)"], "more days"),
        (
            "got 15 days last november... when's my next batch and how many will it be?",
            ["granted(2026)"],
            "the next grant",
        ),
    ],
)
def test_a_choice_that_answers_another_question_is_stopped(question, statements, reason):
    written = write_checked(
        statements, evidence(question, entitlement=None), "연차" in question or "요" in question
    )
    assert not written.holds
    assert reason in " ".join(p.reason for p in written.problems)


@pytest.mark.parametrize(
    ("question", "statements"),
    [
        ("지난주 금요일에 반차 쓴 거 들어갔나요?", ['record("2026-11-27")']),  # a week from Sunday or Monday
        ("지난주 금요일에 반차 쓴 거 들어갔나요?", ['record("2026-11-20")']),
        (
            "다음주 월요일부터 금요일까지 통으로 쉬면 며칠 차감돼요?",
            ['working_days("2026-11-30", "2026-12-04")'],
        ),
        ("내일 오후 반차 1개 쓰면 올해 연차 몇 개 남아요?", ["what_if(2026, q(1) * 0.5)"]),
        ("how many working days in december?", ['working_days("2026-12-01", "2026-12-31")']),
        ("남은 연차 이월돼? 아니면 수당으로 받아?", ["expiring(2026)", "ask_hr()"]),
        ("못 쓴 연차 돈으로 받을 수 있어요?", ["ask_hr()"]),
        ("How many days did I get this year and how many are left?", ["granted(2026)", "remaining(2026)"]),
        ("올해 연차 몇프로 썼어?", ["share_used(2026)"]),
        ("How much leave did I use last year vs this year?", ['compare("used", 2025, 2026)']),
        ("오늘 기준으로 12월 근무일 며칠이야?", ['working_days("2026-12-01", "2026-12-31")']),
        ("팀장님이 아직 승인 안 했는데 연차 몇 개 남았어?", ["remaining(2026)"]),
        (
            "is dec 25 a holiday? taking the 28th and 29th off too, how much would i have left",
            ['day("2026-12-25")', 'what_if_days("2026-12-28", "2026-12-29")'],
        ),
        ("나 올해 연차 7.5개 남은 거 맞지?", ["claimed(2026, q(7.5))"]),
        ("Is there a limit on how many consecutive leave days I can take?", ["ask_hr()"]),
        ("올해 3월에 나 연차 썼었나?", ["month(2026, 3)"]),
        (
            "다음주 금요일 하루 연차 쓰면 남는거 몇개? 결재 대기중인것도 있긴함",
            ['what_if_days("2026-12-04", "2026-12-04")'],
        ),
        (
            "크리스마스 무슨 요일이야? 그 전날 연차 쓰면 며칠 남아?",
            ['day("2026-12-25")', 'what_if_days("2026-12-24", "2026-12-24")'],
        ),
        ("how do i book a day off?", ["how_to_request()"]),
        ("다음달 15일 무슨 요일이야? 아 다음달 말고 다다음달", ['day("2027-01-15")']),
        ("25년이랑 26년 쓴 연차 합치면 총 몇일이에요?", ['total("used", 2025, 2026)']),
        ("did i burn more PTO last year or this year?", ['compare("used", 2025, 2026)']),
        ("im in my first year here, how does leave accrue??", ['act_rule("first_year")']),
        ("다음주 월~수 연차 쓰면 몇일 남음?", ['what_if_days("2026-11-30", "2026-12-02")']),
        ("담주 월화 연차 쓰면 몇개 남아?", ['plan(["2026-11-30", "2026-12-01"])']),
        ("can you book me a meeting room for 3pm?", ["cannot_answer()"]),
        ("by law, how many days max in my first year?", ['act_rule("first_year")']),
        ("did I take anything on mar 3? wait no I mean the 2nd", ['record("2026-03-02")']),
        ("what's the most annual leave you can legally get in a year here?", ['act_rule("max")']),
        ("did i use more leave this year or last?", ['compare("used", 2025, 2026)']),
        ("after my first year do i get 15 days?", ['act_rule("base")']),
        ("how many days did i use in 2025 - wait no, i mean this year", ["used(2026)"]),
        ("how many days are still waiting on my manager's approval?", ["balance(2026)"]),
        (
            "How many working days are there in Feb? (seollal week 😩)",
            ['working_days("2027-02-01", "2027-02-28")'],
        ),
    ],
)
def test_the_choice_the_question_asks_for_holds(question, statements):
    written = write_checked(statements, evidence(question), "연차" in question)
    assert written.holds, written.problems


def test_the_askers_figures_for_a_colleague_in_the_hr_data_are_stopped():
    # 박지훈 is in the directory: no marker ("씨", a title) is needed to know the question is about him
    asked = evidence("박지훈 연차 몇 개 남았어?", colleague="박지훈")
    assert "colleague" in " ".join(p.reason for p in write_checked(["remaining(2026)"], asked, True).problems)
    assert write_checked(["only_own_leave()"], asked, True).holds


def test_a_colleague_named_beside_the_askers_own_plans_is_the_asker():
    # "민수 결혼식 때문에": the asker's leave, around a colleague's wedding
    written = write_checked(
        ["remaining(2026)"],
        evidence("박지훈 결혼식 때문에 연차 쓰려는데 몇 개 남았어?", colleague="박지훈"),
        True,
    )
    assert written.holds, written.problems


def test_a_question_of_the_law_sent_to_hr_names_what_is_asked():
    # sending a question of the Act's maximum to HR is a wrong choice; the Act's rule is the answer
    assert "maximum" in stopped("What's the maximum annual leave the law allows?", "ask_hr()")
    assert "25" in said("What's the maximum annual leave the law allows?", 'act_rule("max")', korean=False)


def test_why_a_grant_hr_entered_is_its_size_is_hrs_not_the_first_years_rule():
    # a 13-year employee's 21 days entered by HR: never explained by §60② (the first year's monthly days)
    hr_grant = StatutoryGrant(date(2026, 1, 1), Decimal(21), "manual", 0, date(2026, 12, 31), "HR's grant")
    entitlement = Entitlement(TODAY, date(2013, 3, 4), "hire_date", 13, (hr_grant,), ())
    written = write_checked(
        ["why_grant(q(21))"], evidence("why do I get 21 days?", entitlement=entitlement), False
    )
    assert written.holds, written.problems
    assert "granted by HR" in written.text and "13 years of service give 21 days" in written.text
    assert "first year" not in written.text


def test_working_days_asked_are_not_the_days_until_a_date():
    # after the twenty-first sets: calendar days until a date answered a count of working days
    question = "12월 1일부터 12월 31일까지 영업일이 며칠이야?"
    assert "the question asks working days" in stopped(question, 'days_until("2026-12-31")')
    assert said(question, 'working_days("2026-12-01", "2026-12-31")')


def test_the_next_anniversarys_grant_is_not_the_current_one():
    grants = (StatutoryGrant(date(2026, 3, 4), Decimal(16), "annual", 3, date(2027, 3, 3), ""),)
    upcoming = (StatutoryGrant(date(2027, 3, 4), Decimal(16), "annual", 4, date(2028, 3, 3), ""),)
    entitlement = Entitlement(TODAY, date(2023, 3, 4), "hire_date", 3, grants, upcoming)
    question = "what will I be given on my next work anniversary?"
    current = write_checked(["current_days()"], evidence(question, entitlement=entitlement), False)
    assert "the next grant" in " ".join(p.reason for p in current.problems)
    assert write_checked(["next_grant()"], evidence(question, entitlement=entitlement), False).holds


def test_how_to_request_answers_only_a_question_of_requesting():
    assert "how_to_request" in stopped("는 회의실 예약은 어디서 해요", "how_to_request()")
    assert said("연차 올리려면 어디서 해요?", "how_to_request()")
    assert said("how do I put in for a day off?", "how_to_request()")


def test_the_acts_general_rule_is_no_answer_to_how_many_the_asker_gets():
    # after the twenty-second sets: §60's base rule for "how many do I get by law now"
    assert "the question asks how many the asker has or gets" in stopped(
        "법적으로 나는 지금 연차 며칠 받을 수 있어?", 'act_rule("base")'
    )
    assert said("법정 연차는 최대 며칠까지야?", 'act_rule("max")')  # the law's figure, not the asker's
    assert said(
        "I started in March, how many days do I get a month in my first year?", 'act_rule("first_year")'
    )


def test_a_years_condition_is_not_a_question_of_years_of_service_and_an_expiry_day_is_no_year_asked():
    assert said("근속 15년 넘으면 연차 최대 몇 개예요?", 'act_rule("max")')
    # the days until the leave expires: the expiry day is the lookup's, in a year after the one asked
    expiring = {2026: Balance(2026, Decimal(15), Decimal(10), expiring=((date(2027, 2, 28), Decimal(5)),))}
    question = "how many days until my leftover leave expires?"
    written = write_checked(
        ["expiring(2026)", 'days_until("2027-02-28")'],
        Evidence(balances=expiring, question=question, today=TODAY),
        False,
    )
    assert written.holds, written.problems


def test_carrying_them_over_is_a_company_rule_and_do_i_have_is_the_askers_own():
    assert said("Can I carry them over to next year?", "ask_hr()")
    assert said("how many days do i have left? my team lead wants to know", "remaining(2026)")


def test_a_question_of_when_is_answered_with_a_day():
    # after the twenty-third sets: "when" (a closed class) asks a day; an amount alone does not answer it
    assert "the question asks when" in stopped("남은 연차 언제까지 써야 돼?", "remaining(2026)")
    assert said("남은 연차 언제까지 써야 돼?", "expiring(2026)")
    assert said("언제든 쓸 수 있는 연차 몇 개 남았어?", "remaining(2026)")  # 언제든: any time
    assert said("when I take 2 days next month, how many will be left?", "what_if(2026, q(2))")


def test_hours_left_answers_what_is_left_in_hours_not_whether_hours_can_be_taken():
    assert "hours_left" in stopped("can I book my leave by the hour?", "hours_left(2026)")
    assert said("how many hours of leave are left?", "hours_left(2026)")


def test_a_colleagues_figure_beside_the_askers_words_is_the_colleagues():
    assert "about a colleague" in stopped(
        "can I check how many days my teammate has left?", "remaining(2026)"
    )
    assert said("can I check how many days my teammate has left?", "only_own_leave()")


def test_how_many_is_answered_with_an_amount_and_why_with_a_reason():
    # closed classes again: "how many" owes an amount (not a greeting or a weekday), "why" a reason
    assert "the question asks how many" in stopped("hey there! how many days are still mine?", "greeting()")
    assert "the question asks how many" in stopped(
        "성탄절 무슨 요일이고 그 주에 하루 쓰면 몇 개 남아?", 'day("2026-12-25")'
    )
    assert said("지금 몇 월 며칠이야?", "today()")  # the date asked, not how many
    grants = (StatutoryGrant(date(2026, 3, 4), Decimal(16), "annual", 3, date(2027, 3, 3), ""),)
    entitlement = Entitlement(TODAY, date(2023, 3, 4), "hire_date", 3, grants, ())
    question = "why is mine 16 days when others get 15?"
    current = write_checked(["current_days()"], evidence(question, entitlement=entitlement), False)
    assert "the question asks why" in " ".join(p.reason for p in current.problems)
    assert write_checked(["why_grant(q(16))"], evidence(question, entitlement=entitlement), False).holds


def test_a_day_asked_in_the_past_tense_is_the_last_one_passed():
    # after the twenty-fourth sets: "did I take leave on dec 24?" asked in January is last December's
    january = date(2026, 1, 15)
    taken = {
        2025: LeaveTaken(2025, (LeaveRecord(date(2025, 12, 24), Decimal(1)),)),
        2026: LeaveTaken(2026, ()),
    }
    question = "did I take leave on dec 24?"
    last = write_checked(
        ['record("2025-12-24")'], Evidence(taken=taken, question=question, today=january), False
    )
    assert last.holds, last.problems
    coming = write_checked(
        ['record("2026-12-24")'], Evidence(taken=taken, question=question, today=january), False
    )
    assert not coming.holds


def test_a_weekday_asked_beside_a_colleague_is_no_ones_leave_but_their_day_off_is_theirs():
    assert said("is tmrw a holiday? nobody in my team seems to know", 'day("2026-11-30")')
    assert "about a colleague" in stopped("is 박대리님 off tomorrow?", 'day("2026-11-30")')


def test_half_days_left_answers_what_can_still_be_taken_not_what_was_taken():
    assert "half_days_left" in stopped("how many half days have I taken this year?", "half_days_left(2026)")
    assert said("how many more half days can I take this year?", "half_days_left(2026)")


def test_a_first_year_written_1st_year_asks_the_first_years_rule():
    assert "first year" in stopped("how much leave do 1st-year people get by law?", 'act_rule("base")')


def test_the_acts_leave_now_is_asked_as_the_laws_or_as_now_not_as_what_is_left():
    # after the twenty-fourth sets: what has arisen under the Act for "몇 개 남았음?", the next grant for
    # "what am I entitled to by law right now?"
    grants = (StatutoryGrant(date(2026, 3, 4), Decimal(16), "annual", 3, date(2027, 3, 3), ""),)
    upcoming = (StatutoryGrant(date(2027, 3, 4), Decimal(16), "annual", 4, date(2028, 3, 3), ""),)
    entitlement = Entitlement(TODAY, date(2023, 3, 4), "hire_date", 3, grants, upcoming)

    def holds(question: str, statement: str) -> bool:
        return write_checked([statement], evidence(question, entitlement=entitlement), "연" in question).holds

    assert not holds("연차 몇개 남았음??", "current_days()")
    assert holds("법으로 지금 쓸 수 있는 연차 며칠이야?", "current_days()")
    assert not holds("how many days am I entitled to under the law right now?", "next_grant()")
    assert holds("next year's allowance?", "next_grant()")


def test_this_coming_weekday_is_the_next_one_and_a_named_day_needs_no_date_asked():
    from bot.language.relative_days import relative_days

    sunday = date(2026, 1, 4)
    assert relative_days("this coming friday", sunday) == [(date(2026, 1, 9), date(2026, 1, 9))]
    assert relative_days("오는 금요일", sunday) == [(date(2026, 1, 9), date(2026, 1, 9))]
    assert len(relative_days("this friday", sunday)) == 2  # read two ways on a Sunday
    assert "names its day" in stopped("모레 빨간날이야?", "ask_a_date()")


def test_days_around_a_holiday_are_those_its_words_name():
    # after the twenty-ninth sets: "the Friday before Seollal" (2026-02-13), "설 연휴 끝나고 목금" (02-19, 02-20),
    # "크리스마스 전주" (the week before Christmas week), each a span around the holiday
    from bot.grounding.days import holiday_windows

    january = date(2026, 1, 20)
    before = holiday_windows("Is the Friday before Seollal a holiday?", january)
    assert any(a <= date(2026, 2, 13) <= b for a, b in before)
    after = holiday_windows("설 연휴 끝나고 목금 쉬면 몇 개 남아?", january)
    assert any(a <= date(2026, 2, 19) and date(2026, 2, 20) <= b for a, b in after)
    week_before = holiday_windows("크리스마스 전주 월~목 연차 쓰면 몇개 남아?", date(2026, 11, 18))
    assert any(a <= date(2026, 12, 14) <= b for a, b in week_before)
    assert not any(a <= date(2026, 12, 22) <= b for a, b in week_before)  # not Christmas week itself
    assert holiday_windows("크리스마스에 뭐 해?", january) == []  # the holiday alone: its own days
    # a weekday with its particle ("목요일은"), after the thirty-third sets
    particle = holiday_windows("설 연휴 끝나고 목요일은 출근하는 날 맞지?", january)
    assert any(a <= date(2026, 2, 19) <= b for a, b in particle)


def test_which_year_is_no_answer_to_a_question_naming_a_day():
    # after the thirty-first sets: "tomorrow" has its year
    assert "which_year" not in said("Do I have enough left to take tomorrow off?", "enough(2026)")
    assert stopped("Do I have enough left to take tomorrow off?", "which_year()")


def test_a_holidays_days_are_dated_and_its_substitute_and_the_day_after_are_named_by_their_words():
    # after the thirty-third sets: Chuseok of 2025 fell on October 6, which is no 2026 Chuseok
    assert "does not name" in stopped("2026년 추석 당일이 무슨 요일이야?", 'day("2026-10-06")')
    assert said("2026년 추석 당일이 무슨 요일이야?", 'day("2026-09-25")')
    assert stopped("올해 개천절 무슨 요일이야?", 'day("2026-10-05")')  # the substitute Monday
    assert said("2026년 개천절 대체공휴일 언제야?", 'day("2026-10-05")')
    assert stopped("Is the day after Christmas a holiday here?", 'day("2026-12-25")')
    assert said("Is the day after Christmas a holiday here?", 'day("2026-12-26")', korean=False)


def test_have_i_taken_asks_what_was_used_and_a_name_that_has_days_is_a_colleague():
    assert "what was used" in stopped("How many half days have I taken this year?", "cannot_answer()")
    assert "colleague" in stopped("can you check how many days Minji has left?", "remaining(2026)")


def test_two_more_is_an_amount_the_what_if_must_take():
    question = "If I take 3 days in March and 2 more in April, how many will I have left?"
    assert "leaves out the question's 2" in stopped(question, "what_if(2026, q(3))")
    assert said(question, "what_if(2026, q(3) + q(2))", korean=False)


def test_how_many_days_one_gets_is_answered_now_or_at_the_next_grant():
    grants = (StatutoryGrant(date(2026, 3, 4), Decimal(16), "annual", 3, date(2027, 3, 3), ""),)
    upcoming = (StatutoryGrant(date(2027, 3, 4), Decimal(16), "annual", 4, date(2028, 3, 3), ""),)
    entitlement = Entitlement(TODAY, date(2023, 3, 4), "hire_date", 3, grants, upcoming)

    def holds(question: str, *statements: str) -> bool:
        return write_checked(list(statements), evidence(question, entitlement=entitlement), True).holds

    assert holds("연차 며칠 나와?", "current_days()")
    assert holds("연차 며칠 나와?", "next_grant()")
    assert not holds("입사한 지 몇 년 됐어? 연차 며칠 나와?", "service_years()")
    assert not holds("내년에 연차 몇 개 나와?", "current_days()")


def test_that_and_it_are_no_colleagues_and_the_askers_own_leave_in_korean_is_the_askers():
    question = "I'm taking Dec 28–31 off. How many days will that use?"
    assert said(question, 'working_days("2026-12-28", "2026-12-31")', korean=False)
    assert said("팀장님이 물어보셔서요, 제 연차 몇 개 남았어요?", "remaining(2026)")
    assert "colleague" in stopped("팀장님 연차 몇 개 남았어요?", "remaining(2026)")


def test_whats_left_after_asks_what_would_be_left():
    assert "what would be left" in stopped(
        "I'm taking 2 days off next month. what's left after?", "remaining(2026)"
    )


def test_a_plans_days_say_when_once_its_amount_is_taken():
    # after the twenty-first and twenty-second sets: "next week" is when the two half days fall
    answer = {"parts": [{"asks": "what would that leave me with?", "say": ["what_if(2026, q(2) * 0.5)"]}]}
    parts = parts_of(answer)
    assert parts is not None
    written = write_checked(
        parts, evidence("thinking of taking 2 half days next week. what would that leave me with?"), False
    )
    assert written.holds, written.problems


def test_an_amount_equal_to_a_figure_the_answer_does_not_say_is_still_the_questions():
    # 15 days to take is not "stated" because 15 were granted (a what-if says what is left, not the grant)
    question = "i'm deciding between 3 days and 15 days off this year, how many left either way?"
    assert "leaves out the question's 15" in stopped(question, "what_if(2026, q(3))")
    assert "leaves out the question's 2" in stopped(
        "my trip is 5 days but 2 of them are a weekend, how many would I have left after?",
        "what_if(2026, q(5))",
    )


def _parts(*parts: tuple[str, list[str]]) -> list[Part]:
    found = parts_of({"parts": [{"asks": asks, "say": say} for asks, say in parts]})
    assert found is not None
    return found


def test_the_thirty_fourth_and_fifth_sets_kinds_of_asking():
    # after the thirty-fourth and thirty-fifth sets (first runs in docs/grounding.md): each a closed class
    assert said(
        "compare my leave usage this year vs last year pls", 'compare("used", 2026, 2025)', korean=False
    )
    question = "저 근속 10년 넘었는데 연차가 앞으로도 계속 늘어나나요? 법으로 최대 몇 일까지인지 궁금합니다"
    assert said(question, 'act_rule("extra")', 'act_rule("max")')
    assert stopped("연말까지 출근해야 되는 날 며칠 남았어요?", 'days_until("2026-12-31")')
    assert stopped(
        "How many days have I used so far, and how many are still waiting on approval?", "used(2026)"
    )
    assert stopped("Is any of my leave still waiting for approval?", "cannot_answer()")
    assert stopped("Can you list all the days I took off this year?", "used(2026)")
    assert stopped("12/21부터 12/31까지 쭉 쉬면 연차 며칠 필요함??", "remaining(2026)")
    assert stopped("남은 연차 반차로 쪼개 쓰면 몇 번 쓸 수 있어요?", "remaining(2026)")
    assert said("남은 연차 반차로 쪼개 쓰면 몇 번 쓸 수 있어요?", "half_days_left(2026)")
    assert stopped("Do I have enough days left to take Dec 21-24 off?", "enough(2026)")
    assert stopped(
        "I think I have 10 left — if I take 2 days next week, what's left?", "what_if(2026, q(10))"
    )


def test_days_named_beside_a_holiday_and_working_days_left_from_today():
    question = "I want to take off the day before Christmas Eve. How many days would I have left after?"
    assert stopped(question, 'what_if_days("2026-12-24", "2026-12-24")')
    assert said(question, 'what_if_days("2026-12-23", "2026-12-23")', korean=False)
    assert stopped(
        "크리스마스 다음 주 월~수 쉬면 연차 몇 개 남아요?", 'what_if_days("2026-12-21", "2026-12-23")'
    )
    assert said(
        "크리스마스 다음 주 월~수 쉬면 연차 몇 개 남아요?", 'what_if_days("2026-12-28", "2026-12-30")'
    )
    assert stopped("이번 달 남은 근무일 며칠이에요?", 'working_days("2026-11-01", "2026-11-30")')
    assert said("이번 달 남은 근무일 며칠이에요?", 'working_days("2026-11-29", "2026-11-30")')
    assert said(
        "how many working days are left in december?",
        'working_days("2026-12-01", "2026-12-31")',
        korean=False,
    )


def test_what_someone_told_the_asker_is_a_story_and_a_part_pointing_back_takes_its_days():
    question = "팀장님이 연말 전에 남은 연차 다 쓰라고 하셔서요 ㅠㅠ 올해 연차 몇개 남았고 언제까지 써야 되는지 알려주세요"
    parts = _parts(
        ("올해 연차 몇개 남았고", ["remaining(2026)"]),
        ("언제까지 써야 되는지 알려주세요", ["expiring(2026)"]),
    )
    assert write_checked(parts, evidence(question), True).holds
    question = "크리스마스가 금욜이죠? 그 주 월~목 다 쉬면 연차 며칠 빠지는 거예요?"
    parts = _parts(
        ("크리스마스가 금욜이죠?", ['day("2026-12-25")']),
        ("그 주 월~목 다 쉬면 연차 며칠 빠지는 거예요?", ['working_days("2026-12-21", "2026-12-24")']),
    )
    assert write_checked(parts, evidence(question), True).holds
    question = "My sister's wedding is on Sat Dec 12 so I want to take Thu Dec 10 and Fri Dec 11 off. How many days is that?"
    parts = _parts(("How many days is that?", ['working_days("2026-12-10", "2026-12-11")']))
    assert write_checked(parts, evidence(question), False).holds


def test_the_thirty_sixth_and_seventh_sets_kinds_of_asking():
    # after the thirty-sixth and thirty-seventh sets (first runs in docs/grounding.md)
    assert said("Can I carry my unused days over to 2027?", "ask_hr()", korean=False)
    assert said("what's the last day I can use my 2026 leave?", "expiring(2026)", korean=False)
    assert said("how many did I end up using last year?", "used(2025)", korean=False)
    assert "colleague" in stopped(
        "my wife works here too — how many days does she have left?", "remaining(2026)"
    )
    question = "이번 주 금요일이랑 다음 주 화요일에 반차 2번 쓰려고요. 그러면 몇 개 남아요?"
    assert said(question, "what_if(2026, q(2) * 0.5)")
    assert said("12/28~31 working day 며칠이에요?", 'working_days("2026-12-28", "2026-12-31")')
    assert stopped("Is New Year's Day a Friday?", 'day("2026-01-01")')  # the coming one is 2027's
    assert stopped("다음주에 이틀 쉬려고 하는데 그럼 올해 연차 얼마나 남아요?", "remaining(2026)")
    assert said("팀장님이 연말 전에 연차 소진하라고 하시는데ㅠ 저 올해 몇 개 남았어요?", "remaining(2026)")
    assert stopped("12월 21일부터 24일까지 휴가 내면 연차 며칠 빠져?", "remaining(2026)")


def test_the_thirty_eighth_and_ninth_sets_kinds_of_asking():
    # after the thirty-eighth and thirty-ninth sets (first runs in docs/grounding.md)
    assert said(
        "내년 설 연휴 언제야?", *(f'day("2027-02-0{d}")' for d in (6, 7, 8, 9))
    )  # the break's substitute
    assert said("다음달에 결혼하는데 경조휴가는 며칠 나와요?", "ask_hr()")
    assert stopped("how many sick days did I take this year?", "ask_hr()")  # the records say it
    assert stopped(
        "how many sick days did I take this year, and how many annual leave days?", 'taken(2026, "sick")'
    )
    grants = (StatutoryGrant(date(2026, 3, 4), Decimal(16), "annual", 3, date(2027, 3, 3), ""),)
    entitlement = Entitlement(TODAY, date(2023, 3, 4), "hire_date", 3, grants, ())
    question = "신입 민재씨 있는데 지금 연차 몇 개 생겼는지 알 수 있나요?"
    written = write_checked(["current_days()"], evidence(question, entitlement=entitlement), True)
    assert any("colleague" in p.reason for p in written.problems), written.problems
    assert stopped("how many days did I end up using last year?", "remaining(2025)")
    question = "thinking of taking xmas eve afternoon off, what would that leave me with? everyone's leaving early anyway"
    assert said(question, 'plan(["2026-12-24", "2026-12-24", 0.5])', korean=False)


def test_a_quote_with_a_particle_or_a_short_word_dropped_is_the_questions_words():
    from bot.llm.choice.quotes import quoted

    question = "설 연휴 전날 오후 반차 1번 쓰면 남는거 몇개에요?"
    assert quoted(question, ["반차 쓰면 남는거 몇개에요?"]).missing == []
    assert quoted("2월 13일 금요일이 평일 맞죠?", ["2월 13일 금요일 평일 맞죠?"]).missing == []
    assert quoted("can you check hers", ["can you check Jisoo's leave"]).missing  # a paraphrase is no quote


def test_days_listed_without_their_month_and_each_days_part_of_a_day():
    # after the fortieth and forty-first sets: "31일 하루" is December 31, taken whole
    question = "12월 24일 오후 반차랑 31일 하루 쓰면 남는 연차?"
    assert said(question, 'plan(["2026-12-24", "2026-12-24", 0.5], ["2026-12-31", "2026-12-31"])')
    assert "another part of a day" in stopped(
        question, 'plan(["2026-12-24", "2026-12-24"], ["2026-12-31", "2026-12-31", 0.5])'
    )
