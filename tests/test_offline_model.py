"""The offline model: year phrases, parallel requests, greetings, and its strictness as an API peer."""

from __future__ import annotations

from datetime import date

import pytest

from bot.agent.loop import Assistant
from bot.cli.demo import UnavailableStore
from bot.llm.client import make_client
from bot.llm.offline import OfflineModel, years_in
from bot.llm.wire import sign
from bot.ports.hr import LeaveStore
from tests.support.assistant import make_toolbox, tracked
from tests.support.clock import FIXED_CALENDAR

TODAY = date(2026, 11, 29)


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("올해 연차 며칠 남았어?", [2026]),
        ("금년 휴가 잔여", [2026]),
        ("이번 해 연차", [2026]),
        ("작년엔 며칠이었지?", [2025]),
        ("지난해 연차", [2025]),
        ("전년 연차 사용", [2025]),
        ("재작년 연차는?", [2024]),
        ("내년 연차는 몇 일 나와?", [2027]),
        ("2024년 연차", [2024]),
        ("올해랑 작년 연차 비교해줘", [2026, 2025]),
        ("작년이랑 올해", [2025, 2026]),
        ("재작년, 작년, 올해 모두", [2024, 2025, 2026]),
        ("How much leave do I have left this year?", [2026]),
        ("and last year?", [2025]),
        ("the year before last", [2024]),
        ("How many days off did I have in 2024?", [2024]),
        ("this year and last year", [2026, 2025]),
        ("연차 며칠 남았어?", []),
        ("올해 올해 연차", [2026]),
    ],
)
def test_year_phrases(question, years):
    assert years_in(question, TODAY) == years


def assistant(store: LeaveStore) -> Assistant:
    client = tracked(make_client(None))
    return Assistant(client, make_toolbox(store), model="claude-test", calendar=FIXED_CALENDAR)


async def test_the_four_scenarios_offline(hr, minsu):
    bot = assistant(hr)
    first = await bot.run_turn([{"role": "user", "content": "올해 연차 며칠 남았어?"}], minsu)
    assert [c.stop_reason for c in first.trace.model_calls] == ["tool_use", "end_turn"]
    assert first.trace.tool_calls[0].input == {"year": 2026}
    assert first.answer == "2026년 남은 연차는 7.5일이에요 (부여 15일, 사용 7.5일)."

    second = await bot.run_turn(first.conversation.ask("작년엔 며칠이었지?"), minsu)
    assert second.trace.tool_calls[0].input == {"year": 2025}
    assert second.answer == "2025년 남은 연차는 0일이에요 (부여 15일, 사용 11.5일, 소멸 3.5일)."

    hello = await bot.run_turn([{"role": "user", "content": "안녕?"}], minsu)
    assert [c.stop_reason for c in hello.trace.model_calls] == ["end_turn"]
    assert hello.trace.tool_calls == []

    failed = await assistant(UnavailableStore()).run_turn(
        [{"role": "user", "content": "올해 연차 며칠 남았어?"}], minsu
    )
    assert failed.trace.tool_results[0].is_error
    assert "조회하지 못했어요" in failed.answer
    assert "7.5" not in failed.answer


async def test_offline_model_answers_in_english_and_in_parallel(hr, minsu):
    turn = await assistant(hr).run_turn(
        [{"role": "user", "content": "How much leave do I have left this year and last year?"}], minsu
    )
    assert [c.input for c in turn.trace.tool_calls] == [{"year": 2026}, {"year": 2025}]
    assert len(turn.trace.model_calls) == 2
    assert "7.5 days" in turn.answer and "0 days of annual leave left for 2025" in turn.answer


def request(messages, **extra):
    return {
        "model": "m",
        "system": "Today is 2026-11-29 (Sunday)",
        "messages": messages,
        "tools": [{"name": "get_leave_balance"}],
        **extra,
    }


def test_offline_model_rejects_a_changed_thinking_block():
    thinking = "look it up"
    assistant_turn = {
        "role": "assistant",
        "content": [
            {"type": "thinking", "thinking": thinking + " (edited)", "signature": sign(thinking)},
            {"type": "tool_use", "id": "t1", "name": "get_leave_balance", "input": {"year": 2026}},
        ],
    }
    tool_result = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "x"}]}
    status, body = OfflineModel().handle(
        request([{"role": "user", "content": "연차"}, assistant_turn, tool_result])
    )
    assert status == 400 and "invalid signature" in body["error"]["message"]


def test_offline_model_rejects_unanswered_tool_use_and_forced_tool_choice():
    assistant_turn = {
        "role": "assistant",
        "content": [
            {"type": "tool_use", "id": "t1", "name": "get_leave_balance", "input": {"year": 2026}},
            {"type": "tool_use", "id": "t2", "name": "get_leave_balance", "input": {"year": 2025}},
        ],
    }
    only_one = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "x"}]}
    status, body = OfflineModel().handle(
        request([{"role": "user", "content": "연차"}, assistant_turn, only_one])
    )
    assert status == 400 and "without tool_result" in body["error"]["message"]

    status, _ = OfflineModel().handle(
        request(
            [{"role": "user", "content": "연차"}], tool_choice={"type": "tool", "name": "get_leave_balance"}
        )
    )
    assert status == 400


@pytest.mark.parametrize(
    ("question", "calls"),
    [
        ("올해 연차 며칠 남았어?", [("get_leave_balance", 2026)]),
        ("올해 언제 연차 썼어?", [("list_leave_taken", 2026)]),
        ("When did I take leave this year?", [("list_leave_taken", 2026)]),
        ("작년 휴가 내역 보여줘", [("list_leave_taken", 2025)]),
        ("남은 연차랑 쓴 날짜 알려줘", [("get_leave_balance", 2026), ("list_leave_taken", 2026)]),
        (
            "How many days do I have left, and when did I take them?",
            [("get_leave_balance", 2026), ("list_leave_taken", 2026)],
        ),
    ],
)
async def test_offline_model_picks_the_tool_for_the_question(hr, minsu, question, calls):
    turn = await assistant(hr).run_turn([{"role": "user", "content": question}], minsu)
    assert [(c.name, c.input["year"]) for c in turn.trace.tool_calls] == calls
    assert [c.stop_reason for c in turn.trace.model_calls] == [
        "tool_use",
        "end_turn",
    ]  # in parallel, one round


async def test_offline_model_answers_with_the_dates_and_the_balance(hr, minsu):
    turn = await assistant(hr).run_turn([{"role": "user", "content": "남은 연차랑 쓴 날짜 알려줘"}], minsu)
    assert turn.answer == " ".join(
        [
            "2026년 남은 연차는 7.5일이에요 (부여 15일, 사용 7.5일).",
            "2026년에 쓴 휴가: 2월 13일(금) 1일(연차), 3월 2일(월) 0.5일(연차), 5월 4일(월) 3일(연차), 7월 27일(월) 2일(연차), "
            "9월 15일(화) 1일(병가), 10월 9일(금) 1일(연차). 합계 연차 7.5일, 병가 1일.",
        ]
    )
    english = await assistant(hr).run_turn(
        [{"role": "user", "content": "When did I take leave last year?"}], minsu
    )
    # 2025 came from a system that kept totals only: no dates, and the bot says so rather than "none".
    assert english.answer == "For 2025 your HR data has no dated records, only 11.5 days used in all."
