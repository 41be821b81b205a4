"""Tool results on the wire are JSON data (bot/tools/result_data.py): one writer, one reader, no patterns.

Every figure a tool returns reads back from its wire data to the same value (so what the model reads and
what the grounding check compares with cannot drift), a failure's kind and facts are data too, and the
offline model's reader holds no regular expression.
"""

from __future__ import annotations

import json
import re
from datetime import date
from decimal import Decimal as D
from pathlib import Path

import pytest

from bot.calendar import KOREA, Closure, KoreanCalendar
from bot.domain.leave import Balance, LeaveRecord, LeaveTaken
from bot.domain.outcomes import FailureFacts
from bot.domain.requests import Checked, Draft, Problem
from bot.policy.grants import Employment, LeaveRules
from bot.policy.standing import standing
from bot.tools.registry import ToolOutput
from bot.tools.result_data import data_of, failure_data, failure_in, failure_text, figure_in, wire_text

ROOT = Path(__file__).resolve().parents[1]
TODAY = date(2026, 11, 29)

FIGURES = [
    Balance(2026, D(15), D("7.5")),
    Balance(2025, D(16), D("9.25"), lapsed=D("6.75")),
    Balance(2026, D(15), D(6), ((date(2027, 3, 3), D(9)),), D(2)),
    Balance(2026, D(15), D(6), pending=D(0)),
    LeaveTaken(2026, ()),
    LeaveTaken(2025, (), D("3.5")),
    LeaveTaken(
        2026,
        (
            LeaveRecord(date(2026, 2, 13), D(1)),
            LeaveRecord(date(2026, 3, 2), D("0.5"), "annual", "반차\n오후"),
            LeaveRecord(date(2026, 4, 1), D("0.25"), "sick"),
        ),
        D(1),
    ),
    standing(Employment(date(2024, 3, 4)), LeaveRules(), TODAY),
    standing(Employment(date(2026, 5, 11)), LeaveRules(), TODAY),
    standing(Employment(date(2025, 3, 4), weekly_hours=D(20)), LeaveRules(), TODAY),
    standing(Employment(date(2024, 3, 4)), LeaveRules(under_five_employees=True), TODAY),
    KOREA.working_days(date(2026, 9, 23), date(2026, 9, 28)),
    KoreanCalendar([Closure(date(2026, 12, 24), "창립기념일", "Foundation Day")]).working_days(
        date(2026, 12, 21), date(2026, 12, 25)
    ),
    KOREA.day(date(2026, 5, 25)),
    KOREA.day(date(2026, 11, 30)),
    Checked(
        Draft("annual", date(2026, 12, 21), date(2026, 12, 25), "full", "가족 여행"),
        working_dates=tuple(date(2026, 12, d) for d in (21, 22, 23, 24)),
        days=D(4),
        balance_before=D("7.5"),
        pending=D(0),
        balance_after=D("3.5"),
        holidays=("기독탄신일",),
    ),
    Checked(Draft("sick", date(2026, 12, 24), date(2026, 12, 24), "pm"), working_dates=(date(2026, 12, 24),)),
]


@pytest.mark.parametrize("figure", FIGURES, ids=lambda f: type(f).__name__)
def test_every_figure_reads_back_from_its_wire_data(figure):
    said = wire_text(data_of(figure, TODAY))
    assert figure_in(said) == figure
    assert said == json.dumps(json.loads(said), ensure_ascii=False, separators=(",", ":"))  # compact


def test_the_balance_names_the_answer_schemas_figures_as_exact_decimal_strings():
    balance = Balance(2026, D(15), D("7.5"), ((date(2027, 3, 3), D(2)),), D(1))
    assert wire_text(data_of(balance, date(2026, 12, 6))) == (
        '{"year":2026,"remaining":"7.5","granted":"15","used":"7.5","lapsed":"0",'
        '"expiring":[{"until":"2027-03-03","days":"2"}],"pending":"1","as_of":"2026-12-06"}'
    )
    # Not looked up (no request store) is not the same as none pending: the field is left out.
    assert "pending" not in data_of(Balance(2026, D(15), D("7.5")))


def test_korean_names_stay_readable_on_the_wire():
    said = ToolOutput((KOREA.day(date(2026, 9, 25)),)).text
    assert "추석" in said and "\\u" not in said


def test_a_failure_is_data_with_its_kind_and_facts():
    facts = FailureFacts(2019, (2024, 2025, 2026))
    assert json.loads(failure_text("No annual leave record for 2019.", "no_record", facts)) == {
        "error": "No annual leave record for 2019.",
        "kind": "no_record",
        "year": 2019,
        "years_on_record": [2024, 2025, 2026],
    }
    out_of_range = failure_data(
        "year 2030 is out of range", "out_of_range", FailureFacts(2030, range=(2016, 2027))
    )
    assert out_of_range["range"] == [2016, 2027]
    kind, reason, read, problems = failure_in(wire_text(out_of_range))
    assert (kind, reason, read, problems) == (
        "out_of_range",
        "year 2030 is out of range",
        FailureFacts(2030, range=(2016, 2027)),
        (),
    )


def test_a_drafts_problems_are_data_and_say_when_it_is_over_the_balance():
    over = Problem(
        "end", "남은 연차(7.5일)보다 많아요: 10일.", "More than your balance (7.5 days): 10 days.", True
    )
    said = failure_text(
        "this draft cannot be submitted: end: More than your balance", "invalid_input", problems=(over,)
    )
    assert json.loads(said)["problems"] == [
        {"field": "end", "en": over.en, "ko": over.ko, "over_balance": True}
    ]
    assert failure_in(said)[3] == (over,)


@pytest.mark.parametrize(
    "content", ["", "not json", "[1, 2]", '{"year": 2026}', '{"error": "x", "kind": "no_record"}']
)
def test_what_is_not_a_figure_reads_as_none(content):
    assert figure_in(content) is None


def test_a_failure_that_is_not_data_is_its_own_reason_of_no_kind():
    assert failure_in("not run: at most 8 tool calls") == (
        None,
        "not run: at most 8 tool calls",
        FailureFacts(),
        (),
    )
    assert failure_in('{"error": "odd", "kind": "made_up"}')[0] is None  # an unknown kind is no kind


def test_the_readers_hold_no_patterns():
    """The offline model reads results with json.loads: no regex in the reader or the tool modules."""
    for name in ("bot/llm/tool_results_reading.py", "bot/tools/result_data.py"):
        source = (ROOT / name).read_text(encoding="utf-8")
        assert not re.search(r"^import re$|^from re import|\bre\.\w+\(", source, re.M), name
    for tool in ("leave_balance", "leave_taken", "entitlement"):
        assert "parse_result" not in (ROOT / "bot" / "tools" / f"{tool}.py").read_text(encoding="utf-8")
