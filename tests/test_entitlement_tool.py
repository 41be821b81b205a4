"""`get_leave_entitlement`: the Act's leave for the person asking, through the real toolbox (audited, no
input, an injected employee field refused); the declared check on answers about it; the offline model
answering the four questions through the real loop."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from bot.db.hr import SqlHrStore
from bot.domain.people import Employee
from bot.grounding.facts import Evidence
from bot.llm.choice.check import write_checked
from bot.policy.grants import Employment, LeaveRules
from bot.policy.standing import Entitlement, standing
from bot.ports.hr import LedgerInputs
from bot.tools import entitlement
from bot.tools.result_data import data_of, figure_in, wire_text
from tests.support.assistant import make_toolbox
from tests.support.offline_chat import ask, offline_assistant
from tests.support.ports import MemoryAuditLog

TODAY = date(2026, 11, 29)


def test_declaration_is_strict_and_takes_nothing():
    d: dict[str, Any] = dict(entitlement.DECLARATION)
    assert d["name"] == "get_leave_entitlement" and d["strict"] is True
    assert d["input_schema"] == {
        "type": "object",
        "properties": {},
        "required": [],
        "additionalProperties": False,
    }
    assert "employee" not in str(d["input_schema"])


async def test_the_callers_entitlement_through_the_toolbox_is_audited(hr, minsu):
    audit = MemoryAuditLog()
    outcome = await make_toolbox(hr, audit).dispatch("get_leave_entitlement", {}, minsu)
    assert not outcome.is_error
    [ent] = outcome.figures
    assert isinstance(ent, Entitlement)
    assert (ent.hire_date, ent.service_years, ent.basis) == (date(2024, 3, 4), 2, "hire_date")
    # `grants=imported` (the default): what the person has is HR's 2026 row, usable to December 31, and
    # what is left of it (the balance's 7.5); the Act's next grant is said as the Act's, not HR's.
    assert [(g.arises_on, g.days, g.expires_on) for g in ent.current] == [
        (date(2026, 1, 1), Decimal(15), date(2026, 12, 31))
    ]
    assert ent.unused == ((date(2026, 12, 31), Decimal("7.5")),)
    assert (ent.next_on, ent.next_days, ent.upcoming[0].kind) == (date(2027, 3, 4), Decimal(16), "annual")
    assert ent.act_only
    said = json.loads(outcome.text)  # what the model reads: the figures as data
    assert (said["as_of"], said["hire_date"], said["basis"], said["service_years"]) == (
        "2026-11-29",
        "2024-03-04",
        "hire_date",
        2,
    )
    [upcoming] = said["upcoming"]
    assert (upcoming["arises_on"], upcoming["days"], upcoming["usable_until"]) == (
        "2027-03-04",
        "16",
        "2028-03-03",
    )
    assert "15 + (3 − 1) // 2 = 16 (§60①④)" in upcoming["why"]  # why, from the calculator
    assert said["unused"] == [{"until": "2026-12-31", "days": "7.5"}] and said["usable_now"] == "7.5"
    assert "act_only" in said  # the next grant is the Act's, not HR's
    assert figure_in(outcome.text) == ent  # the wire reads back to the same figures
    assert outcome.shown.splitlines()[0] == "근속 2년 (입사일 2024-03-04, 입사일 기준), 기준일 2026-11-29"
    assert "under the Act the next grant is 16 day(s) on 2027-03-04." in outcome.shown
    [record] = audit.records
    assert (record.tool, record.employee_id, record.outcome, record.detail) == (
        "get_leave_entitlement",
        "E1001",
        "ok",
        {},
    )


@pytest.mark.parametrize(
    "tool_input", [{"employee_id": "E1002"}, {"year": 2026}, {"hire_date": "2010-01-01"}]
)
async def test_an_injected_field_is_refused_and_audited(hr, minsu, tool_input):
    audit = MemoryAuditLog()
    outcome = await make_toolbox(hr, audit).dispatch("get_leave_entitlement", tool_input, minsu)
    assert outcome.is_error and outcome.outcome == "injected_field"
    assert "this tool takes no input fields" in json.loads(outcome.text)["error"]
    assert "근속" not in outcome.text and "service_years" not in outcome.text  # no one's data
    assert [(r.outcome, r.detail) for r in audit.records] == [("injected_field", {})]


class _HiredOn:
    """The HR store with the caller's hire date replaced (None: not in the HR data)."""

    def __init__(self, inner: SqlHrStore, hire: date | None) -> None:
        self._inner, self._hire = inner, hire
        self.leave_taken = inner.leave_taken

    async def employee(self, employee_id: str) -> Employee:
        return replace(await self._inner.employee(employee_id), hire_date=self._hire)

    async def ledger_inputs(self, employee_id: str) -> LedgerInputs:
        inputs = await self._inner.ledger_inputs(employee_id)
        return replace(inputs, employee=replace(inputs.employee, hire_date=self._hire))


async def test_no_hire_date_is_a_reason_not_a_guess(hr, minsu):
    outcome = await make_toolbox(_HiredOn(hr, None)).dispatch("get_leave_entitlement", {}, minsu)
    assert outcome.is_error and outcome.outcome == "no_record"
    assert "no hire date" in json.loads(outcome.text)["error"]


def test_the_first_year_and_the_rules_passed_in():
    first = standing(Employment(date(2026, 5, 11)), LeaveRules(), TODAY)
    assert first.service_years == 0 and first.current_days == 6
    assert (first.next_on, first.next_days, first.nearest_expiry) == (
        date(2026, 12, 11),
        1,
        date(2027, 5, 10),
    )
    fiscal = standing(Employment(date(2024, 3, 4)), LeaveRules(basis="fiscal_year"), TODAY)
    assert fiscal.basis == "fiscal_year" and fiscal.next_on == date(2027, 1, 1)
    leaving = standing(Employment(date(2024, 3, 4), end_date=date(2027, 3, 3)), LeaveRules(), TODAY)
    assert leaving.upcoming == ()  # the 366th day: leaving before the anniversary gives no new grant
    none = standing(Employment(date(2024, 3, 4)), LeaveRules(under_five_employees=True), TODAY)
    assert none.none_because is not None and figure_in(wire_text(data_of(none))) == none


# ----- statements about it ------------------------------------------------------------------------------------

MINSU = standing(Employment(date(2024, 3, 4)), LeaveRules(), TODAY)


def _check(*statements: str, ent: Entitlement | None = MINSU):
    return write_checked(
        statements, Evidence(question="내년 연차 며칠 생겨?", today=TODAY, entitlement=ent), True
    )


def test_the_next_grant_is_written_from_the_lookup():
    result = _check("next_grant()")
    assert result.holds, result.problems
    assert result.text == "다음 연차 16일은 2027년 3월 4일(목)에 생겨요. 근속 3년을 채우는 날이에요."


def test_service_and_why_are_written_from_the_lookup():
    asked = Evidence(question="나 근속 몇 년이지? 내년 16일은 왜 16일이야?", today=TODAY, entitlement=MINSU)
    result = write_checked(
        ["service_years()", "why_grant(q(16))"], asked, True
    )  # the next grant, by its size
    assert result.holds, result.problems
    assert result.text == (
        "입사한 지 만 2년이에요. 2027년 3월 4일(목)에 생기는 16일은 근속 3년을 채워서예요. "
        "근로기준법은 기본 15일에, 근속 2년마다 1일씩 더해 줘요 (최대 25일)."
    )
    # asked by no size: the grant the person has now, not the next one
    now = _check("why_grant()")
    assert now.text.startswith("3월 4일(수)에 생기는 15일은 근속 2년을 채워서예요."), now.text


def test_without_the_lookup_nothing_statutory_holds():
    result = _check("next_grant()", ent=None)
    assert not result.holds and "no get_leave_entitlement lookup succeeded" in result.problems[0].reason


# ----- the offline model through the real loop --------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # `grants=imported`: HR holds no 2027 grant yet, so the Act's next one is said as the Act's; what
        # lapses is what is left of HR's row (the balance's 7.5), on its December 31.
        (
            "내년 연차 며칠 생겨?",
            "법에 따르면 다음 연차 16일은 2027년 3월 4일(목)에 생겨요. 근속 3년을 채우는 날이에요.",
        ),
        (
            "when do I get my next leave?",
            "Under the Act, your next leave, 16 days, arises on Thursday, March 4, 2027",
        ),
        (
            "how many days will I have next year?",
            "Under the Act, your next leave, 16 days, arises on Thursday, March 4, 2027",
        ),
        ("연차 언제 소멸돼?", "지금 남은 연차 7.5일은 12월 31일(목)이 지나면 소멸돼요."),
        ("when do my days expire?", "Your 7.5 unused days lapse after Thursday, December 31."),
        ("입사 1년 안 됐는데 연차 있어?", "입사한 지 만 2년이에요"),
        ("왜 16일이야?", "2027년 3월 4일(목)에 생기는 16일은 근속 3년을 채워서예요."),
        ("why 16 days?", "plus 1 day more for every 2 years of service after the first (at most 25 days)"),
    ],
)
async def test_the_offline_model_answers_by_calling_the_tool(hr, minsu, question, said):
    turn = await ask(offline_assistant(hr), minsu, question)
    assert [(c.name, c.input) for c in turn.trace.tool_calls] == [("get_leave_entitlement", {})]
    assert said in turn.answer
    assert any(getattr(step, "text", "") == "grounding: ok" for step in turn.trace.steps)


async def test_a_first_year_employee_hears_the_monthly_days(hr, minsu):
    turn = await ask(
        offline_assistant(_HiredOn(hr, date(2026, 5, 11))), minsu, "입사 1년 안 됐는데 연차 있어?"
    )
    # HR's imported 2026 row is what the person has; the Act's next monthly day is said as the Act's.
    assert turn.answer == (
        "근로기준법 §60②: 입사 첫해에는 한 달 개근할 때마다 1일씩, 최대 11일이 생겨요. "
        "지금 생겨서 쓸 수 있는 법정 연차는 15일이에요. "
        "법에 따르면 다음 연차 1일은 12월 11일(금)에 생겨요. 입사 첫해에는 매달 개근하면 연차가 생겨요."
    )
    assert any(getattr(step, "text", "") == "grounding: ok" for step in turn.trace.steps)
