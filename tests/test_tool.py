"""`get_leave_balance`: declaration, validation in code, and whose data it can ever read."""

from __future__ import annotations

import json
from decimal import Decimal as D
from typing import Any

import pytest

from bot.cli.demo import UnavailableStore
from bot.db.hr import SqlHrStore
from bot.domain.leave import Balance, LeaveTaken
from bot.domain.outcomes import FailureFacts
from bot.domain.people import Caller, Employee
from bot.hr.directory import caller_for_employee_id
from bot.ports.hr import LedgerInputs
from bot.tools import leave_balance
from bot.tools.result_data import figure_in
from bot.tools.toolbox import Toolbox
from tests.support.assistant import make_toolbox
from tests.support.ports import BUNDLED_EMPLOYEE_IDS, ExplodingStore, stored_balance


def toolbox(store) -> Toolbox:
    return make_toolbox(store)


def test_declaration_matches_the_note_and_has_no_employee_field():
    d: dict[str, Any] = dict(leave_balance.DECLARATION)
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
    # The default `grants=imported`: HR's calendar-year rows. The model reads the figures as JSON data
    # (decimals as exact strings); a person reads the same figures as the tool's line.
    assert json.loads(outcome.text) == {
        "year": 2026,
        "remaining": "7.5",
        "granted": "15",
        "used": "7.5",
        "lapsed": "0",
        "expiring": [],
        "as_of": "2026-11-29",
    }
    assert outcome.shown == "2026년 남은 연차: 7.5일 (부여 15일 − 사용 7.5일, 기준일 2026-11-29)"
    assert outcome.figures == (Balance(2026, D(15), D("7.5")),)
    assert figure_in(outcome.text) == outcome.figures[0]  # the wire reads back to the same figures


async def test_quarter_days_stay_exact(hr):
    seoyeon = await caller_for_employee_id(hr, "E1002")
    outcome = await toolbox(hr).dispatch("get_leave_balance", {"year": 2025}, seoyeon)
    said = json.loads(outcome.text)
    assert (said["remaining"], said["granted"], said["used"], said["lapsed"]) == ("0", "16", "9.25", "6.75")
    assert outcome.shown.startswith("2025년 남은 연차: 0일 (부여 16일 − 사용 9.25일 − 소멸 6.75일")


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
    said = json.loads(outcome.text)
    assert reason in said["error"] and said["kind"] == outcome.outcome
    assert "Traceback" not in outcome.text


async def test_injected_employee_id_never_reads_another_employee(hr, minsu):
    others = [e for e in BUNDLED_EMPLOYEE_IDS if e != "E1001"]
    for other in others:
        for tool in ("get_leave_balance", "list_leave_taken"):
            outcome = await toolbox(hr).dispatch(tool, {"year": 2026, "employee_id": other}, minsu)
            assert outcome.is_error and outcome.outcome == "injected_field"
            assert "부여" not in outcome.text and "기록" not in outcome.text  # nobody's data


async def test_unknown_tool_name(hr, minsu):
    outcome = await toolbox(hr).dispatch("get_salary", {"year": 2026}, minsu)
    assert outcome.is_error and "unknown tool 'get_salary'" in outcome.text


async def test_store_unavailable(minsu):
    outcome = await toolbox(UnavailableStore()).dispatch("get_leave_balance", {"year": 2026}, minsu)
    assert outcome.is_error and json.loads(outcome.text) == {
        "error": "the HR system is unavailable right now; try again later",
        "kind": "store_unavailable",
        "year": 2026,
    }


async def test_unexpected_failure_does_not_leak_details(minsu):
    outcome = await toolbox(ExplodingStore()).dispatch("get_leave_balance", {"year": 2026}, minsu)
    assert outcome.is_error
    assert json.loads(outcome.text) == {"error": "internal error while running the tool", "kind": "internal"}


async def test_the_store_is_asked_only_for_the_callers_id(hr, minsu):
    asked: list[tuple[str, int]] = []

    class RecordingStore:
        async def leave_taken(self, employee_id: str, year: int) -> LeaveTaken:
            asked.append((employee_id, year))
            return await hr.leave_taken(employee_id, year)

        async def employee(self, employee_id: str) -> Employee:
            asked.append((employee_id, 0))
            return await hr.employee(employee_id)

        async def ledger_inputs(self, employee_id: str) -> LedgerInputs:
            asked.append((employee_id, 0))
            return await hr.ledger_inputs(employee_id)

    box = toolbox(RecordingStore())
    for tool in ("get_leave_balance", "list_leave_taken"):
        for tool_input in ({"year": 2026}, {"year": 2025}, {"year": 2026, "employee_id": "E1002"}):
            await box.dispatch(tool, tool_input, minsu)
    # The balance reads the caller's whole ledger (year 0 here), the records tool the year asked; the
    # smuggled E1002 never reaches the store.
    assert asked == [("E1001", 0), ("E1001", 0), ("E1001", 2026), ("E1001", 2025)]


async def test_unknown_employee_in_the_store_is_explained(hr):
    ghost = Caller("E9999", "Ghost")  # forged here only: reaches the store's own check
    outcome = await toolbox(hr).dispatch("get_leave_balance", {"year": 2026}, ghost)
    assert outcome.is_error and json.loads(outcome.text) == {
        "error": "the asking user has no leave record in the HR data",
        "kind": "unknown_employee",
        "year": 2026,
    }


async def test_bundled_fixture_shape(hr: SqlHrStore):
    balances = [await stored_balance(hr, e, year) for e in BUNDLED_EMPLOYEE_IDS for year in (2025, 2026)]
    assert any(b.used % 1 for b in balances)  # halves and quarters, to keep Decimal honest


@pytest.mark.parametrize(
    ("year", "kind", "facts"),
    [
        (2024, "no_record", FailureFacts(2024, existing=(2025, 2026))),
        (2010, "out_of_range", FailureFacts(2010, range=(2016, 2027))),
    ],
)
async def test_a_failure_carries_its_facts_as_values(hr, minsu, year, kind, facts):
    # The phrasebook says which years exist / may be asked from these, never from the English text.
    outcome = await toolbox(hr).dispatch("get_leave_balance", {"year": year}, minsu)
    assert (outcome.outcome, outcome.facts) == (kind, facts)
