"""`get_leave_balance`: declaration, validation in code, and whose data it can ever read."""

from __future__ import annotations

from datetime import date

import pytest

from bot.hr.directory import caller_for_employee_id
from bot.hr.store import Balance, FailingStore, JsonHrData
from bot.tools import Toolbox, leave_balance

TODAY = date(2026, 11, 29)


def toolbox(store) -> Toolbox:
    return Toolbox(store, lambda caller: TODAY)


def test_declaration_matches_the_note_and_has_no_employee_field():
    d = leave_balance.DECLARATION
    assert d["name"] == "get_leave_balance"
    assert d["strict"] is True
    assert d["input_schema"]["required"] == ["year"]
    assert d["input_schema"]["additionalProperties"] is False
    assert list(d["input_schema"]["properties"]) == ["year"]
    assert d["input_schema"]["properties"]["year"]["type"] == "integer"
    assert "남은 연차" in d["description"] and "remaining" in d["description"]
    assert "employee_id" not in str(d["input_schema"])


async def test_success_result_is_checkable(hr, minsu):
    outcome = await toolbox(hr).dispatch("get_leave_balance", {"year": 2026}, minsu)
    assert not outcome.is_error
    assert outcome.content == "2026년 남은 연차: 7.5일 (부여 15일 − 사용 7.5일, 기준일 2026-11-29)"


async def test_quarter_days_stay_exact(hr):
    seoyeon = caller_for_employee_id(hr, "E1002")
    outcome = await toolbox(hr).dispatch("get_leave_balance", {"year": 2025}, seoyeon)
    assert outcome.content.startswith("2025년 남은 연차: 6.75일 (부여 16일 − 사용 9.25일")


@pytest.mark.parametrize(
    ("tool_input", "reason"),
    [
        ({"year": "2026"}, "'year' must be an integer"),
        ({"year": 2026.0}, "'year' must be an integer"),
        ({"year": True}, "'year' must be an integer"),
        ({"year": None}, "'year' must be an integer"),
        ({}, "missing required field 'year'"),
        ({"year": 20226}, "year 20226 is out of range"),
        ({"year": 1026}, "year 1026 is out of range"),
        ({"year": 2028}, "year 2028 is out of range"),
        ({"year": 2026, "employee_id": "E1002"}, "unexpected input field(s): employee_id"),
        ({"employee_id": "E1002"}, "unexpected input field(s): employee_id"),
        ("2026", "input must be an object"),
        ({"year": 2023}, "no annual leave record for 2023"),
    ],
)
async def test_bad_input_is_an_error_result_with_a_reason(hr, minsu, tool_input, reason):
    outcome = await toolbox(hr).dispatch("get_leave_balance", tool_input, minsu)
    assert outcome.is_error
    assert reason in outcome.content
    assert "Traceback" not in outcome.content


async def test_injected_employee_id_never_reads_another_employee(hr, minsu):
    others = [e for e in hr.employees if e.employee_id != "E1001"]
    for other in others:
        outcome = await toolbox(hr).dispatch(
            "get_leave_balance", {"year": 2026, "employee_id": other.employee_id}, minsu
        )
        assert outcome.is_error
        assert "부여" not in outcome.content  # no balance of anyone's
        assert other.name not in outcome.content


async def test_unknown_tool_name(hr, minsu):
    outcome = await toolbox(hr).dispatch("get_salary", {"year": 2026}, minsu)
    assert outcome.is_error and "unknown tool 'get_salary'" in outcome.content


async def test_store_unavailable(minsu):
    outcome = await toolbox(FailingStore()).dispatch("get_leave_balance", {"year": 2026}, minsu)
    assert outcome.is_error and outcome.content == "the HR system is unavailable right now; try again later"


class ExplodingStore:
    async def get_balance(self, employee_id: str, year: int) -> Balance:
        raise RuntimeError("password=hunter2 at db01.internal")


async def test_unexpected_failure_does_not_leak_details(minsu):
    outcome = await toolbox(ExplodingStore()).dispatch("get_leave_balance", {"year": 2026}, minsu)
    assert outcome.is_error
    assert outcome.content == "internal error while running the tool"


async def test_the_store_is_asked_only_for_the_callers_id(hr, minsu):
    asked: list[tuple[str, int]] = []

    class RecordingStore:
        async def get_balance(self, employee_id: str, year: int) -> Balance:
            asked.append((employee_id, year))
            return await hr.get_balance(employee_id, year)

    box = toolbox(RecordingStore())
    for tool_input in ({"year": 2026}, {"year": 2025}, {"year": 2026, "employee_id": "E1002"}):
        await box.dispatch("get_leave_balance", tool_input, minsu)
    assert asked == [("E1001", 2026), ("E1001", 2025)]


def test_unknown_employee_in_the_store_is_explained(hr):
    from bot.hr.directory import Caller

    ghost = Caller("E9999", "Ghost")
    outcome = __import__("asyncio").run(toolbox(hr).dispatch("get_leave_balance", {"year": 2026}, ghost))
    assert outcome.is_error and outcome.content == "the asking user has no leave record in the HR data"


def test_bundled_fixture_shape(hr: JsonHrData):
    assert len(hr.employees) == 5
    assert all(len(e.annual_leave) >= 2 for e in hr.employees)
    assert any(used % 1 for e in hr.employees for _, used in e.annual_leave.values())
