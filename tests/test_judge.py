"""A model judges whether Claude's statements answer the question (bot/grounding/judge.py), over the wire
against the Messages API stand-in: what it is sent, what its verdict does, and what happens when it fails.
The statements themselves are still written by code and still stopped by code when they cannot be."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from typing import Any

from anthropic.types import MessageParam

from bot import text
from bot.config import Settings
from bot.domain.leave import Balance
from bot.grounding.facts import Evidence
from bot.grounding.judge import JUDGE_PROMPT, VERDICT_SCHEMA, ModelJudge
from bot.grounding.shape import CORRECTION_OPENING, Part
from bot.grounding.statements import write
from bot.llm.choice.check import write_checked
from bot.llm.client import make_client
from bot.llm.offline import OfflineModel
from bot.services import judge_for
from tests.support.assistant import make_assistant
from tests.support.messages_api import answering, error_reply, judging, text_reply, tool_reply, verdict_reply


def parts(*asked: tuple[str, list[str]]) -> tuple[int, dict[str, Any]]:
    answer = {"parts": [{"asks": a, "say": say} for a, say in asked]}
    return text_reply(json.dumps(answer, ensure_ascii=False))


def ask(question: str) -> list[MessageParam]:
    return [{"role": "user", "content": question}]


BALANCE_2026 = tool_reply(("toolu_A", {"year": 2026}))


async def test_a_judged_answer_is_posted_and_the_judge_reads_only_the_askers_turn(messages_api, hr, minsu):
    question = "올해 연차 며칠 남았어?"
    api = await messages_api([BALANCE_2026, parts((question, ["remaining(2026)"])), verdict_reply(True)])
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    assert turn.answer == "2026년 남은 연차는 7.5일이에요."
    [judged] = judging(api.requests)
    assert judged["system"][0]["text"] == JUDGE_PROMPT
    assert judged["output_config"]["format"]["schema"] == VERDICT_SCHEMA
    assert "tools" not in judged and "tool_choice" not in judged  # it reads; it cannot act
    case = json.loads(judged["messages"][0]["content"])
    assert case["question"] == question and case["answer"] == turn.answer and case["earlier"] == []
    assert case["today"].startswith("2026-11-29")
    assert [(lookup["tool"], lookup["result"]["year"]) for lookup in case["lookups"]] == [
        ("get_leave_balance", 2026)
    ]
    # its call is counted with the others (metrics, `officebot eval`'s bill) and shown as the judge's
    calls = turn.trace.model_calls
    assert [c.judge for c in calls] == [False, False, True] and calls[-1].input_tokens == 10
    assert any(line.startswith("[judge call] stop_reason=end_turn") for line in turn.trace.render_lines())


async def test_an_answer_the_rules_would_stop_is_posted_when_the_judge_finds_it_answers(
    messages_api, hr, minsu
):
    # The rules read "늘었어?" as no ask of what was granted (a first run stopped this correct answer);
    # the judge reads the message whole.
    question = "올해 연차 몇개 나옴? 작년이랑 비교하면 늘었어?"
    api = await messages_api(
        [
            tool_reply(("toolu_A", {"year": 2026}), ("toolu_B", {"year": 2025})),
            parts(
                ("올해 연차 몇개 나옴?", ["granted(2026)"]),
                ("작년이랑 비교하면 늘었어?", ['compare("granted", 2026, 2025)']),
            ),
            verdict_reply(True),
        ]
    )
    judged = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    assert "2026년에 받은 연차는 15일" in judged.answer and "2025년" in judged.answer
    assert len(api.requests) == 3  # no correction round

    # the offline model's own rules, which judged Claude's answers before the judge, stop it
    evidence = Evidence(
        {2026: Balance(2026, Decimal(15), Decimal("7.5")), 2025: Balance(2025, Decimal(15), Decimal(12))},
        question=question,
        today=date(2026, 11, 29),
    )
    answered = [
        Part("올해 연차 몇개 나옴?", ("granted(2026)",)),
        Part("작년이랑 비교하면 늘었어?", ('compare("granted", 2026, 2025)',)),
    ]
    assert write(answered, evidence, True).holds and not write_checked(answered, evidence, True).holds


async def test_a_miss_is_corrected_once_with_the_judges_reason(messages_api, hr, minsu):
    question = "3일 쓰면 몇 개 남아?"
    api = await messages_api(
        [
            BALANCE_2026,
            parts((question, ["remaining(2026)"])),
            verdict_reply(False, "It gives the balance, not what is left after taking 3 days."),
            parts((question, ["what_if(2026, q(3))"])),
            verdict_reply(True),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    correction = api.requests[3]["messages"][-1]["content"]
    assert correction.startswith(CORRECTION_OPENING)
    assert "not what is left after taking 3 days" in correction
    assert turn.answer == "3일을 쓰시면 2026년 남은 연차는 7.5일에서 4.5일이 돼요."
    assert len(judging(api.requests)) == 2
    # a follow-up sees what was posted, never the rejected draft or the judge's words
    assert "not what is left" not in json.dumps(turn.messages, ensure_ascii=False)


async def test_two_misses_post_the_plain_looked_up_figures(messages_api, hr, minsu):
    question = "3일 쓰면 몇 개 남아?"
    wrong = parts((question, ["used(2026)"]))
    api = await messages_api(
        [
            BALANCE_2026,
            wrong,
            verdict_reply(False, "used, not left"),
            wrong,
            verdict_reply(False, "used, not left"),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    assert "7.5일" in turn.answer and "사용 7.5일" in turn.answer  # the plain balance, with its note
    assert "돼요" not in turn.answer  # not the model's statement
    assert (
        len(judging(api.requests)) == 2
    )  # both answers were the judge's to stop (the rules pass used(2026))


async def test_a_statement_that_cannot_be_written_never_reaches_the_judge(messages_api, hr, minsu):
    question = "작년에 며칠 썼어?"
    api = await messages_api(
        [
            tool_reply(("toolu_A", {"year": 2025})),
            parts((question, ["used(2024)"])),  # no lookup of 2024: code stops it
            parts((question, ["used(2025)"])),
            verdict_reply(True),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    assert "no lookup of 2024 succeeded" in api.requests[2]["messages"][-1]["content"]
    assert len(judging(api.requests)) == 1 and "2025년" in turn.answer


async def test_a_judge_that_fails_gives_the_plain_figures_without_asking_again(messages_api, hr, minsu):
    question = "3일 쓰면 몇 개 남아?"
    plain = f"2026년 남은 연차는 7.5일이에요 (부여 15일, 사용 7.5일).\n{text.VERIFIED_ONLY.pick(True)}"
    # the judge's call fails (a 500 twice): no verdict is no pass, and a second answer would meet the same judge
    api = await messages_api(
        [BALANCE_2026, parts((question, ["remaining(2026)"])), error_reply(500), error_reply(500)]
    )
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    assert turn.answer == plain and len(api.requests) == 4
    assert any("the judge failed (InternalServerError)" in str(step) for step in turn.trace.steps)
    # a reply that is no verdict is no verdict either
    api = await messages_api(
        [BALANCE_2026, parts((question, ["what_if(2026, q(3))"])), text_reply("I think it is fine.")]
    )
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    assert turn.answer == plain and len(api.requests) == 3
    assert any("the judge failed (JSONDecodeError)" in str(step) for step in turn.trace.steps)


def test_claude_is_judged_by_a_model_and_the_offline_model_by_the_rules():
    client = make_client(None)
    assert judge_for(Settings.from_env({}), client) is None  # offline: no model to judge
    keyed = Settings.from_env({"ANTHROPIC_API_KEY": "sk-test", "OFFICEBOT_MODEL": "claude-sonnet-5-5"})
    judge = judge_for(keyed, client)
    assert isinstance(judge, ModelJudge) and judge.model == "claude-sonnet-5-5"
    other = Settings.from_env({"ANTHROPIC_API_KEY": "sk-test", "OFFICEBOT_JUDGE_MODEL": "claude-haiku-5-5"})
    assert isinstance(judged := judge_for(other, client), ModelJudge) and judged.model == "claude-haiku-5-5"
    off = Settings.from_env({"ANTHROPIC_API_KEY": "sk-test", "OFFICEBOT_JUDGE_MODEL": "off"})
    assert judge_for(off, client) is None


async def test_the_offline_model_declines_to_judge(messages_api, hr, minsu):
    api = await messages_api(OfflineModel().handle)  # the offline model itself, judge's requests and all
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(
        ask("올해 연차 며칠 남았어?"), minsu
    )
    assert any("the judge failed (BadRequestError)" in str(step) for step in turn.trace.steps)
    assert turn.answer.endswith(text.VERIFIED_ONLY.pick(True))  # no verdict: the plain figures


# ----- the harness: a judge's verdicts in place of the rules (benchmarks/named_answers.py) -----------------------


def test_recorded_verdicts_judge_the_choice_and_the_kit_hides_how_a_set_was_written(tmp_path, capsys):
    from pathlib import Path

    from benchmarks.named_answers import Tally, judge, read_verdicts, write_judge_kit

    sample = Path(__file__).parent / "data" / "named_answers_sample.json"
    write_judge_kit([sample], tmp_path / "kit", chunks=2)
    cases = [c for n in (0, 1) for c in json.loads((tmp_path / "kit" / f"cases_{n}.json").read_text())]
    assert sorted(c["id"] for c in cases) == [f"c{n:04d}" for n in range(1, 7)]  # opaque: no set, no case id
    assert (tmp_path / "kit" / "JUDGE.md").read_text().startswith(JUDGE_PROMPT)
    assert "named_answers_sample" not in json.dumps(cases)
    key = json.loads((tmp_path / "kit.key.json").read_text())
    # every answer judged "answers": the wrong one the rules caught is posted too; one judged "misses" stops
    said = {
        opaque: "misses" if key[opaque].endswith("sample-ko-latest-half-day") else "answers" for opaque in key
    }
    (tmp_path / "kit" / "out.json").write_text(json.dumps(said))
    verdicts = read_verdicts(tmp_path / "kit" / "out.json")
    tally = Tally()
    for case in json.loads(sample.read_text("utf-8")):
        judge(case, tally, False, verdicts.get(f"{sample.stem}:{case['id']}"))
    # what the judge lets through is posted, though the rules stopped it (another figure, another year);
    # what it stops is stopped, though the rules let it through
    assert tally.posted_wrong == ["sample-ko-granted-as-left", "sample-en-other-year"]
    assert tally.stopped_correct == []


def test_the_model_judge_needs_a_key(monkeypatch, tmp_path, capsys):
    import sys

    from benchmarks.named_answers import main

    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["named_answers", "--judge"])
    assert main() == 2
    assert capsys.readouterr().out.startswith("--judge needs ANTHROPIC_API_KEY")


async def test_a_greeting_for_a_question_is_judged_a_miss(messages_api, hr, minsu):
    # a greeting alone answers "안녕?", not a question asked after one: the judge sees both
    question = "안녕하세요~ 올해 연차 며칠 남았어요?"
    api = await messages_api(
        [
            parts((question, ["greeting()"])),
            verdict_reply(False, "It greets but does not say how many days are left."),
            BALANCE_2026,
            parts((question, ["remaining(2026)"])),
            verdict_reply(True),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    assert len(judging(api.requests)) == 2 and "7.5일" in turn.answer


async def test_no_verdict_on_a_follow_up_says_the_figures_of_the_turns_before(messages_api, hr, minsu):
    first, follow_up = "올해 연차 며칠 남았어?", "그럼 3일 쓰면?"
    api = await messages_api(
        [
            BALANCE_2026,
            parts((first, ["remaining(2026)"])),
            verdict_reply(True),
            parts((follow_up, ["what_if(2026, q(3))"])),  # no lookup this turn: the balance is in the thread
            error_reply(500),
            error_reply(500),
        ]
    )
    bot = make_assistant(api, hr, grounding=True, judge=True)
    turn = await bot.run_turn(ask(first), minsu)
    again = await bot.run_turn(turn.conversation.ask(follow_up), minsu)
    assert again.answer.startswith("2026년 남은 연차는 7.5일") and again.answer.endswith(
        text.VERIFIED_ONLY.pick(True)
    )
    assert again.trace.tool_calls == []  # nothing looked up again


async def test_no_verdict_after_a_failed_lookup_says_the_failure_without_trying_again(
    messages_api, hr, minsu
):
    question = "2019년 연차 몇 개 남았어?"
    api = await messages_api(
        [
            tool_reply(("toolu_A", {"year": 2019})),
            parts((question, ["lookup_failed()"])),
            error_reply(500),
            error_reply(500),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    assert len(turn.trace.tool_calls) == 1 and "2019" in turn.answer


async def test_the_judge_reads_the_turns_before_the_question_not_the_correction(messages_api, hr, minsu):
    first, follow_up = "올해 연차 며칠 남았어?", "3일 쓰면?"
    api = await messages_api(
        [
            BALANCE_2026,
            parts((first, ["remaining(2026)"])),
            verdict_reply(True),
            parts((follow_up, ["remaining(2026)"])),  # the balance again: a miss
            verdict_reply(False, "not what is left after 3 days"),
            parts((follow_up, ["what_if(2026, q(3))"])),
            verdict_reply(True),
        ]
    )
    bot = make_assistant(api, hr, grounding=True, judge=True)
    turn = await bot.run_turn(ask(first), minsu)
    again = await bot.run_turn(turn.conversation.ask(follow_up), minsu)
    assert again.answer == "3일을 쓰시면 2026년 남은 연차는 7.5일에서 4.5일이 돼요."
    for judged in judging(api.requests)[1:]:  # the follow-up's first answer and its correction
        case = json.loads(judged["messages"][0]["content"])
        assert case["question"] == follow_up
        assert [e["role"] for e in case["earlier"]] == ["user", "assistant"]
        assert case["earlier"][0]["text"] == first
        assert case["earlier"][1]["text"] == "(answered with the statements: remaining(2026))"
        assert [lookup["result"]["year"] for lookup in case["lookups"]] == [2026]  # the earlier turn's


async def test_lookups_code_made_itself_are_shown_to_the_judge(messages_api, hr, minsu):
    question = "올해 연차 며칠 남았어?"
    api = await messages_api([parts((question, ["remaining(2026)"])), verdict_reply(True)])  # no tool call
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    assert turn.answer == "2026년 남은 연차는 7.5일이에요."
    case = json.loads(judging(api.requests)[0]["messages"][0]["content"])
    assert [(lookup["tool"], lookup["result"]["year"]) for lookup in case["lookups"]] == [
        ("get_leave_balance", 2026)
    ]


async def test_a_judge_cut_off_or_refusing_gives_no_verdict(messages_api, hr, minsu):
    question = "3일 쓰면 몇 개 남아?"
    cut_off = text_reply('{"verdict": "answ', stop_reason="max_tokens")
    api = await messages_api([BALANCE_2026, parts((question, ["what_if(2026, q(3))"])), cut_off])
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    assert turn.answer.endswith(text.VERIFIED_ONLY.pick(True)) and "4.5일" not in turn.answer
    assert sum("the judge failed (ValueError)" in str(step) for step in turn.trace.steps) == 1


def test_the_judge_has_its_own_time_limit_inside_the_questions_deadline():
    from bot.grounding.judge import JUDGE_TIMEOUT

    judge = ModelJudge(make_client("sk-test", "http://127.0.0.1:9"), "claude-sonnet-5-5")
    assert judge.client.timeout == JUDGE_TIMEOUT and judge.client.max_retries == 1
    assert 2 * (1 + judge.client.max_retries) * JUDGE_TIMEOUT < Settings.from_env({}).deadline  # twice a turn


async def test_a_question_of_the_law_missed_is_asked_again_not_given_a_balance(messages_api, hr, minsu):
    # nothing was looked up and the judge finds a miss: a balance is no answer to a question of the law, so
    # the model is asked once more instead of code looking the balance up
    question = "What's the maximum annual leave the law allows?"
    api = await messages_api(
        [
            parts((question, ["ask_hr()"])),
            verdict_reply(False, "It sends the person to HR; the Act's maximum is asked."),
            parts((question, ['act_rule("max")'])),
            verdict_reply(True),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    assert "the Act's maximum is asked" in str(answering(api.requests)[-1]["messages"][-1]["content"])
    assert "25" in turn.answer and turn.trace.tool_calls == []


async def test_no_verdict_on_a_count_of_working_days_says_the_count(messages_api, hr, minsu):
    question = "12월 21일부터 25일까지 근무일 며칠이야?"
    api = await messages_api(
        [
            tool_reply(("toolu_A", {"start": "2026-12-21", "end": "2026-12-25"}), name="count_working_days"),
            parts((question, ['working_days("2026-12-21", "2026-12-25")'])),
            error_reply(500),
            error_reply(500),
        ]
    )
    turn = await make_assistant(api, hr, grounding=True, judge=True).run_turn(ask(question), minsu)
    # the tool's own line, in the asker's language, and the note; not "I couldn't confirm your balance"
    assert turn.answer.startswith("2026-12-21~2026-12-25 근무일 4일") and "to 2026-12-25" not in turn.answer
    assert turn.answer.endswith(text.VERIFIED_ONLY.pick(True)) and "확인하지 못했어요" not in turn.answer
