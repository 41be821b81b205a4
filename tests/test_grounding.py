"""The grounding check's plain-text fallback (a model or server that gives no declared figures), driven
by scripted model answers over HTTP through the real SDK: no leave amount reaches the user unless a tool
returned it. The declared-figures path has its own tests (tests/test_declared_figures.py)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from bot.cli.demo import UnavailableStore
from bot.core.claims import claims_in
from tests.support.assistant import make_assistant
from tests.support.messages_api import error_reply, text_reply, tool_reply
from tests.support.ports import MemoryAuditLog

THIS_YEAR_KO = "2026년 남은 연차는 7.5일이에요 (부여 15일, 사용 7.5일)."
LAST_YEAR_KO = "2025년 남은 연차는 0일이에요 (부여 15일, 사용 11.5일, 소멸 3.5일)."


@pytest.fixture
def messages_api(messages_api):
    """Scripted answers stay plain text here: these tests are about the fallback check."""

    async def start(script=None, latency: float = 0.0):
        return await messages_api(script, latency, declare=False)

    return start


def ask(text: str) -> list:
    return [{"role": "user", "content": text}]


def grounding_notes(turn) -> list[str]:
    return [line for line in turn.trace.render_lines() if "grounding:" in line]


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("2026년 남은 연차는 7.5일이에요 (부여 15일, 사용 7.5일).", ["7.5", "15", "7.5"]),
        ("You have 7.5 days left; 0.5 day(s) pending, a 3-day weekend", ["7.5", "0.5", "3"]),
        ("11월 29일 기준으로 2026년에 8일 남았어요", ["8"]),
        ("기준일 2026-11-29, 2026년, 7일", ["7"]),
        ("10,000일", ["10000"]),
        ("남은 연차는 일곱 일", []),  # words are out of scope
        ("You have 12 vacation days left.", ["12"]),
        ("연차 12개, 잔여: 3.5", ["12", "3.5"]),
        ("as of November 29, 2026 (09:30) you have 7.5 days", ["7.5"]),
    ],
)
def test_amounts_are_numerals_before_il_or_days_not_years_or_dates(text, amounts):
    assert [c.value for c in claims_in(text, date(2026, 11, 29))] == [Decimal(a) for a in amounts]


async def test_a_number_with_no_tool_call_is_looked_up_by_code(messages_api, hr, minsu):
    audit = MemoryAuditLog()
    api = await messages_api([text_reply("올해 남은 연차는 12일이에요.")])
    turn = await make_assistant(api, hr, grounding=True, audit=audit).run_turn(
        ask("올해 연차 며칠 남았어?"), minsu
    )
    assert turn.answer == "올해 남은 연차는 7.5일이에요."  # the figure repaired in place, the words kept
    assert len(api.requests) == 1  # the lookup is ours; the model is not asked again
    assert grounding_notes(turn) == [
        "[note] grounding: no lookup ran; 12일 is stated for 2026, which no lookup returned → looked up "
        "2026 by code",
        "[note] grounding: 12일 is not a remaining figure of 2026 (it should be 7.5) → repaired",
    ]
    assert [(r.detail.get("year"), r.outcome, r.requested_by) for r in audit.records] == [
        (2026, "ok", "code")
    ]
    assert turn.messages[-1] == {"role": "assistant", "content": turn.answer}
    assert [r.tool_use_id for r in turn.evidence] == ["code_2026"]


async def test_code_lookup_uses_the_years_and_language_of_the_question(messages_api, hr, minsu):
    api = await messages_api([text_reply("You had 20 days left last year.")])
    turn = await make_assistant(api, hr, grounding=True).run_turn(
        ask("How many days of leave did I have left last year?"), minsu
    )
    assert turn.answer == "You had 0 days left last year."  # 2025's 3.5 lapsed after December 31


async def test_balance_question_answered_without_lookup_or_amount_gets_the_lookup(messages_api, hr, minsu):
    api = await messages_api([text_reply("확인해 볼게요!")])
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    assert turn.answer == f"확인해 볼게요!\n{THIS_YEAR_KO}"
    assert "a balance question was answered without a lookup" in grounding_notes(turn)[0]


async def test_misquoted_number_is_corrected_on_the_second_try(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("toolu_A", {"year": 2026})),
            text_reply("올해 남은 연차는 8일이에요."),
            text_reply("올해 남은 연차는 7.5일이에요."),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("올해 연차 며칠 남았어?"), minsu)

    assert turn.answer == "올해 남은 연차는 7.5일이에요."
    assert len(api.requests) == 3
    correction = api.requests[2]["messages"][-1]
    assert correction["role"] == "user"
    assert "8일" in correction["content"]
    assert "2026: granted 15, used 7.5, remaining 7.5" in correction["content"]
    assert "8일 is not a remaining figure of 2026 (it should be 7.5)" in correction["content"]
    assert grounding_notes(turn) == [
        "[note] grounding: 8일 is not a remaining figure of 2026 (it should be 7.5) → asking the model "
        "once more",
        "[note] grounding: ok after correction",
    ]


async def test_still_wrong_after_correction_is_repaired_in_place(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("toolu_A", {"year": 2026})),
            text_reply("올해 남은 연차는 8일이에요."),
            text_reply("다시 확인해도 8일 남았어요."),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("올해 연차 며칠 남았어?"), minsu)

    assert turn.answer == "다시 확인해도 7.5일 남았어요."
    assert len(api.requests) == 3  # one correction, never a second
    assert grounding_notes(turn)[-1] == (
        "[note] grounding: still 8일 is not a remaining figure of any year looked up → repaired"
    ) or grounding_notes(turn)[-1].endswith("(it should be 7.5) → repaired")
    assert turn.messages[-1] == {"role": "assistant", "content": turn.answer}


async def test_correction_call_failing_falls_back_to_a_repaired_first_answer(messages_api, hr, minsu):
    api = await messages_api(
        [tool_reply(("toolu_A", {"year": 2026})), text_reply("8 days"), error_reply(500)]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(
        ask("How much leave do I have left?"), minsu
    )
    # "8 days" says neither which figure nor which year: no certain repair, so the looked-up figures
    assert turn.answer == "You have 7.5 days of annual leave left for 2026 (15 granted, 7.5 used)."


async def test_a_correct_answer_passes_untouched_with_one_model_call_fewer(messages_api, hr, minsu):
    correct = await messages_api([tool_reply(("toolu_A", {"year": 2026})), text_reply("7.50일 남았어요.")])
    turn = await make_assistant(correct, hr, grounding=True).run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    assert turn.answer == "7.50일 남았어요."  # 7.50 == 7.5 as Decimals
    assert grounding_notes(turn) == ["[note] grounding: ok"]

    corrected = await messages_api(
        [tool_reply(("toolu_A", {"year": 2026})), text_reply("8일"), text_reply("7.5일")]
    )
    await make_assistant(corrected, hr, grounding=True).run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    assert len(correct.requests) == len(corrected.requests) - 1


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("안녕?", "안녕하세요! 연차가 궁금하시면 물어봐 주세요."),
        ("hello", "Hi! Ask me how much leave you have left."),
        ("연차 신청은 어떻게 해?", "인사 시스템의 '휴가 신청' 메뉴에서 신청하시면 돼요."),
        ("What's today's date?", "Today is November 29, 2026."),
        ("오늘 며칠이야?", "오늘은 2026년 11월 29일이에요."),
    ],
)
async def test_greetings_and_non_balance_answers_pass(messages_api, hr, minsu, question, answer):
    api = await messages_api([text_reply(answer)])
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask(question), minsu)
    assert turn.answer == answer
    assert len(api.requests) == 1
    assert grounding_notes(turn) == ["[note] grounding: ok"]


async def test_grounding_off_passes_the_model_text_through(messages_api, hr, minsu):
    api = await messages_api([text_reply("올해 남은 연차는 12일이에요.")])
    turn = await make_assistant(api, hr, grounding=False).run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    assert turn.answer == "올해 남은 연차는 12일이에요."
    assert grounding_notes(turn) == []


async def test_error_results_are_not_evidence(messages_api, minsu):
    api = await messages_api(
        [
            tool_reply(("toolu_F", {"year": 2026})),
            text_reply("조회는 실패했지만 보통 7.5일 정도 남아요."),
            text_reply("아마 7.5일일 거예요."),
        ]
    )
    turn = await make_assistant(api, UnavailableStore(), grounding=True).run_turn(
        ask("올해 연차 며칠 남았어?"), minsu
    )
    assert "No lookup in this conversation succeeded" in api.requests[2]["messages"][-1]["content"]
    # The reason is said in Korean too: a Korean sentence never carries the tool's English reason.
    assert turn.answer == (
        "연차 정보를 조회하지 못했어요 (인사 시스템에 지금 연결할 수 없어요). 잠시 후 다시 시도하거나 인사팀에 문의해 주세요."
    )
    assert "7.5" not in turn.answer


async def test_earlier_turns_results_are_evidence_for_a_follow_up(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("t1", {"year": 2026}), ("t2", {"year": 2025})),
            text_reply("올해 7.5일, 작년 0일 남았어요."),
            text_reply("작년엔 0일 남았었어요."),
        ]
    )
    assistant = make_assistant(api, hr, grounding=True)
    first = await assistant.run_turn(ask("올해랑 작년 연차 며칠 남았어?"), minsu)
    second = await assistant.run_turn(first.conversation.ask("작년엔 며칠이었다고?"), minsu)
    assert second.answer == "작년엔 0일 남았었어요."
    assert len(api.requests) == 3
    assert grounding_notes(second) == ["[note] grounding: ok"]


async def test_follow_up_quoting_another_years_numbers_is_looked_up(messages_api, hr, minsu):
    # 7.5 is in the evidence, but for 2026; nothing for 2025 was ever looked up.
    api = await messages_api(
        [tool_reply(("t1", {"year": 2026})), text_reply(THIS_YEAR_KO), text_reply("작년엔 7.5일 남았어요.")]
    )
    assistant = make_assistant(api, hr, grounding=True)
    first = await assistant.run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    second = await assistant.run_turn(first.conversation.ask("작년엔 며칠이었지?"), minsu)
    assert second.answer == "작년엔 0일 남았어요."  # looked up by code, and the figure repaired


async def test_the_correction_round_may_look_up_another_year(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("t1", {"year": 2026})),
            text_reply("올해 7.5일, 작년엔 5일 남았어요."),
            tool_reply(("t2", {"year": 2025})),
            text_reply("올해 7.5일, 작년엔 0일 남았어요."),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("올해랑 작년 연차 며칠 남았어?"), minsu)
    assert turn.answer == "올해 7.5일, 작년엔 0일 남았어요."
    assert [r.tool_use_id for r in turn.evidence] == ["t1", "t2"]


async def test_model_outage_answer_is_not_rewritten(messages_api, hr, minsu):
    api = await messages_api([error_reply(500)])
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    assert turn.ended == "model_error"
    assert grounding_notes(turn) == ["[note] grounding: skipped (model_error)"]


async def test_offline_model_answers_pass_untouched(messages_api, hr, minsu):
    api = await messages_api()  # no script: the offline model
    assistant = make_assistant(api, hr, grounding=True)
    first = await assistant.run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    second = await assistant.run_turn(first.conversation.ask("작년엔 며칠이었지?"), minsu)
    greeting = await assistant.run_turn(ask("안녕?"), minsu)
    english = await assistant.run_turn(ask("How much leave do I have left this year and last year?"), minsu)
    assert (first.answer, second.answer) == (THIS_YEAR_KO, LAST_YEAR_KO)
    assert len(api.requests) == 2 + 2 + 1 + 2
    for turn in (first, second, greeting, english):
        assert grounding_notes(turn) == ["[note] grounding: ok"]


async def test_audit_has_one_line_per_lookup_in_a_grounded_turn(messages_api, hr, minsu):
    audit = MemoryAuditLog()
    api = await messages_api(
        [
            tool_reply(
                ("a", {"year": 2026}),
                ("b", {"year": 2026, "employee_id": "E1002"}),
                ("c", {"year": 2023}),
            ),
            text_reply("올해 7.5일 남았어요. 다른 분 정보와 2023년 기록은 조회할 수 없어요."),
        ]
    )
    await make_assistant(api, hr, grounding=True, audit=audit).run_turn(
        ask("올해 연차랑 E1002 연차, 2023년 연차 알려줘"), minsu
    )
    # The three run concurrently, so their records arrive in the order they finish.
    assert sorted((r.detail.get("year") or 0, r.outcome, r.requested_by) for r in audit.records) == [
        (0, "injected_field", "model"),
        (2023, "no_record", "model"),
        (2026, "ok", "model"),
    ]


async def test_an_amount_not_next_to_days_is_still_checked(messages_api, hr, minsu):
    api = await messages_api([text_reply("You have 12 vacation days left this year.")])
    turn = await make_assistant(api, hr, grounding=True).run_turn(
        ask("How much leave do I have left?"), minsu
    )
    assert turn.answer == "You have 7.5 vacation days left this year."


async def test_after_a_correction_the_conversation_holds_only_what_was_posted(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("t1", {"year": 2026})),
            text_reply("올해 남은 연차는 8일이에요."),
            text_reply("올해 남은 연차는 7.5일이에요."),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    assert turn.answer == "올해 남은 연차는 7.5일이에요."
    assert turn.messages == [*ask("올해 연차 며칠 남았어?"), {"role": "assistant", "content": turn.answer}]


async def test_quoting_the_granted_days_as_remaining_is_a_misquote(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("t1", {"year": 2026})),
            text_reply("올해 남은 연차는 15일이에요."),
            text_reply("올해 남은 연차는 15일!"),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("올해 연차 며칠 남았어?"), minsu)
    assert turn.answer == "올해 남은 연차는 7.5일!"  # 15 is granted, not remaining
    assert "15일 is not a remaining figure of 2026 (it should be 7.5)" in "\n".join(grounding_notes(turn))


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        (THIS_YEAR_KO, ["remaining", "granted", "used"]),
        (
            "You have 7.5 days of annual leave left for 2026 (15 granted, 7.5 used).",
            ["remaining", "granted", "used"],
        ),
        ("15일 중 7.5일을 사용해서 7.5일 남았어요", ["granted", "used", "remaining"]),
        ("13 of your 17 days remain", ["remaining", "granted"]),
        ("Used: 4 / Granted: 17 / Left: 13", ["used", "granted", "remaining"]),
        ("사용 가능한 연차는 7.5일, 미사용 연차 2일, unused: 3", ["remaining", "remaining", "remaining"]),
    ],
)
def test_a_word_next_to_a_number_says_which_figure_it_is(text, roles):
    assert [c.role for c in claims_in(text, date(2026, 11, 29))] == roles


async def test_leave_records_are_evidence_and_dates_are_not_amounts(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("t1", {"year": 2026}), name="list_leave_taken"),
            text_reply("3월 2일에 반차 0.5일, 5월 4일부터 3일 썼어요. 연차는 모두 7.5일, 병가 1일이에요."),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("올해 언제 연차 썼어?"), minsu)
    assert turn.answer.startswith("3월 2일에 반차 0.5일")
    assert grounding_notes(turn) == ["[note] grounding: ok"]


async def test_a_misquoted_record_is_corrected(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("t1", {"year": 2026}), name="list_leave_taken"),
            text_reply("5월 4일에 4일 썼어요."),
            text_reply("5월 4일에 3일 썼어요."),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True).run_turn(ask("5월에 며칠 썼어?"), minsu)
    assert turn.answer == "5월 4일에 3일 썼어요."
    correction = api.requests[2]["messages"][-1]["content"]
    assert "4일" in correction and "2026-05-04 3 annual" in correction


@pytest.mark.parametrize("question", ["남은 연차 시간으로 알려줘", "How many hours of leave do I have left?"])
async def test_an_hours_question_is_declined_by_the_model_and_not_answered_by_code(
    messages_api, hr, minsu, question
):
    # The HR data keeps days only: the offline model says so, and the grounding check must agree with it
    # (one vocabulary for "hours"), not look the balance up and append it in days.
    api = await messages_api()  # no script: the offline model
    audit = MemoryAuditLog()
    turn = await make_assistant(api, hr, grounding=True, audit=audit).run_turn(ask(question), minsu)
    assert "days" in turn.answer or "일 단위" in turn.answer
    assert grounding_notes(turn) == ["[note] grounding: ok"]
    assert audit.records == []
    assert turn.evidence == []
