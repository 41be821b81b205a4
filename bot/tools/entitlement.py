"""`get_leave_entitlement`: the Act's annual leave for the person asking, from their hire date.

No input at all: whose leave is computed comes from `ctx.caller`, the company's settings from
`ctx.rules`, the hire date (and, when HR keeps them, the end date, weekly hours and years under 80 %)
from the HR store. The result says the years of service, the basis, each grant that can be used now with
the last day it can be (the next day it lapses), and the next grant with why; its figures are an
`Entitlement` (`bot/policy/standing.py`) for the grounding check, and the model reads them as JSON data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from anthropic.types import ToolParam

from bot.domain.people import Employee
from bot.policy.grants import Employment, EntitlementInputError, employment_from
from bot.policy.standing import standing_of
from bot.tools.hr_reads import holding_of, reading_hr
from bot.tools.registry import LEAVE_ENTITLEMENT, ToolContext, ToolError, ToolOutput

NAME = LEAVE_ENTITLEMENT

DECLARATION: ToolParam = {
    "name": NAME,
    "description": (
        "Compute the asking employee's annual leave under the Labour Standards Act (근로기준법 §60) from "
        "their hire date: years of service, the leave that has arisen and can be used now with the last "
        "day each grant can be used (the next day it lapses, 소멸), and the next grant (its date, its days "
        "and why that many). Use it for questions about when leave arises or expires and why it is that "
        "many days: '내년 연차 며칠 생겨?', '연차 언제 소멸돼?', '입사 1년 안 됐는데 연차 있어?', "
        "'왜 16일이야?', 'when do I get my next leave?', 'when do my days expire?'. "
        "직원 본인의 법정 연차(근속연수, 발생일, 소멸일, 다음 발생)를 계산한다. "
        "For days left or used in a year, use get_leave_balance instead. "
        "The employee is always the person asking; it takes no input."
    ),
    "input_schema": {
        "type": "object",
        "properties": {},
        "required": [],
        "additionalProperties": False,
    },
    "strict": True,
}


def employment_of(employee: Employee) -> Employment:
    """The employment the calculator needs (`employment_from`); without a hire date, a ToolError."""
    employment = employment_from(employee)
    if employment is None:
        raise ToolError(
            "the HR data has no hire date for the asking user, so the statutory leave cannot be computed; "
            "ask HR to add it",
            "no_record",
        )
    return employment


class LeaveEntitlementTool:
    name = NAME
    declaration = DECLARATION
    uses_policy = True  # the Toolbox reads the company's leave policy for it, as it is at that moment

    async def execute(self, ctx: ToolContext, tool_input: Mapping[str, Any]) -> ToolOutput:
        with reading_hr(None):
            inputs = await ctx.leave.ledger_inputs(ctx.caller.employee_id)
        employment = employment_of(inputs.employee)
        held = holding_of(inputs, ctx.rules, ctx.today)
        try:
            ent = standing_of(held, employment, ctx.rules)
        except EntitlementInputError as exc:
            raise ToolError(f"the HR data cannot give the statutory leave: {exc}", "no_record") from None
        return ToolOutput((ent,))
