"""`count_working_days` and `get_day` through the real Toolbox: declarations, results (text and figures),
validation in code, the audit record, and an injected employee id refused."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest

from bot.agent.prompt import system_prompt
from bot.calendar import Closure, Day, KoreanCalendar, WorkingDays
from bot.grounding.facts import Evidence
from bot.llm.choice.check import write_checked
from bot.slack.answering.stream import task_title
from bot.tools import day as day_tool
from bot.tools import working_days as working_days_tool
from bot.tools.day import DayTool
from bot.tools.result_data import figure_in
from bot.tools.toolbox import Toolbox
from bot.tools.working_days import WorkingDaysTool
from tests.support.assistant import make_toolbox
from tests.support.clock import FIXED_CALENDAR, fixed_clock
from tests.support.ports import MemoryAuditLog


@pytest.mark.parametrize(
    ("declaration", "fields"),
    [(working_days_tool.DECLARATION, ["start", "end"]), (day_tool.DECLARATION, ["date"])],
)
def test_declarations_are_strict_and_name_no_one(declaration, fields):
    d: dict[str, Any] = dict(declaration)
    assert d["strict"] is True
    schema = d["input_schema"]
    assert schema["additionalProperties"] is False
    assert schema["required"] == fields and list(schema["properties"]) == fields
    assert all(schema["properties"][f]["type"] == "string" for f in fields)
    assert "employee" not in str(schema)


async def test_working_days_result_has_text_and_figures(hr, minsu):
    audit = MemoryAuditLog()
    outcome = await make_toolbox(hr, audit).dispatch(
        "count_working_days", {"start": "2026-12-21", "end": "2026-12-25"}, minsu
    )
    assert not outcome.is_error
    # The model reads the count as JSON data; a person reads the tool's lines (a streamed lookup).
    assert json.loads(outcome.text) == {
        "start": "2026-12-21",
        "end": "2026-12-25",
        "working_days": 4,
        "days": 5,
        "weekend": 0,
        "weekday_holidays": 1,
        "holidays": [
            {"date": "2026-12-25", "name_ko": "기독탄신일", "name_en": "Christmas Day", "kind": "public"}
        ],
    }
    assert outcome.shown == (
        "2026-12-21~2026-12-25 근무일 4일 (전체 5일, 주말 0일, 평일 공휴일·휴무 1일; 2026-12-25 기독탄신일)\n"
        "2026-12-21 to 2026-12-25: 4 working days (5 days, 0 weekend days, 1 weekday holidays or "
        "closures; 2026-12-25 Christmas Day)"
    )
    [counted] = outcome.figures
    assert isinstance(counted, WorkingDays) and counted.working == 4
    [record] = audit.records
    assert (record.tool, record.detail, record.outcome) == (
        "count_working_days",
        {"start": "2026-12-21", "end": "2026-12-25"},
        "ok",
    )
    assert record.employee_id == "E1001"  # who asked, from the Caller


async def test_working_days_across_chuseok(hr, minsu):
    outcome = await make_toolbox(hr).dispatch(
        "count_working_days", {"start": "2026-09-23", "end": "2026-09-28"}, minsu
    )
    said = json.loads(outcome.text)
    assert (said["working_days"], said["days"], said["weekend"], said["weekday_holidays"]) == (2, 6, 2, 2)
    assert {"date": "2026-09-25", "name_ko": "추석", "name_en": "Chuseok", "kind": "public"} in said[
        "holidays"
    ]
    assert outcome.shown.startswith(
        "2026-09-23~2026-09-28 근무일 2일 (전체 6일, 주말 2일, 평일 공휴일·휴무 2일;"
    )
    assert "2026-09-25 추석" in outcome.shown and "2026-09-25 Chuseok" in outcome.shown


@pytest.mark.parametrize(
    ("on", "text"),
    [
        (
            "2026-05-25",
            "2026-05-25 월요일, 쉬는 날, 공휴일·휴무: 부처님오신날 대체 휴일\n"
            "2026-05-25 is a Monday, not a working day; holiday: Alternative holiday for Buddha's Birthday",
        ),
        (
            "2026-06-03",
            "2026-06-03 수요일, 쉬는 날, 공휴일·휴무: 지방선거일\n"
            "2026-06-03 is a Wednesday, not a working day; holiday: Local Election Day",
        ),
        (
            "2026-10-03",
            "2026-10-03 토요일, 주말 (쉬는 날), 공휴일·휴무: 개천절\n"
            "2026-10-03 is a Saturday, a weekend day (not a working day); holiday: National Foundation Day",
        ),
        ("2026-11-30", "2026-11-30 월요일, 근무일\n2026-11-30 is a Monday, a working day"),
    ],
)
async def test_get_day(hr, minsu, on, text):
    audit = MemoryAuditLog()
    outcome = await make_toolbox(hr, audit).dispatch("get_day", {"date": on}, minsu)
    assert (outcome.is_error, outcome.shown) == (False, text)
    [found] = outcome.figures
    assert isinstance(found, Day) and found.on == date.fromisoformat(on)
    said = json.loads(outcome.text)
    assert (said["date"], said["working_day"], said["weekend"]) == (on, found.working, found.weekend)
    assert [h["name_ko"] for h in said["holidays"]] == [h.name_ko for h in found.holidays]
    assert figure_in(outcome.text) == found  # the wire reads back to the same day
    [record] = audit.records
    assert (record.tool, record.detail, record.outcome) == ("get_day", {"date": on}, "ok")


@pytest.mark.parametrize(
    ("tool", "tool_input", "outcome", "reason", "detail"),
    [
        ("get_day", {"date": "2026/05/25"}, "invalid_input", "'date' must be an ISO date string", {}),
        ("get_day", {"date": "20260525"}, "invalid_input", "'date' must be an ISO date string", {}),
        ("get_day", {"date": 20260525}, "invalid_input", "'date' must be an ISO date string", {}),
        ("get_day", {"date": "2026-02-30"}, "invalid_input", "'date' is not a real date: 2026-02-30", {}),
        (
            "get_day",
            {"date": "2028-01-03"},
            "out_of_range",
            "date 2028-01-03 is out of range; ask about 2016–2027",
            {},
        ),
        ("get_day", {"date": "2015-12-31"}, "out_of_range", "date 2015-12-31 is out of range", {}),
        ("get_day", {}, "invalid_input", "missing required field 'date'", {}),
        (
            "get_day",
            {"date": "2026-05-25", "employee_id": "E1002"},
            "injected_field",
            "unexpected input field(s): employee_id; only 'date' is accepted",
            {},
        ),
        (
            "count_working_days",
            {"start": "2026-12-21", "end": "2026-12-25", "employee_id": "E1002"},
            "injected_field",
            "unexpected input field(s): employee_id; only 'start', 'end' are accepted",
            {},
        ),
        ("count_working_days", {"start": "2026-12-21"}, "invalid_input", "missing required field 'end'", {}),
        (
            "count_working_days",
            {"start": "2026-12-25", "end": "2026-12-21"},
            "invalid_input",
            "the end 2026-12-21 is before the start 2026-12-25",
            {"start": "2026-12-25", "end": "2026-12-21"},
        ),
        (
            "count_working_days",
            {"start": "2026-01-01", "end": "2027-06-30"},
            "invalid_input",
            "is 546 days; at most 366 days can be counted at once",
            {"start": "2026-01-01", "end": "2027-06-30"},
        ),
        (
            "count_working_days",
            {"start": "2026-12-21", "end": "2028-01-01"},
            "out_of_range",
            "date 2028-01-01 is out of range",
            {"start": "2026-12-21"},
        ),
        (
            "count_working_days",
            {"start": "12/21", "end": "2026-12-25"},
            "invalid_input",
            "'start' must be",
            {},
        ),
    ],
)
async def test_bad_input_is_an_error_result_and_audited(hr, minsu, tool, tool_input, outcome, reason, detail):
    audit = MemoryAuditLog()
    result = await make_toolbox(hr, audit).dispatch(tool, tool_input, minsu)
    assert result.is_error and result.outcome == outcome
    said = json.loads(result.text)
    assert reason in said["error"] and said["kind"] == outcome and "Traceback" not in result.text
    assert result.figures == ()
    [record] = audit.records
    assert (record.tool, record.detail, record.outcome) == (tool, detail, outcome)


async def test_the_tools_take_a_calendar_with_company_closures(hr, minsu):
    calendar = KoreanCalendar([Closure(date(2026, 12, 24), "창립기념일", "Foundation Day")])
    toolbox = Toolbox(
        [WorkingDaysTool(calendar), DayTool(calendar)],
        leave=hr,
        today_for=FIXED_CALENDAR.today_for,
        audit=MemoryAuditLog(),
        clock=fixed_clock,
    )
    counted = await toolbox.dispatch(
        "count_working_days", {"start": "2026-12-21", "end": "2026-12-25"}, minsu
    )
    closure = {"date": "2026-12-24", "name_ko": "창립기념일", "name_en": "Foundation Day", "kind": "company"}
    said = json.loads(counted.text)
    assert said["working_days"] == 3 and closure in said["holidays"]
    assert "근무일 3일" in counted.shown and "2026-12-24 회사 휴무 창립기념일" in counted.shown
    assert "2026-12-24 company closure Foundation Day" in counted.shown
    on = await toolbox.dispatch("get_day", {"date": "2026-12-24"}, minsu)
    assert json.loads(on.text)["holidays"] == [closure] and json.loads(on.text)["working_day"] is False
    assert on.shown.startswith("2026-12-24 목요일, 쉬는 날, 공휴일·휴무: 창립기념일 (회사 휴무)")


async def test_a_working_day_count_is_evidence_for_the_grounding_check(hr, minsu):
    outcome = await make_toolbox(hr).dispatch(
        "count_working_days", {"start": "2026-12-21", "end": "2026-12-25"}, minsu
    )
    [counted] = [f for f in outcome.figures if isinstance(f, WorkingDays)]
    evidence = Evidence(
        working_days={(counted.start, counted.end): counted.working}, today=date(2026, 11, 29)
    )
    said = write_checked(['working_days("2026-12-21", "2026-12-25")'], evidence, True)
    assert said.text == "12월 21일(월)부터 12월 25일(금)까지 근무일은 4일이에요."
    uncounted = write_checked(['working_days("2026-12-21", "2026-12-26")'], evidence, True)
    assert not uncounted.holds  # no calendar result, and no calendar given: not written


def test_task_cards_and_the_prompt_name_the_calendar_tools():
    assert task_title("count_working_days", {"start": "2026-12-21", "end": "2026-12-25"}, True) == (
        "근무일 계산 2026-12-21~2026-12-25"
    )
    assert task_title("get_day", {"date": "2026-05-25"}, False) == "Date check 2026-05-25"
    assert task_title("get_leave_balance", {"year": 2026}, True) == "연차 조회 2026"
    prompt = system_prompt(date(2026, 11, 29), "Asia/Seoul")
    assert "count_working_days" in prompt and "get_day" in prompt
