"""`officebot eval` (issue 30): the bundled question set through the configured model (here the offline
one), judged on the numbers each answer states; a scratch copy of the bundled data, never the working
directory's database; a bad set is one line."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from bot.cli import main
from bot.evaluation.cases import BadSet, Case, bundled_set_path, load_set


def _case(states: list[str], may: list[str] = [], mentions: list[str] = []) -> Case:  # noqa: B006
    figures = lambda values: frozenset(Decimal(v) for v in values)  # noqa: E731
    return Case("c", "E1001", "3일 쓰면 며칠 남아?", figures(states), figures(may), figures(mentions))


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        ("3일을 쓰면 4.5일이 남아요 (지금 7.5일).", "right"),  # the figure asked for; 3 is the question's
        ("2026년에는 4.5일이 남아요.", "right"),  # a year is a mention
        ("4일이 남아요.", "wrong"),  # a number nobody allowed
        ("지금 7.5일 남았어요.", "wrong"),  # a bare balance for a what-if: other figures instead
        ("오프라인 모델로는 답할 수 없어요.", "declined"),  # no figure at all
        ("2026년 기록을 찾지 못했어요.", "declined"),  # only a mention
    ],
)
def test_an_answer_is_judged_on_the_numbers_it_states(answer: str, verdict: str):
    assert _case(["4.5"], may=["7.5"], mentions=["2026"]).judge(answer) == verdict


def test_a_dates_month_said_as_a_word_is_its_number():
    # "lapse after Thursday, December 31" states the 12 of "12월 31일"; a month the question names is its own
    expiry = _case(["7.5", "12", "31"], mentions=["2026"])
    assert expiry.judge("Your 7.5 unused days lapse after Thursday, December 31.") == "right"
    span = Case(
        "c",
        "E1001",
        "working days between Dec 1 and Dec 24?",
        frozenset({Decimal(18)}),
        frozenset(),
        frozenset(),
    )
    assert (
        span.judge("From Tuesday, December 1 to Thursday, December 24 there are 18 working days.") == "right"
    )
    assert (
        expiry.judge("Your 7.5 unused days lapse after Thursday, November 31.") == "wrong"
    )  # 11: not allowed


def test_the_bundled_set_is_read_whole():
    bundled = load_set(bundled_set_path())
    assert len(bundled.cases) >= 30 and len({c.id for c in bundled.cases}) == len(bundled.cases)
    assert {c.employee_id for c in bundled.cases} == {"E1001", "E1002", "E1003", "E1004", "E1005"}


def test_eval_runs_offline_on_a_scratch_copy_and_its_totals_add_up(newcomer, capsys):
    assert main(["eval", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    totals, cases = report["totals"], report["cases"]
    assert "offline model" in report["model"]
    assert totals["cases"] == len(cases) == len(load_set(bundled_set_path()).cases)
    assert totals["right"] + totals["declined"] + totals["wrong_posted"] == totals["cases"]
    assert totals["wrong_posted"] == sum(c["verdict"] == "wrong" for c in cases)
    assert all(c["answer"] and c["model_calls"] >= 1 for c in cases)
    assert totals["billed_input_per_answer"] > 0 and totals["p95_ms"] >= totals["p50_ms"]
    assert not (newcomer / "officebot.db").exists()  # the working directory's database is never touched


def test_a_set_that_is_not_one_is_one_line(newcomer, capsys):
    (newcomer / "bad.json").write_text('{"today": "2026-11-29", "cases": [{"question": 3}]}')
    assert main(["eval", "--set", str(newcomer / "bad.json")]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("officebot: --set:") and "bad.json" in line


def test_a_set_with_a_word_among_its_numbers_names_the_case_and_the_word(tmp_path):
    bad = tmp_path / "set.json"
    bad.write_text(
        '{"today": "2026-11-29", "cases": [{"id": "ok-1", "as": "E1001", "question": "hi"},'
        ' {"id": "en-008", "as": "E1001", "question": "hi", "mentions": ["12", "months"]}]}',
        encoding="utf-8",
    )
    with pytest.raises(BadSet, match=r"case en-008: mentions holds 'months', which is not a number"):
        load_set(bad)
