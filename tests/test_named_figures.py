"""Named figures: the model names each figure, code evaluates and writes it (bot/grounding/named.py), and the
check over the wire (structured output asked for, one correction round, the plain lookup answer, the
conservative plain-text fallback)."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bot import text
from bot.agent.trace import Grounded
from bot.cli.demo import UnavailableStore
from bot.domain.leave import Balance, LeaveRecord, LeaveTaken
from bot.grounding.facts import Evidence
from bot.grounding.named import render
from bot.grounding.shape import ANSWER_SCHEMA, parse_named
from bot.language.quantities import stray_quantities
from tests.support.assistant import make_assistant
from tests.support.messages_api import error_reply, text_reply, tool_reply

TODAY = date(2026, 11, 29)
Y2026 = Balance(2026, Decimal(15), Decimal("7.5"))
Y2025 = Balance(2025, Decimal(15), Decimal("11.5"))
RECORDS = LeaveTaken(
    2026, (LeaveRecord(date(2026, 3, 2), Decimal("0.5")), LeaveRecord(date(2026, 5, 4), Decimal(3)))
)
EVIDENCE = Evidence(
    balances={2026: Y2026, 2025: Y2025},
    taken={2026: RECORDS},
    question="3일 쓰면 며칠 남아?",
    calendar=lambda first, last: 3,
    today=TODAY,
)


def shown(named: str, korean: bool = True, evidence: Evidence = EVIDENCE) -> str:
    rendered = render(named, evidence, korean)
    assert rendered.holds, rendered.problems
    return rendered.text


def reasons(named: str, korean: bool = True) -> list[str]:
    return [f"{p.figure} {p.reason}" for p in render(named, EVIDENCE, korean).problems]


@pytest.mark.parametrize(
    ("named", "korean", "written"),
    [
        ("올해 남은 연차는 {remaining(2026)}이에요.", True, "올해 남은 연차는 7.5일이에요."),
        ("올해 남은 연차는 {remaining(2026)}일이에요.", True, "올해 남은 연차는 7.5일이에요."),  # unit once
        ("You have {remaining(2026)} left this year.", False, "You have 7.5 days left this year."),
        ("You have {remaining(2026)} days left this year.", False, "You have 7.5 days left this year."),
        ("{q(3)}일 쓰면 {remaining(2026) - q(3)} 남아요.", True, "3일 쓰면 4.5일 남아요."),
        ("사용률은 {used(2026) / granted(2026) * 100}%예요.", True, "사용률은 50%예요."),
        (
            '{date("2026-12-24")}부터 {working_days("2026-12-24", "2026-12-28")}이 걸려요.',
            True,
            "12월 24일(목)부터 3일이 걸려요.",
        ),
        ('{date("2027-03-03")} is the last day.', False, "Wednesday, March 3, 2027 is the last day."),
        (
            '{date("2026-12-25")}은 {day("2026-12-25")}이에요.',
            True,
            "12월 25일(금)은 공휴일(기독탄신일)이에요.",
        ),
        (
            '{date("2026-10-03")} is {day("2026-10-03")}.',
            False,
            "Saturday, October 3 is a weekend day and a public holiday (National Foundation Day).",
        ),
        ('{date("2026-12-28")}은 {day("2026-12-28")}이에요.', True, "12월 28일(월)은 근무일이에요."),
        ("작년({year(2025)}) 사용: {used(2025)}", True, "작년(2025) 사용: 11.5일"),
        (
            "법정 최대는 {STATUTE.max_days}예요.",
            True,
            "법정 최대는 25일예요.",
        ),
        ('반차는 {records(2026, "annual", 0.5)}번 썼어요.', True, "반차는 1번 썼어요."),
    ],
)
def test_each_figure_is_evaluated_and_written_in_the_persons_language(named, korean, written):
    assert shown(named, korean) == written


@pytest.mark.parametrize(
    ("named", "reason"),
    [
        ("남은 연차는 7.5일이에요.", "7.5 is a number typed"),
        ("이틀 남았어요, {remaining(2026)}.", "이틀 is a number typed"),
        ("You have two days and {remaining(2026)} left.", "two is a number typed"),
        ("남은 연차는 {remaining(2024)}이에요.", "no lookup of 2024 succeeded"),
        ("남은 연차는 {remaining(2026) - 3}이에요.", "writes the number 3"),
        ("남은 연차는 {q(5)}이에요.", "the question has no such number"),
        ("남은 연차는 {granted(2026)}이에요.", "is granted leave, but its clause calls it remaining"),
        ("작년에 남은 연차는 {remaining(2026)}이에요.", "is for 2026, but its clause says 2025"),
        ("{year(2025)} 사용한 연차는 {used(2026)}예요.", "is for 2026, but its clause says 2025"),
        (
            "You used {used(2026)} last year and {used(2025)} this year.",
            "is for 2026, but its clause says 2025",
        ),
        ("네, 남은 연차는 {q(3)}이에요.", "the person's own number, presented as their leave"),
        ("올해 남은 연차는 {STATUTE.max_days}이에요.", "the Act's number, presented as the person's leave"),
        ("남은 연차는 {__import__('os')}이에요.", "not a known figure"),
    ],
)
def test_what_is_left_to_check_is_caught(named, reason):
    assert any(reason in said for said in reasons(named)), reasons(named)


def test_a_clause_binds_each_kind_word_to_its_nearest_figure():
    assert shown("부여 {granted(2026)} 중 {used(2026)}을 사용해서 {remaining(2026)} 남았어요.").startswith(
        "부여 15일"
    )
    assert shown("{granted(2026)} 중 {used(2026)}을 사용했어요.") == "15일 중 7.5일을 사용했어요."
    assert (
        shown("작년엔 {used(2025)} 썼고 올해는 {used(2026)} 썼어요.")
        == "작년엔 11.5일 썼고 올해는 7.5일 썼어요."
    )
    assert shown("{q(3)}일을 사용하면 {remaining(2026) - q(3)} 남아요.") == "3일을 사용하면 4.5일 남아요."


def test_an_english_and_ends_a_clause():
    said = "You used {used(2025)} days in {year(2025)} and {used(2026)} days in {year(2026)}."
    assert shown(said, korean=False) == "You used 11.5 days in 2025 and 7.5 days in 2026."


def test_quantity_words_are_language_data_not_idioms():
    assert stray_quantities("남은 연차는 열두 개예요, 반반차 세 번은, half a day") == [
        "열두 개",
        "세 번",
        "half",
    ]
    assert stray_quantities("두 번째 신청, 네 번호, take a half day or a quarter-day, at once") == []
    assert stray_quantities("하루 이틀 사흘, 두 번, two days, half a day, 1,234") == [
        "하루",
        "이틀",
        "사흘",
        "두 번",
        "two",
        "half",
        "1,234",
    ]
    assert (
        stray_quantities("반차로 쉬세요. 한 번 더 확인해 주세요. No one else sees it.\n1. 신청\n2. 승인")
        == []
    )


def test_the_schema_is_strict_and_short_and_a_plain_answer_is_not_named():
    assert ANSWER_SCHEMA["required"] == ["say"] and ANSWER_SCHEMA["additionalProperties"] is False
    # Raised from 1200 when the offline model's statements joined the catalogue (18 more names, one line
    # each is not affordable: the description lists them by name only, the correction explains a misuse).
    assert len(json.dumps(ANSWER_SCHEMA)) < 1550
    assert parse_named("올해 남은 연차는 7.5일이에요.") is None
    assert parse_named('{"text": "{remaining(2026)}"}') == "{remaining(2026)}"
    assert parse_named(' {"say": ["remaining(2026)"]}') == '{"say": ["remaining(2026)"]}'


# ----- over the wire -----------------------------------------------------------------------------------------


def named(text_: str) -> tuple[int, dict]:
    return text_reply(json.dumps({"text": text_}, ensure_ascii=False))


def ask(question: str) -> list:
    return [{"role": "user", "content": question}]


async def test_a_named_answer_is_asked_for_rendered_and_posted(messages_api, hr, minsu):
    api = await messages_api(
        [tool_reply(("toolu_A", {"year": 2026})), named("남은 연차는 {remaining(2026)}이에요.")]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("연차 몇일?"), minsu)
    assert turn.answer == "남은 연차는 7.5일이에요."  # the person never sees the JSON nor a placeholder
    assert api.requests[-1]["output_config"]["format"]["schema"] == ANSWER_SCHEMA
    assert len(api.requests) == 2  # no extra model call
    assert Grounded("named", 1, 0, "남은 연차는 7.5일이에요.") in turn.trace.steps
    follow_up = turn.conversation.ask("작년엔?")
    assert any(
        m["role"] == "user" and isinstance(m["content"], list) for m in follow_up.messages
    )  # lookups kept


async def test_a_failing_figure_gets_one_correction_naming_why(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("toolu_A", {"year": 2026})),
            named("남은 연차는 {remaining(2025)}이에요."),
            named("죄송해요, 남은 연차는 {remaining(2026)}이에요."),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("연차?"), minsu)
    correction = api.requests[-1]["messages"][-1]["content"]
    assert "{remaining(2025)}" in correction and "2025" in correction
    assert turn.answer == "죄송해요, 남은 연차는 7.5일이에요."
    assert turn.messages[-1] == {"role": "assistant", "content": turn.answer}  # not the rejected draft


async def test_still_failing_after_correction_posts_the_plain_lookup_answer(messages_api, hr, minsu):
    wrong = named("남은 연차는 8일이에요.")
    api = await messages_api([tool_reply(("toolu_A", {"year": 2026})), wrong, wrong])
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("연차?"), minsu)
    assert turn.answer.endswith(text.VERIFIED_ONLY.ko) and "7.5일" in turn.answer and "8일" not in turn.answer


async def test_figures_named_with_no_lookup_are_looked_up_by_code(messages_api, hr, minsu):
    api = await messages_api([named("올해 남은 연차는 {remaining(2026)}이에요.")])
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    assert turn.answer == "올해 남은 연차는 7.5일이에요."
    assert [c.input for c in turn.trace.tool_calls] == [{"year": 2026}] and len(api.requests) == 1


async def test_a_plain_text_answer_with_a_number_is_never_posted(messages_api, hr, minsu):
    api = await messages_api(
        [tool_reply(("toolu_A", {"year": 2026})), text_reply("8일 남았어요.")], declare=False
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("연차?"), minsu)
    assert "8일" not in turn.answer and "7.5일" in turn.answer and turn.answer.endswith(text.VERIFIED_ONLY.ko)
    assert Grounded("plain", draft="8일 남았어요.") in turn.trace.steps


async def test_a_plain_text_answer_with_no_number_stands(messages_api, hr, minsu):
    api = await messages_api([text_reply("연차 신청은 Slack에서 하시면 돼요.")], declare=False)
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("연차 신청 어떻게 해?"), minsu)
    assert turn.answer == "연차 신청은 Slack에서 하시면 돼요."


async def test_the_offline_model_names_its_figures_and_they_render_as_it_wrote_them(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("toolu_A", {"year": 2026})),
            text_reply("2026년 남은 연차는 7.5일이에요 (부여 15일, 사용 7.5일)."),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    said: Any = turn.messages[-1]["content"]  # the model's own answer stays in the conversation
    sent = json.loads(said[0].text)["text"]
    assert "{remaining(2026)}" in sent and "{granted(2026)}" in sent and "7.5" not in sent
    assert turn.answer == "2026년 남은 연차는 7.5일이에요 (부여 15일, 사용 7.5일)."


# ----- the runner for fresh answer sets (docs/grounding.md#a-fresh-answer-set) ----------------------------------


def test_the_answer_set_runner_counts_stopped_correct_and_posted_wrong(capsys):
    from benchmarks.named_answers import Tally, judge

    tally = Tally()
    for case in json.loads((Path(__file__).parent / "data" / "named_answers_sample.json").read_text("utf-8")):
        judge(case, tally, verbose=True)
    assert (tally.correct, tally.wrong) == (3, 4)
    assert tally.stopped_correct == []
    # "더" said of a difference that is the other way round: the value shows it (once posted, now stopped).
    assert tally.posted_wrong == []
    assert "stopped sample-ko-sloppy-passes" not in capsys.readouterr().out
    assert tally.line("sample").startswith("sample: stopped-correct 0/3 = 0.0 %, posted-wrong 0/4 = 0.0 %")


async def test_a_named_answer_with_no_figure_stands_and_gets_no_balance_added(messages_api, hr, minsu):
    api = await messages_api([named("어느 해의 연차를 알려 드릴까요?")])
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("연차 며칠이야?"), minsu)
    assert turn.answer == "어느 해의 연차를 알려 드릴까요?" and turn.trace.tool_calls == []


def test_a_dates_digits_are_not_the_persons_numbers():
    asked = Evidence(balances={2026: Y2026}, question="12월 24일에 2일 쓰면 며칠 남아?", today=TODAY)
    assert render("{remaining(2026) - q(2)} 남아요.", asked, True).text == "5.5일 남아요."
    wrong = render("{remaining(2026) - q(24)} 남아요.", asked, True)
    assert [p.reason for p in wrong.problems] == ["names q(24), but the question has no such number"]


@pytest.mark.parametrize(
    ("named", "holds"),
    [
        ("{used(2026) / granted(2026) * 100}%", True),
        ("{remaining(2026) * 100}", False),  # 100 only makes a share a percentage
        ("{remaining(2026) - 0.5}", False),  # no half day in "3일 쓰면 며칠 남아?"
        ('{remaining(2026) - working_days("2026-12-21", "2026-12-23") - 0.5}', True),
    ],
)
def test_a_plain_number_in_an_expression_is_a_percentage_or_a_half_day_only(named, holds):
    assert render(named, EVIDENCE, True).holds is holds


async def test_error_results_are_not_evidence(messages_api, minsu):
    guess = named("조회는 실패했지만 보통 {remaining(2026)} 정도 남아요.")
    api = await messages_api([tool_reply(("toolu_F", {"year": 2026})), guess, guess])
    turn = await make_assistant(api, UnavailableStore(), grounding=True).run_turn(
        ask("올해 연차 며칠 남았어?"), minsu
    )
    assert "no lookup of 2026 succeeded" in api.requests[2]["messages"][-1]["content"]
    # The reason is said in Korean too: a Korean sentence never carries the tool's English reason.
    assert turn.answer == (
        "연차 정보를 조회하지 못했어요 (인사 시스템에 지금 연결할 수 없어요). 잠시 후 다시 시도하거나 인사팀에 문의해 주세요."
    )


async def test_earlier_turns_results_are_evidence_for_a_follow_up(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("t1", {"year": 2026}), ("t2", {"year": 2025})),
            named("올해 {remaining(2026)}, 작년 {remaining(2025)} 남았어요."),
            named("작년엔 {remaining(2025)} 남았었어요."),
        ]
    )
    assistant = make_assistant(api, hr, grounding=True)
    first = await assistant.run_turn(ask("올해랑 작년 연차 며칠 남았어?"), minsu)
    second = await assistant.run_turn(first.conversation.ask("작년엔 며칠이었다고?"), minsu)
    assert (first.answer, second.answer) == ("올해 7.5일, 작년 0일 남았어요.", "작년엔 0일 남았었어요.")
    assert len(api.requests) == 3 and second.trace.tool_calls == []


async def test_the_correction_round_may_look_up_another_year(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("t1", {"year": 2026})),
            named("올해 {remaining(2026)}, 작년엔 {remaining(2025)} 남았어요."),
            tool_reply(("t2", {"year": 2025})),
            named("올해 {remaining(2026)}, 작년엔 {remaining(2025)} 남았어요."),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("올해랑 작년 연차 며칠 남았어?"), minsu)
    assert turn.answer == "올해 7.5일, 작년엔 0일 남았어요."
    assert [r.tool_use_id for r in turn.evidence] == ["t1", "t2"]


async def test_a_model_outage_answer_is_not_touched(messages_api, hr, minsu):
    api = await messages_api([error_reply(500)])
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    assert turn.ended == "model_error"
    assert [s for s in turn.trace.render_lines() if "grounding:" in s] == [
        "[note] grounding: skipped (model_error)"
    ]


async def test_the_offline_model_passes_in_both_languages_and_on_a_follow_up(messages_api, hr, minsu):
    api = await messages_api()  # no script: the offline model
    assistant = make_assistant(api, hr, grounding=True)
    first = await assistant.run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    second = await assistant.run_turn(first.conversation.ask("작년엔 며칠이었지?"), minsu)
    english = await assistant.run_turn(ask("How much leave do I have left this year and last year?"), minsu)
    assert first.answer == "2026년 남은 연차는 7.5일이에요 (부여 15일, 사용 7.5일)."
    assert second.answer == "2025년 남은 연차는 0일이에요 (부여 15일, 사용 11.5일, 소멸 3.5일)."
    assert "7.5 days" in english.answer and "0 days of annual leave left for 2025" in english.answer
    assert len(api.requests) == 2 + 2 + 2  # no correction round
