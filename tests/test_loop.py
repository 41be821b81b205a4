"""The tool-use loop, driven over HTTP by a scripted Messages API and parsed by the real SDK."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.cli.demo import UnavailableStore
from bot.domain.leave import LeaveTaken
from bot.domain.people import Employee
from bot.ports.hr import LeaveStore, LedgerInputs
from tests.support.assistant import make_assistant
from tests.support.messages_api import error_reply, message, text_reply, tool_reply


def tool_results_of(request: dict) -> list[dict]:
    return request["messages"][-1]["content"]


async def test_one_tool_round_pairs_the_result_with_its_tool_use(messages_api, hr, minsu):
    api = await messages_api(
        [tool_reply(("toolu_A", {"year": 2026})), text_reply("올해 남은 연차는 7.5일입니다.")]
    )
    turn = await make_assistant(api, hr).run_turn(
        [{"role": "user", "content": "올해 연차 며칠 남았어?"}], minsu
    )

    assert turn.answer == "올해 남은 연차는 7.5일입니다."
    assert [c.stop_reason for c in turn.trace.model_calls] == ["tool_use", "end_turn"]
    second = api.requests[1]
    assert second["messages"][1]["role"] == "assistant"
    assert second["messages"][1]["content"][0]["id"] == "toolu_A"
    [result] = tool_results_of(second)
    assert result["tool_use_id"] == "toolu_A"
    assert result["is_error"] is False
    # The result on the wire is data: compact JSON, the figures by name, decimals as exact strings.
    assert result["content"] == (
        '{"year":2026,"remaining":"7.5","granted":"15","used":"7.5","lapsed":"0","expiring":[],'
        '"as_of":"2026-11-29"}'
    )


async def test_every_request_offers_the_tool_and_never_forces_it(messages_api, hr, minsu):
    api = await messages_api([tool_reply(("toolu_A", {"year": 2026})), text_reply("done")])
    await make_assistant(api, hr).run_turn([{"role": "user", "content": "연차?"}], minsu)
    for request in api.requests:
        assert [t["name"] for t in request["tools"]] == [
            "get_leave_balance",
            "list_leave_taken",
            "count_working_days",
            "get_day",
            "get_leave_entitlement",
            "draft_leave_request",
        ]
        assert all(t["strict"] is True for t in request["tools"])
        assert "tool_choice" not in request
        assert "temperature" not in request


async def test_parallel_tool_uses_get_one_message_in_order(messages_api, hr, minsu):
    calls = [("toolu_1", {"year": 2026}), ("toolu_2", {"year": 2025}), ("toolu_3", {"year": 2024})]
    api = await messages_api([tool_reply(*calls), text_reply("ok")])
    turn = await make_assistant(api, hr).run_turn([{"role": "user", "content": "3년치 연차"}], minsu)

    second = api.requests[1]
    assert len(second["messages"]) == 3  # question, assistant tool_uses, ONE user message with all results
    results = tool_results_of(second)
    assert [r["tool_use_id"] for r in results] == ["toolu_1", "toolu_2", "toolu_3"]
    assert all(r["type"] == "tool_result" for r in results)
    assert [json.loads(r["content"]).get("year") for r in results] == [2026, 2025, 2024]
    assert "remaining" in json.loads(results[0]["content"]) and "remaining" in json.loads(
        results[1]["content"]
    )
    failed = json.loads(results[2]["content"])  # E1001 has no 2024 record: the kind and the years there are
    assert results[2]["is_error"] is True and failed["kind"] == "no_record"
    assert failed["years_on_record"] == [2025, 2026]
    assert [r.tool_use_id for r in turn.evidence] == ["toolu_1", "toolu_2", "toolu_3"]


class RendezvousStore:
    """Each lookup waits until `expected` lookups are in flight at once. Run one at a time, the first
    would wait forever, so the test proves concurrency without measuring time."""

    def __init__(self, inner: LeaveStore, expected: int) -> None:
        self.inner, self.expected, self.in_flight, self.peak = inner, expected, 0, 0
        self.all_in = asyncio.Event()

    async def leave_taken(self, employee_id: str, year: int) -> LeaveTaken:
        return await self.inner.leave_taken(employee_id, year)

    async def employee(self, employee_id: str) -> Employee:
        return await self.inner.employee(employee_id)

    async def ledger_inputs(self, employee_id: str) -> LedgerInputs:
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        if self.in_flight >= self.expected:
            self.all_in.set()
        await asyncio.wait_for(self.all_in.wait(), timeout=5)
        self.in_flight -= 1
        return await self.inner.ledger_inputs(employee_id)


async def test_tool_uses_run_concurrently(messages_api, hr, minsu):
    store = RendezvousStore(hr, expected=2)
    api = await messages_api([tool_reply(("t1", {"year": 2026}), ("t2", {"year": 2025})), text_reply("ok")])
    turn = await make_assistant(api, store).run_turn([{"role": "user", "content": "올해랑 작년"}], minsu)
    assert store.peak == 2
    assert [r.is_error for r in turn.evidence] == [False, False]


async def test_thinking_block_goes_back_unchanged(messages_api, hr, minsu):
    thinking = ("The user wants this year's balance.", "c2lnbmF0dXJlLW9wYXF1ZS0xMjM=")
    first = tool_reply(("toolu_T", {"year": 2026}), thinking=thinking)
    api = await messages_api([first, text_reply("ok")])
    await make_assistant(api, hr).run_turn([{"role": "user", "content": "올해 연차"}], minsu)

    sent_back = api.requests[1]["messages"][1]
    assert sent_back["role"] == "assistant"
    assert sent_back["content"][0] == {"type": "thinking", "thinking": thinking[0], "signature": thinking[1]}
    assert sent_back["content"][1] == first[1]["content"][1]


async def test_loop_stops_after_the_round_limit(messages_api, hr, minsu):
    counter = iter(range(100))

    def always_tools(body):
        return tool_reply((f"toolu_{next(counter)}", {"year": 2026}))

    api = await messages_api(always_tools)
    turn = await make_assistant(api, hr, max_rounds=3).run_turn(
        [{"role": "user", "content": "올해 연차"}], minsu
    )
    assert turn.ended == "round_limit"
    assert len(api.requests) == 4  # three tool rounds, then the fourth request still asked for tools
    assert "7.5일" in turn.answer  # what was found is still shown, from the tool results


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (text_reply("", "refusal"), "죄송하지만 그 요청에는 답할 수 없어요."),
        (text_reply("올해 남은 연차는", "max_tokens"), "올해 남은 연차는 (답변이 길어 중간에 잘렸어요.)"),
        (
            text_reply("", "model_context_window_exceeded"),
            "대화가 너무 길어졌어요. 새 대화(새 스레드)에서 다시 물어봐 주세요.",
        ),
    ],
)
async def test_other_stop_reasons_end_gracefully(messages_api, hr, minsu, reply, expected):
    api = await messages_api([reply])
    turn = await make_assistant(api, hr).run_turn([{"role": "user", "content": "올해 연차 알려줘"}], minsu)
    assert turn.answer == expected
    assert len(api.requests) == 1


async def test_max_tokens_inside_a_tool_use_runs_no_tool(messages_api, hr, minsu):
    truncated = message(
        [{"type": "tool_use", "id": "toolu_X", "name": "get_leave_balance", "input": {}}], "max_tokens"
    )
    api = await messages_api([(200, truncated)])
    turn = await make_assistant(api, hr).run_turn([{"role": "user", "content": "How much leave?"}], minsu)
    assert turn.trace.tool_calls == []
    assert turn.answer == "I couldn't put an answer together. Please try rephrasing the question."
    # The cut-off tool_use is not kept: a follow-up built on turn.messages must stay a valid request.
    assert "tool_use" not in json.dumps([m["content"] for m in turn.messages], default=str)


async def test_pause_turn_is_sent_back_and_continued(messages_api, hr, minsu):
    paused = message([{"type": "text", "text": "Working on it"}], "pause_turn")
    api = await messages_api([(200, paused), text_reply("Done.")])
    turn = await make_assistant(api, hr).run_turn([{"role": "user", "content": "hello"}], minsu)
    assert turn.answer == "Done."
    assert api.requests[1]["messages"][-1] == {
        "role": "assistant",
        "content": [{"type": "text", "text": "Working on it"}],
    }


async def test_model_outage_is_retried_then_apologised(messages_api, hr, minsu):
    api = await messages_api([error_reply(529, "overloaded_error"), error_reply(529, "overloaded_error")])
    turn = await make_assistant(api, hr, max_retries=1).run_turn(
        [{"role": "user", "content": "올해 연차"}], minsu
    )
    assert len(api.requests) == 2  # the SDK's own retry
    assert turn.ended == "model_error"
    assert turn.answer.startswith("죄송해요, 지금 AI 모델에 연결할 수 없어요")


async def test_store_failure_becomes_is_error(messages_api, minsu):
    api = await messages_api([tool_reply(("toolu_F", {"year": 2026})), text_reply("조회 실패")])
    turn = await make_assistant(api, UnavailableStore()).run_turn(
        [{"role": "user", "content": "올해 연차"}], minsu
    )
    [result] = tool_results_of(api.requests[1])
    assert result["is_error"] is True
    assert json.loads(result["content"]) == {
        "error": "the HR system is unavailable right now; try again later",
        "kind": "store_unavailable",
        "year": 2026,
    }
    assert turn.evidence[0].is_error


async def test_system_prompt_anchors_the_date_in_the_users_timezone(messages_api, hr, minsu):
    api = await messages_api([text_reply("hi")])
    await make_assistant(api, hr).run_turn([{"role": "user", "content": "hi"}], minsu)
    rules, dated = api.requests[0]["system"]  # the rules first, cached; then the day (bot/agent/prompt.py)
    assert rules["cache_control"] == {"type": "ephemeral"} and "cache_control" not in dated
    system = f"{rules['text']}\n{dated['text']}"
    assert "Today is 2026-11-29 (Sunday) in Asia/Seoul" in system
    assert "2026" not in rules["text"]  # nothing dated in what every question shares
    assert "2026년 11월 29일 일요일" in system
    assert "never guess" in system.lower() or "Never guess" in system


async def test_follow_up_carries_the_conversation(messages_api, hr, minsu):
    api = await messages_api(
        [
            tool_reply(("t1", {"year": 2026})),
            text_reply("7.5일"),
            tool_reply(("t2", {"year": 2025})),
            text_reply("3.5일"),
        ]
    )
    assistant = make_assistant(api, hr)
    first = await assistant.run_turn([{"role": "user", "content": "올해 연차 며칠 남았어?"}], minsu)
    await assistant.run_turn(first.conversation.ask("작년엔 며칠이었지?"), minsu)
    third = api.requests[2]
    assert [m["role"] for m in third["messages"]] == ["user", "assistant", "user", "assistant", "user"]
    assert json.dumps(third["messages"][0], ensure_ascii=False) == json.dumps(
        {"role": "user", "content": "올해 연차 며칠 남았어?"}, ensure_ascii=False
    )


async def test_at_most_eight_tool_uses_run_per_round_and_every_one_gets_a_result(messages_api, hr, minsu):
    from tests.support.ports import MemoryAuditLog

    audit = MemoryAuditLog()
    calls = [(f"t{i}", {"year": 2026}) for i in range(12)]
    api = await messages_api([tool_reply(*calls), text_reply("ok")])
    await make_assistant(api, hr, audit=audit).run_turn([{"role": "user", "content": "연차"}], minsu)
    results = tool_results_of(api.requests[1])
    assert [r["tool_use_id"] for r in results] == [f"t{i}" for i in range(12)]
    assert [r["is_error"] for r in results] == [False] * 8 + [True] * 4
    assert "at most 8 tool calls" in results[-1]["content"]
    assert len(audit.records) == 8  # the four not run read nothing


async def test_max_tokens_is_sized_for_a_short_answer(messages_api, hr, minsu):
    api = await messages_api([text_reply("hi")])
    await make_assistant(api, hr).run_turn([{"role": "user", "content": "hi"}], minsu)
    assert api.requests[0]["max_tokens"] <= 4096


@pytest.mark.parametrize(
    ("status", "kind"),
    [(401, "authentication_error"), (404, "not_found_error"), (400, "invalid_request_error")],
)
async def test_a_misconfigured_model_is_told_as_such_and_logged_as_an_error(
    messages_api, hr, minsu, caplog, status, kind
):
    api = await messages_api([error_reply(status, kind, "model: claude-nope not found")])
    turn = await make_assistant(api, hr).run_turn([{"role": "user", "content": "올해 연차"}], minsu)
    assert turn.answer == "죄송해요, 봇 설정에 문제가 있어 지금은 답할 수 없어요. 관리자에게 알렸어요."
    [record] = [r for r in caplog.records if r.levelname == "ERROR"]
    assert "claude-nope not found" in record.getMessage() and str(status) in record.getMessage()
